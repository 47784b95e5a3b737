"""Railways of the World board: the map with cities, cubes and track, plus a side panel.

``board_png(view)`` takes ``engine.get_game("rotw").view(...)`` and returns PNG bytes:

- ``layout="desktop"`` (the default): the map with the panel on its right;
- ``layout="phone"``: portrait, the map (cropped to the part in play) above the panel, in type
  that still reads when the image is shown 400 px wide;
- ``zoom="Köln"`` or ``zoom="J6"``: a close view of about 7 x 5 large hexes around a city or hex;
- ``close=[hexes]``: the same close view around where a move happened (sent beside its board).

The static base of each map, size and window (terrain, ridges, city spurs, hex and city names) is
drawn once and cached. The hexes of the view's ``last`` move get a gold outline.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from railhead.engine import IllegalAction
from railhead.engine.common.hexgrid import SQRT3, col_name, normalize, parse
from railhead.engine.games.rotw.data import city_hex, load_map

from ..hexes import (
    BACKGROUND,
    CUBE_FILL,
    CUBE_LETTER,
    INK,
    Layout,
    Overlay,
    Spots,
    best_spot,
    close_window,
    cube_ring,
    draw_base,
    draw_cube,
    draw_hex_label,
    draw_labels,
    font,
    hex_label_font,
    hex_span,
    png_bytes,
)
from ..panel import owner_colour, owner_letters
from .features import draw_features, draw_western_link, grey_west
from .modules import draw_modules, draw_rotors
from .panel import LAST, PANEL_WIDTH, badge, draw_marker, draw_panel
from .through_time import board_name, draw_periods, draw_warp, is_warp, period_windows

HEX_SIZE = 30                  # desktop
PHONE_WIDTH = 1000             # shown about 400 px wide on a phone: type at 2.4x the desktop's
PHONE_MAX_HEX = 40
PHONE_SPLIT = 17               # at most this many columns across a phone: wider parts in play are cut
                               # into strips one under the other (hexes of 30 px and more)
PHONE_LABEL = 0.58             # hex names on a phone, in hex sizes (desktop: a third)
PHONE_BADGE = 0.5             # link badges' radius on a phone, in hex sizes (desktop: 0.34)
ZOOM_HEX = 60
ZOOM_ACROSS, ZOOM_DOWN = 7, 5  # hexes in a close view
SPUR = (70, 70, 70)
CUBE_TRAY = (236, 236, 228)     # behind the cubes of a city holding one of its own colour
LAYOUTS = ("desktop", "phone")


@lru_cache(maxsize=16)
def _base(map_id: str, size: int, window: tuple[int, int, int, int] | None = None, phone: bool = False,
          west_closed: bool = False) -> tuple[Image.Image, Overlay, Layout, Spots]:
    """The static layers of a map (or of a window of it): terrain base, name overlay (RGBA), layout,
    and where the names are. ``phone``: larger city names (the image is shown about 400 px wide).
    ``west_closed``: the Transcontinental West greyed out (its Eastern phase)."""
    m = load_map(map_id)
    layout = Layout(m.columns, m.rows, size, window=window, label=round(size * PHONE_LABEL) if phone else None)
    names = {h: board_name(c) for h, c in m.cities.items()}
    terrain = {h: "water" if t == "ferry" else t for h, t in m.terrain.items()} if m.ferries else m.terrain
    base = draw_base(layout, terrain, m.ridges, names)
    _draw_spurs(ImageDraw.Draw(base), layout, m)
    draw_features(ImageDraw.Draw(base), layout, m)
    if west_closed:
        base = grey_west(base, layout, m)
    name_size = int(size * 0.7) if phone else max(10, size // 2) if size <= 40 else int(size * 0.4)
    labels = Overlay(draw_labels(layout, names, city_radius(layout, phone), name_size))
    return base, labels, layout, _spots(layout, m, name_size, city_radius(layout, phone))


_close_base = lru_cache(maxsize=8)(_base.__wrapped__)     # close views: their own cache, so the
                                                          # board's bases stay cached


@lru_cache(maxsize=16)
def _blank(map_id: str, size: int, height: int, west_closed: bool = False) -> Image.Image:
    """A desktop board of ``height`` pixels before this turn: the map's base with room for the
    panel beside it (copied, not drawn, each turn)."""
    return _board_of(_base(map_id, size, None, False, west_closed)[0], height)


def _board_of(base: Image.Image, height: int) -> Image.Image:
    board = Image.new("RGB", (base.width + PANEL_WIDTH, height), BACKGROUND)
    board.paste(base, (0, 0))
    return board


def _spots(layout: Layout, m, name_size: int, r: float) -> Spots:
    """The boxes of the hex names (hard), city names and discs (soft), as ``draw_base`` and
    ``draw_labels`` place them."""
    spots = Spots(layout.size * 2)
    small, name_font = hex_label_font(layout), font(name_size, bold=True)
    pad = 2
    for hexname in layout.hexes():
        if hexname not in m.terrain:
            continue
        x, y = layout.xy(hexname)
        if hexname in m.cities:
            spots.add((x - r, y - r, x + r, y + r), 2.0)
            box = small.getbbox(hexname, anchor="mb")
            spots.add((x + box[0] - pad, y - r - 1 + box[1] - pad, x + box[2] + pad, y - r - 1 + box[3] + pad),
                      float("inf"))
            box = name_font.getbbox(board_name(m.cities[hexname]), anchor="mt")
            spots.add((x + box[0] - pad, y + r + 1 + box[1] - pad, x + box[2] + pad, y + r + 1 + box[3] + pad),
                      6.0)                                    # a covered name is worse than a covered disc
        else:
            box, base = small.getbbox(hexname, anchor="ms"), y + layout.size * 0.62
            spots.add((x + box[0] - pad, base + box[1] - pad, x + box[2] + pad, base + box[3] + pad), float("inf"))
    return spots


def _draw_spurs(d: ImageDraw.ImageDraw, layout: Layout, m) -> None:
    """Each city's track spurs: a short stub to every hex side where track may enter the city."""
    width = max(4, layout.size // 5)
    for hexname, city in m.cities.items():
        x, y = layout.xy(hexname)
        for side in city.spurs:
            ex, ey = layout.edge_mid(hexname, side)
            d.line(((x + ex) / 2, (y + ey) / 2, ex, ey), fill=SPUR, width=width)


def city_radius(layout: Layout, phone: bool = False) -> float:
    """A city disc's radius; larger on a phone, where the cubes would be specks."""
    return layout.size * (0.76 if phone else 0.66)


def zoom_hex(map_id: str, place: str) -> str:
    """The hex of a city (any case or accents) or a hex name of the map; ``IllegalAction`` otherwise."""
    m = load_map(map_id)
    text = str(place).strip()
    hexname = city_hex(m, text) or normalize(text)
    if hexname is None or hexname not in m.terrain:
        raise IllegalAction(f"No city or hex {text[:40]!r} on this map.")
    return hexname


def draw_board(view: dict, *, highlight: list[str] | None = None, colourblind: bool = False,
               layout: str = "desktop", zoom: str | None = None, size: int | None = None,
               cached: bool = True, close: list[str] | None = None) -> Image.Image:
    """Draw the board image for a view. ``highlight``: the hexes of a proposed build in order (drawn
    as a white route with outlined tiles). ``layout``: "desktop" (map and panel side by side) or
    "phone" (portrait). ``zoom``: a city or hex for a close view of the map around it (no panel);
    raises ``IllegalAction`` for a place not on the map. ``close``: the hexes a move touched, for
    the close view beside a move's board (the zoom's window, centred on them; no panel)."""
    layout = layout or "desktop"
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS}, not {layout!r}")
    get = _base if cached else _base.__wrapped__
    m = load_map(view["map"])
    closed = (view.get("transcontinental") or {}).get("phase") == "east"
    if close:
        size, window = close_window(m.columns, m.rows, close, size or ZOOM_HEX, ZOOM_ACROSS, ZOOM_DOWN)
        base, labels, lay, spots = _close_base(view["map"], size, window, False, closed)
        board = base.copy()
        _draw_map(board, labels, lay, spots, view, highlight, colourblind)
        return board
    if zoom is not None:
        target = zoom_hex(view["map"], zoom)
        size = size or ZOOM_HEX
        window = Layout(m.columns, m.rows, size).around(target, ZOOM_ACROSS, ZOOM_DOWN).window
        base, labels, lay, spots = get(view["map"], size, window, False, closed)
        board = base.copy()
        _draw_map(board, labels, lay, spots, view, highlight, colourblind)
        return board
    if layout == "phone":
        parts = []
        for part_size, window, caption in _phone_windows(view, m, highlight, size):
            base, labels, lay, spots = get(view["map"], part_size, window, True, closed)
            part = base.copy()
            _draw_map(part, labels, lay, spots, view, highlight, colourblind, phone=True)
            if caption:
                _caption(part, caption)
            parts.append(part)
        panel = draw_panel(view, PHONE_WIDTH / PANEL_WIDTH, colourblind)
        board = Image.new("RGB", (PHONE_WIDTH, sum(p.height for p in parts) + panel.height), BACKGROUND)
        y = 0
        for part in parts:
            board.paste(part, (0, y))
            y += part.height
        board.paste(panel, (0, y))
        return board
    base, labels, lay, spots = get(view["map"], size or HEX_SIZE, None, False, closed)
    panel = draw_panel(view, 1.0, colourblind)
    height = max(lay.height, panel.height)
    board = _blank(view["map"], size or HEX_SIZE, height, closed).copy() if cached else _board_of(base, height)
    _draw_map(board, labels, lay, spots, view, highlight, colourblind)
    board.paste(panel, (lay.width, 0))
    return board


def board_png(view: dict, **kwargs) -> bytes:
    """PNG bytes of ``draw_board(view, **kwargs)``."""
    return png_bytes(draw_board(view, **kwargs))


def _phone_windows(view: dict, m, highlight: list[str] | None, size: int | None
                   ) -> list[tuple[int, tuple[int, int, int, int], str]]:
    """The phone's map: the part in play (track, cities with cubes, the last move and a preview)
    and one hex around it, as large as PHONE_WIDTH allows; when that part is more than
    PHONE_SPLIT columns wide, strips of it from west to east one under the other (one column in
    two strips), as few as keep each within PHONE_SPLIT columns (two: its west half above its
    east half), each keeping only the rows in play between its columns; Railways Through Time:
    each board in play, with its title, one under the other (``period_windows``).
    ``[(hex size, window, caption)]``."""
    focus = set(view["track"]) | {h for h, c in view["cities"].items() if c["cubes"]}
    focus |= set(view.get("last") or []) | set(highlight or [])
    if view.get("through_time") and size is None:
        # a board fills the phone's width (larger than PHONE_MAX_HEX): no sliver of its neighbours;
        # half a row more below it for the names under its last row
        out = []
        for c0, r0, c1, r1 in period_windows(view, focus):
            part, (x0, y0, w, h) = _phone_window(m, c0, r0, c1, r1, int((PHONE_WIDTH - 28) / (SQRT3 * (c1 - c0 + 2.2))))
            out.append((part, (x0, y0, w, h + part // 2), ""))
        return out
    c0, r0, c1, r1 = hex_span(focus or m.terrain, m.columns, m.rows)
    if c1 - c0 + 1 <= PHONE_SPLIT or size is not None:
        return [(*_phone_window(m, c0, r0, c1, r1, size), "")]
    strips = -(-(c1 - c0) // (PHONE_SPLIT - 1))
    cuts = [c0 + (c1 - c0) * i // strips for i in range(strips + 1)]
    columns = {h: parse(h)[0] for h in (focus or m.terrain)}

    def rows(first: int, last: int) -> tuple[int, int]:
        """The rows the part in play takes between these columns (a diagonal map, as Nippon, leaves
        sea above one half and below the other)."""
        inside = [h for h, c in columns.items() if first <= c <= last]
        _, top, _, bottom = hex_span(inside, m.columns, m.rows) if inside else (0, r0, 0, r1)
        return top, bottom

    if strips == 2:
        mid = cuts[1]
        west, east = rows(c0, mid), rows(mid, c1)
        return [(*_phone_window(m, c0, west[0], mid, west[1], None), f"West (columns to {col_name(mid)})"),
                (*_phone_window(m, mid, east[0], c1, east[1], None), f"East (from column {col_name(mid)})")]
    return [(*_phone_window(m, a, top, b, bottom, None), f"Columns {col_name(a)}–{col_name(b)} ({i + 1} of {strips})")
            for i, (a, b) in enumerate(zip(cuts, cuts[1:])) for top, bottom in [rows(a, b)]]


def _phone_window(m, c0: int, r0: int, c1: int, r1: int, size: int | None) -> tuple[int, tuple[int, int, int, int]]:
    margin = 14
    if size is None:
        size = min(PHONE_MAX_HEX, int((PHONE_WIDTH - 2 * margin) / (SQRT3 * (c1 - c0 + 1.5))))
    full = Layout(m.columns, m.rows, size, margin)
    x0 = min(int(SQRT3 * size * c0), max(0, full.full_width - PHONE_WIDTH))
    height = int(size * (1.5 * (r1 - r0 + 1) + 0.5)) + 2 * margin
    return size, (x0, int(1.5 * size * r0), PHONE_WIDTH, height)


def _caption(img: Image.Image, text: str) -> None:
    """A label in the top left corner of a phone map part."""
    d = ImageDraw.Draw(img)
    f = font(26, bold=True)
    w = d.textlength(text, font=f)
    d.rounded_rectangle((8, 8, 24 + w, 46), 8, fill=(255, 255, 255), outline=INK, width=2)
    d.text((16, 27), text, fill=INK, font=f, anchor="lm")


def _draw_map(board: Image.Image, labels: Overlay, layout: Layout, spots: Spots, view: dict,
              highlight: list[str] | None, letters: bool, phone: bool = False) -> None:
    """Everything that changes, over the base already pasted at the top left of ``board``.
    ``phone``: larger cities and link badges."""
    d = ImageDraw.Draw(board)
    cities = view["cities"]
    draw_periods(d, layout, view)
    _draw_track(d, layout, view)
    last = [h for h in view.get("last") or [] if normalize(h)]
    for hexname in last:
        poly = layout.hex_polygon(hexname, 2)
        d.polygon(poly, outline=INK, width=max(5, layout.size // 6))
        d.polygon(layout.hex_polygon(hexname, 3), outline=LAST, width=max(3, layout.size // 10))
    if highlight:
        for hexname in highlight:
            if hexname not in cities:
                d.polygon(layout.hex_polygon(hexname, 2), outline=(255, 255, 255), width=3)
        if len(highlight) > 1:
            points = [layout.xy(h) for h in highlight]
            d.line(points, fill=INK, width=max(6, layout.size // 4) + 4, joint="curve")
            d.line(points, fill=(255, 255, 255), width=max(4, layout.size // 4), joint="curve")
    # hex names under track or a highlight, again, with a halo: players type them
    for hexname in sorted(set(view["track"]) | set(last) | set(highlight or [])):
        if hexname not in cities and normalize(hexname):
            draw_hex_label(d, layout, hexname, halo=True)
    if view.get("western_link"):
        draw_western_link(d, layout, view["western_link"], view, letters)
    draw_rotors(d, layout, view, city_radius(layout, phone), letters)
    _draw_cities(d, layout, view, letters, phone)
    draw_modules(d, layout, view, city_radius(layout, phone), letters)
    _draw_owner_markers(d, layout, spots, view, PHONE_BADGE if phone else 0.34, letters)
    labels.paste_onto(board)                   # city names last: a badge that could not avoid one stays under it


def _draw_track(d: ImageDraw.ImageDraw, layout: Layout, view: dict) -> None:
    links = view["links"]
    width = max(4, layout.size // 4)
    for hexname, segments in sorted(view["track"].items()):
        x, y = layout.xy(hexname)
        for i, seg in enumerate(segments):
            link = links[seg["link"]]
            colour = owner_colour(link["owner"])
            a, b = (layout.edge_mid(hexname, s) for s in seg["sides"])
            if i == 1:   # crossing: draw the overpass with a dark casing
                d.line((a, (x, y), b), fill=INK, width=width + 4, joint="curve")
            d.line((a, (x, y), b), fill=colour if link["complete"] else _faded(colour), width=width, joint="curve")
    # the spur from a city into its first/last tile
    for link in links.values():
        if not link["hexes"]:
            continue
        ends = [(link["from"], link["hexes"][0])]
        if link["to"]:
            ends.append((link["to"], link["hexes"][-1]))
        for city, tile in ends:
            d.line((layout.xy(city), layout.xy(tile)), fill=owner_colour(link["owner"]), width=width)


def _faded(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return tuple((c + 255) // 2 for c in colour)  # type: ignore[return-value]


def _cube_grid(n: int, r: float, cap: int) -> tuple[int, int, int]:
    """``(per row, rows, cube size)`` for ``n`` cubes inside a disc of radius ``r``: the grid's
    corners, white rings included, stay inside the disc's white edge."""
    per_row = n if n <= 3 else (2 if n == 4 else 3)
    rows = -(-n // per_row) if n else 0
    s = cap
    while s > 5 and ((per_row * (s + 3) / 2) ** 2 + (rows * (s + 3) / 2) ** 2) ** 0.5 > r - 2:
        s -= 1
    return per_row, rows, s


def _draw_cities(d: ImageDraw.ImageDraw, layout: Layout, view: dict, letters: bool, phone: bool) -> None:
    r = city_radius(layout, phone)
    name_font = font(max(10, layout.size // 2), bold=True)
    ring = max(2, layout.size // 15)
    for hexname, city in sorted(view["cities"].items()):
        x, y = layout.xy(hexname)
        if not -r <= x <= layout.width + r or not -r <= y <= layout.height + r:
            continue
        if is_warp(city):
            draw_warp(d, x, y, r)
            continue
        fill = CUBE_FILL[city["colour"]]
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=(255, 255, 255), width=ring)
        if city["urbanized"]:
            d.ellipse((x - r + 2 * ring + 1, y - r + 2 * ring + 1, x + r - 2 * ring - 1, y + r - 2 * ring - 1),
                      outline=(255, 255, 255), width=ring)
        cubes = city["cubes"]
        if cubes:
            per_row, rows, s = _cube_grid(len(cubes), r - (2 * ring + 1 if city["urbanized"] else 0),
                                          max(9, round(r / 2) + 1))
            step = s + 3
            if city["colour"] in cubes:          # a cube of the city's own colour: on a light tray
                half_w, half_h = min(per_row, len(cubes)) * step / 2, rows * step / 2
                pad = max(cube_ring(s) + 1, round(s * 0.45))
                while pad > cube_ring(s) + 1 and math.hypot(half_w + pad, half_h + pad) > r - ring:
                    pad -= 1                     # the tray's corners stay on the disc
                d.rounded_rectangle((x - half_w - pad, y - half_h - pad, x + half_w + pad + 1, y + half_h + pad + 1),
                                    radius=pad + 1, fill=CUBE_TRAY, outline=INK, width=1)
            for i, colour in enumerate(cubes):
                in_row = min(per_row, len(cubes) - (i // per_row) * per_row)
                cx = x - in_row * step / 2 + (i % per_row) * step + 1.5
                cy = y - rows * step / 2 + (i // per_row) * step + 1.5
                draw_cube(d, cx, cy, colour, s, letters)
        if city["marker"]:
            draw_marker(d, x, y, r * 0.55, name_font)
        if letters and city["colour"] != "gray":     # the city's colour as a letter, beside the disc
            d.text((x + r + 2, y - r), CUBE_LETTER[city["colour"]], fill=INK, font=name_font, anchor="lt",
                   stroke_width=2, stroke_fill=(255, 255, 255))


def _draw_owner_markers(d: ImageDraw.ImageDraw, layout: Layout, spots: Spots, view: dict, radius: float,
                        letters: bool = False) -> None:
    """The ownership marker: a disc in the owner's colour with the link number, high in a tile of
    the link (the middle one that shows, unless another tile is freer): it never covers a hex name
    and covers as little as it can of city names, cities and other markers. ``radius``: the
    disc's, in hex sizes. ``letters`` (colour-blind): the owner's letters before the number ("B:12")."""
    s = layout.size
    r = s * radius
    f = font(max(9, int(r * 1.05)), bold=True)
    lift = max(s * 0.56 - r, 2 * r - 0.68 * s)   # the disc ends 0.12 hex sizes below the centre at most
    offsets = [(0, -lift), (-0.3 * s, -lift), (0.3 * s, -lift),
               (0, -lift - 0.18 * s), (-0.3 * s, -lift - 0.18 * s), (0.3 * s, -lift - 0.18 * s),
               (-0.42 * s, -lift + 0.2 * s), (0.42 * s, -lift + 0.2 * s)]
    placed: list[tuple[float, float]] = []
    labels = owner_letters([p["name"] for p in view["players"]])
    for lid, link in sorted(view["links"].items(), key=lambda item: (len(item[0]), item[0])):
        shown = [h for h in link["hexes"] if layout.shows(h, r)]
        if not shown:
            continue
        mid = len(shown) // 2
        candidates = ((x + dx, y + dy) for i in sorted(range(len(shown)), key=lambda i: abs(i - mid))
                      for x, y in [layout.xy(shown[i])] for dx, dy in offsets)
        best = best_spot(spots, candidates, placed, r)
        if best[0] == float("inf"):      # no free spot: the first one (never seen on a shipped map)
            x, y = layout.xy(shown[mid])
            best = (0, x, y - lift)
        placed.append(best[1:])
        text = f"{labels[link['owner']]}:{lid}" if letters and link["owner"] is not None else lid
        badge(d, best[1], best[2], r, owner_colour(link["owner"]), text, f)
