"""The games the bot can run: engine games by id and their UI modules.

``register`` adds a game at run time (tests use it for the test-only Sealed Bid game).
"""
from __future__ import annotations

import engine
from engine import IllegalAction

from .cogs.railways.commands import RailwaysUI
from .cogs.rotw.commands import RotwUI
from .cogs.steam.commands import SteamUI
from .cogs.workers.commands import WorkersUI
from .ui import GameUI

UIS: dict[str, GameUI] = {"rotw": RotwUI(), "railways": RailwaysUI(), "workers": WorkersUI(), "steam": SteamUI()}
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
    _EXTRA[game_.id] = game_
    UIS[game_.id] = ui


def unregister(game_id: str) -> None:
    _EXTRA.pop(game_id, None)
    UIS.pop(game_id, None)
