"""Generate Railways of the World maps (data/maps/rotw/<id>.toml) from real geography.

Each map is a spec module ``tools/maps/<id with '_' for '-'>.py`` holding its geography and design
(``SPEC_FIELDS`` below): cities are real places at their real latitude/longitude; mountains,
rivers, lakes and seas are rough outlines of the real ones; colours, cube counts, bounties and
marker counts are our own game design. This file holds what every Railways of the World map shares:
terrain from the outlines, the choice of city spurs, the checks that refuse an impossible map, the
report and the TOML writing; the spec modules, the hex grid laid over an equirectangular projection,
the outline geometry and the command line are tools/mapgen.py's, shared with tools/make_steam_map.py.

Run: ``python tools/make_rotw_map.py rhine-alps`` (or several ids, or ``--all``; ``--out DIR`` writes
elsewhere, ``--quiet`` skips the report). It prints a report (cities, their neighbours by one link,
terrain counts), then validates the written file with the engine's own loader.

Spurs (railways-of-the-world.txt, "A. BUILD TRACK": "City Hexes only allow track to be built
from hex sides with track connection points"): a city gets ``SPURS[cubes]`` of its land sides
(by default major cities all of them, others 4, gray towns 3), those facing its nearest
neighbouring cities first (``spurs_of``); a spec may set a city's spurs by hand (``SPUR_SIDES``).

Period boards of Railways Through Time (railways-of-the-world.txt, "RAILWAYS through TIME") come from
spec files ``tools/maps/period_<id>.py`` with a ``PERIOD`` dict (``PERIOD_KEYS``): each is written to
``data/maps/rotw/periods/<id>.toml`` in the same format as a map, and the index of all of them,
``data/maps/rotw/periods.toml`` (``index_text``), with each board's years, summary, time warps and time
lines, oldest first. ``--all`` writes the maps, the period boards and the index. A period board keeps
the expansion's rules (``period_problems``): ``PERIOD_COLS`` x ``PERIOD_ROWS`` hexes (the boards lie
side by side), 2-6 players, the expansion's empty city markers, no cube reduction, ``PERIOD_CITIES``
cities holding at most ``PERIOD_CUBES`` cubes, and time warps that are free land near the edge, clear
of the cities and one build from at least two of them (``WARP_*``); names are unique over all boards.
"""

import dataclasses
import math
import sys
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mapgen  # noqa: E402
import rotw_geo  # noqa: E402
from mapgen import ROOT, LatLon, MapError, geo, hex_distance, inside, km, near_line, samples  # noqa: E402

from railhead.engine.common.hexgrid import SIDES, center, label, neighbor, opposite, parse  # noqa: E402

OUT_DIR = ROOT / "data" / "maps" / "rotw"
COLOURS = ("red", "yellow", "blue", "black", "purple", "gray")
TERRAIN_NAMES = {".": "open", "^": "mountain", "~": "water", " ": "sea", "f": "ferry"}
BUILD = 4                         # tiles one build may lay (engine/common/track.py, MAX_TILES)

# Railways Through Time (railways-of-the-world.txt, "RAILWAYS through TIME"); see the module.
PERIODS_DIR = "periods"           # period boards: OUT_DIR / PERIODS_DIR / <id>.toml
INDEX_FILE = "periods.toml"       # their index: OUT_DIR / INDEX_FILE
PERIOD_KEYS = {"years": str, "start": int, "time_warps": list, "time_lines": list}   # "start": year (BC < 0), for order
PERIOD_COLS, PERIOD_ROWS = 10, 8
PERIOD_MARKERS = {2: 9, 3: 11, 4: 13, 5: 15, 6: 19}   # "Ending the Game" of Railways Through Time
PERIOD_DEFAULTS = {               # what every period board shares (a period spec may still say it)
    "MIN_PLAYERS": min(PERIOD_MARKERS), "MAX_PLAYERS": max(PERIOD_MARKERS), "GEOGRAPHY": "data",
    "COLS": PERIOD_COLS, "ROWS": PERIOD_ROWS, "EMPTY_CITY_MARKERS": PERIOD_MARKERS,
    "MARKERS_NOTE": 'the rulebook\'s, "RAILWAYS through TIME", "Ending the Game"', "CUBE_REDUCTION": (),
    "CUBE_REDUCTION_NOTE": ('Railways Through Time: full counts at any player count ("Starting the Game").',),
}
PERIOD_CITIES = (7, 9)            # cities on a board, fewest and most
PERIOD_CUBES = 15                 # cubes on a board at most: 7 boards (6 players) leave 20 of the bag's 125
WARP_TERRAIN = ".^"               # a time warp stands on open or mountain land
WARP_CLEAR = 2                    # ... at least this many hexes from every city (a link to it lays a tile)
WARP_EDGE = 1                     # ... at most this many hexes from the edge of the board
WARP_CITIES = 2                   # ... and this many cities reach it with one build of BUILD tiles
TIME_LINE_HEXES = (4, 8)          # the two cities of a time line are this many hexes apart

# What a spec module may define (upper-case names); those without a default are required.
SPEC_FIELDS = {
    "ID": None, "NAME": None, "MIN_PLAYERS": None, "MAX_PLAYERS": None,
    "LON0": None, "LAT0": None,        # the centre of hex A1 (top-left)
    "COLS": None, "ROWS": None,
    "SIZE_KM": None,                   # hex circumradius in km
    "REF_LAT": None,                   # latitude whose scale the projection keeps (degrees)
    "CITIES": (),                      # (name, lat, lon, colour, cubes at full count); with GEOGRAPHY "data"
                                       # empty: chosen from the gazetteer by tools/rotw_geo.py's rule
    "EMPTY_CITY_MARKERS": None,        # {players: markers}
    "CUBE_REDUCTION": (2, 3),          # player counts at which every city starts with one cube fewer
    "SERVICE_BOUNTIES": (),            # (city, points)
    "SPURS": {3: 6, 2: 4, 1: 3},       # spurs by cube count (a count not listed: every land side)
    "CONE": 45,                        # a city counts for a side within this many degrees of it
    "SPUR_SIDES": {},                  # {city: ["E", ...]}: spurs set by hand
    "MOUNTAINS": (),                   # polygons [(lat, lon), ...]
    "HIGH_RANGES": (),                 # polygons whose rim against lower mountains gets ridges
    "RIDGE_SIDES": (4, 5),             # ... on these sides of the high hexes (4 NW, 5 NE: the north rim)
    "RIDGES": (),                      # further ridges by hand: "A1|B2"
    "RIVERS": (),                      # polylines [(lat, lon), ...]
    "RIVER_KM": 19.0,                  # a hex whose centre is this close to a river is water
    "LAKES": (),                       # (lat, lon, radius km)
    "SEAS": (),                        # polygons; hexes inside are sea (not buildable)
    "HEADER": (),                      # comment lines (without '# ') after the file's first three
    "SUMMARY": "",                     # one line for players choosing a map (at most 80 characters)
    "GEOGRAPHY": "outlines",           # "outlines": MOUNTAINS/SEAS by hand; "data": tools/rotw_geo.py
    "MOUNTAIN_SCORE": 0.7,             # data: relief score of a mountain hex (tools/geodata.py)
    "HIGH_BLUE": 125,                  # data: relief tint counted as high ground (tools/geodata.py)
    "RIDGE_SCORE": 1.15,               # data: relief score of a high range, whose front gets ridges
    "GAZETTEER": {},                   # data: the city rule's settings (tools/rotw_geo.py RULE_DEFAULTS)
    "WALLS": (),                       # polylines no track may cross (the Humber): their hex sides
    "SNOW_LAT": 0.0,                   # the Snow Line (0: none): rows whose centre is north of it cost $1,000 more
    "FERRIES": (),                     # (lat, lon): that hex is a ferry hex, built only with a Ferry Line
    "LAND": (),                        # (lat, lon): that hex is open land (a strait narrower than a hex)
    "WESTERN_LINK": {},                # {"market": city, "cities": [city, ...]}: link hex west of each
    "MARKERS_NOTE": "our figure",      # said of the empty city markers
    "CUBE_REDUCTION_NOTE": (),         # comment lines for cube_reduction
    "CITIES_NOTE": (),                 # comment lines before the cities
    "BOARDS": {},                      # two boards side by side (Transcontinental): rotw_geo.joined_cities
    "PERIOD": {},                      # a period board of Railways Through Time: PERIOD_KEYS (see the module)
}


@dataclass
class Spec:
    id: str
    name: str
    min_players: int
    max_players: int
    lon0: float
    lat0: float
    cols: int
    rows: int
    size_km: float
    ref_lat: float
    cities: list[tuple[str, float, float, str, int]]
    empty_city_markers: dict[int, int]
    cube_reduction: tuple[int, ...]
    service_bounties: list[tuple[str, int]]
    spurs: dict[int, int]
    cone: float
    spur_sides: dict[str, list[str]]
    mountains: list[list[LatLon]]
    high_ranges: list[list[LatLon]]
    ridge_sides: tuple[int, ...]
    ridges: list[str]
    rivers: list[list[LatLon]]
    river_km: float
    lakes: list[tuple[float, float, float]]
    seas: list[list[LatLon]]
    header: list[str]
    markers_note: str
    cube_reduction_note: list[str]
    cities_note: list[str]
    summary: str
    geography: str
    mountain_score: float
    high_blue: int
    ridge_score: float
    gazetteer: dict
    walls: list[list[LatLon]]
    snow_lat: float
    ferries: list[LatLon]
    land: list[LatLon]
    western_link: dict
    boards: dict
    period: dict
    cos: float = field(init=False)

    def __post_init__(self) -> None:
        self.cos = math.cos(math.radians(self.ref_lat))


def spec_path(map_id: str) -> Path:
    """The spec of a map, ``tools/maps/<id>.py``, or of a period board, ``tools/maps/period_<id>.py``."""
    path = mapgen.spec_path(map_id)
    period = mapgen.spec_path(map_id, mapgen.PERIOD_PREFIX)
    return period if period.exists() and not path.exists() else path


def map_ids() -> list[str]:
    """The ids of every Railways of the World map with a spec under tools/maps/ (no game prefix)."""
    return sorted(load_spec_module(p).ID for p in mapgen.spec_paths())


def period_ids() -> list[str]:
    """The ids of every period board of Railways Through Time (``tools/maps/period_<id>.py``), oldest first."""
    modules = [load_spec_module(p) for p in mapgen.spec_paths(mapgen.PERIOD_PREFIX)]
    return [m.ID for m in sorted(modules, key=lambda m: (m.PERIOD.get("start", 0), m.ID))]


def all_ids() -> list[str]:
    """The maps, then the period boards (``--all``); an id may not be both."""
    maps, periods = map_ids(), period_ids()
    if set(maps) & set(periods):
        raise MapError(f"ids both of a map and of a period board: {sorted(set(maps) & set(periods))}")
    return maps + periods


def load_spec_module(path: Path) -> ModuleType:
    return mapgen.load_module(path, "rotw_map_")


def load_spec(map_id: str) -> Spec:
    path = spec_path(map_id)
    if not path.exists():
        raise MapError(f"no spec for map {map_id!r}: expected {path.relative_to(ROOT)}")
    module = load_spec_module(path)
    fields = {**SPEC_FIELDS, **PERIOD_DEFAULTS} if hasattr(module, "PERIOD") else SPEC_FIELDS
    values = mapgen.read_spec(module, path, fields, map_id)
    for name in ("cities", "service_bounties", "mountains", "high_ranges", "ridges", "rivers", "lakes", "seas",
                 "header", "cube_reduction_note", "cities_note", "walls", "ferries",
                 "land"):
        values[name] = list(values[name])
    values["cube_reduction"] = tuple(values["cube_reduction"])
    values["ridge_sides"] = tuple(values["ridge_sides"])
    return Spec(**values)


# ------------------------------------------------------------------ geometry
# geo, km, inside, samples, near_line and hex_distance come from tools/mapgen.py.


# ------------------------------------------------------------------ the map

@dataclass
class Board:
    spec: Spec
    terrain: dict[str, str]                     # every hex of the grid -> '.', '^', '~' or ' '
    cities: list[tuple[str, str, str, int]]     # name, hex, colour, cubes
    spurs: dict[str, list[int]]                 # city hex -> spur sides
    ridges: list[str]
    walls: list[str] = field(default_factory=list)
    snow_rows: int = 0
    western_link: list[tuple[str, str]] = field(default_factory=list)   # (city, link hex)
    warps: list[str] = field(default_factory=list)                      # time warp hexes (a period board)

    def land(self, hexname: str) -> bool:
        return self.terrain.get(hexname, " ") != " "


def make_terrain(spec: Spec) -> dict[str, str]:
    terrain: dict[str, str] = {}
    rivers = [samples(spec, r) for r in spec.rivers]
    for row in range(spec.rows):
        for col in range(spec.cols):
            p = geo(spec, col, row)
            if any(inside(p, s) for s in spec.seas):
                t = " "
            elif (any(km(spec, p, (la, lo)) < r for la, lo, r in spec.lakes)
                  or any(near_line(spec, p, r, spec.river_km) for r in rivers)):
                t = "~"
            elif any(inside(p, m) for m in spec.mountains):
                t = "^"
            else:
                t = "."
            terrain[label(col, row)] = t
    return terrain


def spurs_of(spec: Spec, hexname: str, cubes: int, terrain: dict[str, str], cities: list[str]) -> list[int]:
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
            if abs((angle - 60 * s + 180) % 360 - 180) <= spec.cone:
                nearest[s] = min(nearest[s], math.hypot(x - x0, y - y0))
    return sorted(sorted(land, key=lambda s: (nearest[s], s))[:spec.spurs.get(cubes, 6)])


def make_board(spec: Spec) -> Board:
    """Lay the spec over the grid; raises ``MapError`` listing every reason the map is impossible."""
    problems: list[str] = []
    if not 1 <= spec.min_players <= spec.max_players <= 6:
        problems.append(f"player range {spec.min_players}-{spec.max_players} is not within 1-6")
    scores: dict[str, float] = {}
    joined_ridges: list[str] = []
    if spec.boards:
        terrain, joined_ridges = rotw_geo.joined_terrain(spec, load_spec)
        wanted = rotw_geo.joined_cities(spec, load_spec)
    elif spec.geography == "data":
        terrain, scores = rotw_geo.terrain(spec)
        wanted = list(spec.cities) or rotw_geo.choose_cities(spec, terrain)
    elif spec.geography == "outlines":
        terrain, wanted = make_terrain(spec), spec.cities
    else:
        raise MapError(f"{spec.id}: GEOGRAPHY must be 'outlines' or 'data', not {spec.geography!r}")
    for kind, points in (("f", spec.ferries), (".", spec.land)):
        for lat, lon in points:
            col, row = mapgen.hex_at(spec, (lat, lon))
            if label(col, row) not in terrain:
                problems.append(f"{TERRAIN_NAMES[kind]} hex ({lat}, {lon}) is off the board")
            terrain[label(col, row)] = kind
    cities: list[tuple[str, str, str, int]] = []
    where: dict[str, str] = {}
    for name, lat, lon, colour, cubes in wanted:
        if colour not in COLOURS:
            problems.append(f"{name}: colour {colour!r} is not one of {COLOURS}")
        if not 1 <= cubes <= 6:
            problems.append(f"{name}: {cubes} cubes (1-6)")
        best = min(terrain, key=lambda h: km(spec, geo(spec, *parse(h)), (lat, lon)))
        if km(spec, geo(spec, *parse(best)), (lat, lon)) > 2 * spec.size_km:     # a city just off the edge
            problems.append(f"{name} ({lat}, {lon}) is off the board")              # takes the edge hex
            continue
        if terrain[best] == " " and spec.geography == "data":     # a port the land mask puts at sea moves
            coast = [neighbor(best, s) for s in range(6) if terrain.get(neighbor(best, s), " ") not in " f"]
            best = min(coast, key=lambda h: km(spec, geo(spec, *parse(h)), (lat, lon)), default=best)  # ashore
        if terrain[best] in " f":
            problems.append(f"{name} falls on a {TERRAIN_NAMES[terrain[best]]} hex, {best}")
            continue
        for other_hex, other in where.items():
            if hex_distance(best, other_hex) <= 1:
                problems.append(f"{name} ({best}) is {'on' if best == other_hex else 'next to'} {other} "
                                f"({other_hex}): cities need a hex between them")
        where[best] = name
        cities.append((name, best, colour, cubes))
    names = [c[0] for c in cities]
    if len(set(names)) != len(names):
        problems.append(f"duplicate city names: {sorted(n for n, k in Counter(names).items() if k > 1)}")
    hexes = [c[1] for c in cities]
    spurs: dict[str, list[int]] = {}
    for name, hexname, _, cubes in cities:
        if name in spec.spur_sides:
            sides = [SIDES.index(s) for s in spec.spur_sides[name] if s in SIDES]
            if len(sides) != len(spec.spur_sides[name]) or len(set(sides)) != len(sides):
                problems.append(f"{name}: spurs {spec.spur_sides[name]} must be different sides among {SIDES}")
            sides = sorted(sides)
        else:
            sides = spurs_of(spec, hexname, cubes, terrain, hexes)
            sides = sorted(set(sides) | {s for s in range(6) if terrain.get(neighbor(hexname, s)) == "f"})
        for s in sides:
            if terrain.get(neighbor(hexname, s), " ") == " ":
                problems.append(f"{name}: spur {SIDES[s]} faces the sea or the edge of the board")
        if not sides:
            problems.append(f"{name} ({hexname}) has no land side for a spur")
        spurs[hexname] = sides
    for name in spec.spur_sides:
        if name not in names:
            problems.append(f"SPUR_SIDES names {name!r}, not a city of the map")
    high = {h for h in terrain if any(inside(geo(spec, *parse(h)), poly) for poly in spec.high_ranges)}
    ridges = sorted(
        "|".join(sorted((h, neighbor(h, s))))
        for h in high for s in spec.ridge_sides
        if neighbor(h, s) in terrain and neighbor(h, s) not in high and terrain[neighbor(h, s)] == "^"
    )
    if scores or joined_ridges:
        found = rotw_geo.ridges(spec, terrain, scores) if scores else []
        ridges = sorted(set(ridges) | set(joined_ridges) | set(found))
    for ridge in spec.ridges:
        a, _, b = ridge.partition("|")
        if terrain.get(a, " ") == " " or terrain.get(b, " ") == " " or hex_distance(a, b) != 1:
            problems.append(f"ridge {ridge!r} is not a side between two land hexes")
        elif "|".join(sorted((a, b))) not in ridges:
            ridges.append("|".join(sorted((a, b))))
    for city, points in spec.service_bounties:
        if city not in names:
            problems.append(f"service bounty {city!r} is not a city of the map")
        if points <= 0:
            problems.append(f"service bounty {city}: {points} points")
    wanted = set(range(spec.min_players, spec.max_players + 1))
    if set(spec.empty_city_markers) != wanted:
        problems.append(f"empty city markers are given for {sorted(spec.empty_city_markers)} players, "
                        f"the map takes {sorted(wanted)}")
    if not set(spec.cube_reduction) <= wanted:
        problems.append(f"cube reduction at {list(spec.cube_reduction)} players, the map takes {sorted(wanted)}")
    if spec.geography == "data" and not spec.service_bounties and cities and not spec.period:
        spec = dataclasses.replace(spec, service_bounties=rotw_geo.bounties(cities))
    walls, snow_rows, links, more = rotw_geo.features(spec, terrain, {c[0]: c[1] for c in cities})
    problems += more
    if len(spec.summary) > 80:
        problems.append(f"SUMMARY has {len(spec.summary)} characters, at most 80")
    board = Board(spec, terrain, cities, spurs, ridges, walls, snow_rows, links)
    if spec.period:
        problems += period_problems(board)
        board.warps = [w for w in spec.period.get("time_warps", []) if w in terrain]
    if not problems:
        lonely = [name for name, hexname, _, _ in cities
                  if not set(one_link_neighbours(board, hexname, first=not board.warps)) - set(board.warps)]
        problems += [f"{name}: no other city can be reached by a link" for name in lonely]
    if not problems and board.warps:
        for warp in board.warps:
            near = [h for h in one_link_neighbours(board, warp, BUILD) if h not in board.warps]
            if len(near) < WARP_CITIES:
                problems.append(f"time warp {warp}: {len(near)} cities reach it with one build of {BUILD} tiles, "
                                f"not {WARP_CITIES}")
    if problems:
        raise MapError(f"{spec.id}: impossible map:\n  " + "\n  ".join(problems))
    return board


def period_problems(board: Board) -> list[str]:
    """Why a period board breaks the rules of Railways Through Time (see the module); empty when it keeps them."""
    spec, problems = board.spec, []
    unknown = set(spec.period) - set(PERIOD_KEYS)
    wrong = [k for k, kind in PERIOD_KEYS.items() if not isinstance(spec.period.get(k), kind)]
    if unknown or wrong:
        return [f"PERIOD: unknown keys {sorted(unknown)}, missing or of the wrong kind {wrong}"]
    if (spec.cols, spec.rows) != (PERIOD_COLS, PERIOD_ROWS):
        problems.append(f"a period board has {PERIOD_COLS} x {PERIOD_ROWS} hexes, not {spec.cols} x {spec.rows}")
    if (spec.min_players, spec.max_players) != (min(PERIOD_MARKERS), max(PERIOD_MARKERS)):
        problems.append(f"a period board takes {min(PERIOD_MARKERS)}-{max(PERIOD_MARKERS)} players")
    if spec.empty_city_markers != PERIOD_MARKERS or spec.cube_reduction:
        problems.append(f"a period board has the markers {PERIOD_MARKERS} and no cube reduction")
    if not spec.summary:
        problems.append("a period board needs a SUMMARY")
    if not PERIOD_CITIES[0] <= len(board.cities) <= PERIOD_CITIES[1]:
        problems.append(f"{len(board.cities)} cities, not {PERIOD_CITIES[0]}-{PERIOD_CITIES[1]}")
    cubes = sum(c[3] for c in board.cities)
    if cubes > PERIOD_CUBES:
        problems.append(f"{cubes} cubes, at most {PERIOD_CUBES}")
    hexes = {name: h for name, h, _, _ in board.cities}
    warps = spec.period["time_warps"]
    if not 1 <= len(warps) <= 2 or len(set(warps)) != len(warps):
        problems.append(f"time warps {warps}: one or two different hexes")
    for warp in warps:
        col_row = parse(warp) if isinstance(warp, str) else None
        if col_row is None or board.terrain.get(warp, " ") not in WARP_TERRAIN:
            problems.append(f"time warp {warp!r} is not an open or mountain hex of the board")
            continue
        col, row = col_row
        if min(col, row, spec.cols - 1 - col, spec.rows - 1 - row) > WARP_EDGE:
            problems.append(f"time warp {warp} is more than {WARP_EDGE} hex from the edge")
        close = [name for name, h in hexes.items() if hex_distance(warp, h) < WARP_CLEAR]
        if close:
            problems.append(f"time warp {warp} is closer than {WARP_CLEAR} hexes to {', '.join(close)}")
    lines = spec.period["time_lines"]
    if not 1 <= len(lines) <= 2:
        problems.append(f"{len(lines)} time lines, not 1 or 2")
    for line in lines:
        if len(line) != 2 or any(city not in hexes for city in line):
            problems.append(f"time line {line}: two cities of the board")
        elif not TIME_LINE_HEXES[0] <= hex_distance(hexes[line[0]], hexes[line[1]]) <= TIME_LINE_HEXES[1]:
            problems.append(f"time line {line}: {hex_distance(hexes[line[0]], hexes[line[1]])} hexes apart, "
                            f"not {TIME_LINE_HEXES[0]}-{TIME_LINE_HEXES[1]}")
    return problems


def warp_candidates(board: Board) -> dict[str, int]:
    """Every hex that could be a time warp by the rules (see the module): hex -> the cities that reach it
    with one build."""
    spec, out = board.spec, {}
    cities = [c[1] for c in board.cities]
    for h, t in board.terrain.items():
        col, row = parse(h)
        if (t in WARP_TERRAIN and min(col, row, spec.cols - 1 - col, spec.rows - 1 - row) <= WARP_EDGE
                and all(hex_distance(h, c) >= WARP_CLEAR for c in cities)):
            near = one_link_neighbours(dataclasses.replace(board, warps=[h]), h, BUILD)
            if len(near) >= WARP_CITIES:
                out[h] = len(near)
    return out


def one_link_neighbours(board: Board, start: str, tiles: int | None = None, first: bool = False) -> dict[str, int]:
    """The cities one link from ``start`` can reach on an empty board, with the fewest tiles it needs
    (at most ``tiles``; with ``first``, only the nearest). A link leaves by a spur, runs over land hexes
    that are not cities with straights and gentle curves (sides ``a``, ``b`` of a tile: ``(a - b) % 6``
    in 2, 3, 4) and enters a city by a spur. A time warp is a city with six spurs."""
    city_spurs = board.spurs
    if board.warps:
        city_spurs = {**city_spurs, **{w: list(range(6)) for w in board.warps}}
    found: dict[str, int] = {}
    queue: deque[tuple[str, int, int]] = deque()
    seen: set[tuple[str, int]] = set()
    for side in city_spurs[start]:
        nxt = neighbor(start, side)
        if board.land(nxt) and nxt not in city_spurs:
            queue.append((nxt, opposite(side), 1))
    while queue:
        here, entry, used = queue.popleft()
        if (here, entry) in seen:
            continue
        seen.add((here, entry))
        for side in range(6):
            if (entry - side) % 6 not in (2, 3, 4):
                continue
            nxt = neighbor(here, side)
            if not board.land(nxt):
                continue
            if nxt in city_spurs:
                if nxt != start and opposite(side) in city_spurs[nxt]:
                    found.setdefault(nxt, used)
                    if first:
                        return found
            elif (nxt, opposite(side)) not in seen and (tiles is None or used < tiles):
                queue.append((nxt, opposite(side), used + 1))
    return found


# ------------------------------------------------------------------ output

def toml_text(board: Board) -> str:
    spec = board.spec
    intro = [f"# {spec.name}: our own map for Railways of the World, generated by tools/make_rotw_map.py",
             "# from real geography. Terrain rows: '.' open, '^' mountain, '~' water (river or lake),",
             "# ' ' sea or off the board (not buildable)."]
    if spec.period:
        intro[0] = (f"# {spec.name}: our own period board for Railways Through Time, generated by "
                    "tools/make_rotw_map.py")
        intro.append(f"# Years {spec.period['years']}; time warps {', '.join(spec.period['time_warps'])} and time "
                     f"lines: data/maps/rotw/{INDEX_FILE}.")
    if "f" in board.terrain.values():
        intro.append("# 'f' ferry hex: track only with a Ferry Line card, free (\"RAILWAYS of NORTH AMERICA\").")
    lines = mapgen.head_lines(intro, spec, board.terrain)
    if spec.summary:
        lines += ["", "# One line for players choosing a map.", f'summary = "{spec.summary}"']
    if board.walls:
        lines += ["", "# Hex sides no track may cross (the Humber: railways-of-the-world.txt, \"RAILWAYS of GREAT",
                  '# BRITAIN", Map Note).', "walls = ["]
        lines += ["  " + ", ".join(f'"{w}"' for w in board.walls[i:i + 6]) + "," for i in range(0, len(board.walls), 6)]
        lines.append("]")
    if board.snow_rows:
        lines += ["", f"# The Snow Line runs below row {board.snow_rows}: building on a hex of rows "
                      f"1-{board.snow_rows} costs $1,000 more",
                  '# (railways-of-the-world.txt, "RAILWAYS of NORTH AMERICA", "Snow Line").',
                  f"snow_rows = {board.snow_rows}"]
    if spec.boards:
        first = label(spec.boards["east_column"], 0).rstrip("0123456789")  # the column's letters
        lines += ["", "# Two boards side by side (railways-of-the-world.txt, \"Transcontinental Rules\"): the hexes of",
                  f"# column {first} and east of it are the Eastern board, the others the Western board.",
                  f"east_column = {spec.boards['east_column']}"]
    lines += ["", "# Hex sides with a ridge line (+$4,000 to build across).", "ridges = ["]
    for i in range(0, len(board.ridges), 6):
        lines.append("  " + ", ".join(f'"{r}"' for r in board.ridges[i:i + 6]) + ",")
    lines += ["]", "",
              "# Player counts at which every city starts with one cube fewer (at least one): this map's row of",
              '# the rulebook\'s "Cube Reduction Chart".',
              *(f"# {line}" for line in spec.cube_reduction_note),
              "cube_reduction = [" + ", ".join(str(n) for n in spec.cube_reduction) + "]"]
    lines += ["", f"# Empty city markers that trigger the end of the game, by player count ({spec.markers_note}).",
              "[empty_city_markers]", *(f"{n} = {spec.empty_city_markers[n]}" for n in sorted(spec.empty_city_markers))]
    lines += ["", "# Cities. spurs: the hex sides with a track connection point, where track may enter the city.",
              *(f"# {line}" for line in spec.cities_note)]
    for name, hexname, colour, cubes in board.cities:
        spurs = [SIDES[s] for s in board.spurs[hexname]]
        lines += ["", "[[city]]", f'name = "{name}"', f'hex = "{hexname}"', f'colour = "{colour}"',
                  f"cubes = {cubes}", "spurs = [" + ", ".join(f'"{s}"' for s in spurs) + "]"]
    if not spec.period:
        lines += ["", "# Service Bounty operations cards for this map: city and points (our figures)."]
    for city, points in spec.service_bounties:
        lines += ["", "[[service_bounty]]", f'city = "{city}"', f"points = {points}"]
    if board.western_link:
        lines += ["", '# Build Western Link (railways-of-the-world.txt, "Build Western Link"): the link hex west of',
                  "# each city; red cubes delivered from a built link's city to the market draw 2 cubes onto it.",
                  "[western_link]", f'market = "{spec.western_link["market"]}"',
                  f"cost = {spec.western_link.get('cost', 30)}", f"cubes = {spec.western_link.get('cubes', 4)}"]
        for city, hexname in board.western_link:
            lines += ["", "[[western_link.city]]", f'name = "{city}"', f'hex = "{hexname}"']
    return "\n".join(lines) + "\n"


def report(board: Board) -> str:
    """What a designer checks: cities with their neighbours by one link, colours, cubes, terrain."""
    spec = board.spec
    colour_of = {h: c for _, h, c, _ in board.cities}
    name_of = {h: n for n, h, _, _ in board.cities} | {w: f"warp {w}" for w in board.warps}
    out = [mapgen.heading(spec)]
    kinds = Counter(TERRAIN_NAMES[t] for t in board.terrain.values())
    out.append("terrain: " + ", ".join(f"{k} {kinds[k]}" for k in ("open", "mountain", "water", "sea"))
               + f"; ridges {len(board.ridges)}")
    out.append(f"cities (hex, colour, cubes, spurs; the cities one build of up to {BUILD} tiles joins, with tiles):")
    poor = []
    served: Counter[str] = Counter()     # colour -> cities one build from a city of that colour
    for name, hexname, colour, cubes in board.cities:
        near = one_link_neighbours(board, hexname, BUILD)
        close = sorted(near, key=lambda h: (near[h], name_of[h]))
        out.append(f"  {name:<18} {hexname:<4} {colour:<6} {cubes}  "
                   f"{','.join(SIDES[s] for s in board.spurs[hexname]):<20} "
                   + ", ".join(f"{name_of[h]} {near[h]}" for h in close))
        colours = {colour_of.get(h, "gray") for h in close} - {"gray"}
        served.update(colours)
        if len(colours) < 2:
            poor.append(f"{name} ({', '.join(sorted(colours)) or 'none'})")
    out.append("cities one build from fewer than 2 goods colours (an engine-1 delivery needs a cube of that "
               "colour): " + ("; ".join(poor) or "none"))
    pairs = mapgen.pairs_in_rows(((name, hexname) for name, hexname, _, _ in board.cities), 2, 2)
    out.append("side by side in a row, one hex between (their names may touch on a small board): "
               + (", ".join(pairs) or "none"))
    colours = Counter(c for _, _, c, _ in board.cities)
    out.append(f"{len(board.cities)} cities; colours " + ", ".join(f"{c} {colours[c]}" for c in COLOURS))
    out.append("cities one build from a city of each colour: "
               + ", ".join(f"{c} {served[c]}" for c in COLOURS if c != "gray"))
    for n in range(spec.min_players, spec.max_players + 1):
        reduce = n in spec.cube_reduction
        cubes = sum(max(1, c - 1) if reduce else c for _, _, _, c in board.cities)
        out.append(f"  {n} players: {cubes} cubes{' (one fewer a city)' if reduce else ''}, "
                   f"{spec.empty_city_markers[n]} empty city markers")
    out.append(f"spurs {sum(len(s) for s in board.spurs.values())}; service bounties "
               + ", ".join(f"{c} {p}" for c, p in spec.service_bounties))
    if spec.period:
        for warp in board.warps:
            near = one_link_neighbours(board, warp, BUILD)
            out.append(f"time warp {warp}: " + ", ".join(f"{name_of[h]} {n}" for h, n in sorted(
                near.items(), key=lambda x: (x[1], name_of[x[0]]))))
        hexes = {n: h for n, h, _, _ in board.cities}
        out.append("time lines: " + "; ".join(f"{a}-{b} {hex_distance(hexes[a], hexes[b])} hexes"
                                              for a, b in spec.period["time_lines"]))
        free = dataclasses.replace(board, warps=[])
        out.append("hexes that could be time warps (cities reaching them): " + ", ".join(
            f"{h} {n}" for h, n in sorted(warp_candidates(free).items(), key=lambda x: parse(x[0])[::-1])))
    return "\n".join(out)


def build(map_id: str = "rhine-alps") -> str:
    """The TOML text of map ``map_id`` (raises ``MapError`` for an impossible map)."""
    return toml_text(make_board(load_spec(map_id)))


def validate(text: str, map_id: str) -> None:
    """Load ``text`` with the engine's own map validator (raises its ``DataError``)."""
    from railhead.engine.games.rotw.data import read_map

    mapgen.validate(text, map_id, read_map)


def index_text() -> str:
    """The index of the period boards (``data/maps/rotw/periods.toml``), oldest first, from their specs
    alone; raises ``MapError`` when two boards share a city name (the boards share one name space)."""
    from railhead.engine.common.names import fold

    specs = [load_spec(i) for i in period_ids()]
    seen: dict[str, str] = {}
    clashes = []
    for spec in specs:
        for name, *_ in spec.cities:
            if fold(name) in seen:
                clashes.append(f"{name} ({spec.id}, {seen[fold(name)]})")
            seen.setdefault(fold(name), spec.id)
    if clashes:
        raise MapError("city names on two period boards: " + ", ".join(clashes))
    lines = ["# Railways Through Time: our own period boards (railways-of-the-world.txt, \"RAILWAYS through",
             "# TIME\"), oldest first, generated by tools/make_rotw_map.py from tools/maps/period_<id>.py.",
             f"# Each board is data/maps/rotw/{PERIODS_DIR}/<id>.toml: {PERIOD_COLS} x {PERIOD_ROWS} hexes, "
             f"{PERIOD_CITIES[0]}-{PERIOD_CITIES[1]} cities,",
             f"# at most {PERIOD_CUBES} cubes. time_warps: the board's time warp hexes (free land near the edge, "
             f"at least {WARP_CLEAR}",
             f"# hexes from every city, one build of {BUILD} tiles from at least {WARP_CITIES} cities; "
             "track enters by any side).",
             "# time_line: the two cities of a Time Line of that board (its points are the engine's)."]
    for spec in specs:
        lines += ["", "[[period]]", f'id = "{spec.id}"', f'name = "{spec.name}"',
                  f'years = "{spec.period["years"]}"', f'summary = "{spec.summary}"',
                  "time_warps = [" + ", ".join(f'"{w}"' for w in spec.period["time_warps"]) + "]"]
        for a, b in spec.period["time_lines"]:
            lines += ["", "[[period.time_line]]", f'cities = ["{a}", "{b}"]']
    return "\n".join(lines) + "\n"


def write(map_id: str, out_dir: Path = OUT_DIR, quiet: bool = False) -> Path:
    """Write map ``map_id`` to ``out_dir`` (a period board to its ``PERIODS_DIR``, then the index)."""
    board = make_board(load_spec(map_id))
    text = toml_text(board)
    validate(text, map_id)
    folder = out_dir / PERIODS_DIR if board.spec.period else out_dir
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{map_id}.toml"
    path.write_text(text, encoding="utf-8")
    if board.spec.period:
        (out_dir / INDEX_FILE).write_text(index_text(), encoding="utf-8")
    if not quiet:
        print(report(board))
    return path


def main(argv: list[str] | None = None) -> int:
    return mapgen.main(argv, __doc__.split("\n\n")[0], all_ids, write, OUT_DIR)


if __name__ == "__main__":
    sys.exit(main())
