"""Railway Workers' rules read their typed state by attribute (issue 32, "Typed rules"): no rule in
engine/games/workers/ uses the dict protocol of ``Record`` (``state["step"]``, ``"x" in record``,
``record.get``, ``.items()`` on a record), which is to go once no game uses it."""
from __future__ import annotations

import pytest

from railhead.engine.core.rng import rng_for
from tests.record_guard import refuse_protocol
from tests.search_hooks import walk

from .helpers import GAME

RULES = "/engine/games/workers/"


@pytest.fixture
def refused(monkeypatch):
    """Record's dict protocol raises when a file of the rules calls it; returns the calls seen."""
    return refuse_protocol(monkeypatch, RULES)


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
