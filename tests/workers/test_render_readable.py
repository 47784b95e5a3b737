"""Railway Workers boards stay readable (issue 23, part 6): train tokens never cover a city's name
or leave the map, however many wait on one city, and the phone layout is about two phone screens
tall (840 px wide, a screen about 1,800 px at that width) with 4 players late in a game."""
from __future__ import annotations

import copy
import functools

import pytest

from railhead.ai.policy import play
from railhead.engine import GAMES
from railhead.render import workers as render
from railhead.render.workers.country import train_layout
from railhead.render.workers.style import MAP_H, MAP_STRIP, SMALL

GAME = GAMES["workers"]
PHONE_LIMIT = 1900                     # px at 840 wide: two phone screens
BUSY_LIMIT = 2250                      # 4 players in an action phase: each one's four places shown too


@functools.cache
def late(players: int, seed: int = 1000):
    """A position late in a game of random legal moves (round 4 if it gets there), and the end."""
    names, state, _ = play(GAME, players, seed, limit=300 + 50 * players)
    states = [state]
    while GAME.outcome(state) is None:
        seat = GAME.prompts(state)[0]["seat"]
        state, _ = GAME.apply(state, seat, GAME.timeout_action(state, seat))
        states.append(state)
    playing = [s for s in states if s.step == "play"]
    return (playing[-1] if playing else states[-2]), states[-1]


def crowded(view: dict, spots: list[str]) -> dict:
    """``view`` with every train on the map, at the cities ``spots`` names (in turn), facing
    each of their projects or none."""
    view = copy.deepcopy(view)
    ends = {p["number"]: p["between"] for p in view["map"]["projects"]}
    ids = [t["id"] for t in view["table_trains"]] + [t["id"] for t in view["trains"]]
    trains = []
    for i, tid in enumerate(ids):
        city = spots[i % len(spots)]
        mine = [n for n, (a, b) in ends.items() if city in (a, b)]
        trains.append({"id": tid, "city": city, "black": i % 2 == 0,
                       "facing": mine[i % len(mine)] if i % 3 else None, "came": mine[0] if i % 3 == 0 else None})
    view["trains"], view["table_trains"] = trains, []
    return view


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("spots", [["Lisboa"], ["Setúbal"], ["Faro"], ["Lisboa", "Setúbal", "Faro"],
                                   ["Lisboa", "Setúbal"]])
def test_trains_never_cover_a_city_name_nor_leave_the_map(spots):
    view = crowded(GAME.view(late(4)[0], None), spots)
    g = render.geometry(*render.map_keys(view))
    placed = train_layout(view)
    assert len(placed) == len(view["trains"]) >= 6
    boxes = [box for *_, box in placed]
    for i, box in enumerate(boxes):
        assert 0 <= box[0] and box[2] <= MAP_STRIP and 0 <= box[1] and box[3] <= MAP_H
        assert not any(overlap(box, name) for name in g.label_boxes)
        assert not any(overlap(box, other) for other in boxes[i + 1:])
        for x, y in g.xy.values():
            assert not (box[0] < x < box[2] and box[1] < y < box[3])
    for layout in ("desktop", "phone"):
        render.board_png(view, layout=layout)


def test_a_token_box_holds_the_drawn_token():
    """The boxes the test above checks are the ones drawn: the map's pixels change only inside them."""
    from PIL import ImageChops
    view = crowded(GAME.view(late(4)[0], None), ["Faro"])
    img = render.map_block(view, 1.0, False)
    bare = render.map_block({**view, "trains": []}, 1.0, False)
    changed = ImageChops.difference(img, bare).getbbox()
    boxes = [box for *_, box in train_layout(view)]
    g = render.geometry(*render.map_keys(view))
    cx, cy = g.xy["Faro"]
    hull = (min(min(b[0] for b in boxes), cx), min(min(b[1] for b in boxes), cy),
            max(max(b[2] for b in boxes), cx), max(max(b[3] for b in boxes), cy))
    assert changed is not None
    assert hull[0] - 2 <= changed[0] and changed[2] <= hull[2] + 2 and changed[3] <= hull[3] + 2


@pytest.mark.parametrize("players", [2, 4])
def test_the_phone_layout_is_about_two_screens_tall(players):
    playing, end = late(players)
    for state in (playing, end):
        view = GAME.view(state, None)
        for colourblind in (False, True):
            img = render.draw_board(view, layout="phone", colourblind=colourblind)
            limit = BUSY_LIMIT if players == 4 and state is playing else PHONE_LIMIT
            assert img.width == render.PHONE_WIDTH and img.height <= limit, (state.step, img.height)
    crowded_view = crowded(GAME.view(playing, None), ["Lisboa", "Setúbal", "Faro"])
    assert render.draw_board(crowded_view, layout="phone").height <= (BUSY_LIMIT if players == 4 else PHONE_LIMIT)


def test_phone_type_reads_when_shown_400_px_wide():
    smallest = 12                                           # the places' card names when long
    assert min(SMALL, smallest) * render.PHONE_SCALE * 400 / render.PHONE_WIDTH >= 9
