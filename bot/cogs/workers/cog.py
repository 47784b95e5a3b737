"""``/workers``: Railway Workers moves, each handed to the table as a command; the group is
generated from the command spec in bot/cogs/workers/commands.py (bot/cogs/spec.py). Most moves are
buttons and menus; these commands do the same with arguments."""
from __future__ import annotations

from ..spec import SpecCog
from .commands import WorkersUI


class Workers(SpecCog):
    ui = WorkersUI()
    description = "Railway Workers moves"
