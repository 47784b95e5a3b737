"""Registering the slash commands with Discord: on demand (``railhead sync``), or at start only
when the command tree changed since the last sync (its hash is kept in the database).

A refused sync never stops the bot: the tree is checked against Discord's limits before it is
sent (bot/discord_limits.py), and a refusal, ours or Discord's, becomes one ``SyncRefused``
sentence naming the command and the field at fault; Discord keeps the commands it already had.
"""
from __future__ import annotations

import hashlib
import json
import logging
import re

import discord

from .discord_limits import check_commands

log = logging.getLogger("railhead.sync")
KEY = "command_tree_hash"
_WHERE = re.compile(r"^In ([\w.]+): (.+)$", re.M)


class SyncRefused(Exception):
    """The command tree was not synced; ``str()`` is one sentence for a server admin."""


def payload(bot) -> list[dict]:
    """Every command as Discord receives it (``Command.to_dict``)."""
    return [c.to_dict(bot.tree) for c in bot.tree.get_commands()]


def tree_hash(bot) -> str:
    """A hash of every command's name, description and options, as Discord receives them."""
    return hashlib.sha256(json.dumps(payload(bot), sort_keys=True, default=str).encode()).hexdigest()


def _refused(problems: list[str]) -> SyncRefused:
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return SyncRefused(f"Discord refused the slash commands, so it keeps the ones it already has: "
                       f"{problems[0].rstrip('.')}{more}.")


def where(path: str, commands: list[dict]) -> str:
    """Discord's error path (``0.options.10.description``) in command words (``/rotw use.description``)."""
    parts, names, node = path.split("."), [], {"options": commands}
    fields = []
    for i, part in enumerate(parts):
        if part.isdigit() and isinstance(node, dict) and isinstance(node.get("options"), list):
            items = node["options"]
            if int(part) >= len(items):
                fields = parts[i:]
                break
            node = items[int(part)]
            names.append(str(node.get("name")))
        elif part != "options" or i == len(parts) - 1:
            fields = parts[i:]
            break
    return "/" + " ".join(names) + (("." + ".".join(fields)) if fields else "")


def explain(exc: discord.HTTPException, commands: list[dict]) -> SyncRefused:
    """A refusal from Discord as a ``SyncRefused`` naming the command and field at fault."""
    found = _WHERE.findall(exc.text or "")
    if found:
        return _refused([f"{where(path, commands)}: {message}" for path, message in found])
    return _refused([f"HTTP {exc.status}, error {exc.code}: {(exc.text or 'no detail').splitlines()[0]}"])


async def sync_tree(bot, guild_id: int | None = None) -> int:
    """Sync now (to one guild, which is instant, or globally); returns how many commands.
    Raises ``SyncRefused`` when the tree breaks Discord's limits (nothing is sent) or Discord
    refuses it."""
    guild = discord.Object(guild_id) if guild_id is not None else None
    if guild is not None:
        bot.tree.copy_global_to(guild=guild)
    commands = [c.to_dict(bot.tree) for c in bot.tree.get_commands(guild=guild)]
    problems = check_commands(commands, global_=guild is None)
    if problems:
        raise _refused(problems)
    try:
        synced = await bot.tree.sync(guild=guild)
    except discord.HTTPException as exc:
        if exc.status >= 500 or exc.status == 429:
            raise
        raise explain(exc, commands) from None
    if guild is None:
        async with bot.store.transaction() as tx:
            await tx.meta_set(KEY, tree_hash(bot))
    return len(synced)


async def sync_if_changed(bot) -> bool:
    """Global sync at start only when the tree differs from the last synced one. A refusal is
    logged as one sentence and the bot goes on (Discord keeps the commands it had); an outage of
    Discord's is logged too, and the next start tries again."""
    if await bot.store.meta_get(KEY) == tree_hash(bot):
        return False
    try:
        count = await sync_tree(bot)
    except SyncRefused as exc:
        log.error("%s", exc)
        return False
    except discord.HTTPException as exc:
        log.error("Discord could not take the slash commands now (HTTP %s); the next start tries again.",
                  exc.status)
        return False
    log.info("synced %d slash commands (the command tree changed)", count)
    return True
