"""Railways Through Time on the board (railways-of-the-world.txt, "RAILWAYS through TIME"): each
period board's title in the sea band above it, a thin frame around the board, and the time warps,
glowing red swirls where track may end ("New Gameplay"). Other maps draw nothing here."""
from __future__ import annotations

import math

from PIL import ImageDraw

from railhead.engine.common.hexgrid import label
from railhead.engine.games.rotw.data import WARP

from ..hexes import INK, Layout, font

GLOW = ((120, 10, 20), (200, 30, 30), (245, 90, 40), (255, 190, 90))
FRAME = (90, 70, 50)


def draw_periods(d: ImageDraw.ImageDraw, layout: Layout, view: dict) -> None:
    """Each board of ``view["through_time"]["periods"]``: a frame around it and its title
    ("Napoleonic Wars · 1805-1809") in the sea band above it. Nothing on other maps."""
    time = view.get("through_time")
    if not time:
        return
    s = layout.size
    f = font(max(12, int(s * 0.62)), bold=True)
    for period in time["periods"]:
        (col, row), (cols, rows) = period["origin"], period["size"]
        x0, y0 = layout.xy(label(col, row))
        x1, y1 = layout.xy(label(col + cols - 1, row + rows - 1))
        box = (x0 - s * 1.05, y0 - s * 1.05, x1 + s * 1.1, y1 + s * 1.05)   # the last row is an odd one
        d.rounded_rectangle(box, int(s * 0.4), outline=FRAME, width=max(2, s // 12))
        text = f"{period['name']} · {period['years']}"
        top = box[1] - s * 0.55
        w = d.textlength(text, font=f)
        d.rounded_rectangle((x0 - s * 0.6, top - s * 0.45, x0 - s * 0.2 + w + s * 0.4, top + s * 0.45),
                            int(s * 0.3), fill=(255, 250, 235), outline=FRAME, width=max(1, s // 15))
        d.text((x0 - s * 0.2, top), text, fill=INK, font=f, anchor="lm")


def period_windows(view: dict, focus: set[str]) -> list[tuple[int, int, int, int]]:
    """The phone's map of Railways Through Time: ``(first column, first row, last column, last
    row)`` of each board holding a hex of ``focus`` (all boards when none does), the row of its
    title above it included, in the view's order."""
    out = []
    for period in view["through_time"]["periods"]:
        (col, row), (cols, rows) = period["origin"], period["size"]
        inside = {label(c, r) for c in range(col, col + cols) for r in range(row, row + rows)}
        if focus & inside:
            out.append((col, max(0, row - 1), col + cols - 1, row + rows - 1))
    if out:
        return out
    return [(p["origin"][0], max(0, p["origin"][1] - 1), p["origin"][0] + p["size"][0] - 1,
             p["origin"][1] + p["size"][1] - 1) for p in view["through_time"]["periods"]]


def board_name(city) -> str:
    """The name printed under a map city (``data.City``): a time warp is just "Time warp"."""
    return "Time warp" if city.colour == WARP else city.name


def is_warp(city: dict) -> bool:
    """Whether a view's city entry is a time warp."""
    return city["colour"] == WARP


def draw_warp(d: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    """A time warp: concentric glowing rings, dark red outside to gold inside, and a white spiral."""
    for i, colour in enumerate(GLOW):
        k = r * (1 - i * 0.22)
        d.ellipse((x - k, y - k, x + k, y + k), fill=colour)
    points = []
    for step in range(0, 50):
        t = step / 49
        angle = t * 3.2 * math.pi
        rad = r * 0.85 * t
        points.append((x + rad * math.cos(angle), y + rad * math.sin(angle)))
    d.line(points, fill=(255, 255, 255), width=max(2, int(r // 6)), joint="curve")
    d.ellipse((x - r, y - r, x + r, y + r), outline=(255, 255, 255), width=max(2, int(r // 8)))
