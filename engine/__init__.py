"""Railhead's pure rules engine: no I/O, no asyncio, no discord, no Pillow.

Stable surface: ``get_game``, ``GAMES``, ``IllegalAction``, ``Match``, ``events_for``, ``replay``, ``history``.
"""
if __name__ != "railhead.engine":   # `import engine` from a checkout would load a second copy
    raise ImportError(f"Import railhead.engine, not {__name__}: the bare name would load a second copy of "
                      "its modules (and of their classes, so an except clause would miss their errors).")
import importlib
import pkgutil

from .core import Game, IllegalAction, Match, canonical, events_for, history, replay, rules_state


def _registry() -> dict[str, Game]:
    """Every game of ``engine/games/``: each folder's package exposes its ``GAME``; the folder's
    name is the game's id. A new game is a new folder; nothing else lists games."""
    from . import games

    found = {}
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if info.ispkg:
            game = importlib.import_module(f"{games.__name__}.{info.name}").GAME
            if game.id != info.name:
                raise ValueError(f"engine/games/{info.name} holds the game {game.id!r}: name the folder after it")
            found[game.id] = game
    return found


GAMES: dict[str, Game] = _registry()


def get_game(game_id: str) -> Game:
    """Return the registered game ``game_id``; raises ``IllegalAction`` for an unknown id."""
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise IllegalAction(f"Unknown game {game_id!r}; available: {known}.") from None


__all__ = ["GAMES", "Game", "IllegalAction", "Match", "canonical", "events_for", "get_game", "history", "replay",
           "rules_state"]
