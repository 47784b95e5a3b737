"""Shared drawing for hex boards: geometry, fonts, terrain and the cached static base.

A view goes in, PNG bytes come out (DESIGN.md, "Rendering"). Nothing here knows game rules.
"""
from __future__ import annotations

import io
import math
from functools import lru_cache

import font_roboto
from PIL import Image, ImageDraw, ImageFont

from railhead.engine.common.hexgrid import SQRT3, center, corners, label, parse, side_towards

TERRAIN_FILL = {"open": (196, 222, 160), "water": (150, 196, 232), "mountain": (200, 170, 128)}
SEA = (96, 140, 186)
BACKGROUND = (236, 232, 220)
INK = (40, 40, 40)
RIDGE = (92, 52, 28)
CUBE_FILL = {"red": (214, 39, 40), "yellow": (250, 210, 30), "blue": (31, 100, 220), "black": (25, 25, 25),
             "purple": (148, 70, 190), "gray": (150, 150, 150)}
CUBE_LETTER = {"red": "R", "yellow": "Y", "blue": "B", "black": "G", "purple": "P", "gray": ""}


class CachedFont(ImageFont.FreeTypeFont):
    """A TrueType font that keeps the glyph masks it renders: boards draw the same hex names,
    link numbers, player names and headings turn after turn, and rendering text was most of a
    board's drawing time. Pillow draws from the same masks, so the pixels are the same."""

    LIMIT = 4096          # masks kept per font (a few hundred bytes each); then the cache starts over

    def __init__(self, path: str, size: int):
        super().__init__(path, size)
        self._masks: dict = {}

    def getmask2(self, text, mode="", direction=None, features=None, language=None, stroke_width=0, anchor=None,
                 ink=0, start=None, *args, **kwargs):
        if args or mode not in ("L", "1"):            # colour glyphs are changed by the caller: not kept
            return super().getmask2(text, mode, direction, features, language, stroke_width, anchor, ink, start,
                                    *args, **kwargs)
        key = (text, mode, direction, tuple(features or ()), language, stroke_width, anchor, ink,
               tuple(start or ()), tuple(sorted(kwargs.items())))
        found = self._masks.get(key)
        if found is None:
            if len(self._masks) >= self.LIMIT:
                self._masks = {}
            found = self._masks[key] = super().getmask2(text, mode, direction, features, language, stroke_width,
                                                        anchor, ink, start, **kwargs)
        return found


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Roboto from the ``font-roboto`` package: covers the accented names of European cities.
    One ``CachedFont`` per size and weight."""
    return CachedFont(font_roboto.RobotoBold if bold else font_roboto.Roboto, size)


class Layout:
    """Pixel geometry of a board of ``columns`` x ``rows`` hexes with circumradius ``size``.

    ``window``: ``(x0, y0, width, height)``, a part of the whole board in its pixels (a close
    view, a phone's crop); every position is then relative to the window's top left corner.
    ``label``: the hex names' type size in px (default a third of ``size``; larger on a phone)."""

    def __init__(self, columns: int, rows: int, size: int, margin: int = 14,
                 window: tuple[int, int, int, int] | None = None, label: int | None = None):
        self.columns, self.rows, self.size, self.margin, self.label = columns, rows, size, margin, label
        self.full_width = int(SQRT3 * size * (columns + 0.5)) + 2 * margin
        self.full_height = int(size * (1.5 * rows + 0.5)) + 2 * margin
        self.window = window
        self.x0, self.y0, self.width, self.height = window or (0, 0, self.full_width, self.full_height)

    def xy(self, hexname: str) -> tuple[float, float]:
        col, row = parse(hexname)
        x, y = center(col, row, self.size)
        return x + self.margin + SQRT3 * self.size / 2 - self.x0, y + self.margin + self.size - self.y0

    def edge_mid(self, hexname: str, side: int) -> tuple[float, float]:
        """Midpoint of hex side ``side`` (0=E clockwise)."""
        x, y = self.xy(hexname)
        pts = corners(x, y, self.size)
        # corner i sits at angle 60*i-30; side s lies between corners s and s+1
        (ax, ay), (bx, by) = pts[side % 6], pts[(side + 1) % 6]
        return (ax + bx) / 2, (ay + by) / 2

    def hex_polygon(self, hexname: str, shrink: float = 0.0) -> list[tuple[float, float]]:
        x, y = self.xy(hexname)
        return corners(x, y, self.size - shrink)

    def hexes(self) -> list[str]:
        """The names of the hexes that show (wholly or partly) in the image, row by row."""
        w, s = SQRT3 * self.size, self.size
        rows = range(max(0, int((self.y0 - self.margin) / (1.5 * s)) - 1),
                     min(self.rows, int((self.y0 + self.height) / (1.5 * s)) + 2))
        cols = range(max(0, int((self.x0 - self.margin) / w) - 1),
                     min(self.columns, int((self.x0 + self.width) / w) + 2))
        return [label(c, r) for r in rows for c in cols]

    def shows(self, hexname: str, inset: float = 0.0) -> bool:
        """Whether the centre of ``hexname`` lies in the image, at least ``inset`` px inside."""
        x, y = self.xy(hexname)
        return inset <= x <= self.width - inset and inset <= y <= self.height - inset

    def around(self, hexname: str, across: float, down: float) -> Layout:
        """A window of about ``across`` x ``down`` hexes centred on ``hexname`` (moved back
        inside the board at its edges)."""
        x, y = self.xy(hexname)
        width, height = int(SQRT3 * self.size * across), int(self.size * (1.5 * down + 0.5))
        x0 = min(max(0, int(x + self.x0 - width / 2)), max(0, self.full_width - width))
        y0 = min(max(0, int(y + self.y0 - height / 2)), max(0, self.full_height - height))
        return Layout(self.columns, self.rows, self.size, self.margin, (x0, y0, width, height))


def close_window(columns: int, rows: int, hexes, size: int, across: float, down: float, margin: int = 14,
                 smallest: int = 40) -> tuple[int, tuple[int, int, int, int]]:
    """A close view of ``hexes`` (where a move happened): ``(hex size, window)``, a window as large
    as ``across`` x ``down`` hexes of ``size`` px, centred on them; when they do not fit with
    one hex around them, a smaller hex size (in steps of 10 px, down to ``smallest``) shows more
    of them in the same window, which is then centred on the first of them if they still do not."""
    width, height = int(SQRT3 * size * across), int(size * (1.5 * down + 0.5))
    known = [h for h in hexes if _on_board(h, columns, rows)]
    for k in range(size, smallest - 1, -10):
        lay = Layout(columns, rows, k, margin)
        xs, ys = zip(*(lay.xy(h) for h in known)) if known else ((lay.full_width / 2,), (lay.full_height / 2,))
        fits = max(xs) - min(xs) + 2 * SQRT3 * k <= width and max(ys) - min(ys) + 3 * k <= height
        if fits or k - 10 < smallest:
            cx, cy = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2) if fits else lay.xy(known[0])
            x0 = min(max(0, int(cx - width / 2)), max(0, lay.full_width - width))
            y0 = min(max(0, int(cy - height / 2)), max(0, lay.full_height - height))
            return k, (x0, y0, min(width, lay.full_width), min(height, lay.full_height))
    raise AssertionError("unreachable")


def _on_board(hexname: str, columns: int, rows: int) -> bool:
    cell = parse(str(hexname))
    return cell is not None and 0 <= cell[0] < columns and 0 <= cell[1] < rows


def hex_span(hexnames, columns: int, rows: int, pad: int = 1) -> tuple[int, int, int, int]:
    """``(first column, first row, last column, last row)`` covering ``hexnames`` and ``pad``
    more hexes around them, inside the board; the first row is even so rows keep their offset."""
    cells = [parse(h) for h in hexnames]
    cols, rws = [c for c, _ in cells], [r for _, r in cells]
    c0, c1 = max(0, min(cols) - pad), min(columns - 1, max(cols) + pad)
    r0, r1 = max(0, min(rws) - pad), min(rows - 1, max(rws) + pad)
    return c0, r0 - r0 % 2, c1, r1


HEX_LABEL = (70, 80, 60)


def hex_label_font(layout: Layout) -> ImageFont.FreeTypeFont:
    """The hex names' font: ``layout.label`` px, else a third of the hex size (at least 8 px)."""
    return font(layout.label or max(8, layout.size // 3))


def draw_hex_label(d: ImageDraw.ImageDraw, layout: Layout, name: str, halo: bool = False) -> None:
    """The printed name of a hex (what players type), low in the hex where no track ends.
    ``halo``: a light outline, to stay readable over track and highlights."""
    x, y = layout.xy(name)
    d.text((x, y + layout.size * 0.62), name, fill=HEX_LABEL, font=hex_label_font(layout), anchor="ms",
           **({"stroke_width": 2, "stroke_fill": (240, 242, 232)} if halo else {}))


def draw_base(layout: Layout, terrain: dict[str, str], ridges, cities) -> Image.Image:
    """Terrain, sea, ridges and printed hex names: the part of a board that never changes."""
    img = Image.new("RGB", (layout.width, layout.height), SEA)
    d = ImageDraw.Draw(img)
    shown = [name for name in layout.hexes() if name in terrain]
    mark = max(3, layout.size // 10)
    for name in shown:
        kind = terrain[name]
        d.polygon(layout.hex_polygon(name), fill=TERRAIN_FILL[kind], outline=(120, 130, 110))
        x, y = layout.xy(name)
        if kind == "mountain":
            d.ellipse((x - mark, y - mark, x + mark, y + mark), fill=(120, 90, 60))
        elif kind == "water":
            k = mark / 3
            d.line((x - 5 * k, y + k, x - k, y - 2 * k, x + 2 * k, y + k, x + 6 * k, y - 2 * k), fill=(60, 110, 190),
                   width=max(2, layout.size // 15))
    for key in ridges:
        a, b = key.split("|")
        side = side_towards(a, b)
        x, y = layout.xy(a)
        pts = corners(x, y, layout.size)
        d.line((pts[side], pts[(side + 1) % 6]), fill=RIDGE, width=max(3, layout.size // 6))
    for name in shown:
        if name not in cities:
            draw_hex_label(d, layout, name)
    return img


class Overlay:
    """A transparent overlay (RGBA) kept as the tiles that hold something: pasting them is the
    same as pasting the whole overlay, without compositing its empty parts (most of a map)."""

    TILE = 64

    def __init__(self, img: Image.Image):
        self.size = img.size
        self.tiles: list[tuple[tuple[int, int], Image.Image]] = []
        alpha = img.getchannel("A")
        for y in range(0, img.height, self.TILE):
            for x in range(0, img.width, self.TILE):
                box = (x, y, min(x + self.TILE, img.width), min(y + self.TILE, img.height))
                if alpha.crop(box).getbbox() is not None:
                    self.tiles.append(((x, y), img.crop(box)))

    def paste_onto(self, board: Image.Image) -> None:
        """Composite the overlay over ``board``'s top left corner."""
        for xy, tile in self.tiles:
            board.paste(tile, xy, tile)


def draw_labels(layout: Layout, cities: dict[str, str], city_radius: float,
                name_size: int | None = None) -> Image.Image:
    """City names and their hex names as a transparent overlay (RGBA), pasted over the track so
    it never hides a name. Static, so it is drawn once per map and cached with the base."""
    img = Image.new("RGBA", (layout.width, layout.height), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    name_font, small = font(name_size or max(10, layout.size // 2), bold=True), hex_label_font(layout)
    stroke = max(2, layout.size // 20)
    for hexname, city in cities.items():
        x, y = layout.xy(hexname)
        d.text((x, y + city_radius + 1), city, fill=INK, font=name_font, anchor="mt", stroke_width=stroke,
               stroke_fill=(255, 255, 255))
        d.text((x, y - city_radius - 1), hexname, fill=INK, font=small, anchor="mb", stroke_width=stroke,
               stroke_fill=(255, 255, 255))
    return img


def cube_ring(s: int) -> int:
    """The width of the white ring around a goods cube of ``s`` px."""
    return max(2, round(s / 8))


def draw_cube(d: ImageDraw.ImageDraw, x: float, y: float, colour: str, s: int, letters: bool,
              names: dict[str, str] | None = None) -> None:
    """A goods cube with its top left corner at ``(x, y)``: a white ring (two pixels, more on
    large cubes) around a dark edge (as wide), so it stands out on a city of any colour, its own
    included (blue on blue). ``names``: the letters printed with ``letters`` (default
    ``CUBE_LETTER``)."""
    w = cube_ring(s)
    d.rectangle((x - w, y - w, x + s + w, y + s + w), fill=(255, 255, 255))
    d.rectangle((x, y, x + s, y + s), fill=CUBE_FILL[colour], outline=INK, width=max(1, w // 2 + (s >= 14)))
    if letters:
        ink = (0, 0, 0) if colour in ("yellow", "gray") else (255, 255, 255)
        d.text((x + s / 2 + 0.5, y + s / 2 + 0.5), (names or CUBE_LETTER)[colour], fill=ink,
               font=font(max(8, s - 2)), anchor="mm")


LARGE = 4_000_000
"""Pixels above which a board is compressed at zlib level 3 instead of 6: the Transcontinental
board (5.3 million pixels) took 51 ms at level 6 and 22 ms at level 3 for a file 23% larger
(docs/performance.md, "Rendering")."""


def png_bytes(img: Image.Image, compress_level: int | None = None, palette: int | None = 128) -> bytes:
    """Encode as PNG. ``palette``: quantize to that many colours first (a much smaller file,
    and faster to compress; see docs/performance.md), or ``None`` for full RGB.
    ``compress_level``: zlib's 0-9; ``None``: 6, or 3 for an image over ``LARGE`` pixels."""
    if compress_level is None:
        compress_level = 3 if img.width * img.height > LARGE else 6
    if palette:
        img = img.quantize(colors=palette, method=Image.Quantize.FASTOCTREE)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=compress_level)
    return buf.getvalue()


class Spots:
    """Boxes on a map that badges keep off: ``hard`` ones (``weight`` inf: hex names, what players
    type) are never covered, ``soft`` ones (names, cities) as little as possible. Bucketed by a
    coarse grid so that a badge only looks at the boxes near it."""

    def __init__(self, cell: float):
        self.cell = cell
        self.boxes: list[tuple[tuple[float, float, float, float], float]] = []
        self.grid: dict[tuple[int, int], list[int]] = {}

    def _cells(self, box):
        c = self.cell
        return ((i, j) for i in range(int(box[0] // c), int(box[2] // c) + 1)
                for j in range(int(box[1] // c), int(box[3] // c) + 1))

    def add(self, box: tuple[float, float, float, float], weight: float) -> None:
        """``weight``: ``inf`` for a hard box, else what covering it costs per pixel."""
        self.boxes.append((box, weight))
        for cell in self._cells(box):
            self.grid.setdefault(cell, []).append(len(self.boxes) - 1)

    def cost(self, x: float, y: float, r: float) -> float:
        """What a disc of radius ``r`` at ``(x, y)`` covers (``inf``: a hard box)."""
        near = {i for cell in self._cells((x - r, y - r, x + r, y + r)) for i in self.grid.get(cell, ())}
        total = 0.0
        for i in near:
            (x0, y0, x1, y1), weight = self.boxes[i]
            if weight == float("inf"):
                dx, dy = max(x0 - x, 0, x - x1), max(y0 - y, 0, y - y1)
                if dx * dx + dy * dy < (r - 1) ** 2:
                    return weight
                continue
            w, h = min(x1, x + r) - max(x0, x - r), min(y1, y + r) - max(y0, y - r)
            if w > 0 and h > 0:
                total += w * h * weight
        return total

    def copy(self) -> Spots:
        """A copy to add a board's own boxes to without touching a cached one."""
        other = Spots(self.cell)
        other.boxes, other.grid = list(self.boxes), {k: list(v) for k, v in self.grid.items()}
        return other


def best_spot(spots: Spots, candidates, placed: list[tuple[float, float]], r: float,
              reach: float | None = None) -> tuple[float, float, float] | None:
    """Where a badge of radius ``r`` goes: the cheapest of ``candidates`` (``(x, y)`` in order of
    preference; a generator is read only until a free spot), by what it covers of ``spots``
    (checked ``reach`` around it, default ``r``) plus a penalty for overlapping the badges already
    ``placed``. Returns ``(cost, x, y)``, or ``None`` without candidates."""
    best = None
    for bx, by in candidates:
        cost = spots.cost(bx, by, reach or r)
        for px, py in placed:
            cost += max(0.0, 2 * r - math.hypot(px - bx, py - by)) * r * 8
        if best is None or cost < best[0]:
            best = (cost, bx, by)
        if cost == 0:
            break
    return best
