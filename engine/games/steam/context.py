"""The static data of a Steam game: its map and the rules table (cached)."""
from __future__ import annotations

from ...common.datafile import DataError
from ...core.errors import IllegalAction
from .data import MapData, Rules, available_maps, load_map, load_rules
from .state import SteamState


def map_for(map_id: str, players: int) -> str:
    """The map id to play: ``map_id`` if given, else the first shipped map taking ``players``.
    Raises ``IllegalAction`` for an unknown id or when no map takes that many players."""
    maps = available_maps()
    if map_id:
        if map_id not in maps:
            raise IllegalAction(f"No Steam map {map_id!r}; maps: {', '.join(maps)}")
        return map_id
    for m in maps:
        data = load_map(m)
        if data.min_players <= players <= data.max_players:
            return m
    raise IllegalAction(f"No Steam map takes {players} players.")


def of(state: SteamState) -> tuple[MapData, Rules]:
    """The map the game is played on and the rules table. Raises ``IllegalAction`` when the map's
    file no longer loads (``DataError``)."""
    try:
        return load_map(state.options.map), load_rules()
    except DataError as exc:
        raise IllegalAction(str(exc)) from None
