"""Seats going round the table: seat numbers follow the seating, clockwise, so "clockwise from X" is
X, X+1, ... wrapping after the last seat.

Every game that goes round the table from one seat uses these (Railways of the World's bidding and
Railroad Executives, its Railway Inspector's holders; Steam's first-turn auctions; Railway Workers'
Baton and its "closest to the Baton" ties): the auction order (railways-of-the-world.txt, "1 - First
Player Auction": bidding goes clockwise from the first player), the next place's auction "to the
left" of a winner, the Baton passed on (railway-workers.txt, "Action Phase 1").
"""
from __future__ import annotations


def clockwise(first: int, n: int) -> list[int]:
    """The ``n`` seats (``0`` to ``n - 1``) clockwise from seat ``first``: ``clockwise(2, 4) ==
    [2, 3, 0, 1]``."""
    return [(first + i) % n for i in range(n)]


def left_of(seat: int, n: int) -> int:
    """The seat after ``seat`` clockwise among ``n`` (the last seat's is seat 0): where a marker
    passed on goes."""
    return (seat + 1) % n
