"""Railways of the World map features some maps have, drawn on the board: walls no track crosses
(railways-of-the-world.txt, "RAILWAYS of GREAT BRITAIN": the Humber), the Snow Line with its
snowflakes and ferry hexes with a ship ("RAILWAYS of NORTH AMERICA"), and the Western Link hexes
("Build Western Link"): an arrow west with its price while open, a tile in the builder's colour once
built; the seam between the two boards of the Transcontinental map. A map without them draws nothing
here."""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from railhead.engine.common.hexgrid import corners, label, neighbor, parse, side_towards

from ..hexes import INK, Layout, font
from ..panel import owner_colour, owner_letters

WALL = (20, 30, 80)
WALL_EDGE = (235, 240, 255)
SNOW = (40, 110, 200)
FERRY = (30, 90, 190)
SEAM = (150, 30, 40)
CLOSED = (128, 128, 128)
"""The grey the closed West is washed with, half strength."""


def draw_features(d: ImageDraw.ImageDraw, layout: Layout, m) -> None:
    """The static features of map ``m`` (a ``MapData``): walls, the Snow Line, ferry ships."""
    for key in sorted(m.walls):
        a, b = key.split("|")
        side = side_towards(a, b)
        pts = corners(*layout.xy(a), layout.size)
        edge = (pts[side], pts[(side + 1) % 6])
        d.line(edge, fill=WALL_EDGE, width=max(6, layout.size // 4) + 4)
        d.line(edge, fill=WALL, width=max(6, layout.size // 4))
    if m.snow_rows and m.snow_rows < m.rows:
        _snow_line(d, layout, m)
    for hexname in sorted(m.ferries):
        ship(d, *layout.xy(hexname), layout.size * 0.4)
    if m.east_column:
        _boundary(d, layout, m)


def _boundary(d: ImageDraw.ImageDraw, layout: Layout, m) -> None:
    """The seam of a two-board map ("Transcontinental Rules"): a dashed line along the western sides
    of the Eastern board's first column, where either hex is land."""
    width = max(3, layout.size // 8)
    for row in range(m.rows):
        hexname = label(m.east_column, row)
        pts = corners(*layout.xy(hexname), layout.size)
        for side in range(6):
            other = neighbor(hexname, side)
            at = parse(other)
            if at and at[0] < m.east_column and (hexname in m.terrain or other in m.terrain):
                _dashed(d, pts[side], pts[(side + 1) % 6], width, layout.size / 5, SEAM)


def grey_west(base: Image.Image, layout: Layout, m) -> Image.Image:
    """``base`` with every hex west of the seam washed grey and "The West opens later" written
    over it: the Transcontinental's Eastern phase, when the Western board is not in play
    (railways-of-the-world.txt, "Transcontinental Rules")."""
    mask = Image.new("L", base.size, 0)
    d = ImageDraw.Draw(mask)
    west = [h for h in layout.hexes() if (parse(h) or (m.columns, 0))[0] < m.east_column]
    for hexname in west:
        d.polygon(corners(*layout.xy(hexname), layout.size + 1), fill=140)
    washed = Image.composite(Image.new("RGB", base.size, CLOSED), base, mask)
    if west:
        xs = [layout.xy(h)[0] for h in west]
        text = "The West opens later"
        size = max(14, int(layout.size * 1.8))
        f = font(size, bold=True)
        x, y = (min(xs) + max(xs)) / 2, layout.xy(west[0])[1] + layout.size * 1.2
        ImageDraw.Draw(washed).text((x, y), text, font=f, fill=(250, 250, 250), anchor="mt",
                                    stroke_width=max(2, size // 8), stroke_fill=(70, 70, 70))
    return washed


def _snow_line(d: ImageDraw.ImageDraw, layout: Layout, m) -> None:
    """A dashed line along the south sides of the last row north of the Snow Line, with a snowflake
    on every other hex of it (over land; the sea keeps only the line)."""
    row = m.snow_rows - 1
    width = max(3, layout.size // 9)
    for col in range(m.columns):
        hexname = label(col, row)
        pts = corners(*layout.xy(hexname), layout.size)
        for side in (1, 2):                                 # SE and SW: the sides facing the next row
            if hexname not in m.terrain and neighbor(hexname, side) not in m.terrain:
                continue
            _dashed(d, pts[side], pts[(side + 1) % 6], width, layout.size / 5)
        if col % 2 == 0 and hexname in m.terrain:
            x, y = pts[2]
            _snowflake(d, x, y, layout.size * 0.27)


def _dashed(d: ImageDraw.ImageDraw, a, b, width: int, dash: float, colour=SNOW) -> None:
    """White dashes over a line of ``colour`` (blue) from ``a`` to ``b``."""
    d.line((a, b), fill=colour, width=width + 2)
    length = math.dist(a, b)
    steps = max(1, int(length // dash))
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        d.line(((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)), fill=(255, 255, 255), width=width)


def _snowflake(d: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    """A six-armed snowflake: white on a blue disc."""
    d.ellipse((x - r, y - r, x + r, y + r), fill=SNOW, outline=(255, 255, 255), width=max(1, int(r // 6)))
    arm = r * 0.75
    for k in range(3):
        angle = math.radians(90 + 60 * k)
        dx, dy = arm * math.cos(angle), arm * math.sin(angle)
        d.line((x - dx, y - dy, x + dx, y + dy), fill=(255, 255, 255), width=max(1, int(r // 4)))


def ship(d: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    """The ferry mark: a white ship in a blue disc, as the Canadian map prints it."""
    d.ellipse((x - r, y - r, x + r, y + r), fill=FERRY, outline=(255, 255, 255), width=max(2, int(r // 7)))
    hull = [(x - r * 0.62, y + r * 0.1), (x + r * 0.62, y + r * 0.1), (x + r * 0.38, y + r * 0.45),
            (x - r * 0.38, y + r * 0.45)]
    d.polygon(hull, fill=(255, 255, 255))
    d.line((x, y + r * 0.1, x, y - r * 0.62), fill=(255, 255, 255), width=max(1, int(r // 8)))
    d.polygon([(x + r * 0.06, y - r * 0.58), (x + r * 0.5, y), (x + r * 0.06, y)], fill=(255, 255, 255))


def draw_western_link(d: ImageDraw.ImageDraw, layout: Layout, western: dict, view: dict, letters: bool) -> None:
    """Each Western Link hex of ``view["western_link"]``: open, an arrow pointing west with
    "Western Link $30k"; built, a tile with track from the city out west in the builder's colour and
    their locomotive (a disc marked W)."""
    s = layout.size
    f = font(max(10, int(s * 0.45)), bold=True)
    for entry in western["cities"]:
        hexname, city = entry["hex"], entry["city"]
        x, y = layout.xy(hexname)
        if not -s <= x <= layout.width + s or not -s <= y <= layout.height + s:
            continue
        owner = entry["owner"]
        cx, cy = layout.xy(city)
        if owner is None:
            d.polygon(layout.hex_polygon(hexname, 3), outline=INK, width=max(2, s // 12))
            tip, tail = (x - s * 0.7, y), (x + s * 0.45, y)
            d.line((tail, (x - s * 0.35, y)), fill=INK, width=max(4, s // 5))
            d.polygon([tip, (x - s * 0.3, y - s * 0.32), (x - s * 0.3, y + s * 0.32)], fill=INK)
            text = f"Western Link ${western['cost']}k"
        else:
            colour = owner_colour(owner)
            d.polygon(layout.hex_polygon(hexname, 2), fill=(225, 225, 215), outline=INK, width=max(2, s // 12))
            d.line(((cx + x) / 2, (cy + y) / 2, x - s * 0.85, y), fill=colour, width=max(5, s // 4))
            r = s * 0.3
            d.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=max(2, s // 12))
            d.text((x, y + 0.5), "W", fill=INK if sum(colour) > 300 else (255, 255, 255), font=f, anchor="mm")
            who = owner_letters([p["name"] for p in view["players"]])[owner] if letters else view["players"][owner][
                "name"]
            text = f"Western Link: {who}"
        w = d.textlength(text, font=f)
        top = y - s * 1.1
        box = (x - w / 2 - 4, top - s * 0.25 - 3, x + w / 2 + 4, top + s * 0.25 + 3)
        shift = max(0.0, layout.margin / 2 - box[0])                 # keep the label inside the image
        box = (box[0] + shift, box[1], box[2] + shift, box[3])
        d.rounded_rectangle(box, 4, fill=(255, 255, 255), outline=INK, width=1)
        d.text(((box[0] + box[2]) / 2, top), text, fill=INK, font=f, anchor="mm")
