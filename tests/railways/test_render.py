"""The Railways board image: every stage draws, stays small, and shows what changed (DESIGN.md,
"Rendering"; a person looked at /tmp PNGs of these stages, full size and 400 px wide)."""
from __future__ import annotations

import io
import random

import pytest
from msgspec.structs import replace
from PIL import Image, ImageChops

from railhead.engine import IllegalAction, Match
from railhead.engine.games.railways import rules
from railhead.engine.games.railways.state import Setup
from railhead.render.railways import board as render

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


def near(pixel, colour, tolerance: int = 40) -> bool:
    return all(abs(p - c) <= tolerance for p, c in zip(pixel, colour, strict=True))


def played(seed: int, moves: int | None = None) -> list[dict]:
    """The views of a game of random legal moves (bought links, builds and upgrades preferred),
    ``moves`` long or to its end."""
    rng = random.Random(seed)
    match = Match.start(GAME, {}, ["Ann"], seed)
    views = [match.view(None)]
    while (moves is None or len(views) <= moves) and (actions := GAME.legal_actions(match.state, 0)):
        wanted = [a for a in actions if a.get("type") in ("buy", "build", "upgrade", "move")]
        match, _ = match.play(0, rng.choice(wanted or actions))
        views.append(match.view(None))
    return views


def test_every_stage_draws_portrait_for_phones():
    setup = Match.start(GAME, {}, ["Ann"], 4)
    img = image(setup.view(None))
    assert img.width <= 640 and img.height > img.width
    state = start()
    state.markers = {lid: False for lid in CHAIN}
    image(view_of(state))
    state.decade, state.phase = 12, "over"
    state.final = rules.final(state)
    image(view_of(state))


def test_a_played_game_draws_start_middle_and_end():
    views = played(7)
    assert views[-1]["final"] is not None
    middle = views[len(views) // 2]
    for view in (views[0], middle, views[-1]):
        img = image(view)
        assert 560 <= img.width <= 640 and img.height > img.width
    final = image(views[-1])
    assert final.height < image(middle).height + 100        # the hand gives way to the objective tests


def test_a_rail_baron_final_lists_every_objective_test():
    state = start()
    state.options = Setup(objective="baron", combine=["conductor", "mayor"], cards=state.options.cards)
    state.decade, state.phase = 12, "over"
    state.final = rules.final(state)
    assert state.final.tests["economist"] is None
    plain = replace(state, options=Setup(objective="economist", combine=[], cards=state.options.cards))
    plain.final = rules.final(plain)
    baron, economist = image(view_of(state)), image(view_of(plain))
    assert baron.height > economist.height                    # the "Objective missed" line


def test_a_bought_and_an_upgraded_link_look_different():
    state = start()
    bare = image(view_of(state))
    state.markers = {"E2-G2": False}
    bought = image(view_of(state))
    state.markers = {"E2-G2": True}
    upgraded = image(view_of(state))
    box = render.cell_box("F2")
    assert changed(bare, bought, box) and changed(bought, upgraded, box)
    assert not changed(bare, bought, render.cell_box("A7"))


def test_highlight_and_built_buildings_show():
    state = start(capital=10)
    plain = image(view_of(state))
    lit = image(view_of(state), highlight=["I8", "F2"])
    assert changed(plain, lit, render.cell_box("I8")) and changed(plain, lit, render.cell_box("F2"))
    assert not changed(plain, lit, render.cell_box("A7"))
    after, _ = GAME.apply(replace(state, hand=[5, 1, 2]), 0, {"type": "build", "at": "I8", "die": 2, "slots": ["5.4"]})
    assert changed(plain, image(view_of(after)), render.cell_box("I8"))


def test_a_merged_building_is_one_block():
    state = start(capital=10)
    after, _ = GAME.apply(replace(state, hand=[5, 1, 2]), 0, {"type": "build", "at": "A1", "die": 2, "slots": ["5.4"]})
    assert any(sorted(b["spaces"]) == ["A1", "A2"] for b in view_of(after)["buildings"])
    x0, y0, x1, _ = render.cell_box("A2")
    seam = ((x0 + x1) // 2, y0)                               # where the two spaces meet
    assert not near(image(view_of(state)).getpixel(seam), render.KIND_FILL["L"])
    assert near(image(view_of(after)).getpixel(seam), render.KIND_FILL["L"])


def test_zoom_on_a_space_draws_the_map_alone():
    state = start()
    whole, close = image(view_of(state)), image(view_of(state), zoom="d2")
    assert close.height < whole.height
    with pytest.raises(IllegalAction, match="not a space"):
        render.board_png(view_of(state), zoom="Z9")
