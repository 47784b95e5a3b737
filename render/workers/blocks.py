"""Railway Workers board: the blocks around the map: the header (round, phase, whose turn), the
final score, the market, the Director's office, the investment and subsidy tables, the players'
boards and the legend.
"""
from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from ..hexes import INK
from ..panel import owner_colour, owner_letter, owner_name
from .country import dashed
from .style import (
    ACTIVE,
    BLOCKED,
    BODY,
    COL,
    GOLD,
    HEAD,
    KINDS,
    MUTED,
    PAPER,
    PILE_LINE,
    QUESTION,
    RAIL,
    SITE_LINE,
    SMALL,
    STEP_TEXT,
    TILE,
    TITLE,
    WHITE,
    Pen,
    card_back,
    card_name,
    check,
    cube,
    disc,
    kind_chip,
    meeple,
    seat_name,
    tile,
    train,
)


# ------------------------------------------------------------------ the panels
def _title(pen: Pen, y: float, text: str, right: str = "", width: float = COL) -> float:
    pen.text(8, y, text, HEAD, True)
    if right:
        pen.text(width - 8, y + 2, right, SMALL, False, MUTED, "ra")
    return y + 24


def header_block(view: dict, s: float, letters: bool, width: float = COL) -> Image.Image:
    """The round, phase and step, the turn order, whose turn it is and any question asked."""
    pen = Pen(width, 400, s)
    y = 8
    pen.text(8, y, "Railway Workers", TITLE, True)
    step = view["step"]
    phase = "" if step in ("payments", "over") else f" · action phase {view['phase']}"
    pen.text(width - 8, y + 3, f"Round {view['round']} of {view['rounds']}{phase}", HEAD, True, INK, "ra")
    y += 30
    what = STEP_TEXT.get(step, step)
    if step == "play" and view.get("slot") is not None:
        what = f"cards under +{view['slot']} revealed"
    pen.text(8, y, what[:1].upper() + what[1:], BODY)
    y += 22
    players = view["players"]
    if step in ("place", "assign"):
        waiting = [seat_name(view, p["seat"], letters) for p in players if not p["ready"]]
        if waiting:
            for line in pen.wrap("Waiting for: " + ", ".join(waiting), width - 16, BODY):
                pen.text(8, y, line, BODY)
                y += 20
    turn = view.get("turn")
    if view.get("order"):
        x = pen.text(8, y + 1, "Turn order (Sum):", BODY, False, MUTED) + 6
        for seat in view["order"]:
            entry = players[seat]["cards"][[1, 2, 3, 6].index(view["slot"])] if view.get("slot") in (1, 2, 3, 6) \
                else {}
            label = f"{seat_name(view, seat, letters)} {entry.get('sum', '')}".strip()
            w = pen.width(label, BODY, True) + 24
            if x + w > width - 6:
                x, y = 8, y + 24
            now = turn is not None and turn["seat"] == seat
            if now:
                pen.rect((x - 2, y - 2, x + w + 2, y + 20), fill=ACTIVE, outline=GOLD, width=2, radius=4)
            disc(pen, x + 8, y + 9, 6.5, seat, letters)
            pen.text(x + 18, y + 1, label, BODY, now)
            x += w + 8
        y += 26
    if turn is not None:
        text = f"Now: {seat_name(view, turn['seat'], letters)} plays {card_name(turn['card'])} (Sum {turn['sum']})"
        if turn.get("passed"):
            text += ", passed"
        else:
            done = [h for h, k in (("4+", "top"), ("7+", "bottom")) if turn.get(k)]
            if done:
                text += ": " + " and ".join(done) + " done"
        if turn.get("command"):
            text += f"; used command {turn['command']}"
        for line in pen.wrap(text, width - 16, BODY, True):
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
        text = f"Waiting for {seat_name(view, q['seat'], letters)} to choose {QUESTION.get(q['kind'], q['kind'])}" \
               f"{where}: {' / '.join(q['options'])}"
        for line in pen.wrap(text, width - 16, BODY, True):
            pen.text(8, y, line, BODY, True, (150, 60, 20))
            y += 20
    return pen.crop(y + 4)


def final_block(view: dict, s: float, letters: bool, width: float = COL) -> Image.Image:
    """The score breakdown at the end, best first."""
    final = view["final"]
    pen = Pen(width, 60 + 26 * len(final) + 40, s)
    y = _title(pen, 6, "Final score", "1 coin = 1 point", width)
    cols = [("coins", "Coins"), ("resources", "Goods"), ("tiles", "Tiles"), ("workers", "Workers"),
            ("shares", "Shares"), ("total", "Total")]
    name_w = 118
    cw = (width - 16 - name_w) / len(cols)
    for i, (_, label) in enumerate(cols):
        pen.text(8 + name_w + cw * (i + 0.5), y, label, SMALL, True, MUTED, "ma")
    y += 20
    best = max(f["total"] for f in final)
    for seat, f in sorted(enumerate(final), key=lambda sf: -sf[1]["total"]):
        win = f["total"] == best
        if win:
            pen.rect((4, y - 3, width - 4, y + 21), fill=ACTIVE, outline=GOLD, width=2, radius=4)
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


def market_block(view: dict, s: float) -> Image.Image:
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
    x = draw_token(pen, x, y - 1, "R") + 4
    x = pen.text(x, y, f"reroll {tokens.get('reroll', 0)}", BODY, True) + 14
    x = draw_token(pen, x, y - 1, "+1") + 4
    x = pen.text(x, y, f"+1 {tokens.get('plus', 0)}", BODY, True) + 14
    pen.text(COL - 8, y, f"Projects in the pile: {view['projects_left']}", BODY, False, INK, "ra")
    return pen.crop(y + 26)


def draw_token(pen: Pen, x: float, y: float, text: str, r: float = 9) -> float:
    """A round token (a reroll token R or a +1 token); returns the x after it."""
    pen.circle(x + r, y + r, r, fill=(250, 215, 110) if text == "+1" else (170, 215, 240), outline=INK, width=1.2)
    pen.text(x + r, y + r + 0.5, text, r * 1.15, True, INK, "mm")
    return x + 2 * r


def office_block(view: dict, s: float, width: float = COL) -> Image.Image:
    """The Director's office: the commands available, their cards and texts."""
    c = view["commands"]
    pen = Pen(width, 400, s)
    y = _title(pen, 6, "Director's office", f"deck: {c['deck']} card{'s' if c['deck'] != 1 else ''}", width)
    entries = [(cmd, True) for cmd in c["available"]] + ([(c["unavailable"], False)] if c["unavailable"] else [])
    for cmd, available in entries:
        ink = INK if available else MUTED
        top = y
        symbols = cmd["symbols"]
        with_ = "any card" if "any" in symbols else ", ".join(card_name(x) for x in symbols)
        x = pen.text(30, y, cmd["name"], BODY, True, ink)
        note = ("with " if available else "unavailable · with ") + with_
        if x + 6 + pen.width(note, SMALL) > width - 6:                 # a narrow column: under the name
            for line in pen.wrap(note, width - 40, SMALL):
                y += 17
                pen.text(30, y, line, SMALL, False, MUTED)
        else:
            pen.text(x + 6, y + 1, note, SMALL, False, MUTED)
        y += 19
        for line in pen.wrap(cmd["text"], width - 40, SMALL):
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


def investment_block(view: dict, s: float, letters: bool, width: float = COL, per_row: int = 0) -> Image.Image:
    """The investment table: its steps (trains, markers, steps reached), the trains waiting;
    ``per_row`` cells a row (all in one row by default), ``width`` wide."""
    inv = view["investment"]
    steps = inv["steps"]
    pen = Pen(width, 400, s)
    y = _title(pen, 6, "Investment table", "coins per share when a train runs" if width >= COL else "", width)
    n = len(steps) + 1
    row = per_row or n
    w = (width - 16 - (row - 1) * 4) / row
    h = 78 if w > 60 else 70
    top = y
    on_step: dict[int | None, list[dict]] = {}
    for t in view["table_trains"]:
        on_step.setdefault(t["step"], []).append(t)
    markers: dict[int, list[int]] = {}
    for p in view["players"]:
        markers.setdefault(p["marker"], []).append(p["seat"])
    for i in range(n):
        x, y = 8 + i % row * (w + 4), top + i // row * (h + 4)
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
            narrow = w < 60
            cx = x + (12 + (k % 2) * 23 if narrow else 13 + (k % 2) * 26) if last else \
                x + (w / 2 if narrow else w - 17)
            cy = y + (22 if narrow else 30) + (k // 2) * 16 if last else y + 36
            train(pen, cx, cy, t["id"], t["black"], None, 11)
        if not last:
            seats = markers.get(i, [])
            for k, seat in enumerate(seats):
                per = 3 if w < 60 else 4
                cube(pen, x + 4 + (k % per) * 14, y + h - 16 - (k // per) * 14, 12, seat, letters)
    return pen.crop(y + h + 8)


def subsidy_block(view: dict, s: float, width: float = COL, per_row: int = 0) -> Image.Image:
    """The subsidy table: each die face's two tiles and coins, the faces under a die marked."""
    sub = view["subsidy"]
    pen = Pen(width, 300, s)
    y = _title(pen, 6, "Subsidy table", "two reward tiles for coins; +5 under a die" if width >= COL else "", width)
    table = sorted(sub["table"], key=lambda e: e["face"])
    n = len(table)
    row = per_row or n
    w = (width - 16 - (row - 1) * 4) / row
    h = 70
    top = y
    for i, e in enumerate(table):
        x, y = 8 + i % row * (w + 4), top + i // row * (h + 4)
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


def players_block(view: dict, s: float, letters: bool) -> Image.Image:
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
    x = pen.text(x0 + 27, y + 1, seat_name(view, seat, letters), HEAD, True)
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
    x = draw_token(pen, x, y, "R", 9) + 3
    x = pen.text(x, y + 1, str(p["reroll"]), BODY, True) + 8
    x = draw_token(pen, x, y, "+1", 9) + 3
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
    y = places(pen, view, p, x0 + 6, y, x1 - x0 - 12)
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


def places(pen: Pen, view: dict, p: dict, x: float, y: float, width: float) -> float:
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
                tx = draw_token(pen, tx, y + 25, "+1", 8) + 2
            pen.text(bx + w - 5, y + 34, f"={c['sum']}", HEAD, True, INK, "rm")
    return y + h + 6


@lru_cache(maxsize=8)
def legend_block(s: float, letters: bool) -> Image.Image:
    """What the marks mean (static)."""
    pen = Pen(COL, 400, s)
    y = _title(pen, 6, "Legend")
    step = 22
    entries = []

    def row(draw, text: str) -> None:
        entries.append((draw, text))

    row(lambda x, yy: dashed(pen, (x, yy), (x + 30, yy), SITE_LINE, 4, 6, 4),
        "construction site (its card beside the map)")
    row(lambda x, yy: (pen.line([(x, yy), (x + 30, yy)], INK, 7), pen.line([(x, yy), (x + 30, yy)], RAIL, 5)),
        "route: a train running on it pays its shares")
    row(lambda x, yy: dashed(pen, (x, yy), (x + 30, yy), PILE_LINE, 2.5, 5, 4), "project still in the pile")
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
