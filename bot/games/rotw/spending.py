"""No accidental spending in Railways of the World (issue 23, part 3): a move that issues a bond
shows what it costs, with Confirm, before it is made, typed or pressed.

Bonds are issued for a player whenever a payment is more than their cash
(railways-of-the-world.txt, "Bonds": $5,000 each, $1,000 dividend each income phase, -1 point
each at the end), so an upgrade made by a careless press can cost points for the rest of the
game. Builds and urbanizing always preview (bot/games/rotw/ui.py). A bid issues nothing when it
is made: every player starts with no cash, so nearly every bid would ask; the winner's payment
is named in the auction's messages instead. Money is in thousands of dollars, as in the engine.
"""
from __future__ import annotations

from railhead.engine import IllegalAction
from railhead.engine.games.rotw import actions as moves
from railhead.engine.games.rotw.money import bonds_needed, dollars

from ...actions import plain
from ...replies import Apply, Button, Message, Reply
from ...ui import UIContext


def cost_line(player: dict, cost: int) -> str:
    """"Cost $6,000; you have $4,000: **1 bond will be issued** (...)." for ``cost`` thousands."""
    bonds = bonds_needed(player["cash"], cost)
    text = f"Cost {dollars(cost)}; you have {dollars(player['cash'])}"
    if bonds:
        text += f": **{bonds} bond{'s' if bonds > 1 else ''} will be issued** (+$5,000 each, $1,000 dividend " \
                "each income phase, -1 point each at the end)"
    return text + "."


def bonds_of(ctx: UIContext, action: dict) -> tuple[int, int]:
    """``(paid, bonds issued)`` by the seat's own payment in ``action`` (a dry run; the income
    phase a move may end the turn with is not its price). Raises ``IllegalAction``."""
    _after, events = ctx.dry_run(action)
    mine = [e for e in events if e.get("seat") == ctx.seat and e.get("type") in (action["type"], "first")]
    return sum(e.get("paid", 0) for e in mine), sum(e.get("bonds", 0) for e in mine)


def confirm(text: str, action: dict) -> Reply:
    """A private question with **Confirm** (making ``action``) and **Cancel**."""
    return Reply(caller=Message(text, components=[Button("Confirm", action, "success"),
                                                  Button("Cancel", {"type": "_cancel"})]))


def ask_first(ctx: UIContext, action: dict, what: str) -> Apply | Reply:
    """``action`` at once when the seat's cash pays it; else ``what`` it is, what it costs and the
    bonds it issues, with Confirm. Raises ``IllegalAction`` for a move the engine refuses."""
    paid, bonds = bonds_of(ctx, action)
    if not bonds:
        return Apply(action)
    return confirm(f"{what} {cost_line(ctx.view()['players'][ctx.seat], paid)}", action)


def upgrade(ctx: UIContext) -> Apply | Reply:
    """The engine upgrade, asking first when it issues bonds."""
    level = ctx.view()["players"][ctx.seat]["engine"] + 1
    return ask_first(ctx, plain(moves.Upgrade()), f"**Upgrade engine to {level}**:")


def auction_pass(ctx: UIContext) -> Apply | Reply:
    """An auction pass, asking first when it costs bonds (where passers pay half their bid)."""
    down = ", rounded down" if ctx.view()["options"]["bidding"] == "through_time" else ""
    return ask_first(ctx, plain(moves.Pass()), f"**Pass**: passing costs half your bid{down}.")


def spends_bonds(ctx: UIContext, action: dict) -> bool:
    """Whether ``action`` (the auction's pass, an engine upgrade) would issue a bond for the seat
    now, as the engine quotes it (``price``): labelling a button plays no move on a copy."""
    try:
        return ctx.query("price", action=action)["bonds"] > 0
    except IllegalAction:                  # the press will say why
        return False


def guarded(ctx: UIContext, button: Button, command: str, args: dict | None = None) -> Button:
    """``button`` as offered, or, when its move would issue a bond, the same button asking first
    through ``command`` (a ``_cmd`` offer that answers with the Confirm question)."""
    if spends_bonds(ctx, button.action):
        button.action = {"type": "_cmd", "name": command, "args": args or {}}
    return button
