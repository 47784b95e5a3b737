"""Helpers for tests through the real bot under simcord."""
from __future__ import annotations


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
