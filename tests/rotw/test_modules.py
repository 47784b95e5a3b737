"""The four add-on modules of Railways of the World (issue 21): Mines, Switch Tracks, Fuel Depots
and City Rotors (railways-of-the-world.txt, "Mines", "Switch Tracks", "Fuel Depots", "Rotor Cities
and Color Wheel Chart"; "RAILWAYS of the WESTERN U.S.", Set Up). Scenario tests build the board
they need on a ``Table`` (links of the delivery tests are written straight into the state: only
their cities matter to a delivery), refusals leave the state unchanged, and random playouts with
every module on reach the end with all 125 cubes and replay to the same bytes."""
from __future__ import annotations

import copy
import random

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhead.ai.policy import choose, play
from railhead.engine import IllegalAction, canonical
from railhead.engine.common.goods import COLOURS
from railhead.engine.common.hexgrid import neighbor, side_towards
from railhead.engine.core import UNSET
from railhead.engine.games.rotw import modules
from railhead.engine.games.rotw.context import context
from railhead.engine.games.rotw.paths import city_stop, walk
from railhead.engine.games.rotw.state import Depot, Link

from .helpers import GAME, HEX, MAP, Table

ALL = {"mines": True, "switch_tracks": True, "fuel_depots": True, "city_rotors": True}


def started(players: int = 3, **options) -> Table:
    t = Table(players, **{**ALL, **options})
    t.all_pass_auction()
    for seat in range(players):
        t.give_cash(seat, 60)
    return t


def refused(t: Table, seat: int, match: str, **action) -> None:
    before = canonical(t.state)
    with pytest.raises(IllegalAction, match=match):
        t.act(seat, **action)
    assert canonical(t.state) == before


def cubes_in_play(state) -> dict[str, int]:
    out = dict(state.bag)
    for city in state.cities.values():
        for c in city.cubes:
            out[c] += 1
    for kept in state.modules.carried.values() if state.modules is not UNSET else []:
        out[kept.colour] += 1
    return out


def set_cubes(t: Table, name: str, cubes: list[str]) -> None:
    """Put ``name``'s cubes back into the bag and give it ``cubes`` from the bag."""
    for c in t.city(name).cubes:
        t.state.bag[c] += 1
    for c in cubes:
        t.state.bag[c] -= 1
    t.city(name).cubes = sorted(cubes)


def link_cities(t: Table, seat: int, a: str, b: str) -> str:
    """Build the cheapest link from ``a`` to ``b`` for ``seat``; returns its id."""
    t.pass_until(seat)
    path = GAME.query(t.state, seat, "cheapest_link", {"from": a, "to": b})["path"]
    (build,) = [e for e in t.act(seat, type="build", path=path) if e["type"] == "build"]
    return build["link"]


def chain(t: Table, seat: int, names: list[str], first_id: int = 101) -> list[str]:
    """Complete links of ``seat`` joining ``names`` in order, written into the state."""
    ids = []
    for i, (a, b) in enumerate(zip(names, names[1:])):
        lid = str(first_id + i)
        t.state.links[lid] = Link(owner=seat, from_=HEX[a], to=HEX[b], hexes=[], exit=None)
        ids.append(lid)
    return ids


def test_options_default_off_and_add_no_state():
    """Every module is off by default: a game without them has no ``modules`` key and the same
    options record as before (tests/test_fixtures.py replays the stored games byte for byte)."""
    t = Table(3)
    assert t.state.modules is UNSET
    assert "modules" not in GAME.view(t.state, None)
    on = started(3)
    assert sorted(msgspec.to_builtins(on.state.options)) == sorted(["map", "bidding", "short_game", *ALL])
    assert GAME.view(on.state, 0)["modules"]["left"] == {"mine": [2, 2, 2], "switch": [2, 2, 2], "depot": [2, 2, 2]}


# ------------------------------------------------------------------ mines
def test_a_mine_draws_until_a_colour_repeats():
    """"Mines": $10,000 with a build; cubes are drawn until one repeats a colour (at most 5); the
    others go on the gray city, the repeated one back into the bag; the city keeps its Mine."""
    for seed in range(1, 8):
        t = Table(3, seed=seed, **ALL)
        t.all_pass_auction()
        t.give_cash(t.actor, 20)
        seat = t.actor
        before = list(t.city("Troyes").cubes)
        events = t.act(seat, type="build", mine="Troyes")
        (mine,) = [e for e in events if e["type"] == "mine"]
        drawn = mine["cubes"]
        assert len(set(drawn)) == len(drawn) and 1 <= len(drawn) <= 5
        assert mine["discarded"] is None if len(drawn) == 5 else mine["discarded"] in drawn
        assert sorted(t.city("Troyes").cubes) == sorted(before + drawn)
        assert t.state.modules.mines == {HEX["Troyes"]: seat}
        assert t.player(seat).cash == 10 and t.state.modules.used["mine"][seat] == 1
        assert all(n == 25 for n in cubes_in_play(t.state).values())


def test_mine_refusals_leave_the_state_untouched():
    """"Mines": only on a gray city, once per city, twice per player; not without the option."""
    t = started(3)
    seat = t.actor
    refused(t, seat, "a Mine goes on a gray city", type="build", mine="Paris")
    t.act(seat, type="build", mine="Troyes")
    t.pass_until(seat)
    refused(t, seat, "was mined already", type="build", mine="Troyes")
    t.act(seat, type="build", mine="Chur")
    t.pass_until(seat)
    refused(t, seat, "both times already", type="build", mine="Ulm")
    plain = Table(3)
    plain.all_pass_auction()
    refused(plain, plain.actor, "without the Mine module", type="build", mine="Troyes")


# ------------------------------------------------------------------ switches
def _branch(t: Table, seat: int, lid: str) -> tuple[str, list[str]]:
    """A switch hex on link ``lid`` and a path from it to a city that one build lays."""
    state = t.state
    ctx = context("rhine-alps")
    cities = [c for c in MAP.cities if c not in (state.links[lid].from_, state.links[lid].to)]
    for hexname in state.links[lid].hexes:
        board = modules.switch_board(ctx, state, hexname)
        for side in sorted(board.cities[hexname].spurs):
            first = neighbor(hexname, side)
            if first in MAP.cities or first not in MAP.terrain or state.track.get(first):
                continue
            for path in walk(MAP, [hexname, first], side_towards(first, hexname), 3,
                             lambda h: not state.track.get(h), city_stop(MAP, state.links, cities)):
                return hexname, path
    raise AssertionError("no branch found")


def test_a_switch_branches_a_new_link_off_own_track():
    """"Switch Tracks": $5,000 with a build, on a tile of the player's own track; the new link
    leaves that tile by normal rules, and once complete joins its city to both cities of the link
    (a 3-way connection): a delivery from there to either city is one link."""
    t = started(3)
    seat = t.actor
    lid = link_cities(t, seat, "Köln", "Frankfurt")
    assert t.state.links[lid].to == HEX["Frankfurt"]
    t.pass_until(seat)
    hexname, path = _branch(t, seat, lid)
    cash = t.player(seat).cash
    events = t.act(seat, type="build", switch=hexname, path=path)
    assert [e["type"] for e in events][:2] == ["switch", "build"]
    sw = t.state.modules.switches[hexname]
    branch = t.state.links[sw.branch]
    assert sw.on == lid and branch.from_ == hexname and branch.to == path[-1]
    assert t.player(seat).cash == cash - 5 - next(e["paid"] for e in events if e["type"] == "build")
    view = GAME.view(t.state, None)["modules"]
    assert view["switches"][hexname] == {"seat": seat, "on": lid, "branch": sw.branch}
    from railhead.engine.games.rotw.routing import graph
    adj, family = graph(t.state)
    ends = {o for k, o in adj[path[-1]] if k == sw.branch}
    assert ends == {HEX["Köln"], HEX["Frankfurt"]} - {path[-1]} and family[sw.branch] == lid


def test_an_unfinished_branch_is_removed_with_its_switch():
    """"Switch Tracks": track on the switch link not completed before the income phase is
    removed, switch marker included (the switch goes back to its owner)."""
    t = started(2)
    seat = t.actor
    lid = link_cities(t, seat, "Köln", "Frankfurt")
    t.pass_until(seat)
    hexname, path = _branch(t, seat, lid)
    t.act(seat, type="build", switch=hexname, path=path[:2], toward=path[2])
    assert t.state.modules.used["switch"][seat] == 1
    t.finish_turn()
    assert hexname not in t.state.modules.switches
    assert t.state.modules.used["switch"][seat] == 0
    assert all(link.to for link in t.state.links.values())


def test_switch_refusals():
    """"Switch Tracks": only on the player's own existing (complete) track, the path starting at
    the switch; refused otherwise with the state untouched."""
    t = started(2)
    a = t.actor
    lid = link_cities(t, a, "Köln", "Frankfurt")
    tile = t.state.links[lid].hexes[0]
    b = t.actor
    assert b != a
    refused(t, b, "belongs to P", type="build", switch=tile, path=[tile, "K6"])
    refused(t, b, "has no track", type="build", switch="B20", path=["B20", "B21"])
    t.pass_until(a)
    refused(t, a, "path starting at the switch", type="build", switch=tile, path=["Köln"])


# ------------------------------------------------------------------ depots
def depot_table() -> tuple[Table, int, list[str]]:
    """Mike's board: a black cube in City A (Paris), a 4 train, his depot in City B (Nancy) 4 links
    away, City C (Bern, black) 3 links further; no black city between."""
    t = started(3)
    seat = t.actor
    names = ["Paris", "Reims", "Dijon", "Lyon", "Nancy", "Basel", "Zürich", "Bern"]
    for n in names[1:-1]:
        t.city(n).colour = "yellow" if n != "Nancy" else "red"
    set_cubes(t, "Paris", ["black"])
    ids = chain(t, seat, names)
    t.state.cards.face_up = []           # no goal card scores on top of the links
    t.player(seat).engine = 4
    t.state.modules.depots[HEX["Nancy"]] = Depot(seat=seat, tokens=2)
    return t, seat, ids


def test_fuel_depot_worked_example():
    """"Fuel Depots", the example: Mike takes a black cube 4 links from City A to his depot in City
    B with a 4 train (no points), then next round uses the depot token and goes 3 links on to City
    C: 7 points for the 4 + 3 links."""
    t, seat, ids = depot_table()
    bag = t.state.bag["black"]
    points = t.player(seat).points
    events = t.act(seat, type="deliver", **{"from": "Paris"}, colour="black", links=ids[:4], stop=True)
    assert [e["type"] for e in events][0] == "depot_stop"
    assert t.player(seat).points == points and t.state.bag["black"] == bag
    assert t.state.modules.carried[str(seat)].at == HEX["Nancy"]
    assert GAME.view(t.state, None)["modules"]["carried"][str(seat)]["colour"] == "black"
    t.pass_until(seat)
    events = t.act(seat, type="deliver", **{"from": "Nancy"}, colour="black", kept=True, links=ids[4:])
    (done,) = [e for e in events if e["type"] == "deliver"]
    assert done["continued"] and t.player(seat).points == points + 7
    assert t.state.modules.depots[HEX["Nancy"]].tokens == 1
    assert t.state.modules.carried == {} and t.state.bag["black"] == bag + 1


def test_a_kept_cube_not_continued_is_discarded():
    """"Fuel Depots": if the player does not go on with the cube on their next action, it is
    discarded (into the bag, our figure)."""
    t, seat, ids = depot_table()
    bag = t.state.bag["black"]
    t.act(seat, type="deliver", **{"from": "Paris"}, colour="black", links=ids[:4], stop=True)
    t.pass_until(seat)
    events = t.act(seat, type="pass")
    assert any(e["type"] == "cube_discarded" for e in events)
    assert t.state.modules.carried == {} and t.state.bag["black"] == bag + 1
    assert t.state.modules.depots[HEX["Nancy"]].tokens == 2


def test_a_depot_lets_a_cube_through_a_city_of_its_colour():
    """"Fuel Depots": delivering through a city where you have a depot, you may ignore its colour
    by removing one token; without a token the cube must stop there; two uses empty the depot."""
    t, seat, ids = depot_table()
    t.city("Nancy").colour = "black"
    set_cubes(t, "Paris", ["black", "black"])
    t.player(seat).engine = 7
    events = t.act(seat, type="deliver", **{"from": "Paris"}, colour="black", links=ids)
    (done,) = [e for e in events if e["type"] == "deliver"]
    assert done["depots"] == [HEX["Nancy"]]
    assert t.state.modules.depots[HEX["Nancy"]].tokens == 1
    t.state.modules.depots[HEX["Nancy"]].tokens = 0
    del t.state.modules.depots[HEX["Nancy"]]
    t.pass_until(seat)
    refused(t, seat, "must stop at Nancy", type="deliver", **{"from": "Paris"}, colour="black", links=ids)


def test_depot_refusals():
    """"Fuel Depots": a depot goes on a city the player is connected to that holds no depot
    tokens; a stop must end at the player's own depot."""
    t, seat, ids = depot_table()
    refused(t, seat, "not connected to Milano", type="build", depot="Milano")
    refused(t, seat, "already holds Fuel Depot tokens", type="build", depot="Nancy")
    refused(t, seat, "none of yours", type="deliver", **{"from": "Paris"}, colour="black", links=ids[:3], stop=True)
    refused(t, seat, "no goods cube waiting", type="deliver", **{"from": "Nancy"}, colour="black", kept=True,
            links=ids[4:])
    events = t.act(seat, type="build", depot="Reims")
    assert [e["type"] for e in events] == ["depot"]
    assert t.state.modules.depots[HEX["Reims"]] == Depot(seat=seat, tokens=2)
    assert GAME.view(t.state, None)["modules"]["tokens"][seat] == 4


# ------------------------------------------------------------------ rotors
def test_rotor_cities_and_their_turning():
    """"Rotor Cities and Color Wheel Chart": a rotor starts showing its base colour; either shown
    colour may be delivered to it; after every delivery it turns to the next colour of the wheel."""
    t = started(3)
    seat = t.actor
    rotors = t.state.modules.rotors
    assert sorted(rotors) == sorted(modules.rotor_cities(context("rhine-alps")))
    assert all(r.base == r.shows == t.state.cities[h].colour for h, r in rotors.items())
    # Köln (yellow rotor): turn it to show blue, then a blue cube from Brussel may end there
    rotors[HEX["Köln"]].shows = "blue"
    set_cubes(t, "Brussel", ["blue"])
    ids = chain(t, seat, ["Brussel", "Köln"])
    events = t.act(seat, type="deliver", **{"from": "Brussel"}, colour="blue", links=ids)
    (turn,) = [e for e in events if e["type"] == "rotor"]
    rotor = t.state.modules.rotors[HEX["Köln"]]
    assert turn["shows"] == modules.WHEEL[(modules.WHEEL.index("blue") + 1) % 5] == rotor.shows
    assert GAME.view(t.state, None)["modules"]["rotors"][HEX["Köln"]]["accepts"] == sorted({"yellow", turn["shows"]})


def test_western_us_rotor_cities():
    """"RAILWAYS of the WESTERN U.S.", Set Up: San Francisco, Denver, Salt Lake City and Oklahoma
    City as recommended; Seattle for Tacoma and Billings for Butte (not on our map)."""
    ctx = context("western-us")
    names = sorted(ctx.map.cities[h].name for h in modules.rotor_cities(ctx))
    assert names == sorted(["San Francisco", "Seattle", "Denver", "Billings", "Salt Lake City", "Oklahoma City"])


# ------------------------------------------------------------------ playouts
@pytest.mark.parametrize(("map_id", "players"), [("rhine-alps", 2), ("western-us", 6)])
def test_random_games_with_every_module_reach_the_end(map_id, players):
    """A random legal game with all four modules on reaches the end, every cube is still one of
    the 125 (bag, cities, kept cubes), and the log replays to the same bytes."""
    options = {**ALL, "map": map_id}
    names, state, log = play(GAME, players, 1, options=options)
    assert GAME.outcome(state) is not None
    assert all(n == 25 for n in cubes_in_play(state).values())
    kinds = {k for _, a in log if a["type"] == "build" for k in ("mine", "switch", "depot") if k in a}
    assert kinds == {"mine", "switch", "depot"}
    assert any(a.get("kept") for _, a in log), "no cube went on from a Fuel Depot"
    again = GAME.setup(options, names, 1)
    for seat, action in log:
        again, _ = GAME.apply(again, seat, action)
    assert canonical(again) == canonical(state)
    assert all(c in COLOURS for r in state.modules.rotors.values() for c in (r.base, r.shows))


# ------------------------------------------------------------------ switches and goal cards (issue 31)
@pytest.mark.parametrize("goal", ["grand-tour:1", "golden-spike:1", "long-distance:1"])
def test_a_branch_built_with_a_network_goal_face_up(goal):
    """railways-of-the-world.txt, "Switch Tracks" (the branch leaves the switch "following all normal
    track-building rules") and the network goal cards: completing the branch in the same Build
    Track action as its switch, with a goal card about the network face up, is one build like any
    other (it once crashed with ``KeyError`` on the switch hex); the switch is recorded with its
    branch, the branch joins its city to both cities of the switch's link."""
    t = started(3)
    seat = t.actor
    lid = link_cities(t, seat, "Köln", "Frankfurt")
    t.pass_until(seat)
    hexname, path = _branch(t, seat, lid)
    t.state.cards.face_up.append(goal)
    events = t.act(seat, type="build", switch=hexname, path=path)
    assert [e["type"] for e in events][:2] == ["switch", "build"]
    assert t.state.modules.switches[hexname].on == lid


def test_a_major_line_joined_through_a_branch():
    """railways-of-the-world.txt, "Switch Tracks" (a complete branch is a 3-way connection) and
    "Major Lines": when the branch completed with its switch is what joins a Major Line's two
    cities, the line scores at once for the branch's owner."""
    t = started(3)
    seat = t.actor
    lid = link_cities(t, seat, "Köln", "Frankfurt")
    t.pass_until(seat)
    hexname, path = _branch(t, seat, lid)
    end = path[-1]
    assert end not in (HEX["Köln"], HEX["Basel"])
    line = [i for i, (a, b, _) in enumerate(context("rhine-alps").map_cards.major_lines)
            if {a, b} == {HEX["Köln"], HEX["Basel"]}][0]
    assert t.state.major_lines[line] is None
    t.state.links["901"] = {"owner": seat, "from": end, "to": HEX["Basel"], "hexes": [], "exit": None}
    points = t.player(seat).points
    events = t.act(seat, type="build", switch=hexname, path=path)
    assert t.state.major_lines[line] == seat
    assert any(e["type"] == "major_line" and "Köln" in e["text"] and "Basel" in e["text"] for e in events)
    assert t.player(seat).points >= points + 7


NETWORK_GOALS = ["grand-tour:1", "golden-spike:1", "long-distance:1"]


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10_000))
def test_whether_a_build_is_taken_never_depends_on_the_goal_cards_face_up(seed):
    """A Build Track action (with Switch Tracks, Mines and Fuel Depots on) is taken or refused the
    same with the network goal cards face up as without them, never with another error
    (railways-of-the-world.txt, "A. BUILD TRACK", "Switch Tracks", "E. SELECT RAILROAD OPERATIONS
    CARD": a goal card rewards a build, it does not decide it). Random playouts; at each build
    turn up to six switch builds and one other are also tried with the goal cards added."""
    rng = random.Random(seed)
    state = GAME.setup({**ALL, "map": "rhine-alps"}, ["P0", "P1"], seed)
    tried = 0
    for _ in range(400):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.prompts(state)[0]["seat"]
        acts = GAME.legal_actions(state, seat)
        builds = [a for a in acts if a["type"] == "build"]
        switches = [a for a in builds if "switch" in a]
        goals = copy.deepcopy(state)
        goals.cards.face_up = [c for c in goals.cards.face_up if c not in NETWORK_GOALS] + NETWORK_GOALS
        for action in rng.sample(switches, min(6, len(switches))) + rng.sample(builds, min(1, len(builds))):
            assert _taken(goals, seat, action) == _taken(state, seat, action), action
            tried += 1
        state, _ = GAME.apply(state, seat, choose(rng, acts))
    assert tried


def _taken(state, seat: int, action: dict) -> bool:
    try:
        GAME.apply(state, seat, action)
    except IllegalAction:
        return False
    return True
