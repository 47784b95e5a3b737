"""Steam's rule sections that test_track, test_turn and test_standard do not name: the box, money,
the six phases and the end, terrain, moving goods, the locomotive and elimination. Source:
steam.txt, the section named in each test; tests/steam/helpers.py describes the tiny board."""
import json
from collections import Counter

import pytest

from railhead.engine import IllegalAction, canonical
from railhead.engine.games.steam import money
from railhead.engine.games.steam.data import load_manifest, load_rules
from railhead.engine.games.steam.flow import tiles_for
from railhead.engine.games.steam.game import GAME
from railhead.engine.games.steam.state import Player

from .helpers import Table


def test_the_box_96_goods_cubes_136_track_tiles_8_new_cities(tiny):
    """"What You'll Need" and "What's in the Box": 20 red, blue, yellow and purple cubes and 16 gray;
    136 track tiles; New City tiles 1 red, 1 yellow, 1 purple, 1 blue, 4 gray; the seven action
    tiles of the base game (the standard game adds Production: docs/rules-assumptions.md)."""
    state = Table(4).state
    cubes = Counter(state.bag)
    for city in state.cities.values():
        cubes.update(city.cubes)
    for space in state.supply.values():
        cubes.update(space)
    assert cubes == {"red": 20, "blue": 20, "yellow": 20, "purple": 20, "gray": 16}
    manifest = load_manifest()
    assert sum(manifest.count(t) for t in manifest.types) == 136
    assert sum(state.tiles.values()) == 136
    rules = load_rules()
    assert Counter(rules.new_city_colours) == {"red": 1, "yellow": 1, "purple": 1, "blue": 1, "gray": 4}
    assert state.new_cities == list("ABCDEFGH")
    assert [t.name for t in tiles_for(state, rules)] == ["Turn Order", "First Move", "Engineer", "First Build",
                                                         "City Growth", "Locomotive", "Urbanization"]
    assert len(tiles_for(Table(4, standard=True).state, rules)) == 8


def test_money_is_raised_5_dollars_an_income_step_then_2_vp_and_only_what_is_needed(tiny):
    """"Money and Investing in Steam": cash first; $5 for each step down the income track, the change
    (at most $4) kept; at -$10, 2 VP for each $5; when even the VP cannot pay, nothing moves."""
    rules = load_rules()

    def board(cash: int, income: int, vp: int) -> Player:
        return Player(name="P0", cash=cash, income=income, vp=vp, loco=1, out=False, tile=None, passed_tile=False,
                      loco_done=False)

    def held(p: Player) -> tuple[int, int, int]:
        return p.cash, p.income, p.vp

    p = board(3, 0, 0)
    assert money.pay(p, 2, rules) == (0, 0) and held(p) == (1, 0, 0)
    assert money.pay(p, 4, rules) == (1, 0) and held(p) == (2, -1, 0)   # $5 raised, $4 short
    p = board(0, -9, 5)
    assert money.pay(p, 12, rules) == (1, 4) and held(p) == (3, -10, 1)
    p = board(0, -10, 1)
    with pytest.raises(money.Bankrupt):
        money.pay(p, 5, rules)
    assert held(p) == (0, -10, 1)


def test_a_tile_you_cannot_pay_for_is_refused_and_nothing_changes(tiny):
    """"Money and Investing in Steam": "if I owe the bank $10 and have zero victory points left, I
    can't borrow any more money"."""
    t = Table(3)
    t.state.order = [0, 1, 2]
    t.set_player(0, cash=5, income=-10, vp=0)
    before = GAME.view(t.state, None)
    with pytest.raises(IllegalAction, match=r"costs \$6: you cannot raise that much \(at most \$5\)"):
        t.act(0, type="select", tile="urbanization")
    assert GAME.view(t.state, None) == before


def test_a_turn_runs_the_six_phases_in_order(tiny):
    """"Playing the Game" and "The Six Phases": select tiles, build, move goods in 2 rounds, income,
    turn order, then "Phase 6 – Set Up New Turn": the tiles go back and the turn marker moves on."""
    t = Table(3)
    t.state.order = [0, 1, 2]
    seen = [t.state.phase]
    t.select_all({0: "first-move"})
    seen.append(t.state.phase)
    t.end_builds()
    seen.append(f"{t.state.phase} {t.state.move.round}")
    for _ in range(3):
        t.act(type="pass")
    seen.append(f"{t.state.phase} {t.state.move.round}")
    for _ in range(2):
        t.act(type="pass")
    events = t.act(type="pass")
    assert seen == ["select", "build", "move 1", "move 2"]
    assert [e["type"] for e in events][-4:] == ["income", "income", "income", "turn"]
    assert t.state.phase == "select" and t.state.turn == 2
    assert all(p.tile is None for p in t.state.players)
    assert t.state.order == [1, 0, 2]          # Turn Order (1, passed), First Move (2), City Growth (5)


def test_the_game_ends_after_phase_four_of_the_last_turn(tiny):
    """"The Game's End": 10 turns with 3 players, 8 with 4; on the last turn phases 5 and 6 are
    skipped (the order stays as it was)."""
    assert (Table(3).state.turns, Table(4).state.turns) == (10, 8)
    t = Table(3)
    t.state.order, t.state.turn = [2, 1, 0], 10
    t.select_all({0: "turn-order"})
    t.end_builds()
    while t.state.phase == "move":
        t.act(type="pass")
    assert t.state.phase == "over" and t.state.turn == 10 and t.state.order == [2, 1, 0]
    assert GAME.outcome(t.state) is not None


def test_nicks_final_score(tiny):
    """"Calculating Victory Points", the worked example: 37 VP from deliveries, income -1 and 10
    completed links: 37 - 2 + 10 = 45."""
    t = Table(3)
    links = {str(i): {"owner": 0, "from": "B2", "to": "F2", "path": [], "exit": None, "turn": 1} for i in range(1, 11)}
    links["11"] = {"owner": 0, "from": "B2", "to": None, "path": [], "exit": 0, "turn": 1}
    t.set_player(0, vp=37, income=-1)
    out = GAME.outcome(GAME.load_state({**json.loads(canonical(t.state)), "links": links, "phase": "over"}))
    row = next(r for r in out["table"] if r["seat"] == 0)
    assert (row["vp"], row["income_vp"], row["links"], row["score"]) == (37, -2, 10, 45)


def test_terrain_plains_river_town_and_hills(builder):
    """"Paying for Your First Tracks", "The Plains (& Coast) Hex", "Rivers", "Towns", "What about
    Terrain?" and "The Amazing World of Hills and Mountains": $1 an exit; +$1 a river, +$1 a town,
    +$2 hills; plains add nothing."""
    t = builder
    t.build(0, "C2", "W", "E")                                 # plains: $2
    assert t.player(0).cash == 28
    t.build(0, "C3", "NW", "E")                                # a river: $2 + $1
    assert t.player(0).cash == 25
    events = t.build(0, "D3", "W")                             # town on hills, one exit: $1 + $1 + $2
    assert t.player(0).cash == 21 and "pays $4" in events[0]["text"]


def test_no_track_on_a_city_and_only_the_tiles_left(builder):
    """"Other Track Building Restrictions" and "City Hex": track only on non-city hexes; "you can
    only use the track tiles that are available"."""
    t = builder
    with pytest.raises(IllegalAction, match="B2 is not a hex track can be built in: it is a city"):
        t.build(0, "B2", "W", "E")
    t.state.tiles["straight"] = 0
    with pytest.raises(IllegalAction, match="straight"):
        t.build(0, "C2", "W", "E")
    assert t.state.track == {} and t.player(0).cash == 30


def test_no_redirect_in_a_town_nor_of_another_players_link(builder):
    """"Changing Direction": "You can't redirect track on a hex that has a town", nor "a track on
    someone else's link"."""
    t = builder
    t.build(0, "C3", "NW", "E")
    t.build(0, "D3", "W", "E")                 # Alpha–Midton, and a new link leaving Midton east
    assert t.link(2).path == [["D3", 0]] and t.link(2).to is None     # the town tile's E exit
    with pytest.raises(IllegalAction, match="town"):
        t.act(0, type="redirect", hex="D3", exits=["W", "SE"])
    t.build(0, "C2", "W", "E")
    t.done(0)
    with pytest.raises(IllegalAction, match="another player's: only its owner may redirect it"):
        t.act(1, type="redirect", hex="C2", exits=["W", "SE"])
    assert t.state.track["D3"].tile == "town-2-straight" and t.link(3).exit == 0


def _alpha_midton_beta(t):
    """P0: Alpha (red) – Midton (town) – Beta (blue), two links: C3, Midton, E3, E2."""
    t.build(0, "C3", "NW", "E")
    t.build(0, "D3", "W", "E")
    t.build(0, "E3", "W", "NE")
    t.build(0, "E2", "SW", "E")
    t.end_builds()
    assert t.link(1).to == "D3" and t.link(2).to == "F2"


def test_the_locomotive_level_limits_the_links_a_cube_moves(builder):
    """"Making Your Train Better": level 1 moves a cube one link, level 2 two; improving costs
    nothing and scores nothing."""
    t = builder
    _alpha_midton_beta(t)
    t.state.cities["B2"].cubes = ["blue"]
    route = {"from": "Alpha", "colour": "blue", "links": ["1", "2"]}
    with pytest.raises(IllegalAction, match="locomotive level"):
        t.act(0, type="deliver", **route)
    cash, vp = t.player(0).cash, t.player(0).vp
    t.act(0, type="locomotive")
    assert (t.player(0).loco, t.player(0).cash, t.player(0).vp) == (2, cash, vp)
    t.act(1, type="pass")
    t.act(2, type="pass")
    t.act(0, type="deliver", **route)
    t.act(0, type="score", take="vp")
    assert t.player(0).vp == 2                        # two own links, 1 point each


def test_a_cube_stops_at_the_first_city_of_its_colour_and_goes_back_to_the_bag(builder):
    """"Supply & Demand" and "Moving a Goods Cube": only to a city of its colour (not a town, not
    another colour); the delivered cube goes back into the bag."""
    t = builder
    _alpha_midton_beta(t)
    t.player(0).loco = 3
    t.state.cities["B2"].cubes = ["yellow", "blue"]
    t.state.cities["F2"].cubes = ["red"]
    with pytest.raises(IllegalAction):                   # Beta is blue, no yellow city on the way
        t.act(0, type="deliver", **{"from": "Alpha", "colour": "yellow", "links": ["1", "2"]})
    with pytest.raises(IllegalAction):                   # a town is not a destination
        t.act(0, type="deliver", **{"from": "Alpha", "colour": "blue", "links": ["1"]})
    bag = t.state.bag["blue"]
    t.act(0, type="deliver", **{"from": "Alpha", "colour": "blue", "links": ["1", "2"]})
    assert t.state.bag["blue"] == bag + 1 and t.state.cities["B2"].cubes == ["yellow"]


def test_an_eliminated_players_links_score_nobody(builder):
    """"Step 4: Get Paid and Pay Your Bills": a bankrupt player's completed links stay unowned for
    the rest of the game; a cube moved along an unowned link scores nothing for it."""
    t = builder
    _alpha_midton_beta(t)
    t.link(2).owner = 1                     # Midton–Beta is P1's (as if P1 had built it)
    for _ in range(3):
        t.act(type="pass")
    t.set_player(0, cash=0, income=-10, vp=0)
    for _ in range(3):
        t.act(type="pass")
    assert t.player(0).out and t.link(1).owner is None and t.link(2).owner == 1
    assert GAME.outcome(GAME.load_state({**json.loads(canonical(t.state)), "phase": "over"}))["ranking"][-1] == 0
    t.select_all()
    t.end_builds()
    while t.actor != 1:
        t.act(type="pass")
    t.player(1).loco = 2
    t.state.cities["B2"].cubes = ["blue"]
    t.act(1, type="deliver", **{"from": "Alpha", "colour": "blue", "links": ["1", "2"]})
    assert t.state.scoring.points == {"1": 1}          # P1's link only; the unowned one scores nobody


def test_income_is_paid_from_where_the_token_stood_at_the_start_of_the_phase(tiny):
    """"Step 4": "You pay based on where your token is at the beginning of the phase": raising the
    money moves the token down, but the bill does not grow."""
    t = Table(3)
    t.state.order = [0, 1, 2]
    t.select_all()
    t.set_player(0, cash=0, income=-6)
    t.end_builds()
    while t.state.phase == "move":
        t.act(type="pass")
    assert (t.player(0).cash, t.player(0).income) == (4, -8)      # $6 owed, $10 raised


def test_a_new_city_next_to_a_city_keeps_a_link_that_was_only_its_town_tile(builder):
    """"City Life" and "City Hex": "City hexes are assumed to have track running to every side of
    the hex": a complete link that was only the town tile's spoke into the next city now joins the
    two cities directly; an unfinished one that was only a spoke is gone. Both are said (a new
    player lost a link without a word)."""
    t = builder
    t.state.players[1].tile = "urbanization"
    t.state.build.todo = []
    t.build(0, "G2", "W", "E")                 # Eastby: one towards H2 (#1, E first), a spoke into Beta (#2)
    assert (t.link(2).from_, t.link(2).to, t.link(1).to) == ("G2", "F2", None)
    t.done(0)
    t.state.build.todo = ["urbanization"]
    events = t.act(1, type="urbanize", town="Eastby", tile="A")
    text = events[0]["text"]
    assert "link #2 Eastby–Beta now joins the two cities directly" in text
    assert "the unfinished link #1 of P0 was only the town tile's track and is gone" in text
    assert t.link(2).path == [] and t.link(2).owner == 0 and "1" not in t.state.links
    assert "G2" not in t.state.track and t.state.cities["G2"].colour == "red"
    t.end_builds()
    t.state.cities["G2"].cubes = ["blue"]
    t.act(0, type="deliver", **{"from": "Eastby", "colour": "blue", "links": ["2"]})
    t.act(0, type="score", take="vp")
    assert t.player(0).vp == 1
