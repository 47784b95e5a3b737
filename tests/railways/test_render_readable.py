"""The Railways board reads on a phone (issue 23, part 6): no type, the cards' slot labels and
chips included, smaller than 9 px when the board is shown 400 px wide; "Dice waiting" draws no
empty die, only a count or "none"."""
from __future__ import annotations

import random
import tomllib

import pytest

from railhead.engine import Match
from railhead.render import railways as render

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
