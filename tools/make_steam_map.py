"""Generate Steam maps (data/maps/steam/<id>.toml) from real geography.

Each map is a spec module ``tools/maps/steam_<id with '_' for '-'>.py`` holding its geography and
design (``SPEC_FIELDS`` below): cities and towns are real places at their real latitude/longitude;
hills, rivers, lakes, estuaries and seas are rough outlines of the real ones; colours, cube counts and
goods supply spaces are our own game design. The hex grid, projection and outline geometry are
tools/mapgen.py's, shared with tools/make_rotw_map.py.

Terrain (steam.txt, "Hills", "Rivers", "The Plains (& Coast) Hex"): a hex whose centre lies in a
``HILLS`` outline is hills; a hex a ``RIVERS`` line passes through has a river; a hex whose centre lies
in a ``SEAS`` or ``OFF`` outline is off the board (sea, or land beyond the board's edge), unless a city
or town falls in it: a coastal place keeps its hex. Impassable hex sides (steam.txt: "You can't build
tracks that cross or touch a hex side with a thick black line"): every side that a ``WALLS`` line (a
narrow lake, an estuary, a mountain wall) separates, plus ``IMPASSABLE`` by hand. A side towards an
off-board hex needs no listing: track may never run off the board.

Goods supply spaces 1-12 go to the cities named in ``SUPPLY``, numbered in reading order of their
hexes (top row first, left to right), so the numbers run across the board like its hex names.

Run: ``python tools/make_steam_map.py po-valley`` (or several ids, or ``--all``; ``--out DIR`` writes
elsewhere, ``--quiet`` skips the report). The tool refuses an impossible map (cities side by side,
towns side by side or on a city, a place off the board, a city no track can reach, a network in
pieces, a supply space twice...), prints a report, and loads the written file with the engine's own
loader (engine.games.steam.data.read_map).
"""

import math
import sys
from collections import Counter, deque
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mapgen  # noqa: E402
from mapgen import ROOT, LatLon, MapError, geo_of, hex_at, hex_distance, inside, line_hexes, wall_sides  # noqa: E402

from railhead.engine.common.hexgrid import label, neighbor, parse  # noqa: E402
from railhead.engine.games.steam.data import fold, load_rules  # noqa: E402

PREFIX = "steam_"
OUT_DIR = ROOT / "data" / "maps" / "steam"
COLOURS = ("red", "yellow", "blue", "purple")      # printed cities; gray is for New City tiles only
SUPPLY_SPACES = 12
CUBES_IN_BOX = 96                                   # steam.txt, "What You'll Need"
SUPPLY_TOTAL = 20                                   # goods supply spaces 1-12 and New City spaces A-H
TERRAIN_NAMES = {".": "plains", "^": "hills", "~": "plains with a river", "%": "hills with a river",
                 " ": "off the board"}

# What a spec module may define (upper-case names); those without a default are required.
SPEC_FIELDS = {
    "ID": None, "NAME": None, "MIN_PLAYERS": None, "MAX_PLAYERS": None,
    "LON0": None, "LAT0": None,        # the centre of hex A1 (top-left)
    "COLS": None, "ROWS": None,
    "SIZE_KM": None,                   # hex circumradius in km
    "REF_LAT": None,                   # latitude whose scale the projection keeps (degrees)
    "CITIES": None,                    # (name, lat, lon, colour, cubes printed)
    "SUPPLY": None,                    # names of the cities with a goods supply space (at most 12)
    "TOWNS": (),                       # (name, lat, lon)
    "CUBE_REDUCTION": (),              # player counts at which every city starts with one cube fewer
    "CUBE_REDUCTION_NOTE": (),         # comment lines for cube_reduction
    "HILLS": (),                       # polygons [(lat, lon), ...]
    "RIVERS": (),                      # (name, polyline [(lat, lon), ...])
    "WALLS": (),                       # (name, polyline): the hex sides it separates are impassable
    "IMPASSABLE": (),                  # further impassable sides by hand: "A1|B2"
    "SEAS": (),                        # polygons: off the board (sea, large lakes)
    "OFF": (),                         # polygons: off the board (land beyond the edge)
    "HEADER": (),                      # comment lines after the file's first two
    "CITIES_NOTE": (),                 # comment lines before the cities
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
    supply: list[str]
    towns: list[tuple[str, float, float]]
    cube_reduction: tuple[int, ...]
    cube_reduction_note: list[str]
    hills: list[list[LatLon]]
    rivers: list[tuple[str, list[LatLon]]]
    walls: list[tuple[str, list[LatLon]]]
    impassable: list[str]
    seas: list[list[LatLon]]
    off: list[list[LatLon]]
    header: list[str]
    cities_note: list[str]
    cos: float = field(init=False)

    def __post_init__(self) -> None:
        self.cos = math.cos(math.radians(self.ref_lat))


def map_ids() -> list[str]:
    """The ids of every Steam map with a spec under tools/maps/ (``steam_*.py``)."""
    return sorted(mapgen.load_module(p, "steam_map_").ID for p in mapgen.spec_paths(PREFIX))


def load_spec(map_id: str) -> Spec:
    path = mapgen.spec_path(map_id, PREFIX)
    if not path.exists():
        raise MapError(f"no spec for map {map_id!r}: expected {path.relative_to(ROOT)}")
    values = mapgen.read_spec(mapgen.load_module(path, "steam_map_"), path, SPEC_FIELDS, map_id)
    for name in ("cities", "supply", "towns", "cube_reduction_note", "hills", "rivers", "walls", "impassable",
                 "seas", "off", "header", "cities_note"):
        values[name] = list(values[name])
    values["cube_reduction"] = tuple(values["cube_reduction"])
    return Spec(**values)


# ------------------------------------------------------------------ the map

@dataclass
class City:
    name: str
    hex: str
    colour: str
    cubes: int
    supply: int = 0


@dataclass
class Board:
    spec: Spec
    terrain: dict[str, str]                 # every hex of the grid -> '.', '^', '~', '%' or ' '
    cities: list[City]
    towns: list[tuple[str, str]]            # name, hex
    impassable: list[str]                   # "A1|B2", sorted
    rivers: dict[str, list[str]] = field(default_factory=dict)      # river -> its board hexes
    walls: dict[str, list[str]] = field(default_factory=dict)       # wall -> the sides it blocks
    coastal: list[str] = field(default_factory=list)                # places kept on a sea/off hex

    def on_board(self, hexname: str) -> bool:
        return self.terrain.get(hexname, " ") != " "

    def open_sides(self, hexname: str) -> list[str]:
        """The neighbours of ``hexname`` on the board that no impassable side cuts off."""
        blocked = set(self.impassable)
        return [n for s in range(6) if self.on_board(n := neighbor(hexname, s))
                and "|".join(sorted((hexname, n))) not in blocked]


def place(spec: Spec, name: str, lat: float, lon: float, problems: list[str]) -> str | None:
    col, row = hex_at(spec, (lat, lon))
    if not (0 <= col < spec.cols and 0 <= row < spec.rows):
        problems.append(f"{name} ({lat}, {lon}) is off the grid")
        return None
    return label(col, row)


def make_board(spec: Spec) -> Board:
    """Lay the spec over the grid; raises ``MapError`` listing every reason the map is impossible."""
    problems: list[str] = []
    counts = sorted(int(n) for n in load_rules().turns)
    if not (counts[0] <= spec.min_players <= spec.max_players <= counts[-1]):
        problems.append(f"player range {spec.min_players}-{spec.max_players} is not within {counts[0]}-{counts[-1]}")
    cities: list[City] = []
    where: dict[str, str] = {}                  # hex -> city or town name
    for name, lat, lon, colour, cubes in spec.cities:
        if colour not in COLOURS:
            problems.append(f"{name}: colour {colour!r} is not one of {COLOURS}")
        if not 1 <= cubes <= 6:
            problems.append(f"{name}: {cubes} cubes (1-6)")
        h = place(spec, name, lat, lon, problems)
        if h is None:
            continue
        for other in cities:
            if hex_distance(h, other.hex) <= 1:
                problems.append(f"{name} ({h}) is {'on' if h == other.hex else 'next to'} {other.name} "
                                f"({other.hex}): cities need a hex between them")
        where.setdefault(h, name)
        cities.append(City(name, h, colour, cubes))
    towns: list[tuple[str, str]] = []
    for name, lat, lon in spec.towns:
        h = place(spec, name, lat, lon, problems)
        if h is None:
            continue
        if h in where:
            problems.append(f"town {name} ({h}) falls on {where[h]}")
        for other, oh in towns:
            if hex_distance(h, oh) == 1:
                problems.append(f"town {name} ({h}) is next to town {other} ({oh}): towns need a hex between them")
        where.setdefault(h, name)
        towns.append((name, h))
    names = [c.name for c in cities] + [t[0] for t in towns]
    folded = Counter(fold(n) for n in names)
    if any(k > 1 for k in folded.values()):
        problems.append(f"duplicate names: {sorted(n for n in names if folded[fold(n)] > 1)}")
    # supply spaces: in reading order of the cities' hexes
    by_name = {c.name: c for c in cities}
    unknown = [n for n in spec.supply if n not in by_name]
    if unknown:
        problems.append(f"SUPPLY names {unknown}, not cities of the map")
    if len(spec.supply) > SUPPLY_SPACES or len(set(spec.supply)) != len(spec.supply):
        problems.append(f"SUPPLY must name at most {SUPPLY_SPACES} different cities")
    chosen = sorted((by_name[n] for n in set(spec.supply) if n in by_name),
                    key=lambda c: tuple(reversed(parse(c.hex))))
    for number, city in enumerate(chosen, 1):
        city.supply = number
    wanted = set(range(spec.min_players, spec.max_players + 1))
    if not set(spec.cube_reduction) <= wanted:
        problems.append(f"cube reduction at {list(spec.cube_reduction)} players, the map takes {sorted(wanted)}")
    terrain, rivers, coastal = make_terrain(spec, set(where))
    board = Board(spec, terrain, cities, towns, [], rivers, {}, coastal)
    for h, name in where.items():
        if not board.on_board(h):       # cannot happen (places keep their hex); guards make_terrain
            problems.append(f"{name} ({h}) is off the board")
    sides: set[str] = set()
    on_board = [h for h, t in terrain.items() if t != " "]
    for name, line in spec.walls:
        blocked = wall_sides(spec, line, on_board)
        if not blocked:
            problems.append(f"wall {name} blocks no hex side of the board")
        board.walls[name] = blocked
        sides.update(blocked)
    for side in spec.impassable:
        a, _, b = side.partition("|")
        if not (board.on_board(a) and board.on_board(b)) or hex_distance(a, b) != 1:
            problems.append(f"impassable side {side!r} is not between two neighbouring hexes of the board")
        else:
            sides.add("|".join(sorted((a, b))))
    board.impassable = sorted(sides, key=side_order)
    if not problems:
        problems += reach_problems(board)
    if problems:
        raise MapError(f"{spec.id}: impossible map:\n  " + "\n  ".join(problems))
    return board


def make_terrain(spec: Spec, places: set[str]) -> tuple[dict[str, str], dict[str, list[str]], list[str]]:
    """Terrain by hex; the board hexes of each river; the places kept on a hex the sea or ``OFF`` covers."""
    terrain: dict[str, str] = {}
    coastal = []
    for row in range(spec.rows):
        for col in range(spec.cols):
            h = label(col, row)
            p = geo_of(spec, h)
            off = any(inside(p, s) for s in spec.seas) or any(inside(p, s) for s in spec.off)
            if off and h in places:
                coastal.append(h)
                off = False
            terrain[h] = " " if off else "^" if any(inside(p, m) for m in spec.hills) else "."
    rivers: dict[str, list[str]] = {}
    for name, line in spec.rivers:
        rivers[name] = [h for h in line_hexes(spec, line) if terrain.get(h, " ") != " "]
        for h in rivers[name]:
            terrain[h] = {".": "~", "^": "%"}.get(terrain[h], terrain[h])
    return terrain, rivers, coastal


def side_order(side: str) -> tuple[int, int, int, int]:
    a, b = side.split("|")
    return (*reversed(parse(a)), *reversed(parse(b)))


def city_reach(board: Board, start: str) -> dict[str, int]:
    """The cities that track from city ``start`` can reach over buildable hexes (on the board, not a
    city; towns included) without crossing an impassable side, with the fewest hexes between."""
    city_hexes = {c.hex for c in board.cities}
    found: dict[str, int] = {}
    seen = {start}
    queue: deque[tuple[str, int]] = deque([(start, 0)])
    while queue:
        here, steps = queue.popleft()
        for nxt in board.open_sides(here):
            if nxt in seen:
                continue
            seen.add(nxt)
            if nxt in city_hexes:
                if steps > 0:                   # two cities side by side have no track between them
                    found.setdefault(nxt, steps)
            else:
                queue.append((nxt, steps + 1))
    return found


def reach_problems(board: Board) -> list[str]:
    """Each city must reach another city by track, all cities must form one network, and track from
    some city must reach each town."""
    reach = {c.hex: city_reach(board, c.hex) for c in board.cities}
    name = {c.hex: c.name for c in board.cities}
    problems = [f"{name[h]} ({h}): no other city can be reached by track" for h, r in reach.items() if not r]
    if problems or not reach:
        return problems
    start = board.cities[0].hex
    network, todo = {start}, [start]
    while todo:
        for nxt in set(reach[todo.pop()]) - network:
            network.add(nxt)
            todo.append(nxt)
    cut = sorted(name[h] for h in set(reach) - network)
    if cut:
        problems.append(f"cities cut off from {name[start]}'s network: {', '.join(cut)}")
    reached: set[str] = set()                   # every hex track from a city can reach
    todo = list(name)
    while todo:
        for nxt in board.open_sides(todo.pop()):
            if nxt not in reached and nxt not in name:
                reached.add(nxt)
                todo.append(nxt)
    problems += [f"town {t} ({h}): no track from a city can reach it" for t, h in board.towns if h not in reached]
    return problems


# ------------------------------------------------------------------ output

def toml_text(board: Board) -> str:
    spec = board.spec
    lines = mapgen.head_lines([f"# {spec.name}: our own map for Steam, generated by tools/make_steam_map.py from "
                               "real geography.",
                               "# Terrain rows: '.' plains, '^' hills, '~' plains with a river, '%' hills with a "
                               "river, ' ' off the",
                               "# board (sea, or land beyond the edge)."], spec, board.terrain)
    walls = ", ".join(board.walls) or "none"
    lines += ["",
              f"# Hex sides track may not cross or touch (walls: {walls}).",
              "impassable = ["]
    for i in range(0, len(board.impassable), 6):
        lines.append("  " + ", ".join(f'"{s}"' for s in board.impassable[i:i + 6]) + ",")
    lines += ["]", "",
              "# Player counts at which every city starts with one cube fewer (at least one).",
              *mapgen.comments(spec.cube_reduction_note),
              "cube_reduction = [" + ", ".join(str(n) for n in spec.cube_reduction) + "]"]
    lines += ["", "# Towns: town track tiles only; a New City tile may be placed on one."]
    for name, h in board.towns:
        lines += ["", "[[town]]", f'name = "{name}"', f'hex = "{h}"']
    lines += ["", "# Cities: colour, the goods cubes printed on the city, its goods supply space (0: none, it cannot",
              "# grow).", *mapgen.comments(spec.cities_note)]
    for c in board.cities:
        lines += ["", "[[city]]", f'name = "{c.name}"', f'hex = "{c.hex}"', f'colour = "{c.colour}"',
                  f"cubes = {c.cubes}", f"supply = {c.supply}"]
    return "\n".join(lines) + "\n"


def cube_budget(board: Board) -> list[str]:
    """Cubes the setup draws by player count: the cities' (one fewer each with a cube reduction) and
    the goods supply spaces' (3 on each of 20, 2 with three players: engine/games/steam/flow.py)."""
    per_space = load_rules().goods_per_space
    spec = board.spec
    out = []
    for n in range(spec.min_players, spec.max_players + 1):
        reduce = n in spec.cube_reduction
        cities = sum(max(1, c.cubes - 1) if reduce else c.cubes for c in board.cities)
        supply = SUPPLY_TOTAL * (per_space - (1 if n == 3 else 0))
        left = CUBES_IN_BOX - cities - supply
        state = f"{left} left in the bag" if left >= 0 else f"the last supply spaces {-left} cubes short"
        out.append(f"  {n} players: cities {cities}{' (one fewer a city)' if reduce else ''} "
                   f"({cities / n:.1f} a player), supply {supply}: {state}")
    return out


def report(board: Board) -> str:
    """What a designer checks: the grid, terrain, each city's neighbours, towns, colours and cubes."""
    spec = board.spec
    out = [mapgen.heading(spec)]
    kinds = Counter(board.terrain.values())
    out.append("terrain: " + ", ".join(f"{TERRAIN_NAMES[k]} {kinds[k]}" for k in ".^~% ")
               + f"; impassable sides {len(board.impassable)}")
    out.append("rivers (board hexes): " + ", ".join(f"{n} {len(h)}" for n, h in board.rivers.items()))
    out.append("walls (sides): " + (", ".join(f"{n} {len(s)}" for n, s in board.walls.items()) or "none")
               + (f"; by hand {len(spec.impassable)}" if spec.impassable else ""))
    if board.coastal:
        out.append("places kept on a hex whose centre is off the board: " + ", ".join(board.coastal))
    name = {c.hex: c.name for c in board.cities}
    colour = {c.hex: c.colour for c in board.cities}
    out.append("cities (hex, colour, cubes, supply, open sides; the nearest cities by track, hexes between):")
    poor = []
    for c in board.cities:
        reach = city_reach(board, c.hex)
        near = sorted(reach, key=lambda h: (reach[h], name[h]))[:5]
        out.append(f"  {c.name:<14} {c.hex:<4} {c.colour:<6} {c.cubes} {c.supply:>2}  {len(board.open_sides(c.hex))}  "
                   + ", ".join(f"{name[h]} {reach[h]}" for h in near))
        within = {colour[h] for h, d in reach.items() if d <= 3} - {c.colour}
        if len(within) < 2:
            poor.append(f"{c.name} ({', '.join(sorted(within)) or 'none'})")
    out.append("cities with fewer than 2 other colours within 3 hexes of track: " + ("; ".join(poor) or "none"))
    town_hexes = {h for _, h in board.towns}
    out.append("towns (hex; cities and towns next to it):")
    for t, h in board.towns:
        nbrs = [name.get(n) or next(x for x, y in board.towns if y == n)
                for s in range(6) if (n := neighbor(h, s)) in name or n in town_hexes]
        out.append(f"  {t:<14} {h:<4} {', '.join(nbrs)}")
    pairs = mapgen.pairs_in_rows([(c.name, c.hex) for c in board.cities] + board.towns, 1, 2)
    out.append("side by side in a row, at most one hex between (their names may touch): "
               + (", ".join(pairs) or "none"))
    colours = Counter(c.colour for c in board.cities)
    out.append(f"{len(board.cities)} cities, {len(board.towns)} towns; colours "
               + ", ".join(f"{k} {colours[k]}" for k in COLOURS)
               + "; cubes printed " + ", ".join(f"{k}: {v} cities" for k, v in sorted(Counter(
                   c.cubes for c in board.cities).items()))
               + f" ({sum(c.cubes for c in board.cities)})")
    out.append("goods supply spaces: " + ", ".join(f"{c.supply} {c.name}" for c in sorted(
        (c for c in board.cities if c.supply), key=lambda c: c.supply)))
    out.append(f"cubes at setup ({CUBES_IN_BOX} in the box):")
    out += cube_budget(board)
    return "\n".join(out)


def build(map_id: str) -> str:
    """The TOML text of map ``map_id`` (raises ``MapError`` for an impossible map)."""
    return toml_text(make_board(load_spec(map_id)))


def validate(text: str, map_id: str):
    """Load ``text`` with the engine's own map loader (raises its ``DataError``); returns its MapData."""
    from railhead.engine.games.steam.data import read_map

    return mapgen.validate(text, map_id, read_map)


def write(map_id: str, out_dir: Path = OUT_DIR, quiet: bool = False) -> Path:
    board = make_board(load_spec(map_id))
    text = toml_text(board)
    validate(text, map_id)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{map_id}.toml"
    path.write_text(text, encoding="utf-8")
    if not quiet:
        print(report(board))
    return path


def main(argv: list[str] | None = None) -> int:
    return mapgen.main(argv, __doc__.split("\n\n")[0], map_ids, write, OUT_DIR, PREFIX)


if __name__ == "__main__":
    sys.exit(main())
