"""The bot side of the test-only Sealed Bid game: a `/sealed`-less UI (buttons and `/game hand`)."""
from __future__ import annotations

from railhead.bot.replies import Apply, Button
from railhead.bot.ui import Command, GameUI, Param, UIContext


async def bid(ctx: UIContext, args: dict) -> Apply:
    return Apply({"type": "bid", "coins": args["coins"]})


class SealedUI(GameUI):
    game_id = "sealed"
    prefix = "sealed"
    commands = {"bid": Command("bid", "bid coins in secret", bid,
                               (Param("coins", int, "how many coins", required=True),))}

    def prompt_text(self, view, prompt, who):
        return f"{who}, bid in secret for the prize of {view['prize']} points (round {view['round']})."

    def prompt_components(self, ctx: UIContext, prompt: dict):
        coins = ctx.view()["players"][ctx.seat]["coins"]
        return [Button(f"Bid {c}", {"type": "bid", "coins": c}, "primary") for c in range(min(coins, 4) + 1)]

    def status_text(self, view):
        return "; ".join(f"{p['name']}: {p['points']} points, {p['coins']} coins" for p in view["players"])

    def hand_text(self, view):
        me = view["players"][view["you"]]
        bid = "no bid yet" if view["your_bid"] is None else f"your bid: {view['your_bid']}"
        return f"You have {me['coins']} coins and {me['points']} points; {bid}."
