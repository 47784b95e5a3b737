"""Classical Greece: the geography and design of data/maps/rotw/periods/greece.toml, our own period board
for Railways Through Time (tools/make_rotw_map.py, GEOGRAPHY "data"): Attica, Boeotia, Euboea and the
Peloponnese in the age of Pericles and the Peloponnesian War.

Cities are the ancient sites at their real latitude/longitude; terrain (coasts, mountains) from data.
No published board was used. Design (ours): cities, colours, cubes, time warps and time lines.
"""
ID = "greece"
NAME = "Classical Greece"
SUMMARY = "Athens and Sparta: mountains, gulfs and sanctuaries of Hellas"
HEADER = ["Geography and design: tools/maps/period_greece.py; figures explained in docs/rules-assumptions.md."]

LON0, LAT0 = 21.38, 38.75
SIZE_KM = 20.0
REF_LAT = 37.8

# name, lat, lon, colour, cubes
CITIES = [
    ("Athenai", 37.97, 23.72, "yellow", 3), ("Sparta", 37.08, 22.43, "red", 2),
    ("Korinthos", 37.91, 22.88, "purple", 2), ("Thebai", 38.32, 23.32, "blue", 2),
    ("Pylos", 36.91, 21.70, "black", 2), ("Delphi", 38.48, 22.50, "gray", 1),
    ("Olympia", 37.64, 21.63, "gray", 1), ("Eretria", 38.39, 23.79, "gray", 1),
]

# The Gulf of Corinth and the Saronic Gulf are narrower than the hexes: the land mask would join the
# Peloponnese to Boeotia and Attica by land; these outlines (a few points each) keep them sea.
SEAS = [
    [(38.36, 21.75), (38.42, 22.2), (38.40, 22.6), (38.25, 22.95), (38.15, 23.2), (37.98, 23.1), (37.96, 22.92),
     (38.08, 22.6), (38.18, 22.25), (38.28, 21.85)],                                        # Gulf of Corinth
    [(37.93, 23.0), (37.92, 23.6), (37.65, 23.95), (37.45, 23.6), (37.6, 23.15)],            # Saronic Gulf
]


# The time warps (hexes) and the time lines (pairs of cities) of Railways Through Time.
PERIOD = {"years": "461-404 BC", "start": -461, "time_warps": ["A2", "F1"],
          "time_lines": [["Athenai", "Sparta"], ["Delphi", "Pylos"]]}
