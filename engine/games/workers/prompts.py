"""What Railway Workers asks a seat, one struct per prompt kind (``engine/core/prompts.py``):
``search.prompt`` returns them and the table reads them back typed (``Workers.read_prompt``).

Rules in railway-workers.txt, the sections each names; coins are the game's money.
"""
from __future__ import annotations

from ...core.prompts import Prompt


class Place(Prompt, tag="place"):
    """Place four action cards face down on the slots, in secret and all at once ("Action Phase",
    Planning), in round ``round`` and action phase ``phase`` (1 or 2)."""

    secret: bool
    round: int
    phase: int


class Assign(Prompt, tag="assign"):
    """Assign the three dice (and +1 tokens) to the placed cards behind the screen, in secret and all
    at once ("Action Phase", Dice), in round ``round`` and action phase ``phase``."""

    secret: bool
    round: int
    phase: int


class LowRoll(Prompt, tag="low_roll"):
    """The ``dice`` rolled sum to 4 or less: reroll all three once, or keep them."""

    dice: list[int]


class Reroll(Prompt, tag="reroll"):
    """Spend reroll tokens (``left`` of them), one die of ``dice`` each, or none."""

    dice: list[int]
    left: int


class Turn(Prompt, tag="turn"):
    """The seat's turn with its card ``card`` under slot +``slot`` ("Resolving the Action Cards"):
    ``sum`` the Sum (with Overtime's +1, ``overtime``, once used); ``top``/``bottom`` whether that
    half is done; ``command`` the Available Command used this turn (``None``), ``commands`` those it
    may still use."""

    slot: int
    card: str
    sum: int
    overtime: int
    top: bool
    bottom: bool
    command: int | None
    commands: list[int]


class Reward(Prompt, tag="reward"):
    """Lead of the ``table`` table of construction site ``site``: choose one of ``options``
    (``"tile"`` the reward tile, ``"share"`` a share) ("Construction site Development")."""

    options: list[str]
    site: int
    table: str


class TrainCity(Prompt, tag="train_city"):
    """Project ``project`` became a route: put its train in one of the cities ``options``."""

    options: list[str]
    project: int


class Junction(Prompt, tag="junction"):
    """Train ``train`` stands where routes meet: send it toward one of the cities ``options``."""

    options: list[str]
    train: int


class Bonus(Prompt, tag="bonus"):
    """Take one of the bonuses ``options``."""

    options: list[str]


QUESTIONS = Reward | TrainCity | Junction | Bonus
"""The prompts of a pending question (``pending.py``): answered with ``choose``."""
PROMPTS = Place | Assign | LowRoll | Reroll | Turn | QUESTIONS
"""Every prompt Railway Workers' steps return."""
