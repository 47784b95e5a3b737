"""What the solo game asks its player, one struct per prompt kind (``engine/core/prompts.py``):
``search.prompt`` returns them and the table reads them back typed (``Railways.read_prompt``).

Rules in railways-solo.txt, the sections each names.
"""
from __future__ import annotations

from ...core.prompts import Prompt


class Place(Prompt, tag="place"):
    """Setup ("Set-up"): put each passenger die still to place, ``left`` (their values, as rolled),
    on a building of its map card."""

    left: list[int]


class Action(Prompt, tag="action"):
    """Play action ``action`` (1 or 2) of decade ``decade`` ("Playing the game"), or end the decade."""

    decade: int
    action: int


PROMPTS = Place | Action
"""Every prompt the solo game's steps return."""
