"""Viking Age: the geography and design of data/maps/rotw/periods/vikings.toml, our own period board for
Railways Through Time (tools/make_rotw_map.py, GEOGRAPHY "data"): Jutland, the Danish islands and
Scania, from the trading town of Hedeby to the royal seats of Jelling and Roskilde.

Cities are Viking Age towns and royal sites at their real latitude/longitude; terrain (the straits and
the islands) from data. No published board was used. Design (ours): cities, colours, cubes, time warps
and time lines.
"""
ID = "vikings"
NAME = "Viking Age"
SUMMARY = "Hedeby to Roskilde: Danish kings and traders across the straits"
HEADER = ["Geography and design: tools/maps/period_vikings.py; figures explained in docs/rules-assumptions.md."]

LON0, LAT0 = 8.16, 57.05
SIZE_KM = 26.0
REF_LAT = 55.8

# name, lat, lon, colour, cubes
CITIES = [
    ("Hedeby", 54.49, 9.57, "yellow", 3), ("Ribe", 55.33, 8.76, "blue", 2),
    ("Aarhus", 56.16, 10.20, "black", 2), ("Roskilde", 55.64, 12.08, "purple", 2),
    ("Lund", 55.70, 13.19, "red", 2), ("Jelling", 55.76, 9.42, "gray", 1),
    ("Odense", 55.40, 10.39, "gray", 1), ("Lindholm", 57.07, 9.91, "gray", 1),
]


# The time warps (hexes) and the time lines (pairs of cities) of Railways Through Time.
PERIOD = {"years": "793-1066", "start": 793, "time_warps": ["A3", "I3"],
          "time_lines": [["Hedeby", "Roskilde"], ["Lindholm", "Ribe"]]}
