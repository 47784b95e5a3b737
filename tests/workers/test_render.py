"""The Railway Workers board and hand images (DESIGN.md, "Rendering" and "Hidden information"):
every stage draws in both layouts and in colour-blind mode, stays small, and the public board and
a player's hand show nothing of another player's secrets. A person looked at PNGs of these stages,
full size and 400 px wide."""
from __future__ import annotations

import copy
import functools
import io

import pytest
from PIL import Image, ImageChops

from railhead.ai.policy import play
from railhead.engine import GAMES, IllegalAction
from railhead.render import workers as render

GAME = GAMES["workers"]
SEED = 1000
MIDGAME = {2: 250, 3: 300, 4: 350}          # random moves before the mid-game position


def image(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < 400_000      # well under Discord's limit
    return Image.open(io.BytesIO(png)).convert("RGB")


@functools.cache
def stages(players: int) -> dict:
    """Setup, a mid-game position (random legal moves) and the end (the same game played on
    as timed-out seats play: quickly)."""
    names, mid, _ = play(GAME, players, SEED, limit=MIDGAME[players])
    end = mid
    while GAME.outcome(end) is None:
        seat = GAME.prompts(end)[0]["seat"]
        end, _ = GAME.apply(end, seat, GAME.timeout_action(end, seat))
    return {"setup": GAME.setup({}, names, SEED), "mid": mid, "end": end}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_stage_draws_in_both_layouts_and_colour_blind(players):
    for stage, state in stages(players).items():
        view = GAME.view(state, None)
        assert (view["final"] is not None) == (stage == "end")
        for colourblind in (False, True):
            desktop = image(render.board_png(view, colourblind=colourblind))
            assert desktop.width == 3 * render.COL + 2 * render.GUTTER and 600 <= desktop.height <= 1100
            phone = image(render.board_png(view, layout="phone", colourblind=colourblind))
            assert phone.width == render.PHONE_WIDTH and phone.width < phone.height < 2.6 * phone.width


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_seat_draws_its_hand(players):
    state = stages(players)["mid"]
    for seat in range(players):
        img = image(render.hand_png(GAME.view(state, seat)))
        assert img.width == render.PHONE_WIDTH and img.height < 2 * img.width
    with pytest.raises(ValueError):
        render.hand_png(GAME.view(state, None))


def test_options_change_what_they_should():
    view = GAME.view(stages(3)["mid"], None)
    plain = render.draw_board(view)
    assert ImageChops.difference(plain, render.draw_board(view, colourblind=True)).getbbox() is not None
    assert ImageChops.difference(plain, render.draw_board(view)).getbbox() is None       # cached parts reused
    with pytest.raises(ValueError):
        render.board_png(view, layout="tablet")


def test_the_end_adds_the_score_breakdown():
    view = GAME.view(stages(3)["end"], None)
    without = {**view, "final": None}
    phone = render.draw_board(view, layout="phone")
    plain = render.draw_board(without, layout="phone")
    top = (0, 0, phone.width, 500)                          # under the header: the score, not the map
    assert ImageChops.difference(phone.crop(top), plain.crop(top)).getbbox() is not None


def test_routes_and_trains_draw_however_they_face():
    """Random games seldom finish a route: one with three routes and trains facing every way."""
    view = copy.deepcopy(GAME.view(stages(4)["mid"], None))
    done = {k: {"squares": 3, "blocked": False, "placed": [], "reward": False, "free": 0}
            for k in ("structures", "plans", "tracks")}
    empty = {k: {"workers": {}, "goods": {}} for k in ("structures", "tracks")}
    ends = {p["number"]: p["between"] for p in view["map"]["projects"]}
    view["sites"] = [s for s in view["sites"] if s["number"] not in (1, 4, 5)] + [
        {"number": n, "between": ends[n], "status": "route", "shares": {"0": 2, "3": 1}, "tables": done,
         "warehouses": empty} for n in (1, 4, 5)]
    view["trains"] = [{"id": 1, "city": "Lisboa", "black": True, "facing": 4, "came": None},
                      {"id": 2, "city": "Lisboa", "black": False, "facing": None, "came": 5},
                      {"id": 3, "city": "Porto", "black": False, "facing": None, "came": 1},
                      {"id": 4, "city": "Coimbra", "black": True, "facing": None, "came": None}]
    view["table_trains"] = view["table_trains"][4:]
    before = render.draw_board({**view, "trains": []})
    after = render.draw_board(view)
    box = ImageChops.difference(before, after).getbbox()
    assert box is not None and box[2] <= render.MAP_STRIP + 2          # only the map changed
    for layout in ("desktop", "phone"):
        image(render.board_png(view, layout=layout, colourblind=True))


def test_the_map_numbers_and_names_keep_clear_of_each_other():
    view = GAME.view(stages(3)["setup"], None)
    g = render.geometry(*render.map_keys(view))
    badges = list(g.badges.values())
    for i, (x, y) in enumerate(badges):
        assert all(((x - u) ** 2 + (y - v) ** 2) ** 0.5 >= 2 * render.BADGE_R for u, v in badges[i + 1:])
        assert all(((x - u) ** 2 + (y - v) ** 2) ** 0.5 >= render.BADGE_R + render.CITY_R for u, v in g.xy.values())
    boxes = g.label_boxes
    for i, a in enumerate(boxes):
        assert 0 <= a[0] and a[2] <= render.MAP_STRIP
        assert not any(a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3] for b in boxes[i + 1:])


# ------------------------------------------------------------------ hidden information
A, B = 0, 1
A_CARDS = ["structures", "worker", "store", "share"]


def _public_and_hand(state) -> list[bytes]:
    public = GAME.view(state, None)
    return [render.board_png(public), render.board_png(public, layout="phone", colourblind=True),
            render.hand_png(GAME.view(state, A))]


def test_b_placing_cards_changes_nothing_a_or_the_channel_sees():
    start = GAME.setup({}, ["Ann", "Bob", "Cy"], 5)
    start, _ = GAME.apply(start, A, {"type": "place", "cards": A_CARDS})
    one, _ = GAME.apply(start, B, {"type": "place", "cards": ["plans", "tracks", "move", "subsidy"]})
    other, _ = GAME.apply(start, B, {"type": "place", "cards": ["share", "store", "worker", "structures"]})
    other, _ = GAME.apply(other, B, {"type": "place", "slot": 2, "card": "plans"})
    assert GAME.view(one, B) != GAME.view(other, B)
    assert _public_and_hand(one) == _public_and_hand(other) == _public_and_hand(start)


def test_b_assigning_dice_changes_nothing_a_or_the_channel_sees():
    state = GAME.setup({}, ["Ann", "Bob", "Cy"], 5)
    for seat in range(3):
        hand = GAME.view(state, seat)["players"][seat]["hand"]
        state, _ = GAME.apply(state, seat, {"type": "place", "cards": hand[seat:seat + 4], "ready": True})
    while GAME.view(state, None)["step"] != "assign":         # low rolls kept, no reroll tokens yet
        seat = GAME.prompts(state)[0]["seat"]
        state, _ = GAME.apply(state, seat, GAME.timeout_action(state, seat))
    mine = GAME.view(state, A)["players"][A]["dice"]
    state, _ = GAME.apply(state, A, {"type": "assign", "dice": mine[::-1]})
    dice = GAME.view(state, B)["players"][B]["dice"]
    one, _ = GAME.apply(state, B, {"type": "assign", "dice": sorted(dice)})
    other, _ = GAME.apply(state, B, {"type": "assign", "dice": sorted(dice, reverse=True)})
    assert GAME.view(one, B) != GAME.view(other, B)
    assert _public_and_hand(one) == _public_and_hand(other)


def test_a_close_view_of_a_city_or_project_shows_the_map_alone():
    view = GAME.view(stages(3)["mid"], None)
    close = image(render.board_png(view, zoom="evora"))
    assert close.width == render.PHONE_WIDTH and close.height < image(render.board_png(view, layout="phone")).height
    assert image(render.board_png(view, zoom=" 4")).size == close.size
    with pytest.raises(IllegalAction):
        render.board_png(view, zoom="Madrid")
