"""Railways Through Time: the period boards, and the one map a game plays on, laid out from the
boards its players chose (railways-of-the-world.txt, "RAILWAYS through TIME", "Starting the Game":
players pick the time period boards, as many as the players and one more).

``data/maps/rotw/periods.toml`` lists the boards (``[[period]]``: ``id``, ``name``, ``years``,
``summary``, ``time_warps``: hexes of that board, and one or two ``[[period.time_line]]`` with two
``cities``). Each board is an ordinary map file, ``data/maps/rotw/periods/<id>.toml``, of the same
size as every other board; all boards' city names differ.

The composed map (``compose``) has the id ``through-time:<id>,<id>,...`` (the boards in the index's
order). Its boards sit in rows of ``ceil(sqrt(n))``, with one sea column between them and two sea
rows above each (an even number of rows keeps each board's shape on the odd-r grid; the board's title
is drawn there), so no track runs from one board to another. Each time warp is a city of colour
``"warp"``, named "Time warp <hex>", with no goods cubes and a spur on every land side: building into
it completes a link ("New Gameplay"). The rest of its rules (the $1,000, delivering through time,
Time Lines) use ``time_of``.
"""
from __future__ import annotations

import math
from functools import cache

import msgspec

from ...common.datafile import DataError, fail, load
from ...common.hexgrid import coords, edge_key, label, neighbor, normalize
from ...common.names import fold
from . import data
from .data import WARP, City, MapData

THROUGH_TIME = "through-time"
MARKERS = {2: 9, 3: 11, 4: 13, 5: 15, 6: 19}
"""Empty city markers that end the game, by players ("RAILWAYS through TIME", "Ending the Game")."""


class TimeLineSpec(msgspec.Struct, forbid_unknown_fields=True):
    cities: list[str]


class PeriodSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str
    years: str
    summary: str
    time_warps: list[str]
    time_line: list[TimeLineSpec] = []


class PeriodsFile(msgspec.Struct, forbid_unknown_fields=True):
    period: list[PeriodSpec]


class Period(msgspec.Struct, frozen=True):
    """One board as laid out in a composed map: ``origin`` (column, row) of its top-left hex,
    ``warps`` and ``time_lines`` (pairs of city hexes) in the composed map's hex names."""

    id: str
    name: str
    years: str
    origin: tuple[int, int]
    warps: tuple[str, ...]
    time_lines: tuple[tuple[str, str], ...]


class TimeData(msgspec.Struct, frozen=True):
    """What Railways Through Time adds to a composed map: its ``periods`` in layout order, and the
    period id of every board hex (``period_of``, cities and warps included)."""

    periods: tuple[Period, ...]
    period_of: dict[str, str]

    def warps(self) -> dict[str, str]:
        """Time warp hex -> its period id."""
        return {w: p.id for p in self.periods for w in p.warps}


def index_path():
    return data.MAPS_DIR / "periods.toml"


def board_path(period_id: str):
    return data.MAPS_DIR / "periods" / f"{period_id}.toml"


def load_periods() -> dict[str, PeriodSpec]:
    """The period boards by id, in the index's order. Raises ``DataError`` (file and line) for a
    board that is missing, of another size than the first, or whose warps or Time Lines are not its
    own free land hexes and cities; or for a city name used on two boards."""
    return _periods(data.MAPS_DIR)


@cache
def _periods(maps_dir) -> dict[str, PeriodSpec]:
    """``load_periods`` for one maps folder (tests point ``data.MAPS_DIR`` at their own)."""
    path = index_path()
    raw, text = load(path, PeriodsFile)
    out: dict[str, PeriodSpec] = {}
    size = None
    names: dict[str, str] = {}
    for i, spec in enumerate(raw.period):
        if spec.id in out or not board_path(spec.id).exists():
            fail(path, text, f"period {spec.id!r}: listed twice or no board file periods/{spec.id}.toml",
                 "period", i, "id")
        board = load_board(spec.id)
        if size is None:
            size = (board.columns, board.rows)
        if (board.columns, board.rows) != size:
            fail(path, text, f"period {spec.id}: {board.columns}x{board.rows}, the boards are {size[0]}x{size[1]}",
                 "period", i, "id")
        if not 1 <= len(spec.time_warps) <= 2 or any(
                normalize(w) not in board.terrain or normalize(w) in board.cities for w in spec.time_warps):
            fail(path, text, f"period {spec.id}: 1 or 2 time warps, each a land hex of the board and no city",
                 "period", i, "time_warps")
        for line in spec.time_line:
            if len(line.cities) != 2 or any(fold(c) not in board.by_name for c in line.cities):
                fail(path, text, f"period {spec.id}: a time line joins two cities of the board", "period", i,
                     "time_line")
        for city in board.cities.values():
            if fold(city.name) in names:
                fail(path, text, f"period {spec.id}: city {city.name} is also on {names[fold(city.name)]}",
                     "period", i, "id")
            names[fold(city.name)] = spec.id
        out[spec.id] = spec
    return out


def load_board(period_id: str) -> MapData:
    """The map file of one period board (``data.read_map``; raises ``DataError``)."""
    return _board(data.MAPS_DIR, period_id)


@cache
def _board(maps_dir, period_id: str) -> MapData:
    return data.read_map(maps_dir / "periods" / f"{period_id}.toml")


def map_id(period_ids) -> str:
    """The composed map's id for the chosen boards: ``through-time:`` and their ids in the index's
    order. Raises ``DataError`` for an unknown board."""
    known = list(load_periods())
    unknown = [p for p in period_ids if p not in known]
    if unknown:
        raise DataError(f"No period board {unknown[0]!r}; boards: {', '.join(known)}")
    return f"{THROUGH_TIME}:" + ",".join(p for p in known if p in set(period_ids))


def is_composed(map_id_: str) -> bool:
    """Whether ``map_id_`` names a composed Through Time map."""
    return map_id_.startswith(f"{THROUGH_TIME}:")


def _ids(map_id_: str) -> list[str]:
    ids = [p for p in map_id_.partition(":")[2].split(",") if p]
    if not is_composed(map_id_) or not ids or map_id(ids) != map_id_:
        raise DataError(f"{map_id_!r} is not a Through Time map (through-time:<board>,<board>,...)")
    return ids


def _moved(hexname: str, origin: tuple[int, int]) -> str:
    col, row = coords(hexname)
    return label(col + origin[0], row + origin[1])


def compose(map_id_: str) -> tuple[MapData, TimeData]:
    """The map of a Through Time game and its time data (see the module). Raises ``DataError`` for
    an id that is not ``map_id(...)`` of known boards."""
    return _compose(data.MAPS_DIR, map_id_)


@cache
def _compose(maps_dir, map_id_: str) -> tuple[MapData, TimeData]:
    ids = _ids(map_id_)
    specs = load_periods()
    first = load_board(ids[0])
    per_row = math.ceil(math.sqrt(len(ids)))
    gap_rows = 2 if first.rows % 2 == 0 else 1
    terrain: dict[str, str] = {}
    cities: dict[str, City] = {}
    by_name: dict[str, str] = {}
    ridges: set[str] = set()
    period_of: dict[str, str] = {}
    periods: list[Period] = []
    for i, pid in enumerate(ids):
        board, spec = load_board(pid), specs[pid]
        origin = ((i % per_row) * (first.columns + 1), gap_rows + (i // per_row) * (first.rows + gap_rows))
        for h, t in board.terrain.items():
            terrain[_moved(h, origin)] = t
            period_of[_moved(h, origin)] = pid
        for ridge in board.ridges:
            a, b = (_moved(h, origin) for h in _edge_hexes(ridge))
            ridges.add(edge_key(a, b))
        for h, c in board.cities.items():
            moved = _moved(h, origin)
            cities[moved] = City(c.name, moved, c.colour, c.cubes, c.spurs)
            by_name[fold(c.name)] = moved
        warps = tuple(_moved(w, origin) for w in spec.time_warps)     # checked by load_periods
        lines = []
        for line in spec.time_line:                                     # two cities each (load_periods)
            a, b = (_moved(board.by_name[fold(n)], origin) for n in line.cities)
            lines.append((a, b))
        periods.append(Period(pid, spec.name, spec.years, origin, warps, tuple(lines)))
    for p in periods:
        for w in p.warps:
            name = f"Time warp {w}"
            sides = frozenset(s for s in range(6) if period_of.get(neighbor(w, s)) == p.id)
            cities[w] = City(name, w, WARP, 0, sides)
            by_name[fold(name)] = w
    rows_used = math.ceil(len(ids) / per_row)
    composed = MapData(
        id=map_id_, name="Railways Through Time", min_players=2, max_players=6,
        columns=min(len(ids), per_row) * (first.columns + 1) - 1, rows=rows_used * (first.rows + gap_rows),
        empty_city_markers=dict(MARKERS), terrain=terrain, ridges=frozenset(ridges), cities=cities,
        by_name=by_name, service_bounties=(), cube_reduction=frozenset(),
        summary="Boards of past ages joined by time warps",
    )
    return composed, TimeData(tuple(periods), period_of)


def _edge_hexes(key: str) -> tuple[str, str]:
    """The two hexes of a ridge's edge key (``data`` stores ridges as ``edge_key`` values)."""
    a, _, b = key.partition("|")
    return a, b


def time_of(mapdata: MapData) -> TimeData | None:
    """The time data of a composed map, ``None`` for any other map."""
    return compose(mapdata.id)[1] if is_composed(mapdata.id) else None


def time_data(mapdata: MapData) -> TimeData:
    """``time_of`` a map known to be composed (for a Through Time card, view or bounty). Raises
    ``ValueError`` for another map."""
    time = time_of(mapdata)
    if time is None:
        raise ValueError(f"{mapdata.id} is not a Through Time map")
    return time


def is_warp(mapdata: MapData, hexname: str) -> bool:
    """Whether ``hexname`` is a time warp of ``mapdata``."""
    city = mapdata.cities.get(hexname)
    return city is not None and city.colour == WARP


def choose(wanted: list[str], players: int, rng) -> str:
    """The composed map id of a new Through Time game: the boards ``wanted`` (ids of the index, at
    least 2), or, when none are named, ``players + 1`` boards at random with ``rng`` (the rulebook's
    advice), again until one has a red city ("It is recommended that players always include at
    least one time period with a red city"). Raises ``IllegalAction`` naming the boards."""
    from ...core.errors import IllegalAction

    known = list(load_periods())
    if wanted:
        unknown = [p for p in wanted if p not in known]
        if unknown:
            raise IllegalAction(f"No period board {unknown[0]!r}; the boards are {', '.join(known)}.")
        if len(set(wanted)) < 2:
            raise IllegalAction("Railways Through Time needs at least 2 period boards (the rulebook advises one more "
                                "than the players).")
        return map_id(wanted)
    count = min(players + 1, len(known))
    while True:
        order = list(known)
        rng.shuffle(order)
        chosen = order[:count]
        if any(c.colour == "red" for p in chosen for c in load_board(p).cities.values()):
            return map_id(chosen)


data.COMPOSED[THROUGH_TIME] = lambda map_id_: compose(map_id_)[0]
