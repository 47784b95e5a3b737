"""The RotW heuristic never stalls a game by passing (issue 34; railways-of-the-world.txt, "Ending
the Game": only empty city markers end it, so players who all pass play on for ever). Three heuristic
players once passed every round from turn 12 to the tournament's move limit in 2 of 11 games."""
from __future__ import annotations

from railhead.ai.rotw import heuristic as H
from railhead.engine import get_game
from railhead.engine.core.game import clone

GAME = get_game("rotw")


def scored(state, seat: int, points: int):
    after = clone(state)
    after.players[seat].points += points
    return after


def start():
    return GAME.setup({}, ["Ann", "Bob", "Cid"], 5)


def test_a_delivery_that_scores_for_us_beats_a_pass_that_looks_better():
    state = start()
    tried = [(0.0, 0, {"type": "pass"}, clone(state)),
             (-0.6, 1, {"type": "deliver", "from": "A1", "colour": "red", "links": ["1"]}, scored(state, 0, 2)),
             (-0.2, 2, {"type": "deliver", "from": "B1", "colour": "blue", "links": ["2"]}, scored(state, 0, 1)),
             (-0.1, 3, {"type": "deliver", "from": "C1", "colour": "blue", "links": ["3"]}, scored(state, 0, 0))]
    assert H._progress(state, 0, tried)[2]["from"] == "A1"


def test_a_better_move_than_passing_is_kept_and_a_pass_without_deliveries_stays_early_in_the_game():
    state = start()
    build = (0.5, 1, {"type": "build", "path": ["A1", "A2"]}, clone(state))
    deliver = (0.2, 2, {"type": "deliver", "from": "A1", "colour": "red", "links": ["1"]}, scored(state, 0, 3))
    assert H._progress(state, 0, [(0.0, 0, {"type": "pass"}, clone(state)), build, deliver]) is build
    cheap = (-0.3, 1, {"type": "build", "path": ["A1", "A2"]}, clone(state))
    assert H._progress(state, 0, [(0.0, 0, {"type": "pass"}, clone(state)), cheap])[2]["type"] == "pass"
    assert H._progress(state, 0, []) is None


def test_from_a_long_game_on_a_cheap_build_beats_passing():
    state = start()
    state.turn = H.LONG_GAME
    cheap = (-0.3, 1, {"type": "build", "path": ["A1", "A2"]}, clone(state))
    dear = (-1.5, 2, {"type": "upgrade"}, clone(state))
    assert H._progress(state, 0, [(0.0, 0, {"type": "pass"}, clone(state)), cheap, dear]) is cheap
    assert H._progress(state, 0, [(0.0, 0, {"type": "pass"}, clone(state)), dear])[2]["type"] == "pass"
