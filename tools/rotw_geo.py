"""Railways of the World maps drawn from data rather than outlines (``GEOGRAPHY = "data"`` in a spec):
terrain from a land mask and a relief image, ridges along the fronts of high ranges, and cities chosen
and coloured from a gazetteer by a fixed rule (tools/geodata.py says where each data set comes from).

**Terrain.** A hex is sea when fewer than half its points are land (``SEAS`` polygons force sea, e.g.
for a coast the mask blurs); water when a hand-traced ``RIVERS`` line or ``LAKES`` circle passes close
(the offline river data has no river sizes, so rivers stay a designer's choice); a mountain when its
relief score (tools/geodata.py, with ``HIGH_BLUE``) is at least ``MOUNTAIN_SCORE``; open otherwise.

**Ridges** (railways-of-the-world.txt, "A. BUILD TRACK": ridges cost more to cross): on every side
between a hex of a high range (score at least ``RIDGE_SCORE``) and a lower mountain hex, where the
ground falls away from the range's crest: the front of the range.

**Cities** (the rule, in order):

1. the gazetteer's places inside the board with at least ``least`` people today (a stand-in for a
   place's weight in the railway age), less those in ``drop``, plus ``extra`` places that were
   important then and are small now; ``rename`` gives the name printed on the board;
2. biggest first, a place is kept when its hex is land (a port whose hex the mask puts at sea moves
   to the nearest land hex beside it) and at least ``spacing`` hexes from every kept
   city (2: one hex between, as the rules need), until ``count`` cities are kept;
3. the biggest ``majors`` get 3 cubes, the smallest ``towns`` (a share) are gray towns with 1 cube, the
   others 2; more of the smallest are towns where needed to keep 20 of the bag's 125 cubes in the bag;
4. colours, biggest first, for every city not gray: among the rarest colours so far, the one with
   the fewest cities of its own within ``radius`` hexes, then the fewest on the board, then red,
   yellow, blue, black, purple, so that
   every colour is in reach from everywhere; ``colours`` sets a city's colour by hand.
"""
from __future__ import annotations

import dataclasses
from collections import Counter

import geodata
from mapgen import geo, geo_of, hex_at, hex_distance, inside, km, near_line, samples

from railhead.engine.common.hexgrid import label, neighbor, parse

GOODS = ("red", "yellow", "blue", "black", "purple")
BAG_LEFT = 105            # at most this many cubes on the board at setup: 20 of the bag's 125 stay in it
RULE_DEFAULTS = {"least": 50000, "count": 45, "spacing": 2, "majors": 7, "towns": 0.3, "radius": 5,
                 "drop": (), "extra": (), "rename": {}, "colours": {}, "countries": ()}


def terrain(spec, cols: range | None = None) -> tuple[dict[str, str], dict[str, float]]:
    """Every hex of the grid (of the columns ``cols`` only, when given) -> '.', '^', '~' or ' ', and
    each hex's relief score (see the module)."""
    relief = geodata.relief()
    rivers = [samples(spec, r) for r in spec.rivers]
    out: dict[str, str] = {}
    scores: dict[str, float] = {}
    for row in range(spec.rows):
        for col in cols or range(spec.cols):
            name, p = label(col, row), geo(spec, col, row)
            scores[name] = relief.score(spec, col, row, spec.high_blue)
            if any(inside(p, s) for s in spec.seas) or geodata.land_share(spec, col, row) < 0.5:
                out[name] = " "
            elif (any(km(spec, p, (la, lo)) < r for la, lo, r in spec.lakes)
                  or any(near_line(spec, p, r, spec.river_km) for r in rivers)):
                out[name] = "~"
            else:
                out[name] = "^" if scores[name] >= spec.mountain_score else "."
    return out, scores


def ridges(spec, land: dict[str, str], scores: dict[str, float]) -> list[str]:
    """The sides between a high-range hex and a lower mountain hex ("A1|B2", sorted)."""
    out = set()
    for h, t in land.items():
        if t != "^" or scores[h] < spec.ridge_score:
            continue
        for side in range(6):
            other = neighbor(h, side)
            if land.get(other) == "^" and scores[other] < spec.ridge_score:
                out.add("|".join(sorted((h, other))))
    return sorted(out)


def rule(spec) -> dict:
    """The spec's ``GAZETTEER`` over ``RULE_DEFAULTS``."""
    unknown = set(spec.gazetteer) - set(RULE_DEFAULTS)
    if unknown:
        raise ValueError(f"GAZETTEER: unknown keys {sorted(unknown)}")
    return {**RULE_DEFAULTS, **spec.gazetteer}


def choose_cities(spec, land: dict[str, str]) -> list[tuple[str, float, float, str, int]]:
    """The cities by the module's rule: ``(name, lat, lon, colour, cubes)``, biggest first."""
    r = rule(spec)
    corners = [geo(spec, c, w) for c in (0, spec.cols - 1) for w in (0, spec.rows - 1)]
    south, north = min(p[0] for p in corners), max(p[0] for p in corners)
    west, east = min(p[1] for p in corners), max(p[1] for p in corners)
    found = [p for p in geodata.places(south, west, north, east, r["least"])
             if p.name not in r["drop"] and (not r["countries"] or p.country in r["countries"])]
    found += [geodata.Place(name, lat, lon, "", people) for name, lat, lon, people in r["extra"]]
    found.sort(key=lambda p: (-p.population, p.name))
    kept: list[tuple[str, float, float, str]] = []            # name, lat, lon, hex
    for place in found:
        col, row = hex_at(spec, (place.lat, place.lon))
        here = label(col, row) if 0 <= col < spec.cols and 0 <= row < spec.rows else None
        if here is not None and land.get(here, " ") == " ":          # a port the mask puts at sea:
            coast = [neighbor(here, s) for s in range(6) if land.get(neighbor(here, s), " ") not in " f"]
            here = min(coast, key=lambda h: km(spec, geo_of(spec, h), (place.lat, place.lon)), default=None)
        if here is None:
            continue
        if any(hex_distance(here, h) < r["spacing"] for *_, h in kept):
            continue
        name = r["rename"].get(place.name, place.name)
        if any(name == k[0] for k in kept):
            continue
        lat, lon = (place.lat, place.lon) if hex_at(spec, (place.lat, place.lon)) == parse(here) else geo_of(spec, here)
        kept.append((name, lat, lon, here))
        if len(kept) == r["count"]:
            break
    majors = min(r["majors"], len(kept))
    towns = max(round(len(kept) * r["towns"]), majors + 2 * len(kept) - BAG_LEFT)
    cities: list[tuple[str, float, float, str, int]] = []
    placed: list[tuple[str, str]] = []                        # hex, colour
    totals: Counter[str] = Counter()
    for i, (name, lat, lon, here) in enumerate(kept):
        cubes = 3 if i < majors else 1 if i >= len(kept) - towns else 2
        if cubes == 1:
            colour = "gray"
        elif name in r["colours"]:
            colour = r["colours"][name]
        else:
            near = Counter(c for h, c in placed if hex_distance(h, here) <= r["radius"])
            least = min(totals[c] for c in GOODS)
            colour = min(GOODS, key=lambda c: (totals[c] > least, near[c], totals[c], GOODS.index(c)))
        if colour != "gray":
            placed.append((here, colour))
            totals[colour] += 1
        cities.append((name, lat, lon, colour, cubes))
    return cities


def joined_terrain(spec, load_spec) -> tuple[dict[str, str], list[str]]:
    """Terrain and ridges of a map of two boards side by side (``BOARDS``): each side of
    ``east_column`` as ``terrain`` and ``ridges`` make it with that board's own settings: relief
    (``MOUNTAIN_SCORE``, ``HIGH_BLUE``, ``RIDGE_SCORE``: the Appalachians are old and low), ``RIVERS``,
    ``RIVER_KM`` and ``SEAS``."""
    east = spec.boards["east_column"]
    land: dict[str, str] = {}
    sides: set[str] = set()
    for side in ("west", "east"):
        sub = load_spec(spec.boards[side])
        mine = dataclasses.replace(spec, mountain_score=sub.mountain_score, high_blue=sub.high_blue,
                                   ridge_score=sub.ridge_score, rivers=sub.rivers,
                                   river_km=sub.river_km, seas=sub.seas)
        here, scores = terrain(mine, range(east) if side == "west" else range(east, spec.cols))
        ours = set(here)
        land.update((h, here[h]) for h in sorted(ours))
        sides |= {r for r in ridges(mine, here, scores) if set(r.split("|")) <= ours}
    return dict(sorted(land.items(), key=lambda kv: parse(kv[0])[::-1])), sorted(sides)


def joined_cities(spec, load_spec) -> list[tuple[str, float, float, str, int]]:
    """The cities of a map made of two boards side by side (``BOARDS``: the Transcontinental game,
    railways-of-the-world.txt, "Transcontinental Rules"): each board's own cities by its own rule (or
    its ``CITIES``), kept where they fall on that board's side of ``east_column`` of this grid (the
    first column of the eastern board), less the names in ``drop``, plus the ``add`` places (name,
    lat, lon, colour, cubes). Colours and cubes are the boards' own. Biggest first within a board,
    the western board first."""
    boards = spec.boards
    out = []
    for side in ("west", "east"):
        sub = load_spec(boards[side])
        land, _ = terrain(sub) if sub.geography == "data" else ({}, {})
        for city in list(sub.cities) or choose_cities(sub, land):
            if city[0] not in boards.get("drop", ()) and (hex_at(spec, city[1:3])[0] < boards["east_column"]) \
                    == (side == "west"):
                out.append(city)
    return out + [tuple(c) for c in boards.get("add", ())]


def bounties(cities: list[tuple[str, str, str, int]]) -> list[tuple[str, int]]:
    """Six Service Bounty cities (railways-of-the-world.txt, "Service Bounty"), ours by rule: the
    2-cube cities farthest (in hexes) from the nearest 3-cube city, 3 points for the three farthest,
    2 for the next three. ``cities``: (name, hex, colour, cubes)."""
    majors = [h for _, h, _, cubes in cities if cubes == 3]
    remote = sorted((-min(hex_distance(h, m) for m in majors), name) for name, h, _, cubes in cities if cubes == 2)
    return [(name, 3 if i < 3 else 2) for i, (_, name) in enumerate(remote[:6])]


def features(spec, land: dict[str, str], cities: dict[str, str]) -> tuple[list[str], int, list[tuple[str, str]],
                                                                         list[str]]:
    """The map rules a spec asks for: wall sides (``WALLS`` polylines: no track may cross them; the
    Humber, railways-of-the-world.txt "RAILWAYS of GREAT BRITAIN"), the number of rows north of the
    Snow Line (``SNOW_LAT``; "RAILWAYS of NORTH AMERICA"), the Western Link hexes (the land hex west of
    each city, "Build Western Link") and the problems found. ``cities``: name -> hex."""
    from mapgen import wall_sides

    problems: list[str] = []
    on_board = [h for h, t in land.items() if t != " "]
    walls = sorted({side for line in spec.walls for side in wall_sides(spec, line, on_board)})
    if spec.walls and not walls:
        problems.append("WALLS cross no side between two land hexes")
    snow = 0
    if spec.snow_lat:
        snow = sum(1 for row in range(spec.rows) if geo(spec, 0, row)[0] > spec.snow_lat)
        if not 0 < snow < spec.rows:
            problems.append(f"SNOW_LAT {spec.snow_lat} leaves no row on one side of the line")
    links: list[tuple[str, str]] = []
    if spec.western_link:
        if spec.western_link["market"] not in cities:
            problems.append(f"Western Link market {spec.western_link['market']!r} is not a city of the map")
        for name in spec.western_link["cities"]:
            if name not in cities:
                problems.append(f"Western Link city {name!r} is not a city of the map")
                continue
            west = neighbor(cities[name], 3)
            if land.get(west, " ") == " " or west in cities.values():
                problems.append(f"{name}: the hex west of it ({west}) is not free land for a Western Link")
            links.append((name, west))
    return walls, snow, links, problems


# The Great Lakes, a few points each from general atlas maps: the land mask counts lakes as land, and
# on the Eastern U.S. and North America boards these are open water no track crosses (``SEAS``).
GREAT_LAKES = [
    [(48.8, -89.5), (48.9, -88.0), (48.6, -86.4), (47.9, -84.9), (46.5, -84.6), (46.5, -85.5), (46.7, -87.4),
     (46.8, -90.2), (46.7, -92.1), (47.5, -90.8)],                                      # Superior
    [(46.0, -85.5), (45.8, -84.8), (44.0, -86.3), (42.1, -86.6), (41.6, -87.2), (41.8, -87.6), (43.0, -87.9),
     (44.5, -87.5), (45.3, -86.9)],                                                     # Michigan
    [(46.2, -84.0), (46.0, -81.5), (45.3, -80.2), (44.5, -80.0), (43.3, -81.7), (43.0, -82.4), (44.0, -83.3),
     (44.9, -83.3), (45.8, -84.3)],                                                     # Huron
    [(42.9, -78.9), (42.1, -80.1), (41.5, -81.7), (41.4, -82.7), (41.7, -83.4), (42.0, -83.1), (42.6, -81.3),
     (42.8, -80.3)],                                                                    # Erie
    [(43.3, -79.2), (43.2, -77.6), (43.4, -76.2), (44.2, -76.3), (43.9, -77.5), (43.6, -79.4)],   # Ontario
]
