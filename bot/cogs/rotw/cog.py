"""``/rotw``: Railways of the World moves, each handed to the table as a command; the group is
generated from the command spec in bot/cogs/rotw/commands.py (bot/cogs/spec.py)."""
from __future__ import annotations

from ..spec import SpecCog
from .commands import RotwUI


class RailwaysOfTheWorld(SpecCog):
    ui = RotwUI()
    description = "Railways of the World moves"
