"""Railways of the World data: maps, tables and operations cards from ``data/``.

Everything here is static and cached; the state only holds what changes.
"""
from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path

import msgspec

from engine.common.datafile import DATA_DIR, DataError, fail, load
from engine.common.goods import COLOURS
from engine.common.hexgrid import SIDES, edge_key, label, neighbor, normalize, side_towards

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


def fold(text: str) -> str:
    """Case- and accent-free key for city names: ``"Köln"`` -> ``"koln"``."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c)).strip()


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
    id: str
    name: str
    kind: str
    text: str
    start: bool = False
    goal: str | None = None
    effect: str | None = None
    copies: int = 1
    links: int = 0
    points: int = 0
    engine: int = 0
    cubes: int = 0
    per_map: str | None = None


class CardsFile(msgspec.Struct):
    card: list[CardSpec]


GOALS = {"first_delivery", "delivery_links_exactly", "delivery_links_at_least", "deliver_to_city"}
EFFECTS = {"city_growth", "new_industry", "engine_upgrade"}


@cache
def load_cards() -> dict[str, CardSpec]:
    """Card kinds by id from ``data/cards/rotw/operations.toml``."""
    path = DATA_DIR / "cards" / "rotw" / "operations.toml"
    raw, text = load(path, CardsFile)
    for i, card in enumerate(raw.card):
        if card.kind == "goal" and card.goal not in GOALS:
            fail(path, text, f"card {card.id}: goal must be one of {sorted(GOALS)}", "card", i, "goal")
        if card.kind == "immediate" and card.effect not in EFFECTS:
            fail(path, text, f"card {card.id}: effect must be one of {sorted(EFFECTS)}", "card", i, "effect")
        if card.kind not in ("goal", "immediate"):
            fail(path, text, f"card {card.id}: kind must be goal or immediate", "card", i, "kind")
    return {c.id: c for c in raw.card}


def city_hex(mapdata: MapData, text: str) -> str | None:
    """Resolve a player's city reference (name, any case/accents, or hex name) to its hex."""
    key = fold(text or "")
    if key in mapdata.by_name:
        return mapdata.by_name[key]
    hexname = normalize(text or "")
    return hexname if hexname in mapdata.cities else None


__all__ = ["DataError", "MapData", "Tables", "CardSpec", "load_map", "load_tables", "load_cards", "fold",
           "city_hex", "neighbor", "available_maps"]
