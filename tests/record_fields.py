"""One helper the games' tests share for writing a typed state's records (issue 32, "Typed
rules": records are written by attribute)."""
from __future__ import annotations


def set_fields(record, **values) -> None:
    """Set these fields of a state's ``record`` in place, by attribute (``set_fields(player,
    cash=0, bonds=3)``); a name that is not a field raises ``AttributeError``."""
    for name, value in values.items():
        setattr(record, name, value)
