"""Steam money: paying, raising money on the income track, income and elimination.

steam.txt, "Money and Investing in Steam": cash first; then $5 for each step down the income track,
and once income is at its minimum, 2 VP for each $5; raise only what the payment needs (the change,
at most $4, is kept). Money in dollars.
"""
from __future__ import annotations

from engine.core.errors import IllegalAction

from .data import Rules


class Bankrupt(Exception):
    """A payment the player cannot raise."""


def can_raise(player: dict, rules: Rules) -> int:
    """The most the player could raise now, in dollars."""
    steps = player["income"] - rules.income_min + player["vp"] // rules.vp_per_step
    return player["cash"] + steps * rules.raise_step


def pay(player: dict, amount: int, rules: Rules) -> tuple[int, int]:
    """Pay ``amount``: cash, then income steps, then VP. Returns ``(income steps, VP paid)``.
    Raises ``Bankrupt`` (leaving ``player`` untouched) when it cannot be raised."""
    if amount <= player["cash"]:
        player["cash"] -= amount
        return 0, 0
    if can_raise(player, rules) < amount:
        raise Bankrupt
    steps = vp = 0
    while player["cash"] < amount:
        if player["income"] > rules.income_min:
            player["income"] -= 1
            steps += 1
        else:
            player["vp"] -= rules.vp_per_step
            vp += rules.vp_per_step
        player["cash"] += rules.raise_step
    player["cash"] -= amount
    return steps, vp


def pay_or_refuse(player: dict, amount: int, rules: Rules, what: str) -> str:
    """A payment the player chose: refused with ``IllegalAction`` when it cannot be raised. Returns
    the words for the event ("pays $4, raising $5 (income -1)")."""
    try:
        steps, vp = pay(player, amount, rules)
    except Bankrupt:
        raise IllegalAction(f"{what} costs ${amount}: you cannot raise that much (at most "
                            f"${can_raise(player, rules)}).") from None
    return paid_text(amount, steps, vp, rules)


def paid_text(amount: int, steps: int, vp: int, rules: Rules) -> str:
    text = f"pays ${amount}"
    raised = []
    if steps:
        raised.append(f"income -{steps}")
    if vp:
        raised.append(f"-{vp} VP")
    if raised:
        text += f", raising ${(steps + vp // rules.vp_per_step) * rules.raise_step} ({', '.join(raised)})"
    return text
