"""The search hooks of Railway Workers (issue 32, "Search hooks"; the shared checks are in
tests/search_hooks.py): ``random_action`` draws only legal moves and brings out every kind the step
allows; ``apply_trusted`` plays as ``apply``; ``determinize`` resamples what a seat cannot see (the
other seats' face-down action cards and dice behind the screens, the Project pile's order, the
command deck, the next dice) and nothing it can see."""
from __future__ import annotations

import pytest

from railhead.engine import canonical
from railhead.engine.core.rng import rng_for
from railhead.engine.games.workers import data

from ..search_hooks import (
    assert_determinize_reads_only_the_view,
    assert_determinized_view_unchanged,
    assert_random_actions_cover,
    assert_trusted_apply_agrees,
    walk,
)
from .helpers import GAME

PLAYERS = (2, 3, 4)


@pytest.mark.parametrize("players", PLAYERS)
def test_random_actions_are_legal_and_cover_every_kind(players):
    """Issue 32, "random_action": at states along a random playout, 40 draws are all accepted by
    ``apply`` and include every action kind ``legal_actions`` lists (cards, rerolls, dice, +1
    tokens, every turn action and command, the questions' answers)."""
    kinds = set()
    for n, (state, seat) in enumerate(walk(GAME, players, 3, limit=300)):
        if n % 5 == 0:
            assert_random_actions_cover(GAME, state, seat, n)
            kinds |= {a["type"] for a in GAME.legal_actions(state, seat)}
    assert {"place", "assign", "plus", "ready", "pass", "end"} <= kinds


@pytest.mark.parametrize("players", PLAYERS)
def test_trusted_moves_play_as_checked_moves(players):
    """Issue 32, "a trusted apply for search": ``apply_trusted`` gives the rules state and events of ``apply``."""
    for n, (state, seat) in enumerate(walk(GAME, players, 5, limit=300)):
        if n % 3 == 0:
            assert_trusted_apply_agrees(GAME, state, seat, GAME.random_action(state, seat, rng_for("trusted", n)))


@pytest.mark.parametrize("players", PLAYERS)
def test_no_seat_can_tell_a_determinized_state(players):
    """Issue 32, "determinize": every seat's view (and the public one) of a determinized state is
    its view of the true state, byte for byte, and the copy depends only on that view (placing
    cards, rolling, assigning dice behind the screens, the turns)."""
    steps = set()
    for n, (state, _) in enumerate(walk(GAME, players, 7, limit=300)):
        if n % 6 == 0:
            steps.add(state.step)
            for seat in [None, *range(players)]:
                assert_determinized_view_unchanged(GAME, state, seat, seeds=range(2))
                assert_determinize_reads_only_the_view(GAME, state, seat, seeds=range(1))
    assert {"place", "assign", "play"} <= steps


def _state_at(step: str, players: int = 3, seed: int = 1, ready: bool = True, slot: int | None = None):
    """The first state of a random playout in ``step`` where every seat is ``ready`` (for
    ``place``/``assign``) or at ``slot`` (for ``play``)."""
    for state, _ in walk(GAME, players, seed, limit=500):
        if state.step != step or state.pending:
            continue
        if step in ("place", "assign") and not all(p.ready == ready for p in state.players[1:]):
            continue
        if slot is not None and state.slot != slot:
            continue
        return state
    raise AssertionError(f"no state in step {step}")


def _determinized(state, seat, seeds=range(8)):
    return [GAME.determinize(state, seat, rng_for("vary", n)) for n in seeds]


def test_the_others_face_down_cards_vary_and_the_seats_own_stay():
    """Issue 32, "determinize": the other seats' face-down action cards vary across rng seeds, each
    still four different cards of its hand; the seat's own cards stay as it placed them
    (railway-workers.txt, "Round phases - steps": cards are placed face down)."""
    state = _state_at("assign")
    copies = _determinized(state, 0)
    for copy in copies:
        assert copy.players[0].placed == state.players[0].placed
        for p in copy.players[1:]:
            assert len(set(p.placed)) == 4 and set(p.placed) <= set(p.hand)
    assert len({canonical([c.players[s].placed for s in (1, 2)]) for c in copies}) > 1


def test_revealed_cards_stay_and_the_later_ones_vary():
    """Issue 32, "determinize": in play, the cards under the places reached stay; those under the
    later places vary, never a card already revealed this phase (railway-workers.txt, "Action
    Phase 1": the cards are revealed one place at a time)."""
    state = _state_at("play", slot=1)
    copies = _determinized(state, 0)
    for copy in copies:
        for true, p in zip(state.players[1:], copy.players[1:]):
            assert p.placed[:2] == true.placed[:2]
            assert not set(p.placed[2:]) & set(true.placed[:2])
    assert len({canonical([c.players[s].placed[2:] for s in (1, 2)]) for c in copies}) > 1


def test_the_others_dice_behind_the_screens_vary():
    """Issue 32, "determinize": once the others are ready, which of their dice and how many +1 tokens
    sit on each place varies; their dice, rolled in common view, stay (railway-workers.txt, "Round
    phases - steps": dice are assigned behind the screen)."""
    state = _state_at("assign")
    copies = _determinized(state, 0)
    for copy in copies:
        assert copy.players[0].assign == state.players[0].assign
        for true, p in zip(state.players[1:], copy.players[1:]):
            assert p.dice == true.dice and sum(p.plus) <= p.plus_tokens
    assert len({canonical([c.players[s].assign for s in (1, 2)]) for c in copies}) > 1


def test_the_piles_and_the_next_dice_vary():
    """Issue 32, "determinize": the Project pile's order, the command deck (drawn from the commands
    never shown, A commands first) and the next roll vary across rng seeds; the pile's projects and
    the deck's size stay (railway-workers.txt, "Game setup": the piles are shuffled face down)."""
    state = _state_at("place", ready=True)
    copies = _determinized(state, None)
    shown = set(state.commands.available) | {state.commands.unavailable}
    for copy in copies:
        assert sorted(copy.projects) == sorted(state.projects)
        deck = copy.commands.deck
        assert len(deck) == len(state.commands.deck) and not set(deck) & shown
        assert sorted(deck, key=lambda n: n > 8) == deck and set(deck) <= set(data.commands())
    assert len({tuple(c.projects) for c in copies}) > 1
    assert len({tuple(c.commands.deck) for c in copies}) > 1
    rolls = set()
    for copy in copies:
        for seat in range(3):
            if copy.step == "place" and not copy.players[seat].ready:
                GAME.apply_trusted(copy, seat, {"type": "place", "cards": copy.players[seat].hand[:4],
                                                "ready": True})
        rolls.add(canonical([p.dice for p in copy.players]))
    assert len(rolls) > 1
