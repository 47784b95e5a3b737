"""Railways (solo) through the real bot and simcord: a whole game in a DM with the bot, moves
from menus in a server channel, and the personal best afterwards (DESIGN.md, "Tests")."""
from __future__ import annotations

import pytest

from railhead.engine.games.railways import rules

from ..helpers_discord import LONG_NAMES, board_attached, controls, history_pages, look_around, table_of

CHAIN = ["B2-C2", "E2-G2", "H3-H4", "D5-G5"]


def private(result):
    answer = result.followups[-1] if result.followups else result.response
    assert answer is not None and answer.ephemeral
    return answer


def menu_options(message):
    return [o for c in controls(message) if hasattr(c, "options") for o in c.options]


def match_of(env):
    return next(iter(env.bot.table._matches.values()))


async def play_to_the_end(env, user, channel, prefer=("Move a passenger…", "Buy a link…", "Capital…")):
    """Place the dice from the menu, then take actions from the turn message's buttons and the
    private menus until the game ends; returns the number of actions taken."""
    taken = 0
    while True:
        if "Final score" in channel.last_message.content:
            return taken
        message = table_of(channel)
        labels = [c.label for c in controls(message) if getattr(c, "label", None)]
        options = menu_options(message)
        if options:                                   # placing passenger dice
            await user.select(message, [options[0].value])
            continue
        label = next((p for p in prefer if p in labels), None)
        if label is None:
            label = "End the decade" if "End the decade" in labels else next(x for x in labels if x.endswith("…"))
        result = await user.click(message, label=label)
        taken += 1
        if label == "End the decade":
            continue
        menu = private(result)
        for _ in range(3):                            # Build asks for the space, then the die and slots
            choices = menu_options(menu.message)
            assert choices, menu.content
            result = await user.select(menu.message, [choices[0].value])
            answer = result.followups[-1] if result.followups else result.response
            if answer is None or not answer.ephemeral or not menu_options(answer.message):
                break
            menu = answer
        assert taken < 80


async def test_a_whole_game_in_a_dm(simcord_env):
    env = simcord_env
    ann = env.create_user("Ann")
    env.bot.table.seeds = lambda: 11
    result = await ann.slash("game new", game="railways", cards="5 6 7 8", objective="conductor")
    channel = ann.dm_channel
    start = channel.last_message
    assert "Railways (solo)** begins for **Ann**" in start.content
    assert board_attached(table_of(channel))
    assert result.acknowledged
    taken = await play_to_the_end(env, ann, channel)
    final = channel.last_message.content
    assert "Final score" in final and "Train Conductor" in final and "personal best" in final
    assert taken >= 12
    stats = private(await ann.slash("game stats"))
    assert "Railways (solo)" in stats.content and "map 5-6-7-8, Train Conductor" in stats.content


async def test_a_trip_from_the_menu_in_a_server_channel(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("solo")
    ann = guild.add_member(env.create_user("Ann"))
    env.bot.table.seeds = lambda: 3
    await ann.slash(channel, "game new", game="railways", cards="5 6 7 8")
    for at, n in (("A2", 3), ("J1", 3), ("C5", 2), ("H5", 2)):
        await ann.slash(channel, "railways place", at=at, passengers=n)
    assert "Decade 1 begins" in channel.last_message.content
    match = match_of(env)                            # arrange the rulebook's trip: links bought, card 4 in hand
    state = match.state
    state.markers = {lid: False for lid in CHAIN}
    state.hand = [4, *[c for c in state.hand if c != 4]][:3]
    result = await ann.slash(channel, "railways move", **{"from": "A2"})
    menu = private(result)
    options = menu_options(menu.message)
    trip = next(o for o in options if o.label.startswith("A2 → D2 → H2 → H5 → C5 (R)"))
    assert "profit +4" in trip.description and "capital +11" in trip.description
    await ann.select(menu.message, [trip.value])
    assert "A passenger travels A2 → D2 → H2 → H5 → C5 to an R building: 4 profit" in channel.last_message.content
    assert match_of(env).state.profit == 4


async def test_a_multiplayer_game_is_refused_in_a_dm(simcord_env):
    ann = simcord_env.create_user("Ann")
    result = await ann.slash("game new", game="rotw")
    assert "server channel" in private(result).content


@pytest.mark.parametrize("typed", ["9 1 2 3", "1 1 2 3"])
async def test_bad_cards_are_refused_with_a_sentence(simcord_env, typed):
    ann = simcord_env.create_user("Ann")
    result = await ann.slash("game new", game="railways", cards=typed)
    text = private(result).content
    assert "card" in text and rules.MARKERS == 6


async def test_a_whole_game_in_a_server_channel(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("solo")
    ann = guild.add_member(env.create_user("Ann"))
    env.bot.table.seeds = lambda: 5
    await ann.slash(channel, "game new", game="railways", objective="mayor")
    await play_to_the_end(env, ann, channel, prefer=("Buy a link…", "Move a passenger…", "Upgrade a link…"))
    assert "Final score" in channel.last_message.content and "Mayor" in channel.last_message.content
    status = private(await ann.slash(channel, "game status"))
    assert "The last game here is over" in status.content


async def test_a_whole_game_with_a_32_character_name_and_the_longest_objective(simcord_env):
    """The edges of Discord's limits: Discord's longest display name and the Rail Baron objective
    (the longest texts), then every history page; the limits hook (tests/conftest.py) refuses any
    payload Discord would."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("solo")
    player = guild.add_member(env.create_user(LONG_NAMES[2]))
    env.bot.table.seeds = lambda: 7
    await player.slash(channel, "game new", game="railways", objective="baron", combine="mayor engineer conductor")
    await play_to_the_end(env, player, channel)
    assert "Final score" in channel.last_message.content
    assert len(await history_pages(player, channel)) >= 2
    await look_around(player, channel, [("game status", {}), ("game stats", {}), ("game rules", {})])
