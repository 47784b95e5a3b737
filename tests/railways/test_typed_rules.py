"""Railways' rules read their typed state by attribute (issue 32, "Typed rules"): no function in
engine/games/railways/ uses the dict protocol of ``Record`` (``state["phase"]``, ``"x" in record``,
``record.get``, ``.items()`` on a record), which is to go once no game uses it. The core and the
tests may still use it."""
from __future__ import annotations

import pytest

from railhead.engine.core.rng import rng_for
from tests.record_guard import refuse_protocol

from .helpers import GAME

RULES = "/engine/games/railways/"
OPTIONS = [{}, {"objective": "mayor"}, {"objective": "baron", "combine": ["conductor", "engineer"]},
           {"objective": "engineer", "cards": [5, 6, 7, 8]}]


@pytest.fixture
def refused(monkeypatch):
    """Record's dict protocol raises when a file of the rules calls it; returns the calls seen."""
    return refuse_protocol(monkeypatch, RULES)


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
