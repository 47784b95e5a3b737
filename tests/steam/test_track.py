"""Steam track building. Source: steam.txt, "Phase 2 – Building the Track" and the sections named in
each test; the tiny board is described in tests/steam/helpers.py."""
import pytest

from railhead.engine import IllegalAction


@pytest.fixture
def t(builder):
    return builder


def test_a_link_from_city_to_city_costs_a_dollar_per_exit_plus_terrain(t):
    """"Paying for Your First Tracks": $1 per exit; hills +$2 ("What about Terrain?")."""
    t.build(0, "C2", "W", "E")
    t.build(0, "D2", "W", "E")                     # hills
    events = t.build(0, "E2", "W", "E")
    assert t.player(0).cash == 30 - 2 - 4 - 2
    (link,) = t.state.links.values()
    assert (link.owner, link.from_, link.to) == (0, "B2", "F2")
    assert "link #1 Alpha–Beta complete" in events[0]["text"]


def test_the_first_tile_must_touch_a_city_and_continue_your_own_track(t):
    """"The first tile of track that I build must touch a city hex"; later tiles extend your track."""
    with pytest.raises(IllegalAction, match="must start at a city or continue an unfinished link of yours: no side "
                                            "of D2 touches a city or an open end you may extend"):
        t.build(0, "D2", "W", "E")
    with pytest.raises(IllegalAction, match="; here, its W faces Alpha"):      # the sides a new player mixed up
        t.build(0, "C2", "NE", "SE")
    t.build(0, "C2", "W", "E")
    t.done(0)
    with pytest.raises(IllegalAction, match="another player's unfinished link"):
        t.act(1, type="build", hex="D2", exits=["W", "E"])


def test_three_tiles_a_turn_four_with_engineer(t):
    """"Normally you can build up to 3 track tiles in one turn", 4 with the Engineer."""
    assert t.state.build.limit == 4
    t.done(0)
    assert t.state.build.limit == 3
    t.build(1, "B3", "NE", "SW")               # from Alpha towards A4
    t.build(1, "A4", "NE", "SE")               # reaches Gamma: complete
    events = t.build(1, "C5", "W", "E")        # from Gamma towards Southby: the third, the last allowed
    assert any(e["type"] == "build_done" and e["seat"] == 1 for e in events)     # the build ended by itself
    assert t.state.build.seat != 1
    with pytest.raises(IllegalAction, match="not your turn"):
        t.act(1, type="build", hex="C3", exits=["NW", "E"])


def test_track_cannot_cross_an_impassable_side_or_leave_the_board(t):
    """"Other Track Building Restrictions": "You can't build tracks that cross or touch a hex side with
    a thick black line, or that run into the board's edge"."""
    with pytest.raises(IllegalAction, match="edge of the board"):
        t.build(0, "B1", "SE", "NW")
    t.build(0, "C2", "W", "E")
    t.build(0, "D2", "W", "SE")
    t.build(0, "E3", "NW", "SE")
    with pytest.raises(IllegalAction, match="impassable"):
        t.build(0, "E4", "NW", "SW")


def test_a_link_cannot_return_to_its_own_city(t):
    """"Other Track Building Restrictions": "You can't lay track that starts and ends in the same town
    or city"."""
    t.build(0, "C2", "W", "NW")                # Alpha -> C1
    with pytest.raises(IllegalAction, match="same place"):
        t.build(0, "C1", "SE", "SW")           # back into Alpha


def test_a_town_tile_completes_the_link_and_its_other_exits_start_new_ones(t):
    """"Towns": a town tile in a town hex; its pieces of track are the builder's links."""
    t.build(0, "C3", "NW", "E")                # river: $3; points into Midton
    assert t.player(0).cash == 27 and t.link(1).to is None
    events = t.build(0, "D3", "W")             # town tile, 1 exit: $1 + $1 town + $2 hills
    assert t.player(0).cash == 23 and t.link(1).to == "D3"
    assert "Alpha–Midton complete" in events[0]["text"]
    events = t.build(0, "D3", "W", "E")        # improved: 2 exits + town, no terrain
    assert t.player(0).cash == 20
    assert events[0]["text"].endswith("; link #2 from Midton begins, unfinished.")    # a new player missed it
    new = t.link(2)
    assert (new.owner, new.from_, new.to, new.exit) == (0, "D3", None, 0)
    assert t.state.track["D3"].tile == "town-2-straight"


def test_town_hexes_take_only_town_tiles_and_keep_their_exits(t):
    """"Town Track Tiles" and "Improving Existing Track": a town tile may be replaced by one with
    more exits, never fewer."""
    t.build(0, "C3", "NW", "E")
    t.build(0, "D3", "W")
    with pytest.raises(IllegalAction, match="must keep them"):
        t.build(0, "D3", "E")


def test_an_unfinished_link_not_extended_next_turn_loses_its_owner_and_may_be_claimed(t):
    """"Incomplete Links" and "Unowned Track": not extended on its owner's next turn, it is unowned;
    another player may claim it by extending it (it starts at a city)."""
    t.build(0, "C2", "W", "E")
    t.end_builds()
    _next_turn(t)
    assert t.state.build.order == [1, 0, 2]     # turn 2's order follows turn 1's tiles
    t.builder(0)
    t.done(0)
    assert t.link(1).owner is None
    t.build(2, "D2", "W", "E")
    assert t.link(1).owner == 2 and t.link(1).path == [["C2", 0], ["D2", 0]]


def test_an_unfinished_link_extended_keeps_its_owner(t):
    t.build(0, "C2", "W", "E")
    t.end_builds()
    _next_turn(t)
    t.build(0, "D2", "W", "E")
    t.done(0)
    assert t.link(1).owner == 0


def test_redirecting_the_last_tile_pays_for_the_track_only(t):
    """"Changing Direction": the last tile of an unfinished link turned; the track's cost, no terrain."""
    t.build(0, "C2", "W", "E")
    t.act(0, type="redirect", hex="C2", exits=["W", "SE"])
    assert t.player(0).cash == 30 - 2 - 2 and t.link(1).exit == 1
    with pytest.raises(IllegalAction, match="keeps the side its track comes in by"):
        t.act(0, type="redirect", hex="C2", exits=["E", "SE"])


def test_improving_a_tile_adds_track_and_pays_the_whole_tile_without_terrain(t):
    """"Improving Existing Track": a passing or crossing tile replaces the old one; all its track is
    paid, the terrain is not; the old tile goes back."""
    t.build(0, "C2", "W", "SE")                # Alpha -> Midton
    t.done(0)
    t.build(1, "E2", "E", "W")                 # Beta -> D2
    t.build(1, "D2", "E", "W")                 # hills -> C2
    straight_left = t.state.tiles["gentle-curve"]
    t.build(1, "C2", "E", "NW")                # passes P0's track: gentle + gentle
    assert t.state.track["C2"].tile == "passing-curves"
    assert t.state.tiles["gentle-curve"] == straight_left + 1
    assert t.player(1).cash == 30 - 2 - 4 - 4


def _next_turn(t):
    """Finish this turn's moves and start the next one's builds (everyone passes)."""
    while t.state.phase == "move":
        t.act(type="pass")
    t.select_all()
