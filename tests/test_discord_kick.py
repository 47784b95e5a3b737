"""``/game kick`` and ``/game timing`` through the real bot and simcord: only the creator or a
member with Manage Channel may use them (issue "Play-by-chat that people keep playing",
"Permissions")."""
from .test_discord import private, setup_game


async def test_kick_and_timing_belong_to_the_creator(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob, cat) = await setup_game(env, game="workers", names=("Ann", "Bob", "Cat"))
    refused = private(await cat.slash(channel, "game kick", player=bob))
    assert "Only the game's creator" in refused.content
    await ann.slash(channel, "game kick", player=bob)
    assert "**Ann** removed **Bob**, who will pass whenever it is their turn." in channel.last_message.content
    assert "Bob's cards are placed." in channel.last_message.content
    shown = private(await cat.slash(channel, "game timing"))
    assert "reminders every 12 h" in shown.content
    await ann.slash(channel, "game timing", remind_hours=6, time_limit_hours=48)
    assert "changed this game's timing: reminders every 6 h (at most 3), a 48 h time limit" in \
        channel.last_message.content
