"""Railway Workers' prompts, one struct per kind (``engine/core/prompts.py``): what the seat asked
now is to do, as ``search.prompt`` builds it and the table stores it (``{"kind": ..., payload}``).

Units: Sums and dice in pips; ``slot`` is a place's printed number (1, 2, 3, 6); sites, routes and
commands by number; cards by id (``data/cards/workers/``). Rule source: railway-workers.txt,
"Round phases - steps" (the action phase's steps) and the sections each prompt names.
"""
from __future__ import annotations

from ...core.prompts import Prompt


class Secret(Prompt):
    """A step every seat plays at once and in secret, behind the screen: ``round`` (1-4) and action
    ``phase`` (1-2) of the game; ``secret`` is always true (the table hands its menus privately)."""

    round: int
    phase: int
    secret: bool = True


class Place(Secret, tag="place"):
    """Place four action cards face down under +1, +2, +3 and +6 ("Action Phase 1", step a)."""


class Assign(Secret, tag="assign"):
    """Put the four dice on the placed cards behind the screen, with +1 tokens if held ("Action
    Phase 1", step b)."""


class LowRoll(Prompt, tag="low_roll"):
    """Three ``dice`` (pips, as rolled) sum to 4 or less: reroll all three or keep them ("Action
    Phase 1", step b)."""

    dice: list[int]


class Reroll(Prompt, tag="reroll"):
    """Spend reroll tokens, one die each, on the four ``dice`` (pips, in the order held); ``left``:
    the tokens still usable this action phase ("Tokens")."""

    dice: list[int]
    left: int


class Turn(Prompt, tag="turn"):
    """Play the card revealed under place ``slot`` (1, 2, 3 or 6): ``card`` its id; ``sum`` the Sum
    in pips, with Overtime's +1 once used (command 1), ``overtime`` that +1 (0 or 1); ``top`` and
    ``bottom``: whether the 4+ and 7+ actions are done; ``command``: the number of the command used
    this turn (``None`` before one); ``commands``: the Available Commands this seat may still use
    ("Action Phase 1", step c)."""

    slot: int
    card: str
    sum: int
    overtime: int
    top: bool
    bottom: bool
    command: int | None
    commands: list[int]


class Question(Prompt):
    """A question that interrupts play (``pending.py``): answer one of ``options`` (``choose``)."""

    options: list[str]


class Reward(Question, tag="reward"):
    """The seat leads the completed ``table`` (``"structures"``, ``"tracks"`` or ``"plans"``) of site
    ``site``: ``options`` are ``"tile"`` (the reward tile) and ``"share"`` (a free share on the site)
    ("Construction site Development")."""

    site: int
    table: str


class TrainCity(Question, tag="train_city"):
    """Project ``project`` became a route: the city of its two (``options``) its train starts in
    ("Construction site Development", the majority shareholder chooses)."""

    project: int


class Junction(Question, tag="junction"):
    """Train ``train`` (its id) stands where three routes meet: the city it runs toward
    (``options``, the far ends of the routes it may take) ("Payments Phase" a)."""

    train: int


class Bonus(Question, tag="bonus"):
    """"Get 1 Bonus" after the 4+ action of Subsidy / Investment: ``options`` among ``"reroll"``,
    ``"plus"`` (a token) and ``"director"`` (one back), those still to be had."""


PROMPTS = Place | Assign | LowRoll | Reroll | Turn | Reward | TrainCity | Junction | Bonus
"""Every prompt kind Railway Workers' steps return (``RailwayWorkers.prompt_types``)."""
