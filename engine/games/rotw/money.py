"""Money and bonds. All amounts are in thousands of dollars.

railways-of-the-world.txt, "Use of Cash and Bonds": players start with no money; a bond
gives $5,000, is never repaid, and only the bonds needed to pay may be issued. ``bond`` is
the value of one bond (``Tables.money.bond``, from the game's context).
"""
from __future__ import annotations

from .data import load_tables
from .state import Player


def dollars(k: int) -> str:
    """``7`` -> ``"$7,000"`` (amounts are in thousands)."""
    return f"-${-k:,},000" if k < 0 else (f"${k:,},000" if k else "$0")


def bonds_needed(cash: int, amount: int, bond: int | None = None) -> int:
    """How many bonds a player with ``cash`` must issue to pay ``amount``
    (``bond`` defaults to the shipped table's bond value)."""
    bond = load_tables().money.bond if bond is None else bond
    return max(0, -(-(amount - cash) // bond))


def pay(player: Player, amount: int, bond: int) -> int:
    """Take ``amount`` from ``player``, issuing the bonds needed first; returns bonds issued."""
    issued = bonds_needed(player.cash, amount, bond)
    player.bonds += issued
    player.cash += issued * bond - amount
    return issued


def pay_text(name: str, amount: int, issued: int) -> str:
    text = f"{name} pays {dollars(amount)}"
    if issued:
        text += f" (issuing {issued} bond{'s' if issued > 1 else ''})"
    return text
