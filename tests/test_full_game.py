"""Whole 3-player games of Railways of the World to the final score, played the way people
play: typed commands at the local table, and slash commands, buttons and menus through the
real bot under simcord. Moves are picked from the engine's legal actions by the same biased
random policy as the playout tests."""
import random
from pathlib import Path

import pytest

from railhead.ai.policy import choose
from railhead.bot.local import LOCAL_CHANNEL, LocalTable
from railhead.bot.replies import shorten
from railhead.bot.store import Store
from railhead.bot.table import Table
from railhead.engine.games.rotw import barons
from railhead.engine.games.rotw.data import load_map

from .helpers_discord import LONG_NAMES, answer_of, history_pages, look_around, table_in_channel, table_of
from .rotw.helpers import GAME

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def delivery_label(state: dict, action: dict) -> str:
    mapdata = load_map(state.options.map)
    city, cities = action["from"], [mapdata.cities[action["from"]].name]
    for lid in action["links"]:
        link = state.links[lid]
        city = link.to if link.from_ == city else link.from_
        cities.append(mapdata.cities[city].name)
    return f"{action['colour']} cube: {' → '.join(cities)}"


def words(action: dict) -> list[str]:
    """The local-table command for an engine action."""
    kind = action["type"]
    if kind == "bid":
        return ["rotw", "bid", str(action["amount"])]
    if kind == "pass":
        return ["rotw", "pass"]
    if kind == "build":
        return ["rotw", "build", *action["path"]]
    if kind == "deliver":
        return ["rotw", "deliver", action["from"], action["colour"]]
    if kind == "upgrade":
        return ["rotw", "upgrade"]
    if kind == "keep_baron":
        return ["rotw", "baron", action["baron"]]
    if kind == "use_card":
        return ["rotw", "use", action["card"]]
    if kind == "urbanize":
        return ["rotw", "urbanize", action["city"], action["colour"]]
    extra = [f"{k}={action[k]}" for k in ("city", "colour") if k in action]
    return ["rotw", "card", action["card"], *extra]


async def test_whole_game_at_the_local_table(tmp_path):
    store = await Store.open(str(tmp_path / "local.sqlite3"))
    table = Table(store, render=False, seeds=lambda: 11)
    local = LocalTable(table, Path(tmp_path / "boards"))
    for line in ["as Ann", "game new rotw", "as Bob", "game join", "as Cat", "game join", "as Ann", "game start"]:
        await local.handle(line)
    rng = random.Random(11)
    out: list[str] = []
    for _ in range(3000):
        session = await table.session(LOCAL_CHANNEL)
        if session is None:
            break
        state = session.match.state
        prompt = rng.choice(GAME.prompts(state))
        action = choose(rng, GAME.legal_actions(state, prompt["seat"]))
        await local.handle(f"as {NAMES[prompt['seat']]}")
        out = await local.handle(" ".join(f'"{w}"' for w in words(action)))
        if action["type"] in ("build", "urbanize"):
            assert "preview" in out[0], out
            out = await local.handle("click 1")
        elif action["type"] == "deliver" and await still_to_move(table, session):   # a menu: several fit
            label = delivery_label(state, action)
            pick = next(i for i, option in enumerate(local.selects[0].options) if option.label == label)
            out = await local.handle(f"pick {pick + 1}")
        assert not out[0].startswith("(only you see this)"), out
    assert "Final scores" in "\n".join(out)
    row = await store.active_game(LOCAL_CHANNEL)
    assert row is None      # finished games leave the channel free
    await store.close()


async def still_to_move(table, before) -> bool:
    """Whether the last command left the game where ``before`` was (it showed a menu), rather than
    moving it on (a delivery narrowed to one fit is made at once)."""
    after = await table.session(LOCAL_CHANNEL)
    return after is not None and len(after.match.log) == len(before.match.log)


async def play_through_discord(env, names: list[str], seed: int, look_every: int = 0, before=None,
                               each=None, **options) -> dict:
    """A whole Railways of the World game through the real bot, from ``/game new`` to the final
    score, moves picked by the playout policy; every ``look_every`` moves (0: never) a player also
    reads the cards, the status, their hand, the bonds and the history. ``before(channel)``: a
    coroutine run once the game has started; ``each(channel, members, state)``: a coroutine run
    before each move, whose true answer means it moved the game itself (the next move is chosen
    anew); ``options``: ``/game new``'s. Returns the last state."""
    channel, members = await table_in_channel(env, "rotw", names, "railways", seed, **options)
    if before is not None:
        await before(channel)
    table = env.bot.table
    rng = random.Random(seed)
    for step in range(3000):
        session = await table.session(channel.id)
        if session is None:
            break
        state = session.match.state
        if each is not None and await each(channel, members, state):
            continue
        mapdata = load_map(state.options.map)
        prompt = rng.choice(GAME.prompts(state))
        action = choose(rng, GAME.legal_actions(state, prompt["seat"]))
        who = members[prompt["seat"]]
        if look_every and step % look_every == 0:
            await look_around(rng.choice(members), channel, [("rotw card", {}), ("game status", {}),
                                                             ("game hand", {}), ("rotw bonds", {})])
        kind = action["type"]
        if kind == "keep_baron":                  # the secret choice comes by DM, with its buttons
            dm = members[prompt["seat"]].user.dm_channel.last_message
            assert "keep one of your two baron cards" in dm.content
            name = barons.deck()[action["baron"]].name
            await members[prompt["seat"]].user.click(dm, label=f"Keep {name}")
            assert name not in channel.last_message.content
        elif kind == "bid":
            await who.slash(channel, "rotw bid", amount=action["amount"])
        elif kind == "pass":
            answer = answer_of(await who.click(table_of(channel), label="Pass"))
            if answer is not None and answer.ephemeral and ("Pass anyway" in answer.content
                                                            or "will be issued" in answer.content):
                await who.click(answer, label="Confirm")      # a delivery was possible: Pass asks first
        elif kind == "upgrade":
            answer = answer_of(await who.slash(channel, "rotw upgrade"))
            if answer is not None and answer.ephemeral and "will be issued" in answer.content:
                await who.click(answer, label="Confirm")      # paid with bonds: the upgrade asks first
        elif kind == "use_card":
            await who.slash(channel, "rotw use", card=action["card"])
        elif kind == "build":
            toward = {"toward": action["toward"]} if action.get("toward") else {}
            result = await who.slash(channel, "rotw build", path=" ".join(action["path"]), **toward)
            await who.click(result.response.message, label="Confirm")
        elif kind == "urbanize":
            result = await who.slash(channel, "rotw urbanize", city=mapdata.cities[action["city"]].name,
                                     colour=action["colour"])
            await who.click(result.response.message, label="Confirm")
        elif kind == "deliver":
            result = await who.slash(channel, "rotw deliver", **{"from": mapdata.cities[action["from"]].name,
                                                                 "colour": action["colour"]})
            moved = table._matches.get(session.row.id)
            if moved is not None and len(moved.log) == len(session.match.log):   # a menu: several fit
                menu = result.response.message
                label = shorten(delivery_label(state, action), 100)
                option = next(o for o in menu.components[0].children[0].options if o.label == label)
                await who.select(menu, [option.value])
        else:
            kwargs = {k: action[k] for k in ("city", "colour") if k in action}
            if "city" in kwargs:
                kwargs["city"] = mapdata.cities[kwargs["city"]].name
            await who.slash(channel, "rotw card", card=action["card"], **kwargs)
        done = table._matches.get(session.row.id)       # the move, then any programmed moves it woke
        assert done is None or len(done.log) == len(session.match.log) + 1 or each is not None \
            and len(done.log) > len(session.match.log), kind
    end = "\n".join(m.content for m in channel.history()[-3:])       # a long final message comes in parts
    end = end.split("\nThe game over the turns is charted below")[0]  # drawn boards: the story's line follows
    assert "Final scores" in end and "plus met barons" in end and end.endswith("wins!")
    if look_every:
        assert len(await history_pages(members[-1], channel)) > 3
        await look_around(members[0], channel, [("game status", {}), ("game board", {}), ("game export", {}),
                                                ("game stats", {}), ("game leaderboard", {}), ("game rules", {})])
    return state


@pytest.mark.parametrize("players", [3, 5])
async def test_whole_game_through_discord(simcord_env, players):
    """3 players on Rhine & Alps; 5 on Vistula & Danube (the map for 5-6, chosen by the count)."""
    # boards are checked in the other Discord tests; this one is long
    state = await play_through_discord(simcord_env, NAMES[:players], 11)
    assert state.options.map == ("rhine-alps" if players == 3 else "vistula-danube")


async def test_six_players_with_32_character_names_through_discord(simcord_env):
    """The edges of Discord's limits: six players (the most), names of 32 characters (Discord's
    longest), Vistula & Danube (its longest city names), baron cards, and every so often the card
    list, status, hand, bonds, then every history page: the limits hook (tests/conftest.py)
    refuses any payload Discord would."""
    state = await play_through_discord(simcord_env, LONG_NAMES, 12, look_every=15)
    assert state.options.map == "vistula-danube" and len(state.players) == 6


async def test_a_spectator_receives_every_public_move_and_no_secret(simcord_env):
    """Issue 33, "Spectators": someone without a seat follows a whole game (baron cards dealt,
    money hidden) by DM. Every move reaches them, and every line they receive is a line the
    channel was shown: never a baron, a hidden sum of money or anything else sent to one player."""
    follower = {}

    async def follow(channel):
        user = simcord_env.create_user("Vic")
        await channel.guild.add_member(user).slash(channel, "game follow")
        follower["user"], follower["channel"] = user, channel
        session = await simcord_env.bot.table.session(channel.id)
        follower["game"], follower["moves"] = session.row.id, len(session.match.log)

    await play_through_discord(simcord_env, NAMES[:3], 13, before=follow, hidden_money=True)
    moves = len(await simcord_env.bot.table.store.log(follower["game"])) - follower["moves"]
    channel_lines = {line for m in follower["channel"].history() for line in m.content.splitlines()}
    dms = [m.content for m in follower["user"].dm_channel.history()]
    headers = [d for d in dms if d.startswith("**Railways of the World** in <#") and "(you follow it)" in d]
    assert len(headers) == moves > 50                          # every move, the last (final scores) too
    leaked = [line for d in dms for line in d.splitlines()[1 if d in headers else 0:] if line not in channel_lines]
    assert leaked == []
