"""Napoleonic Wars: the geography and design of data/maps/rotw/periods/napoleon.toml, our own period board
for Railways Through Time (tools/make_rotw_map.py, GEOGRAPHY "data"): the Danube valley of the 1805 and
1809 campaigns, from Ulm past Regensburg and Linz to Wien and the field of Austerlitz, the Alps south.

Cities are the towns of the campaigns at their real latitude/longitude; terrain from data; the Danube
and the Inn by hand. No published board was used. Design (ours): cities, colours, cubes, time warps
and time lines.
"""
ID = "napoleon"
NAME = "Napoleonic Wars"
SUMMARY = "Ulm to Austerlitz: the Grande Armee marches down the Danube"
HEADER = ["Geography and design: tools/maps/period_napoleon.py; figures explained in docs/rules-assumptions.md."]

LON0, LAT0 = 9.75, 49.75
SIZE_KM = 33.0
REF_LAT = 48.4

# name, lat, lon, colour, cubes
CITIES = [
    ("Wien", 48.21, 16.37, "red", 3), ("Ulm", 48.40, 9.99, "blue", 2),
    ("Regensburg", 49.01, 12.10, "yellow", 2), ("München", 48.14, 11.58, "purple", 2),
    ("Linz", 48.31, 14.29, "black", 2), ("Austerlitz", 49.15, 16.88, "gray", 1),
    ("Salzburg", 47.80, 13.04, "gray", 1), ("Innsbruck", 47.27, 11.39, "gray", 1),
]
RIVER_KM = 14.0
RIVERS = [
    [(48.40, 9.99), (48.72, 10.78), (48.76, 11.42), (49.01, 12.10), (48.88, 12.57), (48.57, 13.46),
     (48.31, 14.29), (48.17, 15.08), (48.41, 15.6), (48.21, 16.37), (48.14, 17.11)],          # Danube
    [(47.27, 11.39), (47.58, 12.17), (47.86, 12.12), (48.2, 12.8), (48.57, 13.46)],           # Inn
]

# The time warps (hexes) and the time lines (pairs of cities) of Railways Through Time.
PERIOD = {"years": "1805-1809", "start": 1805, "time_warps": ["G1", "E8"],
          "time_lines": [["Ulm", "Linz"], ["Regensburg", "Wien"]]}
