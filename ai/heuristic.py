"""The heuristic player: each game's own ``Heuristic`` (``ai/<game>/``, see ``ai/games.py``),
chosen by the game it is handed, so one ``heuristic`` player serves a tournament of any game."""
from __future__ import annotations

from railhead.engine import Game
from railhead.engine.core import State, Stream

from .games import hook
from .player import Choice, Player


class HeuristicPlayer:
    """Plays what a competent person would consider, with one line of reason; dispatches to the
    game's ``Heuristic``. Raises ``ValueError`` for a game that has none, or a seat that may not act."""

    name = "heuristic"

    def __init__(self) -> None:
        self._players: dict[str, Player] = {}

    def choose(self, game: Game, state: State, seat: int, rng: Stream) -> Choice:
        """The game's heuristic move for ``seat``."""
        player = self._players.get(game.id)
        if player is None:
            cls = hook(game.id, "Heuristic")
            if cls is None:
                raise ValueError(f"{game.name} has no heuristic player")
            player = self._players[game.id] = cls()
        if seat not in game.actors(state):
            raise ValueError(f"seat {seat} may not act now")
        return player.choose(game, state, seat, rng)
