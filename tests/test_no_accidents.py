"""No accidental moves (issue 23, part 3): abandoning a running game asks first, an undo vote
is answerable by name while it is open, and the same slash command sent twice at once (a double
tap, two devices) is applied once."""
from __future__ import annotations

from tests.test_discord import match_of, private, setup_game


async def test_abandon_asks_first_and_the_button_abandons(simcord_env):
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    before = channel.last_message
    answer = private(await ann.slash(channel, "game abandon"))
    assert "cannot be taken back" in answer.content
    assert channel.last_message.id == before.id                          # nothing public yet
    row = await simcord_env.bot.table.store.active_game(channel.id)
    assert row.status == "running"
    kept = private(await ann.click(answer, label="Keep playing"))
    assert "nothing was changed" in kept.content
    assert (await simcord_env.bot.table.store.active_game(channel.id)).status == "running"
    answer = private(await ann.slash(channel, "game abandon"))
    await ann.click(answer, label="Abandon the game")
    assert "abandoned by **Ann**" in channel.last_message.content
    assert (await simcord_env.bot.table.store.game(row.id)).status == "abandoned"


async def test_only_the_creator_may_press_abandon(simcord_env):
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    answer = private(await bob.slash(channel, "game abandon"))
    assert "Only the game's creator" in answer.content and not answer.components


async def test_an_undo_vote_is_answered_by_name(simcord_env):
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    await ann.slash(channel, "rotw bid", amount=2)
    await bob.slash(channel, "rotw pass")
    none_yet = private(await cat.slash(channel, "game vote", choice="agree"))
    assert "There is no undo vote" in none_yet.content
    await ann.slash(channel, "game undo")
    asked = private(await ann.slash(channel, "game vote", choice="agree"))
    assert "agreed to it already" in asked.content
    await bob.slash(channel, "game vote", choice="agree")
    assert "Bob agrees" in channel.last_message.content
    await cat.slash(channel, "game vote", choice="agree")
    assert "Everyone agreed" in channel.last_message.content
    assert match_of(simcord_env).state["auction"]["high"] == 0


async def test_an_undo_vote_refused_by_name(simcord_env):
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    await ann.slash(channel, "rotw bid", amount=2)
    await bob.slash(channel, "rotw pass")
    await ann.slash(channel, "game undo")
    await cat.slash(channel, "game vote", choice="refuse")
    assert match_of(simcord_env).state["core"]["vote"] is None
    assert match_of(simcord_env).state["auction"]["high"] == 2
