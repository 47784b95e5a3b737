"""engine/common/seats.py (going round the table) and the close of an auction in
engine/common/auction.py (who won, for what, and the order the passes give), which Railways of the
World and Steam share (issue 32, "Shared where it is the same")."""
import pytest

from railhead.engine.common import auction as auc
from railhead.engine.common.seats import clockwise, left_of


@pytest.mark.parametrize("first, n, seats", [(0, 3, [0, 1, 2]), (2, 4, [2, 3, 0, 1]), (3, 4, [3, 0, 1, 2]),
                                             (0, 1, [0])])
def test_clockwise_goes_round_from_the_first_seat(first, n, seats):
    assert clockwise(first, n) == seats


def test_left_of_is_the_next_seat_clockwise():
    assert [left_of(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert left_of(0, 1) == 0


def test_a_traditional_auction_is_won_by_the_high_bidder_for_its_bid():
    """railways-of-the-world.txt, "1 - First Player Auction": the last bidder left wins and pays."""
    a = auc.start(clockwise(1, 3))                        # seat 1 bids first, then 2, then 0
    auc.bid(a, 1, 2, 1)
    auc.bid(a, 2, 3, 1)
    assert auc.winner(a) == (2, 3)                        # not finished yet, but the high bid stands
    auc.pass_(a, 0)
    auc.pass_(a, 1)
    assert auc.finished(a) and auc.winner(a) == (2, 3)


def test_nobody_won_when_every_seat_passed():
    a = auc.start([0, 1, 2], keep_bids=True)
    for seat in (0, 1, 2):
        auc.pass_(a, seat)
    assert auc.finished(a) and auc.winner(a) is None
    assert auc.order_by_passes(a) == [2, 1, 0]            # the last to pass goes first


def test_the_order_by_passes_puts_the_winner_first_and_the_first_to_pass_last():
    """railways-of-the-world-online-help.txt, "Bidding Style: First to pass": the winner goes first,
    then the others in the reverse of the order they passed."""
    a = auc.start([0, 1, 2, 3], keep_bids=True)
    auc.bid(a, 0, 1, 1)
    auc.pass_(a, 1)
    auc.bid(a, 2, 2, 1)
    auc.pass_(a, 3)
    auc.pass_(a, 0)
    assert auc.finished(a) and auc.winner(a) == (2, 2)
    assert auc.order_by_passes(a) == [2, 0, 3, 1]


def test_a_high_bidder_that_dropped_out_is_ordered_by_its_pass():
    """Steam's turn-order auction lets the Turn Order tile's holder let a bidding turn go by
    (``skip``), so the high bidder can be asked again and drop out: the order still follows the
    passes, each seat once."""
    a = auc.start([0, 1, 2], keep_bids=True)
    auc.bid(a, 0, 1, 1)
    auc.skip(a, 1)
    auc.pass_(a, 2)
    auc.pass_(a, 0)                                       # the high bidder drops out
    auc.pass_(a, 1)
    assert auc.finished(a)
    assert auc.order_by_passes(a) == [1, 0, 2]


def test_order_text_names_the_seats_in_order():
    assert auc.order_text(["Ann", "Bob", "Cy"], [2, 0, 1]) == "Turn order: Cy, Ann, Bob."
