"""What new players stumbled on at the local table (issue 31's newcomer games, this session's
play-tests in docs: the note of issue 31), each with a test that failed before its fix."""
from __future__ import annotations

import random

from railhead.ai.policy import choose
from railhead.bot import registry
from railhead.bot.replies import Reply
from railhead.bot.ui import UIContext
from railhead.engine import GAMES, Match
from railhead.engine.common.goods import COLOURS


def rotw_match_with_a_delivery(seed: int) -> tuple[Match, int]:
    """A Railways of the World match where the seat to act could deliver a goods cube."""
    game = GAMES["rotw"]
    match = Match.start(game, {}, ["Ann", "Bob", "Cat"], seed)
    rng = random.Random(seed)
    for _ in range(600):
        seat = match.prompts()[0]["seat"]
        acts = match.legal_actions(seat)
        if match.prompts()[0]["kind"] == "action" and any(a["type"] == "deliver" for a in acts):
            return match, seat
        match, _ = match.play(seat, choose(rng, acts, deliver=0))
    raise AssertionError("no delivery came up")


async def test_a_delivery_named_wrongly_says_why_and_that_others_exist():
    """Play-test: `rotw deliver Hedeby purple`, Hedeby having no purple cube left, answered "No
    delivery is possible for you now" while five other deliveries were possible."""
    match, seat = rotw_match_with_a_delivery(5)
    ui = registry.UIS["rotw"]
    ctx = UIContext(match, seat, ["Ann", "Bob", "Cat"])
    view = match.view(seat)
    origin = next(a["from"] for a in match.legal_actions(seat) if a["type"] == "deliver")
    missing = next(c for c in COLOURS if c not in view["cities"][origin]["cubes"])
    answer = await ui.commands["deliver"].handler(ctx, {"from": view["cities"][origin]["name"], "colour": missing})
    assert isinstance(answer, Reply)
    text = answer.caller.text
    assert f"{view['cities'][origin]['name']} has no {missing} cube" in text
    assert "possible: `/rotw deliver` lists them" in text and "No delivery is possible for you now" not in text


async def test_the_card_hint_asks_new_industry_and_boomtown_for_a_colour():
    """Play-test: the card list said New Industry and Boomtown need a city, not that they also
    need a colour (the card urbanizes a gray city in that colour)."""
    game = GAMES["rotw"]
    for seed in range(200):
        match = Match.start(game, {}, ["Ann", "Bob", "Cat"], seed)
        if any(c["id"].startswith("new-industry") for c in match.view(None)["cards"]["face_up"]):
            break
    else:
        raise AssertionError("no New Industry face up at the start of 200 games")
    answer = await registry.UIS["rotw"].commands["card"].handler(UIContext(match, 0, ["Ann", "Bob", "Cat"]), {})
    assert "New Industry and Boomtown also a colour" in answer.caller.text


def test_through_time_names_the_ages_drawn_at_the_start():
    """Play-test: the start message of Railways Through Time did not say which ages were drawn."""
    game = GAMES["rotw"]
    match = Match.start(game, {"map": "through-time"}, ["Ann", "Bob"], 3)
    view = match.view(None)
    text = registry.UIS["rotw"].start_text(view, ["Ann", "Bob"])
    names = [p["name"] for p in view["through_time"]["periods"]]
    assert len(names) == 3 and all(n in text for n in names), text


async def test_the_steam_tile_list_is_public_and_needs_no_curtain():
    """Play-test (Steam): `steam tile`, a list everyone sees on the board, came behind a curtain."""
    match = Match.start(GAMES["steam"], {}, ["Ann", "Bob", "Cat"], 4)
    answer = await registry.UIS["steam"].commands["tile"].handler(UIContext(match, 0, ["Ann", "Bob", "Cat"]), {})
    assert "**Action tiles**" in answer.caller.text and answer.caller.open


async def test_a_steam_delivery_named_wrongly_says_that_others_exist():
    """Play-test (Steam): `steam deliver Piacenza purple income`, that cube gone, answered "No
    delivery is possible for you now" while Ann had six deliveries on offer."""
    from railhead.ai.steam.steady import choose as steady
    from railhead.bot.games.steam.deliveries import seat_deliveries

    match, rng = Match.start(GAMES["steam"], {}, ["Ann", "Bob", "Cat"], 6), random.Random(6)
    for _ in range(400):
        prompt = match.prompts()[0]
        seat, acts = prompt["seat"], match.legal_actions(prompt["seat"])
        if any(a["type"] == "deliver" for a in acts):
            break
        match, _ = match.play(seat, steady(rng, match.state, seat, acts, prompt["kind"]))
    else:
        raise AssertionError("no delivery came up")
    ctx = UIContext(match, seat, ["Ann", "Bob", "Cat"])
    view = match.view(seat)
    origin = seat_deliveries(ctx)[0]["from"]
    missing = next(c for c in COLOURS if c not in view["cities"][origin]["cubes"])
    answer = await registry.UIS["steam"].commands["deliver"].handler(ctx, {"from": view["cities"][origin]["name"],
                                                                         "colour": missing})
    text = answer.caller.text
    assert f"{view['cities'][origin]['name']} has no {missing} cube" in text and "`/steam deliver` lists" in text


async def test_steam_move_buttons_and_menus_keep_their_places():
    """Play-test (Steam): `click 1` was **Deliver…** with more than 25 deliveries and **Improve
    locomotive** otherwise (a locomotive bought by mistake), and the income and VP menus swapped
    places after each choice (`pick 2.1` meant either). Whenever deliveries are possible and no
    one-delivery buttons stand first, **Deliver…** is button 1; income's menu comes first."""
    from railhead.ai.steam.steady import choose as steady
    from railhead.bot.replies import Button, Select

    ui = registry.UIS["steam"]
    seen = 0
    match, rng = Match.start(GAMES["steam"], {"standard": True}, ["Ann", "Bob", "Cat"], 8), random.Random(8)
    for _ in range(1500):
        if match.outcome() is not None:
            break
        prompt = match.prompts()[0]
        seat = prompt["seat"]
        acts = [a for a in match.legal_actions(seat) if a["type"] not in ("undo", "undo_vote")]
        if prompt["kind"] == "move" and sum(a["type"] == "deliver" for a in acts) > 1:
            parts = ui.prompt_components(UIContext(match, seat, ["Ann", "Bob", "Cat"]), match.game.read_prompt(prompt))
            buttons = [c.label for c in parts if isinstance(c, Button)]
            menus = [c.placeholder for c in parts if isinstance(c, Select)]
            assert buttons[0] == "Deliver…", buttons
            if menus:
                assert menus[0].endswith("as income") and menus[1].endswith("as VP"), menus
                seen += 1
        match, _ = match.play(seat, steady(rng, match.state, seat, acts, prompt["kind"]))
    assert seen >= 3


async def test_a_railways_menu_too_long_says_how_to_see_fewer(monkeypatch):
    """Play-test (Railways): "the first 25 of 80; name a target to narrow" did not say how."""
    from railhead.bot.games.railways import ui as railways_ui

    monkeypatch.setattr(railways_ui, "MENU", 1)
    rng = random.Random(2)
    for seed in range(40):
        match = Match.start(GAMES["railways"], {}, ["Ann"], seed)
        for _ in range(200):
            acts = [a for a in match.legal_actions(0) if a["type"] not in ("undo", "undo_vote")]
            if match.outcome() is not None or not acts:
                break
            if len({a["from"] for a in acts if a["type"] == "move"}) > 1:
                answer = await registry.UIS["railways"].commands["move"].handler(UIContext(match, 0, ["Ann"]), {})
                assert "name a target to see fewer, e.g. `/railways move from:" in answer.caller.text, answer
                return
            match, _ = match.play(0, rng.choice(acts))
    raise AssertionError("no choice of passengers to move came up")


def test_the_railways_final_score_says_how_to_play_the_map_again():
    """Play-test (Railways): the end named "map 5-4-1-3" without saying how to replay it."""
    from railhead.ai.policy import play

    names, state, _ = play(GAMES["railways"], 1, 3)
    view, outcome = GAMES["railways"].view(state, None), GAMES["railways"].outcome(state)
    text = registry.UIS["railways"].outcome_text(view, outcome)
    cards = outcome["final"]["map"].replace("-", " ")
    assert f"`/game new game:railways cards:{cards}`" in text
    again = GAMES["railways"].setup(registry.UIS["railways"].options_from_text({"cards": cards}), ["Ann"], 9)
    assert [c["number"] for c in GAMES["railways"].view(again, None)["layout"]] == \
        [int(n) for n in cards.split()]                                 # the hint's words give the same map


def test_every_seat_colour_has_its_own_square_and_pink_is_not_red():
    """The table message's player lines: seat 3's pink showed as a red square (nearest by RGB)."""
    from railhead.bot.replies import colour_square
    from railhead.render.panel import OWNER

    squares = [colour_square((r << 16) | (g << 8) | b) for r, g, b in OWNER]
    assert len(set(squares)) == len(OWNER) and squares[2] != "🟥"


def test_a_wrong_time_warp_hex_names_the_warps():
    """Play-test (Through Time): `rotw link Luneburg Time warp H17` (the warp is I17) or `... H17`
    answered "There is no city called 'H17'"; the answer now lists the map's time warps."""
    import pytest

    from railhead.bot.games.rotw import preview
    from railhead.engine import IllegalAction

    match = Match.start(GAMES["rotw"], {"map": "through-time"}, ["Ann", "Bob"], 3)
    mapdata = preview.mapdata(match.view(None))
    warps = preview.warps(mapdata)
    wrong = next(h for h in ("H17", "B3", "C4", "D5") if h not in warps and h not in mapdata.cities)
    for text in (f"Time warp {wrong}", wrong):
        with pytest.raises(IllegalAction, match="its time warps are at") as refused:
            preview.city(mapdata, text)
        assert all(w in str(refused.value) for w in warps)
    with pytest.raises(IllegalAction, match="There is no city called 'Atlantis'"):
        preview.city(mapdata, "Atlantis")
