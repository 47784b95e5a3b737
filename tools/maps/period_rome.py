"""Roman Italy: the geography and design of data/maps/rotw/periods/rome.toml, our own period board for
Railways Through Time (tools/make_rotw_map.py, GEOGRAPHY "data"): Latium and Campania under Augustus,
from Rome along the Via Appia to the Bay of Naples, with the Apennines inland.

Cities are the Roman towns at their real latitude/longitude; terrain from data; the Tiber, Liris and
Volturnus by hand. No published board was used. Design (ours): cities, colours, cubes, time warps and
time lines.
"""
ID = "rome"
NAME = "Roman Italy"
SUMMARY = "Rome to the Bay of Naples along the Via Appia under Augustus"
HEADER = ["Geography and design: tools/maps/period_rome.py; figures explained in docs/rules-assumptions.md."]

LON0, LAT0 = 12.14, 42.1
SIZE_KM = 13.5
REF_LAT = 41.4

# name, lat, lon, colour, cubes
CITIES = [
    ("Roma", 41.89, 12.49, "red", 3), ("Antium", 41.45, 12.63, "blue", 2),
    ("Capua", 41.08, 14.25, "yellow", 2), ("Neapolis", 40.85, 14.27, "purple", 2),
    ("Beneventum", 41.13, 14.78, "black", 2), ("Alba Fucens", 42.08, 13.41, "gray", 1),
    ("Casinum", 41.49, 13.83, "gray", 1), ("Tarracina", 41.29, 13.25, "gray", 1),
]
RIVER_KM = 8.0
RIVERS = [
    [(42.35, 12.55), (42.1, 12.58), (41.89, 12.47), (41.74, 12.24)],                  # Tiber
    [(41.9, 13.5), (41.65, 13.6), (41.49, 13.7), (41.24, 13.77)],                     # Liris
    [(41.6, 14.2), (41.3, 14.35), (41.08, 14.25), (41.02, 13.93)],                    # Volturnus
]

# The time warps (hexes) and the time lines (pairs of cities) of Railways Through Time.
PERIOD = {"years": "27 BC-AD 14", "start": -27, "time_warps": ["A1", "J3"],
          "time_lines": [["Roma", "Capua"], ["Alba Fucens", "Neapolis"]]}
