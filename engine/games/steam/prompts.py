"""What Steam asks a seat to do, one struct per prompt kind (``engine/core/prompts.py``): the steps
in ``game.py`` return them and the table reads them back typed (``Steam.read_prompt``).

Money in dollars; rules in steam.txt, the phase each names.
"""
from __future__ import annotations

from ...core.prompts import Prompt


class Capital(Prompt, tag="capital"):
    """Standard game, the start of a turn: raise capital for this turn ($5 a step down the income
    track) or none; every seat still deciding is asked at once."""


class Score(Prompt, tag="score"):
    """After a delivery: place ``points`` track points as income or as VP ("Track Points")."""

    points: int


class Bid(Prompt, tag="bid"):
    """Bid at least ``floor`` dollars or pass: for place ``place`` of the first turn's order
    ("The Order of Turns"), or, in the standard game, for the turn order (``place`` 1)."""

    floor: int
    place: int


class Select(Prompt, tag="select"):
    """Choose an action tile in turn ``turn`` ("Phase 1 – Select Action Tiles")."""

    turn: int


class Build(Prompt, tag="build"):
    """Build track ("Phase 2 – Building the Track"): ``laid`` tiles of this build's ``limit`` (3,
    4 with Engineer), and the action tiles still ``todo`` (``"city-growth"``, ``"urbanization"``,
    ``"production"``) before the build ends."""

    laid: int
    limit: int
    todo: list[str]


class Move(Prompt, tag="move"):
    """Move goods in round ``round`` (1 or 2) of "Phase 3 – Move Goods": deliver a goods cube,
    improve the locomotive, or pass."""

    round: int


PROMPTS = Capital | Score | Bid | Select | Build | Move
"""Every prompt Steam's steps return."""
