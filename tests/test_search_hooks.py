"""The search hooks of every game (issue 32, "Search hooks"): ``random_action`` only gives legal
moves, ``apply_trusted`` plays them as ``apply`` does, and no seat can tell a state determinized
for it from the true one. Each game's own tests add what must vary (tests/<game>/test_search.py)."""
from __future__ import annotations

import pytest

from railhead.engine import GAMES
from railhead.engine.core.rng import rng_for

from .search_hooks import (
    assert_determinize_reads_only_the_view,
    assert_determinized_view_unchanged,
    assert_trusted_apply_agrees,
    walk,
)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_actions_are_legal_and_play_as_trusted_moves(game_id):
    game = GAMES[game_id]
    players = min(3, game.max_seats)
    for seed in range(2):
        for n, (state, seat) in enumerate(walk(game, players, seed, limit=80)):
            if n % 4 == 0:
                action = game.random_action(state, seat, rng_for("trusted", n))
                assert_trusted_apply_agrees(game, state, seat, action)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_seat_can_tell_a_determinized_state(game_id):
    game = GAMES[game_id]
    players = min(3, game.max_seats)
    for n, (state, _) in enumerate(walk(game, players, 7, limit=60)):
        if n % 10 == 0:
            for seat in [None, *range(players)]:
                assert_determinized_view_unchanged(game, state, seat, seeds=range(2))
                assert_determinize_reads_only_the_view(game, state, seat, seeds=range(1))


def test_a_determinized_state_draws_other_futures():
    """A new seed per determinization: the random stream's next draws differ."""
    game = GAMES["railways"]
    state = game.setup({}, ["Ann"], 1)
    copies = [game.determinize(state, 0, rng_for("determinize", n)) for n in range(3)]
    assert len({c.seed for c in copies} | {state.seed}) == 4
