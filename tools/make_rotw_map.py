"""Generate data/maps/rotw/rhine-alps.toml from real geography.

Cities are real places at their real latitude/longitude; mountains, rivers, lakes and
seas are rough outlines of the real ones. The hex grid is laid over an equirectangular
projection. Run: ``python tools/make_rotw_map.py`` (prints a report, writes the TOML).
Colours, cube counts and spurs are our own game design, chosen for balance.

Spurs (railways-of-the-world.txt, "A. BUILD TRACK": "City Hexes only allow track to be built
from hex sides with track connection points"): a city gets ``SPURS[cubes]`` of its land sides
(major cities all of them, others 4, gray towns 3), those facing its nearest neighbouring cities
first (``spurs_of``).
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine.common.hexgrid import SIDES, center, label, neighbor, parse  # noqa: E402

LON0, LAT0 = 1.75, 52.75          # top-left corner of the board
COLS, ROWS = 21, 24
KM_PER_DEG = 111.2
COS = math.cos(math.radians(48.0))
SIZE_KM = 26.0                    # hex circumradius in km

# name, lat, lon, colour, cubes (4 players; 2-3 players place one fewer, minimum 1)
CITIES = [
    ("Amsterdam", 52.37, 4.90, "blue", 3), ("Rotterdam", 51.92, 4.48, "yellow", 3),
    ("Antwerpen", 51.22, 4.40, "purple", 2), ("Brussel", 50.85, 4.35, "red", 3),
    ("Lille", 50.63, 3.06, "black", 2), ("Liège", 50.63, 5.57, "black", 2),
    ("Eindhoven", 51.44, 5.47, "gray", 1), ("Arnhem", 51.98, 5.91, "red", 2),
    ("Münster", 51.96, 7.63, "purple", 2), ("Dortmund", 51.51, 7.47, "black", 3),
    ("Köln", 50.94, 6.96, "yellow", 3), ("Koblenz", 50.36, 7.59, "gray", 1),
    ("Kassel", 51.31, 9.48, "blue", 2), ("Hannover", 52.37, 9.73, "red", 2),
    ("Frankfurt", 50.11, 8.68, "red", 3), ("Fulda", 50.55, 9.68, "gray", 1),
    ("Würzburg", 49.79, 9.95, "purple", 2), ("Nürnberg", 49.45, 11.08, "yellow", 2),
    ("Erfurt", 50.98, 11.03, "black", 2), ("Regensburg", 49.01, 12.10, "gray", 1),
    ("Mannheim", 49.49, 8.47, "blue", 2), ("Saarbrücken", 49.24, 6.99, "gray", 1),
    ("Luxembourg", 49.61, 6.13, "gray", 1), ("Metz", 49.12, 6.18, "yellow", 2),
    ("Reims", 49.26, 4.03, "purple", 2), ("Paris", 48.86, 2.35, "blue", 3),
    ("Troyes", 48.30, 4.08, "gray", 1), ("Nancy", 48.69, 6.18, "red", 2),
    ("Strasbourg", 48.58, 7.75, "black", 2), ("Stuttgart", 48.78, 9.18, "red", 2),
    ("Ulm", 48.40, 9.99, "gray", 1), ("München", 48.14, 11.58, "purple", 3),
    ("Salzburg", 47.81, 13.04, "gray", 1), ("Innsbruck", 47.27, 11.39, "blue", 2),
    ("Dijon", 47.32, 5.04, "yellow", 2), ("Besançon", 47.24, 6.02, "gray", 1),
    ("Basel", 47.56, 7.59, "purple", 2), ("Zürich", 47.38, 8.54, "yellow", 3),
    ("Bern", 46.95, 7.45, "black", 2), ("Genève", 46.20, 6.14, "blue", 2),
    ("Lyon", 45.76, 4.84, "red", 3), ("Grenoble", 45.19, 5.72, "purple", 2),
    ("Torino", 45.07, 7.69, "black", 2), ("Milano", 45.46, 9.19, "blue", 3),
    ("Brescia", 45.54, 10.21, "gray", 1), ("Verona", 45.44, 10.99, "yellow", 2),
    ("Venezia", 45.44, 12.33, "purple", 2), ("Trento", 46.07, 11.12, "gray", 1),
    ("Genova", 44.41, 8.93, "red", 2), ("Parma", 44.80, 10.33, "black", 2),
    ("Bologna", 44.49, 11.34, "blue", 2), ("Chur", 46.85, 9.53, "gray", 1),
    ("Aosta", 45.74, 7.32, "gray", 1), ("Leipzig", 51.34, 12.37, "yellow", 2),
]

# Track spurs per city by its cube count (4 players): major cities every land side, others 4,
# gray towns 3; CONE: how far (degrees) from a side's direction a city still counts as faced.
SPURS = {3: 6, 2: 4, 1: 3}
CONE = 45

# Rough outlines (lat, lon) of the real ranges.
MOUNTAINS = [
    [(47.6, 6.4), (47.7, 9.0), (47.7, 12.0), (47.75, 13.3), (46.6, 13.3), (46.1, 12.2), (45.85, 10.5),
     (45.8, 9.3), (45.5, 8.0), (44.9, 7.6), (44.3, 7.3), (44.0, 6.6), (45.2, 6.1), (46.3, 6.6), (46.9, 7.3)],
    [(47.5, 6.8), (47.2, 7.4), (46.5, 6.3), (46.0, 5.8), (46.4, 5.6), (47.1, 6.1)],          # Jura
    [(48.9, 7.25), (48.9, 7.45), (47.9, 7.1), (47.8, 6.85), (48.4, 6.95)],                  # Vosges
    [(48.9, 8.35), (48.9, 8.65), (47.7, 8.45), (47.65, 7.95), (48.3, 8.05)],                 # Black Forest
    [(44.7, 8.6), (44.7, 9.6), (44.3, 11.3), (44.0, 11.3), (44.2, 9.6), (44.5, 8.6)],        # Apennines
    [(50.5, 5.6), (50.5, 6.9), (49.9, 7.0), (49.8, 6.2), (49.95, 5.4)],                       # Ardennes/Eifel
    [(50.8, 10.2), (50.8, 11.6), (50.45, 11.6), (50.45, 10.4)],                               # Thuringian Forest
    [(49.3, 12.5), (49.3, 13.4), (48.7, 13.4), (48.8, 12.6)],                                 # Bavarian Forest
    [(51.9, 10.3), (51.9, 11.0), (51.65, 11.0), (51.65, 10.3)],                               # Harz
]
HIGH_ALPS = [[(47.2, 7.0), (47.2, 12.9), (46.4, 12.9), (46.0, 10.5), (45.9, 7.8), (45.3, 7.0), (46.0, 6.7)]]
RIVERS = [
    [(47.56, 7.59), (48.58, 7.8), (49.49, 8.45), (50.0, 8.27), (50.36, 7.6), (50.94, 6.96), (51.8, 6.2),
     (51.98, 5.91), (51.92, 4.48)],                                                         # Rhine
    [(49.79, 9.95), (50.0, 9.4), (50.11, 8.68), (50.0, 8.27)],                               # Main
    [(48.69, 6.18), (49.12, 6.18), (49.7, 6.4), (50.0, 7.0), (50.36, 7.59)],                 # Moselle
    [(48.40, 9.99), (48.7, 11.0), (49.01, 12.10), (48.57, 13.46)],                           # Danube
    [(46.20, 6.14), (45.9, 5.8), (45.76, 4.84), (44.0, 4.7)],                                # Rhône
    [(47.32, 5.0), (46.3, 4.85), (45.76, 4.84)],                                             # Saône
    [(45.07, 7.69), (45.05, 9.7), (45.0, 11.0), (44.95, 12.3)],                              # Po
    [(48.30, 4.08), (48.4, 3.0), (48.86, 2.35)],                                             # Seine
]
# Service Bounty operations cards for this map (our figures): city, points.
SERVICE_BOUNTIES = [("Paris", 3), ("München", 3), ("Milano", 3), ("Amsterdam", 2), ("Lyon", 2), ("Leipzig", 2)]
LAKES = [(46.45, 6.55, 30), (47.6, 9.4, 25), (45.65, 10.7, 18)]  # Geneva, Constance, Garda
SEAS = [
    [(53.0, 1.0), (53.0, 4.7), (52.3, 4.5), (51.6, 3.6), (51.1, 2.5), (51.0, 1.0)],         # North Sea
    [(44.45, 7.5), (44.35, 8.8), (44.2, 9.7), (43.5, 10.3), (43.5, 7.0)],                    # Ligurian Sea
    [(45.5, 12.45), (45.8, 13.2), (45.8, 14.0), (43.5, 14.0), (43.5, 12.2), (44.8, 12.4)],   # Adriatic
]


def geo(col: int, row: int) -> tuple[float, float]:
    x, y = center(col, row, SIZE_KM)
    return LAT0 - y / KM_PER_DEG, LON0 + x / (KM_PER_DEG * COS)


def km(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot((a[0] - b[0]) * KM_PER_DEG, (a[1] - b[1]) * KM_PER_DEG * COS)


def inside(p: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    lat, lon = p
    hit = False
    for (a_lat, a_lon), (b_lat, b_lon) in zip(poly, poly[1:] + poly[:1]):
        if (a_lat > lat) != (b_lat > lat):
            t = (lat - a_lat) / (b_lat - a_lat)
            if lon < a_lon + t * (b_lon - a_lon):
                hit = not hit
    return hit


def near_line(p: tuple[float, float], line: list[tuple[float, float]], limit: float) -> bool:
    for a, b in zip(line, line[1:]):
        steps = max(2, int(km(a, b) / 4))
        for i in range(steps + 1):
            q = (a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps)
            if km(p, q) < limit:
                return True
    return False


def spurs_of(hexname: str, cubes: int, terrain: dict[str, str], cities: list[str]) -> list[int]:
    """The spur sides of a city: ``SPURS[cubes]`` of its land sides, those facing the nearest other
    city first. A city counts for every side whose direction (side ``s`` faces ``60 * s`` degrees
    clockwise from east) is within ``CONE`` degrees of it; ties and sides facing no city go by side."""
    land = [s for s in range(6) if terrain.get(neighbor(hexname, s), " ") != " "]
    x0, y0 = center(*parse(hexname), 1.0)
    nearest = {s: math.inf for s in land}
    for other in cities:
        if other == hexname:
            continue
        x, y = center(*parse(other), 1.0)
        angle = math.degrees(math.atan2(y - y0, x - x0))
        for s in land:
            if abs((angle - 60 * s + 180) % 360 - 180) <= CONE:
                nearest[s] = min(nearest[s], math.hypot(x - x0, y - y0))
    return sorted(sorted(land, key=lambda s: (nearest[s], s))[:SPURS[cubes]])


def build() -> str:
    terrain: dict[str, str] = {}
    for row in range(ROWS):
        for col in range(COLS):
            p = geo(col, row)
            if any(inside(p, s) for s in SEAS):
                t = " "
            elif any(km(p, (la, lo)) < r for la, lo, r in LAKES) or any(near_line(p, r, 19) for r in RIVERS):
                t = "~"
            elif any(inside(p, m) for m in MOUNTAINS):
                t = "^"
            else:
                t = "."
            terrain[label(col, row)] = t
    cities: list[tuple[str, str, str, int]] = []
    taken: set[str] = set()
    for name, lat, lon, colour, cubes in CITIES:
        best = min(terrain, key=lambda h: km(geo(*parse(h)), (lat, lon)))
        close = {best} | {neighbor(best, s) for s in range(6)}
        if close & taken or terrain[best] == " ":
            print(f"dropped {name}: too close to another city at {best}")
            continue
        taken.add(best)
        cities.append((name, best, colour, cubes))
    high = {h for h in terrain if any(inside(geo(*parse(h)), poly) for poly in HIGH_ALPS)}
    ridges = sorted(
        "|".join(sorted((h, neighbor(h, s))))
        for h in high for s in (4, 5)
        if neighbor(h, s) in terrain and neighbor(h, s) not in high and terrain[neighbor(h, s)] == "^"
    )
    lines = [
        "# Rhine & Alps: our own map for Railways of the World, generated by tools/make_rotw_map.py",
        "# from real geography. Terrain rows: '.' open, '^' mountain, '~' water (river or lake),",
        "# ' ' sea or off the board (not buildable).",
        'id = "rhine-alps"',
        'name = "Rhine & Alps"',
        "min_players = 2",
        "max_players = 4",
        f"columns = {COLS}",
        f"rows = {ROWS}",
        "",
        "terrain = [",
    ]
    for row in range(ROWS):
        lines.append('  "' + "".join(terrain[label(c, row)] for c in range(COLS)) + '",')
    lines.append("]")
    lines.append("")
    lines.append("# Hex sides with a ridge line (+$4,000 to build across).")
    lines.append("ridges = [")
    for i in range(0, len(ridges), 6):
        lines.append("  " + ", ".join(f'"{r}"' for r in ridges[i:i + 6]) + ",")
    lines.append("]")
    lines += ["", "# Empty city markers that trigger the end of the game, by player count (our figure).",
              "[empty_city_markers]", "2 = 9", "3 = 11", "4 = 13"]
    lines += ["", "# Cities. spurs: the hex sides with a track connection point, where track may enter the city."]
    city_hexes = [c[1] for c in cities]
    for name, hexname, colour, cubes in cities:
        spurs = [SIDES[s] for s in spurs_of(hexname, cubes, terrain, city_hexes)]
        lines += ["", "[[city]]", f'name = "{name}"', f'hex = "{hexname}"', f'colour = "{colour}"',
                  f"cubes = {cubes}", "spurs = [" + ", ".join(f'"{s}"' for s in spurs) + "]"]
    lines += ["", "# Service Bounty operations cards for this map: city and points (our figures)."]
    for name, points in SERVICE_BOUNTIES:
        lines += ["", "[[service_bounty]]", f'city = "{name}"', f"points = {points}"]
    counts: dict[str, int] = {}
    for _, _, colour, _ in cities:
        counts[colour] = counts.get(colour, 0) + 1
    spurs = sum(len(spurs_of(h, n, terrain, city_hexes)) for _, h, _, n in cities)
    print(f"{len(cities)} cities; colours {counts}; cubes {sum(c[3] for c in cities)}; ridges {len(ridges)}; "
          f"spurs {spurs}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    out = Path(__file__).resolve().parents[1] / "data/maps/rotw/rhine-alps.toml"
    out.write_text(build(), encoding="utf-8")
    print(f"wrote {out}")
