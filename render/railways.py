"""The board of Railways (the solo game): a view in, PNG bytes out.

Portrait, 600 px wide so that a phone shows it whole: the map of four cards on top (columns
A-J and rows 1-8 printed around it, so spaces can be named in commands), then the tracking
card (capital, pollution, profit, decade), the supplies, and the hand with its slot numbers
(payments name ``card.slot``). Buildings carry their letter as well as their colour; a bought
link shows a cube, an upgraded one a turned cube (a diamond), as on the table. The map's
static part (land, printed buildings' frames, labels) is cached per card layout.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine import IllegalAction

from .hexes import font, png_bytes

S = 52                       # one space, px
GAP = 6                      # between cards
LEFT, TOP = 30, 30           # room for the row numbers and column letters
WIDTH = LEFT + 10 * S + GAP + 24
MAP_H = TOP + 8 * S + GAP + 10
KIND_FILL = {"R": (230, 159, 0), "L": (86, 180, 233), "C": (0, 158, 115), "I": (150, 150, 150)}
KIND_NAME = {"R": "Residential", "L": "Leisure", "C": "Commercial", "I": "Industrial"}
DIRS = {"-": "EW", "|": "NS", "┌": "ES", "┐": "WS", "└": "NE", "┘": "NW"}
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
INK, LAND, CARD_EDGE = (40, 40, 40), (236, 230, 205), (150, 135, 100)
RAIL, LOOSE, HIGHLIGHT = (90, 60, 35), (175, 165, 150), (220, 30, 30)
ICON_TEXT = {"ticket": "ticket", "rail": "1 rail", "rail2": "2 rails", "passenger": "+passenger",
             "worker": "+worker", "upgrade": "upgrade", "clean": "clean", "build": "build"}


def cell_box(space: str) -> tuple[int, int, int, int]:
    """Pixel box of a space like ``"D2"``."""
    c, r = ord(space[0]) - 65, int(space[1:]) - 1
    x = LEFT + c * S + (GAP if c >= 5 else 0)
    y = TOP + r * S + (GAP if r >= 4 else 0)
    return x, y, x + S, y + S


def _centre(space: str) -> tuple[float, float]:
    x0, y0, x1, y1 = cell_box(space)
    return (x0 + x1) / 2, (y0 + y1) / 2


def _space(c: int, r: int) -> str:
    return f"{chr(65 + c)}{r + 1}"


@lru_cache(maxsize=32)
def _base(layout: tuple[tuple[int, str], ...]) -> Image.Image:
    """Land, card frames, card numbers and the column and row labels of one layout."""
    img = Image.new("RGB", (WIDTH, MAP_H), (250, 248, 240))
    d = ImageDraw.Draw(img)
    label = font(15, bold=True)
    for pos, (number, _name) in enumerate(layout):
        x0, y0, _, _ = cell_box(_space((pos % 2) * 5, (pos // 2) * 4))
        d.rounded_rectangle((x0 - 2, y0 - 2, x0 + 5 * S + 2, y0 + 4 * S + 2), 6, fill=LAND, outline=CARD_EDGE,
                            width=2)
        for c in range(5):
            for r in range(4):
                bx, by = x0 + c * S, y0 + r * S
                d.rectangle((bx, by, bx + S, by + S), outline=(222, 214, 184))
        d.text((x0 + 2, y0 + 4 * S + 1), str(number), fill=(130, 115, 80), font=font(9), anchor="lt")
    for c in range(10):
        x = (cell_box(_space(c, 0))[0] + cell_box(_space(c, 0))[2]) / 2
        d.text((x, TOP - 6), chr(65 + c), fill=INK, font=label, anchor="ms")
    for r in range(8):
        y = (cell_box(_space(0, r))[1] + cell_box(_space(0, r))[3]) / 2
        d.text((LEFT - 8, y), str(r + 1), fill=INK, font=label, anchor="rm")
    return img


def _rails(d: ImageDraw.ImageDraw, space: str, ch: str, complete: bool) -> None:
    cx, cy = _centre(space)
    colour = RAIL if complete else LOOSE
    for side in DIRS[ch]:
        dx, dy = STEP[side]
        ex, ey = cx + dx * S / 2, cy + dy * S / 2
        for k in range(1, 4):                                      # sleepers
            t = k / 4
            sx, sy = cx + (ex - cx) * t, cy + (ey - cy) * t
            d.line((sx - dy * 9, sy - dx * 9, sx + dy * 9, sy + dx * 9), fill=colour, width=3)
        for off in (-5, 5):                                        # the two rails
            d.line((cx + dy * off, cy + dx * off, ex + dy * off, ey + dx * off), fill=colour, width=2)
    d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=colour)


def _buildings(d: ImageDraw.ImageDraw, view: dict) -> None:
    of = {s: b for b in view["buildings"] for s in b["spaces"]}
    letter = font(20, bold=True)
    for b in view["buildings"]:
        fill = KIND_FILL[b["kind"]]
        for s in b["spaces"]:
            x0, y0, x1, y1 = cell_box(s)
            d.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), fill=fill)
            c, r = ord(s[0]) - 65, int(s[1:]) - 1
            for dc, dr in ((1, 0), (0, 1)):                        # join the spaces of one building
                n = _space(c + dc, r + dr) if c + dc < 10 and r + dr < 8 else None
                if n and of.get(n) is b:
                    nx0, ny0, nx1, ny1 = cell_box(n)
                    d.rectangle((min(x0, nx0) + 4 + dc * 20, min(y0, ny0) + 4 + dr * 20,
                                 max(x1, nx1) - 4 - dc * 20, max(y1, ny1) - 4 - dr * 20), fill=fill)
            if s in view["built"]:
                d.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=INK, width=3)
            d.text((x0 + 12, y0 + 14), b["kind"], fill=(255, 255, 255), font=letter, anchor="mm",
                   stroke_width=2, stroke_fill=INK)


def _dice(d: ImageDraw.ImageDraw, view: dict) -> None:
    number = font(17, bold=True)
    for s, die in view["dice"].items():
        if die["n"] <= 0:
            continue
        x0, y0, x1, y1 = cell_box(s)
        box = (x1 - 27, y1 - 27, x1 - 6, y1 - 6)
        d.rounded_rectangle(box, 4, fill=(255, 255, 255), outline=INK, width=2)
        d.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), str(die["n"]), fill=INK, font=number,
               anchor="mm")


def _links(d: ImageDraw.ImageDraw, view: dict, spaces: dict[str, str]) -> None:
    small = font(11, bold=True)
    for run in view["dangling"]:
        for s in run:
            _rails(d, s, spaces[s], False)
    for link in view["links"]:
        for s in link["cells"]:
            _rails(d, s, spaces[s], True)
    for link in view["links"]:
        cx, cy = _centre(link["cells"][len(link["cells"]) // 2])
        if link["marker"]:
            r = 11
            shape = [(cx, cy - r - 3), (cx + r + 3, cy), (cx, cy + r + 3), (cx - r - 3, cy)] if link["upgraded"] \
                else [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
            d.polygon(shape, fill=(25, 25, 25), outline=(255, 255, 255), width=2)
            d.text((cx, cy), str(link["length"] * (2 if link["upgraded"] else 1)), fill=(255, 255, 255), font=small,
                   anchor="mm")
        else:
            d.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=(255, 255, 255), outline=RAIL, width=2)
            d.text((cx, cy), str(link["length"]), fill=RAIL, font=small, anchor="mm")


def draw_map(view: dict, highlight=()) -> Image.Image:
    img = _base(tuple((c["number"], c["name"]) for c in view["layout"])).copy()
    d = ImageDraw.Draw(img)
    spaces = {_space(c, r): view["grid"][r][c] for r in range(8) for c in range(10)}
    _links(d, view, spaces)
    _buildings(d, view)
    _dice(d, view)
    for s in highlight:
        x0, y0, x1, y1 = cell_box(s)
        d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=HIGHLIGHT, width=4)
    return img


def _track(d, x, y, label: str, low: int, high: int, value: int, colour) -> int:
    """A row of numbered boxes with the current value filled; returns the next y."""
    f, small = font(15, bold=True), font(13)
    d.text((x, y + 11), label, fill=INK, font=f, anchor="lm")
    bx, w = x + 92, (WIDTH - x - 110) / (high - low + 1)
    for i, v in enumerate(range(low, high + 1)):
        box = (bx + i * w, y, bx + (i + 1) * w - 2, y + 22)
        on = v == value
        d.rectangle(box, fill=colour if on else (245, 242, 232), outline=(190, 180, 160))
        d.text(((box[0] + box[2]) / 2, y + 11), str(v), fill=(255, 255, 255) if on else (120, 110, 90),
               font=f if on else small, anchor="mm")
    return y + 30


def _chip(d, x, y, icon: str) -> float:
    """One icon as a coloured chip; returns the x after it."""
    f = font(12, bold=True)
    if icon in KIND_FILL:
        d.rectangle((x, y, x + 20, y + 20), fill=KIND_FILL[icon], outline=INK)
        d.text((x + 10, y + 10), icon, fill=(255, 255, 255), font=f, anchor="mm", stroke_width=1, stroke_fill=INK)
        return x + 24
    text = icon if icon.startswith("$") else ICON_TEXT.get(icon, icon)
    fill = (245, 200, 60) if icon.startswith("$") else (225, 225, 235) if icon not in ("rail", "rail2") \
        else (205, 180, 150)
    w = d.textlength(text, font=f) + 8
    d.rounded_rectangle((x, y, x + w, y + 20), 4, fill=fill, outline=(120, 120, 130))
    d.text((x + w / 2, y + 10), text, fill=INK, font=f, anchor="mm")
    return x + w + 4


def _hand(d, y: int, hand: list[dict]) -> int:
    title, f = font(14, bold=True), font(12, bold=True)
    d.text((12, y), "Your hand: pay with card.slot (a 2nd slot of one card: +1 pollution)", fill=INK, font=title)
    y += 22
    w = (WIDTH - 24 - 8 * 2) / 3
    for i, card in enumerate(hand):
        x = 12 + i * (w + 8)
        d.rounded_rectangle((x, y, x + w, y + 150), 8, fill=(255, 253, 245), outline=CARD_EDGE, width=2)
        d.text((x + 8, y + 6), f"{card['number']} {card['name']}", fill=INK, font=title)
        for k, slot in enumerate(card["slots"]):
            sy = y + 30 + k * 29
            d.text((x + 8, sy + 10), f"{card['number']}.{k + 1}", fill=(120, 100, 60), font=f, anchor="lm")
            cx = x + 40
            for icon in slot:
                cx = _chip(d, cx, sy, icon)
    if not hand:
        d.text((12, y + 10), "(no cards)", fill=INK, font=f)
    return y + 160


def draw_board(view: dict, highlight=()) -> Image.Image:
    panel_h = 470 if view.get("final") else 430
    img = Image.new("RGB", (WIDTH, MAP_H + panel_h), (250, 248, 240))
    img.paste(draw_map(view, highlight), (0, 0))
    d = ImageDraw.Draw(img)
    head, f = font(16, bold=True), font(13)
    y = MAP_H + 2
    when = {"place": "Setup: place the passenger dice", "over": "Game over"}.get(
        view["phase"], f"Decade {view['decade']} of {view['decades']} · action {view['action']} of 2")
    d.text((12, y), when, fill=INK, font=head)
    score = f"Final score {view['final']['score']}" if view.get("final") else f"Score now {view['score_now']}"
    d.text((WIDTH - 12, y), score, fill=INK, font=head, anchor="ra")
    y += 26
    y = _track(d, 12, y, "Capital", 0, 20, view["capital"], (200, 150, 20))
    y = _track(d, 12, y, "Pollution", 1, 13, view["pollution"], (120, 70, 50))
    spare = f" · passenger dice waiting {view['spare_dice']}" if view["spare_dice"] else ""
    lines = [f"Profit {view['profit']} · railworkers {view['workers']} · link markers left {view['markers_left']}/6"
             f" · Building dice {', '.join(map(str, view['building_dice'])) or 'none'}{spare}",
             f"Pool {view['pool']['count']} · discards {len(view['discard'])} · objective {view['objective']}"
             + (f" ({' + '.join(view['combine'])})" if view["objective"] == "baron" else ""),
             "Map cards: " + " · ".join(f"{c['number']} {c['name']}" for c in view["layout"])
             + " (top left, top right, bottom left, bottom right)",
             "Square: your link (number: the capital it pays) · diamond: upgraded",
             "Circle: a link to buy (its length) · grey rails: not a link yet · white box: passengers"]
    for line in lines:
        small = line.startswith(("Square", "Grey", "Map"))
        d.text((12, y), line, fill=INK, font=font(12) if small else f)
        y += 17 if small else 20
    y += 4
    if view.get("final"):
        fin = view["final"]
        tests = ", ".join(f"{k} {'met' if v else 'not met'}" for k, v in fin["tests"].items()
                          if v is not None and k in fin["goals"])
        d.text((12, y), f"Final score {fin['score']} = profit {fin['profit']} + 3×{fin['links']} links − "
                        f"pollution {fin['pollution']}", fill=(150, 30, 30), font=head)
        y += 22
        if tests:
            d.text((12, y), tests, fill=INK, font=f)
        y += 22
    if view.get("final"):
        return img.crop((0, 0, WIDTH, y + 8))                   # the hand no longer matters
    _hand(d, y, view["hand"])
    return img


def board_png(view: dict, *, highlight=(), colourblind: bool = False, layout: str = "phone",
              zoom: str | None = None) -> bytes:
    """The board PNG. The image is portrait and lettered in every case, so ``colourblind`` and
    ``layout`` change nothing here (kept for the shared settings). ``zoom``: a space (``"D2"``)
    drawn outlined on the map alone. Raises ``IllegalAction`` for a space not on the map."""
    if zoom is not None:
        space = str(zoom).strip().upper()
        if len(space) < 2 or not ("A" <= space[0] <= "J") or not space[1:].isdigit() or not 1 <= int(space[1:]) <= 8:
            raise IllegalAction(f"{str(zoom)[:20]!r} is not a space of the map (columns A-J, rows 1-8, like D2).")
        return png_bytes(draw_map(view, [*highlight, space]))
    return png_bytes(draw_board(view, highlight))
