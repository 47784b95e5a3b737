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


# Discord's limits on a Components V2 message (developer docs, "Component Reference": at most 40
# components counting nested ones, 4,000 characters of text displays in all; Media Gallery item
# ``description`` at most 1,024). bot/discord_limits.py checks them; the table card keeps within.
CARD_TEXT = 4000
ALT_TEXT = 1024
PLAYER_TEXT = 300


@dataclass
class Picture:
    """An image of the table card's gallery: file name, PNG bytes and its alt text (read aloud by
    screen readers, at most 1,024 characters). ``data`` ``None``: the picture the table message
    already shows under ``name`` is kept (the board did not change)."""

    name: str
    data: bytes | None
    alt: str

    def __post_init__(self) -> None:
        self.alt = shorten(self.alt, ALT_TEXT)


@dataclass
class PlayerPanel:
    """One player's part of the table card: name, what is public about them (``facts``, one
    short line from ``GameUI.public_players``), their colour (0xRRGGBB) and whether the game waits
    on them."""

    name: str
    facts: str
    colour: int
    active: bool = False

    def text(self) -> str:
        """The panel as one markdown line, cut to ``PLAYER_TEXT`` characters."""
        mark = "▶ " if self.active else ""
        return shorten(f"{mark}{colour_square(self.colour)} **{self.name}**" + (f": {self.facts}" if self.facts
                                                                                   else ""), PLAYER_TEXT)


SEAT_SQUARES = {0xFF8C00: "🟧", 0x00BEC8: "🟦", 0xE63CA0: "🟪", 0xFFFFFF: "⬜", 0x78C828: "🟩", 0x3C3C3C: "⬛"}
"""The square standing for each seat colour of ``render.panel.OWNER`` (orange, cyan, pink, white,
lime, charcoal): pink is nearer red than purple by RGB, but reads as purple's family, never red."""


def colour_square(colour: int) -> str:
    """The coloured square emoji for ``colour`` (0xRRGGBB): a seat colour's own (``SEAT_SQUARES``),
    else the nearest: a player's colour in text."""
    if colour in SEAT_SQUARES:
        return SEAT_SQUARES[colour]
    squares = {"🟥": (221, 46, 68), "🟧": (244, 144, 12), "🟨": (253, 203, 88), "🟩": (120, 177, 89),
               "🟦": (85, 172, 238), "🟪": (170, 142, 214), "🟫": (193, 105, 79), "⬛": (49, 55, 61),
               "⬜": (230, 231, 232)}
    rgb = ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255)
    return min(squares, key=lambda k: sum((a - b) ** 2 for a, b in zip(squares[k], rgb, strict=True)))


@dataclass
class TableCard:
    """A game's living table message (Components V2, DESIGN.md "The table message"): posted once
    in the game's channel and edited in place as the game moves (``bot/discord_io.py``), shown as
    text by the local table. ``title``: the game and where it stands; ``prompt``: whom it waits
    on and for what (the ping line); ``players``: a panel per seat; ``images``: the gallery (the
    whole board, then a close view of the last move; empty: keep the pictures shown); ``colour``:
    the active player's (``None``: no accent); ``components``: the current prompt's buttons and
    menus (offer tokens, as on any message); ``seq``: the game's move number, so an older card
    never overwrites a newer one; ``final``: the game is over (no buttons); ``repost``: bring the
    table to the bottom of the channel (``/game board``)."""

    title: str
    prompt: str
    players: list[PlayerPanel] = field(default_factory=list)
    images: list[Picture] = field(default_factory=list)
    colour: int | None = None
    components: list[Button | Select] = field(default_factory=list)
    seq: int = 0
    final: bool = False
    repost: bool = False

    def texts(self) -> tuple[str, list[str]]:
        """The head (title and prompt) and one line per player, within ``CARD_TEXT`` characters in
        all (the players first, then the prompt cut to what remains)."""
        players = [p.text() for p in self.players]
        room = CARD_TEXT - sum(map(len, players)) - 1
        head = "\n".join(t for t in (self.title, self.prompt) if t) or "\u200b"
        return shorten(head, max(room, 40)), players

    def as_message(self, prompt: bool = True) -> Message:
        """The card as a plain message (the local table): title, prompt (unless ``prompt`` is
        false: the turn's line said it), the players, the pictures and the components."""
        _, players = self.texts()
        text = "\n".join([f"── Table: {self.title}", *([self.prompt] if prompt and self.prompt else []),
                          *(f"  {line}" for line in players)])
        shown = [p for p in self.images if p.data]
        return Message(text, image=shown[0].data if shown else None,
                       image_name=shown[0].name if shown else "board.png",
                       more=[(p.name, p.data) for p in shown[1:]], components=list(self.components))


@dataclass
class Reply:
    """``channel``: the public message for ``channel_id`` (the game's channel; ``None`` means
    the caller's channel). ``caller``: ephemeral, only the caller sees it. ``direct``: DMs by
    user id. ``game_id``: the game these belong to (for closed-DM bookkeeping). ``table``: the
    game's table card, shown before ``channel`` (then the turn's short line, linking to it)."""

    channel: Message | None = None
    caller: Message | None = None
    direct: dict[int, Message] = field(default_factory=dict)
    channel_id: int | None = None
    game_id: int | None = None
    table: TableCard | None = None

    def messages(self) -> list[Message]:
        """The messages of this reply that exist: channel, caller, then DMs."""
        return [m for m in (self.channel, self.caller, *self.direct.values()) if m is not None]

    def component_lists(self) -> list[list[Button | Select]]:
        """The components of every message and of the table card: the offers to store."""
        return [m.components for m in self.messages()] + ([self.table.components] if self.table else [])


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
