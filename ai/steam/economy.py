"""Steam's economy as the heuristic weighs it: what a dollar, a track point and an income step are
worth in end-game VP, turn by turn (steam.txt, "Money and Investing in Steam", "Track Points",
"Calculating Victory Points").

At the end a player scores VP, plus 1 VP per 2 income (-2 VP per step below 0), plus 1 VP per
complete link. Before that, an income step pays $1 in each income phase left, and money builds
track. These rates are the heuristic's judgement, not rules: ``MONEY`` VP a dollar while the game
has turns to use it, less near the end.
"""
from __future__ import annotations

MONEY = 0.2           # VP a dollar is worth while it can still buy track
STEP = 5              # dollars an income step raises


def money_rate(turns_left: int) -> float:
    """VP per dollar in hand with ``turns_left`` turns to go (this one included)."""
    if turns_left <= 1:
        return 0.03
    return MONEY if turns_left >= 4 else MONEY * 0.6


def end_vp(income: int) -> int:
    """What the income track scores at the end (steam.txt, "Calculating Victory Points")."""
    return income // 2 if income > 0 else 2 * income


def end_weight(turns_left: int) -> float:
    """How much of a change on the end score of the income track counts now: in full near the
    end, less while the income can still move (``2 / turns_left``)."""
    return 1.0 if turns_left <= 2 else 2 / turns_left


def income_gain(income: int, points: int, turns_left: int) -> float:
    """VP-equivalent of ``points`` income steps taken now: the dollars they pay in the income
    phases left (this turn's included) and what they change on the end score."""
    return (points * turns_left * money_rate(turns_left - 1)
            + end_weight(turns_left) * (end_vp(income + points) - end_vp(income)))


def take_income(income: int, points: int, turns_left: int) -> bool:
    """Whether track points are better taken as income than as VP now."""
    return income_gain(income, points, turns_left) > points


def point_value(turns_left: int) -> float:
    """What one track point of a future delivery is worth, taken as income or VP, whichever pays."""
    return max(1.0, 0.5 + 0.75 * turns_left * money_rate(turns_left))


def cost_vp(dollars: int, cash: int, income: int, turns_left: int) -> float:
    """VP-equivalent of paying ``dollars`` now: cash first, then $5 steps down the income track
    (each losing $1 an income phase and what it is worth on the end score; the change is kept)."""
    rate = money_rate(turns_left)
    if dollars <= cash:
        return dollars * rate
    short = dollars - cash
    steps = -(-short // STEP)
    change = steps * STEP - short
    lost = steps * turns_left * rate + end_weight(turns_left) * (end_vp(income) - end_vp(income - steps))
    return cash * rate + lost - change * rate
