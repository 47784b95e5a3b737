"""Railway Workers' rules read their typed state by attribute (issue 32, "Typed rules"): no rule in
engine/games/workers/ uses the dict protocol of ``Record`` (``state["step"]``, ``"x" in record``,
``record.get``, ``.items()`` on a record), which is to go once no game uses it."""
from __future__ import annotations

import sys

import pytest

from railhead.engine.core.record import Record
from railhead.engine.core.rng import rng_for
from tests.search_hooks import walk

from .helpers import GAME

PROTOCOL = ("__getitem__", "__setitem__", "__delitem__", "__contains__", "__iter__", "__len__", "keys", "items",
            "values", "get", "setdefault", "pop", "update")
RULES = "/engine/games/workers/"


@pytest.fixture
def refused(monkeypatch):
    """Record's dict protocol raises when a file of Railway Workers' rules calls it (the core and
    the tests may still call it); returns the calls seen."""
    seen: list[str] = []
    for name in PROTOCOL:
        original = getattr(Record, name)

        def guarded(self, *args, _original=original, _name=name, **kwargs):
            caller = sys._getframe(1).f_code
            if RULES in caller.co_filename.replace("\\", "/"):
                seen.append(f"{type(self).__name__}.{_name} from {caller.co_filename}:{caller.co_name}")
                raise AssertionError(seen[-1])
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(Record, name, guarded)
    return seen


def test_whole_games_play_without_the_dict_protocol(refused):
    """Random games of 2, 3 and 4 players (every step, the questions, payments, the end) with
    every seat's view, prompts, legal moves, time-out move and determinization asked along the
    way: no rule reads or writes a record as a dict."""
    for players in (2, 3, 4):
        for n, (state, seat) in enumerate(walk(GAME, players, players, 3000)):
            for who in (None, *range(players)):
                GAME.view(state, who)
            GAME.prompts(state)
            GAME.timeout_action(state, seat)
            GAME.determinize(state, seat, rng_for("typed rules", n))
            if state.step in ("low", "tokens") or state.pending:
                GAME.legal_actions(state, seat)
        assert GAME.outcome(state) is None or state.final is not None
    assert refused == []
