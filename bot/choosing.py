"""Choosing a map, for every game that has a choice of them (its UI's ``maps_text``,
``maps_image``, ``start_refusal`` and a ``Param.suggest_for``): ``/game maps`` (a line and a
small picture of each map, only for the caller), the player count ``/game new`` suggests maps
for. The refusal of ``/game start`` when the chosen map does not take the seated players is
``Table.start``'s own (so the Start button, ``/game start`` and the local table all give it).
The cogs and the local table both call these with the bot's ``Table``.
"""
from __future__ import annotations

import asyncio
import json
import logging

from . import registry
from .replies import Caller, Refusal, Reply, answered, private, shorten

log = logging.getLogger("railhead.table")
CONTENT = 2000          # Discord's characters of a message


async def known_players(table, channel_id: int | None) -> int | None:
    """How many are likely to play a new table in this channel: the seats of its open table,
    else of its last game; ``None`` when it has had none."""
    if channel_id is None:
        return None
    row = await table.store.active_game(channel_id) or await table.store.last_game(channel_id)
    if row is None:
        return None
    return len(await table.store.seats(row.id)) or None


async def table_map(table, ui, channel_id: int) -> str | None:
    """The map the channel's table of ``ui``'s game plays (``GameUI.table_map``), for the names a
    player types (``typed_args.command_args``); ``None`` without such a table. Once the game runs,
    the options its setup settled (a state's ``options``, where the game keeps them) come first: a
    map chosen at random at the start (Railways Through Time's boards) is known only then."""
    row = await table.store.active_game(channel_id)
    if row is None or row.game != ui.game_id:
        return None
    options = row.options
    snap = await table.store.snapshot(row.id) if row.status == "running" else None
    if snap is not None:
        settled = json.loads(snap[1]).get("options")
        if isinstance(settled, dict):
            options = {**options, **{k: v for k, v in settled.items() if v is not None}}
    return ui.table_map(options, len(await table.store.seats(row.id)))


def games_with_maps() -> list[str]:
    """The ids of the games that have a choice of maps, in the registry's order."""
    return [gid for gid, ui in registry.UIS.items() if gid in registry.games() and ui.maps_text()]


@answered
async def maps_reply(table, caller: Caller, game_id: str | None = None) -> Reply:
    """``/game maps``: ``game_id``'s maps (default: the channel's game's, else every game's that
    has maps), a line each and one picture of them all per game (drawn in a worker thread; none
    while the table draws no images)."""
    ids = games_with_maps()
    if game_id:
        game = registry.game(game_id)
        if game.id not in ids:
            raise Refusal(f"{game.name} has no choice of maps.")
        ids = [game.id]
    else:
        here = await table.channel_game(caller.channel_id)
        ids = [here] if here in ids else ids
    if not ids:
        raise Refusal("No game here has a choice of maps.")
    text = "\n\n".join(f"**{registry.game(g).name}** (`/game new game:{g} map:...`):\n{registry.UIS[g].maps_text()}"
                       for g in ids)
    images = []
    if table.render:
        for gid in ids:
            try:
                images.append((f"{gid}-maps.png", await asyncio.to_thread(registry.UIS[gid].maps_image)))
            except Exception:
                log.exception("%s: the maps' pictures were not drawn", gid)
    images = [(name, png) for name, png in images if png]
    first, more = (images[0], images[1:]) if images else ((None, None), [])
    return private(shorten(text, CONTENT), image=first[1], image_name=first[0] or "maps.png", more=more)
