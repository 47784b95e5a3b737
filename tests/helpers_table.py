"""Helpers for tests that drive the table directly (no Discord)."""
from __future__ import annotations

from railhead.bot.replies import Button, Caller, Reply
from railhead.bot.store import open_store
from railhead.bot.table import Table


def token(reply_message, label: str) -> str:
    """The offer token of the button labelled ``label`` in a message."""
    button = next(c for c in reply_message.components if isinstance(c, Button) and c.label == label)
    return button.custom_id.split(":")[-1]


async def seated(path: str, game: str = "rotw", names=("Ann", "Bob"), channel: int = 7, seed: int = 3,
                 render: bool = False, store=None, options: dict | None = None):
    """A store, a table and a started game in ``channel``; returns ``(store, table, callers, start reply)``.
    ``options``: the game's; a Railways of the World game without them is dealt no baron cards
    (``barons: false``), so that a scripted game starts with the first-player auction."""
    store = store or await open_store(path)
    table = Table(store, render=render, seeds=lambda: seed)
    callers = [Caller(channel, 100 * channel + i, n) for i, n in enumerate(names)]
    await table.new(callers[0], game, {"barons": False} if options is None and game == "rotw" else options)
    for c in callers[1:]:
        await table.join(c)
    start: Reply = await table.start(callers[0])
    assert start.channel is not None, start.caller
    return store, table, callers, start


def board_of(reply: Reply) -> bytes | None:
    """The whole board's picture a reply shows on the game's table card (``None``: the card keeps
    the picture it had, or there is no card)."""
    pictures = [p for p in (reply.table.images if reply.table else []) if p.name == "board.png" and p.data]
    return pictures[0].data if pictures else None
