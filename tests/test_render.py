"""The board PNG: a golden image compared with a tolerance, plus what each option must change.

Regenerate the golden image after a deliberate change with RAILHEAD_UPDATE_GOLDEN=1, then
open it and look at it before committing.
"""
import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from railhead.engine import IllegalAction
from railhead.engine.games.rotw.data import load_map
from railhead.render.hexes import Layout, hex_label_font
from railhead.render.rotw import board as render_rotw
from railhead.render.rotw.board import HEX_SIZE, board_png

from .rotw.helpers import GAME, Table

GOLDEN = Path(__file__).parent / "golden" / "rotw-midgame.png"


def midgame_view():
    t = Table(3, seed=4)
    t.act(0, type="bid", amount=2)
    t.act(1, type="pass")
    t.act(2, type="pass")
    t.build(0, "Köln", "J6", "K6", "L7", "Frankfurt")
    t.build(1, "Frankfurt", "M7", "Fulda")
    t.build(2, "Mannheim", "L9", "Frankfurt")
    t.build(0, "Köln", "J5", "K5", toward="L5")               # unfinished, faded
    t.build(1, "Basel", "K16", "Zürich")
    return GAME.view(t.state, None)


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_board_matches_golden_image():
    png = board_png(midgame_view())
    if os.environ.get("RAILHEAD_UPDATE_GOLDEN") or not GOLDEN.exists():
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_bytes(png)
    got, want = image(png), image(GOLDEN.read_bytes())
    assert got.size == want.size
    diff = ImageChops.difference(got, want)
    assert max(ImageStat.Stat(diff).mean) < 1.5          # font hinting may differ a little
    assert len(png) < 2_000_000                          # well under Discord's upload limit


def test_colourblind_highlight_and_cache_change_what_they_should():
    view = midgame_view()
    plain = image(board_png(view))
    letters = image(board_png(view, colourblind=True))
    assert ImageChops.difference(plain, letters).getbbox() is not None
    # compared before the PNG's palette, which may shift a colour by one anywhere
    preview = render_rotw.draw_board(view, highlight=["L10", "M10", "N10"])
    box = ImageChops.difference(render_rotw.draw_board(view), preview).getbbox()
    assert box is not None and box[2] < plain.width - 400     # only the map changed, not the panel
    uncached = image(board_png(view, cached=False))
    assert ImageChops.difference(plain, uncached).getbbox() is None


def test_phone_layout_is_portrait_and_narrower_than_desktop():
    view = midgame_view()
    desktop, phone = image(board_png(view)), image(board_png(view, layout="phone"))
    assert phone.height > phone.width and phone.width < desktop.width
    assert len(board_png(view, layout="phone")) < 1_000_000
    with pytest.raises(ValueError):
        board_png(view, layout="tablet")


def test_zoom_on_a_city_in_any_spelling_or_a_hex():
    view = midgame_view()
    desktop = image(board_png(view))
    koln = image(board_png(view, zoom="Köln"))
    assert koln.width < desktop.width and koln.height < desktop.height
    for same in ("KOLN", " köln ", "i6"):                  # the engine's city lookup, or the city's hex
        assert ImageChops.difference(koln, image(board_png(view, zoom=same))).getbbox() is None
    hexview = image(board_png(view, zoom="j6", colourblind=True, layout="phone"))
    assert hexview.size == koln.size
    assert ImageChops.difference(koln, hexview).getbbox() is not None


@pytest.mark.parametrize("place", ["xyz", "Z99", "A1", ""])
def test_zoom_on_an_unknown_place_says_so(place):
    with pytest.raises(IllegalAction, match="No city or hex .* on this map."):
        board_png(midgame_view(), zoom=place)


def test_the_last_move_is_highlighted_on_its_hexes():
    view = midgame_view()
    assert view["last"] == ["J16", "K16", "L16"]            # Basel K16 Zürich
    shown, hidden = render_rotw.draw_board(view), render_rotw.draw_board({**view, "last": []})
    box = ImageChops.difference(shown, hidden).getbbox()
    m = load_map(view["map"])
    layout = Layout(m.columns, m.rows, HEX_SIZE)
    (x0, y0), (x1, y1) = layout.xy("J16"), layout.xy("L16")
    assert box is not None
    assert x0 - HEX_SIZE <= box[0] and box[2] <= x1 + HEX_SIZE and y0 - HEX_SIZE <= box[1] and box[3] <= y1 + HEX_SIZE
    zoomed = ImageChops.difference(render_rotw.draw_board(view, zoom="K16"),
                                   render_rotw.draw_board({**view, "last": []}, zoom="K16"))
    assert zoomed.getbbox() is not None


@pytest.mark.parametrize("options", [{}, {"layout": "phone"}, {"zoom": "Frankfurt"}])
def test_link_badges_never_cover_a_hex_name(monkeypatch, options):
    """Every link badge keeps clear of the printed hex names (what players type), in the layout
    (and, on a phone, the part of the board) it is drawn in."""
    badges, layouts = [], []
    monkeypatch.setattr(render_rotw, "badge", lambda d, x, y, r, *rest: badges.append((layouts[-1], x, y, r)))
    real = render_rotw._draw_owner_markers
    monkeypatch.setattr(render_rotw, "_draw_owner_markers",
                        lambda d, layout, *rest: (layouts.append(layout), real(d, layout, *rest))[1])
    view = midgame_view()
    render_rotw.draw_board(view, **options)
    assert len(badges) >= 3
    m = load_map(view["map"])
    phone = options.get("layout") == "phone"
    for layout, bx, by, r in badges:
        small = hex_label_font(layout)
        for name in m.terrain:
            x, y = layout.xy(name)
            if name in m.cities:
                y, anchor = y - render_rotw.city_radius(layout, phone) - 1, "mb"
            else:
                y, anchor = y + layout.size * 0.62, "ms"
            left, top, right, bottom = small.getbbox(name, anchor=anchor)
            dx, dy = max(x + left - bx, 0, bx - x - right), max(y + top - by, 0, by - y - bottom)
            assert dx * dx + dy * dy >= (r - 1) ** 2, (name, bx, by)


def test_render_options_carry_the_layout():
    from railhead.bot.games.rotw.ui import RotwUI
    assert RotwUI().render_options({}) == {"colourblind": False, "layout": "desktop"}
    assert RotwUI().render_options({"colourblind": 1, "layout": "phone"}) == {"colourblind": True, "layout": "phone"}


def _zlib_level_class(png: bytes) -> int:
    """FLEVEL of the first IDAT's zlib header: 1 for levels 2-5, 2 for 6 (RFC 1950)."""
    at = png.index(b"IDAT") + 4
    return png[at + 1] >> 6


def test_a_board_over_four_million_pixels_is_compressed_faster():
    """docs/performance.md, "Rendering": level 6 normally, level 3 over ``LARGE`` pixels (the
    Transcontinental board), each decoding to the picture (within the palette's rounding)."""
    from railhead.render.hexes import LARGE, png_bytes

    for width, level in ((1000, 2), (LARGE // 1000 + 1, 1)):
        img = Image.new("RGB", (width, 1000), "white")
        img.paste((200, 30, 30), (0, 0, width // 2, 500))
        png = png_bytes(img)
        assert _zlib_level_class(png) == level
        back = Image.open(io.BytesIO(png)).convert("RGB")
        assert max(high for _, high in ImageChops.difference(back, img).getextrema()) < 12
