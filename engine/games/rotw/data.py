"""Railways of the World data: maps, tables and operations cards from ``data/``.

Everything here is static and cached; the state only holds what changes.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import msgspec

from ...common.datafile import DATA_DIR, DataError, fail, load
from ...common.goods import COLOURS
from ...common.hexgrid import SIDES, coords, neighbor, normalize, parse, side_towards
from ...common.mapfile import MapFileHead, MapHead, hex_sides, map_file, map_ids, player_counts, terrain_grid
from ...common.names import fold

CITY_COLOURS = (*COLOURS, "gray")
TERRAIN = {".": "open", "^": "mountain", "~": "water", "f": "ferry"}
"""Terrain letters of a map file (a space is sea: no hex, ``mapfile.terrain_grid``)."""


class CitySpec(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    hex: str
    colour: str
    cubes: int
    spurs: list[str]


class BountySpec(msgspec.Struct, forbid_unknown_fields=True):
    city: str
    points: int


class WesternCitySpec(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    hex: str


class WesternLinkSpec(msgspec.Struct, forbid_unknown_fields=True):
    market: str
    cost: int = 30
    cubes: int = 4
    city: list[WesternCitySpec] = []


class MapFile(MapFileHead, frozen=True, forbid_unknown_fields=True):
    empty_city_markers: dict[str, int]
    ridges: list[str]
    city: list[CitySpec]
    service_bounty: list[BountySpec] = []
    cube_reduction: list[int] = msgspec.field(default_factory=lambda: [2, 3])
    summary: str = ""
    walls: list[str] = []
    snow_rows: int = 0
    western_link: WesternLinkSpec | None = None
    east_column: int = 0


class City(msgspec.Struct, frozen=True):
    name: str
    hex: str
    colour: str
    cubes: int
    spurs: frozenset[int]


class WesternLink(msgspec.Struct, frozen=True):
    """A map's Western Link (railways-of-the-world.txt, "Build Western Link"): ``market`` (the
    city hex where red cubes from a built Western Link city draw 2 random cubes), ``cost`` in
    thousands of dollars, ``cubes`` (red cubes placed on the city when its link is built) and
    ``cities`` (Western Link city hex -> the Western Link hex beside it)."""

    market: str
    cost: int
    cubes: int
    cities: dict[str, str]


class MapData(MapHead, frozen=True):
    """A validated map. ``terrain``: hex -> open|water|mountain|ferry (sea hexes absent)."""

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
    walls: frozenset[str] = frozenset()
    """Edge keys of the sides no track may cross (railways-of-the-world.txt, "RAILWAYS of GREAT
    BRITAIN", Map Note: the Humber)."""
    snow_rows: int = 0
    """Rows 0 to ``snow_rows - 1`` (the north) lie north of the Snow Line: each tile built there costs
    $1,000 more (railways-of-the-world.txt, "RAILWAYS of NORTH AMERICA", "Snow Line")."""
    ferries: frozenset[str] = frozenset()
    """Ferry hexes (terrain ``ferry``): built on only with a Ferry Line card ("Ferry Line")."""
    western_link: WesternLink | None = None
    """The Western Link, when the map has one ("Build Western Link")."""
    east_column: int = 0
    """Two boards side by side (railways-of-the-world.txt, "Transcontinental Rules"): the first column of
    the Eastern board, the columns before it the Western board; 0: a map of one board."""

    def in_east(self, hexname: str) -> bool:
        """Whether a hex lies on the Eastern board of a two-board map (``east_column``)."""
        return coords(hexname)[0] >= self.east_column

    def north_of_snow_line(self, hexname: str) -> bool:
        """Whether a hex lies north of the Snow Line (its row is one of the first ``snow_rows``)."""
        return coords(hexname)[1] < self.snow_rows


MAPS_DIR = DATA_DIR / "maps" / "rotw"
"""Where the maps are (tests point it at a folder of test maps, then clear the caches)."""


WARP = "warp"
"""The colour of a Railways Through Time warp in a composed map (a city with no cubes, ``periods.py``)."""

COMPOSED: dict[str, Callable[[str], MapData]] = {}
"""Maps laid out from several boards, by the part of their id before the colon (``"through-time"``:
``periods.py`` registers its composer when it is imported, as the game's rules import it)."""


NOT_MAPS = ("periods",)
"""Files in ``MAPS_DIR`` that are no map: ``periods.toml`` is the index of the Railways Through Time
boards (``periods.py``)."""


def available_maps() -> list[str]:
    """The ids of the shipped maps: the map files in ``MAPS_DIR`` but ``NOT_MAPS``."""
    return map_ids(MAPS_DIR, NOT_MAPS)


@cache
def load_map(map_id: str) -> MapData:
    """Load and validate ``data/maps/rotw/<map_id>.toml``; raises ``DataError`` naming the bad line,
    or for an id that is not one of ``available_maps()`` (never a path: nothing else is opened). A
    Railways Through Time id (``through-time:<board>,...``) is the map laid out from those period
    boards (``COMPOSED``, filled by ``periods.py``)."""
    kind, colon, _ = map_id.partition(":")
    if colon and kind in COMPOSED:
        return COMPOSED[kind](map_id)
    return read_map(map_file(MAPS_DIR, map_id, NOT_MAPS))


def read_map(path: Path) -> MapData:
    """Validate the map file at ``path``. Raises ``DataError`` with the file name and line."""
    raw, text = load(path, MapFile)
    terrain = terrain_grid(path, text, raw, TERRAIN)
    ridges = hex_sides(path, text, raw.ridges, terrain, "ridge", "ridges")
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
    cube_reduction = player_counts(path, text, raw.cube_reduction, raw, "cube_reduction")
    if len(raw.summary) > 80 or "\n" in raw.summary:
        fail(path, text, "summary must be one line of at most 80 characters", "summary")
    walls = hex_sides(path, text, raw.walls, terrain, "wall", "walls")
    if not 0 <= raw.snow_rows <= raw.rows:
        fail(path, text, f"snow_rows must be 0-{raw.rows}", "snow_rows")
    if not 0 <= raw.east_column < raw.columns:
        fail(path, text, f"east_column must be 0-{raw.columns - 1}", "east_column")
    ferries = frozenset(h for h, t in terrain.items() if t == "ferry")
    if ferries & set(cities):
        fail(path, text, "a city cannot stand on a ferry hex ('f')", "terrain")
    western = _western_link(path, text, raw.western_link, by_name, cities, raw.columns, raw.rows)
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
        ridges=ridges, cities=cities, by_name=by_name,
        service_bounties=tuple((by_name[fold(b.city)], b.points) for b in raw.service_bounty),
        cube_reduction=cube_reduction,
        summary=raw.summary, walls=walls, snow_rows=raw.snow_rows, ferries=ferries,
        western_link=western, east_column=raw.east_column,
    )


def _western_link(path: Path, text: str, spec: WesternLinkSpec | None, by_name: dict[str, str],
                  cities: dict[str, City], columns: int, rows: int) -> WesternLink | None:
    """Validate the ``[western_link]`` table: the market and each Western Link city are cities of the
    map, each link hex is on the board beside its city and is no city."""
    if spec is None:
        return None
    market = by_name.get(fold(spec.market))
    if market is None:
        fail(path, text, f"western_link market {spec.market!r} is not a city of this map", "western_link")
    if spec.cost < 0 or spec.cubes < 1:
        fail(path, text, "western_link cost must be 0 or more and cubes at least 1", "western_link")
    if not spec.city:
        fail(path, text, "western_link needs at least one [[western_link.city]]", "western_link")
    links: dict[str, str] = {}
    for i, entry in enumerate(spec.city):
        city = by_name.get(fold(entry.name))
        if city is None or city == market or city in links:
            fail(path, text, f"western_link city {entry.name!r} must be another city of this map, listed once",
                 "western_link.city", i, "name")
        hexname = normalize(entry.hex)
        col_row = parse(hexname) if hexname else None
        if hexname is None or col_row is None or not (0 <= col_row[0] < columns and 0 <= col_row[1] < rows) \
                or side_towards(city, hexname) is None or hexname in cities or hexname in links.values():
            fail(path, text, f"western_link city {entry.name}: hex {entry.hex!r} must be a board hex beside the city, "
                             "not a city, one per city", "western_link.city", i, "hex")
        links[city] = hexname
    return WesternLink(market, spec.cost, spec.cubes, links)


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
        """A tile's terrain cost in thousands; a ferry hex's is nothing (built only with a Ferry Line card,
        railways-of-the-world.txt, "Ferry Line")."""
        return {"open": self.money.terrain_open, "water": self.money.terrain_water,
                "mountain": self.money.terrain_mountain, "ferry": 0}[terrain]


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
    needs: str | None = None
    """A map feature the card needs to be in the game (``"ferries"``: the map has a ferry hex;
    ``"time"``: a Railways Through Time map of period boards)."""
    maps: list[str] = []
    """The maps (ids; ``"through-time"`` for any Railways Through Time map) whose deck holds the
    card; empty: every map's (railways-of-the-world.txt: each expansion's "New Operations Cards")."""
    replaces: str | None = None
    """A card kind this one stands in for on its maps (Passenger Lines for New Train in Railways
    Through Time's four start cards)."""


class CardsFile(msgspec.Struct):
    card: list[CardSpec]


KINDS = {"goal", "immediate", "held", "per_turn", "permanent"}
GOALS = {"first_delivery", "delivery_links_exactly", "delivery_links_at_least", "deliver_to_city", "links_owned",
         "cities_reached", "through_time", "colours_delivered", "link_tiles", "engine_level", "city_cleared",
         "time_bounty", "first_to_city"}
EFFECTS = {"immediate": {"city_growth", "new_industry", "engine_upgrade", "boomtown", "sutters_mill", "hot_spring"},
           "held": {"land_grant", "perfect_engineering", "executive", "ferry_line", "tunnel_engineer", "inspector",
                    "coal_fueled", "boost"},
           "per_turn": {"bridge", "tunnel"},
           "permanent": {"hotel", "capital_charter", "city_charter"}}
PER_MAP = {"service_bounties", "hotels", "local_campaigns", "gold_rush", "periods", "first_to", "capital_charters",
           "city_charters"}
NEEDS = {"ferries", "time"}


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
        if card.needs is not None and card.needs not in NEEDS:
            fail(path, text, f"card {card.id}: needs must be one of {sorted(NEEDS)}", "card", i, "needs")
    return {c.id: c for c in raw.card}


class MajorLineSpec(msgspec.Struct, forbid_unknown_fields=True):
    cities: list[str]
    points: int


TIE_BREAKS = ("links", "money")
"""The base game's tie-breaks on the final score, in order (railways-of-the-world.txt, "Ending the Game")."""


class MapCardsSpec(msgspec.Struct, forbid_unknown_fields=True):
    hotels: list[str] = []
    major_line: list[MajorLineSpec] = []
    rotors: list[str] = []
    local_campaigns: list[str] = []
    sutters_mill: str | None = None
    first_to: list[BountySpec] = []
    capital_charters: list[str] = []
    city_charters: list[str] = []
    tie_break: list[str] = msgspec.field(default_factory=lambda: list(TIE_BREAKS))


class MapCards(msgspec.Struct, frozen=True):
    """A map's own card data: the cities with a Hotel card (hexes), its Major Lines
    (``(city hex, city hex, points)``; railways-of-the-world.txt, "Hotels" and "Major Lines") and
    its own Rotor Cities for the ``city_rotors`` option (hexes of coloured cities; empty: the
    rule of ``modules.rotor_cities``); the cities of its Local Campaign cards (hexes, one card each)
    and the city that takes Sutter's Mill's cubes (a hex, or ``None``; ``mapcards.py``);
    ``first_to``: ``(city hex, points)`` of its "first to deliver to" start cards
    ("Transcontinental Rules", "Components"); ``capital_charters``, ``city_charters``: the cities
    (hexes) of its Capital Charter and City Charter cards, one card each ("RAILWAYS of EUROPE",
    ``charters.py``); ``tie_break``: what breaks a tie on the final score,
    in order (``"links"``: most complete links, ``"money"``: most cash; the base game's "Ending the
    Game" by default, money alone on Mexico)."""

    hotels: tuple[str, ...] = ()
    major_lines: tuple[tuple[str, str, int], ...] = ()
    rotors: tuple[str, ...] = ()
    local_campaigns: tuple[str, ...] = ()
    sutters_mill: str | None = None
    first_to: tuple[tuple[str, int], ...] = ()
    tie_break: tuple[str, ...] = TIE_BREAKS
    capital_charters: tuple[str, ...] = ()
    city_charters: tuple[str, ...] = ()


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
    for i, line in enumerate(spec.major_line):
        if len(line.cities) != 2 or line.points <= 0:
            fail(path, text, f"{map_id}: a major line joins two cities for some points", f"{map_id}.major_line", i)
        a, b = (hex_of(c) for c in line.cities)
        lines.append((a, b, line.points))
    rotors = tuple(hex_of(c) for c in spec.rotors)
    if any(mapdata.cities[h].colour == "gray" for h in rotors):
        fail(path, text, f"{map_id}: a Rotor City must be a coloured city", map_id, None, "rotors")
    if not set(spec.tie_break) <= set(TIE_BREAKS) or len(set(spec.tie_break)) != len(spec.tie_break):
        fail(path, text, f"{map_id}: tie_break lists some of {', '.join(TIE_BREAKS)}, each once", map_id,
             None, "tie_break")
    return MapCards(tuple(hex_of(c) for c in spec.hotels), tuple(lines), rotors,
                    tuple(hex_of(c) for c in spec.local_campaigns),
                    hex_of(spec.sutters_mill) if spec.sutters_mill else None,
                    tuple((hex_of(b.city), b.points) for b in spec.first_to), tuple(spec.tie_break),
                    tuple(hex_of(c) for c in spec.capital_charters), tuple(hex_of(c) for c in spec.city_charters))


def city_hex(mapdata: MapData, text: str) -> str | None:
    """Resolve a player's city reference (name, any case/accents, or hex name) to its hex."""
    key = fold(text or "")
    if key in mapdata.by_name:
        return mapdata.by_name[key]
    hexname = normalize(text or "")
    return hexname if hexname in mapdata.cities else None


__all__ = ["DataError", "MapData", "Tables", "CardSpec", "load_map", "load_tables", "load_cards", "fold",
           "city_hex", "neighbor", "available_maps", "MapCards", "load_map_cards"]
