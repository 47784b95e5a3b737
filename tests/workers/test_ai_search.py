"""Railway Workers' search hooks (issue 34; ai/workers/candidates.py, value.py): ``evaluate``
gives each seat a chance of winning that sums to 1 and favours the seat ahead; ``candidates``
starts with the heuristic's move, offers a few distinct runners-up and depends only on what the
seat may know; the search with these hooks plays legal moves."""
from __future__ import annotations

import pytest

from railhead.ai import SearchPlayer
from railhead.ai.games import hook
from railhead.ai.workers import PLAYOUT_DEPTH, Heuristic, candidates, evaluate, rollout
from railhead.ai.workers.candidates import MARGIN, MOST
from railhead.ai.workers.value import estimate
from railhead.engine import canonical
from railhead.engine.core import clone
from railhead.engine.core.rng import rng_for

from .helpers import GAME, Table, worker_waiting_beside_a_structure
from .test_ai_players import play


@pytest.fixture(scope="module")
def three():
    """A three-player game with the heuristic in the last seat, so it meets the others' face-down
    cards and screened dice (the lowest seat acts first)."""
    return play(3, 5, heuristic_seats=(2,))


def test_the_hooks_are_found_by_the_search():
    for name in ("candidates", "evaluate", "PLAYOUT_DEPTH", "rollout", "Heuristic"):
        assert hook("workers", name) is not None, name
    assert 0 < PLAYOUT_DEPTH < 200


def test_evaluate_gives_chances_that_sum_to_one(three):
    _, seen = three
    for state, _, _, _ in seen[::9]:
        chances = evaluate(GAME, state)
        assert len(chances) == 3
        assert all(0.0 <= c <= 1.0 for c in chances)
        assert sum(chances) == pytest.approx(1.0)


def test_a_seat_clearly_ahead_is_likelier_to_win():
    """Coins are victory points at the end (railway-workers.txt, "Game end victory points"): a
    seat given 30 coins more than two equal others gets the best chance, and more than the even
    third it had; the two equal seats stay equal."""
    state = Table(3, seed=4).state
    even = evaluate(GAME, state)
    assert even == pytest.approx([1 / 3] * 3, abs=0.05)
    richer = clone(state)
    richer.players[1].coins += 30
    chances = evaluate(GAME, richer)
    assert chances[1] > max(chances[0], chances[2])
    assert chances[1] > even[1] + 0.2
    assert chances[0] == pytest.approx(chances[2], abs=0.05)
    assert estimate(richer, 1) >= estimate(state, 1) + 30       # the coins, and what they let the round's plan buy


def test_later_in_the_game_the_same_lead_counts_for_more():
    """With fewer rounds left a lead has less time to be caught: the same 20 coins ahead give a
    better chance in round 4 than in round 1 (``SPREAD``)."""
    early = Table(3, seed=4).state
    early.players[0].coins += 20
    late = clone(early)
    late.round = 4
    assert evaluate(GAME, late)[0] > evaluate(GAME, early)[0]


def test_candidates_start_with_the_heuristics_move_and_differ(three):
    _, seen = three
    kinds = set()
    for state, seat, choice, key in seen:
        offered = candidates(GAME, state, seat, rng_for(*key))
        assert offered[0] == choice                       # the same rng: the heuristic's own move
        assert 1 <= len(offered) <= MOST
        assert len({canonical(c.action) for c in offered}) == len(offered)
        if len(offered) > 1:
            kinds |= {p["kind"] for p in GAME.prompts(state) if p["seat"] == seat}
    assert {"turn", "place", "assign"} <= kinds


def test_runners_up_far_below_the_heuristics_move_are_left_out(three):
    """Every candidate the search gets is within ``MARGIN`` coins of the heuristic's move by the
    round's plan, and at some positions a runner-up the plan rates lower is left out."""
    _, seen = three
    dropped = 0
    for state, seat, _, key in seen:
        ranked = Heuristic().ranked(GAME, state, seat, rng_for(*key), MOST)
        offered = candidates(GAME, state, seat, rng_for(*key))
        kept = [c for v, c in ranked if v is None or v >= ranked[0][0] - MARGIN]
        assert offered == kept
        dropped += len(ranked) - len(offered)
    assert dropped > 0


def test_placement_runners_up_hold_other_cards_in_action_phase_1(three):
    """In Action Phase 1 the hand has eight cards and four wait for Action Phase 2 ("Action
    Phase 1" a): the runners-up place a different four, not the same cards reordered."""
    _, seen = three
    checked = 0
    for state, seat, _, key in seen:
        if state.step == "place" and state.phase == 1:
            ranked = Heuristic().ranked(GAME, state, seat, rng_for(*key), MOST)
            sets = [frozenset(c.action["cards"]) for _, c in ranked]
            assert len(sets) == len(set(sets)) > 1
            checked += 1
    assert checked >= 3


def test_candidates_are_the_same_whatever_the_others_hide(three):
    """The true state and one determinized for the seat (the others' face-down cards and
    screened dice, the Project pile and command deck drawn anew) give the same candidates, at
    positions where the others' cards are face down ("Action Phase 1" a, b)."""
    _, seen = three
    secret = 0
    for n, (state, seat, _, key) in enumerate(seen):
        twin = GAME.determinize(state, seat, rng_for("twin", n))
        others = [s for s in range(3) if s != seat]
        if any(twin.players[s].placed != state.players[s].placed for s in others):
            secret += 1
        assert candidates(GAME, twin, seat, rng_for(*key)) == candidates(GAME, state, seat, rng_for(*key))
    assert secret >= 10


def test_the_search_with_these_hooks_plays_legal_moves(three):
    """A small search at positions of every kind: its move is accepted by ``GAME.apply`` (which
    refuses an illegal one) and it says why in one line."""
    _, seen = three
    search = SearchPlayer(playouts=4)
    for n, (state, seat, _, _) in enumerate(seen[::12]):
        choice = search.choose(GAME, state, seat, rng_for("search", n))
        GAME.apply(state, seat, choice.action)
        assert choice.reason and "\n" not in choice.reason


def test_the_heuristic_is_its_first_ranked_move(three):
    _, seen = three
    heuristic = Heuristic()
    for state, seat, choice, key in seen[::5]:
        assert heuristic.ranked(GAME, state, seat, rng_for(*key), 1)[0][1] == choice


def test_a_playouts_turn_takes_the_move_that_pays_most_often():
    """The rollout weighs a few of the card's actions by the round's plan: with a worker waiting
    in a structures warehouse and a structure in the Facilities, Store Up there makes a pair, 8
    coins ("Construction site Development"), and a playout's turn stores it there in nearly every
    draw (a random accepted Store Up, the earlier policy, found that site in 10 of these 20 draws:
    two sites are open)."""
    t = Table(3, seed=4)
    site = worker_waiting_beside_a_structure(t)
    t.to_play({0: ["store", "share", "subsidy", "plans"]}, {0: [6, 1, 1, 1]})     # Store Up at Sum 7
    t.pass_until(0, 1)
    assert t.turn.card == "store"
    moves = [rollout(GAME, t.state, 0, rng_for("pair", n)) for n in range(20)]
    paired = [m for m in moves if m["type"] == "store" and m["kind"] == "structures" and str(m["site"]) == site]
    assert len(paired) >= 18, moves
