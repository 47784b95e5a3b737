"""Helpers for tests through the real bot under simcord."""
from __future__ import annotations

import re


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
