"""Railway Workers' AI players (issue 34; ai/workers/): the heuristic's moves are legal at 2, 3 and
4 players and whole games finish, every move says why in one line, a move depends only on what
the seat may know, the same rng gives the same move; the playout policy and the greedy player's
``worth`` follow the rules (railway-workers.txt)."""
from __future__ import annotations

import pytest

from railhead.ai import RandomPlayer, make_player
from railhead.ai.workers import Heuristic, rollout, worth
from railhead.engine import IllegalAction
from railhead.engine.core import clone
from railhead.engine.core.rng import rng_for

from .helpers import GAME, Table, worker_waiting_beside_a_structure

HEURISTIC = Heuristic()


def play(players: int, seed: int, heuristic_seats=(0,), limit: int = 2000):
    """A whole game, the heuristic in ``heuristic_seats`` and random players elsewhere, each move
    played through ``GAME.apply`` (which refuses an illegal one). Returns the final state and the
    heuristic's positions ``(state, seat, choice, rng key)``."""
    state = GAME.setup({}, [f"P{i}" for i in range(players)], seed)
    seen = []
    for n in range(limit):
        actors = GAME.actors(state)
        if not actors:
            break
        seat = actors[0]
        player = HEURISTIC if seat in heuristic_seats else RandomPlayer()
        choice = player.choose(GAME, state, seat, rng_for(f"ai-workers:{seed}", n))
        if player is HEURISTIC:
            seen.append((state, seat, choice, (f"ai-workers:{seed}", n)))
        state, _ = GAME.apply(state, seat, choice.action)
    return state, seen


@pytest.fixture(scope="module")
def three():
    """The heuristic in the last seat: the others place their cards and assign their dice first
    (the lowest seat acts first), so it meets their secrets."""
    return play(3, 5, heuristic_seats=(2,))


@pytest.mark.parametrize("players", [2, 4])
def test_whole_games_finish_with_legal_moves_at_two_and_four_players(players):
    state, seen = play(players, 11 + players)
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome["scores"]) == players
    kinds = {GAME.prompts(s)[0]["kind"] if len(GAME.prompts(s)) == 1 else "at once" for s, _, _, _ in seen}
    assert "turn" in kinds and "at once" in kinds                   # turns, and cards and dice placed at once


def test_a_three_player_game_finishes_and_the_heuristic_beats_two_random_players(three):
    """Not a tournament (docs/ai/workers.md has those): one game as a smoke check that it
    plays to win, by the final coins ("Game end victory points")."""
    state, seen = three
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome["ranking"][0] == 2
    assert len(seen) > 40


def test_every_move_says_why_in_one_line(three):
    _, seen = three
    for _, _, choice, _ in seen:
        assert choice.reason and "\n" not in choice.reason and len(choice.reason) < 160, choice.reason
    reasons = " ".join(c.reason for _, _, c, _ in seen)
    for words in ("places +1", "puts ", "coins on the round's plan"):
        assert words in reasons


def test_a_move_is_the_same_whatever_the_others_hide(three):
    """The true state and one determinized for the seat (others' face-down cards, their dice
    behind the screens, the Project pile and command deck drawn anew) give the same move, at
    positions where others' cards are face down and their dice screened ("Action Phase 1" a, b)."""
    _, seen = three
    secret_cards = secret_dice = 0
    for n, (state, seat, choice, key) in enumerate(seen):
        twin = GAME.determinize(state, seat, rng_for("twin", n))
        others = [s for s in range(3) if s != seat]
        if any(twin.players[s].placed != state.players[s].placed for s in others):
            secret_cards += 1
        if state.step == "assign" and any(twin.players[s].assign != state.players[s].assign
                                             for s in others):
            secret_dice += 1
        assert HEURISTIC.choose(GAME, twin, seat, rng_for(*key)) == choice
    assert secret_cards >= 10 and secret_dice >= 1


def test_the_same_rng_gives_the_same_move(three):
    _, seen = three
    for n, (state, seat, _, _) in enumerate(seen[::7]):
        again = Heuristic().choose(GAME, state, seat, rng_for("again", n))
        assert again == Heuristic().choose(GAME, state, seat, rng_for("again", n))


def test_it_refuses_a_seat_that_may_not_act():
    """A seat whose cards are placed and declared ready waits for the others: no move for it."""
    state, _ = GAME.apply(Table().state, 0, {"type": "place", "cards": ["share", "subsidy", "plans", "store"],
                                             "ready": True})
    for player in (HEURISTIC, make_player("heuristic")):
        with pytest.raises(ValueError):
            player.choose(GAME, state, 0, rng_for("x", 0))


def test_store_up_comes_after_the_cards_that_fill_the_facilities():
    """Store Up moves what the Facilities hold ("Store Up"): the round's plan places it after the
    buying cards it empties, and under +6 so its 7+ action stores a second kind."""
    state = Table(3, seed=2).state
    choice = HEURISTIC.choose(GAME, state, 0, rng_for("plan", 0))
    cards = choice.action["cards"]
    assert cards[3] == "store"
    assert any(c in cards for c in ("plans", "structures", "tracks"))


def test_a_worker_waiting_with_a_structure_at_home_gets_it_stored_for_a_pair():
    """A worker waiting in a structures warehouse and a structure in the Facilities: Store Up
    makes a pair, 8 coins ("Construction site Development"); the heuristic does it rather than
    pass."""
    t = Table(3, seed=4)
    worker_waiting_beside_a_structure(t)
    for seat in range(3):
        cards = ["store", "share", "subsidy", "plans"] if seat == 0 else ["share", "subsidy", "plans", "store"]
        t.act(seat, type="place", cards=cards, ready=True)
    while t.state.step != "play" or t.state.turn is None or t.state.turn.seat != 0:
        actors = GAME.actors(t.state)
        seat = actors[0]
        t.act(seat, **RandomPlayer().choose(GAME, t.state, seat, rng_for("walk", len(t.events))).action)
        if t.state.slot > 0:
            pytest.skip("seat 0's Store Up was passed over")
    choice = HEURISTIC.choose(GAME, t.state, 0, rng_for("pair", 0))
    assert choice.action["type"] == "store" and choice.action["kind"] == "structures"
    before = t.state.players[0].coins
    t.act(0, **choice.action)
    assert t.state.players[0].coins >= before + 8 - 3


def test_worth_counts_the_end_prices_as_the_seat_sees_them():
    """``worth``: coins, resources at the Bank's price, reward tiles, 3 per share on a site
    ("Game end victory points"); at the end, the final total."""
    t = Table(3, seed=3)
    s = t.state
    assert worth(GAME, s, 1) == s.players[1].coins
    me = s.players[1]
    me.facilities.structures = 2
    me.facilities.plans = 1
    me.tiles.S = 1
    site = next(iter(s.sites))
    s.sites[site].shares["1"] = 2
    assert worth(GAME, s, 1) == me.coins + 2 * 3 + 2 + 4 + 2 * 3


def test_the_greedy_player_plays_legal_moves_with_worth():
    state = GAME.setup({}, ["A", "B", "C"], 8)
    greedy = make_player("greedy")
    for n in range(40):
        seat = GAME.actors(state)[0]
        choice = greedy.choose(GAME, state, seat, rng_for("greedy", n))
        state, _ = GAME.apply(state, seat, choice.action)


def test_rollout_moves_are_legal_and_finish_a_game():
    state = GAME.setup({}, ["A", "B", "C"], 9)
    for n in range(3000):
        actors = GAME.actors(state)
        if not actors:
            break
        seat = actors[0]
        action = rollout(GAME, state, seat, rng_for("rollout", n))
        if n % 5 == 0:
            try:
                GAME.apply(clone(state), seat, action)
            except IllegalAction as exc:            # pragma: no cover - the assertion says which
                pytest.fail(f"rollout move {action} refused: {exc}")
        GAME.apply_trusted(state, seat, action)
    assert GAME.outcome(state) is not None
