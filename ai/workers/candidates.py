"""The moves Railway Workers' search compares at its root (the ``candidates`` hook of
``ai/games.py``): the heuristic's move first, then its best runners-up by the heuristic's own
measure (``Heuristic.ranked``), so the playouts judge plausible alternatives rather than random
ones:

- placing cards: the best placements of different choices of four cards (Action Phase 1) or the
  best orders of the hand (Action Phase 2);
- assigning dice: the best ways to put the dice and +1 tokens on the places;
- a turn or a question: the moves or answers after which the round's plan is worth most;
- a low roll or reroll tokens: rerolling and keeping.

Like the heuristic, it reads only ``game.determinize(state, seat, rng)``, so two states that
differ only in other seats' secrets give the same candidates.
"""
from __future__ import annotations

from ..player import Choice
from .heuristic import Heuristic

MOST = 3
"""How many moves the root compares at most: the heuristic's and two runners-up."""

MARGIN = 4.0
"""Coins: a runner-up whose plan the heuristic values more than this below its own move's is left
out. A move the round's plan rates far worse is rarely better, and every candidate costs the
search playouts and a chance to follow their noise (docs/ai/workers.md, "The search's hooks")."""


def candidates(game, state, seat: int, rng) -> list[Choice]:
    """The heuristic's move and up to ``MOST - 1`` runners-up for ``seat`` now (those within
    ``MARGIN`` coins of it, or both answers of a reroll question), best first, each once. Raises
    ``ValueError`` when the seat may not act."""
    ranked = Heuristic().ranked(game, state, seat, rng, MOST)
    best = ranked[0][0]
    return [choice for value, choice in ranked
            if value is None or best is None or value >= best - MARGIN]
