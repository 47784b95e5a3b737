"""What Railways of the World asks a seat, one struct per prompt kind (``engine/core/prompts.py``):
the steps in ``game.py`` return them and the table reads them back typed (``RailwaysOfTheWorld.read_prompt``).

Money in thousands of dollars; rules in railways-of-the-world.txt, the sections each names.
"""
from __future__ import annotations

from ...core.prompts import UNSET, Prompt, UnsetType


class Baron(Prompt, tag="baron"):
    """Keep one of the two baron cards dealt, in secret ("Deal Out Railroad Baron Cards")."""

    secret: bool


class ReturnBonds(Prompt, tag="return_bonds"):
    """Transcontinental, before the West opens: how many of the seat's ``bonds`` to return."""

    bonds: int


class Bid(Prompt, tag="bid"):
    """Bid at least ``floor`` (thousands of dollars) or pass, in the first-player auction of turn
    ``turn`` ("Auction for First Player"; ``round`` the player round, 1 in the auction)."""

    turn: int
    round: int
    floor: int


class Inspector(Prompt, tag="inspector"):
    """A Railway Inspector's holder is asked ("RAILWAYS of GREAT BRITAIN"): stop the delivery of
    seat ``deliverer`` (``text`` says what it is) or let it pass."""

    deliverer: int
    text: str


class Action(Prompt, tag="action"):
    """Take one action of player round ``round`` of turn ``turn`` ("Playing the Game: Turns & Player
    Rounds"); ``hot_spring`` (``True``, only then) while a Hot Spring build is due ("RAILWAYS of NIPPON")."""

    turn: int
    round: int
    hot_spring: bool | UnsetType = UNSET


PROMPTS = Baron | ReturnBonds | Bid | Inspector | Action
"""Every prompt Railways of the World's steps return."""
