"""A. Build Track. Source: railways-of-the-world.txt, "A. BUILD TRACK"."""
from types import SimpleNamespace

import pytest

from railhead.engine import IllegalAction
from railhead.engine.common.hexgrid import edge_key, neighbor
from railhead.engine.common.track import apply_build, plan_build
from railhead.engine.games.rotw.state import Link, Segment

from .helpers import GAME, HEX, MAP, Table


def started(players=3, **options):
    t = Table(players, **options)
    t.all_pass_auction()          # seat 1 is first: order 1, 2, 0
    for seat in range(players):
        t.give_cash(seat, 60)
    return t


def test_open_terrain_tile_costs_2000_and_completes_link():
    t = started()
    t.build(1, "Frankfurt", "M7", "Fulda")
    assert t.player(1).cash == 58
    link = t.state.links["1"]
    assert (link.owner, link.from_, link.to) == (1, HEX["Frankfurt"], HEX["Fulda"])
    assert "completes link #1 Frankfurt–Fulda" in t.events[0]["text"]


def test_water_tile_costs_3000():
    t = started()
    assert MAP.terrain["J7"] == "water"
    t.build(1, "Köln", "J7", "Koblenz")
    assert t.player(1).cash == 57


def test_mountain_tile_costs_4000_and_ridge_adds_4000():
    t = started()
    path = ["J18", "K17", "K16", "L16"]                    # Bern -> Zürich, through the Alps
    assert all(MAP.terrain[h] == "mountain" for h in path[1:-1])
    ridges = sum(edge_key(a, b) in MAP.ridges for a, b in zip(path, path[1:]))
    assert ridges >= 1
    t.build(1, *path)
    assert t.player(1).cash == 60 - 4 * (len(path) - 2) - 4 * ridges


def test_more_than_four_tiles_in_one_build_is_refused():
    t = started()
    with pytest.raises(IllegalAction, match="at most 4 tiles"):
        t.build(1, "Köln", "J6", "K6", "L6", "M6", "N6")


def test_cost_is_paid_with_bonds_when_cash_is_short():
    """"Use of Cash and Bonds": only the bonds needed are issued."""
    t = started()
    t.give_cash(1, 1)
    t.build(1, "Frankfurt", "M7", "Fulda")          # $2,000 with $1,000: one bond
    assert (t.player(1).cash, t.player(1).bonds) == (4, 1)


def test_track_must_start_at_a_city_or_own_open_end():
    t = started()
    with pytest.raises(IllegalAction, match="must start at a city"):
        t.build(1, "M7", "N7")


def test_incomplete_link_can_be_extended_and_is_removed_at_end_of_turn():
    t = started()
    t.build(1, "Köln", "J6", "K6")                   # towards Kassel, heading straight on
    link = t.state.links["1"]
    assert link.to is None and link.hexes == ["J6", "K6"]
    t.build(2, "Frankfurt", "M7", "Fulda")
    t.build(0, "Koblenz", "K8", "Frankfurt")
    t.build(1, "K6", "L6", "M6", "Kassel")           # same turn, round 2: completes
    assert t.state.links["1"].to == HEX["Kassel"]
    t.build(2, "Köln", "J5", "K5")                  # left unfinished
    t.finish_turn()
    assert "4" not in t.state.links and "K5" not in t.state.track
    assert t.state.links["1"].to == HEX["Kassel"]
    assert [e["text"] for e in t.events if e["type"] == "removed"] == ["Unfinished track is removed (link #4)."]


def test_every_unfinished_link_is_named_in_one_line_at_the_turn_end():
    """railways-of-the-world.txt, "A. BUILD TRACK": track left unfinished at the end of a turn is
    taken off the board. Several such links are said in one line (the turn's end message used to
    give each its own line: ten of them in a six-player game)."""
    t = started()
    t.build(1, "Köln", "J5", "K5")                   # each left unfinished
    t.build(2, "Frankfurt", "M7")
    t.build(0, "Koblenz", "K9")
    t.finish_turn()
    removed = [e for e in t.events if e["type"] == "removed"]
    assert len(removed) == 1 and removed[0]["links"] == ["1", "2", "3"]
    assert removed[0]["text"] == "Unfinished track is removed (links #1, #2 and #3)."


def test_redirecting_the_last_tile_pays_its_terrain_again():
    t = started()
    t.build(1, "Köln", "J5", "K5")                   # K5 tile points east (to L5)
    cash = t.player(1).cash
    t.pass_until(1)
    t.build(1, "K5", "K6", "L7", "Frankfurt")        # turn K5 towards K6: K5 again + K6 + L7
    assert t.state.links["1"].to == HEX["Frankfurt"]
    assert t.player(1).cash == cash - 3 * 2


def test_a_link_built_from_both_ends_joins_in_the_middle():
    """"It is legal to build a link from two different ends and join them in the middle": the
    second half's path ends at the first half's open end."""
    t = started()
    t.build(1, "Köln", "J6", "K6", toward="L6")
    t.pass_until(1)
    t.build(1, "Fulda", "M6", "L6", "K6")             # K6 is the open end of the first half
    links = t.state.links
    assert len(links) == 1
    (link,) = links.values()
    assert {link.from_, link.to} == {HEX["Köln"], HEX["Fulda"]}
    expected = ["J6", "K6", "L6", "M6"]
    assert link.hexes == (expected if link.from_ == HEX["Köln"] else expected[::-1])
    assert all(seg.link == lid for h in expected for seg in t.state.track[h] for lid in links)


def test_halves_whose_tiles_meet_are_joined_at_once():
    """"A Completed Link!": all track pieces connect to each other and to a city at each end. The
    second half's last tile points into the first half's open end: the halves are one link."""
    t = started()
    t.build(1, "Köln", "J6", "K6", toward="L6")
    t.pass_until(1)
    events = t.build(1, "Fulda", "M6", "L6", toward="K6")
    (link,) = t.state.links.values()
    assert {link.from_, link.to} == {HEX["Köln"], HEX["Fulda"]}
    assert "completes link" in events[0]["text"]
    t.finish_turn()
    assert len(t.state.links) == 1                 # complete: not removed at the end of the turn


def test_cannot_extend_another_players_track():
    t = started()
    t.build(1, "Köln", "J5", "K5")
    with pytest.raises(IllegalAction, match="must start at a city or at the open end of your own"):
        t.build(2, "K5", "L5", "M5", "Kassel")


def test_crossing_passes_over_without_touching():
    """Crossings: "may only be built when crossing over an existing section of track ... does not in
    any way connect the two sections" (an overpass); track sharing a side is refused."""
    mid, names, board = star()
    links, track = {}, {}
    build(track, links, 1, plan_build(board, track, links, 1, [names[3], mid, names[0]]), "1")  # W-E
    crossing = plan_build(board, track, links, 0, [names[4], mid, names[1]])                          # NW-SE
    build(track, links, 0, crossing, "2")
    assert [seg.link for seg in track[mid]] == ["1", "2"]
    with pytest.raises(IllegalAction, match="crossing"):
        plan_build(board, track, links, 0, [names[5], mid, names[2]])       # a third track: full
    with pytest.raises(IllegalAction, match="crossing must pass over"):
        plan_build(board, {"C3": track[mid][:1]}, {"1": links["1"]}, 0, [names[4], mid], names[0])  # shares E


def build(track, links, seat, plan, new_id):
    """``track.apply_build`` with RotW's records."""
    def link(owner, start):
        return Link(owner=owner, from_=start, to=None, hexes=[], exit=None)

    return apply_build(track, links, seat, plan, new_id, link, lambda lid, sides: Segment(link=lid, sides=sides))


def star():
    """A hex ``C3`` with a city on each side (every side a spur)."""
    mid = "C3"
    names = {s: neighbor(mid, s) for s in range(6)}
    board = SimpleNamespace(
        terrain={h: "open" for h in [mid, *names.values()]}, ridges=frozenset(),
        cities={names[s]: SimpleNamespace(name=f"City{s}", spurs=frozenset(range(6))) for s in range(6)},
    )
    return mid, names, board


def test_track_tiles_are_straights_gentle_curves_and_crossings():
    """"Track Tiles: Straights, Curves, & Crossings": a tile turns at most one side (a gentle curve),
    and a crossing carries a track over another ("may only be built when crossing over an existing
    section of track"), so two curves bending away from each other do not share a hex."""
    mid, names, board = star()
    with pytest.raises(IllegalAction, match=f"cannot turn that sharply in {mid}"):
        plan_build(board, {}, {}, 0, [names[0], mid, names[1]])
    assert plan_build(board, {}, {}, 0, [names[0], mid, names[2]]).completes     # gentle curve
    assert plan_build(board, {}, {}, 0, [names[0], mid, names[3]]).completes     # straight
    links, track = {}, {}
    build(track, links, 1, plan_build(board, track, links, 1, [names[0], mid, names[2]]), "1")  # E-SW
    with pytest.raises(IllegalAction, match="must cross over it"):
        plan_build(board, track, links, 0, [names[3], mid, names[5]])           # W-NE: beside it
    assert plan_build(board, track, links, 0, [names[1], mid, names[3]]).completes   # SE-W crosses it


def test_city_spurs_limit_where_track_may_leave():
    """"City Hexes only allow track to be built from hex sides with track connection points"."""
    board = SimpleNamespace(
        terrain={h: "open" for h in ("B2", "C2", "D2", "C1", "C3", "E2", "F2")},
        ridges=frozenset(),
        cities={"B2": SimpleNamespace(name="West", spurs=frozenset({0})),
                "F2": SimpleNamespace(name="East", spurs=frozenset({3}))},
    )
    plan = plan_build(board, {}, {}, 0, ["B2", "C2", "D2", "E2", "F2"])
    assert plan.completes and len(plan.tiles) == 3
    with pytest.raises(IllegalAction, match="no track spur"):
        plan_build(board, {}, {}, 0, ["B2", "C1"])
    used = {"1": Link(owner=1, from_="B2", to="F2", hexes=["C2", "D2", "E2"], exit=None)}
    with pytest.raises(IllegalAction, match="already used"):
        plan_build(board, {}, used, 0, ["B2", "C2", "D2", "E2", "F2"])


def test_link_cannot_pass_through_a_city():
    t = started()
    with pytest.raises(IllegalAction, match="first city it reaches"):
        t.build(1, "Mannheim", "L9", "Frankfurt", "M7", "Fulda")


def test_cut_throat_forbids_redirecting_the_last_tile():
    """railways-of-the-world.txt, "Cut Throat Variant for Blocking": you are not allowed to redirect
    your final track tile on an incomplete link; extending it the way it points is still allowed."""
    t = started(cut_throat=True)
    t.build(1, "Köln", "J5", "K5")                   # K5 tile points east (to L5)
    t.pass_until(1)
    with pytest.raises(IllegalAction, match="Cut Throat"):
        t.build(1, "K5", "K6", "L7", "Frankfurt")
    acts = GAME.legal_actions(t.state, 1)
    assert acts and not any(a["type"] == "build" and a["path"][0] == "K5" and a["path"][1] != "L5" for a in acts)
