"""Typed game states that still read like the JSON they are.

A game's state is a tree of ``msgspec`` Structs (``GameState`` at the top, the game's main
records below it): typed, validated when a snapshot is loaded, and encoded canonically exactly
as the plain dicts they replace (``canonical`` sorts Struct fields like dict keys; a field left
``UNSET`` is absent from the JSON, as a missing key was). ``Record`` gives each Struct the
mapping protocol of a dict (``state["phase"]``, ``"barons" in state``, ``state.get``,
``items``), so rules written against dicts and rules written against attributes
(``state.phase``) both work while the games move over; a key that is not a field is refused.
The core, engine/common, the bot and Steam's, Railway Workers' and Railways' rules read by
attribute only (``tests/test_record_protocol.py`` plays their games with the protocol refused);
the protocol goes once Railways of the World's rules and the tests no longer call it.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

__all__ = ["UNSET", "Core", "GameState", "Record", "UnsetType", "Vote"]


_NAMES: dict[type[msgspec.Struct], dict[str, str]] = {}


def _names(cls: type[msgspec.Struct]) -> dict[str, str]:
    """``{JSON name: attribute}`` of a Struct class's fields (kept per class). They differ only
    for a field renamed because its JSON name is a Python keyword (``from_`` is ``"from"``)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = dict(zip(cls.__struct_encode_fields__, cls.__struct_fields__, strict=True))
    return names


class Record(msgspec.Struct, kw_only=True, gc=False, forbid_unknown_fields=True):
    """A Struct that reads and writes like a dict of its fields, by their JSON names. A field
    holding ``UNSET`` is absent: ``in`` says no, ``[]`` raises ``KeyError``, ``get`` gives the
    default, and the JSON leaves it out. Setting a name that is not a field raises ``KeyError``
    (a typo, or a record that needs a new field). Equal to a dict with the same items. A field
    whose JSON name is a Python keyword is declared ``from_: str = msgspec.field(name="from")``
    and read as ``record["from"]`` (or ``record.from_``).

    Decoding refuses a key that is not a field (``forbid_unknown_fields``): a stored snapshot of
    another shape is then replayed from the log, never loaded with parts dropped. Item access goes
    through ``getattr``, so a method's name (``record["keys"]``) is not refused: no rule uses one.

    Records are not tracked by the garbage collector (``gc=False``: decoding a state's many small
    records is then as fast as decoding dicts); a state is a tree decoded from JSON, so a record
    must never hold a reference back to itself or an ancestor."""

    def __getitem__(self, key: str) -> Any:
        try:                                           # the hot path of every rule: kept short
            value = getattr(self, key)
        except AttributeError:
            value = getattr(self, _names(type(self)).get(key, "\0"), UNSET)   # a renamed field
        except TypeError:
            raise KeyError(key) from None
        if value is UNSET:
            raise KeyError(key)
        return value

    def __setitem__(self, key: str, value: Any) -> None:
        attr = _names(type(self)).get(key)
        if attr is None:
            raise KeyError(f"{type(self).__name__} has no field {key!r}")
        setattr(self, attr, value)

    def __delitem__(self, key: str) -> None:
        self[key]                                      # KeyError when absent
        self[key] = UNSET

    def __contains__(self, key: object) -> bool:
        attr = _names(type(self)).get(key) if isinstance(key, str) else None
        return attr is not None and getattr(self, attr) is not UNSET

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.keys())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Record | dict):
            return dict(self.items()) == dict(other.items())
        return NotImplemented

    # Unhashable (mutable, like a dict): the checker refuses None in place of object's method, as
    # it does for typeshed's own dict, whose stub carries the same ignore.
    __hash__ = None  # type: ignore[assignment]

    def keys(self) -> list[str]:
        """The JSON names of the fields that are set, in declaration order."""
        return [k for k, a in _names(type(self)).items() if getattr(self, a) is not UNSET]

    def items(self) -> list[tuple[str, Any]]:
        """``(JSON name, value)`` of the fields that are set."""
        return [(k, getattr(self, a)) for k, a in _names(type(self)).items() if getattr(self, a) is not UNSET]

    def values(self) -> list[Any]:
        """The values of the fields that are set."""
        return [value for _, value in self.items()]

    def get(self, key: str, default: Any = None) -> Any:
        """The field's value, or ``default`` when it is absent or not a field."""
        return self[key] if key in self else default

    def setdefault(self, key: str, default: Any = None) -> Any:
        """The field's value, first setting it to ``default`` when absent. ``KeyError`` for a
        name that is not a field."""
        if key not in self:
            self[key] = default
        return self[key]

    def pop(self, key: str, *default: Any) -> Any:
        """Remove (unset) a field and return its value; ``default`` (or ``KeyError``) when absent."""
        if key in self:
            value = self[key]
            self[key] = UNSET
            return value
        if default:
            return default[0]
        raise KeyError(key)

    def update(self, other: Iterable | dict = (), **fields: Any) -> None:
        """Set several fields, as ``dict.update``."""
        for key, value in dict(other, **fields).items():
            self[key] = value


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
