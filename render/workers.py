"""Railway Workers: the board and a player's private hand, a view in, PNG bytes out.

``board_png(view)`` takes ``engine.get_game("workers").view(...)`` (the public view) and returns the
board:

- the country: cities at their latitude and longitude, each project a line between its two
  cities with its number (dashed while a construction site or still in the pile, solid once a
  route), the trains on the cities (black or white side, pointing the way they face);
- next to the map, one card per construction site: its structures, plans and tracks tables
  (squares, the blocking cube of 2-3 player games, the players' cubes, whether the reward tile is
  still there), what waits in its warehouses (workers and resources per player) and its shares;
  a route keeps a one-line card with its shares;
- the round, phase and step, the revealed place and its turn order, whose turn it is and any
  question being asked; the market's price indicators, the tokens left, the Director's office,
  the investment and subsidy tables; every player's board; at the end the score breakdown.

``layout="desktop"`` (the default) puts three columns side by side; ``layout="phone"`` stacks them
(map first) in type that still reads when the image is shown 400 px wide. ``colourblind`` prints
each seat's colour initial on its cubes, workers and shares and its colour's name after its name.
``zoom`` (a city or a project number) gives the map and its site cards alone, large, that place
ringed.

``hand_png(view)`` draws the viewing seat's own four places: card, die, +1 tokens and Sum, from
that seat's view (nothing else is read). Action card names and texts come from
``data/cards/workers/actions.toml``. The static parts (the map's land and its labels' places,
tables that rarely change) are cached.
"""
from __future__ import annotations

import importlib.resources
import json
import math
import tomllib
import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw

from engine import IllegalAction

from .hexes import BACKGROUND, INK, font
from .panel import draw_die, owner_colour, owner_letter, owner_name, paste_text, png_bytes_quick, text_width

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
    path = importlib.resources.files("data") / "cards" / "workers" / "actions.toml"
    return {c["id"]: c for c in tomllib.loads(path.read_text(encoding="utf-8"))["card"]}


def card_name(card: str, short: bool = False) -> str:
    if short:
        return SHORT.get(card, card)
    return action_cards().get(card, {}).get("name", card)


def _name(view: dict, seat: int, letters: bool) -> str:
    name = view["players"][seat]["name"]
    return f"{name} ({owner_name(seat)})" if letters else name


# ------------------------------------------------------------------ the map
class Geometry:
    """Where the cities, the projects' number badges and the cities' names go in the map strip
    (logical px): badges keep off cities and each other, names off everything."""

    def __init__(self, cities: tuple[tuple[str, float, float], ...],
                 projects: tuple[tuple[int, str, str], ...]):
        lats = [c[1] for c in cities]
        lons = [c[2] for c in cities]
        mid = math.radians((max(lats) + min(lats)) / 2)
        top, bottom, left, right, label_room = 40, 22, 14, 14, 64
        span_y = max(0.01, max(lats) - min(lats))
        span_x = max(0.01, (max(lons) - min(lons)) * math.cos(mid))
        kx = (MAP_STRIP - left - right - label_room) / span_x
        ky = (MAP_H - top - bottom) / span_y
        kx = min(kx, ky)
        ky = min(ky, kx * 1.25)                       # a little taller than true, not more
        x0 = left + label_room / 2 + (MAP_STRIP - left - right - label_room - span_x * kx) / 2
        y0 = top + (MAP_H - top - bottom - span_y * ky) / 2
        self.xy = {name: (x0 + (lon - min(lons)) * math.cos(mid) * kx, y0 + (max(lats) - lat) * ky)
                   for name, lat, lon in cities}
        self.ends = {n: (a, b) for n, a, b in projects}
        self.badges = self._place_badges()
        self.labels, self.label_boxes = self._place_labels()

    def segments(self):
        return [(self.xy[a], self.xy[b]) for a, b in self.ends.values()]

    def _place_badges(self) -> dict[int, tuple[float, float]]:
        """Each project's number on its line, moved along it or beside it off the cities and the
        other numbers (a short line between two near cities)."""
        out: dict[int, tuple[float, float]] = {}
        order = sorted(self.ends, key=lambda n: _length(*self._ends_xy(n)))
        for n in order:
            (ax, ay), (bx, by) = self._ends_xy(n)
            length = max(1.0, _length((ax, ay), (bx, by)))
            nx, ny = -(by - ay) / length, (bx - ax) / length
            best = None
            for t in (0.5, 0.4, 0.6, 0.3, 0.7):
                for off in (0, 12, -12, 19, -19):
                    x, y = ax + (bx - ax) * t + nx * off, ay + (by - ay) * t + ny * off
                    cost = abs(t - 0.5) * 8 + abs(off) * 0.6
                    for cx, cy in self.xy.values():
                        cost += max(0.0, BADGE_R + CITY_R + 4 - math.hypot(x - cx, y - cy)) * 20
                    for ox, oy in out.values():
                        cost += max(0.0, 2 * BADGE_R + 3 - math.hypot(x - ox, y - oy)) * 20
                    if not BADGE_R < x < MAP_STRIP - BADGE_R:
                        cost += 500
                    if best is None or cost < best[0]:
                        best = (cost, x, y)
            out[n] = best[1:]
        return out

    def _ends_xy(self, n: int):
        a, b = self.ends[n]
        return self.xy[a], self.xy[b]

    def _place_labels(self):
        """Each city's name beside it where it covers no city, number, line or other name and
        stays in the strip: ``(x, y, anchor)`` and the boxes they cover."""
        f = font(BODY, bold=True)
        segments = self.segments()
        taken: list[tuple[float, float, float, float]] = []
        out = {}
        for name, (x, y) in sorted(self.xy.items(), key=lambda kv: kv[1][1]):
            w = f.getlength(name)
            h = BODY + 2
            g, d = CITY_R + 3, (CITY_R + 1) * 0.75
            options = [(x - g, y, "rm", (x - g - w, y - h / 2, x - g, y + h / 2)),
                       (x + g, y, "lm", (x + g, y - h / 2, x + g + w, y + h / 2)),
                       (x - d, y - d, "rb", (x - d - w, y - d - h, x - d, y - d)),
                       (x - d, y + d, "rt", (x - d - w, y + d, x - d, y + d + h)),
                       (x + d, y - d, "lb", (x + d, y - d - h, x + d + w, y - d)),
                       (x + d, y + d, "lt", (x + d, y + d, x + d + w, y + d + h)),
                       (x, y - g, "mb", (x - w / 2, y - g - h, x + w / 2, y - g)),
                       (x, y + g, "mt", (x - w / 2, y + g, x + w / 2, y + g + h))]
            best = None
            for rank, (lx, ly, anchor, box) in enumerate(options):
                cost = rank * 0.5
                if box[0] < 6 or box[2] > MAP_STRIP - 4 or box[1] < 4 or box[3] > MAP_H - 4:
                    cost += 100
                for other, (ox, oy) in self.xy.items():
                    if other != name and _box_near(box, ox, oy, CITY_R + 2):
                        cost += 50
                for bx, by in self.badges.values():
                    if _box_near(box, bx, by, BADGE_R):
                        cost += 40
                for (ax, ay), (bx, by) in segments:
                    for t in (i / 16 for i in range(17)):
                        px, py = ax + (bx - ax) * t, ay + (by - ay) * t
                        if _box_near(box, px, py, 3):
                            near = min(math.hypot(px - ax, py - ay), math.hypot(px - bx, py - by)) < 40
                            cost += 8 if near else 3            # a train waits near the city
                for other in taken:
                    if box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]:
                        cost += 60
                if best is None or cost < best[0]:
                    best = (cost, lx, ly, anchor, box)
            taken.append(best[4])
            out[name] = best[1:4]
        return out, taken


def _length(a, b) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def _box_near(box, x: float, y: float, r: float) -> bool:
    return box[0] - r < x < box[2] + r and box[1] - r < y < box[3] + r


@lru_cache(maxsize=4)
def _geometry(cities, projects) -> Geometry:
    return Geometry(cities, projects)


@lru_cache(maxsize=8)
def _map_base(cities, projects, s: float) -> Image.Image:
    """The sea, the land around the cities and the north arrow (static)."""
    g = _geometry(cities, projects)
    pen = Pen(COL, MAP_H, s)
    pen.rect((2, 2, MAP_STRIP, MAP_H - 2), fill=SEA, outline=COAST, width=1, radius=6)
    pts = _hull(list(g.xy.values()))
    pad = 22
    pen.line(pts + pts[:1], fill=COAST, width=2 * pad + 3, joint="curve")
    for x, y in pts:
        pen.circle(x, y, pad + 1.5, fill=COAST)
    pen.line(pts + pts[:1], fill=LAND, width=2 * pad, joint="curve")
    for x, y in pts:
        pen.circle(x, y, pad, fill=LAND)
    pen.poly(pts, fill=LAND)
    # the north arrow
    pen.poly([(20, 10), (26, 26), (20, 22), (14, 26)], fill=MUTED)
    pen.text(20, 29, "N", SMALL, True, MUTED, "mt")
    return pen.img


def _hull(points):
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _dashed(pen: Pen, a, b, fill, width: float, dash: float = 7, gap: float = 5) -> None:
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay)
    if length == 0:
        return
    ux, uy = (bx - ax) / length, (by - ay) / length
    t = 0.0
    while t < length:
        e = min(length, t + dash)
        pen.line([(ax + ux * t, ay + uy * t), (ax + ux * e, ay + uy * e)], fill, width)
        t = e + gap


def _status(view: dict) -> dict[int, str]:
    """Each project's state on the map: ``route``, ``site``, ``pile`` (still to come) or ``out``."""
    sites = {s["number"]: s["status"] for s in view["sites"]}
    return {p["number"]: sites.get(p["number"], "pile" if p["in_play"] else "out") for p in view["map"]["projects"]}


def _map_keys(view: dict):
    cities = tuple((c["name"], c["lat"], c["lon"]) for c in view["map"]["cities"])
    projects = tuple((p["number"], *p["between"]) for p in view["map"]["projects"])
    return cities, projects


def _map_block(view: dict, s: float, letters: bool, mark: str | int | None = None) -> Image.Image:
    """The map and the site cards beside it; ``mark``: a city or a project number to ring."""
    cities, projects = _map_keys(view)
    g = _geometry(cities, projects)
    base = _map_base(cities, projects, s)
    status = _status(view)
    between = {p["number"]: tuple(p["between"]) for p in view["map"]["projects"]}
    mids = g.badges

    cards = [(mids[site["number"]][1], site, _site_card(view, site, s, letters)) for site in view["sites"]]
    cards.sort(key=lambda c: c[0])
    tops, bottom = _stack([(y, img.height / s) for y, _, img in cards])
    height = max(MAP_H, bottom + 6)
    pen = Pen(COL, height, s)
    pen.paste(base, 0, 0)
    if height > MAP_H:
        pen.rect((2, MAP_H - 8, MAP_STRIP, height - 2), fill=SEA)

    # project lines, then leader lines to the cards, then the number badges
    for n, (a, b) in between.items():
        pa, pb = g.xy[a], g.xy[b]
        st = status[n]
        if st == "route":
            pen.line([pa, pb], INK, 7)
            pen.line([pa, pb], RAIL, 5)
        elif st == "site":
            _dashed(pen, pa, pb, SITE_LINE, 4, 8, 5)
        elif st == "pile":
            _dashed(pen, pa, pb, PILE_LINE, 2.5, 5, 5)
    for top, (_, site, _img) in zip(tops, cards):
        mx, my = mids[site["number"]]
        pen.line([(mx, my), (CARD_X - 8, top + 11), (CARD_X, top + 11)], (120, 110, 90), 1.2)
    # cities and their names, the number badges over them, then the trains
    used = {c for n, (a, b) in between.items() if status[n] != "out" for c in (a, b)}
    for name, (x, y) in g.xy.items():
        live = name in used
        pen.circle(x, y, CITY_R, fill=WHITE if live else (225, 225, 225), outline=INK if live else FAINT, width=2)
    for name, (lx, ly, anchor) in g.labels.items():
        pen.text(lx, ly, name, BODY, True, INK if name in used else FAINT, anchor, halo=True)
    for n, (mx, my) in mids.items():
        st = status[n]
        if st == "out":
            continue
        fill, ink, outline = {"route": (RAIL, WHITE, INK), "site": (SITE_BADGE, INK, INK),
                              "pile": (WHITE, (120, 120, 120), PILE_LINE)}[st]
        pen.circle(mx, my, BADGE_R, fill=fill, outline=outline, width=1.5)
        pen.text(mx, my + 0.5, str(n), SMALL, True, ink, "mm")
    _trains(pen, g, view["trains"], between)
    if mark is not None:
        x, y = g.xy[mark] if isinstance(mark, str) else mids[mark]
        r = CITY_R + 6 if isinstance(mark, str) else BADGE_R + 5
        pen.circle(x, y, r + 1.5, outline=INK, width=5)
        pen.circle(x, y, r, outline=GOLD, width=3)
    for top, (_, _, img) in zip(tops, cards):
        pen.paste(img, CARD_X, top)
    return pen.img


def _trains(pen: Pen, g: Geometry, trains: list[dict], between: dict) -> None:
    """Each train beside its city, pointing the way it faces (or, after a run, the way it was
    going): on that line when it is free, else turned around the city to the nearest spot that
    covers no name, number, city, line or other train."""
    placed: list[tuple[float, float]] = []
    segments = g.segments()
    for t in trains:
        x, y = g.xy[t["city"]]
        angle = None
        if t.get("facing") in between:
            a, b = between[t["facing"]]
            ox, oy = g.xy[b if t["city"] == a else a]
            angle = math.atan2(oy - y, ox - x)
        elif t.get("came") in between:
            a, b = between[t["came"]]
            ox, oy = g.xy[b if t["city"] == a else a]
            angle = math.atan2(y - oy, x - ox)
        base = angle if angle is not None else -math.pi / 4
        best = None
        for turn in (0, 0.5, -0.5, 1, -1, 1.5, -1.5, 2, -2, 2.5, -2.5, 3):
            for dist in (23, 31):
                tx, ty = x + math.cos(base + turn) * dist, y + math.sin(base + turn) * dist
                box = (tx - 15, ty - 10, tx + 15, ty + 10)
                cost = abs(turn) * 6 + (dist - 23) * 0.5
                cost += 60 * sum(box[0] < o[2] and o[0] < box[2] and box[1] < o[3] and o[1] < box[3]
                                 for o in g.label_boxes)
                cost += 60 * sum(_box_near(box, bx, by, BADGE_R) for bx, by in g.badges.values())
                cost += 60 * sum(_box_near(box, cx, cy, CITY_R) for cx, cy in g.xy.values())
                cost += 90 * sum(math.hypot(tx - px, ty - py) < 30 for px, py in placed)
                if turn:
                    for (ax, ay), (bx, by) in segments:
                        cost += 4 * sum(_box_near(box, ax + (bx - ax) * k / 10, ay + (by - ay) * k / 10, 2)
                                        for k in range(11))
                if not 16 < tx < MAP_STRIP - 16:
                    cost += 200
                if best is None or cost < best[0]:
                    best = (cost, tx, ty)
        placed.append(best[1:])
        train(pen, best[1], best[2], t["id"], t["black"], angle, 12)


def _stack(items: list[tuple[float, float]], gap: float = 6, first: float = 4) -> tuple[list[float], float]:
    """Tops for boxes ``(wanted centre, height)`` in order, as near their centres as they go
    without overlapping, inside the map when they fit; and the last bottom."""
    tops = []
    y = first
    for centre, h in items:
        tops.append(max(y, centre - h / 2))
        y = tops[-1] + h + gap
    limit = MAP_H - 4
    for i in range(len(items) - 1, -1, -1):          # pulled up while the column overflows the map
        tops[i] = min(tops[i], limit - items[i][1])
        limit = tops[i] - gap
    y = first
    for i, (_, h) in enumerate(items):                 # never above the top, never overlapping
        tops[i] = max(tops[i], y)
        y = tops[i] + h + gap
    return tops, (y - gap if items else first)


def _site_card(view: dict, site: dict, s: float, letters: bool) -> Image.Image:
    """One construction site (its three tables, warehouses and shares) or a route (its shares)."""
    pen = Pen(CARD_W, 220, s, PAPER)
    route = site["status"] == "route"
    a, b = site["between"]
    title = f"{site['number']} {a}–{b}"
    x = pen.text(6, 5, title, BODY, True)
    if route:
        x = pen.text(x + 5, 6, "route", SMALL, False, MUTED)
    shares = sorted((int(k), v) for k, v in site["shares"].items() if v)
    need = sum(22 + pen.width(str(v), BODY, True) for _, v in shares)
    y = 5
    if shares:
        sx = CARD_W - 6 - need
        if sx < x + 6:
            y, sx = 25, 6
            pen.text(sx, y + 1, "shares", SMALL, False, MUTED)
            sx += pen.width("shares ", SMALL) + 2
        for seat, v in shares:
            disc(pen, sx + 8, y + 9, 7.5, seat, letters)
            sx = pen.text(sx + 18, y + 1, str(v), BODY, True) + 4
    y += 24
    if route:
        h = y - 2
    else:
        for kind in KINDS:
            y = _table_row(pen, y, kind, site["tables"][kind], site["warehouses"].get(kind), letters)
        h = y + 3
    pen.rect((0, 0, CARD_W - 1, h), outline=(150, 138, 110), width=1.2, radius=5)
    return pen.crop(h + 1)


SQ, PITCH = 19, 22


def _table_row(pen: Pen, y: float, kind: str, table: dict, house: dict | None, letters: bool) -> float:
    kind_chip(pen, 6, y, SQ, kind)
    x0 = 31
    done = not table["reward"]
    n = table["squares"]
    for i in range(n):
        x = x0 + i * PITCH
        box = (x, y, x + SQ, y + SQ)
        if done:
            pen.rect(box, fill=(222, 217, 203), outline=(200, 194, 178))
        elif i < len(table["placed"]):
            pen.rect(box, fill=WHITE, outline=TABLE_COLOUR[kind], width=1.2)
            cube(pen, x + 2.5, y + 2.5, SQ - 5, table["placed"][i], letters)
        elif table["blocked"] and i == n - 1:
            pen.rect(box, fill=BLOCKED, outline=INK)
            pen.line([(x + 5, y + 5), (x + SQ - 5, y + SQ - 5)], (200, 200, 200), 1.6)
            pen.line([(x + 5, y + SQ - 5), (x + SQ - 5, y + 5)], (200, 200, 200), 1.6)
        else:
            pen.rect(box, fill=WHITE, outline=TABLE_COLOUR[kind], width=1.2)
    tx = x0 + 4 * PITCH + 3
    if done:
        pen.text(x0 + n * PITCH / 2 - 1, y + SQ / 2 + 0.5, "complete", SMALL, True, MUTED, "mm")
    else:
        tile(pen, tx, y, SQ, kind)
    x = tx + SQ + 8
    line_h = SQ + 5
    rows = 1
    if house and not done:
        seats = sorted({int(k) for k in (*house["workers"], *house["goods"])})
        for seat in seats:
            workers, goods = house["workers"].get(str(seat), 0), house["goods"].get(str(seat), 0)
            need = (11 + pen.width(str(workers), BODY, True) + 4 if workers else 0) + \
                (13 + pen.width(str(goods), BODY, True) + 4 if goods else 0)
            if x + need > CARD_W - 4 and x > tx + SQ + 8:
                rows += 1
                x = tx + SQ + 8
            yy = y + (rows - 1) * line_h
            if workers:
                meeple(pen, x + 5, yy + 1, SQ - 2, seat, letters)
                x = pen.text(x + 12, yy + 2, str(workers), BODY, True) + 4
            if goods:
                cube(pen, x, yy + 4, 11, seat, letters)
                x = pen.text(x + 13, yy + 2, str(goods), BODY, True) + 4
            x += 6
    return y + rows * line_h


# ------------------------------------------------------------------ the panels
def _title(pen: Pen, y: float, text: str, right: str = "") -> float:
    pen.text(8, y, text, HEAD, True)
    if right:
        pen.text(COL - 8, y + 2, right, SMALL, False, MUTED, "ra")
    return y + 24


def _header_block(view: dict, s: float, letters: bool) -> Image.Image:
    pen = Pen(COL, 400, s)
    y = 8
    pen.text(8, y, "Railway Workers", TITLE, True)
    step = view["step"]
    phase = "" if step in ("payments", "over") else f" · action phase {view['phase']}"
    pen.text(COL - 8, y + 3, f"Round {view['round']} of {view['rounds']}{phase}", HEAD, True, INK, "ra")
    y += 30
    what = STEP_TEXT.get(step, step)
    if step == "play" and view.get("slot") is not None:
        what = f"cards under +{view['slot']} revealed"
    pen.text(8, y, what[:1].upper() + what[1:], BODY)
    y += 22
    players = view["players"]
    if step in ("place", "assign"):
        waiting = [_name(view, p["seat"], letters) for p in players if not p["ready"]]
        if waiting:
            for line in pen.wrap("Waiting for: " + ", ".join(waiting), COL - 16, BODY):
                pen.text(8, y, line, BODY)
                y += 20
    turn = view.get("turn")
    if view.get("order"):
        x = pen.text(8, y + 1, "Turn order (Sum):", BODY, False, MUTED) + 6
        for seat in view["order"]:
            entry = players[seat]["cards"][[1, 2, 3, 6].index(view["slot"])] if view.get("slot") in (1, 2, 3, 6) \
                else {}
            label = f"{_name(view, seat, letters)} {entry.get('sum', '')}".strip()
            w = pen.width(label, BODY, True) + 24
            if x + w > COL - 6:
                x, y = 8, y + 24
            now = turn is not None and turn["seat"] == seat
            if now:
                pen.rect((x - 2, y - 2, x + w + 2, y + 20), fill=ACTIVE, outline=GOLD, width=2, radius=4)
            disc(pen, x + 8, y + 9, 6.5, seat, letters)
            pen.text(x + 18, y + 1, label, BODY, now)
            x += w + 8
        y += 26
    if turn is not None:
        text = f"Now: {_name(view, turn['seat'], letters)} plays {card_name(turn['card'])} (Sum {turn['sum']})"
        if turn.get("passed"):
            text += ", passed"
        else:
            done = [h for h, k in (("4+", "top"), ("7+", "bottom")) if turn.get(k)]
            if done:
                text += ": " + " and ".join(done) + " done"
        if turn.get("command"):
            text += f"; used command {turn['command']}"
        for line in pen.wrap(text, COL - 16, BODY, True):
            pen.text(8, y, line, BODY, True)
            y += 20
    q = view.get("question")
    if q:
        where = ""
        if q.get("site") is not None:
            where = f" (site {q['site']}{', ' + q['table'] if q.get('table') else ''})"
        elif q.get("project") is not None:
            where = f" (route {q['project']})"
        elif q.get("train") is not None:
            where = f" (train {q['train']})"
        text = f"Waiting for {_name(view, q['seat'], letters)} to choose {QUESTION.get(q['kind'], q['kind'])}" \
               f"{where}: {' / '.join(q['options'])}"
        for line in pen.wrap(text, COL - 16, BODY, True):
            pen.text(8, y, line, BODY, True, (150, 60, 20))
            y += 20
    return pen.crop(y + 4)


def _final_block(view: dict, s: float, letters: bool) -> Image.Image:
    final = view["final"]
    pen = Pen(COL, 60 + 26 * len(final) + 40, s)
    y = _title(pen, 6, "Final score", "1 coin = 1 point")
    cols = [("coins", "Coins"), ("resources", "Goods"), ("tiles", "Tiles"), ("workers", "Workers"),
            ("shares", "Shares"), ("total", "Total")]
    name_w = 118
    cw = (COL - 16 - name_w) / len(cols)
    for i, (_, label) in enumerate(cols):
        pen.text(8 + name_w + cw * (i + 0.5), y, label, SMALL, True, MUTED, "ma")
    y += 20
    best = max(f["total"] for f in final)
    for seat, f in sorted(enumerate(final), key=lambda sf: -sf[1]["total"]):
        win = f["total"] == best
        if win:
            pen.rect((4, y - 3, COL - 4, y + 21), fill=ACTIVE, outline=GOLD, width=2, radius=4)
        disc(pen, 16, y + 9, 7, seat, letters)
        name = view["players"][seat]["name"]
        while pen.width(name, BODY, win) > name_w - 30 and len(name) > 3:
            name = name[:-2] + "…"
        pen.text(28, y + 1, name, BODY, win)
        for i, (key, _) in enumerate(cols):
            value = f.get(key, 0)
            text = str(value) if key in ("coins", "total") else (f"+{value}" if value else "·")
            pen.text(8 + name_w + cw * (i + 0.5), y + 1, text, BODY, key == "total", INK, "ma")
        y += 26
    winners = [view["players"][seat]["name"] for seat, f in enumerate(final) if f["total"] == best]
    pen.text(8, y + 2, f"{' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'} with {best} coins.",
             BODY, True, (150, 60, 20))
    pen.text(8, y + 22, "Goods sold, tiles cashed, 5 for five workers home, 3 per share on a site.", SMALL,
             False, MUTED)
    return pen.crop(y + 42)


def _market_block(view: dict, s: float) -> Image.Image:
    pen = Pen(COL, 120, s)
    y = _title(pen, 6, "Market", "black: first buyer's price · white: after")
    x = 8
    w = (COL - 16) / 3
    for i, kind in enumerate(KINDS):
        m = view["market"][kind]
        bx = x + i * w
        kind_chip(pen, bx, y, 22, kind)
        pen.text(bx + 28, y + 3, kind.capitalize(), BODY)
        black = m["side"] == "black"
        px = bx + w - 40
        pen.rect((px, y - 2, px + 30, y + 24), fill=(25, 25, 25) if black else WHITE, outline=INK, width=1.5,
                 radius=4)
        pen.text(px + 15, y + 11, str(m["price"]), HEAD, True, WHITE if black else INK, "mm")
    y += 34
    tokens = view["tokens"]
    x = pen.text(8, y, "Tokens left:", BODY, False, MUTED) + 8
    x = _token(pen, x, y - 1, "R") + 4
    x = pen.text(x, y, f"reroll {tokens.get('reroll', 0)}", BODY, True) + 14
    x = _token(pen, x, y - 1, "+1") + 4
    x = pen.text(x, y, f"+1 {tokens.get('plus', 0)}", BODY, True) + 14
    pen.text(COL - 8, y, f"Projects in the pile: {view['projects_left']}", BODY, False, INK, "ra")
    return pen.crop(y + 26)


def _token(pen: Pen, x: float, y: float, text: str, r: float = 9) -> float:
    """A round token (a reroll token R or a +1 token); returns the x after it."""
    pen.circle(x + r, y + r, r, fill=(250, 215, 110) if text == "+1" else (170, 215, 240), outline=INK, width=1.2)
    pen.text(x + r, y + r + 0.5, text, r * 1.15, True, INK, "mm")
    return x + 2 * r


def _office_block(view: dict, s: float) -> Image.Image:
    c = view["commands"]
    pen = Pen(COL, 400, s)
    y = _title(pen, 6, "Director's office", f"deck: {c['deck']} card{'s' if c['deck'] != 1 else ''}")
    entries = [(cmd, True) for cmd in c["available"]] + ([(c["unavailable"], False)] if c["unavailable"] else [])
    for cmd, available in entries:
        ink = INK if available else MUTED
        top = y
        symbols = cmd["symbols"]
        with_ = "any card" if "any" in symbols else ", ".join(card_name(x) for x in symbols)
        x = pen.text(30, y, cmd["name"], BODY, True, ink)
        pen.text(x + 6, y + 1, ("with " if available else "unavailable · with ") + with_, SMALL, False, MUTED)
        y += 19
        for line in pen.wrap(cmd["text"], COL - 40, SMALL):
            pen.text(30, y, line, SMALL, False, ink)
            y += 17
        fill = (255, 252, 242) if available else (226, 222, 212)
        pen.rect((8, top - 1, 26, top + 17), fill=fill, outline=ink, width=1.5, radius=3)
        pen.text(17, top + 8, str(cmd["number"]), SMALL, True, ink, "mm")
        y += 6
    if not entries:
        pen.text(8, y, "No commands left.", BODY, False, MUTED)
        y += 20
    return pen.crop(y)


def _investment_block(view: dict, s: float, letters: bool) -> Image.Image:
    inv = view["investment"]
    steps = inv["steps"]
    pen = Pen(COL, 200, s)
    y = _title(pen, 6, "Investment table", "coins per share when a train runs")
    n = len(steps) + 1
    w = (COL - 16 - (n - 1) * 4) / n
    h = 78
    on_step: dict[int | None, list[dict]] = {}
    for t in view["table_trains"]:
        on_step.setdefault(t["step"], []).append(t)
    markers: dict[int, list[int]] = {}
    for p in view["players"]:
        markers.setdefault(p["marker"], []).append(p["seat"])
    for i in range(n):
        x = 8 + i * (w + 4)
        last = i == len(steps)
        pen.rect((x, y, x + w, y + h), fill=(236, 230, 214) if last else PAPER, outline=(150, 138, 110), width=1.2,
                 radius=4)
        if last:
            pen.text(x + w / 2, y + 4, "waiting", SMALL, False, MUTED, "ma")
            trains = on_step.get(None, [])
        else:
            value = steps[i]
            pen.text(x + 8, y + 3, str(value), 20, True)
            if value in inv["visited"] and i > 0:
                check(pen, x + w - 18, y + 6, 11)
            trains = on_step.get(value, [])
        for k, t in enumerate(trains):
            cx = x + 13 + (k % 2) * 26 if last else x + w - 17
            cy = y + 30 + (k // 2) * 20 if last else y + 34
            train(pen, cx, cy, t["id"], t["black"], None, 11)
        if not last:
            seats = markers.get(i, [])
            for k, seat in enumerate(seats):
                cube(pen, x + 6 + (k % 4) * 15, y + h - 18 - (k // 4) * 15, 12, seat, letters)
    return pen.crop(y + h + 8)


def _subsidy_block(view: dict, s: float) -> Image.Image:
    sub = view["subsidy"]
    pen = Pen(COL, 160, s)
    y = _title(pen, 6, "Subsidy table", "two reward tiles for coins; +5 under a die")
    table = sorted(sub["table"], key=lambda e: e["face"])
    n = len(table)
    w = (COL - 16 - (n - 1) * 4) / n
    h = 70
    for i, e in enumerate(table):
        x = 8 + i * (w + 4)
        hot = e["face"] in sub["dice"]
        pen.rect((x, y, x + w, y + h), fill=ACTIVE if hot else PAPER, outline=GOLD if hot else (150, 138, 110),
                 width=2.5 if hot else 1.2, radius=4)
        kinds = {v: k for k, v in TILE.items()}
        for j, t in enumerate(e["tiles"]):
            tile(pen, x + w / 2 - 21 + j * 22, y + 5, 20, kinds.get(t, "structures"))
        pen.text(x + w / 2, y + 29, str(e["coins"]), 18, True, INK, "ma")
        if hot:
            pen.die(x + 5, y + h - 21, 17, e["face"])
            pen.text(x + w - 5, y + h - 13, "+5", SMALL, True, (150, 60, 20), "rm")
        else:
            pen.text(x + w / 2, y + h - 13, f"die {e['face']}", SMALL, False, MUTED, "mm")
    return pen.crop(y + h + 8)


def _players_block(view: dict, s: float, letters: bool) -> Image.Image:
    parts = [_player_box(view, p, s, letters) for p in view["players"]]
    height = sum(p.height for p in parts) / s + 8 * len(parts) + 8
    pen = Pen(COL, height, s)
    y = 6
    for img in parts:
        pen.paste(img, 0, y)
        y += img.height / s + 8
    return pen.crop(y)


def _player_box(view: dict, p: dict, s: float, letters: bool) -> Image.Image:
    seat = p["seat"]
    turn, q = view.get("turn"), view.get("question")
    active = (q is not None and q["seat"] == seat) or (q is None and turn is not None and turn["seat"] == seat)
    fill = ACTIVE if active else PAPER
    pen = Pen(COL, 300, s, fill)
    x0, x1 = 6, COL - 6
    y = 8
    # line 1: name, Baton, ready, coins
    disc(pen, x0 + 13, y + 10, 8, seat, letters)
    x = pen.text(x0 + 27, y + 1, _name(view, seat, letters), HEAD, True)
    if p["baton"]:
        x = _chip(pen, x + 8, y + 1, "Baton", (60, 60, 60), WHITE)
    if view["step"] in ("place", "assign"):
        x = _chip(pen, x + 6, y + 1, "ready" if p["ready"] else "choosing",
                  (60, 140, 70) if p["ready"] else (215, 210, 198), WHITE if p["ready"] else INK)
    if active:
        x = _chip(pen, x + 6, y + 1, "to play" if q is None else "to choose", GOLD, INK)
    pen.text(x1 - 8, y - 1, f"{p['coins']}", 20, True, INK, "ra")
    pen.text(x1 - 12 - pen.width(str(p["coins"]), 20, True), y + 4, "coins", SMALL, False, MUTED, "ra")
    y += 28
    # line 2: workers
    w = p["workers"]
    x = pen.text(x0 + 8, y + 2, "Workers", SMALL, True, MUTED) + 6
    for label, k in (("Union", "union"), ("Facilities", "facilities"), ("Houses", "houses"), ("Sites", "warehouses")):
        x = pen.text(x, y + 2, label, SMALL) + 4
        n = w.get(k, 0)
        for _ in range(n):
            meeple(pen, x + 5, y, 17, seat, letters)
            x += 11
        if not n:
            x = pen.text(x, y + 2, "0", SMALL, False, MUTED)
        x += 9
    y += 24
    # line 3: what the Facilities hold, directors, tokens
    x = pen.text(x0 + 8, y + 2, "Stock", SMALL, True, MUTED) + 6
    fac = p["facilities"]
    for kind in KINDS:
        kind_chip(pen, x, y, 18, kind)
        room = "" if kind == "plans" else f"/{3 if p.get('shed') else 2}"
        x = pen.text(x + 22, y + 1, f"{fac.get(kind, 0)}{room}", BODY, True) + 9
    if p.get("shed"):
        x = pen.text(x, y + 2, "shed", SMALL, False, MUTED) + 8
    x = pen.text(x + 2, y + 2, "Directors", SMALL) + 4
    for k in range(p["directors"]):
        _director(pen, x + k * 12, y + 1, seat)
    x = (x + 12 * p["directors"] + 6) if p["directors"] else pen.text(x, y + 2, "0", SMALL, False, MUTED) + 8
    x = _token(pen, x, y, "R", 9) + 3
    x = pen.text(x, y + 1, str(p["reroll"]), BODY, True) + 8
    x = _token(pen, x, y, "+1", 9) + 3
    pen.text(x, y + 1, str(p["plus_tokens"]), BODY, True)
    y += 24
    # line 4: reward tiles, investment step, resources waiting in warehouses
    x = pen.text(x0 + 8, y + 2, "Tiles", SMALL, True, MUTED) + 6
    for kind in KINDS:
        tile(pen, x, y, 18, kind)
        x = pen.text(x + 22, y + 1, str(p["tiles"].get(TILE[kind], 0)), BODY, True) + 9
    x = pen.text(x + 4, y + 2, "Investment", SMALL, True, MUTED) + 5
    x = pen.text(x, y + 1, f"{p['step']} per share", BODY, True) + 10
    goods = p.get("in_warehouses", {})
    waiting = sum(goods.values())
    if waiting:
        pen.text(x, y + 2, f"{waiting} waiting at sites", SMALL, False, MUTED)
    y += 26
    # line 5: the four places
    y = _places(pen, view, p, x0 + 6, y, x1 - x0 - 12)
    # line 6: the dice rolled but not yet on the cards, the cards still in hand
    has_dice = any("die" in c for c in p["cards"])
    if p["dice"] and not has_dice:
        x = pen.text(x0 + 8, y + 3, "Dice rolled", SMALL, True, MUTED) + 6
        for k, n in enumerate(p["dice"]):
            pen.die(x + k * 26, y, 21, n)
        y += 27
    if p["hand"] and len(p["hand"]) < 8 and view["step"] not in ("over", "payments"):
        placed = [c["card"] for c in p["cards"] if c["card"]]
        left = [c for c in p["hand"] if c not in placed]
        text = "Cards for this phase: " if view["phase"] == 2 else "In hand: "
        for line in pen.wrap(text + ", ".join(card_name(c, True) for c in left), x1 - x0 - 16, SMALL):
            pen.text(x0 + 8, y, line, SMALL, False, MUTED)
            y += 17
    y += 4
    out = Pen(COL, y + 3, s)
    out.rect((x0, 2, x1, y), fill=fill, outline=owner_colour(seat), width=3, radius=6)
    if owner_colour(seat) == WHITE:
        out.rect((x0 - 1, 1, x1 + 1, y + 1), outline=INK, width=1, radius=7)
    inside = (round((x0 + 4) * s), round(6 * s), round((x1 - 4) * s), round((y - 4) * s))
    out.img.paste(pen.img.crop(inside), inside[:2])
    return out.img


def _chip(pen: Pen, x: float, y: float, text: str, fill, ink) -> float:
    w = pen.width(text, SMALL, True) + 10
    pen.rect((x, y, x + w, y + 18), fill=fill, radius=4)
    pen.text(x + w / 2, y + 9.5, text, SMALL, True, ink, "mm")
    return x + w


def _director(pen: Pen, x: float, y: float, seat: int) -> None:
    """A director marker: a tall pawn."""
    colour = owner_colour(seat)
    pen.rect((x, y + 5, x + 9, y + 18), fill=colour, outline=INK, width=1, radius=2)
    pen.circle(x + 4.5, y + 4, 3.5, fill=colour, outline=INK, width=1)


def _places(pen: Pen, view: dict, p: dict, x: float, y: float, width: float) -> float:
    """The four places +1 +2 +3 +6: the card (or its back), the die, +1 tokens and the Sum;
    nothing between the action phases."""
    live = view["step"] in ("place", "low", "tokens", "assign", "play")
    if not live and not any(c["card"] for c in p["cards"]):
        return y
    w = (width - 3 * 6) / 4
    dice = any("die" in c for c in p["cards"])
    h = 46 if dice else 25
    current = view.get("slot")
    for i, c in enumerate(p["cards"]):
        bx = x + i * (w + 6)
        now = view["step"] == "play" and c["slot"] == current
        pen.rect((bx, y, bx + w, y + h), fill=WHITE, outline=GOLD if now else (150, 138, 110),
                 width=2.5 if now else 1, radius=4)
        pen.text(bx + 5, y + 4, f"+{c['slot']}", SMALL, True, MUTED)
        if c["card"]:
            name = card_name(c["card"], True)
            size = SMALL if pen.width(name, SMALL, True) <= w - 30 else 12
            pen.text(bx + 26, y + 4, name, size, True)
        else:
            card_back(pen, (bx + 26, y + 4, bx + w - 4, y + 21))
        if "die" in c:
            pen.die(bx + 5, y + 24, 19, c["die"])
            tx = bx + 28
            for _ in range(c.get("plus", 0)):
                tx = _token(pen, tx, y + 25, "+1", 8) + 2
            pen.text(bx + w - 5, y + 34, f"={c['sum']}", HEAD, True, INK, "rm")
    return y + h + 6


@lru_cache(maxsize=8)
def _legend_block(s: float, letters: bool) -> Image.Image:
    """What the marks mean (static)."""
    pen = Pen(COL, 400, s)
    y = _title(pen, 6, "Legend")
    step = 22
    entries = []

    def row(draw, text: str) -> None:
        entries.append((draw, text))

    row(lambda x, yy: _dashed(pen, (x, yy), (x + 30, yy), SITE_LINE, 4, 6, 4),
        "construction site (its card beside the map)")
    row(lambda x, yy: (pen.line([(x, yy), (x + 30, yy)], INK, 7), pen.line([(x, yy), (x + 30, yy)], RAIL, 5)),
        "route: a train running on it pays its shares")
    row(lambda x, yy: _dashed(pen, (x, yy), (x + 30, yy), PILE_LINE, 2.5, 5, 4), "project still in the pile")
    row(lambda x, yy: (train(pen, x + 9, yy, 1, True, 0, 9), train(pen, x + 35, yy, 2, False, math.pi, 9)),
        "train and its way (black: runs at payments; white: ran)")
    row(lambda x, yy: (cube(pen, x, yy - 8, 15, 0, letters), _block_sq(pen, x + 20, yy - 8)),
        "a player's resource on a table; a blocked square")
    row(lambda x, yy: tile(pen, x + 6, yy - 9, 18, "structures"), "reward tile still on its table")
    row(lambda x, yy: (meeple(pen, x + 7, yy - 9, 17, 0, letters), cube(pen, x + 17, yy - 5, 11, 0, letters)),
        "in a warehouse: workers, resources waiting")
    row(lambda x, yy: disc(pen, x + 9, yy, 7.5, 0, letters), "shares in a site or route (count beside)")
    row(lambda x, yy: check(pen, x + 6, yy - 6, 12), "investment step reached before (cheaper)")
    for draw, text in entries:
        draw(8, y + 9)
        pen.text(58, y + 9, text, SMALL, False, INK, "lm")
        y += step
    if letters:
        named = " · ".join(f"{owner_letter(seat)} {owner_name(seat)}" for seat in range(4))
        pen.text(8, y + 9, f"Letters on pieces: {named}", SMALL, False, INK, "lm")
        y += step
    return pen.crop(y + 4)


def _block_sq(pen: Pen, x: float, y: float) -> None:
    pen.rect((x, y, x + 15, y + 15), fill=BLOCKED, outline=INK)
    pen.line([(x + 4, y + 4), (x + 11, y + 11)], (200, 200, 200), 1.5)
    pen.line([(x + 4, y + 11), (x + 11, y + 4)], (200, 200, 200), 1.5)


# cached panels: their inputs rarely change during a game
@lru_cache(maxsize=16)
def _cached(kind: str, key: str, s: float) -> Image.Image:
    view = json.loads(key)
    if kind == "market":
        return _market_block(view, s)
    if kind == "office":
        return _office_block(view, s)
    return _subsidy_block(view, s)


def _static(kind: str, view: dict, keys: tuple[str, ...], s: float) -> Image.Image:
    """A panel drawn from ``keys`` of the view only, cached by their values."""
    return _cached(kind, json.dumps({k: view[k] for k in keys}, sort_keys=True), s)


def _blocks(view: dict, s: float, letters: bool) -> dict[str, Image.Image]:
    out = {"header": _header_block(view, s, letters), "map": _map_block(view, s, letters),
           "players": _players_block(view, s, letters),
           "market": _static("market", view, ("market", "tokens", "projects_left"), s),
           "office": _static("office", view, ("commands",), s),
           "investment": _investment_block(view, s, letters),
           "subsidy": _static("subsidy", view, ("subsidy",), s),
           "legend": _legend_block(s, letters)}
    if view.get("final"):
        out["final"] = _final_block(view, s, letters)
    return out


def draw_board(view: dict, *, layout: str = "desktop", colourblind: bool = False) -> Image.Image:
    """The board image of a view. ``layout``: "desktop" (three columns) or "phone" (one)."""
    layout = layout or "desktop"
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS}, not {layout!r}")
    if layout == "phone":
        s = PHONE_WIDTH / COL
        b = _blocks(view, s, colourblind)
        order = ["header", "final", "map", "players", "market", "office", "investment", "subsidy", "legend"]
        parts = [b[k] for k in order if k in b]
        img = Image.new("RGB", (PHONE_WIDTH, sum(p.height for p in parts)), BACKGROUND)
        y = 0
        for part in parts:
            img.paste(part, (0, y))
            y += part.height
        return img
    s = DESKTOP_SCALE
    b = _blocks(view, s, colourblind)
    columns = [["header", "map"], ["market", "office", "investment", "subsidy", "legend"], ["final", "players"]]
    stacks = [[b[k] for k in col if k in b] for col in columns]
    width = round((3 * COL + 2 * GUTTER) * s)
    img = Image.new("RGB", (width, max(sum(p.height for p in col) for col in stacks)), BACKGROUND)
    for i, col in enumerate(stacks):
        x, y = round(i * (COL + GUTTER) * s), 0
        for part in col:
            img.paste(part, (x, y))
            y += part.height
    return img


def board_png(view: dict, *, layout: str = "desktop", colourblind: bool = False, zoom: str | None = None) -> bytes:
    """PNG bytes of ``draw_board``; ``zoom``: a city or a project number, for the map and its
    site cards alone, large, with that place ringed (``IllegalAction`` for a place not on it)."""
    if zoom is not None:
        return png_bytes_quick(_map_block(view, PHONE_WIDTH / COL, colourblind, _zoom_target(view, zoom)))
    return png_bytes_quick(draw_board(view, layout=layout, colourblind=colourblind))


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold().strip()


def _zoom_target(view: dict, zoom: str) -> str | int:
    text = str(zoom).strip()
    for city in view["map"]["cities"]:
        if _fold(city["name"]) == _fold(text):
            return city["name"]
    numbers = {p["number"] for p in view["map"]["projects"]}
    if text.isdigit() and int(text) in numbers:
        return int(text)
    names = ", ".join(c["name"] for c in view["map"]["cities"])
    raise IllegalAction(f"{text[:40]!r} is not on the map: name a city ({names}) or a project number "
                        f"({min(numbers)}-{max(numbers)}).")


# ------------------------------------------------------------------ the private hand
def draw_hand(view: dict) -> Image.Image:
    """The viewing seat's four places: card (with its two actions), die, +1 tokens and Sum, the
    dice rolled and the cards still in hand. Reads only that seat's entry of its own view."""
    seat = view.get("you")
    if seat is None:
        raise ValueError("hand_png needs a seat's own view (view['you'] is None)")
    p = view["players"][seat]
    s = HAND_SCALE
    pen = Pen(COL, 900, s)
    y = 8
    pen.text(8, y, f"{p['name']}: your cards", TITLE, True)
    pen.text(COL - 8, y + 3, f"{p['coins']} coins", HEAD, True, INK, "ra")
    y += 28
    step = view["step"]
    phase = "" if step in ("payments", "over") else f", action phase {view['phase']}"
    pen.text(8, y, f"Round {view['round']}{phase}: {STEP_TEXT.get(step, step)}", BODY, False, MUTED)
    y += 24
    w = (COL - 16 - 8) / 2
    current = view.get("slot")
    cards = p["cards"]
    if step in ("payments", "over") and not any(c["card"] for c in cards):
        pen.text(8, y, "No cards on your board between action phases.", BODY, False, MUTED)
        cards, y = [], y + 24
    for row in range(0, len(cards), 2):
        pair = cards[row:row + 2]
        h = max(_hand_card_height(pen, w, c) for c in pair)
        for k, c in enumerate(pair):
            _hand_card(pen, 8 + k * (w + 8), y, w, h, c, step == "play" and c["slot"] == current)
        y += h + 8
    y += 2
    if p["dice"] and not any("die" in c for c in p["cards"]):
        x = pen.text(8, y + 4, "Your dice", BODY, True) + 8
        for k, n in enumerate(p["dice"]):
            pen.die(x + k * 30, y, 25, n)
        y += 34
    x = pen.text(8, y, "Tokens", BODY, True) + 8
    x = _token(pen, x, y - 1, "R", 10) + 4
    left = p.get("rerolls_left", p["reroll"])
    reroll = f"reroll {p['reroll']}" + (f" ({left} left)" if left != p["reroll"] else "")
    x = pen.text(x, y, reroll, BODY) + 14
    x = _token(pen, x, y - 1, "+1", 10) + 4
    pen.text(x, y, f"+1 tokens {p['plus_tokens']}", BODY)
    y += 26
    placed = [c["card"] for c in p["cards"] if c["card"]]
    left_cards = [c for c in p["hand"] if c not in placed]
    if left_cards and step not in ("over", "payments"):
        for line in pen.wrap("Not placed: " + ", ".join(card_name(c) for c in left_cards), COL - 16, BODY):
            pen.text(8, y, line, BODY)
            y += 20
    return pen.crop(y + 6)


def _hand_lines(pen: Pen, w: float, c: dict) -> list[tuple[str, bool]]:
    """A placed card's two actions as lines of text, each with whether its Sum reaches it."""
    info = action_cards().get(c["card"] or "", {})
    total = c.get("sum")
    lines: list[tuple[str, bool]] = []
    if info:
        for label, key, need in (("4+", "top", 4), ("7+", "bottom", 7)):
            reached = total is None or total >= need
            lines += [(line, reached) for line in pen.wrap(f"{label}: {info[key]}", w - 12, SMALL)]
    return lines


def _hand_card_height(pen: Pen, w: float, c: dict) -> float:
    return max(70.0, 30 + 17 * len(_hand_lines(pen, w, c)) + (34 if "die" in c else 6))


def _hand_card(pen: Pen, x: float, y: float, w: float, h: float, c: dict, now: bool) -> None:
    """One place of the hand, ``h`` tall."""
    card = c["card"]
    pen.rect((x, y, x + w, y + h), fill=WHITE, outline=GOLD if now else (150, 138, 110), width=2.5 if now else 1.2,
             radius=6)
    pen.circle(x + 16, y + 15, 12, fill=(70, 70, 70))
    pen.text(x + 16, y + 15.5, f"+{c['slot']}", SMALL, True, WHITE, "mm")
    if card:
        pen.text(x + 33, y + 6, card_name(card), BODY, True)
    else:
        pen.text(x + 33, y + 7, "not placed yet", BODY, False, MUTED)
    ty = y + 30
    for line, reached in _hand_lines(pen, w, c):
        pen.text(x + 6, ty, line, SMALL, False, INK if reached else FAINT)
        ty += 17
    if "die" in c:
        total = c["sum"]
        dy = y + h - 30
        pen.die(x + 6, dy, 24, c["die"])
        tx = x + 36
        for _ in range(c.get("plus", 0)):
            tx = _token(pen, tx, dy + 2, "+1", 10) + 3
        reach = "4+ and 7+" if total >= 7 else "4+" if total >= 4 else "below 4"
        pen.text(x + w - 8, dy + 12, f"Sum {total}", HEAD, True, INK, "rm")
        pen.text(tx + 4, dy + 12, reach, SMALL, False, MUTED, "lm")


def hand_png(view: dict) -> bytes:
    """PNG bytes of ``draw_hand``: the viewing seat's own placed cards, dice, +1 tokens and Sums."""
    return png_bytes_quick(draw_hand(view))
