"""Completing links, city spurs on the map, the cheapest-link question and the build sample.
Source: railways-of-the-world.txt, "A. BUILD TRACK" and "A Completed Link!"."""
import importlib.util
import random
from pathlib import Path

import pytest

from railhead.ai.policy import choose
from railhead.engine import IllegalAction, Match
from railhead.engine.common.hexgrid import SIDES, neighbor, side_towards
from railhead.engine.games.rotw.data import DataError, read_map
from railhead.engine.games.rotw.paths import corridors, long_corridors
from railhead.engine.games.rotw.search import FreeCorridor, _legal, build_sample

from .helpers import CTX, GAME, HEX, MAP, NO_BARONS, Table
from .test_build import started

ROOT = Path(__file__).resolve().parents[2]


def test_last_tile_reaching_a_free_spur_completes_the_link():
    """"A Completed Link!": "All track pieces connect to each other as well as to an open spot on
    each city." M7 points into Fulda's free spur: the link is complete, and stays at the turn's end."""
    t = started()
    events = t.build(1, "Frankfurt", "M7", toward="N7")
    link = t.state.links["1"]
    assert (link.from_, link.to, link.exit) == (HEX["Frankfurt"], HEX["Fulda"], None)
    assert "completes link #1 Frankfurt–Fulda" in events[0]["text"] and t.player(1).cash == 58
    t.finish_turn()
    assert t.state.links["1"].to == HEX["Fulda"] and "M7" in t.state.track


def test_straight_on_into_a_free_spur_completes_the_link():
    """The default direction (straight on) counts too: M6 continues north-east into Kassel."""
    t = started()
    t.build(1, "Köln", "J6", "K6", "L6", "M6", toward="N5")
    assert t.state.links["1"].to == HEX["Kassel"]


def test_track_pointing_at_a_city_side_without_a_spur_stays_unfinished_and_says_why():
    """"City Hexes only allow track to be built from hex sides with track connection points":
    Fulda has no spur on its east side."""
    t = started()
    assert 0 not in MAP.cities[HEX["Fulda"]].spurs
    events = t.build(1, "Erfurt", "P7", "O7")                       # O7 points west, into Fulda
    assert t.state.links["1"].to is None
    assert "points into Fulda, which has no free spur on that side" in events[0]["text"]


def test_a_build_that_lays_no_tile_is_refused():
    """"A. BUILD TRACK": players place track tiles; a build that lays or turns none is no action.
    (An end already pointing into a free spur is complete; this state is made by hand.)"""
    t = started()
    t.build(1, "Frankfurt", "M7", toward="N7")
    link = t.state.links["1"]
    link.to, link.exit = None, side_towards("M7", HEX["Fulda"])
    t.pass_until(1)
    before = t.state
    with pytest.raises(IllegalAction, match="already points to N7: a build must lay or turn at least one track tile"):
        t.act(1, type="build", path=["M7", HEX["Fulda"]])
    assert t.state is before and t.player(1).cash == 58


def test_cheapest_link_extends_your_unfinished_track():
    """`/rotw link`: the player's own open end towards Kassel is cheaper to extend than a new link
    (whose tiles would be paid again while the old ones are removed at the end of the turn)."""
    t = started()
    assert GAME.query(t.state, 1, "cheapest_link", {"from": "Köln", "to": "Kassel"})["cost"] == 8
    t.build(1, "Köln", "J6", "K6", toward="L6")
    t.pass_until(1)
    found = GAME.query(t.state, 1, "cheapest_link", {"from": "Köln", "to": "Kassel"})
    assert found == {"path": ["K6", "L6", "M6", HEX["Kassel"]], "cost": 4}
    t.act(1, type="build", path=found["path"])
    assert list(t.state.links) == ["1"] and t.state.links["1"].to == HEX["Kassel"]
    assert t.player(1).cash == 60 - 4 - 4


def test_cheapest_link_redirects_or_joins_your_open_end_when_that_is_cheaper():
    """"Players are allowed to redirect the track tile at the end of their incomplete link", and
    "it is legal to build a link from two different ends and join them in the middle"."""
    t = started()
    t.build(1, "Köln", "J6", "K6", toward="L6")
    t.pass_until(1)
    found = GAME.query(t.state, 1, "cheapest_link", {"from": "Köln", "to": "Frankfurt"})
    assert found == {"path": ["K6", "L7", HEX["Frankfurt"]], "cost": 4}       # K6 turned, then L7
    found = GAME.query(t.state, 1, "cheapest_link", {"from": "Frankfurt", "to": "Köln"})
    assert found == {"path": [HEX["Frankfurt"], "M7", "L6", "K6"], "cost": 4}  # joins the open end
    t.act(1, type="build", path=found["path"])
    (link,) = t.state.links.values()
    assert {link.from_, link.to} == {HEX["Frankfurt"], HEX["Köln"]}


def test_map_cities_have_spurs_from_the_generator():
    """The map data carries the spurs the generator chooses (tools/make_rotw_map.py), and they
    constrain: not every city takes track from every land side."""
    spec = importlib.util.spec_from_file_location("make_rotw_map", ROOT / "tools" / "make_rotw_map.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert gen.build() == (ROOT / "data/maps/rotw/rhine-alps.toml").read_text(encoding="utf-8")
    land = {h: {s for s in range(6) if neighbor(h, s) in MAP.terrain} for h in MAP.cities}
    assert all(c.spurs <= land[h] for h, c in MAP.cities.items())
    assert sum(len(c.spurs) < len(land[h]) for h, c in MAP.cities.items()) >= 30
    with pytest.raises(IllegalAction, match="Fulda has no track spur towards N6"):
        started().build(1, "Kassel", "N6", "Fulda")                 # Fulda's north-east side has none
    assert corridors("rhine-alps") and all(long_corridors("rhine-alps").values())


def test_a_spur_facing_the_sea_is_refused(tmp_path):
    text = (ROOT / "data/maps/rotw/rhine-alps.toml").read_text(encoding="utf-8")
    bad = text.replace('hex = "F2"\ncolour = "blue"\ncubes = 3\nspurs = ["E", "SE", "SW", "NW", "NE"]',
                       'hex = "F2"\ncolour = "blue"\ncubes = 3\nspurs = ["E", "W"]')
    assert bad != text and neighbor("F2", SIDES.index("W")) not in MAP.terrain
    path = tmp_path / "sea.toml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(DataError, match="Amsterdam: spur W faces the sea"):
        read_map(path)


def kind(state, action):
    """complete / extend (from an open end) / unfinished, and whether it redirects."""
    plan = _legal(CTX, state, action["seat"], action["path"], action.get("toward"))
    start = "new" if plan.link is None else "extend"
    return start, "complete" if plan.completes else "unfinished", plan.redirect is not None


def test_build_sample_reaches_every_kind_of_build():
    """``build_sample``: complete links, extending an open end (completing it or not, straight on
    or redirected) and unfinished links are all offered, and every offered build is legal."""
    t = started()
    t.build(1, "Frankfurt", "M7", "Fulda")
    t.pass_until(1)
    t.build(1, "Köln", "J6", "K6", toward="L6")
    t.pass_until(1)
    builds = [a for a in GAME.legal_actions(t.state, 1) if a["type"] == "build"]
    kinds = {kind(t.state, {**a, "seat": 1}) for a in builds}
    assert {("new", "complete", False), ("new", "unfinished", False), ("extend", "complete", False),
            ("extend", "complete", True), ("extend", "unfinished", False), ("extend", "unfinished", True)} <= kinds
    for action in builds:
        GAME.apply(t.state, 1, action)                               # raises if one were refused


def test_random_playouts_build_every_kind_and_the_quick_check_agrees_with_the_rules():
    """A random 4-player game with the playout policy: unfinished builds, extensions and complete
    links all happen; at each step the sampler's quick legality check matches ``plan_build``."""
    match = Match.start(GAME, NO_BARONS, ["P0", "P1", "P2", "P3"], 4)
    rng = random.Random(4)
    seen = set()
    while match.outcome() is None:
        (prompt,) = match.prompts()
        seat = prompt["seat"]
        action = choose(rng, GAME.legal_actions(match.state, seat))
        if action["type"] == "build":
            seen.add(kind(match.state, {**action, "seat": seat})[:2])
            free = FreeCorridor(CTX, match.state, seat)
            for path in corridors(MAP.id):
                assert free(path) == (_legal(CTX, match.state, seat, list(path)) is not None), path
        match, _ = match.play(seat, action)
    assert {("new", "complete"), ("new", "unfinished"), ("extend", "complete")} <= seen
    assert build_sample(match.state, CTX, 0) is not None


def test_cheapest_link_never_redirects_in_a_cut_throat_game():
    """railways-of-the-world.txt, "Cut Throat Variant for Blocking": `/rotw link` offers only builds
    the variant allows."""
    from railhead.engine.games.rotw import paths
    from railhead.engine.games.rotw.context import of

    from .helpers import Table

    t = Table(3, cut_throat=True)
    t.all_pass_auction()
    for seat in range(3):
        t.state.players[seat].cash = 60
    t.act(1, type="build", path=[HEX["Köln"], "J5", "K5"])
    t.pass_until(1)
    path, _ = paths.cheapest_link(t.state, of(t.state), 1, HEX["Köln"], HEX["Frankfurt"])
    t.act(1, type="build", path=path)                    # accepted: no redirect


def test_every_city_s_used_spurs_read_at_once_match_one_at_a_time():
    """``track.all_used_spurs`` and the legal-build search's ``FreeCorridor.spurs`` (the links'
    end tiles read once per state) give each city the sides ``track.used_spurs`` gives it ("City
    Hexes only allow track to be built from hex sides with track connection points"; a spur used
    by a link is taken)."""
    from railhead.ai.policy import play
    from railhead.engine.common.track import all_used_spurs, used_spurs

    _, state, _ = play(GAME, 3, 5, limit=150)
    at_once = all_used_spurs(state.links)
    free = FreeCorridor(CTX, state, 0)
    assert sum(len(s) for s in at_once.values()) > 10
    for city in state.cities:
        assert at_once.get(city, set()) == used_spurs(state.links, city) == free.spurs(city), city


def test_hex_distance_counts_steps_between_hexes():
    """``hexgrid.distance`` (the map tools' spacing rules and the period-board tests use it): every
    neighbour is 1 step, on even and odd rows, and a walk of n steps in one direction is n apart."""
    from railhead.engine.common.hexgrid import distance

    for start in ("F7", "G8"):
        assert all(distance(start, neighbor(start, side)) == 1 for side in range(6))
        for side in range(6):
            here = start
            for steps in range(1, 4):
                here = neighbor(here, side)
                assert distance(start, here) == steps


def test_a_refused_link_says_why():
    """`/rotw link A B` refused says why (issue 31, newcomer games): railways-of-the-world.txt, "A. BUILD
    TRACK": track enters a city only from its track connection points (spurs), a build lays at most 4
    tiles, and a second track in a hex must cross the first."""
    t = Table(3)
    t.all_pass_auction()
    for seat in range(3):
        t.player(seat).cash = 60

    def why(a: str, b: str) -> str:
        with pytest.raises(IllegalAction) as err:
            GAME.query(t.state, t.actor, "cheapest_link", {"from": a, "to": b})
        return str(err.value)

    assert "more than 4 tiles apart" in why("Köln", "München")
    for city in ("Frankfurt", "Kassel"):                       # two of Fulda's three spurs
        t.act(t.actor, type="build", path=GAME.query(t.state, t.actor, "cheapest_link",
                                                     {"from": "Fulda", "to": city})["path"])
    assert "track already laid is in the way of every such path (at the spur of Fulda)" in why("Fulda", "Köln")
    for city in ("Rotterdam", "Brussel", "Liège"):             # all three of Eindhoven's
        t.act(t.actor, type="build", path=GAME.query(t.state, t.actor, "cheapest_link",
                                                     {"from": "Eindhoven", "to": city})["path"])
    assert "every track spur of Eindhoven is taken by a link already" in why("Eindhoven", "Köln")
