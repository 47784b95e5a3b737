"""The board PNG: a golden image compared with a tolerance, plus what each option must change.

Regenerate the golden image after a deliberate change with RAILHEAD_UPDATE_GOLDEN=1, then
open it and look at it before committing.
"""
import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from render.rotw import board_png

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
    preview = image(board_png(view, highlight=["L10", "M10", "N10"]))
    box = ImageChops.difference(plain, preview).getbbox()
    assert box is not None and box[2] < plain.width - 400     # only the map changed, not the panel
    uncached = image(board_png(view, cached=False))
    assert ImageChops.difference(plain, uncached).getbbox() is None
