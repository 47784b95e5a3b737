"""AI players (DESIGN.md, "AI players"): each chooses a move for one seat from what that seat may
know, through the engine's contract only (``legal_actions``, ``random_action``, ``determinize``,
``apply_trusted``). Imports the engine and nothing else of the project.

Stable surface: ``Choice``, ``Player``, ``PLAYERS``, ``LEVELS``, ``make_player``; each game's own
knowledge sits in ``ai/<game>/`` behind the hooks of ``ai/games.py``.
"""
if __name__ != "railhead.ai":   # `import ai` from a checkout would load a second copy
    raise ImportError(f"Import railhead.ai, not {__name__}: the bare name would load a second copy of its modules.")

from .greedy import GreedyPlayer
from .heuristic import HeuristicPlayer
from .player import Choice, Player, RandomPlayer
from .search import SearchPlayer

PLAYERS = ("random", "greedy", "heuristic", "search", "search-random")
"""The players ``make_player`` knows: ``search`` plays the game's rollout policy in its playouts,
``search-random`` plays random moves there (the plain Monte Carlo baseline)."""

LEVELS = {"easy": ("heuristic", None), "normal": ("search", 16), "hard": ("search", 48)}
"""The levels of AI seats (issue 34): ``level -> (player, budget)``. Budgets are playouts per move.
100 playouts took 15-18 s a Railways of the World move on this 2-core machine under load (the AI
seats' local game), so normal is 16 (a few seconds) and hard 48; the search starts from the
heuristic's move (``search.candidates``), so a small budget checks it rather than guessing. A
game may set its own budgets (``levels_for``): Railways of the World's paired root needs more."""


def levels_for(game_id: str) -> dict[str, tuple[str, float | None]]:
    """``LEVELS`` for ``game_id``: the budgets its AI module sets for its levels (``ai/games.py``,
    ``LEVEL_BUDGETS``) in place of the shared ones."""
    from .games import hook

    own = hook(game_id, "LEVEL_BUDGETS") or {}
    return {level: (player, own.get(level, budget)) for level, (player, budget) in LEVELS.items()}


def make_player(kind: str, budget: float | None = None) -> Player:
    """A player by name (``PLAYERS``) or level (``LEVELS``; its budget unless ``budget`` is given).
    ``budget``: the search's playouts per move, default ``SearchPlayer.PLAYOUTS``. Raises
    ``ValueError`` for an unknown name."""
    if kind in LEVELS:
        kind, default = LEVELS[kind]
        budget = budget or default
    if kind == "random":
        return RandomPlayer()
    if kind == "greedy":
        return GreedyPlayer()
    if kind == "heuristic":
        return HeuristicPlayer()
    if kind in ("search", "search-random"):
        return SearchPlayer(playouts=int(budget) if budget else SearchPlayer.PLAYOUTS, guided=kind == "search")
    raise ValueError(f"unknown player {kind!r}; known: {', '.join(PLAYERS + tuple(LEVELS))}")


__all__ = ["LEVELS", "PLAYERS", "levels_for", "Choice", "GreedyPlayer", "HeuristicPlayer", "Player", "RandomPlayer",
           "SearchPlayer", "make_player"]
