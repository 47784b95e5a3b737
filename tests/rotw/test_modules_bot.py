"""The add-on modules at the table (bot/games/rotw/modules.py, issue 21): ``/game new
modules:...``, the Mine, Fuel Depot and Switch Track moves previewed like any build, and a Fuel
Depot's stop and kept cube in the delivery menu and the prompt (railways-of-the-world.txt,
"Mines", "Switch Tracks", "Fuel Depots")."""
from __future__ import annotations

import pytest

from railhead.bot.games.rotw import modules as bot_modules
from railhead.bot.games.rotw.ui import RotwUI, deliver
from railhead.bot.replies import Reply, Select
from railhead.bot.ui import UIContext
from railhead.engine import IllegalAction, Match

from .helpers import GAME, HEX, Table
from .test_modules import _branch, depot_table, link_cities, set_cubes, started

UI = RotwUI()


def context(t: Table, seat: int) -> UIContext:
    return UIContext(Match(GAME, {}, t.state.seats, 1, [], t.state), seat, t.state.seats)


def confirm(reply: Reply) -> dict:
    (button, cancel) = reply.caller.components
    assert button.label == "Confirm" and cancel.action == {"type": "_cancel"}
    return button.action


def test_modules_are_chosen_by_name_when_the_table_is_made():
    assert UI.options_from_text({"modules": "mines, depots"}) == {"mines": True, "fuel_depots": True}
    assert UI.options_from_text({"modules": "switches rotors"}) == {"switch_tracks": True, "city_rotors": True}
    assert set(UI.options_from_text({"modules": "all"})) == {"mines", "switch_tracks", "fuel_depots", "city_rotors"}
    with pytest.raises(IllegalAction, match="'hotels' is not one of the modules: choose among mines"):
        UI.options_from_text({"modules": "mines hotels"})


async def test_a_mine_is_previewed_without_showing_the_draw():
    """"Mines": the preview names the city, the price and the uses left, but not the cubes the
    draw would bring (a dry run that draws hides its text: Cancel must not make a look free)."""
    t = started(3)
    seat = t.actor
    reply = await bot_modules.mine(context(t, seat), {"city": "Troyes"})
    text = reply.caller.text
    assert text.startswith("**Mine on Troyes ($10,000; 1 more left after this one)**: A Mine on Troyes: goods cubes "
                           "are drawn from the bag")
    assert confirm(reply) == {"type": "build", "mine": HEX["Troyes"]}
    cash = t.player(seat).cash
    assert f"Cost $10,000; you have ${cash},000" in text         # the price counts, though the draw is hidden
    t.act(seat, **confirm(reply))
    t.pass_until(seat)
    with pytest.raises(IllegalAction, match="Troyes already has a Mine|already"):
        t.act(seat, type="build", mine="Troyes")


async def test_without_the_module_the_move_says_how_to_get_it():
    t = Table(3)
    t.all_pass_auction()
    with pytest.raises(IllegalAction, match=r"played without Mines.*`/game new modules:mines`"):
        await bot_modules.mine(context(t, t.actor), {"city": "Troyes"})
    (prompt,) = map(GAME.read_prompt, GAME.prompts(t.state))
    assert "add-ons" not in UI.prompt_text(GAME.view(t.state, None), prompt, "@P1")


async def test_a_depot_and_a_switch_are_previewed_with_their_text():
    t = started(3)
    seat = t.actor
    lid = link_cities(t, seat, "Köln", "Frankfurt")
    t.pass_until(seat)
    reply = await bot_modules.depot(context(t, seat), {"city": "Frankfurt"})
    assert "Fuel Depot in Frankfurt ($5,000" in reply.caller.text and "builds a Fuel Depot in Frankfurt" \
        in reply.caller.text
    assert confirm(reply) == {"type": "build", "depot": HEX["Frankfurt"]}
    hexname, path = _branch(t, seat, lid)
    reply = await bot_modules.switch(context(t, seat), {"path": " ".join(path)})
    assert confirm(reply) == {"type": "build", "switch": hexname, "path": path}
    assert f"Switch Track in {hexname}" in reply.caller.text
    t.act(seat, **confirm(reply))
    assert t.state.modules.switches[hexname].seat == seat


async def test_the_delivery_menu_offers_a_depot_stop_and_then_the_kept_cube():
    """"Fuel Depots", the rulebook's example (4 links to the depot, then 3 more: 7 points) played
    from the menu: the stop scores nothing yet, the prompt then says the cube waits, and the menu
    offers its continuation with both legs' points."""
    t, seat, ids = depot_table()
    reply = await deliver(context(t, seat), {"from": "Paris"})
    (menu,) = reply.caller.components
    assert isinstance(menu, Select)
    (stop,) = [o for o in menu.options if o.action.get("stop")]
    assert stop.label == "black cube: Paris → Reims → Dijon → Lyon → Nancy"
    assert stop.description == "4 links: no points yet; stop at your depot, go on next action"
    t.act(seat, **stop.action)
    t.pass_until(seat)
    (prompt,) = map(GAME.read_prompt, GAME.prompts(t.state))
    assert "Your black cube waits at your Fuel Depot in Nancy" in UI.prompt_text(GAME.view(t.state, None), prompt,
                                                                                  "@P1")
    reply = await deliver(context(t, seat), {})
    (menu,) = reply.caller.components
    kept = menu.options[0]
    name = t.state.seats[seat]
    assert kept.action["kept"] and kept.label == "black cube: Nancy → Basel → Zürich → Bern"
    assert kept.description == f"3 links: {name} +7; the cube you kept (both legs score)"
    points = t.player(seat).points
    t.act(seat, **kept.action)
    assert t.player(seat).points == points + 7 and ids


async def test_the_deliver_button_shows_while_only_a_stop_or_a_kept_cube_can_move():
    t, seat, ids = depot_table()
    for name in ("Reims", "Dijon", "Lyon", "Nancy", "Basel", "Zürich", "Bern"):
        set_cubes(t, name, [])
    assert all(o.get("stop") for o in GAME.query(t.state, seat, "deliveries", {}))   # only the stop at Nancy
    assert GAME.query(t.state, seat, "can_deliver", {})
    ctx = context(t, seat)
    assert "Deliver…" in [getattr(c, "label", "") for c in UI.prompt_components(ctx, ctx.prompt())]


async def test_a_mine_preview_says_the_track_it_lays():
    """"Mines": a Mine is placed as part of a Build Track action, so a preview with a path says the
    track too (tiles, and whether the link completes), though the draw stays hidden (issue 31)."""
    t = started(3)
    seat = t.actor
    path = GAME.query(t.state, seat, "cheapest_link", {"from": "Troyes", "to": "Reims"})["path"]
    reply = await bot_modules.mine(context(t, seat), {"city": "Troyes", "path": " ".join(path)})
    text = reply.caller.text
    who = t.state.seats[seat]
    assert f"{who} lays {len(path) - 2} tiles and completes the link Troyes–Reims. A Mine on Troyes" in text \
        or f"{who} lays {len(path) - 2} tiles and completes the link Reims–Troyes. A Mine on Troyes" in text, text
    assert confirm(reply) == {"type": "build", "mine": HEX["Troyes"], "path": path}
