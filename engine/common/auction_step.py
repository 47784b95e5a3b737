"""The turn grammar of a bidding auction, declared once for every game that has one (issue 32,
"shared steps"): Railways of the World's first-player auction (railways-of-the-world.txt, "1 -
First Player Auction") and Steam's auctions for the turn order (steam.txt, "Determine Player
Order"; the standard game's order auction).

``auction_step`` makes the ``Step``: it takes ``bid`` and ``pass`` (and any kinds the game adds,
such as a Railroad Executive card), its time-out move is a pass (a seat that is not there drops
out), and its random move for a search player draws a kind first (``steps.by_kind``), so the ten
bids of the list are not drawn ten times as often as the pass. The game keeps what differs: who
bids now, the lowest bid, how much a seat can raise, and what winning and passing do
(``auction.py`` runs the bidding; the game's handlers call it).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..core.prompts import Prompt
from ..core.steps import Handler, S, Step, always, sample_by_kind

PASS = {"type": "pass"}


def bid_actions(lowest: int, count: int, most: int | None = None) -> list[dict]:
    """An auction's pass and its bids: ``count`` amounts from ``lowest`` up, none above ``most``
    (what the seat can raise; ``None``: no limit). Amounts in the game's money unit (thousands of
    dollars in Railways of the World, dollars in Steam)."""
    return [dict(PASS)] + [{"type": "bid", "amount": lowest + i} for i in range(count)
                           if most is None or lowest + i <= most]


def auction_step(name: str, doing: str, *, bid: Handler[S], pass_: Handler[S], active: Callable[[S], bool],
                 actors: Callable[[S], Iterable[int]], prompt: Callable[[S, int], Prompt | dict],
                 legal: Callable[[S, int], list[dict]], more: Mapping[str, Handler[S]] | None = None,
                 refuse: Callable[[S, str], str | None] | None = None) -> Step[S]:
    """The ``Step`` of an auction: ``takes`` ``bid``, ``pass`` and the game's ``more`` kinds (in
    that order); ``legal(state, seat)``: the game's list (``bid_actions`` and anything ``more``
    allows); ``sample``: ``steps.by_kind`` over it; ``default``: a pass. ``name``, ``doing``,
    ``active``, ``actors``, ``prompt`` and ``refuse`` are as ``Step`` says."""
    return Step(name, doing, {"bid": bid, "pass": pass_, **(more or {})}, active=active, actors=actors,
                refuse=refuse, prompt=prompt, legal=legal, sample=sample_by_kind(legal), default=always(PASS))


__all__ = ["PASS", "auction_step", "bid_actions"]
