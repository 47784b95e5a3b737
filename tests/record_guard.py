"""A guard for issue 32's "Typed rules": Record's dict protocol (``state["phase"]``, ``"x" in
record``, ``record.get``, ``.items()`` on a record) refused when a given folder's code calls it,
so a test can play whole games and fail on any rule that still reads a record as a dict. The
core and the tests themselves may still call it."""
from __future__ import annotations

import sys

import pytest

from railhead.engine.core.record import Record

PROTOCOL = ("__getitem__", "__setitem__", "__delitem__", "__contains__", "__iter__", "__len__", "keys", "items",
            "values", "get", "setdefault", "pop", "update")
"""Record's dict-protocol methods."""


SPARED = "/engine/core/record.py"
"""The one file that may call the protocol: a record compared with another goes through ``items``."""


def refuse_protocol(monkeypatch: pytest.MonkeyPatch, folder: str = "/") -> list[str]:
    """Make every ``PROTOCOL`` method of ``Record`` raise ``AssertionError`` when its caller's file
    lies under ``folder`` (e.g. ``"/engine/games/rotw/"``; ``"/"``: any caller but ``SPARED``);
    returns the list of refused calls seen (``"Player.get from <file>:<line> (<function>)"``), which
    a test should find empty at its end."""
    seen: list[str] = []
    for name in PROTOCOL:
        original = getattr(Record, name)

        def guarded(self, *args, _original=original, _name=name, **kwargs):
            caller = sys._getframe(1)
            where = caller.f_code.co_filename.replace("\\", "/")
            if folder in where and not where.endswith(SPARED):
                seen.append(f"{type(self).__name__}.{_name} from {where}:{caller.f_lineno} ({caller.f_code.co_name})")
                raise AssertionError(f"Record's dict protocol used: {seen[-1]}")
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(Record, name, guarded)
    return seen


def log_protocol(folder: str = "/tests/") -> list[str]:
    """Wrap every ``PROTOCOL`` method of ``Record`` (and ``==`` against a dict) to note, not refuse,
    each call whose caller's file lies under ``folder``; returns the growing list of
    ``"<file>:<line> Record.<method>"``. Used by ``tests/conftest.py`` when
    ``RAILHEAD_PROTOCOL_LOG`` names a file, to find what still calls the protocol.
    Never undone: for a whole pytest run only."""
    seen: list[str] = []
    for name in PROTOCOL:
        original = getattr(Record, name)

        def logged(self, *args, _original=original, _name=name, **kwargs):
            caller = sys._getframe(1)
            where = caller.f_code.co_filename.replace("\\", "/")
            if folder in where and not where.endswith(SPARED):
                seen.append(f"{where}:{caller.f_lineno} {type(self).__name__}.{_name}")
            return _original(self, *args, **kwargs)

        setattr(Record, name, logged)
    original_eq = Record.__eq__

    def eq(self, other, _original=original_eq):
        caller = sys._getframe(1)
        where = caller.f_code.co_filename.replace("\\", "/")
        if isinstance(other, dict) and folder in where and not where.endswith(SPARED):
            seen.append(f"{where}:{caller.f_lineno} {type(self).__name__}.__eq__ (a dict)")
        return _original(self, other)

    Record.__eq__ = eq  # type: ignore[method-assign]
    return seen
