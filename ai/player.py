"""What an AI player is: ``choose(game, state, seat, rng) -> Choice``, and the simplest one.

A player is handed the true state only because the engine's hooks need one: it may read nothing
but ``game.view(state, seat)``, the prompts, the legal actions and what ``game.determinize(state,
seat, rng)`` makes (which depends only on that seat's view), so two states that differ only in
other seats' secrets get the same move from the same ``rng``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from railhead.engine import Game, IllegalAction
from railhead.engine.core import State, Stream, clone


@dataclass(frozen=True)
class Choice:
    """A chosen move: ``action`` (a JSON action for ``seat``) and ``reason``, one line a player
    reads ("search: 400 playouts, won 61% after this move")."""

    action: dict
    reason: str


def try_move(game: Game, state: State, seat: int, action: dict) -> State | None:
    """``state`` after ``seat`` plays ``action``, on a copy (``state`` is untouched), or ``None``
    when the rules refuse the move: how a player weighs a move it is not sure is legal."""
    after = clone(state)
    try:
        game.apply_trusted(after, seat, action)
    except IllegalAction:
        return None
    return after


class Player(Protocol):
    """An AI player. ``name`` says what it is ("random", "search"); ``choose`` raises
    ``ValueError`` when ``seat`` may not act in ``state``."""

    name: str

    def choose(self, game: Game, state: State, seat: int, rng: Stream) -> Choice:
        """The move of ``seat`` now; ``rng`` decides every random choice (same rng, same move)."""
        ...


class RandomPlayer:
    """A legal move drawn at random (``game.random_action``): the floor every other player must beat."""

    name = "random"

    def choose(self, game: Game, state: State, seat: int, rng: Stream) -> Choice:
        """One of ``seat``'s legal moves at random."""
        action = game.random_action(state, seat, rng)
        if action is None:
            raise ValueError(f"seat {seat} may not act now")
        return Choice(action, "random")
