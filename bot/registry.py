"""The games the bot can run: each engine game (``engine.GAMES``, found in engine/games/) with its
UI, found by the game's id in ``bot/games/<id>/ui.py`` (its ``UI``: the texts, buttons, command
spec and board renderer). A new game is its engine folder and its UI folder; nothing else lists
games: the slash command groups, ``/game``'s choices and the local table's help come from here.

``register`` adds a game at run time (tests use it for the test-only Sealed Bid game).
"""
from __future__ import annotations

import importlib

import engine
from engine import IllegalAction

from .ui import GameUI


def _discover() -> dict[str, GameUI]:
    """Every engine game's UI, by id (``bot.games.<id>.ui.UI``). Raises ``ImportError`` naming the
    folder when an engine game has no UI yet."""
    uis = {}
    for gid in engine.GAMES:
        try:
            module = importlib.import_module(f"{__package__}.games.{gid}.ui")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__package__}.games.{gid}" and exc.name != f"{__package__}.games.{gid}.ui":
                raise
            raise ImportError(f"The game {gid!r} (engine/games/{gid}/) has no UI: add bot/games/{gid}/ui.py "
                              "with its UI.") from None
        uis[gid] = module.UI
    return uis


UIS: dict[str, GameUI] = _discover()
_EXTRA: dict[str, engine.Game] = {}


def games() -> dict[str, engine.Game]:
    """Every game with a UI, by id."""
    return {gid: g for gid, g in {**engine.GAMES, **_EXTRA}.items() if gid in UIS}


def game(game_id: str) -> engine.Game:
    """The game ``game_id``; raises ``IllegalAction`` naming the available ones."""
    found = games().get(game_id) if isinstance(game_id, str) else None
    if found is None:
        raise IllegalAction(f"Unknown game {str(game_id)[:40]!r}; available: {', '.join(sorted(games()))}.")
    return found


def register(game_: engine.Game, ui: GameUI) -> None:
    """Add a game and its UI at run time (tests register the test-only Sealed Bid game)."""
    _EXTRA[game_.id] = game_
    UIS[game_.id] = ui


def unregister(game_id: str) -> None:
    """Remove a game added with ``register``."""
    _EXTRA.pop(game_id, None)
    UIS.pop(game_id, None)
