"""One scenario per rule of Railways, the solo game; each names its section of railways-solo.txt."""
from __future__ import annotations

import msgspec
import pytest

from railhead.engine import IllegalAction, Match
from railhead.engine.games.railways import rules
from railhead.engine.games.railways.board import board
from railhead.engine.games.railways.state import Die, Setup

from .helpers import CHAIN, GAME, play, start


# ------------------------------------------------------------------ Setup
def test_setup_deals_map_hand_pool_and_tracks():
    """"Setup": 4 map cards, a hand of 3, the 8th card in the pool; pollution on 1, capital and
    profit not yet on their tracks; the decade die on 1; three Building dice."""
    state = GAME.setup({}, ["Ann"], 3)
    cards = state.layout + state.hand + state.pool
    assert sorted(cards) == list(range(1, 9)) and len(state.hand) == 3 and len(state.pool) == 1
    assert (state.pollution, state.capital, state.profit, state.decade) == (1, 0, 0, 1)
    assert state.building_dice == [2, 3, 4] and state.workers == 2
    assert GAME.prompts(state)[0]["kind"] == "place"


def test_passenger_dice_one_per_card_two_threes_two_twos():
    """"Setup": one passenger die on each map card, two showing 3 and two showing 2."""
    state = GAME.setup({"cards": [5, 6, 7, 8]}, ["Ann"], 1)
    state, _ = play(state, {"type": "place", "at": "A2", "passengers": 3})
    with pytest.raises(IllegalAction, match="already has its passenger die"):
        play(state, {"type": "place", "at": "D2", "passengers": 3})
    with pytest.raises(IllegalAction, match="not a building"):
        play(state, {"type": "place", "at": "B2", "passengers": 3})
    state, _ = play(state, {"type": "place", "at": "J1", "passengers": 3})
    with pytest.raises(IllegalAction, match="dice left show 2"):
        play(state, {"type": "place", "at": "C5", "passengers": 3})
    with pytest.raises(IllegalAction, match="Place the four passenger dice first"):
        play(state, {"type": "hire", "slots": ["1.1"]})


def test_links_cross_card_edges_only_where_they_line_up():
    """"Setup": "It is fine if the railways do not connect at the card edges"."""
    lined_up = board([5, 6, 7, 8], {})
    assert "E2-G2" in lined_up.links and lined_up.links["E2-G2"].length == 3
    apart = board([6, 5, 7, 8], {})

    def crossing_top(b):
        return [lid for lid, link in b.links.items()
                if {s[0] for s in link.cells + link.ends} & set("ABCDE")
                and {s[0] for s in link.cells + link.ends} & set("FGHIJ") and int(link.cells[0][1:]) <= 4]
    assert crossing_top(lined_up) == ["E2-G2"] and crossing_top(apart) == []


# --------------------------------------------------------- Taking actions
def test_each_named_slot_must_give_an_icon():
    """"General rules for taking actions": each icon serves once; a slot that gives nothing to
    the action is refused (it would only waste the card)."""
    state = start(hand=(4, 1, 2))
    with pytest.raises(IllegalAction, match="every slot you name must give an icon"):
        play(state, {"type": "hire", "slots": ["4.3", "4.2"]})


def test_two_destinations_replace_a_missing_one():
    """"Important: If you are missing the Destination needed, you can play any 2 Destination
    icons of your choice to replace it." J2-J3 joins I and C; L + R stand in."""
    state = start(hand=(2, 7, 8))
    after, _ = play(state, {"type": "buy_link", "link": "J2-J3", "slots": ["2.2", "2.4", "7.1", "8.4"]})
    assert "J2-J3" in after.markers and after.pollution == 2     # two slots of card 2: +1
    with pytest.raises(IllegalAction, match="do not make this action"):
        play(state, {"type": "buy_link", "link": "J2-J3", "slots": ["2.2", "2.4", "7.1"]})


def test_pollution_never_above_13():
    """"It can never exceed the track's maximum of 13"."""
    state = start(pollution=13)
    after, _ = play(state, {"type": "buy_link", "link": "E2-G2", "slots": ["2.2", "2.3", "2.4"]})
    assert after.pollution == 13


# ---------------------------------------------------------- Buy a link
def test_buy_needs_a_railworker_and_a_marker():
    """"Buy a Complete Rail Link", Note: no railworker, no link; no marker left, no link."""
    state = start(workers=0)
    with pytest.raises(IllegalAction, match="no railworker"):
        play(state, {"type": "buy_link", "link": "J2-J3", "slots": ["1.2", "2.2"]})
    state = start(workers=3)
    state.markers = {f"X{i}": False for i in range(6)}
    with pytest.raises(IllegalAction, match="All 6 link markers"):
        play(state, {"type": "buy_link", "link": "J2-J3", "slots": ["1.2", "2.2"]})


def test_buy_needs_a_destination_of_an_end():
    """"You must play a Destination icon matching the building on one end of the link"."""
    state = start(hand=(3, 2, 4))
    with pytest.raises(IllegalAction, match="a C or I destination"):
        play(state, {"type": "buy_link", "link": "J2-J3", "slots": ["3.1", "2.2"]})  # L is not an end


# ------------------------------------------------------- Build a building
def test_build_costs_twice_the_die_and_takes_the_adjacent_kind():
    """"Build a Building": cost 2x the die; next to a building it takes that kind and merges."""
    state = start(hand=(5, 1, 2), capital=10)
    after, _ = play(state, {"type": "build", "at": "D3", "die": 3, "slots": ["5.4"]})
    assert after.capital == 4 and after.built == {"D3": "C"}
    b = rules.board_of(after)
    assert b.building["D3"] == b.building["D2"] == "D2" and b.kind["D2"] == "C"
    assert after.dice["D3"] == Die(n=3, kind="building")
    with pytest.raises(IllegalAction, match="costs 8 capital; you have 4"):
        play(msgspec.structs.replace(after, hand=[2, 1, 3]), {"type": "build", "at": "B4", "die": 4, "slots": ["2.1"]})


def test_build_alone_is_leisure_and_never_merges_kinds():
    """"not adjacent to an existing building ... a L Building"; "You cannot build a Building die if
    this action will merge several buildings of different colors"."""
    state = start(hand=(5, 1, 2), capital=10)
    after, _ = play(state, {"type": "build", "at": "C3", "die": 2, "slots": ["5.4"]})
    assert after.built == {"C3": "L"}
    with pytest.raises(IllegalAction, match="merge buildings of different kinds"):
        play(state, {"type": "build", "at": "D1", "die": 2, "slots": ["5.4"]})   # next to R (C1) and C (D2)


def test_build_on_the_end_of_a_rail_completes_a_link():
    """"even on a rail link space ... no longer a railway"; a building at the end of a rail run
    makes it a complete link ("It will be connected by rail to the other L building")."""
    state = start(hand=(5, 1, 2), capital=10)
    assert "H7-I7" not in rules.board_of(state).links
    after, _ = play(state, {"type": "build", "at": "I8", "die": 2, "slots": ["5.4"]})
    b = rules.board_of(after)
    assert after.built["I8"] == "L" and b.links["H7-I7"].length == 2


def test_build_never_cuts_a_bought_link():
    state = start(hand=(5, 1, 2), capital=10)
    state.markers = {"E2-G2": False}
    with pytest.raises(IllegalAction, match="would cut it"):
        play(state, {"type": "build", "at": "F2", "die": 2, "slots": ["5.4"]})


def test_build_spaces_question_lists_completing_spaces_first_and_never_a_marked_link():
    """"Build a Building": the question behind the **Build** menu (``Game.query``) offers I8 (it
    ends a rail run, completing H7-I7) before spaces that only grow a building, never D1 (it
    would merge kinds) nor a cell of a bought link."""
    state = start(hand=(5, 1, 2), capital=10)
    state.markers = {"E2-G2": False}
    spaces = GAME.query(state, 0, "build_spaces", {})
    where = [space for space, _ in spaces]
    assert "D1" not in where and not {"E2", "F2", "G2"} & set(where)
    completes = [space for space, what in spaces if "completes" in what]
    assert "I8" in completes and where[:len(completes)] == completes
    assert dict(spaces)["C3"] == "L building"
    with pytest.raises(IllegalAction, match="no question 'best'"):
        GAME.query(state, 0, "best", {})


# ------------------------------------------------------- Move a passenger
def test_trip_stops_at_the_first_building_of_its_kind_and_never_loops():
    """"They stop their trip at the first building along their route that matches the
    Destination icon you played. There are no loops and you cannot cross the same building twice"."""
    state = start(hand=(4, 1, 2), dice={"D2": 3, "J1": 3, "C5": 2, "H5": 2})
    state.markers = {lid: False for lid in [*CHAIN, "C6-B7"]}
    with pytest.raises(IllegalAction, match=r"first I building on its way \(H2\)"):
        # C(D2) -> I(H2) -> L(H5) -> R(C5) -> I(A7): the trip would have stopped at H2
        play(state, {"type": "move", "from": "D2", "links": ["E2-G2", "H3-H4", "D5-G5", "C6-B7"], "slots": ["4.4"]})
    with pytest.raises(IllegalAction, match="same building twice"):
        play(state, {"type": "move", "from": "D2", "links": ["E2-G2", "E2-G2"], "slots": ["4.4"]})
    with pytest.raises(IllegalAction, match="only travel on links with a link marker"):
        play(state, {"type": "move", "from": "J1", "links": ["J2-J3"], "slots": ["1.4"]})


@pytest.mark.parametrize("kind,hand,slots,start_tracks,expect", [
    ("C", (1, 4, 2), ["1.4", "1.2"], {"capital": 17, "pollution": 12}, {"capital": 20, "pollution": 13}),
    ("I", (4, 2, 1), ["4.4", "2.3"], {"workers": 6}, {"workers": 6, "pollution": 2}),
    ("R", (4, 1, 2), ["4.1", "4.4"], {"pollution": 1}, {"pollution": 1}),
])
def test_destination_bonuses(kind, hand, slots, start_tracks, expect):
    """"Take a Destination bonus": C +5 capital (max 20) +1 pollution; I +1 railworker (max 6)
    +1 pollution; R -1 pollution (never below 1). Then the trip's capital (max 20)."""
    trips = {"C": ("A2", ["B2-C2"]), "I": ("J4", ["J2-J3"]), "R": ("A7", ["C6-B7"])}
    origin, links = trips[kind]
    state = start(hand=hand, dice={"A2": 3, "J4": 3, "A7": 2, "H5": 2}, **start_tracks)
    state.markers = {lid: False for lid in links}
    after, _ = play(state, {"type": "move", "from": origin, "links": links, "slots": slots})
    for key, value in expect.items():
        assert getattr(after, key) == value, key


def test_leisure_converts_capital_into_profit_once():
    """"Leisure L": 1, 3, 6, 10 or 15 capital for 1-5 profit, before the trip's capital."""
    state = start(hand=(4, 5, 1), dice={"C5": 3, "J1": 3, "A2": 2, "J6": 2}, capital=7, profit=0)
    state.markers = {"D5-G5": False}
    after, _ = play(state, {"type": "move", "from": "C5", "links": ["D5-G5"], "slots": ["4.4"]})
    assert after.profit == 1 + 3 and after.capital == 7 - 6 + 4
    chosen, _ = play(state, {"type": "move", "from": "C5", "links": ["D5-G5"], "slots": ["4.4"], "convert": 1})
    assert chosen.profit == 2 and chosen.capital == 7 - 1 + 4
    with pytest.raises(IllegalAction, match="costs 10 capital; you have 7"):
        play(state, {"type": "move", "from": "C5", "links": ["D5-G5"], "slots": ["4.4"], "convert": 4})


def test_upgraded_link_counts_double():
    """"Upgrade a Rail Link": an upgraded link is worth 2 times the capital."""
    state = start(hand=(4, 5, 1), dice={"C5": 3, "J1": 3, "A2": 2, "J6": 2}, capital=0)
    state.markers = {"D5-G5": True}
    after, _ = play(state, {"type": "move", "from": "C5", "links": ["D5-G5"], "slots": ["4.4"], "convert": 0})
    assert after.capital == 8


def test_last_passenger_die_goes_above_the_map_and_comes_back():
    """"If this reduces a 1 to 0, place the die as a Passenger die above the map"; "Add a
    Passenger": the die returns showing 1 on a building without a die."""
    state = start(hand=(4, 3, 1))
    state.dice["A2"].n = 1
    state.markers = {"B2-C2": False}
    after, _ = play(state, {"type": "move", "from": "A2", "links": ["B2-C2"], "slots": ["3.3"]})
    assert "A2" not in after.dice and after.spare_dice == 1
    after, _ = play(after, {"type": "add_passenger", "at": "C1", "slots": ["4.3"]})
    assert after.dice["C1"] == Die(n=1, kind="passenger") and after.spare_dice == 0


def test_add_passenger_rotates_a_die_up_to_6():
    state = start(hand=(4, 1, 2))
    state.dice["A2"].n = 6
    with pytest.raises(IllegalAction, match="already shows 6"):
        play(state, {"type": "add_passenger", "at": "A2", "slots": ["4.3"]})
    with pytest.raises(IllegalAction, match="no passenger die waits"):
        play(state, {"type": "add_passenger", "at": "C1", "slots": ["4.3"]})
    after, _ = play(state, {"type": "add_passenger", "at": "J1", "slots": ["4.3"]})
    assert after.dice["J1"].n == 4


# ------------------------------------------------------ the other actions
def test_hire_capital_clean_and_their_limits():
    """"Hire a Railworker" (max 6), "Increase Your Capital" (max 20), "Decrease Pollution Level"
    (never below 1)."""
    state = start(hand=(4, 5, 1), workers=5, capital=18, pollution=2)
    after, _ = play(state, {"type": "hire", "slots": ["4.3"]})
    assert after.workers == 6
    with pytest.raises(IllegalAction, match="already have 6"):
        play(after, {"type": "hire", "slots": ["4.3"]})
    after, _ = play(state, {"type": "capital", "slots": ["4.2", "5.3"]})
    assert after.capital == 20
    after, _ = play(state, {"type": "clean", "slots": ["5.3"]})
    assert after.pollution == 1
    with pytest.raises(IllegalAction, match="lowest"):
        play(after, {"type": "clean", "slots": ["1.1"]})


def test_upgrade_needs_a_bought_link_and_a_destination_of_an_end():
    state = start(hand=(6, 8, 1))
    with pytest.raises(IllegalAction, match="Buy the link"):
        play(state, {"type": "upgrade", "link": "E2-G2", "slots": ["6.1"]})
    state.markers = {"E2-G2": False}
    after, _ = play(state, {"type": "upgrade", "link": "E2-G2", "slots": ["6.1"]})
    assert after.markers == {"E2-G2": True}
    with pytest.raises(IllegalAction, match="R destination|C or I destination"):
        play(state, {"type": "upgrade", "link": "E2-G2", "slots": ["8.4"]})


# -------------------------------------------------------- decades and end
def test_two_actions_then_the_decade_is_recorded():
    """Phase 1, Phase 2, "Record a decade": refill to 3 from the pool, the decade die turns."""
    state = start(hand=(4, 5, 1))
    state, _ = play(state, {"type": "capital", "slots": ["4.2"]})
    assert state.decade == 1 and state.actions == 1
    state, events = play(state, {"type": "capital", "slots": ["5.3"]})
    assert state.decade == 2 and state.actions == 0 and len(state.hand) == 3
    assert state.hand[0] == 1 and any(e["type"] == "decade" for e in events)


def test_end_decade_after_one_action_keeps_the_cards():
    state = start(hand=(4, 5, 1))
    with pytest.raises(IllegalAction, match="first action"):
        play(state, {"type": "end_decade"})
    state, _ = play(state, {"type": "capital", "slots": ["4.2"]})
    state, _ = play(state, {"type": "end_decade"})
    assert state.decade == 2 and state.hand[:2] == [5, 1] and len(state.hand) == 3


def test_reshuffle_when_the_pool_runs_out():
    """"If you do not have enough cards to draw back to 3 cards, shuffle all the cards from the
    discard pile ... into your pool, then draw"."""
    state = start(hand=(4, 5, 1))
    state.pool, state.discard = [], [2, 3]
    state, _ = play(state, {"type": "capital", "slots": ["4.2"]})
    state, events = play(state, {"type": "capital", "slots": ["5.3"]})
    assert sorted(state.hand) == sorted([1, *state.hand[1:]]) and len(state.hand) == 3
    assert sorted(state.hand + state.pool + state.discard) == [1, 2, 3, 4, 5]
    assert any(e["type"] == "reshuffle" for e in events)


def test_game_ends_after_12_decades_with_the_score():
    """"Game End": after 12 rounds; profit + 3 per link with a marker - pollution."""
    state = start(hand=(4, 5, 1), decade=12, profit=20, pollution=4)
    state.markers = {"E2-G2": True, "J2-J3": False}
    state, _ = play(state, {"type": "capital", "slots": ["4.2"]})
    state, events = play(state, {"type": "end_decade"})
    outcome = GAME.outcome(state)
    assert outcome["final"]["score"] == 20 + 3 * 2 - 4
    assert GAME.prompts(state) == [] and events[-1]["type"] == "game_over"


def test_objective_tests():
    """"Objectives": the Mayor moves every passenger, the Train Conductor delivers to all four
    kinds, the Engineer buys and upgrades every complete link; the Rail Baron combines them."""
    state = start(hand=(4, 5, 1), decade=12)
    state.dice = {}
    state.delivered = {"R": 1, "L": 2, "C": 1, "I": 0}
    tests = rules.objectives(state)
    assert tests["mayor"] is True and tests["conductor"] is False and tests["engineer"] is False
    state.markers = {lid: True for lid in rules.board_of(state).links}
    assert rules.objectives(state)["engineer"] is True
    state.options = Setup(objective="baron", combine=["engineer", "mayor"], cards=None)
    assert rules.final(state).success is True
    state.options.combine = ["conductor", "mayor"]
    assert rules.final(state).success is False


def test_options_are_checked():
    with pytest.raises(IllegalAction, match="four different card numbers"):
        GAME.setup({"cards": [1, 1, 2, 3]}, ["Ann"], 1)
    with pytest.raises(IllegalAction, match="objective"):
        GAME.setup({"objective": "tycoon"}, ["Ann"], 1)
    with pytest.raises(IllegalAction, match="1-1 players|needs 1"):
        GAME.setup({}, ["Ann", "Bob"], 1)


def test_undo_alone_in_a_solo_game():
    """A solo game needs nobody's consent to take a move back (DESIGN.md, "Turns, undo, timing")."""
    match = Match.start(GAME, {"cards": [5, 6, 7, 8]}, ["Ann"], 2)
    after, _ = match.play(0, {"type": "place", "at": "A2", "passengers": 3})
    back, _ = after.play(0, {"type": "undo"})
    assert back.state.dice == {}
