"""The Western Link in the bot (bot/games/rotw/western.py): the button appears once the player's
complete link reaches a Western Link city, the move always asks first with its cost and bonds, and
Confirm makes it (railways-of-the-world.txt, "RAILWAYS of the EASTERN U.S.", "Build Western Link")."""
import pytest

from railhead.bot.games.rotw import western
from railhead.bot.games.rotw.ui import RotwUI
from railhead.bot.replies import Button
from railhead.bot.ui import UIContext
from railhead.engine import IllegalAction, Match

from .feature_maps import FeatureTable
from .helpers import GAME, Table
from .test_map_features import _link_kansas_chicago

UI = RotwUI()


def context(t, seat):
    return UIContext(Match(GAME, {}, t.state.seats, 1, [], t.state), seat, t.state.seats)


def _labels(ctx) -> list[str]:
    return [c.label for c in UI.prompt_components(ctx, ctx.prompt()) if isinstance(c, Button)]


async def test_no_button_and_a_reason_before_a_link_reaches_the_city(feature_map):
    t = FeatureTable()
    t.to_actions(0)
    ctx = context(t, 0)
    assert not any(label.startswith("Western Link") for label in _labels(ctx))
    assert "`/rotw western` for a Western Link" in UI.prompt_text(ctx.view(), ctx.prompt(), "you")
    with pytest.raises(IllegalAction, match="complete link of your own into a Western Link city"):
        await western.western(ctx, {})
    with pytest.raises(IllegalAction, match="'Chicago' has no Western Link; the Western Link cities are Kansas City"):
        await western.western(ctx, {"city": "Chicago"})


async def test_the_button_asks_first_then_confirm_builds_it(feature_map):
    t = FeatureTable()
    t.to_actions(0)
    _link_kansas_chicago(t)
    t.pass_until(0)
    t.player(0).cash = 32                             # $30,000 is paid without a bond
    ctx = context(t, 0)
    assert "Western Link: Kansas City ($30,000)" in _labels(ctx)
    (button,) = [c for c in UI.prompt_components(ctx, ctx.prompt()) if c.label.startswith("Western Link")]
    assert button.action == {"type": "_cmd", "name": "western", "args": {"city": "B5"}}
    reply = await western.western(ctx, button.action["args"])
    text = reply.caller.text
    assert text.startswith("**Build the Western Link of Kansas City**: 4 red goods cubes come onto Kansas City")
    assert "Cost $30,000; you have $32,000." in text and "bond" not in text
    confirm, cancel = reply.caller.components
    assert confirm.action == {"type": "western_link", "city": "B5"} and cancel.action == {"type": "_cancel"}
    assert await western.western(ctx, {}) is not None           # the one buildable city without naming it
    t.act(0, **confirm.action)
    t.pass_until(0)
    assert not any(label.startswith("Western Link") for label in _labels(context(t, 0)))


async def test_the_question_names_the_bonds_it_issues(feature_map):
    t = FeatureTable()
    t.to_actions(0)
    _link_kansas_chicago(t)
    t.pass_until(0)
    cash = t.player(0).cash
    reply = await western.western(context(t, 0), {"city": "Kansas City"})
    bonds = -(-(30 - cash) // 5)
    assert f"**{bonds} bond{'s' if bonds > 1 else ''} will be issued**" in reply.caller.text


async def test_a_map_without_a_western_link_says_so():
    t = Table()                                          # Rhine & Alps
    t.all_pass_auction()
    t.pass_until(0)
    assert not western.offers(context(t, 0).view(), 0)
    with pytest.raises(IllegalAction, match="This map has no Western Link"):
        await western.western(context(t, 0), {})


def test_a_held_ferry_line_is_offered_before_a_build(feature_map):
    """"Ferry Lines" (our Ferry Line held card): a player holding one gets a Use button on their turn,
    as with Land Grant and Perfect Engineering, and the card list names cards as typed, not by id."""
    from railhead.bot.games.rotw.cards import cards_text, usable
    t = FeatureTable()
    t.to_actions(0)
    card = next(c for c in t.state.cards.face_up if c.startswith("ferry-line"))
    t.act(0, type="take_card", card=card)
    t.pass_until(0)
    view = GAME.view(t.state, 0)
    assert [c["name"] for c in usable(view, 0, "actions")] == ["Ferry Line"]
    assert "Use Ferry Line (then build)" in _labels(context(t, 0))
    text = cards_text(view, 0)
    assert "`/rotw card City Growth`" in text and ":1`" not in text
