"""Whole Steam games to the final score the way people play them: typed commands at the local table,
and slash commands, buttons and menus through the real bot under simcord. Moves are picked from
the engine's legal actions by the steady player of ``ai/steam/steady.py``, which plays to the
last turn."""
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from railhead.ai.steam import steady as steam_player
from railhead.bot.games.steam.deliveries import track_points
from railhead.bot.games.steam.ui import SteamUI
from railhead.bot.local import LOCAL_CHANNEL, LocalTable
from railhead.bot.replies import OPTION_TEXT, shorten
from railhead.bot.store import Store
from railhead.bot.table import Table
from railhead.engine.games.steam import prompts
from railhead.engine.games.steam.game import GAME

from ..helpers_discord import LONG_NAMES, controls, table_in_channel

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def delivery_label(view: dict, action: dict) -> str:
    from railhead.bot.games.steam.deliveries import delivery_label as label
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
        return ["steam", "deliver", action["from"], action["colour"], f"take={action['take']}"]
    if kind == "score":
        return ["steam", "score", action["take"]]
    if kind == "bid":
        return ["steam", "bid", str(action["amount"])]
    if kind == "capital":
        return ["steam", "capital", str(action["steps"])]
    return ["steam", kind]


def only_way(state: dict, seat: int, action: dict) -> bool:
    """Whether `/steam deliver` with this city, colour and take delivers at once (one route only)."""
    return sum(1 for a in GAME.legal_actions(state, seat) if a["type"] == "deliver"
               and (a["from"], a["colour"]) == (action["from"], action["colour"])) == 1


def pick(rng, state, prompt):
    """The steady player's move; a delivery carries its own track points' choice (``take``), as
    the delivery menus and `/steam deliver take:` make it."""
    acts = [a for a in GAME.legal_actions(state, prompt["seat"]) if a["type"] not in ("undo", "undo_vote")]
    action = steam_player.choose(rng, state, prompt["seat"], acts, prompt["kind"])
    if action["type"] == "deliver":
        takes = [{"type": "score", "take": t} for t in ("income", "vp")]
        action = {**action, "take": steam_player.choose(rng, state, prompt["seat"], takes, "score")["take"]}
    return action


def menu_of(take: str) -> str:
    """The placeholder of the delivery menu for ``take``."""
    return "Deliver, your points " + ("as income" if take == "income" else "as VP")


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
            if action["type"] == "redirect" or "preview" in out[0].lower():  # a typed tile: at once, unless
                assert "preview" in out[0].lower(), out                         # it costs income
                out = await local.handle("click 1")
        elif action["type"] == "deliver" and not only_way(state, prompt["seat"], action):
            label = delivery_label(GAME.view(state, prompt["seat"]), action)
            m = next(i for i, menu in enumerate(local.selects) if menu.placeholder == menu_of(action["take"]))
            index = next(i for i, option in enumerate(local.selects[m].options) if option.label == label)
            out = await local.handle(f"pick {m + 1}.{index + 1}" if m else f"pick {index + 1}")
        assert not out[0].startswith("(only you see this)"), out
    assert "Final scores" in "\n".join(out)
    assert state.turn == state.turns == {3: 10, 4: 8, 5: 7}[players]      # to the last turn
    assert state.options.standard is standard
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
            if result.response is not None and result.response.message is not None:   # a preview asks first
                await who.click(result.response.message, label="Confirm")
        elif kind == "deliver" and only_way(state, prompt["seat"], action):
            await who.slash(channel, "steam deliver", origin=action["from"], colour=action["colour"],
                            take=action["take"])
        elif kind == "deliver":
            result = await who.slash(channel, "steam deliver", origin=action["from"], colour=action["colour"],
                                     take=action["take"])
            menu = result.response.message
            label = delivery_label(GAME.view(state, prompt["seat"]), action)
            select = next(c for row in menu.components for c in row.children
                          if getattr(c, "placeholder", None) == menu_of(action["take"]))
            option = next(o for o in select.options if o.label == label)
            await who.select(menu, [option.value], custom_id=select.custom_id)
        elif kind == "score" and "score" not in clicked:
            clicked.add("score")                    # once by its button, then by the command
            label = f"{NAMES[prompt['seat']]}: " + ("Income" if action["take"] == "income" else "VP") + \
                f" +{prompt['points']}"
            message = next(m for m in reversed(channel.history()) if any(
                getattr(c, "label", None) == label for c in controls(m)))
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
    assert state.turn == state.turns == {3: 10, 4: 8, 5: 7}[players]      # to the last turn
    assert state.options.map == ("po-valley" if players == 3 else "english-midlands")
    assert state.options.standard is standard


def _children(message) -> list:
    return controls(message)


def _newest(bot, channel, wanted):
    """The newest channel message with a component for which ``wanted`` is true, and that component
    (from the bot's message cache: ``channel.history()`` rebuilds every message each time)."""
    for message in reversed(bot.cached_messages):
        if message.channel.id == channel.id and not message.flags.ephemeral:
            found = next((c for c in _children(message) if wanted(c)), None)
            if found is not None:
                return message, found
    raise AssertionError("no such button or menu in the channel")


def _answer(result):
    """The private answer to an interaction (its last follow-up or its response), if any."""
    answer = result.followups[-1] if result.followups else result.response
    return answer.message if answer is not None and answer.ephemeral else None


async def _press(who, message, label: str):
    """Press the button ``label``; the private answer, if any."""
    return _answer(await who.click(message, label=label))


async def _pick(who, message, fits):
    """Choose the first option whose label ``fits`` in the message's menus (paging with **More
    hexes**/**More redirects** when it is not on this page); the private answer."""
    while True:
        for menu in _children(message):
            option = next((o for o in getattr(menu, "options", None) or [] if fits(o.label)), None)
            if option is not None:
                return _answer(await who.select(message, [option.value], custom_id=menu.custom_id))
        more = next(c.label for c in _children(message) if (getattr(c, "label", None) or "").startswith("More "))
        message = await _press(who, message, more)


async def _pick_in(who, message, placeholder: str, label: str):
    """Choose the option ``label`` in the message's menu ``placeholder``."""
    menu = next(c for c in _children(message) if getattr(c, "placeholder", None) == placeholder)
    option = next(o for o in menu.options if o.label == label)
    return _answer(await who.select(message, [option.value], custom_id=menu.custom_id))


def _tile_label(view: dict, action: dict) -> str:
    """The tile menu's option for a ``select``; a free tile's pass option in the base game is not
    offered (the same as taking the tile, commands.py ``_pointless_pass``)."""
    t = next(x for x in view["action_tiles"] if x["id"] == action["tile"])
    if action.get("pass_option") and (t["cost"] or view["options"]["standard"]):
        return f"{t['name']}: pass option ($0, no action)"
    return f"{t['name']} (${t['cost']})"


async def _track_by_menus(bot, who, channel, action: dict) -> None:
    """**Build track…** → the hex → the way (skipped when it is the only one) → **Confirm**; or
    **Redirect…** → the turn → **Confirm**."""
    h, exits = action["hex"], action["exits"]
    start = "Build track…" if action["type"] == "build" else "Redirect…"
    message, _ = _newest(bot, channel, lambda c: getattr(c, "label", None) == start)
    menu = await _press(who, message, start)
    if action["type"] == "redirect":
        preview = await _pick(who, menu, lambda label: label.startswith(f"{h}: turn")
                              and label.split(",")[0].split()[-1] == exits[1])
    else:
        preview = await _pick(who, menu, lambda label: label.split(":")[0] == h)
        if "Build preview" not in preview.content:
            preview = await _pick(who, preview, lambda label: label.split(":")[0].split() == exits)
    assert "Build preview" in preview.content, preview.content
    await who.click(preview, label="Confirm")


async def _play_by_menus(bot, who, channel, state: dict, prompt: dict, action: dict) -> None:
    """Make ``action`` with the buttons and menus alone (no typed command)."""
    kind = action["type"]
    view = GAME.view(state, prompt["seat"])
    name = view["players"][prompt["seat"]]["name"]
    if kind in ("build", "redirect"):
        await _track_by_menus(bot, who, channel, action)
    elif kind in ("select", "grow", "urbanize", "produce"):
        from railhead.bot.games.steam.build_menus import space_label
        from railhead.bot.games.steam.deliveries import node_name
        label = {"select": lambda: _tile_label(view, action), "grow": lambda: node_name(view, action["city"]),
                 "urbanize": lambda: f"{node_name(view, action['town'])} ({action['town']})",
                 "produce": lambda: space_label(view, action["spaces"][0])}[kind]()
        message, _ = _newest(bot, channel, lambda c: any(o.label == label for o in getattr(c, "options", None) or ()))
        answer = await _pick(who, message, lambda text: text == label)
        if kind == "urbanize":
            await _pick(who, answer, lambda text: text.startswith(f"New City {action['tile']} "))
        elif kind == "produce" and len(action["spaces"]) > 1:
            await _pick(who, answer, lambda text: text == space_label(view, action["spaces"][1]))
    elif kind == "deliver":
        label = shorten(delivery_label(view, action), OPTION_TEXT)
        mine = track_points(view, action).get(prompt["seat"], 0)
        from railhead.bot.games.steam.deliveries import delivery_label as label_in
        button = f"+{mine} {'income' if action['take'] == 'income' else 'VP'}: {label_in(view, action, 68)}"
        message, found = _newest(bot, channel, lambda c: getattr(c, "label", None) in ("Deliver…", button)
                                 or getattr(c, "placeholder", None) == menu_of(action["take"]))
        if getattr(found, "label", None) == button:
            await _press(who, message, button)
        elif getattr(found, "label", None) == "Deliver…":
            menu = await _press(who, message, "Deliver…")
            await _pick_in(who, menu, menu_of(action["take"]), label)
        else:
            await _pick_in(who, message, menu_of(action["take"]), label)
    elif kind == "capital" and action["steps"] and len(view["capital"] or []) > 3:
        message, _ = _newest(bot, channel, lambda c: getattr(c, "label", None) == f"{name}: raise capital…")
        menu = await _press(who, message, f"{name}: raise capital…")       # four or more deciding: a menu
        await _press(who, menu, next(c.label for c in _children(menu)
                                     if c.label.startswith(f"Raise ${5 * action['steps']} ")))
    else:
        label = {"score": lambda: f"{name}: {'Income' if action['take'] == 'income' else 'VP'} +{prompt['points']}",
                 "capital": lambda: f"{name}: raise ${5 * action['steps']}" if action["steps"] else
                 f"{name}: no capital",
                 "bid": lambda: f"Bid ${action['amount']}", "done": lambda: "Done building",
                 "locomotive": lambda: "Improve locomotive", "pass": lambda: "Pass"}[kind]()
        message, _ = _newest(bot, channel, lambda c: getattr(c, "label", None) == label)
        await _press(who, message, label)


@pytest.mark.parametrize(("names", "standard"), [(NAMES[:3], False), (NAMES[:4], True), (LONG_NAMES, True)],
                         ids=["3-base", "4-standard", "6-standard-32-character-names"])
async def test_whole_game_by_buttons_and_menus_alone(simcord_env, names, standard, monkeypatch):
    """Issue 18: a whole game without typing a command: track from the **Build track…** and
    **Redirect…** menus (a hex, the way, the preview's Confirm), tiles, deliveries, points,
    capital and the rest from buttons and menus. The steady player chooses each move among the
    engine's legal actions (it never redirects: the first redirect the rules allow is made
    instead, "Changing Direction"); the test finds the buttons and options that make it. Six players
    with names of 32 characters (Discord's longest) put the texts at the edges of Discord's limits,
    which the limits hook (tests/conftest.py) checks on every payload. No menu option's label or
    description is longer than Discord's 100 characters before it is shortened (issue 31: option
    texts cut mid-word): each is worded to fit."""
    from railhead.bot import replies
    too_long: list[str] = []
    real = replies.Option.__post_init__

    def checked(option):
        too_long.extend(t for t in (option.label, option.description or "") if len(t) > OPTION_TEXT)
        real(option)
    monkeypatch.setattr(replies.Option, "__post_init__", checked)
    players = len(names)
    channel, members = await table_in_channel(simcord_env, "steam", names, "steam", 21,
                                              **({"standard": True} if standard else {}))
    table = simcord_env.bot.table
    rng = random.Random(21)
    made: dict[str, int] = {}
    for i in range(4000):
        if i % 10 == 9:        # private menus' views expire after 15 minutes (discord.py), else they pile up
            await simcord_env.advance_time(15 * 60 + 1)
        session = await table.session(channel.id)
        if session is None:
            break
        state = session.match.state
        prompt = rng.choice(GAME.prompts(state))
        action = pick(rng, state, prompt)
        if "redirect" not in made and prompt["kind"] == "build":
            action = next((a for a in GAME.legal_actions(state, prompt["seat"]) if a["type"] == "redirect"), action)
        await _play_by_menus(simcord_env.bot, members[prompt["seat"]], channel, state, prompt, action)
        done = table._matches.get(session.row.id)
        assert done is None or len(done.log) == len(session.match.log) + 1, action
        made[action["type"]] = made.get(action["type"], 0) + 1
    end = "\n".join(m.content for m in channel.history()[-3:])       # a long final message comes in parts
    assert "Final scores" in end and end.endswith("wins!")
    assert state.turn == state.turns == {3: 10, 4: 8, 6: 7}[players]      # to the last turn
    assert made["build"] > 20 and made["deliver"] > 5 and made["redirect"] == 1, made
    assert too_long == [], sorted({t[:40] for t in too_long})


async def test_a_pass_or_the_end_of_a_build_gets_a_text_line_and_a_tile_gets_the_board(db_path):
    """Issue "Play-by-chat...", "Fewer posts": moves that change only whose turn it is post a line;
    the board comes when it changes (a tile taken, track laid, a cube moved)."""
    from ..helpers_table import board_of, seated
    store, table, callers, start = await seated(db_path, "steam", names=("Ann", "Bob", "Cat"), render=True)
    assert board_of(start) is not None
    try:
        while True:
            match = (await table.session(7)).match
            (prompt,) = match.prompts()
            if prompt["kind"] != "select":
                break
            tile = next(a for a in match.legal_actions(prompt["seat"]) if a.get("pass_option"))
            reply = await table.act(callers[prompt["seat"]], tile)
            assert board_of(reply) is not None                      # the tile shows on the board
        assert prompt["kind"] == "build"
        reply = await table.act(callers[prompt["seat"]], {"type": "done"})
        assert board_of(reply) is None and "ends their build" in reply.channel.text
    finally:
        await store.close()


def test_a_place_with_spaces_needs_no_quotes_in_build():
    """A new player typed `steam build Reggio Emilia W SE` ("'Reggio' is neither a hex...")."""
    from railhead.bot.games.steam.ui import _place_and_exits
    from railhead.engine import IllegalAction
    from railhead.engine.games.steam.data import load_map
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
    from railhead.bot.replies import Select

    from ..helpers_table import seated
    store, table, callers, start = await seated(db_path, "steam", names=("Ann", "Bob", "Cat"))
    try:
        menu = next(c for c in start.table.components if isinstance(c, Select))
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
        buttons = SteamUI().prompt_components(SimpleNamespace(view=lambda: view), prompts.Score(seat=2, points=2))
        assert [b.label for b in buttons] == ["Cat: Income +2", "Cat: VP +2"]
    finally:
        await store.close()


def _move_prompt(view):
    return SteamUI().prompt_text(view, prompts.Move(seat=0, round=1), "Ann")
