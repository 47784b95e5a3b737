"""Great Britain: the geography and design of data/maps/rotw/great-britain.toml, our own map for 2-5
players (tools/make_rotw_map.py, GEOGRAPHY "data"): Great Britain from Cornwall to Caithness.

Geography from data (tools/geodata.py): coast from the land mask, mountains and ridges from the
relief image, cities from the gazetteer by tools/rotw_geo.py's rule; the Humber drawn by hand as a
wall (railways-of-the-world.txt, "RAILWAYS of GREAT BRITAIN", Map Note: no track may cross it), and
the Thames and Severn by hand. No published board was used.
Design (ours): the rule's settings, the bounties. Player counts, markers and "don't reduce" are the
rulebook's ("Ending the Game" of Great Britain; "Cube Reduction Chart").
"""
ID = "great-britain"
NAME = "Great Britain"
SUMMARY = "Cornwall to Caithness: coal, mills and ports; the Humber blocks the way"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
HEADER = ["Geography and design: tools/maps/great_britain.py; figures explained in docs/rules-assumptions.md."]
GEOGRAPHY = "data"

LON0, LAT0 = -6.2, 58.75
COLS, ROWS = 21, 40
SIZE_KM = 16.5
REF_LAT = 54.0

EMPTY_CITY_MARKERS = {2: 10, 3: 12, 4: 14, 5: 16}
MARKERS_NOTE = 'the rulebook\'s, "RAILWAYS of GREAT BRITAIN", "Ending the Game"'
CUBE_REDUCTION = []
CUBE_REDUCTION_NOTE = ['"Cube Reduction Chart": Great Britain, don\'t reduce.']

GAZETTEER = {"least": 20000, "count": 46, "majors": 7, "countries": ("GB",),
             "rename": {"Kingston upon Hull": "Hull", "Newcastle upon Tyne": "Newcastle", "Stoke-on-Trent": "Stoke",
                        "Southend-on-Sea": "Southend"},
             "drop": ("Milton Keynes", "Basildon", "Crawley", "Telford", "Stevenage", "Harlow", "Bracknell",
                      "Washington", "Redditch", "Livingston", "Cumbernauld", "East Kilbride", "Hemel Hempstead",
                      "Sutton Coldfield", "Solihull", "Woking", "Slough", "Southend-on-Sea", "Birkenhead",
                      "Letchworth Garden City", "Braintree", "Saint Peters"),
             "extra": (("Carlisle", 54.89, -2.93, 75000), ("Inverness", 57.48, -4.22, 47000),
                       ("Holyhead", 53.31, -4.63, 12000), ("Penzance", 50.12, -5.54, 21000))}
RIVERS = [
    [(51.70, -2.60), (51.87, -2.25), (52.19, -2.22), (52.71, -2.75)],                 # Severn
    [(51.50, 0.30), (51.50, -0.10), (51.45, -0.95), (51.75, -1.26)],                  # Thames
]
RIVER_KM = 12.0
WALLS = [[(53.72, -0.95), (53.72, -0.45), (53.62, -0.15), (53.58, 0.12)]]              # the Humber
SERVICE_BOUNTIES = []
SEAS = [[(55.5, -8.5), (55.5, -5.45), (54.0, -5.35), (54.0, -8.5)],                # Northern Ireland,
        [(54.0, -8.5), (54.0, -5.8), (51.0, -5.8), (51.0, -8.5)],                   # Ireland,
        [(54.45, -4.9), (54.45, -4.2), (54.0, -4.2), (54.0, -4.9)],                 # the Isle of Man
        [(51.15, 1.45), (51.15, 3.0), (49.5, 3.0), (49.5, 1.45)]]                   # and France: off the board
HIGH_BLUE, MOUNTAIN_SCORE, RIDGE_SCORE = 165, 0.55, 1.0      # lower hills than the Alps: cream tints count
