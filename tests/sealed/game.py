"""Sealed Bid: a tiny test-only game that proves the simultaneous and secret paths of the engine.

Each round a prize (1-6 points, from a shuffled deck whose order is hidden) is shown; every seat
bids coins at once and in secret; when the last bid is in, all bids are revealed, the highest
bidder pays and takes the prize (a tie for the highest bid: nobody wins and nobody pays). Three
rounds; most points win, then most coins. Coins start at 10.
"""
from __future__ import annotations

from typing import Annotated, ClassVar, Union

import msgspec

from railhead.engine.core import Action, Game, IllegalAction
from railhead.engine.core.prompts import Prompt, body

ROUNDS = 3


class Options(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    coins: int = 10


class Bid(Action, tag="bid"):
    """Bid coins in secret for this round's prize."""

    coins: Annotated[int, msgspec.Meta(ge=0, description="a whole number of coins, 0 or more")]
    example: ClassVar[dict] = {"type": "bid", "coins": 3}


class BidPrompt(Prompt, tag="bid"):
    """Bid in secret for round ``round``'s prize."""

    secret: bool
    round: int


class SealedBid(Game):
    id = "sealed"
    name = "Sealed Bid"
    options_type = Options
    actions = Union[Bid]  # noqa: UP007 (a one-struct union is the struct itself)
    prompt_types = BidPrompt
    min_seats = 1
    max_seats = 4

    def _setup(self, options, seats, rng):
        deck = [1, 2, 3, 4, 5, 6]
        rng.shuffle(deck)
        return {"seats": seats, "round": 1, "prize": deck.pop(), "deck": deck,
                "players": [{"coins": options.coins, "points": 0} for _ in seats],
                "bids": [None] * len(seats), "history": []}

    def _apply(self, state, seat, action, rng, events):
        if state["bids"][seat] is not None:
            raise IllegalAction("You have already bid this round.")
        coins = state["players"][seat]["coins"]
        if action.coins > coins:
            raise IllegalAction(f"You have only {coins} coins.")
        state["bids"][seat] = action.coins
        name = state["seats"][seat]
        events.append({"type": "bid_placed", "seat": seat, "text": f"{name} has placed a bid."})
        events.append({"type": "your_bid", "seat": seat, "to": [seat], "text": f"You bid {action.coins} coins."})
        if None not in state["bids"]:
            self._reveal(state, events)

    def _reveal(self, state, events):
        bids = state["bids"]
        shown = ", ".join(f"{n} {b}" for n, b in zip(state["seats"], bids))
        top = max(bids)
        winners = [s for s, b in enumerate(bids) if b == top]
        if len(winners) == 1:
            w = winners[0]
            state["players"][w]["coins"] -= top
            state["players"][w]["points"] += state["prize"]
            result = f"{state['seats'][w]} pays {top} and wins {state['prize']} points."
        else:
            result = "A tie for the highest bid: nobody wins the prize."
        events.append({"type": "reveal", "bids": list(bids), "text": f"Bids: {shown}. {result}"})
        state["history"].append({"prize": state["prize"], "bids": list(bids)})
        state["bids"] = [None] * len(bids)
        state["round"] += 1
        state["prize"] = state["deck"].pop() if state["round"] <= ROUNDS else None

    def reveal_marks(self, state):
        return state["round"]           # a new round showed the last one's bids

    def _prompts(self, state):
        if state["round"] > ROUNDS:
            return []
        return [{"seat": s, **body(BidPrompt(secret=True, round=state["round"]))}
                for s, b in enumerate(state["bids"]) if b is None]

    def _legal_actions(self, state, seat):
        if state["round"] > ROUNDS or state["bids"][seat] is not None:
            return []
        return [{"type": "bid", "coins": c} for c in range(state["players"][seat]["coins"] + 1)]

    def view(self, state, seat):
        return {
            "game": self.id, "you": seat, "round": state["round"], "rounds": ROUNDS, "prize": state["prize"],
            "deck": len(state["deck"]), "history": state["history"],
            "players": [{"seat": s, "name": n, **p, "has_bid": state["bids"][s] is not None}
                        for s, (n, p) in enumerate(zip(state["seats"], state["players"]))],
            "your_bid": state["bids"][seat] if seat is not None else None,
        }

    def outcome(self, state):
        if state["round"] <= ROUNDS:
            return None
        rows = sorted(range(len(state["seats"])),
                      key=lambda s: (-state["players"][s]["points"], -state["players"][s]["coins"], s))
        return {"scores": {s: state["players"][s]["points"] for s in rows}, "ranking": rows, "tiebreaks": [],
                "winner": state["seats"][rows[0]]}


GAME = SealedBid()
