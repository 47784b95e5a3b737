"""What new players still stumbled on in Steam (issue 23, the leftovers): where a link heads after
a middle tile, tiles named in a player's words, one spelling of gray. The tiny board is described
in tests/steam/helpers.py."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from railhead.bot.games.steam import build_menus
from railhead.engine.games.steam.data import TILE_WORDS, load_manifest
from railhead.engine.games.steam.game import GAME

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def t(builder):
    return builder


def test_a_tile_in_the_middle_of_a_link_says_where_the_link_heads(t):
    """A middle tile's preview said only "lays straight in D2 and pays $4": the link's open end
    now points somewhere; the preview (and the way's menu line) says where."""
    t.build(0, "C2", "W", "E")
    view = GAME.view(t.state, 0)
    assert build_menus.heading(view, "C2", 0) == \
        "your link #1 from Alpha now heads E toward the open end at D2 (2 hexes from Alpha)"
    t.build(0, "D2", "W", "E")
    view = GAME.view(t.state, 0)
    assert build_menus.heading(view, "D2", 0) == \
        "your link #1 from Alpha now heads E toward the open end at E2 (W of Beta)"
    assert build_menus.heading(view, "D2", 1) == \
        "P0's link #1 from Alpha now heads E toward the open end at E2 (W of Beta)"
    t.build(0, "E2", "W", "E")
    assert build_menus.heading(GAME.view(t.state, 0), "E2", 0) == ""            # complete: Alpha–Beta


def test_a_link_pointing_into_a_town_heads_toward_the_town(t):
    t.build(0, "C3", "NW", "E")
    assert build_menus.heading(GAME.view(t.state, 0), "C3", 0) == \
        "your link #1 from Alpha now heads E toward Midton (D3)"


def test_tiles_are_named_in_a_players_words(t):
    """"town 2 gentle" (a tile's id) read as jargon in the build texts and menus."""
    assert set(load_manifest().types) == set(TILE_WORDS)
    events = t.build(0, "C3", "NW", "E")
    assert "P0 lays a gentle curve in C3 (with a river)" in events[0]["text"]
    events = t.build(0, "D3", "W")
    assert "P0 lays a town tile with 1 exit in Midton" in events[0]["text"]
    events = t.build(0, "D3", "W", "E")
    assert "P0 improves the track in Midton into a town tile with 2 exits, straight through" in events[0]["text"]
    view = GAME.view(t.state, 0)
    assert build_menus.way_label(view, {"hex": "D3", "exits": ["W", "SE"]}, 4) == \
        "W SE: town tile with 2 exits, gentle curve, $4"
    assert not re.search(r"town \d|\d (straight|gentle|sharp|fan|k|y|x)\b", events[0]["text"])


def test_player_facing_steam_text_spells_gray_as_the_project_does():
    """"gray" and "grey" were mixed (the board's key said "grey: nobody's", the cubes "gray"); the
    other games' texts and guides say gray."""
    files = [*sorted((ROOT / "engine/games/steam").glob("*.py")), *sorted((ROOT / "bot/games/steam").glob("*.py")),
             *sorted((ROOT / "render").glob("steam*.py")), ROOT / "docs/players/steam.md",
             *sorted((ROOT / "data").rglob("*steam*/*.toml"))]
    found = [f"{p.relative_to(ROOT)}:{i}" for p in files
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bgrey", line, re.I)]
    assert found == []
    assert "gray" in (ROOT / "docs/players/rotw.md").read_text(encoding="utf-8")


def test_a_tile_run_out_is_named_in_a_players_words(t):
    """"No town 2 gentle tile is left." named the tile by its id."""
    from railhead.engine import IllegalAction
    t.state.tiles["gentle-curve"] = 0
    with pytest.raises(IllegalAction, match=r"^No tile for that track is left \(gentle curve\)\.$"):
        t.build(0, "C2", "W", "SE")


def _ctx(state, seat):
    """A stand-in for the table's UI context: the seat's view and dry runs on a copy."""
    import copy
    from types import SimpleNamespace

    def dry_run(action):
        after, events = GAME.apply(copy.deepcopy(state), seat, action)
        return GAME.view(after, seat), events
    return SimpleNamespace(view=lambda: GAME.view(state, seat), seat=seat, dry_run=dry_run)


def test_a_town_tiles_new_links_get_the_same_numbers_however_the_exits_are_given(t):
    """Issue 31 (a newcomer saw the link numbers of two options of one menu swapped): a town tile's
    new links were numbered in the order its exits were typed, so "SE E W" made #2 head SE and "W E
    SE" made #2 head E. Now they are numbered clockwise from E, the event says where each heads,
    and the ways menu describes each option with the numbers the tile gets."""
    import copy

    from railhead.engine.common.hexgrid import SIDES
    t.build(0, "C3", "NW", "E")                                    # Alpha's link #1 points into Midton
    heads = []
    for exits in (["SE", "E", "W"], ["W", "E", "SE"], ["E", "W", "SE"]):
        after, events = GAME.apply(copy.deepcopy(t.state), 0, {"type": "build", "hex": "D3", "exits": exits})
        heads.append({lid: SIDES[x.exit] for lid, x in after.links.items() if x.to is None})
        assert "link #2 from Midton begins, unfinished, heading E; link #3 from Midton begins, unfinished, " \
               "heading SE" in events[0]["text"]
    assert heads == [{"2": "E", "3": "SE"}] * 3
    said = build_menus._said(_ctx(t.state, 0), {"type": "build", "hex": "D3", "exits": ["E", "SE", "W"]})
    assert said == "completes #1 Alpha–Midton; starts #2 heading E, #3 heading SE"
    said = build_menus._said(_ctx(t.state, 0), {"type": "build", "hex": "D3", "exits": ["SE", "W", "NE"]})
    assert said == "completes #1 Alpha–Midton; starts #2 heading SE, #3 heading NE"


def test_a_long_delivery_keeps_its_destination_and_each_text_fits_a_menu():
    """Issue 31 (a newcomer): option texts were cut at Discord's 100 characters, mid-route. A long
    route now leaves out the places in the middle, never the destination; a delivery's description
    with 32-character names names how many other owners choose instead of cutting them."""
    from types import SimpleNamespace

    from railhead.bot.games.steam import deliveries as ui
    from railhead.bot.replies import OPTION_TEXT
    names = ["Reggio Emilia", "Alessandria", "Piacenza", "Cremona", "Mantova", "Verona", "Bologna"]
    cities = {f"H{i}": {"name": n} for i, n in enumerate(names)}
    links = {str(i): {"from": f"H{i}", "to": f"H{i + 1}", "owner": i % 3} for i in range(6)}
    long_names = [f"{c}{'x' * 31}" for c in "ABC"]
    view = {"cities": cities, "towns": {}, "links": links, "players": [{"name": n} for n in long_names], "takes": {}}
    act = {"type": "deliver", "from": "H0", "colour": "purple", "links": [str(i) for i in range(6)]}
    label = ui.delivery_label(view, act, 60)
    assert len(label) <= 60 and label.startswith("purple cube: Reggio Emilia") and label.endswith("→ Bologna")
    assert " … " in label
    assert ui.delivery_label(view, act) == "purple cube: " + " → ".join(names)          # fits in 100
    ctx = SimpleNamespace(view=lambda: view, seat=0)
    menus = ui.delivery_offers(ctx, [act, {**act, "links": act["links"][:1]}])
    for option in (o for m in menus for o in m.options):
        assert len(option.label) <= OPTION_TEXT and len(option.description) <= OPTION_TEXT
        assert not option.description.endswith("…")
    (button, _) = ui.delivery_offers(ctx, [act])
    assert button.label.startswith("+2 income: purple cube: Reggio Emilia") and button.label.endswith("Bologna")
