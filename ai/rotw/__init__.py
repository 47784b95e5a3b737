"""Railways of the World's AI knowledge (issue 34), behind the hooks of ``ai/games.py``:
``worth`` (the greedy player's measure), ``Heuristic`` (``heuristic.py``), ``rollout`` and
``evaluate`` (the search's playouts, ``rollout.py``), ``PLAYOUT_DEPTH``, ``candidates`` (the
search's root: the heuristic's move and its runners-up);
``value.py`` is how a seat values a position."""
from __future__ import annotations

from railhead.engine import Game
from railhead.engine.core import State, Stream

from ..player import Choice
from .heuristic import Heuristic
from .rollout import evaluate, rollout

PLAYOUT_DEPTH = 16
"""Moves a guided playout plays before ``evaluate`` scores it: a little more than one turn of three
players (a 3-player game is about 115 moves in 9 turns). ``evaluate`` counts what a network is
worth (``value``), so the playout need not run long enough to see its deliveries made; a short
one is less noise from the rollout's rough builds (40 moves with points alone: docs/ai/rotw.md)."""

PAIRED = 1.5
"""The search's root plays each candidate in turn on the same determinizations and streams and keeps
the heuristic's move unless another beat it by more than this many standard errors of the paired
differences (``ai/search.py``, ``_paired_choice``): a closed root that picked its most visited move
followed the playouts' noise as often as a better move (docs/ai/rotw.md)."""

LEVEL_BUDGETS = {"normal": 96, "hard": 192}
"""Playouts a move of the search levels (``railhead.ai.levels_for``): the paired root needs a few
dozen playouts for each of its ``CANDIDATES`` before a difference shows (docs/ai/rotw.md); 96 took
about 1.5 s a move on this 2-core machine under load, well under issue 34's 5 s."""

CANDIDATES = 4
"""Moves the search compares at its root: the heuristic's and its three runners-up."""

BOND_CASH = 5
"""Thousands of dollars a bond brings, the rate at which ``worth`` counts money as points."""


def worth(game: Game, state: State, seat: int) -> float:
    """The seat's immediate points and money as its own view shows them: income-track points minus
    bonds (the final score's parts, railways-of-the-world.txt, "Ending the Game") plus cash in
    thousands of dollars divided by ``BOND_CASH``. A bond is $5,000 now and a point less at the
    end, so counting $5,000 as one point makes issuing a bond neither a gain nor a loss at once,
    and a delivery's points always outweigh keeping the cash a build would cost."""
    me = game.view(state, seat)["players"][seat]
    return float(me["points"] - me["bonds"]) + (me["cash"] or 0) / BOND_CASH


def candidates(game: Game, state: State, seat: int, rng: Stream) -> list[Choice]:
    """The search's root moves for ``seat``: ``Heuristic.options`` (its move first, then the next
    best by its ``value``), ``CANDIDATES`` at most. Raises ``ValueError`` when the seat may not act."""
    return Heuristic().options(game, state, seat, rng, CANDIDATES)


__all__ = ["CANDIDATES", "LEVEL_BUDGETS", "PAIRED", "PLAYOUT_DEPTH", "Heuristic", "candidates", "evaluate", "rollout",
           "worth"]
