"""Steam's map: terrain, rivers, impassable sides, towns and cities, goods cubes, track by owner
and link badges. ``render.steam.board`` puts it beside (or above) the panel.

The static base of a map, hex size and window (terrain, rivers, impassable sides, printed cities,
towns, hex names) and its names overlay are drawn once and cached; each board draws New Cities,
cubes, track, markers and badges over a copy.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from railhead.engine.common.hexgrid import SQRT3, corners, side_towards
from railhead.engine.common.tiles import TOWN
from railhead.engine.games.steam.data import load_map

from ..hexes import CUBE_FILL, HEX_LABEL, INK, Layout, Spots, best_spot, draw_cube, font
from ..panel import owner_colour, owner_letters, paste_text, text_width

PLAINS, HILLS, OFF_BOARD = (200, 224, 164), (214, 190, 146), (150, 186, 214)
HILL_MARK, RIVER, GRID = (150, 118, 74), (45, 105, 200), (140, 150, 120)
WHITE = (255, 255, 255)
UNOWNED = (160, 160, 160)
LAST = (255, 196, 0)
CUBE_LETTERS = {"red": "R", "yellow": "Y", "blue": "B", "purple": "P", "gray": "G"}
NAME_Y = -0.42                 # city and town names, in hex sizes from the centre


def owner_label(view: dict, seat: int) -> str:
    """A seat's letters in colour-blind mode, from its player's name (``panel.owner_letters``)."""
    return owner_letters([p["name"] for p in view["players"]])[seat]


def track_colour(owner: int | None) -> tuple[int, int, int]:
    return UNOWNED if owner is None else owner_colour(owner)


def rounded_box(d: ImageDraw.ImageDraw, box, radius: float, **style) -> None:
    """A rounded rectangle on whole pixels, its corner radius at most half its width and height:
    Pillow refuses a box a fraction of a pixel wider than twice its radius (``x1 must be greater
    than or equal to x0``), which a goods supply badge in a close view once was."""
    x0, y0, x1, y1 = (round(v) for v in box)
    r = max(0, min(int(radius), (x1 - x0) // 2, (y1 - y0) // 2))
    d.rounded_rectangle((x0, y0, max(x0, x1), max(y0, y1)), r, **style)


def text_on(colour) -> tuple[int, int, int]:
    """Ink that reads on ``colour``."""
    return WHITE if sum(colour[:3]) < 300 else INK


# ------------------------------------------------------------------ the static base
def label_size(s: int, phone: bool) -> int:
    """Hex names: what players type. Larger on a phone (shown about 400 px wide)."""
    return max(9, int(s * (0.38 if phone else 0.32)))


def name_font(s: int, city: bool, phone: bool):
    return font(max(10, int(s * (0.4 if city else 0.34) if phone else s * (0.3 if city else 0.26))), bold=city)


def hex_label(img: Image.Image, layout: Layout, h: str, phone: bool, halo: bool = False) -> None:
    """The name of a hex low in the hex, where no track ends (``halo``: a light outline, to read
    over track or a city)."""
    x, y = layout.xy(h)
    paste_text(img, x, y + layout.size * 0.64, h, label_size(layout.size, phone), fill=HEX_LABEL, anchor="ms",
               halo=2 if halo else 0, halo_fill=(240, 242, 232))


@lru_cache(maxsize=16)
def base(map_id: str, size: int, window: tuple[int, int, int, int] | None = None, phone: bool = False
         ) -> tuple[Image.Image, Image.Image, Layout, Spots]:
    """``(terrain image, names overlay (RGBA), layout, spots)`` of a map, hex size and window
    (``phone``: larger type)."""
    m = load_map(map_id)
    layout = Layout(m.columns, m.rows, size, window=window)
    img = Image.new("RGB", (layout.width, layout.height), OFF_BOARD)
    d = ImageDraw.Draw(img)
    s = size
    shown = [h for h in layout.hexes() if h in m.hexes or h in m.cities]
    for h in shown:
        info = m.hexes.get(h)
        d.polygon(layout.hex_polygon(h), fill=HILLS if info and info.terrain == "hills" else PLAINS, outline=GRID)
        x, y = layout.xy(h)
        if info and info.terrain == "hills":
            for dx in (-0.56, 0.56):
                px, py = x + dx * s, y - 0.02 * s
                d.line(((px - 0.16 * s, py + 0.09 * s), (px, py - 0.09 * s), (px + 0.16 * s, py + 0.09 * s)),
                       fill=HILL_MARK, width=max(2, s // 16), joint="curve")
        if info and info.river:
            wave = [(x + (t / 12 - 0.5) * 1.5 * s, y + 0.2 * s + 0.07 * s * math.sin(t / 12 * 4 * math.pi))
                    for t in range(13)]
            d.line(wave, fill=RIVER, width=max(3, s // 10), joint="curve")
    for h, city in m.cities.items():
        if layout.shows(h, -s):
            draw_city_hex(d, layout, h, city.colour)
    for key in m.impassable:
        a, b = key.split("|")
        x, y = layout.xy(a)
        pts, side = corners(x, y, s), side_towards(a, b)
        d.line((pts[side], pts[(side + 1) % 6]), fill=INK, width=max(5, s // 7))
    for h in shown:
        hex_label(img, layout, h, phone, halo=h in m.cities)
        if m.hexes.get(h) and m.hexes[h].town:
            draw_town(d, layout, h)
    names = Image.new("RGBA", (layout.width, layout.height), (0, 0, 0, 0))
    nd = ImageDraw.Draw(names)
    spots = Spots(2 * s)
    pad = 2
    small = font(label_size(s, phone))
    for h in shown:
        x, y = layout.xy(h)
        box, low = small.getbbox(h, anchor="ms"), y + s * 0.64
        spots.add((x + box[0] - pad, low + box[1] - pad, x + box[2] + pad, low + box[3] + pad), float("inf"))
        name = m.cities[h].name if h in m.cities else m.hexes[h].town
        if name:
            f = name_font(s, h in m.cities, phone)
            for line, ly in _name_lines(name, f, s, y + NAME_Y * s):
                nd.text((x, ly), line, font=f, fill=INK, anchor="mm", stroke_width=max(2, s // 18),
                        stroke_fill=WHITE)
                box = f.getbbox(line, anchor="mm")
                spots.add((x + box[0] - pad, ly + box[1] - pad, x + box[2] + pad, ly + box[3] + pad), 6.0)
            r = 0.45 * s if h in m.cities else 0.2 * s
            spots.add((x - r, y - 0.2 * s, x + r, y + 0.3 * s), 2.0)
    return img, names, layout, spots


def _name_lines(name: str, f, s: int, y: float) -> list[tuple[str, float]]:
    """A name on one line centred at ``y``, or, when wider than its hex (``s``: the hex size) and
    made of several words, on two lines, the second ending at ``y``'s line (Reggio Emilia)."""
    if " " not in name or f.getlength(name) <= 1.6 * s:
        return [(name, y)]
    words = name.split(" ")
    cut = min(range(1, len(words)), key=lambda k: abs(f.getlength(" ".join(words[:k]))
                                                    - f.getlength(" ".join(words[k:]))))
    step = f.size * 1.05
    return [(" ".join(words[:cut]), y - step * 0.75), (" ".join(words[cut:]), y + step * 0.25)]


close_base = lru_cache(maxsize=8)(base.__wrapped__)
"""``base`` for close views around a move: a cache of their own, so the boards' bases stay cached."""


def draw_city_hex(d: ImageDraw.ImageDraw, layout: Layout, h: str, colour: str) -> None:
    """A city: its hex in the city's colour, inside a white edge."""
    d.polygon(layout.hex_polygon(h), fill=WHITE, outline=GRID)
    d.polygon(layout.hex_polygon(h, max(3, layout.size // 12)), fill=CUBE_FILL[colour])


def draw_town(d: ImageDraw.ImageDraw, layout: Layout, h: str) -> None:
    x, y = layout.xy(h)
    r = layout.size * 0.16
    d.ellipse((x - r, y - r, x + r, y + r), fill=WHITE, outline=INK, width=max(2, layout.size // 16))


# ------------------------------------------------------------------ what changes
def draw_map(board: Image.Image, names: Image.Image, layout: Layout, spots: Spots, view: dict, letters: bool,
             highlight: list[str] | None = None, phone: bool = False) -> None:
    """New Cities, track, cubes, markers, badges and outlines over the base pasted at the top left
    of ``board`` (``phone``: larger cubes, badges and hex names)."""
    m = load_map(view["map"])
    d = ImageDraw.Draw(board)
    spots = spots.copy()
    for h, city in view["cities"].items():
        if h not in m.cities and layout.shows(h, -layout.size):
            draw_city_hex(d, layout, h, city["colour"])
            hex_label(board, layout, h, phone, halo=True)
    links = view["links"]
    for h in sorted(view["track"]):
        if h not in view["cities"] and layout.shows(h, -layout.size):
            draw_tile(d, layout, h, view["track"][h], links)
    for h in sorted(view["track"]):
        if h not in view["cities"]:
            hex_label(board, layout, h, phone, halo=True)
    for h, city in view["cities"].items():
        if layout.shows(h, -layout.size):
            supply = str(m.cities[h].supply) if h in m.cities else city["tile"] or "?"
            draw_city(board, layout, h, city, supply, letters, CUBE_PHONE if phone else CUBE_DESKTOP)
            if city["cubes"]:
                hex_label(board, layout, h, phone, halo=True)     # over the cubes' tray: still readable
    for link in direct_links(view, layout):
        points = direct_points(layout, link)
        w = max(5, layout.size // 6)
        d.line(points, fill=INK, width=w + 4)
        d.line(points, fill=track_colour(link["owner"]), width=w)
    open_ends(board, layout, spots, view, letters)
    for hexes, colour in ((view.get("last") or [], LAST), (highlight or [], WHITE)):
        for h in hexes:
            if h in m.hexes or h in m.cities:
                d.polygon(layout.hex_polygon(h, 2), outline=INK, width=max(5, layout.size // 7))
                d.polygon(layout.hex_polygon(h, 3), outline=colour, width=max(3, layout.size // 11))
    badges(board, layout, spots, view, letters, 0.3 if phone else 0.25)
    board.paste(names, (0, 0), names)


def direct_links(view: dict, layout: Layout) -> list[dict]:
    """Complete links with no track tile: two neighbouring cities joined directly (a New City put on
    a town whose tile was the link), both ends shown."""
    return [link for link in view["links"].values()
            if link["complete"] and not link["path"] and layout.shows(link["from"], -layout.size)
            and layout.shows(link["to"], -layout.size)]


def direct_points(layout: Layout, link: dict) -> list[tuple[float, float]]:
    """A short bar across the side the two cities share."""
    (ax, ay), (bx, by) = layout.xy(link["from"]), layout.xy(link["to"])
    mx, my = (ax + bx) / 2, (ay + by) / 2
    return [(mx + (ax - mx) * 0.45, my + (ay - my) * 0.45), (mx + (bx - mx) * 0.45, my + (by - my) * 0.45)]


def segment_points(x: float, y: float, s: float, a: int, b: int, steps: int = 10) -> list[tuple[float, float]]:
    """The centre line of a segment from side ``a`` to side ``b`` (or the town, ``TOWN``): a straight
    line, or an arc meeting both sides square (a sharp curve about their common corner, a gentle
    one about the point where the two sides' lines meet)."""
    h = s * SQRT3 / 2

    def mid(k: int) -> tuple[float, float]:
        return x + h * math.cos(math.radians(60 * k)), y + h * math.sin(math.radians(60 * k))

    if b == TOWN:
        return [mid(a), (x, y)]
    diff = (b - a) % 6
    if diff == 3:
        return [mid(a), mid(b)]
    lo = a if diff in (1, 2) else b                   # the side the short way round starts from
    span = diff if diff in (1, 2) else 6 - diff
    dist = s if span == 1 else 2 * h
    ang = math.radians(60 * lo + 30 * span)
    cx, cy = x + dist * math.cos(ang), y + dist * math.sin(ang)
    (ax, ay), (bx, by) = mid(a), mid(b)
    t0 = math.atan2(ay - cy, ax - cx)
    turn = (math.atan2(by - cy, bx - cx) - t0 + math.pi) % (2 * math.pi) - math.pi
    r = math.hypot(ax - cx, ay - cy)
    return [(cx + r * math.cos(t0 + turn * i / steps), cy + r * math.sin(t0 + turn * i / steps))
            for i in range(steps + 1)]


def dashes(points: list[tuple[float, float]], on: float, off: float) -> list[list[tuple[float, float]]]:
    """``points`` cut into dashes ``on`` px long with gaps of ``off`` px, starting with a dash."""
    out, cur, pos, drawing = [], [points[0]], 0.0, True
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while seg - done > 1e-6:
            left = (on if drawing else off) - pos
            step = min(left, seg - done)
            done += step
            pos += step
            p = (x0 + (x1 - x0) * done / seg, y0 + (y1 - y0) * done / seg)
            if drawing:
                cur.append(p)
            if pos >= (on if drawing else off) - 1e-6:
                if drawing:
                    out.append(cur)
                drawing, pos, cur = not drawing, 0.0, [p]
    if drawing and len(cur) > 1:
        out.append(cur)
    return out


def draw_tile(d: ImageDraw.ImageDraw, layout: Layout, h: str, tile: dict, links: dict) -> None:
    """A hex's track: each segment in its link owner's colour (gray: nobody's) over a dark edge,
    dashed while the link is unfinished; a crossing's second piece bridges the first."""
    s = layout.size
    x, y = layout.xy(h)
    w = max(5, s // 6)
    for (a, b), lid in zip(tile["segments"], tile["links"]):
        link = links.get(lid) if lid is not None else None
        colour = track_colour(link["owner"] if link else None)
        points = segment_points(x, y, s, a, b)
        pieces = [points] if link is None or link["complete"] else dashes(points, s * 0.3, s * 0.14)
        for piece in pieces:
            d.line(piece, fill=INK, width=w + 4, joint="curve")
        for piece in pieces:
            d.line(piece, fill=colour, width=w, joint="curve")
    if any(b == TOWN for _, b in tile["segments"]):
        draw_town(d, layout, h)


# a goods cube's side in hex sizes: in one row, and at most in two or more rows (desktop, phone); the
# phone's are larger so that a cube still reads on a board shown 400 px wide
CUBE_DESKTOP, CUBE_PHONE = (0.36, 0.3), (0.46, 0.36)


def _cube_grid(n: int) -> int:
    """Cubes per row: up to 3 in one row, then two rows (2-4 a row), then rows of 5."""
    return n if n <= 3 else (n + 1) // 2 if n <= 8 else 5


def cube_side(s: int, n: int, cube: tuple[float, float]) -> int:
    """The side in px of each of a city's ``n`` goods cubes on hexes of size ``s`` (``cube``:
    ``CUBE_DESKTOP`` or ``CUBE_PHONE``)."""
    per_row = _cube_grid(n)
    rows = -(-n // per_row)
    return max(8, min(int(s * cube[0]), int(1.5 * s / per_row) - 4, int(s * cube[1]) if rows > 1 else s))


def draw_city(img: Image.Image, layout: Layout, h: str, city: dict, supply: str, letters: bool,
              cube: tuple[float, float]) -> None:
    """A city's cubes, its goods supply space (a number; a New City's letter on a white tile), its
    City Growth marker (a white triangle) and, in colour-blind mode, its colour's letter."""
    d = ImageDraw.Draw(img)
    s = layout.size
    x, y = layout.xy(h)
    cubes = city["cubes"]
    if cubes:
        per_row = _cube_grid(len(cubes))
        rows = -(-len(cubes) // per_row)
        c = cube_side(s, len(cubes), cube)
        step = c + 4
        # a white tray under the cubes, dark-edged: a cube of the city's own colour (red on red) stands
        # out as clearly as any other, at full size and shrunk
        pad = max(4, c // 3) if rows == 1 else 3
        width = min(per_row, len(cubes)) * step
        top = y + 0.06 * s - rows * step / 2 + 2
        left = x - width / 2 + 2
        rounded_box(d, (left - pad, top - pad, left + width - 4 + pad, top + rows * step - 4 + pad), pad,
                    fill=WHITE, outline=INK, width=max(1, s // 30))
        for i, colour in enumerate(cubes):
            in_row = min(per_row, len(cubes) - (i // per_row) * per_row)
            cx = x - in_row * step / 2 + (i % per_row) * step + 2
            cy = y + 0.06 * s - rows * step / 2 + (i // per_row) * step + 2
            draw_cube(d, cx, cy, colour, c, letters, CUBE_LETTERS)
    r = s * 0.15
    mx, my = x - 0.56 * s, y + 0.34 * s
    size = max(9, int(s * 0.22))
    if supply == "0":                                # no goods supply space: nothing to show
        supply = ""
    w = max(2 * r, text_width(supply, size, True) + 0.12 * s)      # two digits: wider, away from the cubes
    left = mx + r - w
    if not supply:
        pass
    elif city.get("tile"):
        d.rectangle((left, my - r, mx + r, my + r), fill=WHITE, outline=INK, width=2)
    elif w > 2 * r:
        rounded_box(d, (left, my - r, mx + r, my + r), r, fill=WHITE, outline=INK, width=max(1, s // 30))
    else:
        d.ellipse((mx - r, my - r, mx + r, my + r), fill=WHITE, outline=INK, width=max(1, s // 30))
    paste_text(img, left + w / 2, my + 0.5, supply, size, bold=True, anchor="mm")
    if city.get("growth"):
        gx, gy = x + 0.56 * s, y + 0.34 * s
        d.polygon(((gx, gy - r), (gx + r, gy + r * 0.8), (gx - r, gy + r * 0.8)), fill=WHITE, outline=INK,
                  width=max(1, s // 30))
    if letters:
        paste_text(img, x + 0.62 * s, y - 0.05 * s, CUBE_LETTERS[city["colour"]], size, bold=True, anchor="mm",
                   halo=2)


def open_ends(img: Image.Image, layout: Layout, spots: Spots, view: dict, letters: bool) -> None:
    """The owner's marker at each unfinished link's open end (none for an unowned one)."""
    d = ImageDraw.Draw(img)
    s = layout.size
    r = s * 0.15
    size = max(8, int(r * 1.3))
    for link in view["links"].values():
        if link["complete"] or link["owner"] is None or not link["path"] or link["exit"] is None:
            continue
        h = link["path"][-1][0]
        x, y = layout.xy(h)
        ang = math.radians(60 * link["exit"])
        mx, my = x + 0.6 * s * math.cos(ang), y + 0.6 * s * math.sin(ang)
        colour = owner_colour(link["owner"])
        d.ellipse((mx - r, my - r, mx + r, my + r), fill=colour, outline=INK, width=max(2, s // 25))
        if letters:
            paste_text(img, mx, my + 0.5, owner_label(view, link["owner"]), size, bold=True, fill=text_on(colour),
                       anchor="mm")
        spots.add((mx - r, my - r, mx + r, my + r), 4.0)


def along(points: list[tuple[float, float]], t: float) -> tuple[float, float]:
    """The point a fraction ``t`` of the way along a polyline."""
    lengths = [math.hypot(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in zip(points, points[1:])]
    goal = t * sum(lengths)
    for ((x0, y0), (x1, y1)), n in zip(zip(points, points[1:]), lengths):
        if goal <= n and n > 0:
            return x0 + (x1 - x0) * goal / n, y0 + (y1 - y0) * goal / n
        goal -= n
    return points[-1]


def badges(img: Image.Image, layout: Layout, spots: Spots, view: dict, letters: bool, radius: float) -> None:
    """Each link's number on its own track in its owner's colour (colour-blind: after the owner's
    letter), in one of its hexes (the middle one if it can), keeping off hex names and covering
    as little as it can of names, cities, crossings, markers and other badges."""
    d = ImageDraw.Draw(img)
    s = layout.size
    r = s * radius
    size = max(9, int(r * 1.05))
    for h, tile in view["track"].items():
        plain = [seg for seg in tile["segments"] if seg[1] != TOWN]
        if len(plain) > 1:                          # a crossing or passing tile: keep its middle free
            x, y = layout.xy(h)
            spots.add((x - 0.3 * s, y - 0.3 * s, x + 0.3 * s, y + 0.3 * s), 2.0)
    placed: list[tuple[float, float]] = []
    direct = [id(link) for link in direct_links(view, layout)]
    for lid, link in sorted(view["links"].items(), key=lambda item: (len(item[0]), item[0])):
        steps = [(h, i) for h, i in link["path"] if layout.shows(h, r) and h in view["track"]]
        if not steps and id(link) not in direct:
            continue
        owner = link["owner"]
        text = (owner_label(view, owner) + ":" if letters and owner is not None else "") + lid
        half = max(r, text_width(text, size, True) / 2 + r * 0.45)
        mid = (len(steps) - 1) / 2

        def on_track(steps=steps, mid=mid, link=link):
            if not steps:                           # a direct link: on its bar
                for t in (0.5, 0.3, 0.7):
                    yield along(direct_points(layout, link), t)
            for h, i in sorted(steps, key=lambda step: abs(steps.index(step) - mid)):
                a, b = view["track"][h]["segments"][i]
                line = segment_points(*layout.xy(h), s, a, b)
                for t in (0.5, 0.3, 0.7, 0.15, 0.85) if b != TOWN else (0.45, 0.25):
                    yield along(line, t)

        best = best_spot(spots, on_track(), placed, r, max(r, half * 0.9))
        if best[0] == float("inf"):               # no room on the track: beside it, in one of its hexes
            for h, _ in steps:
                x, y = layout.xy(h)
                for dx, dy in ((0, -0.3), (-0.42, 0.05), (0.42, 0.05), (-0.3, -0.3), (0.3, -0.3), (0, 0.2)):
                    cost = spots.cost(x + dx * s, y + dy * s, max(r, half * 0.9))
                    if cost < best[0]:
                        best = (cost, x + dx * s, y + dy * s)
        _, bx, by = best
        placed.append((bx, by))
        colour = track_colour(owner)
        box = (round(bx - half), round(by - r), round(bx + half), round(by + r))
        if half > r:
            rounded_box(d, box, r * 0.8, fill=colour, outline=INK, width=max(2, int(r // 6)))
        else:
            d.ellipse(box, fill=colour, outline=INK, width=max(2, int(r // 6)))
        paste_text(img, bx, by + 0.5, text, size, bold=True, fill=text_on(colour), anchor="mm")
        spots.add((bx - half, by - r, bx + half, by + r), 3.0)
