"""Railway Workers through the real bot and simcord: a whole 3-player game where Ann and Tim get
their secret menus by DM and Leo, whose DMs are closed, uses **My hand**; turns from the channel's
buttons and menus (DESIGN.md, "Tests"; railway-workers.txt, "Round overview")."""
from __future__ import annotations

import random

from ..helpers_discord import LONG_NAMES, controls, history_pages, look_around, table_of
from ..table_watch import TableWatch
from ..test_discord import match_of, private

LIMIT = 4000
SECRET_WORDS = ("Your cards:", "Your dice:", "Placed so far", "Your dice so far", "Your Sums")


def components(message):
    return controls(message)


def _choice(rng, items):
    useful = [c for c in items if getattr(c, "label", None) not in ("Pass (+1 coin)", "Start over", "My hand")]
    return rng.choice(useful or items)


async def press(actor, message, rng):
    """Press one component of ``message``; returns the ephemeral answer when it is a further menu."""
    c = _choice(rng, components(message))
    if getattr(c, "options", None):
        result = await actor.select(message, [rng.choice(c.options).value], custom_id=c.custom_id)
    else:
        result = await actor.click(message, custom_id=c.custom_id)
    answer = result.followups[-1] if result.followups else result.response
    if answer is not None and answer.ephemeral and answer.message.components:
        return answer.message
    return None


async def play_to_the_end(env, channel, members: dict, users: list, rng) -> tuple[dict[str, int], int]:
    """Play the channel's started game to the final score: secret steps by DM menus (or **My
    hand** for a player whose DMs are closed), typed `/workers place` and `assign` from round 2,
    turns from the channel's buttons and menus. Returns the presses by prompt kind and how many
    DM menus were used."""
    dm_menus = 0
    presses: dict[str, int] = {}
    for _ in range(LIMIT):
        if not env.bot.table._matches or "Final score" in channel.last_message.content:
            return presses, dm_menus                        # a finished game leaves the table's cache
        match = match_of(env)
        prompt = rng.choice(match.prompts())
        seat = prompt["seat"]
        actor = members[seat]
        message = None
        if prompt.get("secret") and match.state.round > 1:      # later rounds: the slash commands
            me = match.view(seat)["players"][seat]
            if prompt["kind"] == "place":
                cards = rng.sample(me["hand"], 4)
                result = await actor.slash(channel, "workers place", cards=" ".join(cards))
            else:
                result = await actor.slash(channel, "workers assign", dice=" ".join(map(str, me["dice"])))
            assert private(result).content.startswith("Your"), private(result).content
            continue
        if prompt.get("secret") and not users[seat].bot:
            dm = users[seat].dm_channel.last_message
            if dm is not None and components(dm) and "Your move" in dm.content:
                message, dm_menus = dm, dm_menus + 1
                actor = users[seat]
        if message is None and prompt["kind"] == "turn":
            message = table_of(channel)
        if message is None:
            message = private(await actor.click(table_of(channel), label="My hand")).message
        seq = match.state.core.seq
        for _depth in range(12):
            message = await press(actor, message, rng)
            presses[prompt["kind"]] = presses.get(prompt["kind"], 0) + 1
            if message is None or not env.bot.table._matches or match_of(env).state.core.seq != seq:
                break
    raise AssertionError("the game did not end")


async def start_game(env, names: list[str], closed_dm: set[int] = frozenset(), seed: int = 8):
    """A started Railway Workers game in a new channel; seats in ``closed_dm`` refuse DMs."""
    guild = env.create_guild()
    channel = guild.create_text_channel("workers")
    users = [env.create_user(name, bot=i in closed_dm) for i, name in enumerate(names)]  # a bot: DMs refused
    members = {i: guild.add_member(u) for i, u in enumerate(users)}
    env.bot.table.seeds = lambda: seed
    await members[0].slash(channel, "game new", game="workers")
    for i in range(1, len(names)):
        await members[i].slash(channel, "game join")
    await members[0].slash(channel, "game start")
    return channel, members, users


async def test_a_whole_three_player_game_with_dms_and_a_closed_dm(simcord_env, monkeypatch):
    """Also issue 33's whole game on the table message (Railway Workers has no auction to program):
    the table edited in place, one short line a move (tests/table_watch.py)."""
    env = simcord_env
    channel, members, users = await start_game(env, ["Ann", "Tim", "Leo"], closed_dm={2})
    watch = TableWatch(channel).install(monkeypatch)
    start = channel.last_message.content
    assert "Leo's DMs are closed" in "\n".join(m.content for m in channel.history())
    assert "Place four action cards" in start
    presses, dm_menus = await play_to_the_end(env, channel, members, users, random.Random(3))
    assert presses["turn"] > 90 and presses["place"] >= 6
    assert dm_menus >= 4                                    # Ann and Tim used their DMs
    text = "\n".join(m.content for m in channel.history())
    assert "Final score" in text and "Leo's DMs are closed" in text
    assert "Cards under +1" in text and "Dice rolled" in text and "Order:" in text
    for word in SECRET_WORDS:
        assert word not in text
    store = env.bot.table.store
    watch.check(len(await store.log((await store.last_game(channel.id)).id)))


async def test_four_players_with_32_character_names(simcord_env):
    """The edges of Discord's limits: four players (the most), names of 32 characters, one of them
    with closed DMs; the status, hand and every history page at the end. The limits hook
    (tests/conftest.py) refuses any payload Discord would."""
    env = simcord_env
    channel, members, users = await start_game(env, LONG_NAMES[:4], closed_dm={3}, seed=9)
    presses, dm_menus = await play_to_the_end(env, channel, members, users, random.Random(4))
    assert presses["turn"] > 90 and dm_menus >= 4
    assert "Final score" in "\n".join(m.content for m in channel.history()[-3:])
    assert len(await history_pages(members[0], channel)) > 3
    await look_around(members[1], channel, [("game status", {}), ("game board", {}), ("game export", {})])
