"""First-player auctions: Traditional, and the styles where a pass costs half one's bid.

railways-of-the-world.txt, "1 - First Player Auction": bidding goes clockwise from the
starting seat; each bidder outbids or passes; a pass is final; the auction ends when all
but the high bidder have passed. Amounts are in thousands of dollars.

The auction's record is ``Auction`` (in JSON
``{"order": [seats], "at": index, "high": amount, "high_seat": seat|None, "passed": [seats]}``);
an auction where passing costs (railways-of-the-world-online-help.txt, "Bidding Style: First to
pass"; railways-of-the-world.txt, "First Player Auction Variant 2") also keeps each seat's last
bid, ``"bids": {seat: amount}`` (seat keys are text).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..core.errors import IllegalAction
from ..core.record import UNSET, Record, UnsetType


class Auction(Record):
    """An auction (this module's functions read and write it): bidders ``order``\\ ed clockwise
    from the one who bids first, ``at`` the index of the one to bid, the ``high`` bid (the game's
    money unit: thousands of dollars in Railways of the World, dollars in Steam; 0 before a bid)
    and its ``high_seat`` (``None`` before a bid), the seats that ``passed`` in the order they
    passed; ``bids``: each seat's last bid, by seat, only in an auction where a pass costs half of it."""

    order: list[int]
    at: int
    high: int
    high_seat: int | None
    passed: list[int]
    bids: dict[str, int] | UnsetType = UNSET


A = TypeVar("A", bound=Auction)


def start(seats_clockwise: list[int], keep_bids: bool = False,
          kind: type[A] = Auction,  # type: ignore[assignment]  # mypy cannot check a TypeVar's default (mypy#3737)
          **more: Any) -> A:
    """A new auction, a ``kind`` record (``Auction`` or a game's subclass, whose own fields come in
    ``more``); ``seats_clockwise[0]`` bids first. ``keep_bids``: remember each seat's last bid (for
    styles where a pass pays half of it)."""
    return kind(order=list(seats_clockwise), at=0, high=0, high_seat=None, passed=[],
                bids={} if keep_bids else UNSET, **more)


def own_bid(auction: Auction, seat: int) -> int:
    """The seat's last bid in an auction that keeps bids (0 if it never bid)."""
    return 0 if auction.bids is UNSET else auction.bids.get(str(seat), 0)


def half_up(amount: int) -> int:
    """Half a bid rounded up (what a pass costs when passing costs)."""
    return (amount + 1) // 2


def bidder(auction: Auction) -> int:
    """The seat whose turn it is to bid or pass."""
    return auction.order[auction.at]


def _advance(auction: Auction) -> None:
    order = auction.order
    for step in range(1, len(order) + 1):
        i = (auction.at + step) % len(order)
        if order[i] not in auction.passed:
            auction.at = i
            return


def finished(auction: Auction) -> bool:
    """Whether every seat but the high bidder has passed (or every seat has)."""
    active = [s for s in auction.order if s not in auction.passed]
    return not active or (len(active) == 1 and auction.high_seat == active[0])


def floor(auction: Auction, minimum: int) -> int:
    """The lowest bid allowed now: the opening minimum, or one more than the high bid."""
    return max(minimum, auction.high + 1)


def thousands(amount: int) -> str:
    return f"${amount},000"


def dollars(amount: int) -> str:
    return f"${amount}"


def bid(auction: Auction, seat: int, amount: int, minimum: int, money: Callable[[int], str] = thousands) -> None:
    """Seat bids ``amount`` (in the game's unit: ``money`` writes it, thousands of dollars by
    default). Raises ``IllegalAction`` if too low. ``seat`` is the ``bidder``: the caller's turn
    structure checks it (the core's steps)."""
    if not isinstance(amount, int) or isinstance(amount, bool):
        raise IllegalAction("A bid is a whole number" + (" of thousands of dollars." if money is thousands else "."))
    lowest = floor(auction, minimum)
    if amount < lowest:
        raise IllegalAction(f"Your bid must be at least {money(lowest)}.")
    auction.high, auction.high_seat = amount, seat
    if auction.bids is not UNSET:
        auction.bids[str(seat)] = amount
    _advance(auction)


def winner(auction: Auction) -> tuple[int, int] | None:
    """Who won a ``finished`` auction and what they bid: ``(seat, amount)``, the high bidder and the
    high bid in the game's unit; ``None`` when nobody bid (each game says who goes first then, and
    what a winner pays beside its bid: Railways of the World's winner pays the bid, Steam's a place's
    winner too; Steam's turn-order auction charges the others as well)."""
    if auction.high_seat is None:
        return None
    return auction.high_seat, auction.high


def order_by_passes(auction: Auction) -> list[int]:
    """The turn order a ``finished`` auction gives where the passes set it
    (railways-of-the-world-online-help.txt, "Bidding Style: First to pass"; Steam's turn-order
    auction): the seats that never passed first, in bidding order (the winner, or nobody when every
    seat passed), then those that passed, the last to pass first and the first to pass last."""
    still_in = [s for s in auction.order if s not in auction.passed]
    return still_in + list(reversed(auction.passed))


def order_text(names: list[str], order: list[int]) -> str:
    """The event text of a new turn order: ``"Turn order: Ann, Bob, Cy."`` (``names`` by seat)."""
    return "Turn order: " + ", ".join(names[s] for s in order) + "."


def skip(auction: Auction, seat: int) -> None:
    """Seat lets its turn go by without dropping out (a game's special right, e.g. Steam's Turn
    Order tile). ``seat`` is the ``bidder``: the caller's turn structure checks it."""
    _advance(auction)


def pass_(auction: Auction, seat: int) -> None:
    """Seat passes; it cannot re-enter. ``seat`` is the ``bidder``: the caller's turn structure
    checks it."""
    auction.passed.append(seat)
    if not finished(auction):
        _advance(auction)
