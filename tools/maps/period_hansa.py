"""Hanseatic League: the geography and design of data/maps/rotw/periods/hansa.toml, our own period board
for Railways Through Time (tools/make_rotw_map.py, GEOGRAPHY "data"): the Hanseatic towns of the North
German coast, from Bremen and Hamburg to Lübeck, the Queen of the Hansa, and the Wendish towns.

Cities are Hanseatic towns at their real latitude/longitude; terrain from data; the Elbe and Weser by
hand. No published board was used. Design (ours): cities, colours, cubes, time warps and time lines.
"""
ID = "hansa"
NAME = "Hanseatic League"
SUMMARY = "Lubeck and the Wendish towns: salt, herring and cloth of the Hansa"
HEADER = ["Geography and design: tools/maps/period_hansa.py; figures explained in docs/rules-assumptions.md."]

LON0, LAT0 = 8.2, 54.45
SIZE_KM = 23.0
REF_LAT = 53.5

# name, lat, lon, colour, cubes
CITIES = [
    ("Lübeck", 53.87, 10.69, "yellow", 3), ("Hamburg", 53.55, 9.99, "blue", 2),
    ("Bremen", 53.08, 8.80, "purple", 2), ("Rostock", 54.09, 12.10, "black", 2),
    ("Stralsund", 54.31, 13.09, "red", 2), ("Lüneburg", 53.25, 10.41, "gray", 1),
    ("Kiel", 54.32, 10.13, "gray", 1), ("Berlin", 52.52, 13.40, "gray", 1),
]
RIVER_KM = 10.0
RIVERS = [
    [(52.2, 11.7), (52.9, 11.8), (53.25, 10.9), (53.55, 9.99), (53.85, 9.1)],           # Elbe
    [(52.3, 9.0), (52.7, 9.2), (53.08, 8.80), (53.45, 8.5)],                              # Weser
]

# The time warps (hexes) and the time lines (pairs of cities) of Railways Through Time.
PERIOD = {"years": "1356-1475", "start": 1356, "time_warps": ["B2", "I5"],
          "time_lines": [["Hamburg", "Stralsund"], ["Lübeck", "Berlin"]]}
