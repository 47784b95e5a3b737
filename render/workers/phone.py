"""Railway Workers board, phone layout: about two phone screens tall (840 px wide, type that reads
when shown 400 px wide). The map with its site cards, and beside them, under the cards, the
market, the subsidy and investment tables and the Director's office; then the players as one
table (its headings once). The legend is left to the desktop layout.
"""
from __future__ import annotations

from PIL import Image

from ..hexes import BACKGROUND, INK
from ..panel import owner_colour
from .blocks import (
    draw_token,
    final_block,
    header_block,
    investment_block,
    office_block,
    places,
    subsidy_block,
)
from .country import map_block
from .style import (
    ACTIVE,
    BODY,
    CARD_X,
    GOLD,
    HEAD,
    KINDS,
    MUTED,
    PAPER,
    PHONE_WIDTH,
    SMALL,
    TILE,
    WHITE,
    Pen,
    check,
    disc,
    kind_chip,
    meeple,
    seat_name,
    tile,
)

PHONE_SCALE = 1.65              # logical px to image px: SMALL type is 10 px when shown 400 px wide
PHONE_COL = PHONE_WIDTH / PHONE_SCALE
SIDE_W = PHONE_COL - CARD_X + 4  # the column beside the map strip


def draw_phone(view: dict, letters: bool) -> Image.Image:
    """The whole board in the phone layout (see the module's docstring)."""
    s, width = PHONE_SCALE, PHONE_COL
    side = (market_side(view, s, SIDE_W), subsidy_block(view, s, SIDE_W, 6),
            investment_block(view, s, letters, SIDE_W, 6))
    if not view.get("final"):
        side += (office_block(view, s, SIDE_W),)
    parts = [header_block(view, s, letters, width)]
    if view.get("final"):
        parts.append(final_block(view, s, letters, width))
    parts += [map_block(view, s, letters, None, width, side), players_table(view, s, letters, width)]
    img = Image.new("RGB", (PHONE_WIDTH, sum(p.height for p in parts)), BACKGROUND)
    y = 0
    for part in parts:
        img.paste(part, (0, y))
        y += part.height
    return img


def market_side(view: dict, s: float, width: float) -> Image.Image:
    """The market in a narrow column: each table's price (black side: the first buyer's), the
    tokens left and the projects in the pile."""
    pen = Pen(width, 120, s)
    pen.text(8, 4, "Market", HEAD, True)
    pen.text(width - 8, 6, "black: first buyer", SMALL, False, MUTED, "ra")
    y = 28
    w = (width - 16) / 3
    for i, kind in enumerate(KINDS):
        m = view["market"][kind]
        bx = 8 + i * w
        kind_chip(pen, bx, y, 22, kind)
        black = m["side"] == "black"
        pen.rect((bx + 28, y - 2, bx + 58, y + 24), fill=(25, 25, 25) if black else WHITE, outline=INK, width=1.5,
                 radius=4)
        pen.text(bx + 43, y + 11, str(m["price"]), HEAD, True, WHITE if black else INK, "mm")
    y += 32
    tokens = view["tokens"]
    x = pen.text(8, y, "Tokens", BODY, False, MUTED) + 6
    x = draw_token(pen, x, y - 1, "R") + 4
    x = pen.text(x, y, str(tokens.get("reroll", 0)), BODY, True) + 10
    x = draw_token(pen, x, y - 1, "+1") + 4
    x = pen.text(x, y, str(tokens.get("plus", 0)), BODY, True) + 10
    pen.text(width - 8, y, f"pile {view['projects_left']}", BODY, False, INK, "ra")
    return pen.crop(y + 24)


# the players' table: (heading, width) of each column after the name
COLUMNS = [("coins", 44), ("U", 24), ("F", 24), ("H", 24), ("S", 24), ("S", 34), ("P", 24), ("T", 34),
           ("Dir", 28), ("R", 26), ("+1", 26), ("S", 22), ("P", 22), ("T", 22), ("Inv", 28)]


def players_table(view: dict, s: float, letters: bool, width: float) -> Image.Image:
    """Every player's board as one table row (headings once): coins; workers in the Union,
    Facilities, Houses and at Sites; stock of structures, plans and tracks; directors; reroll
    and +1 tokens; reward tiles; investment step. Under each row, during an action phase, that
    player's four places."""
    players = view["players"]
    pen = Pen(width, 60 + 90 * len(players), s)
    name_w = width - 16 - sum(w for _, w in COLUMNS)
    xs, x = [], 8 + name_w
    for _, w in COLUMNS:
        xs.append(x)
        x += w
    pen.text(8, 6, "Players", HEAD, True)
    groups = [("workers", 1, 4), ("stock", 5, 7), ("tiles", 11, 13)]
    for label, a, b in groups:
        pen.text((xs[a] + xs[b] + COLUMNS[b][1]) / 2, 6, label, SMALL, True, MUTED, "ma")
        pen.line([(xs[a] + 2, 22), (xs[b] + COLUMNS[b][1] - 2, 22)], MUTED, 1)
    y = 26
    for i, (head, w) in enumerate(COLUMNS):
        cx = xs[i] + w / 2
        if i in (5, 6, 7):
            kind_chip(pen, cx - 8, y, 16, KINDS[i - 5])
        elif i in (11, 12, 13):
            tile(pen, cx - 8, y, 16, KINDS[i - 11])
        elif head in ("R", "+1"):
            draw_token(pen, cx - 8, y, head, 8)
        elif i in (1, 2, 3, 4):
            pen.text(cx, y + 2, head, SMALL, True, MUTED, "ma")
        else:
            pen.text(cx, y + 2, head, SMALL, True, MUTED, "ma")
    meeple(pen, xs[1] - 8, y, 15, None)
    y += 22
    turn, q = view.get("turn"), view.get("question")
    for p in players:
        seat = p["seat"]
        active = (q is not None and q["seat"] == seat) or (q is None and turn is not None and turn["seat"] == seat)
        top = y
        rows = _places_height(view, p)
        pen.rect((4, top, width - 4, top + 26 + rows), fill=ACTIVE if active else PAPER,
                 outline=GOLD if active else owner_colour(seat), width=2.5 if active else 2, radius=5)
        disc(pen, 16, y + 13, 7, seat, letters)
        name = seat_name(view, seat, letters)
        ready = view["step"] in ("place", "assign") and p["ready"]
        room = name_w - 24 - (16 if p["baton"] else 0) - (14 if ready else 0)
        while pen.width(name, BODY, True) > room and len(name) > 3:
            name = name[:-2] + "…"
        x = pen.text(27, y + 5, name, BODY, True) + 3
        if p["baton"]:
            pen.rect((x, y + 5, x + 13, y + 21), fill=(60, 60, 60), radius=3)
            pen.text(x + 6.5, y + 13.5, "B", SMALL, True, WHITE, "mm")
            x += 16
        if ready:
            check(pen, x, y + 7, 11)
        w = p["workers"]
        fac = p["facilities"]
        cells = [str(p["coins"]), w.get("union", 0), w.get("facilities", 0), w.get("houses", 0),
                 w.get("warehouses", 0), f"{fac.get('structures', 0)}/{3 if p.get('shed') else 2}",
                 fac.get("plans", 0), f"{fac.get('tracks', 0)}/{3 if p.get('shed') else 2}", p["directors"],
                 p["reroll"], p["plus_tokens"], *(p["tiles"].get(TILE[k], 0) for k in KINDS), p["step"]]
        for i, value in enumerate(cells):
            text = str(value)
            bold = i == 0 or (text not in ("0", "0/2", "0/3"))
            pen.text(xs[i] + COLUMNS[i][1] / 2, y + 5, text, HEAD if i == 0 else BODY, bold,
                     INK if bold else MUTED, "ma")
        y += 26
        if rows:
            y = places(pen, view, p, 12, y, width - 24) + 2
        y += 6
    pen.text(8, y, "Workers: Union, Facilities, Houses, Sites · B: Baton" +
             (" · ready: ticked" if view["step"] in ("place", "assign") else "") + " · Inv: coins per share",
             SMALL, False, MUTED)
    return pen.crop(y + 22)


def _places_height(view: dict, p: dict) -> float:
    """How tall a player's four places are under their row (0 between the action phases)."""
    if not any(c["card"] or "die" in c for c in p["cards"]):     # nothing face up yet: the ticks say who is ready
        return 0
    return (46 if any("die" in c for c in p["cards"]) else 25) + 8
