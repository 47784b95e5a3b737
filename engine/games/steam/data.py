"""Steam data: maps, the rules table and the track tile manifest, from ``data/``.

Everything here is static and cached; the state holds what changes. Money in dollars.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from ...common.datafile import DATA_DIR, fail, load
from ...common.hexgrid import normalize
from ...common.mapfile import MapFileHead, MapHead, hex_sides, map_file, map_ids, player_counts, terrain_grid
from ...common.names import fold
from ...common.tiles import TOWN, Manifest, Segment, shape, valid

COLOURS = ("red", "yellow", "blue", "purple", "gray")
"""Goods cube colours (steam.txt, "What You'll Need"): gray cubes go only to gray New Cities."""
CUBES = {"red": 20, "yellow": 20, "blue": 20, "purple": 20, "gray": 16}
TERRAIN = {".": ("plains", False), "^": ("hills", False), "~": ("plains", True), "%": ("hills", True)}
"""Terrain letters of a map file: (terrain, river) (a space is no hex, ``mapfile.terrain_grid``)."""
SUPPLY_SPACES = 12
NEW_CITY_LETTERS = "ABCDEFGH"


class CitySpec(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    hex: str
    colour: str
    cubes: int
    supply: int


class TownSpec(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    hex: str


class MapFile(MapFileHead, frozen=True, forbid_unknown_fields=True):
    city: list[CitySpec]
    town: list[TownSpec]
    impassable: list[str] = []
    cube_reduction: list[int] = []


class Hex(msgspec.Struct, frozen=True):
    terrain: str          # plains | hills
    river: bool
    town: str | None      # the town's name


class City(msgspec.Struct, frozen=True):
    name: str
    hex: str
    colour: str
    cubes: int
    supply: int           # its goods supply space, 1-12 (0: none, it cannot grow)


class MapData(MapHead, frozen=True):
    """A validated map. ``hexes``: every hex track may be built in (towns included), cities apart."""

    hexes: dict[str, Hex]
    cities: dict[str, City]
    impassable: frozenset[str]
    cube_reduction: frozenset[int]
    by_name: dict[str, str]          # folded city or town name -> hex


MAPS_DIR = DATA_DIR / "maps" / "steam"


def available_maps() -> list[str]:
    """The ids of the shipped maps: the map files in ``MAPS_DIR``."""
    return map_ids(MAPS_DIR)


@cache
def load_map(map_id: str) -> MapData:
    """``data/maps/steam/<map_id>.toml``, validated; ``DataError`` for an unknown id (no file is
    opened then) or a bad file."""
    return read_map(map_file(MAPS_DIR, map_id))


def read_map(path: Path) -> MapData:
    """Validate the Steam map file at ``path``; raises ``DataError`` naming the line."""
    raw, text = load(path, MapFile)
    grid = terrain_grid(path, text, raw, TERRAIN)
    towns = {normalize(t.hex): t.name for t in raw.town}
    hexes = {h: Hex(terrain, river, towns.get(h)) for h, (terrain, river) in grid.items()}
    cities: dict[str, City] = {}
    by_name: dict[str, str] = {}
    for i, c in enumerate(raw.city):
        h = normalize(c.hex)
        if h is None or h not in hexes or hexes[h].town:
            fail(path, text, f"city {c.name}: hex {c.hex} is not a free hex of the board", "city", i, "hex")
        if c.colour not in COLOURS[:4]:
            fail(path, text, f"city {c.name}: colour must be one of {COLOURS[:4]}", "city", i, "colour")
        if not 0 <= c.supply <= SUPPLY_SPACES or not 1 <= c.cubes <= 6:
            fail(path, text, f"city {c.name}: supply is 0 (none) or 1-{SUPPLY_SPACES}, cubes 1-6", "city", i, "supply")
        if c.supply and any(o.supply == c.supply for o in cities.values()):
            fail(path, text, f"city {c.name}: another city has goods supply space {c.supply}", "city", i, "supply")
        cities[h] = City(c.name, h, c.colour, c.cubes, c.supply)
        by_name[fold(c.name)] = h
    for i, t in enumerate(raw.town):
        h = normalize(t.hex)
        if h is None or h not in hexes:
            fail(path, text, f"town {t.name}: hex {t.hex} is not on the board", "town", i, "hex")
        by_name[fold(t.name)] = h
    for h in cities:
        del hexes[h]
    impassable = hex_sides(path, text, raw.impassable, grid, "impassable side", "impassable")
    cube_reduction = player_counts(path, text, raw.cube_reduction, raw, "cube_reduction")
    return MapData(raw.id, raw.name, raw.min_players, raw.max_players, raw.columns, raw.rows, hexes, cities,
                   impassable, cube_reduction, by_name)


def place(mapdata: MapData, text: str) -> str | None:
    """A city or town by name (any case, accents optional) or a hex name; ``None`` if neither."""
    h = mapdata.by_name.get(fold(text))
    if h:
        return h
    h = normalize(text or "")
    return h if h in mapdata.hexes or h in mapdata.cities else None


class ActionTile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    value: int
    cost: int
    text: str
    pass_option: bool = False
    standard: bool = False


class Rules(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    turns: dict[str, int]
    locomotive_max: int
    income_min: int
    income_max: int
    raise_step: int
    vp_per_step: int
    build_tiles: int
    engineer_tiles: int
    hills: int
    river: int
    goods_per_space: int
    new_city_colours: list[str]
    action: list[ActionTile]

    def tile(self, tile_id: str) -> ActionTile:
        return next(a for a in self.action if a.id == tile_id)


@cache
def load_rules() -> Rules:
    """``data/tables/steam/rules.toml``."""
    path = DATA_DIR / "tables" / "steam" / "rules.toml"
    raw, text = load(path, Rules)
    if len({a.value for a in raw.action}) != len(raw.action):
        fail(path, text, "action tiles need different values", "action")
    if len(raw.new_city_colours) != len(NEW_CITY_LETTERS):
        fail(path, text, f"new_city_colours needs {len(NEW_CITY_LETTERS)} tiles", "new_city_colours")
    return raw


class TileSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    count: int
    segments: list[list[int]]


class TilesFile(msgspec.Struct):
    tile: list[TileSpec]


TILE_WORDS = {
    "straight": "straight track", "gentle-curve": "gentle curve", "sharp-curve": "sharp curve",
    "crossing": "crossing of two straights", "crossing-straight-curve": "crossing of a straight and a gentle curve",
    "crossing-curves": "crossing of two gentle curves",
    "passing-straight-sharp": "passing tile of a straight and a sharp curve",
    "passing-sharps": "passing tile of two sharp curves", "passing-curves": "passing tile of two gentle curves",
    "town-1": "town tile with 1 exit", "town-2-straight": "town tile with 2 exits, straight through",
    "town-2-gentle": "town tile with 2 exits, gentle curve", "town-2-sharp": "town tile with 2 exits, sharp curve",
    "town-3-fan": "town tile with 3 exits side by side", "town-3-k": "town tile with 3 exits, two side by side",
    "town-3-y": "town tile with 3 exits, evenly spread", "town-4-x": "town tile with 4 exits, two pairs side by side",
    "town-4-fan": "town tile with 4 exits side by side", "town-4-k": "town tile with 4 exits, three side by side"}
"""The tiles of ``data/tables/steam/tiles.toml`` in a player's words (their ids are ours, terse)."""


class _Manifest(Manifest):
    """A ``Manifest`` that remembers the tile type of each list of segments it was asked about:
    the legal moves and the random moves of a build ask about the same few shapes again and
    again, and working out a shape (its six rotations) is the costly part of checking a tile."""

    def __init__(self, types: dict, names: dict[str, str] | None = None):
        super().__init__(types, names)
        self._matched: dict[tuple, str | None] = {}

    def match(self, segments) -> str | None:
        key = tuple(map(tuple, segments))
        try:
            return self._matched[key]
        except KeyError:
            found = self._matched[key] = super().match(key)
            return found


@cache
def load_manifest() -> Manifest:
    """``data/tables/steam/tiles.toml`` as a ``tiles.Manifest``; ``DataError`` for a tile that
    cannot exist or two tiles of one shape."""
    path = DATA_DIR / "tables" / "steam" / "tiles.toml"
    raw, text = load(path, TilesFile)
    types: dict[str, tuple[tuple[Segment, ...], int]] = {}
    for i, t in enumerate(raw.tile):
        segs = [tuple(s) for s in t.segments]
        if not valid([(a, b) if b != TOWN else (a, TOWN) for a, b in segs]) or \
                any(not 0 <= s[0] <= 5 or not (0 <= s[1] <= 5 or s[1] == TOWN) for s in segs):
            fail(path, text, f"tile {t.id}: its segments cannot share a tile", "tile", i, "segments")
        key = shape(segs)
        if any(key == k for k, _ in types.values()):
            fail(path, text, f"tile {t.id}: another tile has the same shape", "tile", i, "segments")
        types[t.id] = (key, t.count)
    return _Manifest(types, TILE_WORDS)

