"""The Discord side of Railhead. ``create_bot(db_path, **client_options)`` builds the bot."""
from __future__ import annotations

if __name__ != "railhead.bot":   # `import bot` from a checkout would load a second copy
    raise ImportError(f"Import railhead.bot, not {__name__}: the bare name would load a second copy of "
                      "its modules (and of their classes, so an except clause would miss their errors).")

import logging

import discord
from discord.ext import commands, tasks

from .service import GRACE, HEARTBEAT_SECONDS, InFlight, heartbeat

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
        self.heartbeat_path: str | None = None   # a file touched while the bot works (``railhead health``)
        self.heartbeat_task = None
        self.in_flight = InFlight()    # interactions being handled; close() waits for them
        self.store = None
        self.table = None

    async def setup_hook(self) -> None:
        """Open the store and the table, add ``/game``, ``/railhead`` and each game's slash command group, the
        persistent button and menu items and the reminder clock, then sync the commands if they
        changed (a refusal is logged, never fatal)."""
        from . import registry
        from .cogs.lobby import Lobby
        from .cogs.railhead import Railhead
        from .cogs.spec import game_group
        from .discord_io import OfferButton, OfferSelect
        from .store import open_store
        from .sync import sync_if_changed
        from .table import Table

        self.store = await open_store(self.db_path)
        self.table = Table(self.store)
        await self.add_cog(Lobby(self))
        await self.add_cog(Railhead(self))          # /railhead: the user-installable group
        for ui in registry.UIS.values():             # one slash command group per game, from its spec
            if ui.commands:
                self.tree.add_command(game_group(ui))
        self.add_dynamic_items(OfferButton, OfferSelect)
        self.clock_task = tasks.loop(seconds=60)(self.tick)
        if self.run_clock:
            self.clock_task.start()
        if self.heartbeat_path:
            self.heartbeat_task = tasks.loop(seconds=HEARTBEAT_SECONDS)(self.beat)
            self.heartbeat_task.start()
        self.tree.on_error = self.on_app_command_error
        if self.sync_on_start:
            await sync_if_changed(self)

    async def tick(self) -> None:
        """Every minute: reminders and time-limit notices that are due (bot/timing.py), then the
        daily digests that are due (bot/turns.py)."""
        from . import turns
        from .discord_io import post

        if self.in_flight.closing:
            return
        with self.in_flight.hold():             # close() lets a round that began finish
            try:
                for reply in await self.table.tick():
                    await post(self, reply)
            except Exception:
                log.exception("reminder task failed")
            try:
                for reply in await turns.digests(self.table):
                    await post(self, reply)
            except Exception:
                log.exception("digest task failed")

    async def beat(self) -> None:
        """Every 30 s: touch ``heartbeat_path`` after a read through the store (bot/service.py)."""
        try:
            await heartbeat(self, self.heartbeat_path)
        except Exception:
            log.exception("heartbeat failed")

    async def on_app_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        """A command that failed on our side: logged, and the player told privately to try again."""
        log.exception("command failed", exc_info=error)
        message = "Something went wrong on our side; please try again."
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)

    async def close(self) -> None:
        """Stop: refuse new interactions, let those being handled (and a reminder round) finish
        for at most ``GRACE`` seconds, stop the timers, close the connection to Discord, then the
        store. Calling it again does nothing more."""
        if not await self.in_flight.drain(GRACE):
            log.warning("%d interaction(s) still running after %.0f s; closing anyway", self.in_flight.count, GRACE)
        for task in (self.clock_task, self.heartbeat_task):
            if task is not None:
                task.cancel()
        try:
            await super().close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None


class ShardedRailheadBot(RailheadBot, commands.AutoShardedBot):
    """The same bot on discord.py's sharded client: this process connects the gateway shards
    ``shard_ids`` of ``shard_count`` (Discord sends each guild's events to one shard, and DMs to
    shard 0). Several processes, each with its own shard ids, share one PostgreSQL database: a
    game's buttons and commands work in whichever process receives them (the offers, logs and locks
    are in the database), and any process may send a DM or post in any channel, since those go
    through Discord's HTTP API, not the gateway."""


def create_bot(db_path: str, *, shard_count: int | None = None, shard_ids: list[int] | None = None,
               **client_options) -> RailheadBot:
    """Build the bot. ``client_options`` (``intents``, ``connector``, ...) pass through to discord.py.
    With ``shard_count``, a ``ShardedRailheadBot`` running ``shard_ids`` (default: all of them).
    Raises ``ValueError`` for shard ids outside ``0..shard_count-1`` or ids without a count."""
    ids = shard_plan(shard_count, shard_ids)
    if ids is None:
        return RailheadBot(db_path, **client_options)
    return ShardedRailheadBot(db_path, shard_count=shard_count, shard_ids=ids, **client_options)


def shard_plan(shard_count: int | None, shard_ids: list[int] | None) -> list[int] | None:
    """The shard ids a process runs: ``None`` without sharding, else ``shard_ids`` (default: all
    of ``shard_count``). Raises ``ValueError`` with a sentence for ids without a count, or ids
    that are repeated or outside ``0..shard_count-1``."""
    if shard_count is None:
        if shard_ids:
            raise ValueError("--shard-ids needs --shard-count")
        return None
    ids = list(range(shard_count)) if not shard_ids else list(shard_ids)
    if shard_count < 1 or not ids or len(set(ids)) != len(ids) or not all(0 <= i < shard_count for i in ids):
        raise ValueError(f"shard ids are distinct numbers from 0 to {max(shard_count - 1, 0)} (got {ids})")
    return ids


__all__ = ["create_bot", "RailheadBot", "ShardedRailheadBot", "shard_plan"]
