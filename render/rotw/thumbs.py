"""Small pictures of Railways of the World maps, for players choosing one (``/game maps``,
docs/maps.md): ``thumbnail(view)`` draws the board of a view (a fresh game of the map) with
``render/rotw/board.py`` and keeps the map alone, shrunk; ``contact_sheet`` sets thumbnails in a grid,
each captioned in type that still reads when the sheet is shown 400 px wide on a phone.
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from railhead.engine.games.rotw.data import load_map

from ..hexes import BACKGROUND, INK, Layout, font
from .board import draw_board

DRAW_HEX = 20           # drawn at this hex size, then shrunk: hex names become texture, cities stay
THUMB_WIDTH = 420       # the largest side of a thumbnail
CAPTION = 38            # the caption's name type (px); its second line is a little smaller
GAP = 24
MUTED = (90, 90, 90)


def thumbnail(view: dict, width: int = THUMB_WIDTH) -> Image.Image:
    """The map of ``view`` without the side panel, its longer side ``width`` pixels."""
    m = load_map(view["map"])
    layout = Layout(m.columns, m.rows, DRAW_HEX)
    board = draw_board(view, size=DRAW_HEX, cached=False)     # its own cache stays for the games' boards
    img = board.crop((0, 0, layout.width, layout.height))
    scale = width / max(img.size)
    return img.resize((round(img.width * scale), round(img.height * scale)), Image.Resampling.LANCZOS)


def contact_sheet(items: list[tuple[Image.Image, str, str]], columns: int = 2,
                  cell: int = THUMB_WIDTH) -> Image.Image:
    """``items`` (thumbnail, name, second line such as ``2-4 players``) in a grid of ``columns``,
    row by row: each thumbnail centred in a ``cell`` px wide column over its caption, a row as
    tall as its tallest thumbnail."""
    columns = max(1, min(columns, len(items)))
    rows = [items[i:i + columns] for i in range(0, len(items), columns)]
    note_size = CAPTION * 4 // 5
    caption_h = CAPTION + note_size + 20
    heights = [max(thumb.height for thumb, _, _ in row) for row in rows]
    width = columns * cell + (columns + 1) * GAP
    sheet = Image.new("RGB", (width, sum(heights) + len(rows) * caption_h + (len(rows) + 1) * GAP), BACKGROUND)
    d = ImageDraw.Draw(sheet)
    name_font, note_font = font(CAPTION, bold=True), font(note_size, bold=True)
    y = GAP
    for row, height in zip(rows, heights, strict=True):
        for i, (thumb, name, note) in enumerate(row):
            x = GAP + i * (cell + GAP)
            left, top = x + (cell - thumb.width) // 2, y + height - thumb.height
            sheet.paste(thumb, (left, top))
            d.rectangle((left - 1, top - 1, left + thumb.width, top + thumb.height), outline=INK, width=1)
            centre = x + cell // 2
            d.text((centre, y + height + 8), _fit(d, name, name_font, cell), fill=INK, font=name_font, anchor="ma")
            d.text((centre, y + height + 14 + CAPTION), _fit(d, note, note_font, cell), fill=MUTED,
                   font=note_font, anchor="ma")
        y += height + caption_h + GAP
    return sheet


def _fit(d: ImageDraw.ImageDraw, text: str, f, width: int) -> str:
    """``text`` cut with an ellipsis to ``width`` pixels in font ``f``."""
    if d.textlength(text, font=f) <= width:
        return text
    while text and d.textlength(text + "…", font=f) > width:
        text = text[:-1]
    return text.rstrip() + "…"
