"""The board of Railways (the solo game): a view in, PNG bytes out.

Portrait, 580 px wide so that a phone shows it whole: the map of four cards on top (columns
A-J and rows 1-8 printed around it, so spaces can be named in commands; each card's number and
name under it), then the tracking card (capital, pollution, decade, score), the supplies, a
legend, and the hand with its slot numbers (payments name ``card.slot``). Buildings carry their
letter as well as their colour and a merged building is one block; a built Building die has a
die's rounded frame; a bought link shows a cube, an upgraded one a turned cube (a diamond), as
on the table. The map's static part (land, card frames and names, labels) is cached per layout.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from railhead.engine import IllegalAction

from ..hexes import font, png_bytes
from ..panel import draw_die as _die

S = 52                       # one space, px
GAP_X, GAP_Y = 6, 18         # between the cards (the gap between the rows holds the top cards' names)
LEFT, TOP = 30, 30           # room for the row numbers and column letters
WIDTH = LEFT + 10 * S + GAP_X + 24
MAP_H = TOP + 8 * S + GAP_Y + 20
PAD = 12
MIN_TYPE = 14               # no type smaller: 9.7 px when a phone shows the board 400 px wide
KIND_FILL = {"R": (230, 159, 0), "L": (86, 180, 233), "C": (0, 158, 115), "I": (150, 150, 150)}
KIND_EDGE = {k: tuple(int(v * 0.6) for v in rgb) for k, rgb in KIND_FILL.items()}
OBJECTIVE_NAME = {"economist": "Economist (best score)", "mayor": "Mayor (move every passenger)",
                  "conductor": "Train Conductor (deliver to all four kinds)",
                  "engineer": "Engineer (buy and upgrade every complete link)", "baron": "Rail Baron"}
DIRS = {"-": "EW", "|": "NS", "┌": "ES", "┐": "WS", "└": "NE", "┘": "NW"}
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
BACK, INK, MUTED = (250, 248, 240), (40, 40, 40), (110, 98, 70)
LAND, CARD_EDGE, GRID = (236, 230, 205), (150, 135, 100), (222, 214, 184)
RAIL, LOOSE, HIGHLIGHT = (90, 60, 35), (178, 170, 156), (215, 25, 110)
CUBE, WHITE = (25, 25, 25), (255, 255, 255)
ICON_TEXT = {"ticket": "ticket", "rail": "1 rail", "rail2": "2 rails", "passenger": "+passenger",
             "worker": "+worker", "upgrade": "upgrade", "clean": "clean", "build": "build"}
ICON_FILL = {"ticket": (255, 225, 235), "rail": (205, 180, 150), "rail2": (190, 160, 125),
             "passenger": (225, 225, 240), "worker": (225, 225, 240), "upgrade": (235, 225, 250),
             "clean": (215, 240, 215), "build": (240, 230, 210)}


def cell_box(space: str) -> tuple[int, int, int, int]:
    """Pixel box of a space like ``"D2"``."""
    c, r = ord(space[0]) - 65, int(space[1:]) - 1
    x = LEFT + c * S + (GAP_X if c >= 5 else 0)
    y = TOP + r * S + (GAP_Y if r >= 4 else 0)
    return x, y, x + S, y + S


def _centre(space: str) -> tuple[float, float]:
    x0, y0, x1, y1 = cell_box(space)
    return (x0 + x1) / 2, (y0 + y1) / 2


def _space(c: int, r: int) -> str:
    return f"{chr(65 + c)}{r + 1}"


@lru_cache(maxsize=32)
def _base(layout: tuple[tuple[int, str], ...]) -> Image.Image:
    """Land, card frames, card numbers and names, and the column and row labels of one layout."""
    img = Image.new("RGB", (WIDTH, MAP_H), BACK)
    d = ImageDraw.Draw(img)
    label, name = font(15, bold=True), font(MIN_TYPE, bold=True)
    for pos, (number, card_name) in enumerate(layout):
        x0, y0, _, _ = cell_box(_space((pos % 2) * 5, (pos // 2) * 4))
        d.rounded_rectangle((x0 - 2, y0 - 2, x0 + 5 * S + 2, y0 + 4 * S + 2), 6, fill=LAND, outline=CARD_EDGE,
                            width=2)
        for c in range(5):
            for r in range(4):
                bx, by = x0 + c * S, y0 + r * S
                d.rectangle((bx, by, bx + S, by + S), outline=GRID)
        d.text((x0 + 3, y0 + 4 * S + 3), f"card {number}: {card_name}", fill=MUTED, font=name, anchor="lt")
    for c in range(10):
        x0, _, x1, _ = cell_box(_space(c, 0))
        d.text(((x0 + x1) / 2, TOP - 6), chr(65 + c), fill=INK, font=label, anchor="ms")
    for r in range(8):
        _, y0, _, y1 = cell_box(_space(0, r))
        d.text((LEFT - 8, (y0 + y1) / 2), str(r + 1), fill=INK, font=label, anchor="rm")
    return img


def _rails(d: ImageDraw.ImageDraw, space: str, ch: str, complete: bool) -> None:
    """One rail space: two rails and sleepers from the centre to each side it runs to; a rail
    that is not part of a link yet is grey with fewer sleepers."""
    cx, cy = _centre(space)
    colour = RAIL if complete else LOOSE
    for side in DIRS[ch]:
        dx, dy = STEP[side]
        ex, ey = cx + dx * S / 2, cy + dy * S / 2
        for t in ((0.25, 0.5, 0.75) if complete else (0.5,)):          # sleepers
            sx, sy = cx + (ex - cx) * t, cy + (ey - cy) * t
            d.line((sx - dy * 9, sy - dx * 9, sx + dy * 9, sy + dx * 9), fill=colour, width=3)
        for off in (-5, 5):                                             # the two rails
            d.line((cx + dy * off, cy + dx * off, ex + dy * off, ey + dx * off), fill=colour, width=2)
    d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=colour)


def _neighbour(space: str, dc: int, dr: int) -> str | None:
    c, r = ord(space[0]) - 65 + dc, int(space[1:]) - 1 + dr
    return _space(c, r) if 0 <= c < 10 and 0 <= r < 8 else None


def _buildings(d: ImageDraw.ImageDraw, view: dict) -> None:
    """Each building as one block of its colour (merged spaces joined, one border around the
    whole), its letter in its first space; a built Building die gets a die's rounded frame."""
    of = {s: b["id"] for b in view["buildings"] for s in b["spaces"]}
    letter = font(17, bold=True)
    inset = 3
    for b in view["buildings"]:
        fill, edge = KIND_FILL[b["kind"]], KIND_EDGE[b["kind"]]
        for s in b["spaces"]:
            x0, y0, x1, y1 = cell_box(s)
            d.rectangle((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=fill)
            for dc, dr in ((1, 0), (0, 1)):                             # bridge to the next space of it
                n = _neighbour(s, dc, dr)
                if n and of.get(n) == b["id"]:
                    nx0, ny0, nx1, ny1 = cell_box(n)
                    d.rectangle((x1 - inset if dc else x0 + inset, y1 - inset if dr else y0 + inset,
                                 nx0 + inset if dc else x1 - inset, ny0 + inset if dr else y1 - inset), fill=fill)
        for s in b["spaces"]:                                           # the block's outer border
            x0, y0, x1, y1 = cell_box(s)
            a0, b0, a1, b1 = x0 + inset, y0 + inset, x1 - inset, y1 - inset
            sides = {(0, -1): (a0, b0, a1, b0), (0, 1): (a0, b1, a1, b1), (-1, 0): (a0, b0, a0, b1),
                     (1, 0): (a1, b0, a1, b1)}
            for (dc, dr), line in sides.items():
                n = _neighbour(s, dc, dr)
                if not n or of.get(n) != b["id"]:
                    d.line(line, fill=edge, width=2)
        first = min(b["spaces"], key=lambda s: (int(s[1:]), s[0]))
        for s in b["spaces"]:
            x0, y0, x1, y1 = cell_box(s)
            if s in view["built"]:                                      # a die's frame
                d.rounded_rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), 6, outline=INK, width=2)
            if s == first or len(b["spaces"]) < 2:
                d.text((x0 + 17, y0 + 18), b["kind"], fill=WHITE, font=letter, anchor="mm", stroke_width=2,
                       stroke_fill=INK)


def _dice(d: ImageDraw.ImageDraw, view: dict) -> None:
    """Passenger dice as white dice with their number; an empty built Building die shows only
    its frame."""
    for s, die in view["dice"].items():
        if die["n"] <= 0:
            continue
        x0, y0, x1, y1 = cell_box(s)
        _die(d, (x1 - 29, y1 - 29, x1 - 8, y1 - 8), die["n"])


def _cube(d: ImageDraw.ImageDraw, cx: float, cy: float, upgraded: bool, text: str = "", r: float = 12) -> None:
    """A link marker cube, turned 45 degrees (a diamond) when the link is upgraded."""
    if upgraded:
        q = r * 1.35
        d.polygon([(cx, cy - q), (cx + q, cy), (cx, cy + q), (cx - q, cy)], fill=CUBE, outline=WHITE, width=2)
    else:
        d.rectangle((cx - r, cy - r, cx + r, cy + r), fill=CUBE, outline=WHITE, width=2)
    if text:
        d.text((cx, cy), text, fill=WHITE, font=font(MIN_TYPE, bold=True), anchor="mm")


def _to_buy(d: ImageDraw.ImageDraw, cx: float, cy: float, text: str, r: float = 11) -> None:
    """The label of a complete link without a marker: a white disc with its length."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=RAIL, width=2)
    d.text((cx, cy), text, fill=RAIL, font=font(MIN_TYPE, bold=True), anchor="mm")


def _links(d: ImageDraw.ImageDraw, view: dict, spaces: dict[str, str]) -> None:
    for run in view["dangling"]:
        for s in run:
            _rails(d, s, spaces[s], False)
    for link in view["links"]:
        for s in link["cells"]:
            _rails(d, s, spaces[s], True)
    for link in view["links"]:
        cx, cy = _centre(link["cells"][len(link["cells"]) // 2])
        if link["marker"]:
            _cube(d, cx, cy, link["upgraded"], str(link["length"] * (2 if link["upgraded"] else 1)))
        else:
            _to_buy(d, cx, cy, str(link["length"]))


def draw_map(view: dict, highlight=()) -> Image.Image:
    img = _base(tuple((c["number"], c["name"]) for c in view["layout"])).copy()
    d = ImageDraw.Draw(img)
    spaces = {_space(c, r): view["grid"][r][c] for r in range(8) for c in range(10)}
    _links(d, view, spaces)
    _buildings(d, view)
    _dice(d, view)
    for s in highlight:
        x0, y0, x1, y1 = cell_box(s)
        d.rectangle((x0, y0, x1, y1), outline=HIGHLIGHT, width=4)
        d.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), outline=WHITE, width=1)
    return img


@lru_cache(maxsize=64)
def _track_strip(label: str, low: int, high: int, value: int, colour: tuple[int, int, int]) -> Image.Image:
    """A row of numbered boxes with the current value filled and framed (cached: 34 of them)."""
    img = Image.new("RGB", (WIDTH, 30), BACK)
    d = ImageDraw.Draw(img)
    f, small = font(15, bold=True), font(MIN_TYPE)
    d.text((PAD, 12), label, fill=INK, font=f, anchor="lm")
    bx, w = PAD + 80, (WIDTH - PAD - (PAD + 80)) / (high - low + 1)
    for i, v in enumerate(range(low, high + 1)):
        box = (bx + i * w, 0, bx + (i + 1) * w - 2, 24)
        on = v == value
        d.rectangle(box, fill=colour if on else (245, 242, 232), outline=INK if on else (190, 180, 160),
                    width=2 if on else 1)
        d.text(((box[0] + box[2]) / 2, 12), str(v), fill=WHITE if on else (120, 110, 90),
               font=f if on else small, anchor="mm")
    return img


def _track(img: Image.Image, y: int, label: str, low: int, high: int, value: int, colour) -> int:
    img.paste(_track_strip(label, low, high, value, colour), (0, y))
    return y + 30


def _supplies(d, y: int, view: dict) -> int:
    """Profit, railworkers, link markers, Building dice and the passenger dice waiting above the
    map, each in its own box; returns the next y."""
    items = ["Profit", "Railworkers", "Link markers", "Building dice", "Dice waiting"]
    w = (WIDTH - 2 * PAD - 4 * 6) / len(items)
    label, big, small = font(MIN_TYPE, bold=True), font(22, bold=True), font(MIN_TYPE)
    for i, title in enumerate(items):
        x = PAD + i * (w + 6)
        d.rounded_rectangle((x, y, x + w, y + 56), 6, fill=(255, 253, 245), outline=(200, 190, 165))
        d.text((x + w / 2, y + 5), title, fill=MUTED, font=label, anchor="mt")
        cy = y + 36
        if title == "Profit":
            d.text((x + w / 2, cy), str(view["profit"]), fill=INK, font=big, anchor="mm")
        elif title == "Railworkers":
            if view["workers"]:
                _die(d, (x + w / 2 - 13, cy - 13, x + w / 2 + 13, cy + 13), view["workers"], 18)
            else:
                d.text((x + w / 2, cy), "none: hire", fill=(170, 40, 40), font=small, anchor="mm")
        elif title == "Link markers":
            left = view["markers_left"]
            for k in range(6):
                bx = x + w / 2 - 3 * 15 + k * 15 + 1
                box = (bx, cy - 13, bx + 12, cy - 1)
                d.rectangle(box, fill=CUBE if k < left else None, outline=CUBE if k < left else (190, 180, 160))
            d.text((x + w / 2, cy + 10), f"{left} of 6 left", fill=INK, font=small, anchor="mm")
        elif title == "Building dice":
            dice = view["building_dice"]
            for k, n in enumerate(dice):
                bx = x + w / 2 - len(dice) * 14 + k * 28 + 2
                _die(d, (bx, cy - 12, bx + 24, cy + 12), n, 15)
            if not dice:
                d.text((x + w / 2, cy), "all built", fill=MUTED, font=small, anchor="mm")
        else:
            n = view["spare_dice"]                # off the map, unrolled: counted, not drawn blank
            if n:
                d.text((x + w / 2, cy - 4), str(n), fill=INK, font=big, anchor="mm")
                d.text((x + w / 2, cy + 14), "to place", fill=INK, font=small, anchor="mm")
            else:
                d.text((x + w / 2, cy), "none", fill=MUTED, font=small, anchor="mm")
    return y + 64


LEGEND = [("cube", "your link (the capital it pays)"), ("diamond", "upgraded (pays double)"),
          ("disc", "link to buy (length)"), ("loose", "rails, not a link yet"),
          ("frame", "a building you built"), ("die", "passengers")]


@lru_cache(maxsize=1)
def _legend_strip() -> Image.Image:
    """The map's marks, drawn as on the map (static, cached). Its rows and height come from the
    texts as this machine's Pillow measures them (with or without the raqm layout), never from a
    fixed size: a legend that wraps onto another row grows instead of being cut."""
    f = font(MIN_TYPE)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    top, bottom = probe.textbbox((0, 0), "Ag(", font=f, anchor="lm")[1::2]
    row = max(26, int(bottom - top) + 8)                 # a mark is 22 px tall; the text may be taller
    placed, x, y = [], PAD, 0
    for kind, text in LEGEND:
        tw = probe.textlength(text, font=f)
        if x > PAD and x + 28 + tw > WIDTH - PAD:
            x, y = PAD, y + row
        placed.append((kind, text, x, y))
        x += 26 + tw + 16
    img = Image.new("RGB", (WIDTH, y + row + 2), BACK)
    d = ImageDraw.Draw(img)
    for kind, text, x, y in placed:
        cx, cy = x + 11, y + row // 2 - 2
        if kind in ("cube", "diamond"):
            _cube(d, cx, cy, kind == "diamond", r=8)
        elif kind == "disc":
            _to_buy(d, cx, cy, "3", r=9)
        elif kind == "loose":
            for off in (-4, 4):
                d.line((cx - 11, cy + off, cx + 11, cy + off), fill=LOOSE, width=2)
            d.line((cx, cy - 8, cx, cy + 8), fill=LOOSE, width=3)
        elif kind == "frame":
            d.rectangle((cx - 11, cy - 11, cx + 11, cy + 11), fill=KIND_FILL["L"])
            d.rounded_rectangle((cx - 8, cy - 8, cx + 8, cy + 8), 4, outline=INK, width=2)
        else:
            _die(d, (cx - 10, cy - 10, cx + 10, cy + 10), 2, 14)
        d.text((x + 26, cy), text, fill=INK, font=f, anchor="lm")
    return img


def _legend(img: Image.Image, y: int) -> int:
    strip = _legend_strip()
    img.paste(strip, (0, y))
    return y + strip.height


def _chip(d, x, y, icon: str, size: int = MIN_TYPE) -> float:
    """One icon as a coloured chip (a destination in its building's colour and letter);
    returns the x after it."""
    f = font(size, bold=True)
    if icon in KIND_FILL:
        d.rectangle((x, y, x + 22, y + 22), fill=KIND_FILL[icon], outline=INK)
        d.text((x + 11, y + 11), icon, fill=WHITE, font=f, anchor="mm", stroke_width=2, stroke_fill=INK)
        return x + 25
    money = icon.startswith("$")
    text = icon if money else ICON_TEXT.get(icon, icon)
    fill = (245, 200, 60) if money else ICON_FILL.get(icon, (225, 225, 235))
    w = d.textlength(text, font=f) + 6
    d.rounded_rectangle((x, y, x + w, y + 22), 4, fill=fill, outline=(120, 120, 130))
    d.text((x + w / 2, y + 11), text, fill=INK, font=f, anchor="mm")
    return x + w + 3


def slot_chips_end(slot, x: float = 0) -> float:
    """Where a slot's chips end when drawn from ``x`` (the last gap left out)."""
    d = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    for icon in slot:
        x = _chip(d, x, 0, icon)
    return x - 3


HAND_GAP = 6


CARD_W = (WIDTH - 2 * (PAD - 4) - 2 * HAND_GAP) / 3
SLOT_X = 37                   # a slot's chips start after its label "4.3"


@lru_cache(maxsize=16)
def _card(number: int, name: str, slots: tuple[tuple[str, ...], ...]) -> Image.Image:
    """One action card: its number and name, and its four slots ``number.slot`` with their
    icons (cached: eight cards)."""
    w = int(CARD_W)
    img = Image.new("RGB", (w + 1, 153), BACK)
    d = ImageDraw.Draw(img)
    title, ref = font(15, bold=True), font(14, bold=True)
    d.rounded_rectangle((0, 0, w, 152), 8, fill=(255, 253, 245), outline=CARD_EDGE, width=2)
    d.text((8, 7), f"{number} {name}", fill=INK, font=title)
    for k, slot in enumerate(slots):
        sy = 30 + k * 30
        if k:
            d.line((6, sy - 4, w - 6, sy - 4), fill=(232, 225, 205))
        d.text((7, sy + 11), f"{number}.{k + 1}", fill=(120, 90, 30), font=ref, anchor="lm")
        cx = SLOT_X
        for icon in slot:
            cx = _chip(d, cx, sy, icon)
    return img


def _hand(img: Image.Image, d: ImageDraw.ImageDraw, y: int, hand: list[dict]) -> int:
    d.text((PAD, y), "Your hand: pay with card.slot (a 2nd slot of one card: +1 pollution)", fill=INK,
           font=font(14, bold=True))
    y += 22
    for i, card in enumerate(hand):
        img.paste(_card(card["number"], card["name"], tuple(tuple(s) for s in card["slots"])),
                  (int(PAD - 4 + i * (CARD_W + HAND_GAP)), y))
    if not hand:
        d.text((PAD, y + 4), "(no cards: the hand is refilled when the decade ends)", fill=MUTED, font=font(MIN_TYPE))
        return y + 28
    return y + 160


def _final(d, y: int, view: dict) -> int:
    """The final score and each objective's test: met, not met, or no pass/fail."""
    fin = view["final"]
    head, f, b = font(17, bold=True), font(14), font(14, bold=True)
    d.text((PAD, y), f"Final score {fin['score']} = profit {fin['profit']} + 3 × {fin['links']} links − "
                     f"pollution {fin['pollution']}", fill=(150, 30, 30), font=head)
    y += 28
    goals = fin.get("goals") or [fin.get("objective")]
    for name, result in fin["tests"].items():
        mine = name in goals
        colour = (40, 130, 60) if result else MUTED if result is None else (190, 40, 40)
        word = "no pass/fail (the score counts)" if result is None else "met" if result else "not met"
        cx, cy = PAD + 8, y + 9
        if result is None:
            d.line((cx - 6, cy, cx + 6, cy), fill=colour, width=3)
        elif result:
            d.line((cx - 6, cy, cx - 2, cy + 5, cx + 6, cy - 6), fill=colour, width=3)
        else:
            d.line((cx - 5, cy - 5, cx + 5, cy + 5), fill=colour, width=3)
            d.line((cx - 5, cy + 5, cx + 5, cy - 5), fill=colour, width=3)
        text = f"{OBJECTIVE_NAME.get(name, name)}: {word}" + ("  (your objective)" if mine else "")
        d.text((PAD + 22, cy), text, fill=INK if mine else MUTED, font=b if mine else f, anchor="lm")
        y += 22
    if fin.get("success") is not None:
        ok = fin["success"]
        d.text((PAD, y + 2), "Objective achieved!" if ok else "Objective missed.",
               fill=(40, 130, 60) if ok else (190, 40, 40), font=head)
        y += 26
    return y + 6


def draw_board(view: dict, highlight=()) -> Image.Image:
    img = Image.new("RGB", (WIDTH, MAP_H + 620), BACK)
    img.paste(draw_map(view, highlight), (0, 0))
    d = ImageDraw.Draw(img)
    head = font(17, bold=True)
    y = MAP_H
    if view["phase"] == "place":
        when = "Setup: place the passenger dice " + ", ".join(map(str, view["place_left"]))
    elif view["phase"] == "over":
        when = "Game over"
    else:
        when = f"Decade {view['decade']} of {view['decades']} · action {view['action']} of 2"
    d.text((PAD, y), when, fill=INK, font=head)
    score = f"Final score {view['final']['score']}" if view.get("final") else f"Score now {view['score_now']}"
    d.text((WIDTH - PAD, y), score, fill=INK, font=head, anchor="ra")
    y += 28
    y = _track(img, y, "Capital", 0, 20, view["capital"], (200, 150, 20))
    y = _track(img, y, "Pollution", 1, 13, view["pollution"], (120, 70, 50))
    y = _supplies(d, y + 2, view)
    objective = OBJECTIVE_NAME.get(view["objective"], view["objective"])
    if view["objective"] == "baron":
        objective += ": " + " + ".join(OBJECTIVE_NAME[g].split(" (")[0] for g in view["combine"])
    d.text((PAD, y), f"Objective: {objective}", fill=INK, font=font(14, bold=True))
    d.text((WIDTH - PAD, y), f"Pool {view['pool']['count']} · discards {len(view['discard'])}", fill=INK,
           font=font(14), anchor="ra")
    y = _legend(img, y + 22)
    if view.get("final"):
        y = _final(d, y + 2, view)                              # the hand no longer matters
    else:
        y = _hand(img, d, y + 2, view["hand"])
    return img.crop((0, 0, WIDTH, y + 6))


def board_png(view: dict, *, highlight=(), colourblind: bool = False, layout: str = "phone",
              zoom: str | None = None) -> bytes:
    """The board PNG. Colours are told apart by colour-blind players and every building and
    destination also carries its letter, so ``colourblind`` and ``layout`` change nothing here
    (kept for the shared settings). ``highlight``: spaces outlined (a preview's link or
    building site). ``zoom``: a space (``"D2"``) drawn outlined on the map alone. Raises
    ``IllegalAction`` for a space not on the map."""
    if zoom is not None:
        space = str(zoom).strip().upper()
        if len(space) < 2 or not ("A" <= space[0] <= "J") or not space[1:].isdigit() or not 1 <= int(space[1:]) <= 8:
            raise IllegalAction(f"{str(zoom)[:20]!r} is not a space of the map (columns A-J, rows 1-8, like D2).")
        return png_bytes(draw_map(view, [*highlight, space]))
    return png_bytes(draw_board(view, highlight))
