"""Han China: the geography and design of data/maps/rotw/periods/han.toml, our own period board for
Railways Through Time (tools/make_rotw_map.py, GEOGRAPHY "data"): the Wei valley and the middle Yellow
River under the Western Han, from the capital Chang'an to Luoyang, where the Silk Road begins.

Cities are Han seats at their real latitude/longitude (Chang'an and Luoyang at the Han city sites);
terrain from data (the Qinling, the Loess Plateau); the Yellow, Wei, Fen and Han rivers by hand. No
published board was used. Design (ours): cities, colours, cubes, time warps and time lines.
"""
ID = "han"
NAME = "Han China"
SUMMARY = "Chang'an to Luoyang: the Wei valley where the Silk Road begins"
HEADER = ["Geography and design: tools/maps/period_han.py; figures explained in docs/rules-assumptions.md."]

LON0, LAT0 = 105.6, 36.9
SIZE_KM = 45.0
REF_LAT = 34.8
# The Loess Plateau scores 0.7-0.9: hills, open here; the Qinling and Taihang score over 1.
MOUNTAIN_SCORE, RIDGE_SCORE = 1.0, 1.3

# name, lat, lon, colour, cubes
CITIES = [
    ("Chang'an", 34.35, 108.88, "yellow", 3), ("Luoyang", 34.72, 112.62, "purple", 2),
    ("Hanzhong", 33.07, 107.03, "black", 2), ("Anyi", 35.07, 111.27, "blue", 2),
    ("Wancheng", 33.00, 112.53, "red", 2), ("Pingyang", 36.08, 111.52, "gray", 1),
    ("Chencang", 34.36, 107.14, "gray", 1), ("Gaonu", 36.60, 109.49, "gray", 1),
]
RIVER_KM = 20.0
RIVERS = [
    [(36.9, 110.45), (35.6, 110.6), (34.6, 110.3), (34.8, 111.5), (34.9, 112.9), (34.9, 114.0)],   # Yellow River
    [(34.5, 105.9), (34.36, 107.14), (34.4, 108.9), (34.6, 110.25)],                                # Wei
    [(36.9, 111.9), (36.08, 111.52), (35.6, 110.6)],                                                # Fen
    [(33.1, 106.2), (33.07, 107.03), (32.7, 108.9), (32.6, 110.5)],                                  # Han
]

# The time warps (hexes) and the time lines (pairs of cities) of Railways Through Time.
PERIOD = {"years": "206 BC-AD 9", "start": -206, "time_warps": ["A4", "J3"],
          "time_lines": [["Chang'an", "Luoyang"], ["Hanzhong", "Pingyang"]]}
