"""Delivering through time on synthetic links (engine/games/rotw/timetravel.py; railways-of-the-world.txt,
"RAILWAYS through TIME", "Delivering Goods Through Time"): the rulebook's three examples with their
engine levels and points, only your own track, never back into a period, never through time to your
own period."""
import pytest

from railhead.engine import IllegalAction
from railhead.engine.games.rotw.state import Link
from railhead.engine.games.rotw.timetravel import check_time_route, counted, time_routes

# Stone Age: purple city S1, blue city S2, warp SW.  Egypt: gray city E1, warp EW.
# Napoleonic: red city N1, warp NW1 and NW2.
PERIOD = {"S1": "stone", "S2": "stone", "SW": "stone", "E1": "egypt", "EW": "egypt",
          "N1": "napoleon", "NW1": "napoleon", "NW2": "napoleon", "N2": "napoleon"}
WARPS = {"SW": "stone", "EW": "egypt", "NW1": "napoleon", "NW2": "napoleon"}
COLOUR = {"S1": "purple", "S2": "blue", "E1": "gray", "N1": "red", "N2": "blue"}


def colour_of(h):
    return COLOUR.get(h, "warp")


def link(owner, a, b):
    return Link(owner=owner, from_=a, to=b, hexes=[], exit=None)


def name_of(h):
    return h


LINKS = {"1": link(0, "S1", "SW"), "2": link(0, "N1", "NW1"), "3": link(0, "S2", "S1"),
         "4": link(0, "E1", "EW"), "5": link(1, "N2", "NW2")}


def routes(origin, colour, level, mover=0, links=LINKS):
    return sorted(ids for ids, _ in time_routes(links, origin, colour, level, mover, colour_of, PERIOD, WARPS))


def test_stone_age_to_napoleonic_is_one_link():
    """First example: a red cube from the purple Stone Age city to the red Napoleonic city needs a
    level 1 engine and is worth 1 point: the two links through the warps count as one."""
    assert routes("S1", "red", 1) == [["1", "2"]]
    assert check_time_route(LINKS, "S1", "red", ["1", "2"], 1, 0, colour_of, name_of, PERIOD, WARPS) == \
        ["SW", "NW1", "N1"]
    assert counted(["1", "2"], LINKS, WARPS) == 1


def test_napoleonic_through_stone_age_to_blue_needs_level_2():
    """Second example: red Napoleonic city -> purple Stone Age city -> blue Stone Age city: level 2,
    2 points."""
    assert routes("N1", "blue", 1) == []
    assert routes("N1", "blue", 2) == [["2", "1", "3"]]
    assert counted(["2", "1", "3"], LINKS, WARPS) == 2


def test_through_three_periods():
    """Third example in spirit: a cube may cross several periods; each jump counts once."""
    links = {"1": link(0, "S2", "SW"), "2": link(0, "E1", "EW"), "3": link(0, "N1", "NW1"),
             "4": link(0, "E1", "X")}
    period = {**PERIOD, "X": "egypt"}
    found = sorted(ids for ids, _ in time_routes(links, "S2", "red", 3, 0, colour_of, period, WARPS))
    assert ["1", "3"] in found


def test_only_your_own_track():
    """"Players may no longer use another player's tracks to deliver cubes"."""
    assert not any("5" in r for r in routes("S1", "blue", 4))
    with pytest.raises(IllegalAction, match="not yours"):
        check_time_route(LINKS, "N2", "red", ["5"], 3, 0, colour_of, name_of, PERIOD, WARPS)


def test_never_back_to_a_period_nor_through_time_to_your_own():
    """"Players may NOT use time warps to deliver cubes to cities that reside in the same time
    period. Once a Good leaves a time period, it may NEVER reenter that same time period.\""""
    links = {"1": link(0, "N1", "NW1"), "2": link(0, "N2", "NW2")}
    assert routes("N1", "blue", 3, links=links) == []            # N1 -> NW1 -> NW2 -> N2: same period
    with pytest.raises(IllegalAction, match="never goes back to a period"):
        check_time_route(links, "N1", "blue", ["1", "2"], 3, 0, colour_of, name_of, PERIOD, WARPS)


def test_a_cube_goes_on_from_a_warp_only_through_time():
    links = {"1": link(0, "S1", "SW"), "2": link(0, "SW", "S2")}
    with pytest.raises(IllegalAction, match="only go on through time"):
        check_time_route(links, "S1", "blue", ["1", "2"], 3, 0, colour_of, name_of, PERIOD, WARPS)
    assert routes("S1", "blue", 3, links=links) == []


def test_the_engine_level_counts_a_jump_once():
    with pytest.raises(IllegalAction, match="counts 2 links"):
        check_time_route(LINKS, "N1", "blue", ["2", "1", "3"], 1, 0, colour_of, name_of, PERIOD, WARPS)
