"""The rulebook's worked examples, with its numbers (railways-solo.txt).

The map of cards 5-8 (in that order) holds the example's links: the 2-space link J2-J3 between
an I and a C building, the 3-space link E2-G2 between a C and an I building, and the trip
L(A2) -2- C(D2) -3- I(H2) -2- L(H5) -4- R(C5). Cards 1-3 and 4 hold the example hands' icons.
"""
from __future__ import annotations

import pytest

from railhead.engine import IllegalAction
from railhead.engine.games.railways.payment import Need, payments

from .helpers import CHAIN, play, start


def test_buy_option_1_two_units_and_a_destination_without_pollution():
    """"Buy a Complete Rail Link", Option 1: slot 2 of the first card (1 unit + C), one slot of the
    second card (1 unit): no pollution; a railworker and a link marker are used."""
    state = start(workers=2, pollution=1)
    for second in ("2.2", "2.3", "2.4"):
        after, events = play(state, {"type": "buy_link", "link": "J2-J3", "slots": ["1.2", second]})
        assert after.pollution == 1
        assert after.workers == 1
        assert after.markers == {"J2-J3": False}
        assert after.hand == [3] and after.discard == [1, 2]


def test_buy_option_2_three_slots_of_one_card_cost_two_pollution():
    """Option 2: card 2 alone (slots 2, 3, 4: I + 3 units) adds 2 pollution; slot 2 of card 1,
    one rail slot of card 2 and slot 1 or 2 of card 3 add none but play all three cards."""
    state = start(pollution=1)
    alone, _ = play(state, {"type": "buy_link", "link": "E2-G2", "slots": ["2.2", "2.3", "2.4"]})
    assert alone.pollution == 3 and alone.hand == [1, 3]
    for third in ("3.1", "3.2"):
        spread, _ = play(state, {"type": "buy_link", "link": "E2-G2", "slots": ["1.2", "2.3", third]})
        assert spread.pollution == 1
        assert spread.decade == 2      # no card left for a second action: the decade is recorded
        assert spread.hand[0] == 4 and len(spread.hand) == 3
    ways = {(tuple(p.refs()), p.pollution) for p in payments([1, 2, 3], Need(rail=3, dest=frozenset("CI")))}
    assert (("2.2", "2.3", "2.4"), 2) in ways
    assert (("1.2", "2.2", "3.1"), 0) in ways


def test_buy_needs_exact_length():
    """"not shorter, not longer": 2 units do not buy a 3-space link, 3 do not buy a 2-space one."""
    state = start()
    with pytest.raises(IllegalAction, match="exactly 3 rail link units"):
        play(state, {"type": "buy_link", "link": "E2-G2", "slots": ["1.2", "2.2"]})
    state = start(hand=(5, 7, 1))
    with pytest.raises(IllegalAction, match="exactly 2 rail link units"):
        play(state, {"type": "buy_link", "link": "J2-J3", "slots": ["5.1", "7.3"]})


def test_passenger_trip_worth_4_profit_and_2_3_2_4_capital():
    """"Move a Passenger" example: ticket and R in two slots of one card (+1 pollution); the trip
    passes a C, an I and an L and stops at the first R: 4 profit, -1 pollution, 2+3+2+4 capital."""
    state = start(hand=(4, 1, 2), capital=0, profit=0, pollution=3)
    state.markers = {lid: False for lid in CHAIN}
    after, events = play(state, {"type": "move", "from": "A2", "links": CHAIN, "slots": ["4.1", "4.4"]})
    assert after.profit == 4
    assert after.capital == 2 + 3 + 2 + 4
    assert after.pollution == 3            # +1 for two slots of card 4, -1 for the R bonus
    assert after.dice["A2"].n == 2
    assert events[0]["stops"] == 4 and events[0]["trip_capital"] == 11


def test_trip_capital_stops_at_20():
    state = start(hand=(4, 1, 2), capital=15)
    state.markers = {lid: False for lid in CHAIN}
    after, _ = play(state, {"type": "move", "from": "A2", "links": CHAIN, "slots": ["4.1", "4.4"]})
    assert after.capital == 20
