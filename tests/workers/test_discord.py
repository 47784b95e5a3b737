"""Railway Workers through the real bot and simcord: a whole 3-player game where Ann and Tim get
their secret menus by DM and Leo, whose DMs are closed, uses **My hand**; turns from the channel's
buttons and menus (DESIGN.md, "Tests"; railway-workers.txt, "Round overview")."""
from __future__ import annotations

import random

from ..test_discord import match_of, private

LIMIT = 4000
SECRET_WORDS = ("Your cards:", "Your dice:", "Placed so far", "Your dice so far", "Your Sums")


def components(message):
    return [c for row in message.components for c in row.children]


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


async def test_a_whole_three_player_game_with_dms_and_a_closed_dm(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("workers")
    users = [env.create_user("Ann"), env.create_user("Tim"), env.create_user("Leo", bot=True)]  # Leo: DMs refused
    members = {i: guild.add_member(u) for i, u in enumerate(users)}
    env.bot.table.seeds = lambda: 8
    await members[0].slash(channel, "game new", game="workers")
    await members[1].slash(channel, "game join")
    await members[2].slash(channel, "game join")
    await members[0].slash(channel, "game start")
    start = channel.last_message.content
    assert "Leo's DMs are closed" in "\n".join(m.content for m in channel.history())
    assert "Place four action cards" in start
    rng = random.Random(3)
    dm_menus = 0
    presses: dict[str, int] = {}
    for _ in range(LIMIT):
        if not env.bot.table._matches or "Final score" in channel.last_message.content:
            break                                           # a finished game leaves the table's cache
        match = match_of(env)
        prompt = rng.choice(match.prompts())
        seat = prompt["seat"]
        actor = members[seat]
        message = None
        if prompt.get("secret") and match.state["round"] > 1:      # later rounds: the slash commands
            me = match.view(seat)["players"][seat]
            if prompt["kind"] == "place":
                cards = rng.sample(me["hand"], 4)
                result = await actor.slash(channel, "workers place", cards=" ".join(cards))
            else:
                result = await actor.slash(channel, "workers assign", dice=" ".join(map(str, me["dice"])))
            assert private(result).content.startswith("Your"), private(result).content
            continue
        if prompt.get("secret") and seat != 2:
            dm = users[seat].dm_channel.last_message
            if dm is not None and components(dm) and "Your move" in dm.content:
                message, dm_menus = dm, dm_menus + 1
                actor = users[seat]
        if message is None and prompt["kind"] == "turn":
            message = channel.last_message
        if message is None:
            message = private(await actor.click(channel.last_message, label="My hand")).message
        seq = match.state["core"]["seq"]
        for _depth in range(12):
            message = await press(actor, message, rng)
            presses[prompt["kind"]] = presses.get(prompt["kind"], 0) + 1
            if message is None or not env.bot.table._matches or match_of(env).state["core"]["seq"] != seq:
                break
    else:
        raise AssertionError("the game did not end")
    assert presses["turn"] > 90 and presses["place"] >= 6
    assert dm_menus >= 4                                    # Ann and Tim used their DMs
    text = "\n".join(m.content for m in channel.history())
    assert "Final score" in text and "Leo's DMs are closed" in text
    assert "Cards under +1" in text and "Dice rolled" in text and "Order:" in text
    for word in SECRET_WORDS:
        assert word not in text
