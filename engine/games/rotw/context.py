"""The rules context of a game: the map, tables and cards its options select.

Loaded once per map id and cached; the rules functions receive it instead of loading data
themselves. Everything in it is static; the state only holds what changes.
"""
from __future__ import annotations

from functools import lru_cache

import msgspec

from ...core.errors import IllegalAction
from .data import CardSpec, MapCards, MapData, Tables, available_maps, load_cards, load_map, load_map_cards, load_tables
from .periods import is_composed
from .state import RotwState


class Context(msgspec.Struct, frozen=True):
    """``map``: the board; ``tables``: money, engine and income tables (thousands of dollars);
    ``cards``: operations card kinds by id; ``map_cards``: the map's hotels and Major Lines."""

    map: MapData
    tables: Tables
    cards: dict[str, CardSpec]
    map_cards: MapCards


def check_map(map_id: str) -> None:
    """Raise ``IllegalAction`` ("No map 'x'; maps: ...") unless ``map_id`` is a shipped map id.
    Never opens a file: the id is compared with the names of the files in ``data/maps/rotw``."""
    maps = available_maps()
    if map_id not in maps and not is_composed(map_id):
        raise IllegalAction(f"No map {map_id!r}; maps: {', '.join(maps)}")


@lru_cache(maxsize=16)
def context(map_id: str) -> Context:
    """The context of map ``map_id``. Raises ``IllegalAction`` for an unknown map and
    ``DataError`` (naming the file and line) for a malformed data file."""
    check_map(map_id)
    return Context(load_map(map_id), load_tables(), load_cards(), load_map_cards(map_id))


def of(state: RotwState) -> Context:
    """The context of a game state (its ``options.map``)."""
    return context(state.options.map)
