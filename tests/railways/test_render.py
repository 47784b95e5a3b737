"""The Railways board image: every stage draws, stays small, and shows what changed (DESIGN.md,
"Rendering"; a person looked at /tmp PNGs of these stages, full size and 400 px wide)."""
from __future__ import annotations

import io

from PIL import Image, ImageChops

from engine import Match
from render import railways as render

from .helpers import CHAIN, GAME, start


def image(view, **kwargs) -> Image.Image:
    png = render.board_png(view, **kwargs)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 300_000
    return Image.open(io.BytesIO(png)).convert("RGB")


def view_of(state):
    return GAME.view(state, None)


def changed(a: Image.Image, b: Image.Image, box) -> bool:
    """A clear change in ``box`` (the palette PNG may shift colours slightly everywhere)."""
    diff = ImageChops.difference(a.crop(box), b.crop(box)).convert("L")
    return diff.getextrema()[1] > 80


def test_every_stage_draws_portrait_for_phones():
    setup = Match.start(GAME, {}, ["Ann"], 4)
    img = image(setup.view(None))
    assert img.width <= 640 and img.height > img.width
    state = start()
    state["markers"] = {lid: False for lid in CHAIN}
    image(view_of(state))
    state.update(decade=12, phase="over")
    from engine.games.railways import rules
    state["final"] = rules.final(state)
    image(view_of(state))


def test_a_bought_and_an_upgraded_link_look_different():
    state = start()
    bare = image(view_of(state))
    state["markers"] = {"E2-G2": False}
    bought = image(view_of(state))
    state["markers"] = {"E2-G2": True}
    upgraded = image(view_of(state))
    box = render.cell_box("F2")
    assert changed(bare, bought, box) and changed(bought, upgraded, box)
    assert not changed(bare, bought, render.cell_box("A7"))


def test_highlight_and_built_buildings_show():
    state = start(capital=10)
    plain = image(view_of(state))
    assert changed(plain, image(view_of(state), highlight=["I8"]), render.cell_box("I8"))
    after, _ = GAME.apply({**state, "hand": [5, 1, 2]}, 0, {"type": "build", "at": "I8", "die": 2, "slots": ["5.4"]})
    assert changed(plain, image(view_of(after)), render.cell_box("I8"))


def test_zoom_on_a_space_draws_the_map_alone():
    import pytest

    from engine import IllegalAction
    state = start()
    whole, close = image(view_of(state)), image(view_of(state), zoom="d2")
    assert close.height < whole.height
    with pytest.raises(IllegalAction, match="not a space"):
        render.board_png(view_of(state), zoom="Z9")
