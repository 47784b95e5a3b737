"""What the table answers: plain data, turned into Discord messages by the cogs and into
terminal text by the local table."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Button:
    label: str
    custom_id: str
    style: str = "secondary"        # primary | secondary | success | danger


@dataclass
class Select:
    custom_id: str
    placeholder: str
    options: list[tuple[str, str, str]]     # (label, value, description)


@dataclass
class Reply:
    """``ephemeral``: only the caller sees it. ``image``: PNG bytes. ``mentions``: user ids pinged."""

    text: str
    ephemeral: bool = False
    image: bytes | None = None
    image_name: str = "board.png"
    components: list[Button | Select] = field(default_factory=list)
    mentions: list[int] = field(default_factory=list)


@dataclass
class Caller:
    """Who asks, from where. ``can_manage``: has Manage Channel (lobby and abandon rights)."""

    channel_id: int
    user_id: int
    name: str
    guild_id: int | None = None
    can_manage: bool = False


def private(text: str) -> Reply:
    return Reply(text, ephemeral=True)


@dataclass
class Apply:
    """A game command's answer meaning "apply this action now"."""

    action: dict
