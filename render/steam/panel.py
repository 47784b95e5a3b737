"""Steam's side panel: the turn, the phase and who acts, the turn order, the players, the action
tiles, the goods supply spaces and New City tiles, pending income/VP choices and a legend.

Drawn in logical pixels (``PANEL_WIDTH`` wide) times a scale: 1 on a desktop, larger on a phone.
Type comes from cached masks (``panel.paste_text``): most words repeat from turn to turn.
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from ..hexes import BACKGROUND, CUBE_FILL, INK, draw_cube
from ..panel import OWNER_NAME, owner_colour, paste_text, text_width
from .hexmap import CUBE_LETTERS, owner_label, rounded_box, text_on

PANEL_WIDTH = 440
SMALL, BODY, HEAD, TITLE = 13, 15, 17, 22
PAPER, ACTIVE, OUT = (250, 248, 240), (255, 246, 205), (205, 200, 190)
MUTED = (105, 98, 82)
PHASES = {"auction": "Auction for the first turn's order", "capital": "Raise capital",
          "order": "Auction for the turn order", "select": "Choose action tiles", "build": "Build track",
          "move": "Move goods", "score": "Track points: income or VP", "over": "Game over"}


class Pen:
    """Drawing in logical pixels on an image ``scale`` times larger."""

    def __init__(self, width: int, height: int, scale: float):
        self.s = scale
        self.img = Image.new("RGB", (round(width * scale), round(height * scale)), BACKGROUND)
        self.d = ImageDraw.Draw(self.img)

    def px(self, v: float) -> int:
        return max(1, round(v * self.s))

    def width(self, text: str, size: float = BODY, bold: bool = False) -> float:
        return text_width(text, self.px(size), bold) / self.s

    def text(self, x: float, y: float, text: str, size: float = BODY, bold: bool = False, fill=INK,
             anchor: str = "la") -> float:
        paste_text(self.img, x * self.s, y * self.s, text, self.px(size), bold, fill, anchor)
        return x + self.width(text, size, bold)

    def fit(self, text: str, room: float, size: float = BODY, bold: bool = False) -> str:
        """``text`` cut with an ellipsis to fit ``room`` logical px."""
        if self.width(text, size, bold) <= room:
            return text
        while text and self.width(text + "…", size, bold) > room:
            text = text[:-1]
        return text + "…"

    def shrink(self, text: str, room: float, size: float = BODY, bold: bool = False) -> tuple[str, float]:
        """``(text, size)``: ``text`` in type from ``size`` down to four fifths of it so that it fits
        ``room`` logical px, cut with an ellipsis only if even that is too wide."""
        for k in range(8, -1, -1):
            smaller = size * (0.8 + 0.025 * k)
            if self.width(text, smaller, bold) <= room:
                return text, smaller
        return self.fit(text, room, size * 0.8, bold), size * 0.8

    def rect(self, box, fill=None, outline=None, width: float = 1, radius: float = 0) -> None:
        b = [v * self.s for v in box]
        w = self.px(width) if outline else 0
        if radius:
            rounded_box(self.d, b, radius * self.s, fill=fill, outline=outline, width=w)
        else:
            self.d.rectangle(b, fill=fill, outline=outline, width=w)

    def dot(self, cx: float, cy: float, r: float, fill, outline=INK) -> None:
        s = self.s
        self.d.ellipse(((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s), fill=fill, outline=outline,
                       width=self.px(1))

    def cube(self, x: float, y: float, colour: str, size: float, letters: bool) -> None:
        draw_cube(self.d, x * self.s, y * self.s, colour, self.px(size), letters, CUBE_LETTERS)


def money(v: int) -> str:
    return f"-${-v}" if v < 0 else f"${v}"


def who(view: dict, seat: int | None, letters: bool) -> str:
    if seat is None:
        return "nobody"
    name = view["players"][seat]["name"]
    return f"{name} ({OWNER_NAME[seat % len(OWNER_NAME)]})" if letters else name


def short_names(view: dict) -> list[str]:
    """Each player's first name (the name's first word) where no one else's starts the same way,
    else the whole name: for the turn order's one line."""
    names = [p["name"] for p in view["players"]]
    firsts = [n.split()[0] if n.split() else n for n in names]
    return [f if firsts.count(f) == 1 else n for f, n in zip(firsts, names)]


def acting(view: dict) -> set[int]:
    """The seats whose move it is (several while choosing capital or income/VP)."""
    seats = {view["actor"]} if view.get("actor") is not None else set()
    if view["phase"] == "build" and view["build"]:
        seats.add(view["build"]["seat"])
    if view["phase"] == "capital" and view["capital"]:
        seats |= set(view["capital"])
    if view["phase"] == "score" and view["scoring"]:
        seats |= set(view["scoring"]["waiting"])
    return seats


def status(view: dict, letters: bool) -> list[str]:
    """The phase in words and who acts: one to three short lines."""
    phase = view["phase"]
    actor = view.get("actor")
    lines = [PHASES.get(phase, phase)]
    if phase == "auction" and view["auction"]:
        a = view["auction"]
        high = f"${a['high']} by {who(view, a['high_seat'], letters)}" if a["high_seat"] is not None else "no bid"
        lines = [f"Auction for place {a['place']} in the order", f"High bid: {high}"]
    elif phase == "order" and view["bidding"]:
        a = view["bidding"]
        high = f"${a['high']} by {who(view, a['high_seat'], letters)}" if a["high_seat"] is not None else "no bid"
        lines.append(f"High bid: {high}")
        bids = [(int(k), v) for k, v in (a.get("bids") or {}).items() if v]
        if bids:
            lines.append("Bids: " + ", ".join(f"{who(view, k, letters)} ${v}" for k, v in bids))
        if a["dropped"]:
            lines.append("Dropped out: " + ", ".join(who(view, s, letters) for s in a["dropped"]))
    elif phase == "capital" and view["capital"] is not None:
        lines.append("Waiting for " + ", ".join(who(view, s, letters) for s in view["capital"]))
    elif phase == "build" and view["build"]:
        b = view["build"]
        todo = {"city-growth": "City Growth", "urbanization": "Urbanization", "production": "Production"}
        lines.append(f"{who(view, b['seat'], letters)} builds: {b['laid']} of {b['limit']} tiles laid")
        if b["todo"]:
            lines.append("Still to use: " + ", ".join(todo.get(t, t) for t in b["todo"]))
    elif phase == "move" and view["move"]:
        lines[0] = f"Move goods, round {view['move']['round']} of 2"
    elif phase == "score" and view["scoring"]:
        sc = view["scoring"]
        lines.append("Track points: " + ", ".join(f"{who(view, int(k), letters)} {v}" for k, v in sc["points"].items()))
        lines.append("Choosing: " + ", ".join(who(view, s, letters) for s in sc["waiting"]))
    elif phase == "over" and view.get("final"):
        lines = ["Game over: final scores"]
        for row in view["final"]:
            out = " (bankrupt)" if row["out"] else ""
            lines.append(f"{row['rank']}. {who(view, row['seat'], letters)} {row['score']} "
                         f"({row['vp']} VP {row['income_vp']:+d} income {row['links']:+d} links){out}")
    doing = {"auction": "to bid", "order": "to bid", "select": "to choose a tile", "move": "to move goods"}
    if actor is not None and phase in doing:
        lines.append(f"{who(view, actor, letters)} {doing[phase]}")
    return lines


def draw_panel(view: dict, scale: float, letters: bool, supply_names: dict[str, str], parts: bool = False
               ) -> Image.Image:
    """The panel, ``PANEL_WIDTH`` logical px wide, cut to its height. ``supply_names``: the cities
    of each numbered goods supply space. ``parts``: without the goods supply and the legend
    (``lower_parts`` draws them, to go under the map)."""
    p = Pen(PANEL_WIDTH, 1800, scale)
    x, right = 16, PANEL_WIDTH - 14
    y = 12
    p.text(x, y, f"Steam · {view['map_name']}", TITLE, bold=True)
    y += 32
    game = "standard game" if view["options"].get("standard") else "base game"
    p.text(x, y, f"Turn {view['turn']} of {view['turns']} · {game}", BODY)
    y += 26
    lines = status(view, letters)
    p.rect((x - 6, y - 4, right, y + 6 + 22 * len(lines)), fill=ACTIVE, outline=INK, width=1, radius=6)
    for i, line in enumerate(lines):
        text, size = p.shrink(line, right - x - 12, BODY, i == 0)
        p.text(x + 4, y + 2 + 22 * i + (BODY - size) / 2, text, size, bold=i == 0)
    y += 22 * len(lines) + 18
    y = players(p, view, x, y, right, letters)
    y = action_tiles(p, view, x, y + 4, right, letters)
    if not parts:
        y = supply(p, view, x, y + 8, right, letters, supply_names)
        y = legend(p, x, y + 10, owner_label(view, 0) if letters else "")
    return p.img.crop((0, 0, p.img.width, p.px(y + 10)))


def lower_parts(view: dict, scale: float, letters: bool, supply_names: dict[str, str]) -> list[Image.Image]:
    """The goods supply and the legend, each as its own image ``PANEL_WIDTH`` logical px wide, to
    lay under a wide map beside each other (``draw_panel(..., parts=True)`` leaves them out)."""
    x, right = 16, PANEL_WIDTH - 14
    p = Pen(PANEL_WIDTH, 400, scale)
    y = supply(p, view, x, 10, right, letters, supply_names)
    q = Pen(PANEL_WIDTH, 400, scale)
    z = legend(q, x, 10, owner_label(view, 0) if letters else "")
    return [p.img.crop((0, 0, p.img.width, p.px(y + 6))), q.img.crop((0, 0, q.img.width, q.px(z + 6)))]


def players(p: Pen, view: dict, x: float, y: float, right: float, letters: bool) -> float:
    order = [s for s in view["order"] if 0 <= s < len(view["players"]) and not view["players"][s]["out"]]
    seats = order + [s for s in range(len(view["players"])) if s not in order]
    if order:
        p.text(x, y, "Turn order", HEAD, bold=True)
        tx = x + p.width("Turn order", HEAD, True) + 12
        short = short_names(view)
        for i, seat in enumerate(order):
            item = p.fit(short[seat], 90, SMALL)
            if tx + 16 + p.width(item, SMALL) > right:
                break
            p.dot(tx + 6, y + 11, 6, owner_colour(seat))
            tx = p.text(tx + 15, y + 3, item, SMALL) + 6
            if i < len(order) - 1:
                tx = p.text(tx, y + 1, "›", BODY, bold=True) + 6
        y += 30
    scoring = (view.get("scoring") or {}).get("points", {})
    for seat in seats:
        pl = view["players"][seat]
        active = seat in acting(view)
        out = pl["out"]
        p.rect((x - 7, y - 5, right + 1, y + 69), outline=INK, width=1)
        p.rect((x - 6, y - 4, right, y + 68), fill=OUT if out else ACTIVE if active else PAPER,
               outline=owner_colour(seat), width=3)
        p.dot(x + 7, y + 10, 7, owner_colour(seat))
        name = pl["name"] + (f" ({owner_label(view, seat)}, {OWNER_NAME[seat % len(OWNER_NAME)]})" if letters else "")
        points = scoring.get(str(seat))
        tag = "bankrupt, out" if out else "" if points is None else \
            f"{points} track point{'s' if points != 1 else ''}: income or VP?"
        text, size = p.shrink(name, right - x - 70 - p.width(tag, SMALL), BODY, True)
        p.text(x + 20, y + (BODY - size) / 2, text, size, bold=True)
        p.text(right - 40 - p.width(tag, SMALL), y + 2, tag, SMALL, fill=MUTED)
        if active:
            t = right - 22
            p.d.polygon([(t * p.s, (y + 2) * p.s), (t * p.s, (y + 18) * p.s), ((t + 14) * p.s, (y + 10) * p.s)],
                        fill=INK)
        p.text(x, y + 23, f"Cash {money(pl['cash'])}    Income {money(pl['income'])}    {pl['vp']} VP    "
                          f"Links {pl['links']}", BODY)
        p.text(x, y + 46, "Loco", SMALL)
        for k in range(6):
            bx = x + 36 + k * 13
            p.rect((bx, y + 47, bx + 10, y + 60), fill=INK if k < pl["loco"] else PAPER, outline=INK)
        p.text(x + 36 + 6 * 13 + 4, y + 46, str(pl["loco"]), SMALL, bold=True)
        tile = pl.get("tile_name") or "—"
        if pl.get("passed_tile") and pl.get("tile"):
            tile += " (pass option)"
        p.text(x + 140, y + 46, p.fit(f"Tile: {tile}", right - x - 150, SMALL), SMALL)
        y += 80
    return y


def action_tiles(p: Pen, view: dict, x: float, y: float, right: float, letters: bool) -> float:
    p.text(x, y, "Action tiles", HEAD, bold=True)
    p.text(right, y + 3, "value · name · cost · taken by", SMALL, fill=MUTED, anchor="ra")
    y += 26
    for t in view["action_tiles"]:
        holder = t["holder"]
        fill = PAPER if holder is None else OUT
        p.rect((x - 2, y - 2, right, y + 19), fill=fill)
        p.dot(x + 9, y + 8.5, 9, (255, 255, 255))
        p.text(x + 9, y + 9, str(t["value"]), SMALL, bold=True, anchor="mm")
        p.text(x + 24, y + 1, t["name"], BODY, bold=holder is None)
        p.text(x + 152, y + 1, f"${t['cost']}" + (" or pass" if t["pass_option"] else ""), SMALL, fill=MUTED)
        if holder is not None:
            pl = view["players"][holder]
            p.dot(x + 244, y + 9, 6, owner_colour(holder))
            label = short_names(view)[holder] + (f" ({OWNER_NAME[holder % len(OWNER_NAME)]})" if letters else "") \
                + (" (passed)" if pl.get("passed_tile") else "")
            text, size = p.shrink(label, right - x - 258, SMALL)
            p.text(x + 254, y + 1 + (SMALL - size) / 2, text, size)
        y += 23
    return y


def supply(p: Pen, view: dict, x: float, y: float, right: float, letters: bool,
           supply_names: dict[str, str]) -> float:
    """The goods supply spaces: 1-12 (with their cities), then A-H (with New City tiles left)."""
    p.text(x, y, "Goods supply", HEAD, bold=True)
    p.text(right, y + 3, f"bag: {view['bag']} cubes", SMALL, fill=MUTED, anchor="ra")
    y += 26
    cube = 11
    left = {t["letter"]: t["colour"] for t in view["new_cities"]}
    rows = [[str(i) for i in range(1, 7)], [str(i) for i in range(7, 13)], list("ABCDEFGH")]
    for row in rows:
        w = (right - x + 6) / len(row)
        for i, space in enumerate(row):
            bx = x - 6 + i * w
            box = (bx + 2, y, bx + w - 2, y + 46)
            p.rect(box, fill=PAPER, outline=MUTED, width=1, radius=4)
            if space in left:            # a New City tile still there: its letter on its colour
                colour = CUBE_FILL[left[space]]
                p.rect((bx + 4, y + 2, bx + 20, y + 18), fill=colour, outline=INK, radius=3)
                p.text(bx + 12, y + 10.5, space, SMALL, bold=True, fill=text_on(colour), anchor="mm")
            else:
                p.text(bx + 12, y + 10.5, space, SMALL, bold=True, fill=MUTED if space.isalpha() else INK,
                       anchor="mm")
            if space in supply_names:
                p.text(bx + 22, y + 4, p.fit(supply_names[space], w - 26, 11), 11, fill=MUTED)
            cubes = view["supply"].get(space, [])
            cx = bx + w / 2 - len(cubes) * (cube + 3) / 2 + 1.5
            for k, colour in enumerate(cubes):
                p.cube(cx + k * (cube + 3), y + 26, colour, cube, letters)
        y += 52
    tiles = " ".join(t["letter"] for t in view["new_cities"])
    p.text(x, y, p.fit(f"New City tiles left: {tiles or 'none'}", right - x, SMALL), SMALL)
    return y + 22


def legend(p: Pen, x: float, y: float, label: str) -> float:
    """What the marks on the map mean; ``label`` (colour-blind mode): the first seat's letters,
    shown on the sample link badge."""
    letters = bool(label)
    p.text(x, y, "Legend", HEAD, bold=True)
    y += 26
    colour = owner_colour(0)
    for kind in range(4):
        tx, mid = x + 30, y + 8
        if kind == 0:
            p.d.line([(x * p.s, mid * p.s), ((x + 22) * p.s, mid * p.s)], fill=INK, width=p.px(9))
            p.d.line([(x * p.s, mid * p.s), ((x + 22) * p.s, mid * p.s)], fill=colour, width=p.px(5))
            text = "Track in its owner's colour; gray: nobody's"
        elif kind == 1:
            for a in (x, x + 14):
                p.d.line([(a * p.s, mid * p.s), ((a + 8) * p.s, mid * p.s)], fill=INK, width=p.px(9))
                p.d.line([(a * p.s, mid * p.s), ((a + 8) * p.s, mid * p.s)], fill=colour, width=p.px(5))
            p.dot(x + 26, mid, 6, colour)
            text = "Dashed: an unfinished link; disc: its open end"
            tx += 8
        elif kind == 2:
            p.rect((x, mid - 9, x + 26, mid + 9), fill=colour, outline=INK, radius=9)
            p.text(x + 13, mid + 0.5, (label + ":" if letters else "") + "3", SMALL, bold=True, anchor="mm")
            text = "Link number (for deliveries), owner's colour"
        else:
            p.dot(x + 9, mid, 8, (255, 255, 255))
            p.text(x + 9, mid + 0.5, "5", SMALL, bold=True, anchor="mm")
            p.d.polygon([((x + 25) * p.s, (mid - 7) * p.s), ((x + 32) * p.s, (mid + 6) * p.s),
                         ((x + 18) * p.s, (mid + 6) * p.s)], fill=(255, 255, 255), outline=INK)
            text = "City: its goods supply space; City Growth marker"
            tx += 10
        p.text(tx, y, text, SMALL)
        y += 22
    p.text(x, y, "Hills +$2, river (wavy blue) +$1; thick black side: no track", SMALL)
    y += 22
    if letters:
        named = ", ".join(f"{CUBE_LETTERS[c]} {c}" for c in ("red", "yellow", "blue", "purple", "gray"))
        p.text(x, y, f"Cubes: {named}", SMALL)
        y += 22
    return y
