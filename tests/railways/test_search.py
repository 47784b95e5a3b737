"""The search hooks of Railways solo (issue 32, "Search hooks"; the shared checks are in
tests/search_hooks.py): ``random_action`` draws only legal moves and brings out every kind the step
allows; ``apply_trusted`` plays as ``apply``; ``determinize`` resamples the only hidden zone, the
pool's order under its top card, and the future draws."""
from __future__ import annotations

from railhead.engine import canonical
from railhead.engine.core.rng import rng_for

from ..search_hooks import (
    assert_determinize_reads_only_the_view,
    assert_determinized_view_unchanged,
    assert_random_actions_cover,
    assert_trusted_apply_agrees,
    walk,
)
from .helpers import GAME, start


def test_random_actions_are_legal_and_cover_every_kind():
    """Issue 32, "random_action": at states along random playouts, 40 draws are all accepted by
    ``apply`` and include every action kind ``legal_actions`` lists (placing the passenger dice,
    each action of a decade, ending a decade)."""
    kinds = set()
    for seed in range(3):
        for n, (state, seat) in enumerate(walk(GAME, 1, seed, limit=200)):
            if n % 3 == 0:
                assert_random_actions_cover(GAME, state, seat, n)
                kinds |= {a["type"] for a in GAME.legal_actions(state, seat)}
    assert {"place", "buy_link", "move", "capital", "end_decade"} <= kinds


def test_trusted_moves_play_as_checked_moves():
    """Issue 32, "a trusted apply for search": ``apply_trusted`` gives the rules state and events of ``apply``."""
    for seed in range(3):
        for n, (state, seat) in enumerate(walk(GAME, 1, seed, limit=200)):
            assert_trusted_apply_agrees(GAME, state, seat, GAME.random_action(state, seat, rng_for("trusted", n)))


def _states(seed: int = 7):
    return [state for state, _ in walk(GAME, 1, seed, limit=200)]


def test_the_player_cannot_tell_a_determinized_state():
    """Issue 32, "determinize": the player's view (and the public one) of a determinized state is
    its view of the true state, byte for byte, and the copy depends only on that view."""
    for n, state in enumerate(_states()):
        if n % 4 == 0:
            for seat in (None, 0):
                assert_determinized_view_unchanged(GAME, state, seat, seeds=range(2))
                assert_determinize_reads_only_the_view(GAME, state, seat, seeds=range(1))


def test_the_pool_under_its_top_card_and_the_next_draws_vary():
    """Issue 32, "determinize": the pool's order under its top card varies across rng seeds, its top
    card (whose map side shows) and its cards stay; the random stream differs, so the next reshuffle
    does too (railways-solo.txt, "Record a decade": the discards are shuffled into the pool). In
    play the pool rarely holds more than its top card, so the state here has a hand of one card."""
    state = start(hand=(1,))
    assert len(state.pool) == 3
    copies = [GAME.determinize(state, 0, rng_for("vary", n)) for n in range(8)]
    for copy in copies:
        assert copy.pool[0] == state.pool[0] and sorted(copy.pool) == sorted(state.pool)
        assert canonical(GAME.view(copy, 0)) == canonical(GAME.view(state, 0))
    assert len({tuple(c.pool) for c in copies}) > 1
    assert len({c.seed for c in copies} | {state.seed}) == len(copies) + 1
