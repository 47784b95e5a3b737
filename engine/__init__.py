"""Railhead's pure rules engine: no I/O, no asyncio, no discord, no Pillow.

Stable surface: ``get_game``, ``GAMES``, ``IllegalAction``, ``Match``, ``events_for``, ``replay``, ``history``.
"""
from .core import Game, IllegalAction, Match, canonical, events_for, history, replay, rules_state


def _registry() -> dict[str, Game]:
    from .games.railways import GAME as railways
    from .games.rotw import GAME as rotw
    from .games.steam import GAME as steam
    from .games.workers import GAME as workers

    return {g.id: g for g in (rotw, railways, workers, steam)}


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
