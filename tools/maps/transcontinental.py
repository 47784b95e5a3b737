"""Transcontinental: the Eastern and Western U.S. boards side by side as one map of the Continental
United States (railways-of-the-world.txt, "Transcontinental Rules"), data/maps/rotw/transcontinental.toml,
for 3-6 players (tools/make_rotw_map.py, ``BOARDS``).

Our two boards were drawn on grids of their own that overlap on the plains, so this map is one grid
over the whole country: west of ``east_column`` the cities of tools/maps/western_us.py, east of it
those of tools/maps/eastern_us.py (each board's own rule, colours and cubes), each side's relief with
its own board's settings (rivers, lakes and relief). Dallas (the Eastern board's red 3-cube city) falls west of the line
and stands for the Western board's Allen, a suburb of it; the rulebook's Fort Worth Major Line ends
there. Added by hand: Elko and Dodge City, two of the
rulebook's four start cards (gray towns; the gazetteer rule leaves them out as too small today). No
Western Link. Markers are the rulebook's, "6 + 2 per player" (the Eastern U.S. table is the same);
every city starts with one cube fewer at every player count ("Placing Cubes").
"""
ID = "transcontinental"
NAME = "Transcontinental"
SUMMARY = "Both U.S. maps: the East first, then the West opens"
MIN_PLAYERS, MAX_PLAYERS = 3, 6
HEADER = ["Geography and design: tools/maps/transcontinental.py; the phases: engine/games/rotw/transcontinental.py."]
GEOGRAPHY = "data"

LON0, LAT0 = -124.4, 49.2
COLS, ROWS = 60, 32
SIZE_KM = 48.0                     # with this grid one gray town only falls beside a city
REF_LAT = 39.0

EMPTY_CITY_MARKERS = {3: 12, 4: 14, 5: 16, 6: 18}
MARKERS_NOTE = "the rulebook's \"6 + 2 per player\" (Transcontinental Rules, \"Ending the Game\"), in each phase"
CUBE_REDUCTION = [3, 4, 5, 6]
CUBE_REDUCTION_NOTE = ['Transcontinental Rules, "Placing Cubes": one cube fewer per city (at least 1) at every count.']

BOARDS = {"west": "western-us", "east": "eastern-us", "east_column": 29,
          "drop": ("Allen", "Rochester"),   # Rochester, a gray town, falls between Buffalo and Syracuse
          "add": (("Dallas", 32.78, -96.81, "red", 3),          # the Eastern board's, west of the line here
                  ("Elko", 40.83, -115.76, "gray", 1), ("Dodge City", 37.75, -100.02, "gray", 1))}
SERVICE_BOUNTIES = []
