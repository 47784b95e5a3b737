"""Per-game command modules and renderers, by game id (the bot's view of the registry)."""
from __future__ import annotations

from render import rotw as render_rotw

from .cogs.rotw import commands as rotw_commands

GAME_COMMANDS = {"rotw": rotw_commands}
RENDERERS = {"rotw": render_rotw.board_png}
