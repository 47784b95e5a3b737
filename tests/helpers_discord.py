"""Helpers for tests through the real bot under simcord."""
from __future__ import annotations

import re

import discord


async def table_in_channel(env, game: str, names, channel_name: str, seed: int, render: bool = False, **options):
    """A guild channel where ``names`` sit at a started ``game`` (opened by the first with
    ``/game new`` and ``options``, joined by the others); returns ``(channel, members)``."""
    guild = env.create_guild()
    channel = guild.create_text_channel(channel_name)
    members = [guild.add_member(env.create_user(name)) for name in names]
    env.bot.table.seeds = lambda: seed
    env.bot.table.render = render
    await members[0].slash(channel, "game new", game=game, **options)
    for m in members[1:]:
        await m.slash(channel, "game join")
    await members[0].slash(channel, "game start")
    return channel, members


# Six display names of 32 characters, Discord's longest: whole-game tests with them exercise the
# edges of Discord's limits (content 2,000, option texts 100, button labels 80).
LONG_NAMES = ["Maximiliane von Hohenzollern-Ost", "Bartholomew Fitzwilliam-Ashcroft",
              "Anneliese Katharina Würtemberger", "Konstantinos Papadopoulos-Rhodes",
              "Guillermina Echeverría-Santander", "Przemysław Wojciechowski-Kowalik"]


def answer_of(result):
    """The ephemeral answer to an interaction: the deferred response or its last follow-up."""
    return result.followups[-1] if result.followups else result.response


async def look_around(member, channel, commands: list[tuple[str, dict]]) -> list[str]:
    """Run read-only slash commands (``/game status``, ``/game history``, ...) as ``member`` and
    return their private answers' texts: every payload they send passes the limits hook."""
    texts = []
    for name, args in commands:
        result = await member.slash(channel, name, **args)
        texts += [m.content for m in ([result.response] if result.response else []) + list(result.followups)]
    return texts


async def history_pages(member, channel) -> list[str]:
    """Every page of ``/game history`` (page 1 the most recent), each as the texts of its messages."""
    pages, count, page = [], 1, 1
    while page <= count:
        result = await member.slash(channel, "game history", page=page)
        texts = [m.content for m in ([result.response] if result.response else []) + list(result.followups)]
        found = re.search(r"\(page \d+ of (\d+)\)", texts[0])
        count = int(found[1]) if found else 0
        pages.append(texts)
        page += 1
    return pages


# ---------------------------------------------------------------- the table message (Components V2)
def is_table(message) -> bool:
    """Whether ``message`` is a table message (sent with Discord's IS_COMPONENTS_V2 flag) that
    still holds the table (an old one re-posted below is a one-line pointer, without a gallery)."""
    return bool(message.flags.value & (1 << 15)) and "The table moved" not in card_text(message)


def table_of(channel):
    """The game's living table message in ``channel`` (bot/discord_io.py ``show_table``): the
    latest message that holds the table, edited in place as the game moves; ``None`` when none."""
    return next((m for m in reversed(channel.history()) if is_table(m)), None)


def nested(message) -> list:
    """Every component of ``message``, nested ones too (a V2 container's rows, a section's
    accessory), in order."""
    out, stack = [], list(reversed(list(message.components)))
    while stack:
        c = stack.pop()
        out.append(c)
        children = list(getattr(c, "children", None) or [])
        accessory = getattr(c, "accessory", None)
        stack += list(reversed(children + ([accessory] if accessory is not None else [])))
    return out


def controls(message) -> list:
    """The buttons and select menus of ``message`` (legacy rows or a V2 layout), in order."""
    return [c for c in nested(message) if getattr(c, "type", None) in (discord.ComponentType.button,
                                                                      discord.ComponentType.select)]


def card_text(message) -> str:
    """The text of a V2 message (its Text Displays, one per line); a legacy message's content."""
    texts = [c.content for c in nested(message) if getattr(c, "type", None) == discord.ComponentType.text_display]
    return "\n".join(texts) if texts else message.content


def board_attached(message) -> bool:
    """Whether ``message`` carries the whole board picture (``board.png``)."""
    return message is not None and any(a.filename == "board.png" for a in message.attachments)


def said(message) -> str:
    """What a turn's line says, without its link to the table message (``[↪ The table](...)``)."""
    return re.sub(r"\n?\[↪ The table\]\([^)]*\)", "", message.content)
