"""Steam board: the map with cities, cubes and track, plus a side panel.

``board_png(view)`` takes ``engine.get_game("steam").view(...)`` and returns PNG bytes:

- ``layout="desktop"`` (the default): the map (about 1100 px wide at most) with the panel on its
  right;
- ``layout="phone"``: portrait, 1000 px wide, the map above the panel, in type that still reads
  when the image is shown 400 px wide; a map of more than ``PHONE_SPLIT`` columns is drawn as its
  west half above its east half;
- ``zoom="Pittsburgh"`` or ``zoom="F7"``: a close view of about 7 x 5 large hexes (no panel);
- ``close=[hexes]``: the same close view around where a move happened (sent beside its board);
- ``colourblind=True``: letters on cubes, owners' letters on link badges and open ends, colour
  names next to players' names;
- ``highlight=[hexes]``: white outlines (a proposed build); a view's ``last`` hexes, if it ever
  has them, get gold ones.

The map is drawn by ``hexmap``, the panel by ``panel`` (this package).
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from railhead.engine import IllegalAction
from railhead.engine.common.hexgrid import SQRT3, col_name
from railhead.engine.games.steam.data import place

from ..hexes import BACKGROUND, INK, Layout, close_window, font
from ..panel import png_bytes_quick
from . import hexmap
from .panel import PANEL_WIDTH, draw_panel, lower_parts

LAYOUTS = ("desktop", "phone")
MAP_WIDTH, MAP_HEIGHT = 1120, 1150       # desktop: the most the map takes
DESKTOP_HEX = (28, 56)                   # smallest and largest hex size on a desktop
PHONE_WIDTH = 1000
PHONE_HEX = 72
PHONE_SPLIT = 14
ZOOM_HEX, ZOOM_ACROSS, ZOOM_DOWN = 64, 7, 5
MARGIN = 14


def desktop_hex(columns: int, rows: int) -> int:
    across = (MAP_WIDTH - 2 * MARGIN) / (SQRT3 * (columns + 0.5))
    down = (MAP_HEIGHT - 2 * MARGIN) / (1.5 * rows + 0.5)
    return int(min(DESKTOP_HEX[1], max(DESKTOP_HEX[0], min(across, down))))


def supply_names(m) -> dict[str, str]:
    """The printed cities of each numbered goods supply space."""
    out: dict[str, list[str]] = {}
    for city in m.cities.values():
        out.setdefault(str(city.supply), []).append(city.name)
    return {k: ", ".join(v) for k, v in out.items()}


def zoom_hex(map_id: str, text: str) -> str:
    """The hex of a city or town (any case or accents) or a hex of the map; ``IllegalAction``
    otherwise."""
    found = place(hexmap.load_map(map_id), str(text))
    if found is None:
        raise IllegalAction(f"No city, town or hex {str(text)[:40]!r} on this map.")
    return found


def draw_board(view: dict, *, layout: str = "desktop", colourblind: bool = False, zoom: str | None = None,
               highlight: list[str] | None = None, close: list[str] | None = None) -> Image.Image:
    """The board image of a Steam view (see the module's docstring for the options)."""
    layout = layout or "desktop"
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS}, not {layout!r}")
    m = hexmap.load_map(view["map"])
    if close:
        size, window = close_window(m.columns, m.rows, close, ZOOM_HEX, ZOOM_ACROSS, ZOOM_DOWN, MARGIN)
        return _map_part(view, size, window, colourblind, highlight, True, base=hexmap.close_base)
    if zoom is not None:
        target = zoom_hex(view["map"], zoom)
        window = Layout(m.columns, m.rows, ZOOM_HEX, MARGIN).around(target, ZOOM_ACROSS, ZOOM_DOWN).window
        return _map_part(view, ZOOM_HEX, window, colourblind, highlight, True)
    names = supply_names(m)
    if layout == "phone":
        parts = [_map_part(view, size, window, colourblind, highlight, True, caption)
                 for size, window, caption in phone_windows(m)]
        panel = draw_panel(view, PHONE_WIDTH / PANEL_WIDTH, colourblind, names)
        board = Image.new("RGB", (PHONE_WIDTH, sum(p.height for p in parts) + panel.height), BACKGROUND)
        y = 0
        for part in parts + [panel]:
            board.paste(part, (0, y))
            y += part.height
        return board
    size = desktop_hex(m.columns, m.rows)
    part = _map_part(view, size, None, colourblind, highlight, False)
    panel = draw_panel(view, 1.0, colourblind, names)
    if panel.height > part.height + 40:        # a wide, low map: the supply and legend go under it
        top = draw_panel(view, 1.0, colourblind, names, parts=True)
        lower = lower_parts(view, 1.0, colourblind, names)
        height = max(top.height, part.height + max(p.height for p in lower))
        if sum(p.width for p in lower) <= part.width and height < panel.height:
            board = Image.new("RGB", (part.width + top.width, height), BACKGROUND)
            board.paste(part, (0, 0))
            board.paste(top, (part.width, 0))
            x = (part.width - sum(p.width for p in lower)) // 2
            for p in lower:
                board.paste(p, (x, part.height))
                x += p.width
            return board
    board = Image.new("RGB", (part.width + panel.width, max(part.height, panel.height)), BACKGROUND)
    board.paste(part, (0, 0))
    board.paste(panel, (part.width, 0))
    return board


def board_png(view: dict, **kwargs) -> bytes:
    """PNG bytes of ``draw_board(view, **kwargs)``."""
    return png_bytes_quick(draw_board(view, **kwargs))


def _map_part(view: dict, size: int, window, letters: bool, highlight, phone: bool, caption: str = "",
              base=hexmap.base) -> Image.Image:
    base, names, lay, spots = base(view["map"], size, window, phone)
    img = base.copy()
    hexmap.draw_map(img, names, lay, spots, view, letters, highlight, phone)
    if caption:
        d = ImageDraw.Draw(img)
        f = font(26, bold=True)
        w = d.textlength(caption, font=f)
        d.rounded_rectangle((8, 8, 24 + w, 46), 8, fill=(255, 255, 255), outline=INK, width=2)
        d.text((16, 27), caption, fill=INK, font=f, anchor="lm")
    return img


def phone_windows(m) -> list[tuple[int, tuple[int, int, int, int] | None, str]]:
    """``[(hex size, window, caption)]``: the whole map as wide as the phone allows, or, for more
    than PHONE_SPLIT columns, its west half above its east half (one column in both)."""
    if m.columns <= PHONE_SPLIT:
        size = min(PHONE_HEX, int((PHONE_WIDTH - 2 * MARGIN) / (SQRT3 * (m.columns + 0.5))))
        full = Layout(m.columns, m.rows, size, MARGIN)
        return [(size, (0, 0, PHONE_WIDTH, full.full_height), "")]
    mid = (m.columns - 1) // 2
    out = []
    for c0, c1, caption in ((0, mid + 1, f"West (columns to {col_name(mid + 1)})"),
                            (mid, m.columns - 1, f"East (from column {col_name(mid)})")):
        size = min(PHONE_HEX, int((PHONE_WIDTH - 2 * MARGIN) / (SQRT3 * (c1 - c0 + 1.5))))
        full = Layout(m.columns, m.rows, size, MARGIN)
        x0 = min(int(SQRT3 * size * c0), max(0, full.full_width - PHONE_WIDTH))
        out.append((size, (x0, 0, PHONE_WIDTH, full.full_height), caption))
    return out
