"""Steam money: paying, raising money on the income track, income and elimination.

steam.txt, "Money and Investing in Steam": cash first; then $5 for each step down the income track,
and once income is at its minimum, 2 VP for each $5; raise only what the payment needs (the change,
at most $4, is kept). Money in dollars.
"""
from __future__ import annotations

from ...core.errors import IllegalAction
from .data import Rules
from .state import Player, SteamState


class Bankrupt(Exception):
    """A payment the player cannot raise."""


def can_raise(player: Player, rules: Rules) -> int:
    """The most the player could raise now, in dollars."""
    steps = player.income - rules.income_min + player.vp // rules.vp_per_step
    return player.cash + steps * rules.raise_step


def pay(player: Player, amount: int, rules: Rules) -> tuple[int, int]:
    """Pay ``amount``: cash, then income steps, then VP. Returns ``(income steps, VP paid)``.
    Raises ``Bankrupt`` (leaving ``player`` untouched) when it cannot be raised."""
    if amount <= player.cash:
        player.cash -= amount
        return 0, 0
    if can_raise(player, rules) < amount:
        raise Bankrupt
    steps = vp = 0
    while player.cash < amount:
        if player.income > rules.income_min:
            player.income -= 1
            steps += 1
        else:
            player.vp -= rules.vp_per_step
            vp += rules.vp_per_step
        player.cash += rules.raise_step
    player.cash -= amount
    return steps, vp


def record(seat: int, paid: int = 0, earned: int = 0, steps: int = 0, vp: int = 0, income_points: int = 0,
           vp_points: int = 0) -> dict[str, int]:
    """One line of the money book an event carries in its ``money`` list (dollars, income steps, VP):
    ``paid`` to the bank, ``earned`` from it, ``steps`` down the income track and ``vp`` given up
    for cash ($5 a step, 2 VP each $5; kept as ``raised_steps`` and ``raised_vp``), track points
    taken as ``income_points`` or ``vp_points``. Only the figures that are not zero are kept."""
    line = {"seat": seat, "paid": paid, "earned": earned, "raised_steps": steps, "raised_vp": vp,
            "income_points": income_points, "vp_points": vp_points}
    return {k: v for k, v in line.items() if v or k == "seat"}


class Payment:
    """A payment made: ``text`` for the event ("pays $4, raising $5 (income 1 → 0)") and ``record``
    for its money book."""

    def __init__(self, player: Player, seat: int, amount: int, steps: int, vp: int, rules: Rules):
        self.text = paid_text(player, amount, steps, vp, rules)
        self.record = record(seat, paid=amount, steps=steps, vp=vp)


def pay_or_refuse(state: SteamState, seat: int, amount: int, rules: Rules, what: str) -> Payment:
    """A payment the seat chose: refused with ``IllegalAction`` (nothing paid) when it cannot be
    raised. Returns the ``Payment``."""
    player = state.players[seat]
    try:
        steps, vp = pay(player, amount, rules)
    except Bankrupt:
        raise IllegalAction(f"{what} costs ${amount}: you cannot raise that much (at most "
                            f"${can_raise(player, rules)}).") from None
    return Payment(player, seat, amount, steps, vp, rules)


def paid_text(player: Player, amount: int, steps: int, vp: int, rules: Rules) -> str:
    """"pays $4, raising $5 (income 1 → 0)" for a payment just made by ``player``."""
    text = f"pays ${amount}"
    raised = []
    if steps:
        raised.append(f"income {player.income + steps} → {player.income}")
    if vp:
        raised.append(f"VP {player.vp + vp} → {player.vp}")
    if raised:
        text += f", raising ${(steps + vp // rules.vp_per_step) * rules.raise_step} ({', '.join(raised)})"
    return text
