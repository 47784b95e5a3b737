"""Shared panel drawing: the seats' colours and dice, type drawn from cached masks, and a quick
palette PNG for large flat panels, used by several games' boards.

Nothing here knows game rules (DESIGN.md, "Rendering": one module per game plus shared hex and
panel drawing).
"""
from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

from railhead.engine.common.names import fold

from .hexes import INK, font

WHITE = (255, 255, 255)
OWNER = [(255, 140, 0), (0, 190, 200), (230, 60, 160), (255, 255, 255), (120, 200, 40), (60, 60, 60)]
"""A seat's colour, the same in every game: orange, cyan, pink, white, lime, charcoal."""
OWNER_NAME = ["orange", "cyan", "pink", "white", "lime", "charcoal"]


def owner_colour(seat: int) -> tuple[int, int, int]:
    return OWNER[seat % len(OWNER)]


def owner_name(seat: int) -> str:
    """The colour's name, printed next to a player's name in colour-blind mode."""
    return OWNER_NAME[seat % len(OWNER_NAME)]


def owner_letter(seat: int) -> str:
    """The colour's initial, printed on a seat's pieces in colour-blind mode."""
    return owner_name(seat)[0].upper()


def owner_letters(names: list[str]) -> list[str]:
    """Each seat's label in colour-blind mode, from its player's name and unique in the game: the
    name's first letter (accents dropped, upper case), or, when two names share it, the first and
    the next letter that tells them apart (``["Bérénice", "Olu", "Oscar"]`` -> ``["B", "Ol", "Os"]``);
    a seat number when nothing else does."""
    keys = ["".join(c for c in fold(n) if c.isalnum()) or str(i + 1) for i, n in enumerate(names)]
    out: list[str] = []
    for i, key in enumerate(keys):
        first = key[0].upper()
        label = first
        if any(k[0].upper() == first for j, k in enumerate(keys) if j != i):
            label = next((first + c for c in key[1:] if sum(1 for j, k in enumerate(keys) if j != i and
                          k[0].upper() == first and c in k[1:2]) == 0), first + str(i + 1))
        out.append(label if label not in out else f"{first}{i + 1}")
    return out


def luminance(colour) -> float:
    """The relative luminance of an RGB colour (WCAG 2.x), 0 (black) to 1 (white)."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b) -> float:
    """The WCAG contrast ratio of two colours (1: none, 21: black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def draw_die(d: ImageDraw.ImageDraw, box, n: int | str, size: int = 17, fill=WHITE, ink=INK) -> None:
    """A die: a rounded square with its number (``size``: the number's type, px)."""
    d.rounded_rectangle(box, 4, fill=fill, outline=ink, width=2)
    d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), str(n), fill=ink, font=font(size, bold=True),
           anchor="mm")


@lru_cache(maxsize=8192)
def text_mask(text: str, size: int, bold: bool = False, anchor: str = "la", stroke: int = 0
              ) -> tuple[Image.Image, int, int]:
    """``text`` drawn once as a mask (mode "L") and its offset from the anchor point: a board
    redrawn every turn repeats most of its words and numbers, and drawing type is the slow part."""
    f = font(size, bold)
    x0, y0, x1, y1 = f.getbbox(text, anchor=anchor, stroke_width=stroke)
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), text, fill=255, font=f, anchor=anchor, stroke_width=stroke,
                              stroke_fill=255)
    return mask, x0, y0


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)


def paste_text(img: Image.Image, x: float, y: float, text: str, size: int, bold: bool = False, fill=INK,
               anchor: str = "la", halo: int = 0, halo_fill=WHITE) -> None:
    """Like ``ImageDraw.text`` (``halo``: the width of an outline in ``halo_fill``), from cached
    masks."""
    if not text:
        return
    if halo:
        mask, ox, oy = text_mask(text, size, bold, anchor, halo)
        img.paste(halo_fill, (round(x) + ox, round(y) + oy), mask)
    mask, ox, oy = text_mask(text, size, bold, anchor)
    img.paste(fill, (round(x) + ox, round(y) + oy), mask)


def png_bytes_quick(img: Image.Image, compress_level: int = 6, colors: int = 128, sample: int = 4) -> bytes:
    """Encode a large flat drawing (panels, type, few colours) as a palette PNG faster than
    ``hexes.png_bytes``: the palette is chosen on a ``1/sample`` nearest-neighbour copy, then
    every pixel takes its nearest palette colour without dithering (a quarter of the time on a
    phone-sized board, with no visible difference)."""
    small = img.resize((max(1, img.width // sample), max(1, img.height // sample)), Image.Resampling.NEAREST)
    palette = small.quantize(colors=colors, method=Image.Quantize.FASTOCTREE)
    buf = io.BytesIO()
    img.quantize(palette=palette, dither=Image.Dither.NONE).save(buf, "PNG", compress_level=compress_level)
    return buf.getvalue()
