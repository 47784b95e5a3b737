"""Railways' rules read their typed state by attribute (issue 32, "Typed rules"): no function in
engine/games/railways/ uses the dict protocol of ``Record`` (``state["phase"]``, ``"x" in record``,
``record.get``, ``.items()`` on a record), which is to go once no game uses it. The core and the
tests may still use it."""
from __future__ import annotations

import sys

import pytest

from railhead.engine.core.record import Record
from railhead.engine.core.rng import rng_for

from .helpers import GAME

PROTOCOL = ("__getitem__", "__setitem__", "__delitem__", "__contains__", "__iter__", "__len__", "keys", "items",
            "values", "get", "setdefault", "pop", "update")
RULES = "/engine/games/railways/"
OPTIONS = [{}, {"objective": "mayor"}, {"objective": "baron", "combine": ["conductor", "engineer"]},
           {"objective": "engineer", "cards": [5, 6, 7, 8]}]


@pytest.fixture
def refused(monkeypatch):
    """Record's dict protocol raises when a file of Railways' rules calls it; returns the calls seen."""
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
    """Random games of every objective (setup, the dice placed, decades of every action kind,
    reshuffles, the end and its objective tests), with the view, prompts, legal moves, the
    time-out move, a question and a determinization asked along the way: no rule reads or
    writes a record as a dict (railways-solo.txt throughout)."""
    for n, options in enumerate(OPTIONS):
        state = GAME.setup(options, ["Ann"], 90 + n)
        rng = rng_for("typed rules", n)
        while GAME.outcome(state) is None:
            GAME.view(state, 0)
            GAME.prompts(state)
            GAME.legal_actions(state, 0)
            GAME.timeout_action(state, 0)
            GAME.query(state, 0, "build_spaces", {})
            GAME.determinize(state, 0, rng)
            state, _ = GAME.apply(state, 0, GAME.random_action(state, 0, rng))
        assert GAME.view(state, 0)["final"]["objective"] == options.get("objective", "economist")
    assert refused == []
