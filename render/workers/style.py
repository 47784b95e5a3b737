"""Railway Workers board: the drawing style (sizes in logical px, colours, type sizes), the pen
that scales it, and the small pieces: cubes, workers, discs, reward tiles, trains, card backs.
"""
from __future__ import annotations

import importlib.resources
import math
import tomllib
from functools import lru_cache

from PIL import Image, ImageDraw

from ..hexes import BACKGROUND, INK
from ..panel import draw_die, owner_colour, owner_letter, owner_name, paste_text, text_width

LAYOUTS = ("desktop", "phone")


COL = 440                      # one column, logical px (desktop: 1 logical px = 1 px)


GUTTER = 12


DESKTOP_SCALE = 1.0


PHONE_WIDTH = 840              # shown about 400 px wide on a phone (type as large as on the RotW board)


HAND_SCALE = PHONE_WIDTH / COL


SMALL, BODY, HEAD, TITLE = 13, 14, 16, 19


WHITE = (255, 255, 255)


MUTED = (105, 98, 82)


FAINT = (170, 162, 145)


PAPER = (250, 248, 240)


ACTIVE = (255, 246, 205)


SEA, LAND, COAST = (196, 220, 236), (238, 233, 210), (165, 155, 125)


RAIL, SITE_LINE, PILE_LINE = (85, 55, 30), (120, 85, 45), (150, 150, 150)


SITE_BADGE, GOLD = (255, 214, 90), (255, 196, 0)


BLOCKED = (75, 75, 75)


KINDS = ("structures", "plans", "tracks")


TILE = {"structures": "S", "plans": "P", "tracks": "T"}


TABLE_COLOUR = {"structures": (52, 110, 200), "plans": (140, 80, 175), "tracks": (220, 120, 30)}


TILE_FILL = (247, 233, 196)


CARD_BACK, CARD_BACK_LINE = (62, 78, 120), (98, 116, 160)


STEP_TEXT = {"place": "placing cards face down (secret)", "low": "dice rolled: a sum of 4 or less may reroll",
             "tokens": "fourth dice given: reroll tokens", "assign": "assigning dice behind the screens (secret)",
             "play": "playing the cards", "payments": "payments", "over": "game over"}


SHORT = {"structures": "Structures", "tracks": "Tracks", "plans": "Plans", "worker": "Worker", "share": "Share",
         "store": "Store Up", "move": "Move", "subsidy": "Subsidy"}


QUESTION = {"reward": "reward tile or free share", "train_city": "the city for the new train",
            "junction": "the train's way at the junction", "bonus": "a bonus"}


# the map: a strip for the country, the site cards to its right
MAP_STRIP = 196


CARD_X = MAP_STRIP + 6


CARD_W = COL - CARD_X - 4


MAP_H = 610


CITY_R = 6


BADGE_R = 9.5


# ------------------------------------------------------------------ drawing at a scale
class Pen:
    """An image drawn in logical pixels: every coordinate and type size is multiplied by ``s``."""

    def __init__(self, width: float, height: float, s: float, fill=BACKGROUND):
        self.s = s
        self.img = Image.new("RGB", (math.ceil(width * s), math.ceil(height * s)), fill)
        self.d = ImageDraw.Draw(self.img)

    def px(self, size: float) -> int:
        return max(6, round(size * self.s))

    def w(self, width: float) -> int:
        return max(1, round(width * self.s))

    def width(self, text: str, size: float = BODY, bold: bool = False) -> float:
        return text_width(text, self.px(size), bold) / self.s

    def text(self, x: float, y: float, text: str, size: float = BODY, bold: bool = False, fill=INK,
             anchor: str = "la", halo: bool = False) -> float:
        """Draws ``text``; returns the x after it (for left-anchored text)."""
        paste_text(self.img, x * self.s, y * self.s, text, self.px(size), bold, fill, anchor,
                   self.w(2) if halo else 0)
        return x + self.width(text, size, bold)

    def rect(self, box, fill=None, outline=None, width: float = 1, radius: float = 0) -> None:
        b = [v * self.s for v in box]
        if radius:
            self.d.rounded_rectangle(b, round(radius * self.s), fill=fill, outline=outline,
                                     width=self.w(width) if outline else 0)
        else:
            self.d.rectangle(b, fill=fill, outline=outline, width=self.w(width) if outline else 0)

    def circle(self, cx: float, cy: float, r: float, fill=None, outline=None, width: float = 1) -> None:
        s = self.s
        self.d.ellipse(((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s), fill=fill, outline=outline,
                       width=self.w(width) if outline else 0)

    def line(self, points, fill=INK, width: float = 1, joint=None) -> None:
        self.d.line([(x * self.s, y * self.s) for x, y in points], fill=fill, width=self.w(width), joint=joint)

    def poly(self, points, fill=None, outline=None, width: float = 1) -> None:
        self.d.polygon([(x * self.s, y * self.s) for x, y in points], fill=fill, outline=outline,
                       width=self.w(width) if outline else 0)

    def die(self, x: float, y: float, size: float, n) -> None:
        draw_die(self.d, (x * self.s, y * self.s, (x + size) * self.s, (y + size) * self.s), n,
                 max(6, round(size * 0.68 * self.s)))

    def paste(self, img: Image.Image, x: float, y: float) -> None:
        self.img.paste(img, (round(x * self.s), round(y * self.s)))

    def crop(self, height: float) -> Image.Image:
        return self.img.crop((0, 0, self.img.width, min(self.img.height, math.ceil(height * self.s))))

    def wrap(self, text: str, width: float, size: float = SMALL, bold: bool = False) -> list[str]:
        lines, line = [], ""
        for word in text.split():
            test = f"{line} {word}".strip()
            if line and self.width(test, size, bold) > width:
                lines.append(line)
                line = word
            else:
                line = test
        return [*lines, line] if line else lines


def _ink_on(colour) -> tuple[int, int, int]:
    return INK if sum(colour) > 450 else WHITE


# ------------------------------------------------------------------ pieces
def cube(pen: Pen, x: float, y: float, size: float, seat: int, letters: bool) -> None:
    """A player's cube, top left at ``(x, y)``; its colour's initial in colour-blind mode."""
    colour = owner_colour(seat)
    pen.rect((x, y, x + size, y + size), fill=colour, outline=INK, width=1.2)
    if letters:
        pen.text(x + size / 2, y + size / 2 + 0.5, owner_letter(seat), size * 0.72, True, _ink_on(colour), "mm")


def meeple(pen: Pen, cx: float, y: float, h: float, seat: int | None, letters: bool = False) -> None:
    """A worker, ``h`` tall, its top at ``y`` (``seat`` None: an empty place)."""
    colour = owner_colour(seat) if seat is not None else None
    r = h * 0.22
    outline = INK if seat is not None else FAINT
    body = [(cx - h * 0.36, y + h), (cx - h * 0.36, y + h * 0.62), (cx - h * 0.18, y + h * 0.44),
            (cx + h * 0.18, y + h * 0.44), (cx + h * 0.36, y + h * 0.62), (cx + h * 0.36, y + h)]
    pen.poly(body, fill=colour, outline=outline, width=1)
    pen.circle(cx, y + r + 0.5, r, fill=colour, outline=outline, width=1)
    if letters and seat is not None:
        pen.text(cx, y + h * 0.74, owner_letter(seat), h * 0.42, True, _ink_on(colour), "mm")


def disc(pen: Pen, cx: float, cy: float, r: float, seat: int, letters: bool) -> None:
    colour = owner_colour(seat)
    pen.circle(cx, cy, r, fill=colour, outline=INK, width=1.2)
    if letters:
        pen.text(cx, cy + 0.5, owner_letter(seat), r * 1.3, True, _ink_on(colour), "mm")


def tile(pen: Pen, x: float, y: float, size: float, kind: str) -> None:
    """A reward tile (S, P or T) in its table's colour."""
    pen.rect((x, y, x + size, y + size), fill=TILE_FILL, outline=TABLE_COLOUR[kind], width=1.5, radius=3)
    pen.text(x + size / 2, y + size / 2 + 0.5, TILE[kind], size * 0.7, True, TABLE_COLOUR[kind], "mm")


def kind_chip(pen: Pen, x: float, y: float, size: float, kind: str) -> None:
    """A table's label: its letter on its colour."""
    pen.rect((x, y, x + size, y + size), fill=TABLE_COLOUR[kind], radius=3)
    pen.text(x + size / 2, y + size / 2 + 0.5, TILE[kind], size * 0.68, True, WHITE, "mm")


def train(pen: Pen, cx: float, cy: float, number: int, black: bool, angle: float | None, size: float = 13) -> None:
    """A train token: a pointed tag aimed at ``angle`` (radians, screen coordinates), its number
    upright in the middle; black side or white side up."""
    fill, ink = ((25, 25, 25), WHITE) if black else (WHITE, INK)
    if angle is None:
        pen.rect((cx - size, cy - size * 0.62, cx + size, cy + size * 0.62), fill=fill, outline=INK, width=1.5,
                 radius=3)
    else:
        half, tip = size * 0.62, size * 1.45
        local = [(-size, -half), (size * 0.55, -half), (tip, 0), (size * 0.55, half), (-size, half)]
        ca, sa = math.cos(angle), math.sin(angle)
        pts = [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in local]
        pen.poly(pts, fill=fill, outline=(120, 120, 120) if black else INK, width=1.5)
    pen.text(cx, cy + 0.5, str(number), size * 1.05, True, ink, "mm")


def card_back(pen: Pen, box) -> None:
    x0, y0, x1, y1 = box
    pen.rect(box, fill=CARD_BACK, outline=INK, width=1, radius=3)
    step = 7
    k = x0 + 3
    while k < x1 + (y1 - y0):
        a = (max(x0 + 2, k - (y1 - y0) + 4), min(y1 - 2, y0 + 2 + (k - x0 - 2)))
        b = (min(k, x1 - 2), y0 + 2 + max(0, k - (x1 - 2)))
        if a[0] < b[0]:
            pen.line([a, b], CARD_BACK_LINE, 1)
        k += step


def check(pen: Pen, x: float, y: float, size: float, fill=(40, 130, 60)) -> None:
    pen.line([(x, y + size * 0.55), (x + size * 0.38, y + size * 0.9), (x + size, y + size * 0.1)], fill, size * 0.2)


# ------------------------------------------------------------------ data
@lru_cache(maxsize=1)
def action_cards() -> dict[str, dict]:
    """The eight action cards (name, 4+ and 7+ texts) from ``data/cards/workers/actions.toml``."""
    path = importlib.resources.files("railhead.data") / "cards" / "workers" / "actions.toml"
    return {c["id"]: c for c in tomllib.loads(path.read_text(encoding="utf-8"))["card"]}


def card_name(card: str, short: bool = False) -> str:
    if short:
        return SHORT.get(card, card)
    return action_cards().get(card, {}).get("name", card)


def seat_name(view: dict, seat: int, letters: bool) -> str:
    """A player's name, with their owner letters in colour-blind mode (``letters``)."""
    name = view["players"][seat]["name"]
    return f"{name} ({owner_name(seat)})" if letters else name
