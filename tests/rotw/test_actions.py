"""B. Urbanize, C. Upgrade Engine, D. Deliver Goods Cube, E. Operations cards.
Source: railways-of-the-world.txt, sections as named in each test."""
import pytest

from railhead.engine import IllegalAction, get_game
from railhead.engine.games.rotw.data import load_tables

from .helpers import HEX
from .test_build import started


def test_urbanize_turns_gray_city_into_new_colour_with_two_cubes():
    """"B. URBANIZE": $10,000, a gray city takes a New City tile colour and two random cubes."""
    t = started()
    t.pass_until(1)
    before = len(t.city("Koblenz").cubes)
    tiles = t.state.new_city_tiles["red"]
    t.act(1, type="urbanize", city="koblenz", colour="red")
    assert t.city("Koblenz").colour == "red" and len(t.city("Koblenz").cubes) == before + 2
    assert t.player(1).cash == 50 and t.state.new_city_tiles["red"] == tiles - 1
    with pytest.raises(IllegalAction, match="only gray cities"):
        t.act(2, type="urbanize", city="Koblenz", colour="blue")
    with pytest.raises(IllegalAction, match="no city called"):
        t.act(2, type="urbanize", city="Atlantis", colour="blue")


def test_urbanize_removes_empty_city_marker():
    t = started()
    t.city("Koblenz").cubes = []
    t.city("Koblenz").marker = True
    t.state.markers.placed = 1
    t.pass_until(1)
    t.act(1, type="urbanize", city="Koblenz", colour="blue")
    assert not t.city("Koblenz").marker and t.state.markers.placed == 0


def test_upgrade_engine_one_level_at_table_cost_up_to_8():
    """"C. UPGRADE ENGINE": one level per action, the maximum is 8."""
    t = started()
    cost = load_tables().engine_cost
    t.pass_until(1)
    t.act(1, type="upgrade")
    assert t.player(1).engine == 2 and t.player(1).cash == 60 - cost[2]
    t.player(2).engine = 8
    with pytest.raises(IllegalAction, match="level 8"):
        t.act(2, type="upgrade")


def network():
    """Seat 1 owns Frankfurt-Fulda and Fulda-Kassel; seat 2 owns Frankfurt-Mannheim."""
    t = started()
    t.build(1, "Frankfurt", "M7", "Fulda")
    t.build(2, "Mannheim", "L9", "Frankfurt")
    t.pass_until(1)
    t.build(1, "Fulda", "M6", "Kassel")
    t.pass_until(0)
    return t


def test_delivery_scores_one_point_per_owned_link_and_returns_cube_to_bag():
    """"D. DELIVER GOODS CUBE": 1 point per link the owner's track carried the cube."""
    t = network()
    t.city("Fulda").cubes = ["red", "blue"]        # Frankfurt is red, Kassel blue
    bag = t.state.bag["blue"]
    t.player(1).engine = 2
    t.finish_turn()
    t.all_pass_auction()
    t.pass_until(1)
    t.act(1, type="deliver", **{"from": "Fulda", "colour": "blue", "links": ["3"]})
    assert t.player(1).points == 1 + 2      # +1 link, +2 "The Railroad Era Begins"
    assert t.city("Fulda").cubes == ["red"] and t.state.bag["blue"] == bag + 1


def test_delivery_needs_own_first_link_engine_reach_and_matching_city():
    t = network()
    t.city("Mannheim").cubes = ["blue", "purple"]
    t.city("Kassel").cubes = ["yellow"]
    t.player(1).engine = 2
    t.pass_until(1)
    with pytest.raises(IllegalAction, match="first link of a delivery must be your own"):
        t.act(1, type="deliver", **{"from": "Mannheim", "colour": "blue", "links": ["2", "1"]})
    with pytest.raises(IllegalAction, match="engine level is 2"):
        t.act(1, type="deliver", **{"from": "Kassel", "colour": "yellow", "links": ["3", "1", "2"]})
    with pytest.raises(IllegalAction, match="does not take yellow"):
        t.act(1, type="deliver", **{"from": "Kassel", "colour": "yellow", "links": ["3", "1"]})
    with pytest.raises(IllegalAction, match="has no red cube"):
        t.act(1, type="deliver", **{"from": "Kassel", "colour": "red", "links": ["3", "1"]})


def test_cube_must_stop_at_first_city_of_its_colour_and_other_owners_score():
    """"D. DELIVER GOODS CUBE": stop at the first city of the cube's colour; a cube may use
    other players' links, and they score for them."""
    t = network()
    t.city("Kassel").cubes = ["blue", "red"]
    t.player(1).engine = 3
    t.state.cities[HEX["Frankfurt"]].colour = "blue"     # make an earlier blue stop
    t.pass_until(1)
    with pytest.raises(IllegalAction, match="must stop at Frankfurt"):
        t.act(1, type="deliver", **{"from": "Kassel", "colour": "blue", "links": ["3", "1", "2"]})
    t.state.cities[HEX["Frankfurt"]].colour = "red"
    t.state.cities[HEX["Mannheim"]].colour = "red"
    points = [p.points for p in t.state.players]
    t.act(1, type="deliver", **{"from": "Kassel", "colour": "red", "links": ["3", "1"]})   # stops at Frankfurt
    assert t.player(1).points == points[1] + 2 + 2       # two own links + first delivery card
    t.city("Frankfurt").cubes = ["red", "blue"]
    t.state.cities[HEX["Mannheim"]].colour = "blue"
    t.pass_until(1)
    t.finish_turn()
    t.all_pass_auction()
    t.pass_until(1)
    before2 = t.player(2).points
    with pytest.raises(IllegalAction, match="first link of a delivery must be your own"):
        t.act(1, type="deliver", **{"from": "Frankfurt", "colour": "blue", "links": ["2"]})
    t.act(1, type="deliver", **{"from": "Kassel", "colour": "blue", "links": ["3", "1", "2"]})
    assert t.player(2).points == before2 + 1             # seat 2's Frankfurt-Mannheim link


def test_cube_cannot_visit_a_city_twice():
    t = network()
    t.city("Fulda").cubes = ["blue"]
    t.pass_until(1)
    t.player(1).engine = 3
    with pytest.raises(IllegalAction, match="twice"):
        t.act(1, type="deliver", **{"from": "Fulda", "colour": "blue", "links": ["1", "1"]})


def test_emptied_city_gets_marker_and_last_marker_triggers_end():
    """"D. DELIVER GOODS CUBE" and "Ending the Game": an emptied city gets an empty city marker;
    the last one triggers the end: finish this turn, then one more full turn."""
    t = network()
    t.city("Fulda").cubes = ["blue"]
    t.state.markers = {"total": 1, "placed": 0}
    turn = t.state.turn
    t.pass_until(1)
    t.act(1, type="deliver", **{"from": "Fulda", "colour": "blue", "links": ["3"]})
    assert t.city("Fulda").marker and t.state.end_turn == turn + 1
    t.finish_turn()
    assert t.state.phase == "auction"
    t.all_pass_auction()
    t.finish_turn()
    assert t.state.phase == "over"
    outcome = get_game("rotw").outcome(t.state)
    assert outcome is not None and len(outcome["ranking"]) == 3


def test_income_and_bond_dividends_issue_bonds_when_short():
    """"3 - Income and Dividends": income from the track, then $1,000 per bond, issuing bonds
    if short (new bonds pay no dividend this time)."""
    t = started()
    income = load_tables().income
    t.set_player(0, cash=0, bonds=3, points=0)
    t.set_player(1, cash=5, bonds=0, points=30)
    t.set_player(2, cash=2, bonds=2, points=1)
    t.finish_turn()
    assert (t.player(0).cash, t.player(0).bonds) == (2, 4)      # 0 + 0 income - 3 -> one bond
    assert t.player(1).cash == 5 + income[30]
    assert t.player(2).cash == 2 + income[1] - 2


def test_income_track_wraps_at_100_points():
    """"Scoring Track": at exactly 100 points income is 0; past 100 it rises again."""
    table = load_tables().income
    from railhead.engine.games.rotw.rules import income_of

    assert income_of(100) == 0 and income_of(0) == 0
    assert income_of(130) == table[30] and max(table) > 0
    peak = table.index(max(table))
    assert all(a <= b for a, b in zip(table[:peak], table[1:peak + 1]))
    assert all(a >= b for a, b in zip(table[peak:], table[peak + 1:]))


def test_final_score_subtracts_bonds_and_breaks_ties_by_links_then_money():
    """"Ending the Game": 1 point off per bond; ties: most links, then most money."""
    from railhead.engine.games.rotw.scoring import final_scores

    t = network()
    t.set_player(0, points=10, bonds=0, cash=1)
    t.set_player(1, points=12, bonds=2, cash=0)     # 10, 2 links
    t.set_player(2, points=11, bonds=1, cash=9)     # 10, no link, more money than seat 0
    t.state.links["2"].owner = 1
    result = final_scores(t.state)
    assert result["scores"] == {0: 10, 1: 10, 2: 10}
    assert result["ranking"] == [1, 2, 0]
    assert any("more links" in r for r in result["tiebreaks"])
    assert any("more money" in r for r in result["tiebreaks"])


def test_goal_cards_cannot_be_taken_and_immediate_cards_work():
    """"E. SELECT RAILROAD OPERATIONS CARD": green-circle cards cannot be selected; red-X cards
    are used when taken, then discarded."""
    t = started()
    t.pass_until(1)
    with pytest.raises(IllegalAction, match="goal card"):
        t.act(1, type="take_card", card="railroad-era:1")
    t.state.cards.face_up += ["city-growth:9", "engine-works:9"]
    cubes = len(t.city("Paris").cubes)
    t.act(1, type="take_card", card="city-growth:9", city="Paris")
    assert len(t.city("Paris").cubes) == cubes + 2
    assert "city-growth:9" in t.state.cards.discard
    t.act(2, type="take_card", card="engine-works")
    assert t.player(2).engine == 2


def test_speed_record_needs_exactly_three_links():
    """"Speed Record: You must make exactly a 3-link delivery"."""
    t = network()
    t.city("Kassel").cubes = ["blue"]
    t.state.cities[HEX["Mannheim"]].colour = "blue"
    t.player(1).engine = 3
    t.pass_until(1)
    t.act(1, type="deliver", **{"from": "Kassel", "colour": "blue", "links": ["3", "1", "2"]})
    assert "speed-record:1" in t.state.cards.discard
    assert any("Speed Record" in e["text"] for e in t.events)
