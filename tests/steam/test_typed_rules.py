"""Steam's rules on their typed state (issue 32, "Typed rules"): whole games with every hook of
the contract asked along the way. Records read and write by attribute only (their dict protocol
is gone), so a rule that still read one as a dict would fail here with a ``TypeError``."""
from __future__ import annotations

import pytest

from railhead.engine.core.rng import rng_for
from tests.search_hooks import walk

from .helpers import GAME

GAMES = [(3, {}), (4, {"standard": True}), (3, {"first_order": "auction"}), (5, {"standard": True})]
"""(players, options): the base and standard games, the turn-order auction."""


@pytest.mark.parametrize(("players", "options"), GAMES)
def test_whole_games_play_on_typed_records(players, options):
    """A random game to its end (or 600 moves) with every seat's view, the prompts, the legal
    moves, the time-out move and a determinization asked at each move (steam.txt throughout)."""
    rng = rng_for("typed rules", players)
    moves = 0
    for state, seat in walk(GAME, players, 11, 600, options):
        for who in (None, *range(players)):
            GAME.view(state, who)
        GAME.prompts(state)
        GAME.legal_actions(state, seat)
        GAME.timeout_action(state, seat)
        GAME.determinize(state, seat, rng)
        moves += 1
    assert moves > 50
