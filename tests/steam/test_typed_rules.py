"""Steam's rules read their typed state by attribute (issue 32, "Typed rules"): no function in
engine/games/steam/ uses the dict protocol of ``Record`` (``state["phase"]``, ``"x" in record``,
``record.get``), which is to go once no game uses it."""
from __future__ import annotations

import pytest

from railhead.engine.core.rng import rng_for
from tests.record_guard import refuse_protocol
from tests.search_hooks import walk

from .helpers import GAME

GAMES = [(3, {}), (4, {"standard": True}), (3, {"first_order": "auction"}), (5, {"standard": True})]
"""(players, options): the base and standard games, the turn-order auction."""


@pytest.mark.parametrize(("players", "options"), GAMES)
def test_whole_games_play_without_the_dict_protocol(monkeypatch, players, options):
    """A random game to its end (or 600 moves) with every seat's view, the prompts, the legal
    moves, the time-out move and a determinization asked at each move: no rule reads or writes a
    record as a dict (steam.txt throughout)."""
    refused = refuse_protocol(monkeypatch, "/engine/games/steam/")
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
    assert refused == []
