"""What the table answers: plain data, turned into Discord messages by ``discord_io`` and into
terminal text by the local table.

A ``Reply`` is a list of deliveries: the channel message (built only from public events and
the public view), an ephemeral answer to the caller, and private messages per user (DMs).
Buttons and select options carry an action; the table stores it under a token before the
reply leaves, so a press works after a restart.
"""
from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from railhead.engine import IllegalAction

# Discord's limits on component texts (developer docs, "Component Reference": Button ``label`` 80,
# String Select ``placeholder`` 150, Select Option ``label`` and ``description`` 100).
BUTTON_LABEL = 80
OPTION_TEXT = 100
PLACEHOLDER = 150


def shorten(text: str, limit: int) -> str:
    """``text`` if it has at most ``limit`` characters, else cut at the last word boundary that
    leaves room for an ellipsis ("…"), never mid-word unless a single word is longer than the room.

    >>> shorten("Upgrade engine to level 2", 16)
    'Upgrade engine…'
    """
    if len(text) <= limit:
        return text
    room = text[:limit - 1]
    mid_word = not text[limit - 1].isspace() and not room[-1:].isspace()
    if mid_word and " " in room.strip():
        room = room[:room.rstrip().rfind(" ")]
    return room.rstrip().rstrip(",;:-–—·(→/+&").rstrip() + "…"


@dataclass
class Button:
    """``action``: what a press does (stored as an offer). ``seat``/``stamp``: who may press it
    and for which prompt (``None``: anyone seated / no staleness check). ``custom_id`` is set
    by the table when the offer is stored."""

    label: str
    action: dict
    style: str = "secondary"        # primary | secondary | success | danger
    seat: int | None = None
    stamp: int | None = None
    custom_id: str = ""

    def __post_init__(self) -> None:
        self.label = shorten(self.label, BUTTON_LABEL)


@dataclass
class Option:
    """A select menu's option; ``label`` and ``description`` are shortened to Discord's 100."""

    label: str
    action: dict
    description: str = ""
    value: str = ""                 # the offer token, set by the table

    def __post_init__(self) -> None:
        self.label = shorten(self.label, OPTION_TEXT)
        self.description = shorten(self.description, OPTION_TEXT)


@dataclass
class Select:
    """A select menu of one choice among ``options`` (1-25 of them: Discord's limit; a UI pages
    longer lists itself). ``placeholder`` is shortened to Discord's 150."""

    placeholder: str
    options: list[Option]
    seat: int | None = None
    stamp: int | None = None
    custom_id: str = ""

    def __post_init__(self) -> None:
        self.placeholder = shorten(self.placeholder, PLACEHOLDER)


def submenu(label: str, title: str, choices: list[tuple[str, dict]], description: str = "") -> Option:
    """A menu option that opens a second menu of ``choices`` (``(label, action)`` pairs, at most
    25) titled ``title``: a long menu split in two steps (the table answers it privately, for
    the same seat and prompt as the first)."""
    return Option(label, {"type": "_menu", "title": shorten(title, PLACEHOLDER),
                          "options": [[shorten(text, OPTION_TEXT), action] for text, action in choices[:25]]},
                  description)


@dataclass
class Message:
    """``image``: PNG bytes. ``more``: further images after it, ``(file name, PNG bytes)`` (a move's
    close view beside the whole board). ``mentions``: user ids pinged. ``notice``: a DM that only points to
    the channel ("Your move in #rails"): a client showing the channel itself (the local table)
    skips it. ``open``: a private answer that holds no secret (a refused move, an answer about
    public things): a shared screen (the local table's hot-seat) may show it without a curtain."""

    text: str
    image: bytes | None = None
    image_name: str = "board.png"
    more: list[tuple[str, bytes]] = field(default_factory=list)
    components: list[Button | Select] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)
    notice: bool = False
    open: bool = False


@dataclass
class Reply:
    """``channel``: the public message for ``channel_id`` (the game's channel; ``None`` means
    the caller's channel). ``caller``: ephemeral, only the caller sees it. ``direct``: DMs by
    user id. ``game_id``: the game these belong to (for closed-DM bookkeeping)."""

    channel: Message | None = None
    caller: Message | None = None
    direct: dict[int, Message] = field(default_factory=dict)
    channel_id: int | None = None
    game_id: int | None = None

    def messages(self) -> list[Message]:
        """The messages of this reply that exist: channel, caller, then DMs."""
        return [m for m in (self.channel, self.caller, *self.direct.values()) if m is not None]


@dataclass
class Caller:
    """Who asks, from where. ``can_manage``: has Manage Channel (lobby and abandon rights);
    ``dm``: the caller is in a direct message with the bot; ``sent_at``: when the interaction was
    created, by Discord's clock (a slash command is bound to the caller's prompt as it stood then);
    ``received_at``: when this host received it (its clock), before it waited on anything."""

    channel_id: int
    user_id: int
    name: str
    guild_id: int | None = None
    can_manage: bool = False
    dm: bool = False
    sent_at: datetime | None = None   # when Discord created the interaction (its clock); None at the terminal
    received_at: datetime | None = None   # when this host received the interaction (its clock)


def private(text: str, **kwargs) -> Reply:
    """An answer only the caller sees."""
    return Reply(caller=Message(text, **kwargs))


class Refusal(Exception):
    """A request the table refuses; its one sentence (``str(exc)``) goes privately to the caller.
    The table's parts raise it (as the engine raises ``IllegalAction``); ``answered`` turns both
    into that private reply, once, at the table's edge."""


def answered(method: Callable[..., Awaitable[Reply]]) -> Callable[..., Awaitable[Reply]]:
    """Decorate a public coroutine of the table: a ``Refusal`` or an engine ``IllegalAction``
    raised inside it becomes ``private(sentence)``; anything else propagates (and is logged by
    whoever delivers the answer)."""
    @functools.wraps(method)
    async def edge(*args: Any, **kwargs: Any) -> Reply:
        try:
            return await method(*args, **kwargs)
        except (Refusal, IllegalAction) as exc:
            return private(str(exc), open=True)
    return edge


@dataclass
class Apply:
    """A game command's answer meaning "play this action now"."""

    action: dict
