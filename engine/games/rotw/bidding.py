"""Railways of the World: the first-player auction in each bidding style, the turn order it sets,
and whose turn it is (railways-of-the-world.txt, "1 - First Player Auction" and its variants;
railways-of-the-world-online-help.txt, "Bidding styles"). Money in thousands of dollars."""
from __future__ import annotations

from typing import Any

from ...common import auction as auc
from ...common.auction import Auction
from ...common.seats import clockwise, left_of
from ...core.errors import IllegalAction
from ...core.record import UNSET
from .actions import Bid
from .context import Context
from .money import dollars, pay, pay_text
from .state import RotwState

PASS_PAYS = ("first_to_pass", "variant2", "through_time")
"""Bidding styles where a pass costs half one's bid and the order follows the passes."""
ROUNDED_DOWN = ("through_time",)
"""Of those, the styles where the half is rounded down (railways-of-the-world.txt, "RAILWAYS through
TIME", "Turn Order": each passer "pays half their bid (rounded down)"); the others round it up."""


def style_for(bidding: str, through_time: bool) -> str:
    """The auction style a game keeps: Railways Through Time plays its own auction ("Turn Order")
    in place of the Traditional one; any other chosen style stays (our reading, in
    docs/rules-assumptions.md, "Through Time's auction")."""
    return "through_time" if through_time and bidding == "traditional" else bidding


def bidding_order(state: RotwState) -> list[int]:
    """The seats in the order they bid in the auction that opens now: clockwise from the first
    player, but in Through Time's auction the order of the turn just played ("RAILWAYS through TIME",
    "Turn Order": "The auction order always follows the order of the previous round")."""
    if state.options.bidding == "through_time" and state.order:
        return list(state.order)
    return clockwise(state.first, len(state.seats))


def pass_cost(state: RotwState, seat: int) -> int:
    """What passing now costs ``seat`` in thousands of dollars: half its own last bid (rounded up,
    or down in Through Time's auction) where passes pay, else 0."""
    a = state.auction
    if a is None or a.bids is UNSET:
        return 0
    own = a.bids.get(str(seat), 0)
    return own // 2 if state.options.bidding in ROUNDED_DOWN else auc.half_up(own)


def new_auction(style: str, order: list[int]) -> Auction:
    """A new auction among ``order`` in ``style`` (bids kept where passes cost half one's bid)."""
    return auc.start(order, keep_bids=style in PASS_PAYS)


def first_turn_without_auction(state: dict[str, Any]) -> None:
    """railways-of-the-world.txt, "First Player Auction Variant 1": on the first turn the first
    seat goes first, play goes clockwise, and the 2nd, 3rd... players receive $1,000, $2,000...
    (amounts in thousands). At setup: ``state`` is the JSON ``rules.setup`` builds."""
    n = len(state["seats"])
    for k, seat in enumerate(clockwise(0, n)):
        state["players"][seat]["cash"] += k
    state.update(first=0, order=clockwise(0, n), at=0, round=1, phase="actions", auction=None)


def worst_first_order(state: RotwState) -> list[int]:
    """railways-of-the-world-online-help.txt, "Worst is First": the lowest score (points on the
    scoring track) goes first; a tie goes to the player later in the last turn's order."""
    previous = {seat: i for i, seat in enumerate(state.order)}
    return sorted(range(len(state.seats)), key=lambda s: (state.players[s].points, -previous.get(s, 0)))


def actor(state: RotwState) -> int | None:
    """The seat that must act now, or ``None`` when the game is over."""
    if state.phase == "auction":
        return auc.bidder(_auction(state))
    if state.phase == "actions":
        return state.order[state.at]
    return None


# ---------------------------------------------------------------- auction
def bid_floor(state: RotwState, ctx: Context) -> int:
    """The lowest bid allowed now, in thousands."""
    return auc.floor(_auction(state), ctx.tables.money.min_bid)


def do_bid(state: RotwState, ctx: Context, seat: int, action: Bid, events: list) -> None:
    """railways-of-the-world.txt, "1 - First Player Auction": outbid (minimum $1,000) or pass."""
    amount = action.amount
    if amount >= 1000:
        raise IllegalAction("Bids are in thousands of dollars: bid 3 for $3,000.")
    auc.bid(_auction(state), seat, amount, ctx.tables.money.min_bid)
    events.append({"type": "bid", "seat": seat, "text": f"{state.seats[seat]} bids {dollars(amount)}."})
    _maybe_close_auction(state, ctx, events)


def do_pass_auction(state: RotwState, ctx: Context, seat: int, events: list) -> None:
    """A pass is final; in First to pass, Variant 2 and Through Time's auction it costs half the
    seat's bid (``pass_cost``)."""
    cost = pass_cost(state, seat)
    auc.pass_(_auction(state), seat)
    if cost:
        issued = pay(state.players[seat], cost, ctx.tables.money.bond)
        events.append({"type": "pass", "seat": seat, "paid": cost, "bonds": issued,
                       "text": pay_text(state.seats[seat], cost, issued) + ", half their bid, and passes."})
    else:
        events.append({"type": "pass", "seat": seat, "text": f"{state.seats[seat]} passes."})
    _maybe_close_auction(state, ctx, events)


def _maybe_close_auction(state: RotwState, ctx: Context, events: list) -> None:
    """Once all but the high bidder have passed: the winner pays its bid (issuing bonds if need be)
    and is first player; if nobody bid, the last to pass is, where passes set the order, else the
    first player marker moves on one seat. The order goes clockwise from the first player, or by
    the passes (``auc.order_by_passes``) in the styles where passes cost."""
    a = _auction(state)
    if not auc.finished(a):
        return
    n = len(state.seats)
    by_passes = a.bids is not UNSET
    won = auc.winner(a)
    if won is None and by_passes:
        order = auc.order_by_passes(a)
        first = order[0]
        events.append({"type": "first", "seat": first,
                       "text": f"Nobody bid: {state.seats[first]}, the last to pass, becomes first player."})
    elif won is None:
        first = left_of(state.first, n)
        order = clockwise(first, n)
        events.append({"type": "first", "seat": first,
                       "text": f"Nobody bid: the first player marker moves on to {state.seats[first]}."})
    else:
        first, price = won
        order = auc.order_by_passes(a) if by_passes else clockwise(first, n)
        issued = pay(state.players[first], price, ctx.tables.money.bond)
        events.append({"type": "first", "seat": first, "paid": price, "bonds": issued,
                       "text": pay_text(state.seats[first], price, issued) + " and becomes first player."})
    if by_passes:
        events.append({"type": "order", "text": auc.order_text(state.seats, order)})
    start_rounds(state, first, order)


def executive_first(state: RotwState, seat: int, events: list) -> None:
    """railways-of-the-world.txt, "Railroad Executives" (our wording of the card): the seat that
    used it is first player and nobody pays; the others follow clockwise, except that in the
    styles where passes set the order, those who passed already go last, the first to pass last."""
    a = _auction(state)
    n = len(state.seats)
    if a.bids is not UNSET:
        rest = [s for s in clockwise(seat, n)[1:] if s not in a.passed]
        order = [seat] + rest + list(reversed(a.passed))
    else:
        order = clockwise(seat, n)
    events.append({"type": "first", "seat": seat, "text": f"{state.seats[seat]} is first player."})
    events.append({"type": "order", "text": auc.order_text(state.seats, order)})
    start_rounds(state, seat, order)


def start_rounds(state: RotwState, first: int, order: list[int]) -> None:
    """The turn's rounds of actions begin (railways-of-the-world.txt, "2 - Player Actions"): round 1,
    ``first`` the first player, seats in ``order``; no auction is open and no hex is highlighted."""
    state.first, state.order, state.at, state.round = first, order, 0, 1
    state.phase, state.auction, state.last = "actions", None, []


def _auction(state: RotwState) -> Auction:
    """The open auction: the auction's step (``game.py``) is in force only while one is."""
    a = state.auction
    assert a is not None, "no first-player auction is open"
    return a
