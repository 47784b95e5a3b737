"""The Discord side of Railhead. ``create_bot(db_path, **client_options)`` builds the bot."""
from __future__ import annotations

import logging

import discord
from discord.ext import commands, tasks

log = logging.getLogger("railhead")


class RailheadBot(commands.Bot):
    """discord.py bot holding the store and the table; cogs translate interactions to table calls."""

    def __init__(self, db_path: str, **options):
        options.setdefault("intents", discord.Intents.default())
        options.setdefault("command_prefix", commands.when_mentioned)
        super().__init__(**options)
        self.db_path = db_path
        self.sync_on_start = True      # sync the slash commands at start when they changed
        self.run_clock = True          # the background task sending reminders (tests call tick())
        self.clock_task = None
        self.store = None
        self.table = None

    async def setup_hook(self) -> None:
        from .cogs.lobby import Lobby
        from .cogs.railways.cog import Railways
        from .cogs.rotw.cog import RailwaysOfTheWorld
        from .cogs.steam.cog import Steam
        from .cogs.workers.cog import Workers
        from .discord_io import OfferButton, OfferSelect
        from .store import open_store
        from .sync import sync_if_changed
        from .table import Table

        self.store = await open_store(self.db_path)
        self.table = Table(self.store)
        await self.add_cog(Lobby(self))
        await self.add_cog(RailwaysOfTheWorld(self))
        await self.add_cog(Railways(self))
        await self.add_cog(Workers(self))
        await self.add_cog(Steam(self))
        self.add_dynamic_items(OfferButton, OfferSelect)
        self.clock_task = tasks.loop(seconds=60)(self.tick)
        if self.run_clock:
            self.clock_task.start()
        self.tree.on_error = self.on_app_command_error
        if self.sync_on_start:
            await sync_if_changed(self)

    async def tick(self) -> None:
        """Every minute: reminders and time-limit notices that are due (bot/timing.py)."""
        from .discord_io import post

        try:
            for reply in await self.table.tick():
                await post(self, reply)
        except Exception:
            log.exception("reminder task failed")

    async def on_app_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        log.exception("command failed", exc_info=error)
        message = "Something went wrong on our side; please try again."
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)

    async def close(self) -> None:
        if self.clock_task is not None:
            self.clock_task.cancel()
        if self.store is not None:
            await self.store.close()
            self.store = None
        await super().close()


def create_bot(db_path: str, **client_options) -> RailheadBot:
    """Build the bot. ``client_options`` (``intents``, ``connector``, ...) pass through to discord.py."""
    return RailheadBot(db_path, **client_options)


__all__ = ["create_bot", "RailheadBot"]
