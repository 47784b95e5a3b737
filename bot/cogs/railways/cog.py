"""``/railways``: Railways (solo) moves, each handed to the table as a command; the group is
generated from the command spec in bot/cogs/railways/commands.py (bot/cogs/spec.py). Usable in a
server channel and in a DM with the bot."""
from __future__ import annotations

from discord import app_commands

from ..spec import SpecCog
from .commands import RailwaysUI


class Railways(SpecCog):
    ui = RailwaysUI()
    description = "Railways (solo) moves"
    group_options = {"allowed_contexts": app_commands.AppCommandContext(guild=True, dm_channel=True,
                                                                        private_channel=True)}
