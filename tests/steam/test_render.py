"""The Steam board PNG (render/steam/board.py): every stage draws in both layouts and in colour-blind
mode, the options change what they should, the panel names every player, and boards with
crossings, passing tiles, town tiles, New Cities and a bankrupt player draw. The pictures
themselves were looked at by a person (DESIGN.md, "Tests")."""
import io
import math
import random
from functools import cache
from types import SimpleNamespace

import pytest
from PIL import Image, ImageChops, ImageDraw

from railhead.engine import IllegalAction, Match
from railhead.engine.common.tiles import TOWN
from railhead.engine.games.steam import data, flow
from railhead.engine.games.steam.game import GAME
from railhead.render.hexes import Layout
from railhead.render.panel import owner_colour
from railhead.render.steam import board as steam
from railhead.render.steam import hexmap as steam_map
from railhead.render.steam import panel as steam_panel

from .conftest import TINY
from .helpers import Table


@pytest.fixture
def board(tiny, monkeypatch):
    """The renderer reads the tiny board too."""
    monkeypatch.setattr(steam_map, "load_map", lambda m: data.read_map(TINY) if m == "tiny" else data.load_map(m))


def rich_view() -> dict:
    """Two turns on the tiny board: complete and unfinished links, a crossing (E4), a passing tile
    (D2), a town tile (Southby), a New City (Midton, tile A), City Growth on Beta, an unowned link
    and a bankrupt player, in the middle of a build."""
    t = Table(4)
    t.state.order = [0, 1, 2, 3]
    t.select_all({0: "engineer", 1: "urbanization", 2: "city-growth"})
    for p in t.state.players:
        p.cash = 40
    for seat, h, exits in ((0, "C2", "W E"), (0, "D2", "W E"), (0, "E2", "W E"), (0, "C3", "NW E"),
                           (1, "C5", "W E"), (1, "D5", "W E"), (1, "E5", "W E")):
        t.build(seat, h, *exits.split())
    t.act(1, type="urbanize", town="Midton", tile="A")
    t.done(1)
    t.build(2, "F3", "NE", "SW")
    t.build(2, "E4", "NE", "W")
    t.act(2, type="grow", city="Beta")
    t.build(2, "D4", "E", "W")
    t.done(2)
    for h, exits in (("F4", "SE W"), ("E4", "E NW"), ("E3", "SE NW")):
        t.build(3, h, *exits.split())
    t.done(3)
    while t.state.phase == "move":
        t.act(type="pass")
    flow.eliminate(t.state, 3, [])
    t.state.order = [1, 0, 2, 3]
    t.select_all({1: "first-build"})
    t.build(1, "B3", "NE", "SW")
    t.build(1, "A4", "NE", "SE")
    t.done(1)
    t.build(0, "D2", "SE", "SW")
    return GAME.view(t.state, None)


@cache
def played_views(seed: int = 7, standard: bool = True) -> list[dict]:
    """Public views of a whole random game on the tiny board (deliveries and track first); the
    standard game with seed 7 goes through every phase and ends with bankrupt players (the first
    of 1-299 that does since Goods Growth, rules version 4; 16 and 144 do too)."""
    match = Match.start(GAME, {"map": "tiny", "standard": standard},
                        ["Ann", "Bob", "Cy", "Dee"], seed)
    rng = random.Random(seed)
    views = [GAME.view(match.state, None)]
    while match.outcome() is None and len(views) < 3000:
        seat = rng.choice(match.prompts())["seat"]
        acts = [a for a in match.legal_actions(seat) if a["type"] not in ("undo", "undo_vote")]
        best = [a for a in acts if a["type"] in ("deliver", "score", "grow", "urbanize", "produce")]
        build = [a for a in acts if a["type"] == "build"]
        pick = best or (build if build and rng.random() < 0.7 else acts)
        match, _ = match.play(seat, rng.choice(pick))
        views.append(GAME.view(match.state, None))
    return views


def image(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def stages() -> dict[str, dict]:
    views = played_views()
    auction = GAME.setup({"map": "tiny", "first_order": "auction"}, ["Ann", "Bob", "Cy"], 1)
    out = {"setup": views[0], "rich": rich_view(), "end": views[-1], "auction": GAME.view(auction, None)}
    for phase in ("capital", "order", "select", "build", "move", "score"):
        out[phase] = next(v for v in views if v["phase"] == phase)
    return out


def test_every_stage_draws_in_both_layouts_and_colour_blind_mode(board):
    for name, view in stages().items():
        for layout in ("desktop", "phone"):
            for colourblind in (False, True):
                png = steam.board_png(view, layout=layout, colourblind=colourblind)
                img = image(png)
                assert len(png) < 1_000_000, (name, layout)
                if layout == "desktop":
                    assert 1000 <= img.width <= 1700 and img.height <= 1600, (name, img.size)
                else:
                    assert img.width == steam.PHONE_WIDTH and img.height > img.width, (name, img.size)


def test_the_played_game_reached_every_kind_of_position(board):
    views = played_views()
    assert views[-1]["phase"] == "over"
    assert any(p["out"] for p in views[-1]["players"])
    assert len(views[-1]["track"]) >= 20


def test_a_board_with_crossings_passing_tiles_towns_new_cities_and_a_bankrupt_player(board):
    view = rich_view()
    tiles = {t["tile"] for t in view["track"].values()}
    assert {"crossing-curves", "passing-straight-sharp", "town-2-straight"} <= tiles
    assert view["cities"]["D3"]["tile"] == "A" and view["cities"]["F2"]["growth"]
    assert view["players"][3]["out"] and any(link["owner"] is None for link in view["links"].values())
    assert any(not link["complete"] for link in view["links"].values())
    for layout in ("desktop", "phone"):
        image(steam.board_png(view, layout=layout, colourblind=True, highlight=["E4", "D2"]))
    assert steam.draw_board(view, zoom="Midton").size < steam.draw_board(view).size


def test_colour_blind_mode_puts_letters_on_the_map_and_colour_names_in_the_panel(board):
    view = rich_view()
    plain, letters = steam.draw_board(view), steam.draw_board(view, colourblind=True)
    map_width = steam_map.base("tiny", steam.desktop_hex(8, 6))[2].width
    box = (0, 0, map_width, 500)
    assert ImageChops.difference(plain.crop(box), letters.crop(box)).getbbox() is not None
    assert steam_panel.who(view, 0, True) == "P0 (orange)"


def test_the_panel_names_every_player(board):
    """Renaming one player changes the panel, in that player's box."""
    view = rich_view()
    panel = steam_panel.draw_panel(view, 1.0, False, {})
    boxes = []
    for seat in range(4):
        other = {**view, "players": [dict(p) for p in view["players"]]}
        other["players"][seat]["name"] = "Zanzibar"
        changed = ImageChops.difference(panel, steam_panel.draw_panel(other, 1.0, False, {})).getbbox()
        assert changed is not None, seat
        boxes.append(changed)
    assert len({b[1] for b in boxes}) == 4              # four different places


def test_status_says_who_acts(board):
    view = rich_view()
    assert steam_panel.status(view, False) == ["Build track", "P0 builds: 1 of 3 tiles laid"]
    views = played_views()
    score = next(v for v in views if v["phase"] == "score")
    assert any(line.startswith("Choosing: ") for line in steam_panel.status(score, False))
    select = next(v for v in views if v["phase"] == "select")
    assert steam_panel.status(select, False)[-1] == f"{select['players'][select['actor']]['name']} to choose a tile"


def test_highlight_outlines_the_hexes_it_names(board):
    view = rich_view()
    plain, lit = steam.draw_board(view), steam.draw_board(view, highlight=["G3"])
    lay = steam_map.base("tiny", steam.desktop_hex(8, 6))[2]
    x, y = lay.xy("G3")
    x0, y0, x1, y1 = ImageChops.difference(plain, lit).getbbox()
    s = lay.size
    assert x - s <= x0 and x1 <= x + s + 1 and y - s - 1 <= y0 and y1 <= y + s + 1


def test_options_are_checked(board):
    view = rich_view()
    with pytest.raises(ValueError):
        steam.draw_board(view, layout="tablet")
    with pytest.raises(IllegalAction):
        steam.draw_board(view, zoom="Atlantis")
    assert steam.zoom_hex("tiny", "midton") == "D3" and steam.zoom_hex("tiny", "g3") == "G3"


def test_track_segments_join_side_midpoints_and_stay_in_the_hex():
    s, x, y = 50.0, 100.0, 100.0
    h = s * math.sqrt(3) / 2
    for a in range(6):
        for b in [*(k for k in range(6) if k != a), TOWN]:
            points = steam_map.segment_points(x, y, s, a, b)
            ax, ay = points[0]
            assert math.isclose(math.hypot(ax - x, ay - y), h, abs_tol=1e-6)
            assert math.isclose(math.atan2(ay - y, ax - x) % (2 * math.pi), math.radians(60 * a) % (2 * math.pi),
                                abs_tol=1e-6)
            end = (x, y) if b == TOWN else (x + h * math.cos(math.radians(60 * b)),
                                            y + h * math.sin(math.radians(60 * b)))
            assert math.dist(points[-1], end) < 1e-6
            assert all(math.hypot(px - x, py - y) <= h + 1e-6 for px, py in points)


def test_dashes_cover_part_of_the_line():
    line = [(0.0, 0.0), (100.0, 0.0)]
    pieces = steam_map.dashes(line, 20, 10)
    assert [round(p[0][0]) for p in pieces] == [0, 30, 60, 90]
    assert math.isclose(sum(math.dist(p[0], p[-1]) for p in pieces), 70)


def test_track_colour_shows_owner_unowned_and_unfinished():
    lay = Layout(3, 3, 50)
    tile = {"tile": "straight", "segments": [[0, 3]], "links": ["1"]}

    def pixels(link):
        img = Image.new("RGB", (lay.width, lay.height), (0, 0, 0))
        steam_map.draw_tile(ImageDraw.Draw(img), lay, "B2", tile, {"1": link})
        x, y = lay.xy("B2")
        return [img.getpixel((round(x + dx), round(y))) for dx in range(-40, 41, 4)]

    owned = pixels({"owner": 1, "complete": True})
    assert set(owned) == {owner_colour(1)}
    assert set(pixels({"owner": None, "complete": True})) == {steam_map.UNOWNED}
    assert len(set(pixels({"owner": 1, "complete": False}))) > 1          # dashed


def test_a_wide_map_is_two_halves_on_a_phone():
    one = steam.phone_windows(SimpleNamespace(columns=8, rows=6))
    two = steam.phone_windows(SimpleNamespace(columns=22, rows=14))
    assert len(one) == 1 and len(two) == 2
    assert all(window[2] == steam.PHONE_WIDTH for _, window, _ in one + two)
    assert two[0][0] > steam.phone_windows(SimpleNamespace(columns=14, rows=14))[0][0]


@pytest.mark.parametrize("map_id", data.available_maps())
def test_each_shipped_map_draws(map_id):
    m = data.load_map(map_id)
    view = GAME.view(GAME.setup({"map": map_id}, [f"P{i}" for i in range(m.max_players)], 1), None)
    for layout in ("desktop", "phone"):
        img = image(steam.board_png(view, layout=layout, colourblind=True))
        assert img.width <= 1800


def test_two_cities_joined_directly_show_their_link(board):
    """A New City next to a city keeps the link that was only its town tile ("City Life"): with no
    track tile to draw, the link is a bar across the side the two cities share, with its number."""
    t = Table(3)
    t.state.order = [0, 1, 2]
    t.select_all({1: "urbanization"})
    t.build(0, "G2", "W")                          # Eastby's town tile into Beta: link #1
    t.done(0)
    t.act(1, type="urbanize", town="Eastby", tile="A")
    view = GAME.view(t.state, None)
    assert view["links"]["1"]["path"] == [] and view["links"]["1"]["complete"]
    base, names, lay, spots = steam_map.base("tiny", 60)
    img = base.copy()
    steam_map.draw_map(img, names, lay, spots, view, False)
    (ax, ay), (bx, by) = lay.xy("F2"), lay.xy("G2")
    bar = [img.getpixel((round(ax + (bx - ax) * k / 20), round(ay + (by - ay) * k / 20))) for k in range(7, 14)]
    assert owner_colour(0) in bar                     # the bar, or the badge on it, in P0's colour
    steam.draw_board(view)                            # and the whole board draws


def test_a_town_name_wider_than_its_hex_goes_on_two_lines():
    """Reggio Emilia (Po Valley, K10) ran over Parma's hex beside it; a long name of several words
    now wraps inside its own hex, a short one stays on one line."""
    from railhead.engine.games.steam.data import load_map
    from railhead.render.steam.board import desktop_hex
    from railhead.render.steam.hexmap import _name_lines, name_font

    po = load_map("po-valley")
    size = desktop_hex(po.columns, po.rows)                # the hex size of its desktop board
    f = name_font(size, False, False)
    lines = _name_lines("Reggio Emilia", f, size, 100.0)
    assert [text for text, _ in lines] == ["Reggio", "Emilia"]
    assert all(f.getlength(text) <= 1.6 * size for text, _ in lines)
    assert _name_lines("Parma", f, size, 100.0) == [("Parma", 100.0)]


@pytest.mark.parametrize(("map_id", "players", "close"), [("po-valley", 3, ["E12", "L11", "J10"]),
                                                          ("english-midlands", 4, ["G9", "J14", "L13"])])
def test_a_close_view_at_a_smaller_hex_size_draws(map_id, players, close):
    """A whole game through the real client lost its close view twice (issue 31): a delivery over
    three cities too far apart for the largest close view drew them at a smaller hex size, where a
    two-digit goods supply badge came out a fraction of a pixel wider than its height and Pillow
    refused the rounded box (``x1 must be greater than or equal to x0``). These are the failing
    close views; every city is then drawn at each hex size a close view may choose."""
    state = GAME.setup({"map": map_id, "standard": True}, [f"P{i}" for i in range(players)], 1)
    view = GAME.view(state, None)
    image = steam.draw_board(view, close=close)
    assert image.width > 200 and image.height > 200
    for size in range(steam.ZOOM_HEX, 39, -10):
        steam._map_part(view, size, None, False, None, True, base=steam_map.close_base)
