"""What the map generators share (tools/make_rotw_map.py, tools/make_steam_map.py): spec modules, the
hex grid laid over an equirectangular projection, terrain from outline polygons and polylines, walls
that block hex sides, lines for the reports, validation with a game's own loader, and the command line.

A map is a spec module under ``tools/maps/``: upper-case names holding its geography (real places at
their latitude/longitude, rough outlines of mountains, rivers and seas) and its design. The file name
says the game: ``steam_<id>.py`` for Steam (``GAME_PREFIXES``), ``<id>.py`` (no game prefix) for
Railways of the World, ``period_<id>.py`` for a period board of Railways Through Time (``PERIOD_PREFIX``,
written by make_rotw_map.py beside the maps); ``-`` in an id is ``_`` in the file name.

The grid: pointy-top hexes in odd-r offset coordinates (engine/common/hexgrid.py). A spec gives the
centre of hex A1 (``LAT0``, ``LON0``), the hex circumradius ``SIZE_KM`` and the latitude ``REF_LAT``
whose east-west scale the projection keeps; ``geo`` gives a hex centre's latitude and longitude,
``hex_at`` the hex a point falls in.
"""
from __future__ import annotations

import argparse
import importlib.util
import math
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Protocol

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from railhead.engine.common.hexgrid import SQRT3, center, label, neighbor, parse  # noqa: E402
from railhead.engine.common.hexgrid import distance as hex_distance  # noqa: E402,F401 (for the map tools)

MAPS_DIR = ROOT / "tools" / "maps"
KM_PER_DEG = 111.2
GAME_PREFIXES = ("steam_",)       # spec files of games other than Railways of the World
PERIOD_PREFIX = "period_"         # spec files of Railways Through Time's period boards (make_rotw_map.py)

LatLon = tuple[float, float]


class MapError(ValueError):
    """The spec describes a map the game cannot use; the message lists every problem."""


class Grid(Protocol):
    """What the geometry needs of a spec."""
    lat0: float
    lon0: float
    size_km: float
    cos: float                    # cos(REF_LAT)


# ------------------------------------------------------------------ spec modules

def spec_path(map_id: str, prefix: str = "") -> Path:
    return MAPS_DIR / f"{prefix}{map_id.replace('-', '_')}.py"


def spec_paths(prefix: str = "") -> list[Path]:
    """The spec files of one game: those named ``<prefix>*.py``, or with ``prefix`` empty those with no
    game prefix nor ``PERIOD_PREFIX`` (Railways of the World's maps). Files starting with ``_`` are not
    specs."""
    paths = sorted(p for p in MAPS_DIR.glob("*.py") if not p.name.startswith("_"))
    if prefix:
        return [p for p in paths if p.name.startswith(prefix)]
    return [p for p in paths if not p.name.startswith((*GAME_PREFIXES, PERIOD_PREFIX))]


def load_module(path: Path, prefix: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"{prefix}{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def read_spec(module: ModuleType, path: Path, fields: dict[str, object], map_id: str) -> dict[str, object]:
    """The spec's values by lower-case field name, defaults filled in; ``MapError`` for an unknown or
    missing field (``fields``: name -> default, ``None`` when required) or an ``ID`` not ``map_id``."""
    unknown = sorted(n for n in vars(module) if n.isupper() and n not in fields)
    missing = sorted(n for n, d in fields.items() if d is None and not hasattr(module, n))
    if unknown or missing:
        raise MapError(f"{path.name}: unknown {unknown}, missing {missing}")
    values = {n.lower(): getattr(module, n, d) for n, d in fields.items()}
    if values["id"] != map_id:
        raise MapError(f"{path.name}: ID is {values['id']!r}, not {map_id!r}")
    return values


# ------------------------------------------------------------------ geometry

def geo(grid: Grid, col: int, row: int) -> LatLon:
    """Latitude and longitude of the centre of hex ``(col, row)``."""
    x, y = center(col, row, grid.size_km)
    return grid.lat0 - y / KM_PER_DEG, grid.lon0 + x / (KM_PER_DEG * grid.cos)


def geo_of(grid: Grid, hexname: str) -> LatLon:
    return geo(grid, *parse(hexname))


def km(grid: Grid, a: LatLon, b: LatLon) -> float:
    return math.hypot((a[0] - b[0]) * KM_PER_DEG, (a[1] - b[1]) * KM_PER_DEG * grid.cos)


def xy(grid: Grid, p: LatLon) -> tuple[float, float]:
    """Kilometres east and south of the centre of hex A1."""
    return (p[1] - grid.lon0) * KM_PER_DEG * grid.cos, (grid.lat0 - p[0]) * KM_PER_DEG


def hex_at(grid: Grid, p: LatLon) -> tuple[int, int]:
    """``(col, row)`` of the hex that point ``p`` falls in (it may lie off the grid)."""
    x, y = xy(grid, p)
    q = (SQRT3 / 3 * x - y / 3) / grid.size_km
    r = (2 / 3 * y) / grid.size_km
    cx, cz = q, r
    cy = -cx - cz
    rx, ry, rz = round(cx), round(cy), round(cz)
    dx, dy, dz = abs(rx - cx), abs(ry - cy), abs(rz - cz)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return rx + (rz - (rz & 1)) // 2, rz


def inside(p: LatLon, poly: list[LatLon]) -> bool:
    lat, lon = p
    hit = False
    for (a_lat, a_lon), (b_lat, b_lon) in zip(poly, poly[1:] + poly[:1]):
        if (a_lat > lat) != (b_lat > lat):
            t = (lat - a_lat) / (b_lat - a_lat)
            if lon < a_lon + t * (b_lon - a_lon):
                hit = not hit
    return hit


def samples(grid: Grid, line: list[LatLon], step_km: float = 4) -> list[LatLon]:
    """Points along a polyline, about every ``step_km`` km."""
    points = []
    for a, b in zip(line, line[1:]):
        steps = max(2, int(km(grid, a, b) / step_km))
        points += [(a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps) for i in range(steps + 1)]
    return points


def near_line(grid: Grid, p: LatLon, points: list[LatLon], limit: float) -> bool:
    """Whether ``p`` is closer than ``limit`` km to one of a line's ``samples``."""
    return any(abs(p[0] - q[0]) * KM_PER_DEG < limit and km(grid, p, q) < limit for q in points)


def line_hexes(grid: Grid, line: list[LatLon]) -> list[str]:
    """The hexes of the grid a polyline passes through, in order (sampled every tenth of a hex)."""
    out: list[str] = []
    for p in samples(grid, line, grid.size_km / 10):
        col, row = hex_at(grid, p)
        if col >= 0 and row >= 0 and (name := label(col, row)) not in out:
            out.append(name)
    return out


def _crosses(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float], d: tuple[float, float]) -> bool:
    """Whether segments ab and cd cross (touching counts)."""
    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    d1, d2, d3, d4 = side(c, d, a), side(c, d, b), side(a, b, c), side(a, b, d)
    return (d1 * d2 <= 0) and (d3 * d4 <= 0) and not (d1 == d2 == 0)


def wall_sides(grid: Grid, line: list[LatLon], hexes: Iterable[str]) -> list[str]:
    """The hex sides a wall (a lake, an estuary, a mountain wall drawn as a polyline) blocks: the sides
    between two of ``hexes`` whose centres the line separates, named ``"A1|B2"``."""
    pts = [xy(grid, p) for p in line]
    board = set(hexes)
    out = set()
    for h in board:
        for side in (0, 1, 2):                    # each side once: E, SE, SW
            other = neighbor(h, side)
            if other not in board:
                continue
            a = center(*parse(h), grid.size_km)
            b = center(*parse(other), grid.size_km)
            if any(_crosses(a, b, p, q) for p, q in zip(pts, pts[1:])):
                out.add("|".join(sorted((h, other))))
    return sorted(out)


# ------------------------------------------------------------------ reports

def heading(spec) -> str:
    """A report's first line: name, id, grid, hex size and players."""
    return (f"{spec.name} ({spec.id}): {spec.cols} x {spec.rows} hexes of {spec.size_km:g} km "
            f"({spec.size_km * SQRT3:.1f} km across), {spec.min_players}-{spec.max_players} players")


def pairs_in_rows(places: Iterable[tuple[str, str]], least: int, most: int) -> list[str]:
    """``"A/B"`` for places (name, hex) next to each other in one row of the grid, ``least`` to ``most``
    columns apart: their names, printed on one line, may run together."""
    rows: dict[int, list[tuple[int, str]]] = {}
    for name, hexname in places:
        col, row = parse(hexname)
        rows.setdefault(row, []).append((col, name))
    return [f"{a}/{b}" for row in rows.values() for (c1, a), (c2, b) in zip(sorted(row), sorted(row)[1:])
            if least <= c2 - c1 <= most]


# ------------------------------------------------------------------ writing

def comments(lines: Iterable[str]) -> list[str]:
    """TOML comment lines: ``"# text"``, or ``"#"`` for an empty line."""
    return [f"# {line}" if line else "#" for line in lines]


def head_lines(intro: list[str], spec, terrain: dict[str, str]) -> list[str]:
    """The start of a map file, the same for every game: ``intro`` and the spec's header as comments,
    the id, name, player range and size, and the terrain rows (one character a hex)."""
    lines = [*intro, *comments(spec.header),
             f'id = "{spec.id}"',
             f'name = "{spec.name}"',
             f"min_players = {spec.min_players}",
             f"max_players = {spec.max_players}",
             f"columns = {spec.cols}",
             f"rows = {spec.rows}",
             "",
             "terrain = ["]
    for row in range(spec.rows):
        lines.append('  "' + "".join(terrain[label(c, row)] for c in range(spec.cols)) + '",')
    return lines + ["]"]


def validate(text: str, map_id: str, read_map: Callable[[Path], object]) -> object:
    """Load ``text`` with a game's own map validator (raises its ``DataError``); returns what it gives."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{map_id}.toml"
        path.write_text(text, encoding="utf-8")
        return read_map(path)


def main(argv: list[str] | None, description: str, ids: Callable[[], list[str]],
         write: Callable[[str, Path, bool], Path], out_dir: Path, prefix: str = "") -> int:
    """The generators' command line: map ids or ``--all``, ``--out DIR``, ``--quiet``; ``write(map_id,
    out_dir, quiet)`` writes one map and returns its path. Prints a ``MapError`` and returns 1."""
    parser = argparse.ArgumentParser(description=description)
    where = spec_path("<id>", prefix).relative_to(ROOT)
    parser.add_argument("maps", nargs="*", help=f"map ids (specs {where})")
    parser.add_argument("--all", action="store_true", help="every map with a spec")
    parser.add_argument("--out", type=Path, default=out_dir,
                        help=f"output folder (default: {out_dir.relative_to(ROOT)})")
    parser.add_argument("--quiet", action="store_true", help="no report")
    args = parser.parse_args(argv)
    chosen = ids() if args.all else args.maps
    if not chosen:
        parser.error(f"name a map ({', '.join(ids())}) or --all")
    for map_id in chosen:
        try:
            path = write(map_id, args.out, args.quiet)
        except MapError as exc:
            print(exc, file=sys.stderr)
            return 1
        print(f"wrote {path}")
    return 0
