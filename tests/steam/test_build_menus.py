"""Steam's build phase from menus (issue 18): the engine's price of every legal track tile, the
menus of hexes and of ways, redirects, Urbanization and Production menus, capital buttons named
for each player, and the same menus at the local table. Rule sources: steam.txt, the sections
named in each test."""
import random
from pathlib import Path
from types import SimpleNamespace

import pytest

from railhead.ai.steam import steady as steam_player
from railhead.bot.games.steam import build_menus
from railhead.bot.games.steam import ui as commands
from railhead.bot.local import LOCAL_CHANNEL, LocalTable, user_id
from railhead.bot.replies import Button, Caller, Option, Select
from railhead.bot.store import open_store
from railhead.bot.table import Table
from railhead.engine.common.hexgrid import neighbor
from railhead.engine.games.steam import prompts
from railhead.engine.games.steam.game import GAME

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


# ------------------------------------------------------------------------------ the engine's prices
def test_distance_counts_the_hexes_between():
    assert build_menus.distance("F7", "F7") == 0
    assert all(build_menus.distance(h, neighbor(h, s)) == 1 for h in ("F7", "G8", "B2") for s in range(6))
    assert build_menus.distance("B2", "B4") == 2 and build_menus.distance("A1", "D1") == 3


def _paid(state: dict, seat: int, action: dict) -> int:
    _, events = GAME.apply(state, seat, action)
    return sum(m.get("paid", 0) for e in events for m in e.get("money", []) if m["seat"] == seat)


def test_track_costs_are_the_legal_tiles_at_what_they_cost(builder):
    """"Paying for Your First Tracks", "What about Terrain?", "Towns", "Changing Direction": the
    question answers every legal track tile and redirect with what laying it would pay (exits, a
    town, hills and rivers; a redirect pays its track only), and nothing for the others."""
    t = builder
    state = t.state
    offers = GAME.query(state, 0, "track_costs", {})
    tracks = [a for a in GAME.legal_actions(state, 0) if a["type"] in ("build", "redirect")]
    assert [o["action"] for o in offers] == tracks and len(tracks) > 10
    assert all(o["cost"] == _paid(state, 0, o["action"]) for o in offers)
    assert {o["cost"] for o in offers} >= {2, 3}                    # plains; a river or a town
    assert GAME.query(state, 1, "track_costs", {}) == [] and GAME.query(state, None, "track_costs", {}) == []
    opening = next(o["action"] for o in offers if "unfinished" in GAME.apply(state, 0, o["action"])[1][0]["text"])
    t.act(0, **opening)
    offers = GAME.query(t.state, 0, "track_costs", {})
    redirects = [o for o in offers if o["action"]["type"] == "redirect"]
    assert redirects and all(o["cost"] == _paid(t.state, 0, o["action"]) for o in redirects)


# ------------------------------------------------------------------------------ paging
def test_menus_keep_groups_whole_and_page_by_four():
    """Discord: at most 25 options a menu and 5 rows a message (four menus and the page buttons)."""
    def group(title, n):
        return title, [Option(f"{title} {i}", {"type": "x"}) for i in range(n)]
    menus = build_menus.pack([group("a", 10), group("b", 10), group("c", 10), group("d", 30)])
    assert [(titles, len(options)) for titles, options in menus] == [(["a", "b"], 20), (["c"], 10), (["d"], 25),
                                                                      (["d"], 5)]
    selects = [Select(f"menu {i}", [Option("x", {"type": "x"})]) for i in range(9)]
    first, words = build_menus.paged(selects, 1, "build", "hexes")
    assert first[:4] == selects[:4] and [b.label for b in first[4:]] == ["More hexes: page 2 of 3 ›"]
    assert first[4].action == {"type": "_cmd", "name": "build", "args": {"page": 2}} and words == " (page 1 of 3)"
    last, _ = build_menus.paged(selects, 7, "build", "hexes")
    assert last[:1] == selects[8:] and [b.label for b in last[1:]] == ["‹ hexes, page 2"]
    assert build_menus.paged(selects[:3], 1, "build", "hexes") == (selects[:3], "")


# ------------------------------------------------------------------------------ at the table
async def _table(db_path, players=3, standard=False, seed=21):
    store = await open_store(db_path)
    table = Table(store, render=False, seeds=lambda: seed)
    callers = [Caller(7, 700 + i, n) for i, n in enumerate(NAMES[:players])]
    await table.new(callers[0], "steam", {"standard": True} if standard else {})
    for c in callers[1:]:
        await table.join(c)
    return store, table, callers, await table.start(callers[0])


async def _play_until(table, callers, stop, rng, reply=None, tiles=None):
    """The steady player's moves (``tiles``: an action tile a seat takes when it may) until
    ``stop(state, prompt, actions)``; returns ``(prompt, actions, the last table card)``."""
    for _ in range(3000):
        match = (await table.session(7)).match
        prompt = rng.choice(match.prompts())
        acts = [a for a in match.legal_actions(prompt["seat"]) if a["type"] not in ("undo", "undo_vote")]
        if stop(match.state, prompt, acts):
            return prompt, acts, reply.table
        wanted = {"type": "select", "tile": (tiles or {}).get(prompt["seat"])}
        action = wanted if wanted in acts else steam_player.choose(rng, match.state, prompt["seat"], acts,
                                                                   prompt["kind"])
        reply = await table.act(callers[prompt["seat"]], action)
    raise AssertionError("never stopped")


def _offer(components, label_starts: str) -> Button | Option:
    for c in components:
        if isinstance(c, Button) and c.label.startswith(label_starts):
            return c
        for o in getattr(c, "options", []):
            if o.label.startswith(label_starts):
                return o
    raise AssertionError(f"no {label_starts!r} in {[getattr(c, 'label', c) for c in components]}")


async def _press(table, caller, offer):
    token = offer.custom_id.split(":")[-1] if isinstance(offer, Button) else offer.value
    return await table.click(caller, token)


def _within_limits(components) -> None:
    selects = [c for c in components if isinstance(c, Select)]
    buttons = [c for c in components if isinstance(c, Button)]
    assert all(1 <= len(s.options) <= 25 for s in selects) and len(selects) + -(-len(buttons) // 5) <= 5


async def test_track_from_the_hex_menu_then_the_way_then_the_preview(db_path):
    """"Phase 2 – Building the Track": **Build track…** lists every hex the engine lets the player
    build in (nothing else), grouped, each with its ways and prices; a hex lists its ways with
    their costs; a way opens the preview, and Confirm lays that tile."""
    store, table, callers, start = await _table(db_path)
    try:
        rng = random.Random(21)
        prompt, acts, message = await _play_until(
            table, callers, lambda s, p, a: p["kind"] == "build" and s.turn >= 2
            and any(x["type"] == "build" for x in a), rng, start)
        me = callers[prompt["seat"]]
        redirect = ["Redirect…"] if any(a["type"] == "redirect" for a in acts) else []
        assert [c.label for c in message.components if isinstance(c, Button)] == \
            ["Build track…", *redirect, "Done building", "My hand"]
        menu = (await _press(table, me, _offer(message.components, "Build track…"))).caller
        _within_limits(menu.components)
        shown = [o for c in menu.components if isinstance(c, Select) for o in c.options]
        legal = {a["hex"] for a in acts if a["type"] == "build"}
        assert {o.action["args"]["hex"] for o in shown} == legal and len(shown) == len(legal)
        assert all(o.action == {"type": "_cmd", "name": "build", "args": {"hex": o.label.split(":")[0]}}
                   for o in shown)
        ways_at = {h: sum(a.get("hex") == h and a["type"] == "build" for a in acts) for h in legal}
        assert all(o.description.startswith(f"{ways_at[o.label.split(':')[0]]} way") and ", $" in o.description
                   for o in shown)
        h = next(h for h in sorted(legal) if sum(a.get("hex") == h for a in acts) > 1)
        ways = (await _press(table, me, _offer(menu.components, f"{h}:"))).caller
        match = (await table.session(7)).match
        costs = GAME.query(match.state, prompt["seat"], "track_costs", {})
        here = [c for c in costs if c["action"]["hex"] == h and c["action"]["type"] == "build"]
        options = [o for c in ways.components if isinstance(c, Select) for o in c.options]
        assert sorted(o.label for o in options) == sorted(
            build_menus.way_label(match.view(prompt["seat"]), c["action"], c["cost"]) for c in here)
        choice = here[-1]
        preview = (await _press(table, me, _offer(ways.components, " ".join(choice["action"]["exits"]) + ":"))).caller
        assert "Build preview" in preview.text and f"${choice['cost']}" in preview.text
        await _press(table, me, _offer(preview.components, "Confirm"))
        assert (await table.session(7)).match.log[-1][1] == choice["action"]
    finally:
        await store.close()


def test_hexes_are_named_by_their_nearest_city():
    """Players' words: the hex, a town's name, the city's side it touches or how far it is."""
    view = GAME.view(GAME.setup({}, list(NAMES[:3]), 21), 0)
    assert build_menus.hex_label(view, "F5") == "F5: Como, NW of Milano"
    assert build_menus.hex_label(view, "E10") == "E10: SE of Alessandria"
    assert build_menus.where(view, "F8").endswith("of Milano") or "hexes from" in build_menus.where(view, "F8")
    assert build_menus.way_label(view, {"hex": "E10", "exits": ["W", "E"]}, 2) == "W E: straight, $2"
    assert build_menus.way_label(view, {"hex": "E10", "exits": ["E", "SW"]}, 2) == "E SW: gentle curve, $2"
    assert build_menus.way_label(view, {"hex": "F5", "exits": ["SE"]}, 2) == "SE: town tile with 1 exit, $2"


async def test_redirect_from_its_menu(db_path):
    """"Changing Direction": **Redirect…** lists exactly the legal redirects with their costs; one
    of them opens the preview and Confirm turns the tile."""
    store, table, callers, start = await _table(db_path)
    try:
        prompt, acts, message = await _play_until(
            table, callers, lambda s, p, a: p["kind"] == "build" and any(x["type"] == "redirect" for x in a),
            random.Random(21), start)
        me = callers[prompt["seat"]]
        menu = (await _press(table, me, _offer(message.components, "Redirect…"))).caller
        _within_limits(menu.components)
        options = [o for c in menu.components if isinstance(c, Select) for o in c.options]
        redirects = [a for a in acts if a["type"] == "redirect"]
        assert sorted((o.action["args"]["hex"], o.action["args"]["exits"]) for o in options) == \
            sorted((a["hex"], " ".join(a["exits"])) for a in redirects)
        assert all("turn the end" in o.label and "$" in o.label for o in options)
        preview = (await _press(table, me, options[0])).caller
        assert "Build preview" in preview.text and "redirects" in preview.text
        await _press(table, me, _offer(preview.components, "Confirm"))
        done = (await table.session(7)).match.log[-1][1]
        assert done["type"] == "redirect" and done["hex"] == options[0].action["args"]["hex"]
    finally:
        await store.close()


async def test_urbanization_by_menus(db_path):
    """"Urbanization", "City Life": the build prompt offers the towns; a town offers the New City
    tiles left; choosing one puts it there."""
    store, table, callers, start = await _table(db_path)
    try:
        prompt, acts, message = await _play_until(
            table, callers, lambda s, p, a: any(x["type"] == "urbanize" for x in a), random.Random(5), start,
            tiles={0: "urbanization", 1: "urbanization", 2: "urbanization"})
        me = callers[prompt["seat"]]
        towns = sorted({a["town"] for a in acts if a["type"] == "urbanize"})
        menu = next(c for c in message.components if isinstance(c, Select) and c.placeholder.startswith("Urban"))
        assert [o.action["args"]["town"] for o in menu.options] == towns
        tiles = (await _press(table, me, menu.options[0])).caller
        left = (await table.session(7)).match.view(prompt["seat"])["new_cities"]
        assert [o.label for o in tiles.components[0].options] == [f"New City {x['letter']} ({x['colour']})"
                                                                  for x in left] and len(left) == 8
        chosen = tiles.components[0].options[1]
        await _press(table, me, chosen)
        done = (await table.session(7)).match.log[-1][1]
        assert done == {"type": "urbanize", "town": towns[0], "tile": chosen.action["tile"]}
    finally:
        await store.close()


async def test_production_by_menus():
    """Standard game, Production: the first empty goods supply space from the prompt's menu, the
    second from a private one; one space left: a button."""
    view = GAME.view(GAME.setup({"standard": True}, list(NAMES[:3]), 21), 0)
    for space in ("3", "A", "B"):
        view["supply"][space] = []
    view["production_spaces"] = ["3", "A", "B"]
    acts = [{"type": "produce", "spaces": list(p)} for p in (("3", "A"), ("3", "B"), ("A", "B"))]
    building = prompts.Build(seat=0, laid=0, limit=3, todo=["production"])
    ctx = SimpleNamespace(view=lambda: view, seat=0, prompt=lambda: building)
    (menu,) = build_menus.prompt_offers(ctx, acts)
    assert [o.label for o in menu.options] == ["Space 3 (" + next(c["name"] for c in view["cities"].values()
                                                                if c["supply"] == 3) + ")",
                                               "Space A (New City A)", "Space B (New City B)"]
    second = await commands.produce(ctx, menu.options[0].action["args"])
    assert [o.action for o in second.caller.components[0].options] == [
        {"type": "produce", "spaces": ["3", "A"]}, {"type": "produce", "spaces": ["3", "B"]}]
    (button,) = build_menus.prompt_offers(ctx, [{"type": "produce", "spaces": ["B"]}])
    assert button.label == "Produce onto space B" and button.action == {"type": "produce", "spaces": ["B"]}


@pytest.mark.parametrize("players", [3, 6])
async def test_capital_buttons_are_each_players_own(db_path, players):
    """Standard game: everyone decides on capital at once on one message, so each player's buttons
    carry their name (a merged "No capital" would be one player's only); with six players each has
    **no capital** and **raise capital…** (a private choice of steps), to stay within 5 rows."""
    store, table, callers, start = await _table(db_path, players=players, standard=True)
    try:
        labels = [c.label for c in start.table.components if isinstance(c, Button)]
        if players == 3:
            assert {"Ann: no capital", "Bob: raise $5", "Cat: raise $15"} <= set(labels)
        else:
            assert {"Ann: no capital", "Fay: raise capital…", "Fay: no capital, don't ask again"} <= set(labels)
            assert len(labels) == 19
        _within_limits(start.table.components)
        await _press(table, callers[1], _offer(start.table.components, "Bob: no capital"))
        if players == 6:
            steps = (await _press(table, callers[5], _offer(start.table.components, "Fay: raise capital…"))).caller
            await _press(table, callers[5], _offer(steps.components, "Raise $10 (income"))
        log = list((await table.session(7)).match.log)
        assert (1, {"type": "capital", "steps": 0}) in log
        assert players == 3 or (5, {"type": "capital", "steps": 2}) in log
    finally:
        await store.close()


# ------------------------------------------------------------------------------ the local table
async def test_the_local_table_uses_the_same_menus(tmp_path):
    """`steam build` alone at the local table prints the numbered menus; `pick M.N` a hex, `pick N`
    a way, `click 1` confirms."""
    store = await open_store(str(tmp_path / "local.sqlite3"))
    table = Table(store, render=False, seeds=lambda: 21)
    local = LocalTable(table, Path(tmp_path / "boards"))
    try:
        for line in ["as Ann", "game new steam", "as Bob", "game join", "as Cat", "game join", "as Ann", "game start"]:
            await local.handle(line)
        rng = random.Random(21)
        callers = [Caller(LOCAL_CHANNEL, user_id(n), n) for n in NAMES[:3]]
        while True:
            match = (await table.session(LOCAL_CHANNEL)).match
            (prompt,) = match.prompts()
            if prompt["kind"] == "build":
                break
            action = steam_player.choose(rng, match.state, prompt["seat"], match.legal_actions(prompt["seat"]),
                                         prompt["kind"])
            await table.act(callers[prompt["seat"]], action)
        await local.handle(f"as {NAMES[prompt['seat']]}")
        out = "\n".join(await local.handle("steam build"))
        assert "**Build track**" in out and "(pick N):" in out and "(pick 2.N):" in out
        hexes = "\n".join(await local.handle("pick 2.1"))
        out = hexes if "Build preview" in hexes else "\n".join(await local.handle("pick 1"))
        assert "Build preview" in out and "[1] Confirm" in out
        out = "\n".join(await local.handle("click 1"))
        assert (await table.session(LOCAL_CHANNEL)).match.log[-1][1]["type"] == "build", out
    finally:
        await store.close()


async def test_slash_build_without_arguments_opens_the_menus(simcord_env):
    """`/steam build` alone opens the menu of hexes, `/steam build hex:…` the ways there; typed with
    exits it previews as before."""
    from ..helpers_discord import table_in_channel
    channel, members = await table_in_channel(simcord_env, "steam", NAMES[:3], "steam", 21)
    table = simcord_env.bot.table
    rng = random.Random(21)
    while True:
        match = (await table.session(channel.id)).match
        (prompt,) = match.prompts()
        if prompt["kind"] == "build":
            break
        action = steam_player.choose(rng, match.state, prompt["seat"], match.legal_actions(prompt["seat"]),
                                     prompt["kind"])
        await table.act(Caller(channel.id, members[prompt["seat"]].id, NAMES[prompt["seat"]]), action)
    who = members[prompt["seat"]]
    def answer(result):
        return result.followups[-1] if result.followups else result.response
    menu = answer(await who.slash(channel, "steam build"))
    assert menu.ephemeral and "**Build track**" in menu.content and menu.components
    way = next(a for a in match.legal_actions(prompt["seat"]) if a["type"] == "build")
    ways = answer(await who.slash(channel, "steam build", hex=way["hex"]))
    assert f"**{way['hex']}:" in ways.content or "Build preview" in ways.content
    typed = answer(await who.slash(channel, "steam build", hex=way["hex"], exits=" ".join(way["exits"])))
    built = len((await table.session(channel.id)).match.log) == len(match.log) + 1
    assert built != ("Build preview" in typed.content)      # typed whole: built at once, or asked when it costs income
