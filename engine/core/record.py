"""Typed game states: a tree of ``msgspec`` Structs (``GameState`` at the top, the game's main
records below it), typed, validated when a snapshot is loaded, and encoded canonically exactly as
the plain dicts they replaced (``canonical`` sorts Struct fields like dict keys; a field left
``UNSET`` is absent from the JSON, as a missing key was). Rules, the core, the bot and the tests
read and write them by attribute (``state.phase``; issue 32, "Typed rules"): the dict protocol
records once had while the games moved over from dicts is gone.
"""
from __future__ import annotations

import msgspec
from msgspec import UNSET, UnsetType

__all__ = ["UNSET", "Core", "GameState", "Record", "UnsetType", "Vote"]


class Record(msgspec.Struct, kw_only=True, gc=False, forbid_unknown_fields=True):
    """A record of a game's state. A field holding ``UNSET`` is absent from the JSON; a field
    whose JSON name is a Python keyword is declared ``from_: str = msgspec.field(name="from")``.
    Setting a name that is not a field raises ``AttributeError`` (Structs have no ``__dict__``).

    Decoding refuses a key that is not a field (``forbid_unknown_fields``): a stored snapshot of
    another shape is then replayed from the log, never loaded with parts dropped.

    Records are not tracked by the garbage collector (``gc=False``: decoding a state's many small
    records is then as fast as decoding dicts); a state is a tree decoded from JSON, so a record
    must never hold a reference back to itself or an ancestor. Equal to a record of the same
    class with equal fields (never to a dict); unhashable, being mutable."""


class Vote(Record):
    """An open undo vote (``match.py``): ``by`` asked to go back to ``to`` moves in force;
    ``agreed``: the seats that agreed; ``stamp``: the ``seq`` it opened at."""

    by: int
    to: int
    agreed: list[int]
    stamp: int


class Core(Record):
    """The engine's bookkeeping in ``state["core"]`` (see ``game.py``); seat keys are the seat
    numbers as JSON object keys (``"0"``)."""

    seq: int = 0
    moves: int = 0
    last: dict[str, int] = {}
    sealed: int = -1
    stamps: dict[str, int] = {}
    vote: Vote | None = None


class GameState(Record):
    """The top of a typed game state: what the engine adds to every game's (``game``, ``seed``,
    ``core``) and the seated names. A game's state type subclasses it with its own fields."""

    game: str
    seed: int
    core: Core
    seats: list[str]
