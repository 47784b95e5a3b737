"""The auction's turn grammar, declared once (engine/common/auction_step.py; issue 32, "shared
steps"): Railways of the World's first-player auction and Steam's two turn-order auctions are the
same kind of step: ``bid`` and ``pass``, a pass when a seat times out, and a random move that
draws the kind first."""
from collections import Counter

import pytest

from railhead.engine import get_game
from railhead.engine.common.auction_step import bid_actions
from railhead.engine.core.rng import rng_for
from railhead.engine.core.steps import by_kind, step_in_force


def test_the_bids_start_at_the_lowest_and_stop_at_what_the_seat_can_raise():
    assert bid_actions(5, 3) == [{"type": "pass"}, {"type": "bid", "amount": 5}, {"type": "bid", "amount": 6},
                                 {"type": "bid", "amount": 7}]
    assert bid_actions(5, 3, most=6) == [{"type": "pass"}, {"type": "bid", "amount": 5},
                                         {"type": "bid", "amount": 6}]
    assert bid_actions(5, 3, most=4) == [{"type": "pass"}]


def test_a_random_move_draws_the_kind_first():
    """A pass beside ten bids comes out about half the time, not one time in eleven; none of
    nothing."""
    acts = bid_actions(1, 10)
    rng = rng_for("auction step", 1)
    drawn = Counter(by_kind(acts, rng)["type"] for _ in range(400))
    assert 150 < drawn["pass"] < 250 and drawn["pass"] + drawn["bid"] == 400
    assert by_kind([], rng) is None


def _rotw():
    game = get_game("rotw")
    return game, game.setup({"barons": False}, ["Ann", "Bob", "Cid"], 4)


def _steam():
    game = get_game("steam")
    state = game.setup({"first_order": "auction"}, ["Ann", "Bob", "Cid"], 4)
    return game, state


@pytest.mark.parametrize("make", [_rotw, _steam], ids=["rotw", "steam"])
def test_both_games_auctions_are_this_step(make):
    """railways-of-the-world.txt, "1 - First Player Auction", and steam.txt's auction for the turn
    order: the seat to bid is offered a pass and bids from the prompt's lowest bid up; a seat that
    times out passes; random moves bring out both kinds."""
    game, state = make()
    step = step_in_force(game.steps, state)
    assert step is not None and step.name == "auction" and list(step.takes)[:2] == ["bid", "pass"]
    seat = game.actors(state)[0]
    prompt = next(p for p in game.prompts(state) if p["seat"] == seat)
    legal = game.legal_actions(state, seat)
    assert legal[0] == {"type": "pass"} and legal[1] == {"type": "bid", "amount": prompt["floor"]}
    assert game.timeout_action(state, seat) == {"type": "pass"}
    rng = rng_for("auction step", game.id)
    drawn = {game.random_action(state, seat, rng)["type"] for _ in range(40)}
    assert drawn >= {"bid", "pass"}
