"""Egypt of the Pharaohs: the geography and design of data/maps/rotw/periods/egypt.toml, our own period
board for Railways Through Time (tools/make_rotw_map.py, GEOGRAPHY "data"): the Nile Delta and the valley
up to the Faiyum under Ramesses II, with the way across northern Sinai to the turquoise mines.

Cities are places of the New Kingdom at their real latitude/longitude (the sites as archaeology places
them); terrain from data; the Nile and its Canopic and Pelusiac branches by hand. No published board
was used. Design (ours): cities, colours, cubes, time warps and time lines.
"""
ID = "egypt"
NAME = "Egypt of the Pharaohs"
SUMMARY = "Ramesses II's Nile: the Delta, Memphis and the road to Sinai"
HEADER = ["Geography and design: tools/maps/period_egypt.py; figures explained in docs/rules-assumptions.md."]

LON0, LAT0 = 29.51, 31.45
SIZE_KM = 31.0
REF_LAT = 30.0

# name, lat, lon, colour, cubes
CITIES = [
    ("Pi-Ramesses", 30.80, 31.83, "red", 3), ("Memphis", 29.85, 31.25, "yellow", 2),
    ("Sais", 30.97, 30.77, "blue", 2), ("Herakleopolis", 29.09, 30.93, "purple", 2),
    ("Pelusium", 31.04, 32.55, "black", 2),
    ("Serabit el-Khadim", 29.04, 33.46, "gray", 1), ("Canopus", 31.32, 30.06, "gray", 1),
]
RIVER_KM = 17.0
RIVERS = [
    [(28.4, 30.78), (29.0, 31.02), (29.5, 31.2), (29.85, 31.25), (30.15, 31.2)],       # the Nile
    [(30.15, 31.2), (30.6, 30.95), (30.97, 30.77), (31.3, 30.1)],                     # Canopic branch
    [(30.15, 31.2), (30.57, 31.5), (30.8, 31.83), (31.04, 32.55)],                    # Pelusiac branch
]

# The time warps (hexes) and the time lines (pairs of cities) of Railways Through Time.
PERIOD = {"years": "1279-1213 BC", "start": -1279, "time_warps": ["A5", "J3"],
          "time_lines": [["Memphis", "Pelusium"], ["Canopus", "Herakleopolis"]]}
