"""Steam's search (issue 34; ``ai/search.py`` with the hooks of ``ai/steam/``): where its playouts
end and what they are scored on."""
from __future__ import annotations

from railhead.ai import SearchPlayer
from railhead.ai.steam import value
from railhead.ai.steam.rollout import cut
from railhead.engine.core.rng import rng_for
from railhead.engine.games.steam.game import GAME

from ..search_hooks import walk


def _mid_turn(seed: int) -> list:
    """States of random base games in the build and move phases, with the seat to act."""
    return [(s, seat) for n, (s, seat) in enumerate(walk(GAME, 3, seed, 90, {}))
            if n % 6 == 0 and s.phase in ("build", "move", "select")]


def test_a_playout_is_scored_at_the_start_of_the_next_turn(monkeypatch):
    """The search's playouts end when the turn after the root's begins (``cut`` in
    ai/steam/rollout.py), once every seat has made its deliveries and had its income (steam.txt,
    "Phase 3 – Move Goods", "Step 4: Get Paid and Pay Your Bills"): every position ``evaluate``
    scores is the first of the next turn, none in mid-turn, wherever the root was in its turn."""
    seen: list[tuple[int, int, str]] = []
    real = value.evaluate

    def spy(game, state):
        seen.append((root_turn[0], state.turn, state.phase))
        return real(game, state)

    monkeypatch.setattr("railhead.ai.steam.evaluate", spy)
    search = SearchPlayer(playouts=4)
    root_turn = [0]
    roots = _mid_turn(17)
    assert {s.phase for s, _ in roots} >= {"build", "move"}
    for n, (state, seat) in enumerate(roots):
        root_turn[0] = state.turn
        search.choose(GAME, state, seat, rng_for("cut", n))
    assert seen
    for root, turn, phase in seen:
        assert turn == root + 1 and phase == "select", (root, turn, phase)


def test_the_cut_waits_for_the_next_turn():
    """``cut`` ends a playout only once the root's turn is over: not in its own turn."""
    state, _ = _mid_turn(19)[0]
    later = GAME.setup({}, ["a", "b", "c"], 19)
    later.turn = state.turn + 1
    assert not cut(GAME, state, state, 30)
    assert cut(GAME, state, later, 1)


def test_a_playout_uses_city_growth_where_the_heuristic_would():
    """A City Growth taken in a playout grows the city the heuristic would grow (the one whose
    new cubes add most to the seat's deliveries; steam.txt, "City Growth"), not a city at random:
    drawn at random, the search undervalued the tile it judged by its playouts."""
    from railhead.ai.steam import rollout
    from railhead.ai.steam.heuristic import Heuristic

    grown = []
    for seed in range(40, 60):
        for n, (state, seat) in enumerate(walk(GAME, 3, seed, 60, {})):
            if state.phase == "build" and "city-growth" in (state.build.todo or []) and \
                    GAME.actors(state) == [seat]:
                played = rollout(GAME, state, seat, rng_for("grow", n))
                assert played == Heuristic().choose(GAME, state, seat, rng_for("grow", n)).action
                grown.append(played["city"])
    assert len(set(grown)) >= 2, grown


def test_track_points_are_taken_as_the_heuristic_says_without_playouts(monkeypatch):
    """At a delivery's track points (steam.txt, "Step 3: Track Points"), the search's root offers
    the heuristic's choice alone and plays no playout: a playout builds nothing, so it cannot see
    what an income step's money buys."""
    from railhead.ai.steam import candidates
    from railhead.ai.steam.heuristic import Heuristic

    calls = []
    monkeypatch.setattr("railhead.ai.steam.evaluate", lambda game, state: calls.append(1) or [1 / 3] * 3)
    search = SearchPlayer(playouts=8)
    asked = 0
    for seed in range(70, 76):
        for n, (state, seat) in enumerate(walk(GAME, 3, seed, 80, {})):
            if state.phase != "score" or seat not in GAME.actors(state):
                continue
            offered = candidates(GAME, state, seat, rng_for("score", n))
            assert [c.action for c in offered] == [Heuristic().choose(GAME, state, seat, rng_for("score", n)).action]
            assert search.choose(GAME, state, seat, rng_for("score", n)).action == offered[0].action
            asked += 1
    assert asked and not calls


def test_a_lead_of_four_vp_makes_a_seat_the_favourite_it_was_in_heuristic_games():
    """``evaluate``'s softmax spread is 4 VP (fitted on the turn starts of 39 games of three
    heuristic players, seeds 5000-5038: 3 VP was overconfident, its log-likelihood of the winner
    worse): of three seats otherwise equal, one 4 VP ahead is about e / (e + 2), 58%, to win."""
    import math

    from railhead.ai.steam import evaluate

    state = GAME.setup({}, ["a", "b", "c"], 3)
    for p in state.players:
        p.vp, p.income, p.cash = 0, 0, 10
    state.players[1].vp = 4
    shares = evaluate(GAME, state)
    assert math.isclose(shares[1], math.e / (math.e + 2), abs_tol=0.005), shares
