"""The 8 Map/Action cards of Railways (our own design, ``data/cards/railways/cards.toml``).

A card's map side is 4 rows of 5 spaces; its action side is four slots of one or two icons.
Everything here is static and cached; the state only holds which card is where.
"""
from __future__ import annotations

import re
from functools import cache

import msgspec

from ...common.datafile import DATA_DIR, fail, load

ROWS, COLS = 4, 5
KINDS = ("R", "L", "C", "I")
KIND_NAMES = {"R": "Residential", "L": "Leisure", "C": "Commercial", "I": "Industrial"}
RAILS = {"-": "EW", "|": "NS", "┌": "ES", "┐": "WS", "└": "NE", "┘": "NW"}
SPACES = set(RAILS) | set(KINDS) | {"."}
PLAIN_ICONS = ("ticket", "rail", "rail2", "passenger", "worker", "upgrade", "clean", "build")
MONEY = re.compile(r"^\$([1-9])$")


class CardFile(msgspec.Struct, forbid_unknown_fields=True):
    number: int
    name: str
    map: list[str]
    slots: list[list[str]]


class CardsFile(msgspec.Struct, forbid_unknown_fields=True):
    card: list[CardFile]


class Card(msgspec.Struct, frozen=True):
    """``grid``: 4 strings of 5 space characters (see the data file's header); ``slots``: four
    tuples of icons (``"ticket"``, ``"rail"``, ``"R"``, ``"$3"``...)."""

    number: int
    name: str
    grid: tuple[str, ...]
    slots: tuple[tuple[str, ...], ...]


def is_icon(icon: str) -> bool:
    return icon in PLAIN_ICONS or icon in KINDS or MONEY.match(icon) is not None


def money(icon: str) -> int:
    """Capital of a ``$N`` icon (0 for any other icon)."""
    m = MONEY.match(icon)
    return int(m.group(1)) if m else 0


@cache
def cards() -> dict[int, Card]:
    """The 8 cards by number (1-8). Raises ``DataError`` naming the file line of a bad card."""
    path = DATA_DIR / "cards" / "railways" / "cards.toml"
    raw, text = load(path, CardsFile)
    out: dict[int, Card] = {}
    for i, c in enumerate(raw.card):
        def bad(message: str, key: str = "number", i: int = i, number: int = c.number) -> None:
            fail(path, text, f"card {number}: {message}", "card", i, key)
        if c.number in out or not 1 <= c.number <= 8:
            bad("numbers are 1-8, each once")
        grid = tuple(row.replace(" ", "") for row in c.map)
        if len(grid) != ROWS or any(len(row) != COLS for row in grid):
            bad(f"the map is {ROWS} rows of {COLS} spaces", "map")
        if any(ch not in SPACES for row in grid for ch in row):
            bad(f"map spaces are one of {' '.join(sorted(SPACES))}", "map")
        if len(c.slots) != 4 or any(not 1 <= len(s) <= 2 for s in c.slots):
            bad("an action side has 4 slots of 1 or 2 icons", "slots")
        if any(not is_icon(icon) for s in c.slots for icon in s):
            bad("unknown icon", "slots")
        if sum(money(icon) > 0 for s in c.slots for icon in s) != 1:
            bad("every card has exactly one capital icon", "slots")
        out[c.number] = Card(c.number, c.name, grid, tuple(tuple(s) for s in c.slots))
    if sorted(out) != list(range(1, 9)):
        fail(path, text, "the deck is cards 1 to 8", "card", 0)
    return out
