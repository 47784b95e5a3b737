"""Whole Steam games to the final score the way people play them: typed commands at the local table,
and slash commands, buttons and menus through the real bot under simcord. Moves are picked from
the engine's legal actions by the steady player of ``bench/steam_player.py``, which plays to the
last turn."""
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from bench import steam_player
from bot.cogs.steam.commands import SteamUI
from bot.local import LOCAL_CHANNEL, LocalTable
from bot.store import Store
from bot.table import Table
from engine.games.steam.game import GAME

from ..helpers_discord import table_in_channel

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def delivery_label(view: dict, action: dict) -> str:
    from bot.cogs.steam.commands import delivery_label as label
    return label(view, action)


def words(action: dict) -> list[str]:
    """The local-table command for an engine action."""
    kind = action["type"]
    if kind == "select":
        return ["steam", "tile", action["tile"]] + (["pass_option=true"] if action.get("pass_option") else [])
    if kind in ("build", "redirect"):
        return ["steam", kind, action["hex"], *action["exits"]]
    if kind == "grow":
        return ["steam", "grow", action["city"]]
    if kind == "urbanize":
        return ["steam", "urbanize", action["town"], action["tile"]]
    if kind == "produce":
        return ["steam", "produce", *action["spaces"]]
    if kind == "deliver":
        return ["steam", "deliver", action["from"], action["colour"]]
    if kind == "score":
        return ["steam", "score", action["take"]]
    if kind == "bid":
        return ["steam", "bid", str(action["amount"])]
    if kind == "capital":
        return ["steam", "capital", str(action["steps"])]
    return ["steam", kind]


def only_way(state: dict, seat: int, action: dict) -> bool:
    """Whether `/steam deliver` with this city and colour delivers at once (one route only)."""
    return sum(1 for a in GAME.legal_actions(state, seat) if a["type"] == "deliver"
               and (a["from"], a["colour"]) == (action["from"], action["colour"])) == 1


def pick(rng, state, prompt):
    acts = [a for a in GAME.legal_actions(state, prompt["seat"]) if a["type"] not in ("undo", "undo_vote")]
    return steam_player.choose(rng, state, prompt["seat"], acts, prompt["kind"])


@pytest.mark.parametrize(("players", "standard"), [(3, False), (3, True), (4, True), (5, False)])
async def test_whole_game_at_the_local_table(tmp_path, players, standard):
    store = await Store.open(str(tmp_path / "local.sqlite3"))
    table = Table(store, render=False, seeds=lambda: 21)
    local = LocalTable(table, Path(tmp_path / "boards"))
    lines = ["as Ann", f"game new steam standard={str(standard).lower()}"]
    for name in NAMES[1:players]:
        lines += [f"as {name}", "game join"]
    for line in lines + ["as Ann", "game start"]:
        out = await local.handle(line)
    rng = random.Random(21)
    for _ in range(4000):
        session = await table.session(LOCAL_CHANNEL)
        if session is None:
            break
        state = session.match.state
        prompt = rng.choice(GAME.prompts(state))
        action = pick(rng, state, prompt)
        await local.handle(f"as {NAMES[prompt['seat']]}")
        out = await local.handle(" ".join(f'"{w}"' for w in words(action)))
        if action["type"] in ("build", "redirect"):
            assert "preview" in out[0].lower(), out
            out = await local.handle("click 1")
        elif action["type"] == "deliver" and not only_way(state, prompt["seat"], action):
            label = delivery_label(GAME.view(state, prompt["seat"]), action)
            index = next(i for i, option in enumerate(local.selects[0].options) if option.label == label)
            out = await local.handle(f"pick {index + 1}")
        assert not out[0].startswith("(only you see this)"), out
    assert "Final scores" in "\n".join(out)
    assert state["turn"] == state["turns"] == {3: 10, 4: 8, 5: 7}[players]      # to the last turn
    assert state["options"]["standard"] is standard
    await store.close()


@pytest.mark.parametrize(("players", "standard"), [(3, False), (4, True), (5, False)])
async def test_whole_game_through_discord(simcord_env, players, standard):
    """3 players on Po Valley, 4 and 5 on Midlands & North (the maps the counts choose); the 4-player
    game is the standard game, chosen by `/game new`'s option."""
    channel, members = await table_in_channel(simcord_env, "steam", NAMES[:players], "steam", 21,
                                              **({"standard": True} if standard else {}))
    table = simcord_env.bot.table
    rng = random.Random(21)
    clicked = set()
    for _ in range(4000):
        session = await table.session(channel.id)
        if session is None:
            break
        state = session.match.state
        prompt = rng.choice(GAME.prompts(state))
        action = pick(rng, state, prompt)
        who = members[prompt["seat"]]
        kind = action["type"]
        if kind == "select":
            await who.slash(channel, "steam tile", tile=action["tile"], pass_option=bool(action.get("pass_option")))
        elif kind in ("build", "redirect"):
            result = await who.slash(channel, f"steam {kind}", hex=action["hex"], exits=" ".join(action["exits"]))
            await who.click(result.response.message, label="Confirm")
        elif kind == "deliver" and only_way(state, prompt["seat"], action):
            await who.slash(channel, "steam deliver", origin=action["from"], colour=action["colour"])
        elif kind == "deliver":
            result = await who.slash(channel, "steam deliver", origin=action["from"], colour=action["colour"])
            menu = result.response.message
            label = delivery_label(GAME.view(state, prompt["seat"]), action)
            option = next(o for o in menu.components[0].children[0].options if o.label == label)
            await who.select(menu, [option.value])
        elif kind == "score" and "score" not in clicked:
            clicked.add("score")                    # once by its button, then by the command
            label = f"{NAMES[prompt['seat']]}: " + ("Income" if action["take"] == "income" else "VP") + \
                f" +{prompt['points']}"
            message = next(m for m in reversed(channel.history()) if any(
                getattr(c, "label", None) == label for row in m.components for c in row.children))
            await who.click(message, label=label)
        elif kind == "score":
            await who.slash(channel, "steam score", take=action["take"])
        elif kind == "grow":
            await who.slash(channel, "steam grow", city=action["city"])
        elif kind == "capital":
            await who.slash(channel, "steam capital", steps=action["steps"])
        elif kind == "produce":
            await who.slash(channel, "steam produce", spaces=" ".join(action["spaces"]))
        elif kind == "urbanize":
            await who.slash(channel, "steam urbanize", town=action["town"], tile=action["tile"])
        else:
            await who.slash(channel, f"steam {kind}")
        done = table._matches.get(session.row.id)
        assert done is None or len(done.log) == len(session.match.log) + 1, kind
    assert "Final scores" in channel.last_message.content and "wins!" in channel.last_message.content
    assert state["turn"] == state["turns"] == {3: 10, 4: 8, 5: 7}[players]      # to the last turn
    assert state["options"]["map"] == ("po-valley" if players == 3 else "english-midlands")
    assert state["options"]["standard"] is standard


async def test_a_pass_or_the_end_of_a_build_gets_a_text_line_and_a_tile_gets_the_board(db_path):
    """Issue "Play-by-chat...", "Fewer posts": moves that change only whose turn it is post a line;
    the board comes when it changes (a tile taken, track laid, a cube moved)."""
    from ..helpers_table import seated
    store, table, callers, start = await seated(db_path, "steam", names=("Ann", "Bob", "Cat"), render=True)
    assert start.channel.image is not None
    try:
        while True:
            match = (await table.session(7)).match
            (prompt,) = match.prompts()
            if prompt["kind"] != "select":
                break
            tile = next(a for a in match.legal_actions(prompt["seat"]) if a.get("pass_option"))
            reply = await table.act(callers[prompt["seat"]], tile)
            assert reply.channel.image is not None                      # the tile shows on the board
        assert prompt["kind"] == "build"
        reply = await table.act(callers[prompt["seat"]], {"type": "done"})
        assert reply.channel.image is None and "ends their build" in reply.channel.text
    finally:
        await store.close()


def test_a_place_with_spaces_needs_no_quotes_in_build():
    """A new player typed `steam build Reggio Emilia W SE` ("'Reggio' is neither a hex...")."""
    from bot.cogs.steam.commands import _place_and_exits
    from engine import IllegalAction
    from engine.games.steam.data import load_map
    view = {"map": "po-valley"}
    reggio = load_map("po-valley").by_name["reggio emilia"]
    assert _place_and_exits(view, {"hex": "Reggio", "exits": "Emilia W SE"}) == (reggio, ["W", "SE"])
    assert _place_and_exits(view, {"hex": "F7", "exits": "w e"}) == ("F7", ["W", "E"])
    with pytest.raises(IllegalAction, match="'X' is not one"):
        _place_and_exits(view, {"hex": "F7", "exits": "X E"})


async def test_what_a_new_player_missed_at_the_table(db_path):
    """From a new player's whole game: the tile menu of the base game has no "Turn Order: pass option"
    (free, no action: the same as taking it); `/steam tile` lists the tiles in any phase; the score
    buttons name their player; a first choice of points is said; the move prompt offers the
    locomotive only while it can be improved."""
    from bot.replies import Select

    from ..helpers_table import seated
    store, table, callers, start = await seated(db_path, "steam", names=("Ann", "Bob", "Cat"))
    try:
        menu = next(c for c in start.channel.components if isinstance(c, Select))
        labels = [o.label for o in menu.options]
        assert "Turn Order ($0)" in labels and not any(x.startswith("Turn Order: pass") for x in labels)
        match = (await table.session(7)).match
        while match.prompts()[0]["kind"] == "select":
            seat = match.prompts()[0]["seat"]
            tile = next(a for a in match.legal_actions(seat) if a.get("tile") == "first-build"
                        or a.get("pass_option"))
            await table.act(callers[seat], tile)
            match = (await table.session(7)).match
        listing = await table.command(callers[1], "tile", {})
        assert "Action tiles" in listing.caller.text and "**Turn Order** ($0)" in listing.caller.text
        assert "**City Growth** ($2, pass option)" in listing.caller.text
        view = match.view(None)
        assert "improve your locomotive" in _move_prompt(view)
        view["players"][0]["loco_done"] = True
        assert "improve your locomotive" not in _move_prompt(view)
        buttons = SteamUI().prompt_components(SimpleNamespace(view=lambda: view), {"seat": 2, "kind": "score",
                                                                                   "points": 2})
        assert [b.label for b in buttons] == ["Cat: Income +2", "Cat: VP +2"]
    finally:
        await store.close()


def _move_prompt(view):
    return SteamUI().prompt_text(view, {"seat": 0, "kind": "move", "round": 1}, "Ann")
