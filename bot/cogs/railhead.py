"""``/railhead``: what concerns a player across all their games (bot/turns.py). A group of its own,
apart from ``/game`` (Discord counts 4,000 characters per command group, and ``/game`` is near it).

The one user-installable group: installed to a server or to a user's account, usable in servers,
in the bot's DM and in private channels (group DMs, other DMs), since it reads the store only and
answers privately. The game groups stay server-installed (bot/cogs/lobby.py, bot/cogs/spec.py):
they post in the game's channel, which a user install cannot do where the bot is not present.
"""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from .. import turns
from ..discord_io import answer, caller_of


@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class Railhead(commands.GroupCog, group_name="railhead", group_description="Your Railhead games everywhere"):
    """The ``/railhead`` slash command group; each command answers privately through bot/turns.py."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        super().__init__()

    @app_commands.command(name="turns", description="Every game, in any server or DM, waiting for your move "
                                                    "(only you see it)")
    async def turns(self, interaction: discord.Interaction) -> None:
        """``/railhead turns``."""
        await answer(interaction, lambda: turns.turns(self.bot.table, caller_of(interaction)))

    @app_commands.command(name="digest", description="One DM a day listing the games waiting for you")
    @app_commands.describe(on="Turn the daily DM on or off (left out: whether it is on)")
    async def digest(self, interaction: discord.Interaction, on: bool | None = None) -> None:
        """``/railhead digest``."""
        await answer(interaction, lambda: turns.digest(self.bot.table, caller_of(interaction), on))
