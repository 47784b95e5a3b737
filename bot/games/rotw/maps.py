"""Choosing a Railways of the World map: ``/game new``'s map suggestions (name, players and
summary; the maps that take the table's player count first), the refusal to start a table its
map does not fit, and ``/game maps`` (a line and a small picture of each map).

New map files under ``data/maps/rotw/`` are picked up as they come (``available_maps``); a map
file that does not load is left out here (the engine names its fault when it is chosen).
"""
from __future__ import annotations

import logging
from functools import cache

import msgspec
from PIL import Image

from railhead import engine
from railhead.engine import IllegalAction
from railhead.engine.common.datafile import DataError
from railhead.engine.games.rotw import periods
from railhead.engine.games.rotw.data import MapData, available_maps, load_cards, load_map
from railhead.render.hexes import png_bytes
from railhead.render.rotw.thumbs import contact_sheet, thumbnail

from ...ui import Suggestion

log = logging.getLogger("railhead.rotw")
SEPARATOR = " · "


def maps() -> list[MapData]:
    """Every map that loads, by smallest player count, then largest, then name; Railways Through
    Time (``through_time``) among them."""
    found = []
    for map_id in available_maps():
        try:
            found.append(load_map(map_id))
        except DataError:
            log.warning("map %s does not load; left out of the choice", map_id)
    time = through_time()
    return sorted(found + ([time] if time else []), key=lambda m: (m.min_players, m.max_players, m.name))


def through_time() -> MapData | None:
    """Railways Through Time as a map to choose (id ``through-time``): every period board laid out,
    as its thumbnail shows them; ``None`` when the boards do not load."""
    try:
        m = load_map(periods.map_id(list(periods.load_periods())))
    except DataError:
        log.warning("the Railways Through Time boards do not load; left out of the choice")
        return None
    return msgspec.structs.replace(m, id=periods.THROUGH_TIME,
                                   summary="Past ages joined by time warps: players + 1 boards (`periods`)")


def fits(m: MapData, players: int | None) -> bool:
    """Whether ``m`` takes ``players`` (any map fits an unknown count)."""
    return players is None or m.min_players <= players <= m.max_players


def players_text(m: MapData) -> str:
    """``2-4 players``."""
    return f"{m.min_players}-{m.max_players} players"


def suggestions(players: int | None = None) -> list[Suggestion]:
    """``/game new``'s map choices: ``Mexico · 2-4 players · summary`` (value: the map id); the
    maps that take ``players`` first when some do, each group by player count."""
    chosen = maps()
    if any(fits(m, players) for m in chosen):
        chosen.sort(key=lambda m: not fits(m, players))          # stable: each group keeps its order
    return [Suggestion(m.id, SEPARATOR.join(filter(None, (m.name, players_text(m), m.summary))), m.name,
                       players_text(m)) for m in chosen]


def start_refusal(options: dict, players: int) -> str | None:
    """The sentence refusing to start when the chosen map does not take ``players``, naming the
    maps that do; ``None`` when it fits (or no map was chosen: the engine picks one that fits)."""
    map_id = options.get("map") or ""
    try:
        m = load_map(map_id) if map_id else None
    except DataError:
        return None                                   # the engine's own refusal names the maps
    if m is None or fits(m, players):
        return None
    others = [f"{o.name} (`{o.id}`)" for o in maps() if fits(o, players)]
    which = f"Maps for {players}: {', '.join(others)}." if others else f"No map takes {players} players."
    change = "more players join" if players < m.min_players else "some players leave"
    return (f"{m.name} is for {players_text(m)}, and {players} {'is' if players == 1 else 'are'} seated. {which} "
            f"Wait until {change}, or `/game abandon` this table and open one with `/game new map:...`.")


def maps_text() -> str:
    """One line per map: name, id, players and summary."""
    return "\n".join(f"**{m.name}** (`{m.id}`, {players_text(m)})" + (f": {m.summary}" if m.summary else "")
                     for m in maps())


def fresh_view(map_id: str) -> dict:
    """The public view of a new game of ``map_id`` at its smallest player count (seed 0: the same
    goods cubes every time)."""
    if map_id == periods.THROUGH_TIME:            # every board, for players to choose from
        m, options = through_time(), {"map": map_id, "periods": list(periods.load_periods())}
    else:
        m, options = load_map(map_id), {"map": map_id}
    match = engine.Match.start(engine.get_game("rotw"), options, [f"Player {i + 1}" for i in range(m.min_players)], 0)
    return match.view(None)


@cache
def map_thumbnail(map_id: str) -> Image.Image:
    """The small picture of a map (drawn once per map id, then kept in memory)."""
    return thumbnail(fresh_view(map_id))


def sheet_png() -> bytes:
    """Every map's thumbnail with its name and players, in one PNG (two a row); kept in memory
    until the maps change."""
    return _sheet(tuple(m.id for m in maps()))


@cache
def _sheet(ids: tuple[str, ...]) -> bytes:
    shown = [m for m in maps() if m.id in ids]
    items = [(map_thumbnail(m.id), m.name, players_text(m).replace("-", "–")) for m in shown]   # an en dash
    return png_bytes(contact_sheet(items, columns=2), palette=256)        # still shows on a shrunk sheet


class MapChoice:
    """The ``GameUI`` methods of choosing a map (mixed into ``RotwUI``)."""

    def start_refusal(self, options: dict, players: int) -> str | None:
        """See ``GameUI.start_refusal`` and the module's ``start_refusal``."""
        return start_refusal(options, players)

    def maps_text(self) -> str:
        """See ``GameUI.maps_text`` and the module's ``maps_text``."""
        return maps_text()

    def maps_image(self) -> bytes | None:
        """See ``GameUI.maps_image``: the module's ``sheet_png``."""
        return sheet_png()

    def typed_names(self, map_id: str | None = None) -> list[str]:
        """See ``GameUI.typed_names``: the cities of map ``map_id`` (Railways Through Time without
        chosen boards: every board's), else of every map and period board; and the operations cards;
        with Railways Through Time, "Time warp" (``link Salzburg Time warp``)."""
        boards = [periods.load_board(p) for p in periods.load_periods()]
        if map_id and map_id != periods.THROUGH_TIME:
            try:
                shown = [load_map(map_id)]
            except DataError:                    # a table whose map the engine refuses at Start
                return self.typed_names()
        else:
            shown = boards if map_id else [*(load_map(m) for m in available_maps()), *boards]
        warp = ["Time warp"] if not map_id or map_id.startswith(periods.THROUGH_TIME) else []
        warp += [f"warp {h}" for m in shown for h, c in m.cities.items() if c.colour == "warp"]
        return [c.name for m in shown for c in m.cities.values()] + [c.name for c in load_cards().values()] + warp

    def table_map(self, options: dict, players: int) -> str | None:
        """See ``GameUI.table_map``: the chosen map (its boards for Railways Through Time), else the
        one the engine picks for ``players``; ``None`` when none fits."""
        from railhead.engine.games.rotw.rules import default_map
        try:
            if options.get("map") == periods.THROUGH_TIME and options.get("periods"):
                return periods.map_id(options["periods"])
            return options.get("map") or default_map(players)
        except (IllegalAction, DataError):
            return None
