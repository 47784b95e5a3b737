"""Railway Workers board: the country map (cities at their latitude and longitude, projects,
routes, trains) and the construction site cards beside it.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from ..hexes import INK, font
from .style import (
    BADGE_R,
    BLOCKED,
    BODY,
    CARD_W,
    CARD_X,
    CITY_R,
    COAST,
    COL,
    FAINT,
    GOLD,
    KINDS,
    LAND,
    MAP_H,
    MAP_STRIP,
    MUTED,
    PAPER,
    PILE_LINE,
    RAIL,
    SEA,
    SITE_BADGE,
    SITE_LINE,
    SMALL,
    TABLE_COLOUR,
    WHITE,
    Pen,
    cube,
    disc,
    kind_chip,
    meeple,
    tile,
    train,
)

TRAIN = 12                     # a train token's size on the map


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
def geometry(cities, projects) -> Geometry:
    """Where the map's cities and projects sit (kept per map: ``cities`` and ``projects`` from ``map_keys``)."""
    return Geometry(cities, projects)


@lru_cache(maxsize=8)
def _map_base(cities, projects, s: float) -> Image.Image:
    """The sea, the land around the cities and the north arrow (static)."""
    g = geometry(cities, projects)
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


def dashed(pen: Pen, a, b, fill, width: float, dash: float = 7, gap: float = 5) -> None:
    """A dashed line from ``a`` to ``b`` (pixel points): ``dash`` drawn, ``gap`` left, ``width`` wide."""
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


def map_keys(view: dict):
    """The view's cities ``(name, lat, lon)`` and projects as hashable tuples (the key of ``geometry``)."""
    cities = tuple((c["name"], c["lat"], c["lon"]) for c in view["map"]["cities"])
    projects = tuple((p["number"], *p["between"]) for p in view["map"]["projects"])
    return cities, projects


def map_block(view: dict, s: float, letters: bool, mark: str | int | None = None, width: float = COL,
              side: tuple[Image.Image, ...] = ()) -> Image.Image:
    """The map and the site cards beside it; ``mark``: a city or a project number to ring.
    ``width``: the block's (the cards take what the map strip leaves); ``side``: panels drawn at
    scale ``s`` stacked under the cards, in the same column."""
    card_w = width - CARD_X - 4
    cities, projects = map_keys(view)
    g = geometry(cities, projects)
    base = _map_base(cities, projects, s)
    status = _status(view)
    between = {p["number"]: tuple(p["between"]) for p in view["map"]["projects"]}
    mids = g.badges

    cards = [(mids[site["number"]][1], site, _site_card(view, site, s, letters, card_w)) for site in view["sites"]]
    cards.sort(key=lambda c: c[0])
    tops, bottom = _stack([(0 if side else y, img.height / s) for y, _, img in cards])   # packed with panels
    side_top = bottom + 8 if cards else 4
    bottom = side_top + sum(img.height / s + 6 for img in side)
    height = max(MAP_H, bottom + 6)
    pen = Pen(width, height, s)
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
            dashed(pen, pa, pb, SITE_LINE, 4, 8, 5)
        elif st == "pile":
            dashed(pen, pa, pb, PILE_LINE, 2.5, 5, 5)
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
    _trains(pen, view, MAP_H)
    if mark is not None:
        x, y = g.xy[mark] if isinstance(mark, str) else mids[mark]
        r = CITY_R + 6 if isinstance(mark, str) else BADGE_R + 5
        pen.circle(x, y, r + 1.5, outline=INK, width=5)
        pen.circle(x, y, r, outline=GOLD, width=3)
    for top, (_, _, img) in zip(tops, cards):
        pen.paste(img, CARD_X, top)
    for img in side:
        pen.paste(img, CARD_X - 4, side_top)
        side_top += img.height / s + 6
    return pen.img


def _token_box(x: float, y: float, angle: float | None, size: float = TRAIN) -> tuple[float, float, float, float]:
    """The box a train token drawn at ``(x, y)`` covers (``train`` in ``style``), its outline included."""
    if angle is None:
        pts = [(-size, -size * 0.62), (size, size * 0.62)]
    else:
        half, tip = size * 0.62, size * 1.45
        local = [(-size, -half), (size * 0.55, -half), (tip, 0), (size * 0.55, half), (-size, half)]
        ca, sa = math.cos(angle), math.sin(angle)
        pts = [(x0 * ca - y0 * sa, x0 * sa + y0 * ca) for x0, y0 in local]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return x + min(xs) - 1.5, y + min(ys) - 1.5, x + max(xs) + 1.5, y + max(ys) + 1.5


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _angle(t: dict, g: Geometry, between: dict) -> float | None:
    """The way a train points: along the project it faces, or on from the one it came by."""
    x, y = g.xy[t["city"]]
    for key, sign in (("facing", 1), ("came", -1)):
        if t.get(key) in between:
            a, b = between[t[key]]
            ox, oy = g.xy[b if t["city"] == a else a]
            return math.atan2(sign * (oy - y), sign * (ox - x))
    return None


def train_layout(view: dict, height: float = MAP_H) -> list[tuple[dict, float, float, float | None, tuple]]:
    """Where each train token goes on the map: ``(train, x, y, angle, box)`` in logical px.

    A token sits beside its city, on the line it faces when that is free, else turned around the
    city, further out for a pile (a thin line leads back to the city). It never covers a city's
    name, a city or another token and never leaves the map strip (``height`` tall)."""
    cities, projects = map_keys(view)
    g = geometry(cities, projects)
    between = {p["number"]: tuple(p["between"]) for p in view["map"]["projects"]}
    segments = g.segments()
    city_boxes = [(cx - CITY_R - 1, cy - CITY_R - 1, cx + CITY_R + 1, cy + CITY_R + 1) for cx, cy in g.xy.values()]
    hard = list(g.label_boxes) + city_boxes
    out = []
    for t in view["trains"]:
        x, y = g.xy[t["city"]]
        angle = _angle(t, g, between)
        base = angle if angle is not None else -math.pi / 4
        best = None
        for dist in (23, 31, 40, 50, 61, 73):
            for k in range(24):
                turn = (k + 1) // 2 * (math.pi / 12) * (1 if k % 2 else -1)
                tx, ty = x + math.cos(base + turn) * dist, y + math.sin(base + turn) * dist
                box = _token_box(tx, ty, angle)
                if box[0] < 4 or box[2] > MAP_STRIP - 2 or box[1] < 4 or box[3] > height - 4:
                    continue
                if any(_overlap(box, o) for o in hard):
                    continue
                cost = abs(turn) * 6 + (dist - 23) * 1.5
                cost += 60 * sum(_box_near(box, bx, by, BADGE_R) for bx, by in g.badges.values())
                if turn:
                    for (ax, ay), (bx, by) in segments:
                        cost += 4 * sum(_box_near(box, ax + (bx - ax) * i / 10, ay + (by - ay) * i / 10, 2)
                                        for i in range(11))
                if best is None or cost < best[0]:
                    best = (cost, tx, ty, box)
        if best is None:                       # no free spot at all: beside the city, on top
            best = (0, x, y - 2 * TRAIN, _token_box(x, y - 2 * TRAIN, angle))
        out.append((t, best[1], best[2], angle, best[3]))
        hard.append(best[3])
    return out


def _trains(pen: Pen, view: dict, height: float) -> None:
    """Each train beside its city (``train_layout``), far ones led back to it by a thin line."""
    placed = train_layout(view, height)
    g = geometry(*map_keys(view))
    for t, tx, ty, _, _ in placed:
        x, y = g.xy[t["city"]]
        if math.hypot(tx - x, ty - y) > 32:
            pen.line([(x, y), (tx, ty)], (90, 90, 90), 1.2)
    for t, tx, ty, angle, _ in placed:
        train(pen, tx, ty, t["id"], t["black"], angle, TRAIN)


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


def _site_card(view: dict, site: dict, s: float, letters: bool, card_w: float = CARD_W) -> Image.Image:
    """One construction site (its three tables, warehouses and shares) or a route (its shares)."""
    pen = Pen(card_w, 220, s, PAPER)
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
        sx = card_w - 6 - need
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
            y = _table_row(pen, y, kind, site["tables"][kind], site["warehouses"].get(kind), letters, card_w)
        h = y + 3
    pen.rect((0, 0, card_w - 1, h), outline=(150, 138, 110), width=1.2, radius=5)
    return pen.crop(h + 1)


SQ, PITCH = 19, 22


def _table_row(pen: Pen, y: float, kind: str, table: dict, house: dict | None, letters: bool,
               card_w: float = CARD_W) -> float:
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
            if x + need > card_w - 4 and x > tx + SQ + 8:
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
