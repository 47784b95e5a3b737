"""Each game's own AI knowledge, found by the game's id: ``railhead.ai.<game id>`` (``ai/rotw/``,
``ai/steam/``, ``ai/workers/``, ``ai/railways/``), one folder per game as in ``engine/games/``.

A game's module may define (each optional; what is missing falls back as said):

- ``worth(game, state, seat) -> float``: what the one-ply greedy player maximises, the seat's
  immediate points or money as the seat itself can see them (its own view); without it the game
  has no greedy player.
- ``Heuristic``: a class whose instances are ``Player`` s (``name``, ``choose``) that play as a
  competent person would and give one line of reason; without it the game has no heuristic player.
- ``rollout(game, state, seat, rng) -> dict``: a fast move for the search's playouts (the
  heuristic's cheap cousin); without it playouts play ``game.random_action``.
- ``candidates(game, state, seat, rng) -> list[Choice]``: the moves the search tries first at its
  root; without it the heuristic's choice (if any) is the one candidate.
- ``PAIRED``: a number ``z``; with ``candidates``, the root plays its candidates in turn, each on
  the same determinizations and streams, and keeps the first (the heuristic's move) unless another
  beat it by more than ``z`` standard errors of the paired differences; without it the root's
  most visited move is played.
- ``LEVEL_BUDGETS``: ``{level: playouts a move}`` for the search levels of ``railhead.ai.LEVELS``
  where the game's search needs another budget than the shared one (``levels_for``).
- ``PLAYOUT_DEPTH``: an int, how many moves a guided playout plays before ``evaluate`` scores it;
  without it playouts run to the end (2000 moves at most).
- ``evaluate(game, state) -> list[float]``: each seat's chance of winning (0..1, summing about 1)
  of an unfinished state, for playouts cut short; without it an unfinished playout is a draw.
- ``cut(game, root, state, played) -> bool``: whether a playout from ``root`` (the state the
  search started from) ends now at ``state``, after ``played`` moves, to be scored by ``evaluate``
  where it is most reliable (Steam: at the start of the next turn); without it a playout runs to
  the end or to ``PLAYOUT_DEPTH`` moves.
"""
from __future__ import annotations

import importlib
from types import ModuleType

KNOWN = ("rotw", "steam", "workers", "railways")


def module(game_id: str) -> ModuleType | None:
    """The AI module of ``game_id``, or ``None`` when the game has none yet."""
    if game_id not in KNOWN:
        return None
    try:
        return importlib.import_module(f"railhead.ai.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"railhead.ai.{game_id}":
            return None
        raise


def hook(game_id: str, name: str):
    """The game's ``name`` hook (see the module docstring), or ``None``."""
    found = module(game_id)
    return getattr(found, name, None) if found is not None else None
