"""Registering the slash commands with Discord: on demand (``railhead sync``), or at start only
when the command tree changed since the last sync (its hash is kept in the database)."""
from __future__ import annotations

import hashlib
import json
import logging

import discord

log = logging.getLogger("railhead.sync")
KEY = "command_tree_hash"


def tree_hash(bot) -> str:
    """A hash of every command's name, description and options, as Discord receives them."""
    payload = [c.to_dict(bot.tree) for c in bot.tree.get_commands()]
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


async def sync_tree(bot, guild_id: int | None = None) -> int:
    """Sync now (to one guild, which is instant, or globally); returns how many commands."""
    if guild_id is not None:
        guild = discord.Object(guild_id)
        bot.tree.copy_global_to(guild=guild)
        synced = await bot.tree.sync(guild=guild)
    else:
        synced = await bot.tree.sync()
        async with bot.store.transaction() as tx:
            await tx.meta_set(KEY, tree_hash(bot))
    return len(synced)


async def sync_if_changed(bot) -> bool:
    """Global sync at start only when the tree differs from the last synced one."""
    if await bot.store.meta_get(KEY) == tree_hash(bot):
        return False
    count = await sync_tree(bot)
    log.info("synced %d slash commands (the command tree changed)", count)
    return True
