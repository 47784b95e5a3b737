"""Bonds in the bot: ``/rotw bonds`` (how bonds work, ``issue:N`` for the holder of a most-bonds
baron in the last round) and, in the Transcontinental game, returning bonds between its two phases
(railways-of-the-world.txt, "Transcontinental Rules", "Return Bonds": ``bonds return:N`` and a button
per choice). The engine checks every move; this module only words and offers them.
"""
from __future__ import annotations

from railhead.engine.games.rotw import actions as moves
from railhead.engine.games.rotw.money import dollars
from railhead.engine.games.rotw.prompts import ReturnBonds
from railhead.engine.games.rotw.transcontinental import return_cost

from ...actions import plain
from ...replies import Apply, Button, Reply, private
from ...ui import Param, UIContext
from .status import plural

PARAMS = (Param("issue", int, "bonds to issue now (most-bonds baron, last round only)", min=1, max=50),
          Param("return", int, "Transcontinental, between the phases: bonds to return (0 keeps them)", min=0,
                max=50))


async def bonds(ctx: UIContext, args: dict) -> Apply | Reply:
    """``/rotw bonds``: privately, the seat's bonds and cash, and how bonds work; ``bonds issue:N``
    issues N bonds (only the holder of a most-bonds baron, in the last round; the engine checks);
    ``bonds return:N`` returns N between the Transcontinental phases."""
    if args.get("return") is not None:
        return Apply(plain(moves.ReturnBonds(count=args["return"])))
    if args.get("issue"):
        return Apply(plain(moves.IssueBonds(count=args["issue"])))
    p = ctx.view()["players"][ctx.seat]
    return private(
        f"You hold {plural(p['bonds'], 'bond')} and {dollars(p['cash'])}.\n"
        "Bonds are issued for you automatically, only as many as a payment needs: each gives $5,000, costs a "
        "$1,000 dividend every income phase, is never repaid, and takes 1 point off your final score. "
        "Previews tell you before you confirm how many bonds a move would issue. Holding a baron for the most "
        "bonds, you may issue more in the last round of the game (`bonds issue:N`).")


def return_text(who: str, prompt: ReturnBonds) -> str:
    """The prompt of a seat returning bonds before the West opens."""
    costs = ", ".join(f"{n} cost{'s' if n == 1 else ''} {plural(return_cost(n), 'point')}" for n in range(1, 5))
    return (f"{who}, the Eastern phase is over: before the West opens you may return some of your "
            f"{plural(prompt.bonds, 'bond')} to the bank, losing points at once ({costs}): `/rotw bonds return:N`, "
            "or keep them (`return:0`).")


def return_buttons(view: dict, prompt: ReturnBonds) -> list[Button]:
    """Keep them, or return 1, 2, ... bonds while the player has the points for it (at most 4 buttons)."""
    points = view["players"][prompt.seat]["points"]
    return [Button("Keep my bonds", plain(moves.ReturnBonds(count=0)))] + [
        Button(f"Return {n} (−{return_cost(n)} points)", plain(moves.ReturnBonds(count=n)), "primary")
        for n in range(1, min(prompt.bonds, 4) + 1) if return_cost(n) <= points]
