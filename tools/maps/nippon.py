"""Nippon: the geography and design of data/maps/rotw/nippon.toml, our own map for 2-5 players
(tools/make_rotw_map.py, GEOGRAPHY "data"): Japan from Kyūshū to Hokkaidō (railways-of-the-world.txt,
"RAILWAYS of NIPPON").

Geography from data (tools/geodata.py, tools/rotw_geo.py); Korea is off the board (``SEAS``). No
published board was used. Players and markers are the rulebook's ("Ending the Game" of Nippon); its
cube reduction row is blank: ours, reduce with 2 players only.
"""
ID = "nippon"
NAME = "Nippon"
SUMMARY = "Kyushu to Hokkaido: mountains between crowded coasts"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
HEADER = ["Geography and design: tools/maps/nippon.py; figures explained in docs/rules-assumptions.md."]
GEOGRAPHY = "data"

LON0, LAT0 = 129.6, 44.2
COLS, ROWS = 31, 37
SIZE_KM = 27.0
REF_LAT = 37.0

EMPTY_CITY_MARKERS = {2: 10, 3: 12, 4: 14, 5: 16}
MARKERS_NOTE = 'the rulebook\'s, "RAILWAYS of NIPPON", "Ending the Game"'
CUBE_REDUCTION = [2]
CUBE_REDUCTION_NOTE = ['"Cube Reduction Chart": Nippon\'s row is blank. Ours: reduce with 2 players only.']
HIGH_BLUE, MOUNTAIN_SCORE, RIDGE_SCORE = 140, 0.75, 1.2

GAZETTEER = {"least": 60000, "count": 48, "majors": 8, "countries": ("JP",), "rename": {"Tottori-shi": "Tottori"},
             "drop": ("Kawasaki", "Saitama", "Sagamihara", "Funabashi", "Kawaguchi", "Hachiōji", "Matsudo",
                      "Ichikawa", "Kashiwa", "Machida", "Fujisawa", "Toyonaka", "Suita", "Takatsuki", "Hirakata",
                      "Higashiōsaka", "Amagasaki", "Nishinomiya", "Sakai", "Yao", "Neyagawa", "Tokorozawa",
                      "Koshigaya", "Kawagoe", "Yokosuka", "Chigasaki", "Hiratsuka", "Atsugi", "Yamato",
                      "Shinagawa", "Minato")}
SEAS = [[(39.0, 124.0), (39.0, 129.9), (33.6, 129.2), (33.6, 124.0)],          # Korea
        [(48.0, 124.0), (48.0, 139.5), (39.0, 133.0), (39.0, 124.0)]]         # the Asian mainland
SERVICE_BOUNTIES = []
LAKES = [(35.25, 136.08, 25)]
# The Tsugaru Strait is narrower than a hex here: three hexes of land join Honshu and Hokkaido (ours).
LAND = [(41.55, 140.6), (41.3, 140.5), (41.05, 140.6)]                                                      # Biwa
