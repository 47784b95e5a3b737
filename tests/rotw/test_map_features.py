"""Optional map features (issue 21) on a test map (tests/rotw/maps/features-test.toml): walls no
track crosses (railways-of-the-world.txt, "RAILWAYS of GREAT BRITAIN", Map Note on the Humber), the
Snow Line ("RAILWAYS of NORTH AMERICA", "Snow Line"), ferry hexes and the Ferry Line card ("Ferry
Line", "Map Clarifications") and the Western Link ("RAILWAYS of the EASTERN U.S.", "Build Western
Link"). Money in thousands of dollars."""
from __future__ import annotations

import pytest

from railhead.engine.common.datafile import DataError
from railhead.engine.common.hexgrid import edge_key
from railhead.engine.games.rotw import cards as ops
from railhead.engine.games.rotw import data
from railhead.engine.games.rotw.context import Context, context

from .feature_maps import MAPS, FeatureTable
from .helpers import GAME

OPEN = 2


def crossings(path, walls) -> list[str]:
    return [edge_key(a, b) for a, b in zip(path, path[1:]) if edge_key(a, b) in walls]


# ------------------------------------------------------------------ walls
def test_track_may_not_cross_a_wall(feature_map):
    """"RAILWAYS of GREAT BRITAIN", Map Note: no building across the Humber's line. Chicago F5 south
    to Hulltown E8 by F6-F7 crosses the wall F6|F7: refused, naming both hexes, nothing changes."""
    t = FeatureTable()
    t.to_actions(0)
    t.give_cash(0, 20)
    message = t.refused(0, type="build", path=["F5", "F6", "F7", "E8"])
    assert "No track may cross the side between F6 and F7" in message
    # a tile pointing across the wall is refused too (its track would reach the wall side)
    assert "between F6 and F7" in t.refused(0, type="build", path=["F5", "F6"], toward="F7")


def test_route_search_goes_around_walls(feature_map):
    """Route search and the legal-action sample never offer a build across a wall."""
    t = FeatureTable()
    t.to_actions(0)
    walls = feature_map.map.walls
    answer = GAME.query(t.state, 0, "cheapest_link", {"from": "Chicago", "to": "Hulltown"}) \
        if _linkable(t, "Chicago", "Hulltown") else None
    if answer is not None:
        assert crossings(answer["path"], walls) == []
    builds = [a for a in GAME.legal_actions(t.state, 0) if a["type"] == "build"]
    assert builds and all(crossings(a["path"] + ([a["toward"]] if a.get("toward") else []), walls) == []
                          for a in builds)
    for a in builds:
        GAME.apply(t.state, 0, a)          # each one is legal


def _linkable(t, a: str, b: str) -> bool:
    try:
        GAME.query(t.state, 0, "cheapest_link", {"from": a, "to": b})
    except Exception:
        return False
    return True


def test_walls_are_validated_like_ridges(feature_map, tmp_path):
    """A wall must be a side between two hexes of the board."""
    text = (MAPS / "features-test.toml").read_text().replace('"F6|G7"]', '"F6|H9"]')
    (tmp_path / "bad.toml").write_text(text)
    with pytest.raises(DataError, match="wall 'F6|H9' is not a side between two hexes"):
        data.read_map(tmp_path / "bad.toml")


# ------------------------------------------------------------------ snow line
def test_tiles_north_of_the_snow_line_cost_1000_more(feature_map):
    """"Snow Line": each hex built north of it costs $1,000 more. Northby D2 to Frostholm I2 lays 4
    open tiles in row 2: 4 x ($2,000 + $1,000); the query the bot shows says the same."""
    t = FeatureTable()
    t.to_actions(0)
    t.give_cash(0, 20)
    path = ["D2", "E2", "F2", "G2", "H2", "I2"]
    query = GAME.query(t.state, 0, "cheapest_link", {"from": "Northby", "to": "Frostholm"})
    assert query == {"path": path, "cost": 4 * (OPEN + 1)}
    events = t.build(0, *path)
    assert events[0]["paid"] == 12 and t.player(0).cash == 8


def test_the_snow_line_lies_between_rows_3_and_4(feature_map):
    """Only the tile in row 3 (F3) pays the surcharge; F4, in row 4, is south of the line."""
    t = FeatureTable()
    t.to_actions(0)
    t.give_cash(0, 20)
    events = t.build(0, "F5", "F4", "F3")
    assert events[0]["paid"] == 2 * OPEN + 1
    assert feature_map.map.north_of_snow_line("F3") and not feature_map.map.north_of_snow_line("F4")


# ------------------------------------------------------------------ ferries
def test_ferry_line_cards_start_face_up_only_on_maps_with_ferries(feature_map):
    """"Ferry Line": the cards are available from the start (5, one per ferry card of the Canadian map)."""
    state = GAME.setup({"map": "features-test"}, ["a", "b"], 3)
    ferries = [c for c in state.cards.face_up if c.startswith("ferry-line:")]
    assert ferries == [f"ferry-line:{i}" for i in range(1, 6)]
    assert not [c for c in state.cards.deck if c.startswith("ferry-line")]


@pytest.mark.parametrize("map_id", ["rhine-alps", "vistula-danube"])
def test_maps_without_ferries_deal_the_same_deck_as_before(map_id):
    """The Ferry Line card needs ferries: on the shipped maps the row and the deck, in order, are those
    of the deck without it (replays do not change)."""
    from railhead.engine.core.rng import Stream

    ctx = context(map_id)
    before = Context(ctx.map, ctx.tables, {k: v for k, v in ctx.cards.items() if k != "ferry-line"}, ctx.map_cards)
    for seed in range(5):
        assert ops.setup_cards(ctx, 3, Stream(seed, "cards")) == ops.setup_cards(before, 3, Stream(seed, "cards"))


def test_a_ferry_hex_needs_a_ferry_line_card(feature_map):
    """"Ferry Line": the card is the ONLY way to build on a ferry hex (L8, the way to Isleford)."""
    t = FeatureTable()
    t.to_actions(0)
    t.give_cash(0, 20)
    path = ["L5", "L6", "L7", "L8", "M9"]
    assert "L8 is a ferry hex" in t.refused(0, type="build", path=path)
    t.player(0).cards.append("ferry-line:1")               # held, but not readied for this build
    assert "Ferry Line card, readied" in t.refused(0, type="build", path=path)
    assert not [a for a in GAME.legal_actions(t.state, 0) if a["type"] == "build" and "L8" in a["path"]]


def test_with_a_ferry_line_the_ferry_hex_is_free_and_the_card_is_spent(feature_map):
    """"Ferry Line": taken like any card, readied for a build (as Land Grant), the ferry hex costs
    nothing; the card is then discarded (removed from the game)."""
    t = FeatureTable()
    t.to_actions(0)
    t.give_cash(0, 20)
    t.act(0, type="take_card", card="ferry-line")
    assert "ferry-line:1" in t.player(0).cards
    t.pass_until(0)
    ready = {"type": "use_card", "card": "ferry-line:1"}
    assert ready in GAME.legal_actions(t.state, 0)
    t.act(0, **ready)
    offered = [a for a in GAME.legal_actions(t.state, 0) if a["type"] == "build" and "L8" in a["path"]]
    assert offered
    events = t.build(0, "L5", "L6", "L7", "L8", "M9")
    build = next(e for e in events if e["type"] == "build")
    assert build["paid"] == 2 * OPEN and "Ferry Line" in build["text"]
    assert t.player(0).cards == [] and "ferry-line:1" in t.state.cards.discard
    assert t.state.links[build["link"]].to == "M9"


def test_a_ferry_line_waives_the_snow_line_surcharge_for_the_whole_build(feature_map):
    """"Snow Line", Exception: with a Ferry Line card you still pay nothing extra."""
    t = FeatureTable()
    t.to_actions(0)
    t.give_cash(0, 20)
    t.player(0).cards.append("ferry-line:2")
    t.act(0, type="use_card", card="Ferry Line")
    events = t.build(0, "D2", "E2", "F2", "G2", "H2", "I2")
    assert next(e for e in events if e["type"] == "build")["paid"] == 4 * OPEN


def test_the_ferry_card_field_is_validated():
    """``needs`` names a map feature the engine knows."""
    assert data.NEEDS == {"ferries", "time"} and data.load_cards()["ferry-line"].needs == "ferries"


# ------------------------------------------------------------------ western link
def _link_kansas_chicago(t, seat: int = 0) -> None:
    t.pass_until(seat)
    t.give_cash(seat, 20)
    t.build(seat, "B5", "C5", "D5", "E5", "F5")


def test_western_link_needs_a_complete_link_into_the_city(feature_map):
    """"Build Western Link": once a player has completed a link to the city."""
    t = FeatureTable()
    t.to_actions(0)
    assert "complete link of your own into Kansas City" in t.refused(0, type="western_link", city="Kansas City")
    assert "Chicago has no Western Link" in t.refused(0, type="western_link", city="Chicago")
    assert not [a for a in GAME.legal_actions(t.state, 0) if a["type"] == "western_link"]


def test_building_the_western_link(feature_map):
    """"Build Western Link": $30,000 (bonds as needed), the locomotive on the hex, 4 red cubes from the
    bag onto the city; once per city, nobody else builds it after."""
    t = FeatureTable()
    t.to_actions(0)
    _link_kansas_chicago(t)
    t.pass_until(0)
    assert {"type": "western_link", "city": "B5"} in GAME.legal_actions(t.state, 0)
    t.give_cash(0, 12)
    bag_red, cubes = t.state.bag["red"], list(t.city("Kansas City").cubes)
    events = t.act(0, type="western_link", city="kansas city")
    (event,) = [e for e in events if e["type"] == "western_link"]
    assert event["paid"] == 30 and event["bonds"] == 4 and event["cubes"] == 4
    assert t.player(0).cash == 12 + 20 - 30 and t.player(0).bonds == 4
    assert t.city("Kansas City").cubes == sorted(cubes + ["red"] * 4)
    assert t.state.bag["red"] == bag_red - 4
    assert t.state.western_links == {"B5": 0}
    assert "4 red cubes are placed on Kansas City" in event["text"]
    view = GAME.view(t.state, None)["western_link"]
    assert view["cities"] == [{"city": "B5", "name": "Kansas City", "hex": "A5", "owner": 0}]
    t.pass_until(0)
    assert "already built (by P0)" in t.refused(0, type="western_link", city="B5")


def test_too_few_red_cubes_places_what_there_is(feature_map):
    """Our reading (docs/rules-assumptions.md): with fewer than 4 red cubes in the bag, the ones left go."""
    t = FeatureTable()
    t.to_actions(0)
    _link_kansas_chicago(t)
    t.pass_until(0)
    t.give_cash(0, 30)
    moved = t.state.bag["red"] - 2
    t.state.bag["red"] = 2
    t.state.bag["blue"] += moved                      # keep 125 cubes in all
    events = t.act(0, type="western_link", city="B5")
    event = next(e for e in events if e["type"] == "western_link")
    assert event["cubes"] == 2 and "Only 2 red cubes are left in the bag" in event["text"]
    assert t.state.bag["red"] == 0 and t.city("Kansas City").cubes.count("red") >= 2


def test_no_track_on_the_western_link_hex(feature_map):
    """The Western Link hex (A5) holds only the Western Link."""
    t = FeatureTable()
    t.to_actions(0)
    t.give_cash(0, 20)
    message = t.refused(0, type="build", path=["C9", "B8", "B7", "A6", "A5"])
    assert "A5 is the Western Link hex of Kansas City" in message


def test_red_cubes_from_the_west_draw_two_cubes_onto_the_market(feature_map):
    """"Build Western Link": a red cube delivered from a Western Link city to Chicago, the delivered cube
    back in the bag first, makes two random cubes appear on Chicago."""
    t = FeatureTable()
    t.to_actions(0)
    _link_kansas_chicago(t)
    t.pass_until(0)
    t.give_cash(0, 30)
    t.act(0, type="western_link", city="B5")
    lid = next(lid for lid, link in t.state.links.items() if link.to)
    t.pass_until(0)
    before = list(t.city("Chicago").cubes)
    events = t.act(0, type="deliver", **{"from": "B5"}, colour="red", links=[lid])
    (bonus,) = [e for e in events if e["type"] == "western_market"]
    assert len(bonus["cubes"]) == 2
    assert sorted(t.city("Chicago").cubes) == sorted(before + bonus["cubes"])
    assert sum(t.state.bag.values()) + sum(len(c.cubes) for c in t.state.cities.values()) == 125


def test_no_draw_before_the_western_link_is_built(feature_map):
    """Without the Western Link, a red cube from Kansas City to Chicago is an ordinary delivery."""
    t = FeatureTable()
    t.to_actions(0)
    _link_kansas_chicago(t)
    t.pass_until(0)
    t.city("Kansas City").cubes = sorted(t.city("Kansas City").cubes + ["red"])
    t.state.bag["red"] -= 1
    lid = next(lid for lid, link in t.state.links.items() if link.to)
    before = list(t.city("Chicago").cubes)
    events = t.act(0, type="deliver", **{"from": "B5"}, colour="red", links=[lid])
    assert not [e for e in events if e["type"] == "western_market"] and t.city("Chicago").cubes == before


@pytest.mark.parametrize("map_id", [m for m in data.available_maps() if data.load_map(m).western_link])
def test_the_western_link_market_takes_red_cubes(map_id):
    """"RAILWAYS of the EASTERN U.S.", "Build Western Link": the red cubes of the West are delivered to
    the market city (Chicago), so on every shipped map with a Western Link the market is a red city
    (docs/rules-assumptions.md, "Western Link")."""
    m = data.load_map(map_id)
    assert m.cities[m.western_link.market].colour == "red"


def test_a_red_cube_from_kansas_city_to_chicago_on_the_eastern_us_map():
    """"RAILWAYS of the EASTERN U.S.", "Build Western Link" on our Eastern U.S. board: with the Western
    Link of Kansas City built, a red cube delivered from Kansas City to Chicago is taken, goes back to
    the bag, and two random cubes are then drawn onto Chicago."""
    from .helpers import Table
    t = Table(3, map="eastern-us")
    t.all_pass_auction()
    seat = t.actor
    m = context("eastern-us").map
    hexes = {c.name: h for h, c in m.cities.items()}
    kc, chicago = hexes["Kansas City"], hexes["Chicago"]
    t.state.links["900"] = {"owner": seat, "from": kc, "to": chicago, "hexes": [], "exit": None}
    t.state.western_links[kc] = seat
    t.state.cards.face_up = []
    city = t.state.cities[kc]
    if "red" not in city.cubes:
        city.cubes = sorted(city.cubes + ["red"])
        t.state.bag["red"] -= 1
    before = list(t.state.cities[chicago].cubes)
    events = t.act(seat, type="deliver", **{"from": kc}, colour="red", links=["900"])
    (bonus,) = [e for e in events if e["type"] == "western_market"]
    assert len(bonus["cubes"]) == 2 and "Chicago" in bonus["text"]
    assert sorted(t.state.cities[chicago].cubes) == sorted(before + bonus["cubes"])
    assert sum(t.state.bag.values()) + sum(len(c.cubes) for c in t.state.cities.values()) == 125
