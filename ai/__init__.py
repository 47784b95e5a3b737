"""AI players (DESIGN.md, "AI players"): each chooses a move for one seat from what that seat may
know, through the engine's contract only (``legal_actions``, ``random_action``, ``determinize``,
``apply_trusted``). Imports the engine and nothing else of the project.

Stable surface: ``Choice``, ``Player``, ``PLAYERS``, ``make_player``.
"""
if __name__ != "railhead.ai":   # `import ai` from a checkout would load a second copy
    raise ImportError(f"Import railhead.ai, not {__name__}: the bare name would load a second copy of its modules.")

from .player import Choice, Player, RandomPlayer
from .search import SearchPlayer

PLAYERS = ("random", "search")
"""The players ``make_player`` knows."""


def make_player(kind: str, budget: float | None = None) -> Player:
    """A player by name: ``random`` or ``search`` (``budget``: playouts per move, default
    ``SearchPlayer.PLAYOUTS``). Raises ``ValueError`` for an unknown name."""
    if kind == "random":
        return RandomPlayer()
    if kind == "search":
        return SearchPlayer(playouts=int(budget) if budget else SearchPlayer.PLAYOUTS)
    raise ValueError(f"unknown player {kind!r}; known: {', '.join(PLAYERS)}")


__all__ = ["PLAYERS", "Choice", "Player", "RandomPlayer", "SearchPlayer", "make_player"]
