"""North America: the geography and design of data/maps/rotw/north-america.toml, our own map for 2-5
players (tools/make_rotw_map.py, GEOGRAPHY "data"): Canada from Vancouver Island to Newfoundland and
north to Baffin Island, with the Snow Line and ferry hexes (railways-of-the-world.txt, "RAILWAYS of
NORTH AMERICA": "Snow Line", "Ferry Line", "Map Clarifications").

Geography from data (tools/geodata.py, tools/rotw_geo.py); the United States is off the board
(``SEAS`` along the border), and
Hudson Bay is drawn by hand (the land mask fills it).
The Snow Line lies at 55° N, about halfway between the board's southern
cities and its northern edge, as the rulebook places it. Four ferry hexes (the rulebook's five Ferry Line cards
can cross them): Georgia Strait to Vancouver Island, Northumberland Strait to Prince Edward Island,
Hudson Strait to Iqaluit, and James Bay. Newfoundland is left off: on hexes this size the Cabot Strait
is three hexes of sea, more than a ferry crosses. No published board was used. Players and
markers are the rulebook's ("Ending the Game"); its cube reduction row is blank: ours, reduce with 2.
"""
import rotw_geo

ID = "north-america"
NAME = "North America"
SUMMARY = "Canada coast to coast: the Rockies, a Snow Line and ferries to the islands"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
HEADER = ["Geography and design: tools/maps/north_america.py; figures explained in docs/rules-assumptions.md."]
GEOGRAPHY = "data"

LON0, LAT0 = -131.0, 64.5
COLS, ROWS = 37, 20
SIZE_KM = 80.0
REF_LAT = 54.0

EMPTY_CITY_MARKERS = {2: 10, 3: 12, 4: 14, 5: 16}
MARKERS_NOTE = 'the rulebook\'s, "RAILWAYS of NORTH AMERICA", "Ending the Game"'
CUBE_REDUCTION = [2]
CUBE_REDUCTION_NOTE = ['"Cube Reduction Chart": North America\'s row is blank. Ours: reduce with 2 players only.']
MOUNTAIN_SCORE, RIDGE_SCORE = 0.8, 1.2

GAZETTEER = {"least": 5000, "count": 46, "majors": 7, "towns": 0.25, "countries": ("CA",), "spacing": 2,
             "rename": {"Greater Sudbury": "Sudbury"},
             "drop": ("Mississauga", "Brampton", "Markham", "Vaughan", "Richmond Hill", "Oakville", "Burlington",
                      "Laval", "Longueuil", "Gatineau", "Surrey", "Burnaby", "Richmond", "Coquitlam", "Terrebonne",
                      "Corner Brook", "Grand Falls-Windsor", "Gander"),
             "extra": (("Iqaluit", 63.75, -68.52, 20000), ("Churchill", 58.77, -94.17, 20000),
                       ("Naujaat", 66.52, -86.24, 15000), ("Yellowknife", 62.45, -114.37, 20000))}
SEAS = [*rotw_geo.GREAT_LAKES,
        [(49.0, -140.0), (49.0, -95.2), (48.3, -89.5), (46.6, -84.5), (45.9, -83.2), (43.0, -82.4),
         (41.7, -83.0), (42.0, -80.0), (43.3, -79.05), (43.6, -76.5), (45.0, -74.7), (45.0, -71.5),
         (47.4, -69.2), (47.1, -67.8), (45.6, -67.5), (44.6, -66.9), (38.0, -66.9), (38.0, -140.0)],   # the U.S.
        [(72.0, -60.0), (72.0, -40.0), (55.0, -40.0), (60.0, -60.0)],                                   # Greenland
        [(51.8, -59.4), (51.8, -50.0), (46.4, -50.0), (46.4, -59.4)],                                   # Newfoundland
        [(64.0, -95.0), (64.0, -78.0), (58.5, -76.5), (55.5, -77.3), (51.3, -79.5), (51.3, -81.0),
         (55.0, -82.5), (55.3, -85.5), (57.0, -92.5), (58.8, -94.5)]]                                   # Hudson Bay
SNOW_LAT = 55.0
FERRIES = [(49.35, -123.75), (46.2, -63.75), (62.2, -71.0), (52.3, -80.2)]
SERVICE_BOUNTIES = []
LAKES = [(52.6, -97.9, 90), (61.6, -114.5, 90), (50.3, -98.6, 50)]                  # Winnipeg, Great Slave, Manitoba
RIVERS = [[(45.5, -73.6), (46.8, -71.2), (47.8, -69.9)]]                             # St. Lawrence
RIVER_KM = 45.0
