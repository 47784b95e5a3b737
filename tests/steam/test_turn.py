"""Steam's turn around the track: setup, action tiles, moving goods, track points, income, turn order
and the end. Sources: steam.txt, the sections named in each test; tests/steam/helpers.py
describes the tiny board."""
import json

import pytest

from railhead.engine import IllegalAction, canonical
from railhead.engine.games.steam.game import GAME

from .helpers import Table


def test_setup_places_cubes_and_fills_the_goods_supply(tiny):
    """"Getting Started": cubes per city as printed, one fewer on this board with three players;
    goods supply spaces get 3 cubes, 2 with three players; income, VP 0, locomotive 1."""
    three, four = Table(3).state, Table(4).state
    assert [len(three.cities[h].cubes) for h in ("B2", "F2", "B5", "G5")] == [1, 2, 1, 2]
    assert [len(four.cities[h].cubes) for h in ("B2", "F2", "B5", "G5")] == [2, 3, 2, 3]
    assert {len(c) for c in three.supply.values()} == {2} and {len(c) for c in four.supply.values()} == {3}
    assert len(four.supply) == 12 + 8
    p = four.players[0]
    assert (p.income, p.vp, p.loco) == (0, 0, 1)
    on_board = sum(len(c.cubes) for c in four.cities.values()) + sum(len(c) for c in four.supply.values())
    assert on_board + sum(four.bag.values()) == 96
    assert four.turns == 8 and three.turns == 10


def test_a_random_first_order_pays_the_later_players(tiny):
    """"How Turns Work in Your First Game": the 2nd player gets $1, the 3rd $2, and so on."""
    state = Table(4, seed=9).state
    assert [state.players[s].cash for s in state.order] == [0, 1, 2, 3]


def test_the_first_order_by_auction(tiny):
    """"The Order of Turns": an auction per place; the winner pays (raising money) and leaves the
    auctions; the next starts left of the winner; the last player takes the last place for free."""
    t = Table(3, seed=2, first_order="auction")
    first = t.actor
    t.act(first, type="bid", amount=3)
    t.act(type="pass")
    t.act(type="pass")
    assert t.state.auction.placed == [first]
    assert (t.player(first).cash, t.player(first).income) == (2, -1)       # raised $5 for $3
    second = t.actor
    t.act(second, type="pass")
    (other,) = [s for s in range(3) if s not in (first, second)]
    t.act(other, type="pass")
    assert t.state.phase == "select" and t.state.order[0] == first and len(set(t.state.order)) == 3
    assert all(p.cash >= 0 for p in t.state.players)


def test_tiles_are_paid_when_taken_and_the_pass_option_pays_nothing(tiny):
    """"Phase 1 – Select Action Tiles": one tile each, paid when taken; City Growth's pass option;
    "Train Engine": the Locomotive tile improves the locomotive at once."""
    t = Table(3)
    t.state.order = [0, 1, 2]
    for p in t.state.players:
        p.cash = 0
    t.act(0, type="select", tile="Engineer")
    assert (t.player(0).cash, t.player(0).income) == (3, -1)        # $2 raised as $5
    with pytest.raises(IllegalAction, match="already taken"):
        t.act(1, type="select", tile="engineer")
    with pytest.raises(IllegalAction, match="no pass option"):
        t.act(1, type="select", tile="first-build", pass_option=True)
    cash = t.player(1).cash
    t.act(1, type="select", tile="city-growth", pass_option=True)
    assert t.player(1).cash == cash and t.player(1).passed_tile
    t.act(2, type="select", tile="locomotive")
    assert t.player(2).loco == 2                      # Locomotive acts at once
    assert t.state.phase == "build"


def test_first_build_builds_first_and_first_move_moves_first(tiny):
    """"Phase 2 – Building the Track" (the First Build tile, "Let's Get Started") builds before the
    first in turn order; "Phase 3 – Move Goods (or Improve Locomotive)": First Move goes first in each
    round ("First Move")."""
    t = Table(3)
    t.state.order = [0, 1, 2]
    t.select_all({1: "first-move", 2: "first-build"})
    assert t.state.build.order == [2, 0, 1]
    t.end_builds()
    assert t.state.move.order == [1, 0, 2]


def delivered_network(t):
    """P0 owns Alpha–Beta (C2, D2, E2)."""
    t.state.order = [0, 1, 2]
    t.select_all({0: "engineer"})
    for p in t.state.players:
        p.cash = 30
    for h in ("C2", "D2", "E2"):
        t.build(0, h, "W", "E")
    t.end_builds()


def test_a_delivery_scores_track_points_chosen_as_income_or_vp(tiny):
    """"Moving a Goods Cube" and "Track Points": 1 point per own link used; all as income or all as VP."""
    t = Table(3)
    delivered_network(t)
    t.state.cities["B2"].cubes = ["blue", "red"]
    income = t.player(0).income
    t.act(0, type="deliver", **{"from": "Alpha", "colour": "blue", "links": ["1"]})
    assert t.state.phase == "score" and [p["seat"] for p in GAME._prompts(t.state)] == [0]
    with pytest.raises(IllegalAction, match="track points are placed"):
        t.act(1, type="pass")
    t.act(0, type="score", take="income")
    assert t.player(0).income == income + 1 and t.state.cities["B2"].cubes == ["red"]
    assert t.state.phase == "move" and t.actor == 1


def test_a_delivery_needs_a_share_of_own_links(tiny):
    """"When I deliver a Goods cube, I gotta move it along at least one of my own links ... just as much"."""
    t = Table(3)
    delivered_network(t)
    t.act(0, type="pass")
    t.state.cities["B2"].cubes = ["blue"]
    with pytest.raises(IllegalAction, match="at least one link of yours"):
        t.act(1, type="deliver", **{"from": "Alpha", "colour": "blue", "links": ["1"]})


def test_a_cube_passes_a_town_and_each_owner_chooses_for_their_points(tiny):
    """Two links, one each: the mover may deliver (as many own links as any other player's); both
    choose at once, income or VP."""
    t = Table(3)
    t.state.order = [0, 1, 2]
    t.select_all({0: "engineer", 1: "first-build"})
    for p in t.state.players:
        p.cash = 30
    t.build(1, "E2", "E", "SW")                # Beta -> E3
    t.build(1, "E3", "NE", "W")                # -> Midton
    t.build(1, "D3", "E")                      # town tile: Beta–Midton complete
    t.done(1)
    t.build(0, "C3", "NW", "E")                # Alpha -> Midton
    t.build(0, "D3", "E", "W")                 # improve the town tile: Alpha–Midton complete
    t.end_builds()
    assert t.link(1).to == "D3" and t.link(2).to == "D3"
    t.player(0).loco = 2
    t.state.cities["B2"].cubes = ["blue"]
    t.act(0, type="deliver", **{"from": "B2", "colour": "blue", "links": ["2", "1"]})
    assert sorted(p["seat"] for p in GAME._prompts(t.state)) == [0, 1]
    vp = t.player(1).vp
    t.act(1, type="score", take="vp")
    t.act(0, type="score", take="vp")
    assert t.player(1).vp == vp + 1 and t.player(0).vp == 1
    texts = [e["text"] for e in t.events]
    assert texts[0].startswith("P0 takes 1 point as VP") and texts[1].startswith("P1 takes 1 point as VP")


def test_the_movers_choice_is_settled_first_even_after_a_restart(tiny):
    """"Track Points": "The player who moved the Goods cube gets to choose first ... Then, the rest
    of us choose in turn order." A stored game comes back with its keys sorted by seat: the order
    must not come from them (a new player saw seat order after the bot restarted)."""
    t = Table(3)
    t.state.order = [0, 1, 2]
    t.select_all({0: "engineer", 1: "first-build"})
    for p in t.state.players:
        p.cash = 30
    t.build(1, "E2", "E", "SW")
    t.build(1, "E3", "NE", "W")
    t.build(1, "D3", "E")                      # P1: Beta–Midton
    t.done(1)
    t.build(0, "C3", "NW", "E")
    t.build(0, "D3", "E", "W")                 # P0: Alpha–Midton
    t.end_builds()
    t.act(0, type="pass")
    t.player(1).loco = 2
    t.state.cities["F2"].cubes = ["red"]
    t.act(1, type="deliver", **{"from": "Beta", "colour": "red", "links": ["1", "2"]})
    t.state = GAME.load_state(json.loads(canonical(t.state)))    # as the store gives it back (Match.restore)
    assert t.act(0, type="score", take="income")[0]["text"] == "P0 chooses income (waiting for P1)."
    t.act(1, type="score", take="vp")
    texts = [e["text"] for e in t.events if e["type"] == "score"]
    assert texts == ["P1 takes 1 point as VP (now 1 VP).", "P0 takes 1 point as income (income now 1)."]


def test_the_locomotive_improves_once_a_turn_while_moving_goods(tiny):
    """"During the Move Goods phase, you can only choose to improve your locomotive level once per turn"."""
    t = Table(3)
    t.state.order = [0, 1, 2]
    t.select_all()
    t.end_builds()
    t.act(0, type="locomotive")
    from railhead.engine.games.steam import moves
    from railhead.engine.games.steam.data import load_rules
    with pytest.raises(IllegalAction, match="already improved"):
        moves.locomotive(t.state, load_rules(), 0, [])
    t.act(1, type="pass")
    events = t.act(2, type="pass")
    # round 2: P0 has nothing to deliver and its level for this turn taken: it passes by itself
    assert any(e.get("auto") and e["seat"] == 0 and "nothing to deliver" in e["text"] for e in events)
    assert t.player(0).loco == 2


def test_income_is_paid_or_owed_and_the_next_order_follows_the_tiles(tiny):
    """"Step 4: Get Paid and Pay Your Bills" and "Phase 5 – Determine Turn Order"."""
    t = Table(3)
    t.state.order = [0, 1, 2]
    t.select_all({0: "first-move", 1: "first-build", 2: "turn-order"})
    t.player(0).income = 4
    t.player(1).income = -3
    t.player(1).cash = 1
    cash0 = t.player(0).cash
    t.end_builds()
    while t.state.phase == "move":
        t.act(type="pass")
    assert t.player(0).cash == cash0 + 4
    assert (t.player(1).cash, t.player(1).income) == (3, -4)         # $3 owed, $5 raised
    assert t.state.order == [2, 0, 1] and t.state.turn == 2         # values 1, 2, 4


def test_bankruptcy_leaves_the_links_to_nobody(tiny):
    """"If you don't have enough VPs to cover your costs, you're bankrupt": out, links unowned."""
    t = Table(3)
    delivered_network(t)
    t.set_player(0, cash=0, income=-10, vp=1)
    while t.state.phase == "move":
        t.act(type="pass")
    assert t.player(0).out and t.link(1).owner is None
    assert 0 not in t.state.order


def test_city_growth_and_urbanization_are_made_during_the_build(tiny):
    """"City Growth" and "Expanding Cities"; "Urbanization" and "City Life": both must be carried out
    during the build when taken without the pass option ("Other Track Building Restrictions")."""
    t = Table(3)
    t.state.order = [0, 1, 2]
    t.select_all({0: "city-growth", 1: "urbanization"})
    space = list(t.state.supply["1"])
    with pytest.raises(IllegalAction, match="grow a city before"):
        t.done(0)
    t.act(0, type="grow", city="Alpha")
    assert t.state.cities["B2"].growth and t.state.supply["1"] == []
    assert len(t.state.cities["B2"].cubes) == 1 + len(space)
    t.act(0, type="build", hex="C3", exits=["NW", "E"])          # into Midton
    t.done(0)
    cubes = list(t.state.supply["A"])
    t.act(1, type="urbanize", town="Midton", tile="red")
    city = t.state.cities["D3"]
    assert (city.colour, city.cubes, city.tile) == ("red", sorted(cubes), "A")
    assert t.link(1).to == "D3"                                # P0's link now ends at the new city
    assert "Alpha–Midton complete" in t.events[0]["text"]


def test_the_end_scores_income_links_and_breaks_ties(tiny):
    """"The Game's End" and "Calculating Victory Points": +1 VP per 2 income, -2 VP per point of
    negative income, +1 per complete link; a tie goes to the higher income, then the lower tile."""
    t = Table(3)
    delivered_network(t)
    t.state.turn = t.state.turns
    t.set_player(0, vp=10, income=5)      # 10 + 2 + 1 link = 13
    t.set_player(1, vp=15, income=-1)     # 15 - 2 = 13
    t.set_player(2, vp=9, income=8, cash=50)   # 9 + 4 = 13
    while t.state.phase == "move":
        t.act(type="pass")
    out = GAME.outcome(t.state)
    assert out["scores"] == {0: 13, 1: 13, 2: 13}
    assert out["ranking"] == [2, 0, 1]
    assert out["tiebreaks"][0] == "P2 and P0 tie on 13: P2 ranks higher with higher income."
