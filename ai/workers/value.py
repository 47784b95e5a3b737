"""What a Railway Workers position is worth to each seat, for the search's playouts cut short
(``evaluate`` and ``PLAYOUT_DEPTH``, the hooks of ``ai/games.py``).

A seat's ``estimate`` is the coins it will likely hold at the end of the round in play, read as
the heuristic reads its own position (``plan.outlook_value``: its cards still to come this round
played on its own board, each holding at its end price and what it will likely add;
``model.Board.value``). Only the differences between seats matter: the rounds after this one add
about as much to each. ``evaluate`` turns the estimates into chances of winning by a softmax
whose spread widens with the rounds still to play (``SPREAD``).

It reads every seat's records, so it is applied, as the search applies it, to a state
determinized for the searching seat (``game.determinize``): the other seats' face-down cards and
screened dice there are guesses drawn from what that seat has seen.
"""
from __future__ import annotations

import math

from . import plan
from .model import ROUNDS, read

PLAYOUT_DEPTH = 16
"""Moves a guided playout plays before ``evaluate`` scores it: the rest of the turn in play and
about two rounds of the others' and the seat's turns (a phase is 6 moves of cards and dice and
about 21 of turns). A rollout move costs about 4 ms on this machine, so a playout about 65 ms with
its evaluation. In 9-game trials against two heuristics, 16 moves at 24 playouts won 7 games and
8 moves at 32 or 48 playouts won 4 (docs/ai/workers.md, "Trials")."""

SPREAD = (9.0, 24.0, 28.0, 40.0)
"""Coins of difference in ``estimate`` for which the leader's chance of winning is e times the
other's, by rounds still to come after the one in play (0, 1, 2, 3): fitted by maximum likelihood
to the winners of 16 three-player heuristic self-play games (941 positions; docs/ai/workers.md,
"The search's hooks"). In round 1 the fit found the estimate tells almost nothing of the winner
(its best spread ran past 79); 40 keeps the estimate ordering moves without claiming more."""

_PLANNED = ("play", "place", "low", "tokens", "assign")


def estimate(state, seat: int) -> float:
    """The coins ``seat`` will likely hold at the end of the round in play (see the module
    docstring); once the game is over, its final total."""
    if state.step == "over":
        assert state.final is not None
        return float(state.final[seat].total)
    if state.step in _PLANNED:
        return plan.outlook_value(state, seat)
    return read(state, seat).value()


def spread(state) -> float:
    """The softmax's spread for ``state`` (``SPREAD`` by the rounds still to come after this one)."""
    return SPREAD[max(0, min(len(SPREAD) - 1, ROUNDS - state.round))]


def evaluate(game, state) -> list[float]:
    """Each seat's chance of winning an unfinished game (0..1, summing to 1): a softmax of the
    seats' ``estimate`` s (coins) with ``spread``. ``game`` is unused (the hook's signature)."""
    est = [estimate(state, s) for s in range(len(state.players))]
    top = max(est)
    scale = spread(state)
    weights = [math.exp((e - top) / scale) for e in est]
    total = sum(weights)
    return [w / total for w in weights]
