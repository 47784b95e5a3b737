"""Railway Workers' rules on their typed state (issue 32, "Typed rules"): whole games with every hook of
the contract asked along the way. Records read and write by attribute only (their dict protocol
is gone), so a rule that still read one as a dict would fail here with a ``TypeError``."""
from __future__ import annotations

from railhead.engine.core.rng import rng_for
from tests.search_hooks import walk

from .helpers import GAME


def test_whole_games_play_on_typed_records():
    """Random games of 2, 3 and 4 players (every step, the questions, payments, the end) with
    every seat's view, prompts, legal moves, time-out move and determinization asked along the
    way."""
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
