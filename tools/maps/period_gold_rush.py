"""California Gold Rush: the geography and design of data/maps/rotw/periods/gold-rush.toml, our own period
board for Railways Through Time (tools/make_rotw_map.py, GEOGRAPHY "data"): San Francisco Bay, the
Central Valley and the Mother Lode in the Sierra Nevada foothills, 1848-1855.

Cities are the towns of the Gold Rush at their real latitude/longitude; terrain from data; the
Sacramento and San Joaquin by hand. No published board was used. Design (ours): cities, colours,
cubes, time warps and time lines.
"""
ID = "gold-rush"
NAME = "California Gold Rush"
SUMMARY = "San Francisco to the Mother Lode: the diggings of '49"
HEADER = ["Geography and design: tools/maps/period_gold_rush.py; figures explained in docs/rules-assumptions.md."]

LON0, LAT0 = -123.08, 39.3
SIZE_KM = 23.0
REF_LAT = 38.2

# name, lat, lon, colour, cubes
CITIES = [
    ("San Francisco", 37.78, -122.42, "red", 3), ("Sacramento", 38.58, -121.49, "yellow", 2),
    ("Stockton", 37.96, -121.29, "blue", 2), ("Marysville", 39.15, -121.59, "black", 2),
    ("Sonora", 37.98, -120.38, "purple", 2), ("Coloma", 38.80, -120.89, "gray", 1),
    ("San Jose", 37.34, -121.89, "gray", 1), ("Nevada City", 39.26, -121.02, "gray", 1),
]
RIVER_KM = 12.0
RIVERS = [
    [(39.6, -121.95), (39.15, -121.65), (38.58, -121.51), (38.25, -121.55), (38.06, -121.8)],   # Sacramento
    [(37.0, -120.6), (37.5, -121.0), (37.96, -121.32), (38.06, -121.8)],                        # San Joaquin
]

# The time warps (hexes) and the time lines (pairs of cities) of Railways Through Time.
PERIOD = {"years": "1848-1855", "start": 1848, "time_warps": ["A2", "I4"],
          "time_lines": [["San Francisco", "Coloma"], ["Marysville", "Sonora"]]}
