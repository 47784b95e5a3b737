"""Railways of the World data: maps, tables and operations cards from ``data/``.

Everything here is static and cached; the state only holds what changes.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from railhead.engine.common.datafile import DATA_DIR, DataError, fail, load
from railhead.engine.common.goods import COLOURS
from railhead.engine.common.hexgrid import SIDES, edge_key, label, neighbor, normalize, side_towards
from railhead.engine.common.names import fold

CITY_COLOURS = (*COLOURS, "gray")
TERRAIN = {".": "open", "^": "mountain", "~": "water", " ": "sea"}


class CitySpec(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    hex: str
    colour: str
    cubes: int
    spurs: list[str]


class BountySpec(msgspec.Struct, forbid_unknown_fields=True):
    city: str
    points: int


class MapFile(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str
    min_players: int
    max_players: int
    columns: int
    rows: int
    empty_city_markers: dict[str, int]
    terrain: list[str]
    ridges: list[str]
    city: list[CitySpec]
    service_bounty: list[BountySpec] = []
    cube_reduction: list[int] = msgspec.field(default_factory=lambda: [2, 3])
    summary: str = ""


class City(msgspec.Struct, frozen=True):
    name: str
    hex: str
    colour: str
    cubes: int
    spurs: frozenset[int]


class MapData(msgspec.Struct, frozen=True):
    """A validated map. ``terrain``: hex -> open|water|mountain (sea hexes absent)."""

    id: str
    name: str
    min_players: int
    max_players: int
    columns: int
    rows: int
    empty_city_markers: dict[int, int]
    terrain: dict[str, str]
    ridges: frozenset[str]
    cities: dict[str, City]          # by hex
    by_name: dict[str, str]          # folded name -> hex
    service_bounties: tuple[tuple[str, int], ...]  # (city hex, points)
    cube_reduction: frozenset[int] = frozenset({2, 3})
    """Player counts at which each city starts with one cube fewer (at least one): the map's row of
    railways-of-the-world.txt, "Cube Reduction Chart"."""
    summary: str = ""
    """One line for players choosing a map (at most 80 characters): the region and what is special."""


def map_path(map_id: str) -> Path:
    return DATA_DIR / "maps" / "rotw" / f"{map_id}.toml"


def available_maps() -> list[str]:
    return sorted(p.stem for p in (DATA_DIR / "maps" / "rotw").glob("*.toml"))


@cache
def load_map(map_id: str) -> MapData:
    """Load and validate ``data/maps/rotw/<map_id>.toml``; raises ``DataError`` naming the bad line,
    or for an id that is not one of ``available_maps()`` (never a path: nothing else is opened)."""
    if map_id not in available_maps():
        raise DataError(f"No map {map_id!r}; maps: {', '.join(available_maps())}")
    return read_map(map_path(map_id))


def read_map(path: Path) -> MapData:
    """Validate the map file at ``path``. Raises ``DataError`` with the file name and line."""
    raw, text = load(path, MapFile)
    if len(raw.terrain) != raw.rows:
        fail(path, text, f"terrain has {len(raw.terrain)} rows, expected {raw.rows}", "terrain")
    terrain: dict[str, str] = {}
    for row, line in enumerate(raw.terrain):
        if len(line) != raw.columns:
            fail(path, text, f"terrain row {row + 1} has {len(line)} hexes, expected {raw.columns}", "terrain")
        for col, ch in enumerate(line):
            if ch not in TERRAIN:
                fail(path, text, f"terrain row {row + 1} has unknown terrain {ch!r}", "terrain")
            if TERRAIN[ch] != "sea":
                terrain[label(col, row)] = TERRAIN[ch]
    ridges = set()
    for ridge in raw.ridges:
        a, _, b = ridge.partition("|")
        if a not in terrain or b not in terrain or side_towards(a, b) is None:
            fail(path, text, f"ridge {ridge!r} is not a side between two hexes of the board", "ridges")
        ridges.add(edge_key(a, b))
    cities: dict[str, City] = {}
    by_name: dict[str, str] = {}
    for i, spec in enumerate(raw.city):
        hexname = normalize(spec.hex)
        if hexname not in terrain:
            fail(path, text, f"city {spec.name}: hex {spec.hex} is not on the board", "city", i, "hex")
        if spec.colour not in CITY_COLOURS:
            fail(path, text, f"city {spec.name}: colour {spec.colour!r} is not one of {CITY_COLOURS}",
                 "city", i, "colour")
        if not 1 <= spec.cubes <= 6:
            fail(path, text, f"city {spec.name}: cubes must be 1-6", "city", i, "cubes")
        if hexname in cities or fold(spec.name) in by_name:
            fail(path, text, f"city {spec.name}: duplicate city or hex", "city", i, "name")
        bad = [s for s in spec.spurs if s not in SIDES]
        if bad or not spec.spurs or len(set(spec.spurs)) != len(spec.spurs):
            fail(path, text, f"city {spec.name}: spurs must be different sides among {SIDES}", "city", i, "spurs")
        off = [s for s in spec.spurs if neighbor(hexname, SIDES.index(s)) not in terrain]
        if off:
            fail(path, text, f"city {spec.name}: spur {off[0]} faces the sea or the edge of the board",
                 "city", i, "spurs")
        for other in cities.values():
            if side_towards(hexname, other.hex) is not None:
                fail(path, text, f"city {spec.name} is next to {other.name}: cities need a hex between them",
                     "city", i, "hex")
        cities[hexname] = City(spec.name, hexname, spec.colour, spec.cubes,
                               frozenset(SIDES.index(s) for s in spec.spurs))
        by_name[fold(spec.name)] = hexname
    for i, bounty in enumerate(raw.service_bounty):
        if fold(bounty.city) not in by_name:
            fail(path, text, f"service bounty city {bounty.city!r} is not a city of this map",
                 "service_bounty", i, "city")
    if any(not raw.min_players <= n <= raw.max_players for n in raw.cube_reduction):
        fail(path, text, "cube_reduction lists a player count the map does not take", "cube_reduction")
    if len(raw.summary) > 80 or "\n" in raw.summary:
        fail(path, text, "summary must be one line of at most 80 characters", "summary")
    markers = {}
    for key, value in raw.empty_city_markers.items():
        if not key.isdigit():
            fail(path, text, f"empty_city_markers key {key!r} must be a player count", "empty_city_markers")
        markers[int(key)] = value
    for n in range(raw.min_players, raw.max_players + 1):
        if n not in markers:
            fail(path, text, f"empty_city_markers has no figure for {n} players", "empty_city_markers")
    return MapData(
        id=raw.id, name=raw.name, min_players=raw.min_players, max_players=raw.max_players,
        columns=raw.columns, rows=raw.rows, empty_city_markers=markers, terrain=terrain,
        ridges=frozenset(ridges), cities=cities, by_name=by_name,
        service_bounties=tuple((by_name[fold(b.city)], b.points) for b in raw.service_bounty),
        cube_reduction=frozenset(raw.cube_reduction),
        summary=raw.summary,
    )


class Money(msgspec.Struct):
    bond: int
    bond_dividend: int
    urbanize: int
    min_bid: int
    terrain_open: int
    terrain_water: int
    terrain_mountain: int
    ridge: int


class RulesFile(msgspec.Struct, forbid_unknown_fields=True):
    engine_cost: dict[str, int]
    income_bands: list[tuple[int, int, int]]
    new_city_tiles: dict[str, int]
    money: Money


class Tables(msgspec.Struct, frozen=True):
    """Money in thousands of dollars. ``income[p]`` is the income at marker position ``p`` (0-99)."""

    engine_cost: dict[int, int]
    income: tuple[int, ...]
    new_city_tiles: dict[str, int]
    money: Money

    def terrain_cost(self, terrain: str) -> int:
        return {"open": self.money.terrain_open, "water": self.money.terrain_water,
                "mountain": self.money.terrain_mountain}[terrain]


@cache
def load_tables() -> Tables:
    """Load ``data/tables/rotw/rules.toml``; raises ``DataError`` naming the bad line."""
    path = DATA_DIR / "tables" / "rotw" / "rules.toml"
    raw, text = load(path, RulesFile)
    income = [-1] * 100
    for first, last, value in raw.income_bands:
        for p in range(first, last + 1):
            if not 0 <= p < 100:
                fail(path, text, f"income band {first}-{last} leaves 0-99", "income_bands")
            income[p] = value
    if -1 in income:
        fail(path, text, f"income_bands miss point {income.index(-1)}", "income_bands")
    costs = {int(k): v for k, v in raw.engine_cost.items()}
    if sorted(costs) != list(range(2, 9)):
        fail(path, text, "engine_cost needs levels 2 to 8", "engine_cost")
    if set(raw.new_city_tiles) - set(COLOURS):
        fail(path, text, "new_city_tiles has an unknown colour", "new_city_tiles")
    return Tables(costs, tuple(income), dict(raw.new_city_tiles), raw.money)


class CardSpec(msgspec.Struct, forbid_unknown_fields=True):
    """One kind of operations card. ``kind`` is its symbol (railways-of-the-world.txt, "E. SELECT
    RAILROAD OPERATIONS CARD"): ``goal`` (green circle), ``immediate`` (red X), ``held`` (hand of
    cards), ``per_turn`` (purple diamond), ``permanent`` (no symbol)."""

    id: str
    name: str
    kind: str
    text: str
    start: bool = False
    goal: str | None = None
    effect: str | None = None
    copies: int = 1
    links: int = 0
    count: int = 0
    points: int = 0
    engine: int = 0
    cubes: int = 0
    per_map: str | None = None


class CardsFile(msgspec.Struct):
    card: list[CardSpec]


KINDS = {"goal", "immediate", "held", "per_turn", "permanent"}
GOALS = {"first_delivery", "delivery_links_exactly", "delivery_links_at_least", "deliver_to_city", "links_owned",
         "cities_reached"}
EFFECTS = {"immediate": {"city_growth", "new_industry", "engine_upgrade"},
           "held": {"land_grant", "perfect_engineering", "executive"},
           "per_turn": {"bridge", "tunnel"},
           "permanent": {"hotel"}}
PER_MAP = {"service_bounties", "hotels"}


@cache
def load_cards() -> dict[str, CardSpec]:
    """Card kinds by id from ``data/cards/rotw/operations.toml``."""
    path = DATA_DIR / "cards" / "rotw" / "operations.toml"
    raw, text = load(path, CardsFile)
    for i, card in enumerate(raw.card):
        if card.kind not in KINDS:
            fail(path, text, f"card {card.id}: kind must be one of {sorted(KINDS)}", "card", i, "kind")
        if card.kind == "goal" and card.goal not in GOALS:
            fail(path, text, f"card {card.id}: goal must be one of {sorted(GOALS)}", "card", i, "goal")
        if card.kind != "goal" and card.effect not in EFFECTS[card.kind]:
            fail(path, text, f"card {card.id}: a {card.kind} card's effect must be one of "
                             f"{sorted(EFFECTS[card.kind])}", "card", i, "effect")
        if card.per_map is not None and card.per_map not in PER_MAP:
            fail(path, text, f"card {card.id}: per_map must be one of {sorted(PER_MAP)}", "card", i, "per_map")
    return {c.id: c for c in raw.card}


class MajorLineSpec(msgspec.Struct, forbid_unknown_fields=True):
    cities: list[str]
    points: int


class MapCardsSpec(msgspec.Struct, forbid_unknown_fields=True):
    hotels: list[str] = []
    major_line: list[MajorLineSpec] = []


class MapCards(msgspec.Struct, frozen=True):
    """A map's own card data: the cities with a Hotel card (hexes) and its Major Lines
    (``(city hex, city hex, points)``); railways-of-the-world.txt, "Hotels" and "Major Lines"."""

    hotels: tuple[str, ...] = ()
    major_lines: tuple[tuple[str, str, int], ...] = ()


@cache
def load_map_cards(map_id: str) -> MapCards:
    """The entry for ``map_id`` in ``data/cards/rotw/maps.toml`` (empty when it has none); raises
    ``DataError`` naming a city the map does not have."""
    path = DATA_DIR / "cards" / "rotw" / "maps.toml"
    raw, text = load(path, dict[str, MapCardsSpec])
    spec = raw.get(map_id)
    if spec is None:
        return MapCards()
    mapdata = load_map(map_id)

    def hex_of(name: str) -> str:
        hexname = city_hex(mapdata, name)
        if hexname is None:
            fail(path, text, f"{map_id}: {name!r} is not a city of this map", map_id)
        return hexname

    lines = []
    for line in spec.major_line:
        if len(line.cities) != 2 or line.points <= 0:
            fail(path, text, f"{map_id}: a major line joins two cities for some points", map_id, "major_line")
        a, b = (hex_of(c) for c in line.cities)
        lines.append((a, b, line.points))
    return MapCards(tuple(hex_of(c) for c in spec.hotels), tuple(lines))


def city_hex(mapdata: MapData, text: str) -> str | None:
    """Resolve a player's city reference (name, any case/accents, or hex name) to its hex."""
    key = fold(text or "")
    if key in mapdata.by_name:
        return mapdata.by_name[key]
    hexname = normalize(text or "")
    return hexname if hexname in mapdata.cities else None


__all__ = ["DataError", "MapData", "Tables", "CardSpec", "load_map", "load_tables", "load_cards", "fold",
           "city_hex", "neighbor", "available_maps", "MapCards", "load_map_cards"]
