"""Shared drawing for hex boards: geometry, fonts, terrain and the cached static base.

A view goes in, PNG bytes come out (DESIGN.md, "Rendering"). Nothing here knows game rules.
"""
from __future__ import annotations

import io
from functools import lru_cache

import font_roboto
from PIL import Image, ImageDraw, ImageFont

from engine.common.hexgrid import SQRT3, center, corners, label, parse, side_towards

TERRAIN_FILL = {"open": (196, 222, 160), "water": (150, 196, 232), "mountain": (200, 170, 128)}
SEA = (96, 140, 186)
BACKGROUND = (236, 232, 220)
INK = (40, 40, 40)
RIDGE = (92, 52, 28)
CUBE_FILL = {"red": (214, 39, 40), "yellow": (250, 210, 30), "blue": (31, 100, 220), "black": (25, 25, 25),
             "purple": (148, 70, 190), "gray": (150, 150, 150)}
CUBE_LETTER = {"red": "R", "yellow": "Y", "blue": "B", "black": "G", "purple": "P", "gray": ""}


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Roboto from the ``font-roboto`` package: covers the accented names of European cities."""
    return ImageFont.truetype(font_roboto.RobotoBold if bold else font_roboto.Roboto, size)


class Layout:
    """Pixel geometry of a board of ``columns`` x ``rows`` hexes with circumradius ``size``."""

    def __init__(self, columns: int, rows: int, size: int, margin: int = 14):
        self.columns, self.rows, self.size, self.margin = columns, rows, size, margin
        self.width = int(SQRT3 * size * (columns + 0.5)) + 2 * margin
        self.height = int(size * (1.5 * rows + 0.5)) + 2 * margin

    def xy(self, hexname: str) -> tuple[float, float]:
        col, row = parse(hexname)
        x, y = center(col, row, self.size)
        return x + self.margin + SQRT3 * self.size / 2, y + self.margin + self.size

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


def draw_base(layout: Layout, terrain: dict[str, str], ridges, cities) -> Image.Image:
    """Terrain, sea, ridges and printed hex names: the part of a board that never changes."""
    img = Image.new("RGB", (layout.width, layout.height), SEA)
    d = ImageDraw.Draw(img)
    small = font(max(8, layout.size // 3))
    for row in range(layout.rows):
        for col in range(layout.columns):
            name = label(col, row)
            kind = terrain.get(name)
            if kind is None:
                continue
            d.polygon(layout.hex_polygon(name), fill=TERRAIN_FILL[kind], outline=(120, 130, 110))
            x, y = layout.xy(name)
            if kind == "mountain":
                d.ellipse((x - 3, y - 3, x + 3, y + 3), fill=(120, 90, 60))
            elif kind == "water":
                d.line((x - 5, y + 1, x - 1, y - 2, x + 2, y + 1, x + 6, y - 2), fill=(60, 110, 190), width=2)
            if name not in cities:
                d.text((x, y + layout.size * 0.62), name, fill=(70, 80, 60), font=small, anchor="ms")
    for key in ridges:
        a, b = key.split("|")
        side = side_towards(a, b)
        x, y = layout.xy(a)
        pts = corners(x, y, layout.size)
        d.line((pts[side], pts[(side + 1) % 6]), fill=RIDGE, width=max(3, layout.size // 6))
    return img


def draw_labels(layout: Layout, cities: dict[str, str], city_radius: float) -> Image.Image:
    """City names and their hex names as a transparent overlay (RGBA), pasted over the track so
    it never hides a name. Static, so it is drawn once per map and cached with the base."""
    img = Image.new("RGBA", (layout.width, layout.height), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    name_font, small = font(max(10, layout.size // 2), bold=True), font(max(8, layout.size // 3))
    for hexname, city in cities.items():
        x, y = layout.xy(hexname)
        d.text((x, y + city_radius + 1), city, fill=INK, font=name_font, anchor="mt", stroke_width=2,
               stroke_fill=(255, 255, 255))
        d.text((x, y - city_radius - 1), hexname, fill=INK, font=small, anchor="mb", stroke_width=2,
               stroke_fill=(255, 255, 255))
    return img


def draw_cube(d: ImageDraw.ImageDraw, x: float, y: float, colour: str, s: int, letters: bool) -> None:
    d.rectangle((x, y, x + s, y + s), fill=CUBE_FILL[colour], outline=(255, 255, 255))
    if letters:
        ink = (0, 0, 0) if colour == "yellow" else (255, 255, 255)
        d.text((x + s / 2, y + s / 2), CUBE_LETTER[colour], fill=ink, font=font(max(8, s - 2)), anchor="mm")


def png_bytes(img: Image.Image, compress_level: int = 6, palette: int | None = 128) -> bytes:
    """Encode as PNG. ``palette``: quantize to that many colours first (a much smaller file,
    and faster to compress; see docs/performance.md), or ``None`` for full RGB."""
    if palette:
        img = img.quantize(colors=palette, method=Image.Quantize.FASTOCTREE)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=compress_level)
    return buf.getvalue()
