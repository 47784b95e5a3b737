"""Railways of the World's rules on their typed state (issue 32, "Typed rules"): whole games with every hook of
the contract asked along the way. Records read and write by attribute only (their dict protocol
is gone), so a rule that still read one as a dict would fail here with a ``TypeError``."""
from __future__ import annotations

import pytest

from railhead.engine.core.rng import rng_for
from tests.search_hooks import walk

from .helpers import GAME

GAMES = [
    (3, {"barons": True, "bounty_queue": True}),
    (4, {"map": "transcontinental"}),
    (3, {"map": "great-britain"}),
    (3, {"map": "nippon", "events": True}),
    (3, {"map": "europe", "mines": True, "switch_tracks": True, "fuel_depots": True, "city_rotors": True}),
    (2, {"map": "through-time"}),
    (3, {"map": "eastern-us", "cut_throat": True, "hidden_money": True, "barons": True, "baron_later": True}),
]
"""(players, options): between them every map family, module and variant with rules of its own."""


@pytest.mark.parametrize(("players", "options"), GAMES, ids=[o.get("map", "rhine-alps") for _, o in GAMES])
def test_whole_games_play_on_typed_records(players, options):
    """A random game (up to 400 moves) with the view of every seat, the prompts, the legal moves,
    the time-out move, the delivery menu and a determinization asked at each move
    (railways-of-the-world.txt throughout)."""
    rng = rng_for("typed rules", players)
    moves = 0
    for state, seat in walk(GAME, players, 7, 400, options):
        GAME.view(state, None)
        GAME.view(state, seat)
        GAME.prompts(state)
        GAME.legal_actions(state, seat)
        GAME.timeout_action(state, seat)
        GAME.query(state, seat, "deliveries", {})
        GAME.determinize(state, seat, rng)
        moves += 1
    assert moves > 50
