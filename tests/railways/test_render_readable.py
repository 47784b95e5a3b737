"""The Railways board reads on a phone (issue 23, part 6): no type, the cards' slot labels and
chips included, smaller than 9 px when the board is shown 400 px wide; "Dice waiting" draws no
empty die, only a count or "none"."""
from __future__ import annotations

import random
import tomllib

import pytest

from railhead.engine import Match
from railhead.render.railways import board as render

from .helpers import GAME


def views(seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    match = Match.start(GAME, {}, ["Ann"], seed)
    out = [match.view(None)]
    while actions := GAME.legal_actions(match.state, 0):
        wanted = [a for a in actions if a.get("type") in ("buy", "build", "upgrade", "move")]
        match, _ = match.play(0, rng.choice(wanted or actions))
        out.append(match.view(None))
    return out


def clear_caches() -> None:
    for f in (render._base, render._card, render._legend_strip):
        f.cache_clear()


@pytest.fixture
def sizes(monkeypatch):
    """Every type size the board asks for (its cached parts drawn afresh)."""
    seen: list[int] = []
    real = render.font

    def spy(size, bold=False):
        seen.append(size)
        return real(size, bold)

    monkeypatch.setattr(render, "font", spy)
    clear_caches()
    yield seen
    clear_caches()


def test_no_type_under_9_px_at_400_px_wide(sizes):
    played = views()
    middle = dict(played[len(played) // 2], spare_dice=2)
    for view in (played[0], middle, played[-1]):
        width = render.draw_board(view).width
        assert sizes and min(sizes) * 400 / width >= 9, min(sizes)


def test_every_slot_fits_its_card_in_readable_type():
    with open("data/cards/railways/cards.toml", "rb") as f:
        cards = tomllib.load(f)["card"]
    assert render.MIN_TYPE * 400 / render.WIDTH >= 9
    for card in cards:
        for slot in card["slots"]:
            assert render.slot_chips_end(slot, render.SLOT_X) <= render.CARD_W - 4, (card["number"], slot)


@pytest.mark.parametrize("spare", [0, 1, 3])
def test_dice_waiting_draws_no_empty_die(monkeypatch, spare):
    drawn: list = []
    real = render._die

    def spy(d, box, n, *args, **kwargs):
        drawn.append(n)
        return real(d, box, n, *args, **kwargs)

    monkeypatch.setattr(render, "_die", spy)
    played = views()
    view = dict(played[len(played) // 2], spare_dice=spare)
    render.draw_board(view)
    assert drawn and all(str(n).strip() for n in drawn)           # every die drawn carries its number


def test_the_legend_grows_when_its_text_wraps_differently(monkeypatch):
    """Issue 31, part 3: in the Docker image (no libfribidi, so Pillow's basic text layout) the
    legend wrapped onto a third row and its fixed 60 px strip cut it. Text measured wider than
    here (basic layout, larger type) must make the strip taller, never run off its bottom."""
    import font_roboto
    from PIL import ImageFont

    from railhead.render.railways import board as railways

    def wide(size, bold=False):
        return ImageFont.truetype(font_roboto.Roboto, int(size * 1.7), layout_engine=ImageFont.Layout.BASIC)

    railways._legend_strip.cache_clear()
    normal = railways._legend_strip()
    monkeypatch.setattr(railways, "font", wide)
    railways._legend_strip.cache_clear()
    try:
        strip = railways._legend_strip()
    finally:
        railways._legend_strip.cache_clear()
    assert strip.height > normal.height
    for x in range(0, strip.width, 4):                      # nothing drawn past the bottom rows: the
        assert strip.getpixel((x, strip.height - 1)) == railways.BACK, x     # last row fits inside

