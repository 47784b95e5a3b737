"""Eastern U.S.: the geography and design of data/maps/rotw/eastern-us.toml, our own map for 2-6
players (tools/make_rotw_map.py, GEOGRAPHY "data"): from the plains of Kansas and Nebraska to Maine
and from the Great Lakes to the Gulf coast, with the Build Western Link action at Kansas City and
Des Moines (railways-of-the-world.txt, "Build Western Link"); Chicago, the Western Link's market, is red by
hand (its red cubes from the West, docs/rules-assumptions.md, "Chicago is red").

Geography from data (tools/geodata.py, tools/rotw_geo.py); the Mississippi, Ohio and Hudson drawn by
hand. No published board was used. Player counts, markers and the cube reduction are the rulebook's
(the base game's "Ending the Game"; "Cube Reduction Chart": reduce with 2 and 3 players).
"""
import rotw_geo

ID = "eastern-us"
NAME = "Eastern U.S."
SUMMARY = "The base game's country: Chicago to New York, with the Western Link"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
HEADER = ["Geography and design: tools/maps/eastern_us.py; figures explained in docs/rules-assumptions.md."]
GEOGRAPHY = "data"

LON0, LAT0 = -97.6, 46.6
COLS, ROWS = 32, 27
SIZE_KM = 49.0
REF_LAT = 38.0

EMPTY_CITY_MARKERS = {2: 10, 3: 12, 4: 14, 5: 16, 6: 18}
MARKERS_NOTE = "the rulebook's, Eastern U.S. \"Ending the Game\""
CUBE_REDUCTION = [2, 3]
CUBE_REDUCTION_NOTE = ['"Cube Reduction Chart": Eastern U.S., reduce with 2 and 3 players.']
HIGH_BLUE, MOUNTAIN_SCORE, RIDGE_SCORE = 150, 0.55, 1.0       # the Appalachians are old and low

GAZETTEER = {"least": 60000, "count": 58, "majors": 9, "countries": ("US", "CA"),
             "rename": {"New York City": "New York", "Greater Sudbury": "Sudbury", "New South Memphis": "Memphis"},
             "drop": ("Brooklyn", "Queens", "Manhattan", "The Bronx", "Staten Island", "Hialeah", "Arlington",
                      "Virginia Beach", "Chesapeake", "Cape Coral", "Port St. Lucie", "Palm Bay", "Sterling Heights",
                      "Mississauga", "Brampton", "Markham", "Vaughan", "Laval", "Longueuil", "Gatineau",
                      "Overland Park", "Olathe", "Naperville", "Joliet", "Aurora", "Elgin", "Warren", "Mesquite",
                      "Grand Prairie", "Garland", "Plano", "Irving", "McKinney", "Frisco", "Denton", "Killeen",
                      "Metairie", "Meads", "Murfreesboro", "Clarksville", "Paterson", "Jersey City", "Newark",
                      "Yonkers"),
             "extra": (("Cairo", 37.01, -89.18, 90000),), "colours": {"Chicago": "red"}}
RIVERS = [
    [(44.95, -93.1), (43.0, -91.2), (41.5, -90.6), (39.9, -91.4), (38.6, -90.2), (37.0, -89.2),
     (35.1, -90.1), (32.3, -90.9), (31.0, -91.6), (29.95, -90.07)],                      # Mississippi
    [(40.44, -80.0), (39.1, -84.5), (38.25, -85.76), (37.0, -89.2)],                  # Ohio
    [(42.65, -73.75), (41.7, -73.95), (40.75, -74.0)],                                # Hudson
]
RIVER_KM = 30.0
SEAS = rotw_geo.GREAT_LAKES
WESTERN_LINK = {"market": "Chicago", "cities": ["Kansas City", "Des Moines"]}
SERVICE_BOUNTIES = []
