"""Railways of the World's side panel: the turn, the players, the operations cards, the Major
Lines, the New City tiles and a legend; at the end, the final scores and the winner. Drawn at
``scale`` times the desktop's size (``PANEL_WIDTH`` wide at 1)."""
from __future__ import annotations

from PIL import Image, ImageDraw

from railhead.engine.common.text import plural

from ..hexes import BACKGROUND, CUBE_FILL, CUBE_LETTER, INK, draw_cube, font
from ..panel import owner_colour, owner_letters, owner_name
from .features import SNOW, WALL, WALL_EDGE, ship
from .through_time import draw_warp

PANEL_WIDTH = 420              # desktop; the phone's panel is the same drawing, scaled
MARKER = (110, 70, 40)
LAST = (255, 196, 0)           # the last move's hexes


def draw_marker(d: ImageDraw.ImageDraw, x: float, y: float, h: float, f) -> None:
    """The empty city marker: a brown square with an E."""
    d.rectangle((x - h, y - h, x + h, y + h), fill=MARKER, outline=(255, 255, 255))
    d.text((x, y), "E", fill=(255, 255, 255), font=f, anchor="mm")


def badge(d: ImageDraw.ImageDraw, x: float, y: float, r: float, colour, text: str, f) -> None:
    """A link's ownership marker: a disc in the owner's colour with ``text`` (the link number)."""
    half = max(r, d.textlength(text, font=f) / 2 + r * 0.4)     # colour-blind "B:12" needs a pill
    if half > r:                    # a whole-pixel box: Pillow refuses some small pills of fractional size
        box = (round(x - half), round(y - r), round(x + half), round(y + r))
        d.rounded_rectangle(box, (box[3] - box[1]) / 2, fill=colour, outline=INK, width=max(2, int(r // 6)))
    else:
        d.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=max(2, int(r // 6)))
    d.text((x, y + 0.5), text, fill=INK if sum(colour) > 300 else (255, 255, 255), font=f, anchor="mm")

def _money(k: int | None) -> str:
    if k is None:
        return "hidden"
    return f"${k},000" if k else "$0"


def draw_panel(view: dict, scale: float, letters: bool) -> Image.Image:
    """The side panel (desktop: ``scale`` 1, PANEL_WIDTH wide), cut to its height."""
    def px(v: float) -> int:
        return round(v * scale)

    width = px(PANEL_WIDTH)
    img = Image.new("RGB", (width, px(2400)), BACKGROUND)
    d = ImageDraw.Draw(img)
    title, body, small = font(px(22), bold=True), font(px(16)), font(px(13))
    x, y = px(16), px(14)
    d.text((x, y), f"{view['map_name']} · Turn {view['turn']}", fill=INK, font=title)
    y += px(32)
    if view["phase"] == "auction":
        a = view["auction"]
        high = f"{_money(a['high'])} by {view['players'][a['high_seat']]['name']}" \
            if a["high_seat"] is not None else "no bid yet"
        phase = f"Auction for first player: {high}"
    elif view["phase"] == "actions":
        phase = f"Round {view['round']} of 3"
    elif view["phase"] == "bonds":
        phase = "Between the phases: returning bonds"
    else:
        phase = "Game over"
    trans = view.get("transcontinental")
    if trans and trans["phase"] != "bonds":
        phase = ("Eastern" if trans["phase"] == "east" else "Western") + f" phase · {phase}"
    d.text((x, y), phase, fill=INK, font=body)
    y += px(24)
    if view.get("events") and view["phase"] != "over":
        last = view["end_turn"] is not None and view["turn"] >= view["end_turn"]
        y = events_box(d, view["events"], x, y, width - px(12), px, last=last)
    labels = owner_letters([p["name"] for p in view["players"]])
    if view["phase"] == "over":
        y = final_scores(d, view, x, y, width - px(12), px, letters)
    markers = view["markers"]
    d.text((x, y), f"Empty city markers: {markers['placed']} of {markers['total']}"
                   + (f" · last turn {view['end_turn']}" if view["end_turn"] else ""), fill=INK, font=small)
    y += px(26)
    order = view["order"] or (view["auction"]["order"] if view["auction"] else [])
    for seat in order or range(len(view["players"])):
        p = view["players"][seat]
        active = view["actor"] == seat
        kept = ", ".join(c["name"] + (" (ready)" if c["ready"] else "") for c in p.get("cards", []))
        box = (x - px(6), y - px(4), width - px(12), y + px(80 if kept else 62))
        # a dark hairline around the owner's colour: a white (or pale) seat still shows on the panel
        d.rectangle((box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1), outline=INK, width=1)
        d.rectangle(box, fill=(255, 250, 220) if active else (248, 246, 240), outline=owner_colour(seat),
                    width=px(3))
        first = "  [first]" if view["first"] == seat and view["phase"] == "actions" else ""
        passed = "  (passed)" if view["auction"] and seat in view["auction"]["passed"] else ""
        tag = f" ({labels[seat]}, {owner_name(seat)})" if letters else ""
        f = fitted(d, p["name"] + tag + first + passed, px(16), box[2] - x - px(48), active)
        d.text((x + px(22), y), fit(d, p["name"], f, box[2] - x - px(48) - d.textlength(tag + first + passed, font=f))
               + tag + first + passed, fill=INK, font=f)
        if active:
            t = box[2] - px(22)
            d.polygon(((t, y + px(2)), (t, y + px(18)), (t + px(14), y + px(10))), fill=INK)
        d.ellipse((x, y + px(3), x + px(14), y + px(17)), fill=owner_colour(seat), outline=INK)
        d.text((x, y + px(22)), f"Cash {_money(p['cash'])}   Bonds {p['bonds']}   Engine {p['engine']}",
           fill=INK, font=small)
        d.text((x, y + px(40)), f"Points {p['points']}   Income {_money(p['income'])}   Links {p['links']}",
           fill=INK, font=small)
        if kept:
            d.text((x, y + px(58)), fit(d, f"Cards: {kept}", small, box[2] - x - px(6)), fill=INK, font=small)
        y += px(92 if kept else 74)
    y += px(6)
    d.text((x, y), "Operations cards (face up)", fill=INK, font=body)
    y += px(22)
    ferries = sum(1 for c in view["cards"]["face_up"] if c["id"].startswith("ferry-line:"))
    for card in view["cards"]["face_up"]:
        tag = CARD_TAG[card["kind"]]
        if card["id"].startswith("ferry-line:"):          # the Ferry Line stack: one line
            if card is not next(c for c in view["cards"]["face_up"] if c["id"].startswith("ferry-line:")):
                continue
            tag = f"×{ferries}, {tag}"
        d.ellipse((x, y + px(6), x + px(5), y + px(11)), fill=INK)
        d.text((x + px(10), y), f"{card['name']} ({tag})", fill=INK, font=small)
        y += px(18)
    if view.get("bounties") and view["bounties"]["row"]:
        row = ", ".join(c["name"].removeprefix("Service Bounty: ") for c in view["bounties"]["row"])
        wake = f" (next at the end of turn {view['bounties']['wake']})" if view["bounties"]["wake"] else ""
        d.text((x, y), fit(d, f"Bounties waiting{wake}: {row}", small, width - x - px(12)), fill=INK, font=small)
        y += px(18)
    d.text((x, y + px(4)), f"Deck: {plural(view['cards']['deck'], 'card')}   Bag: {plural(view['bag'], 'cube')}",
           fill=INK, font=small)
    y += px(26)
    if view.get("major_lines"):
        d.text((x, y), "Major Lines (own links join both cities)", fill=INK, font=body)
        y += px(22)
        for line in view["major_lines"]:
            owner = line["owner"]
            d.ellipse((x, y + px(4), x + px(9), y + px(13)), outline=INK, width=px(1),
                      fill=owner_colour(owner) if owner is not None else BACKGROUND)
            who = f"scored by {view['players'][owner]['name']}" if owner is not None else "open"
            text = f"{line['cities'][0]}–{line['cities'][1]}: {plural(line['points'], 'point')}, {who}"
            d.text((x + px(14), y), text, fill=INK, font=small)
            y += px(18)
        y += px(8)
    if view.get("through_time"):
        y = time_lines(d, view, x, y, width - px(12), px, labels if letters else None)
    if view.get("western_link"):
        w = view["western_link"]
        state = ", ".join(f"{c['name']} " + (f"built by {view['players'][c['owner']]['name']}" if c["owner"] is not None
                                             else "open") for c in w["cities"])
        d.text((x, y), fit(d, f"Western Link (${w['cost']},000): {state}", small, width - x - px(12)), fill=INK,
               font=small)
        y += px(18)
        d.text((x, y), fit(d, f"Red cubes from there to {w['market_name']}: 2 new cubes there", small,
                           width - x - px(12)), fill=INK, font=small)
        y += px(26)
    tiles = ", ".join(f"{c} {k}" for c, k in view["new_city_tiles"].items() if k)
    d.text((x, y), f"New City tiles: {tiles or 'none'}", fill=INK, font=small)
    y += px(30)
    y = _legend(d, x, y, px, letters, labels[0] if letters else "", view)
    return img.crop((0, 0, width, y + px(10)))


EVENT_FILL, EVENT_EDGE = (236, 244, 255), (40, 70, 130)


def events_box(d: ImageDraw.ImageDraw, events: dict, x: int, y: int, right: int, px, last: bool = False) -> int:
    """The Event deck's box (railways-of-the-world.txt, "Events Deck"): the current event's name
    (and whether it acts: a Future Event acted when drawn) and the future one's; on the ``last``
    turn, that there is no next turn ("Ending the Game"). Returns the y below."""
    cur, fut = events["current"], events["future"]
    now = "none yet" if cur is None else cur["name"] + ("" if events["acting"] else " (acted when drawn)")
    if last:
        nxt = ("Last turn", "the game ends after it: no next event")
    else:
        nxt = ("Next turn", "none" if fut is None else fut["name"] + (" (Future Event: has acted)" if fut["future"]
                                                                      else ""))
    rows = [("Event now", now), nxt]
    box = (x - px(6), y - px(2), right, y + px(50))
    d.rectangle(box, fill=EVENT_FILL, outline=EVENT_EDGE, width=px(2))
    label = font(px(13))
    for i, (head, text) in enumerate(rows):
        ty = y + px(4 + 22 * i)
        d.text((x, ty), head + ":", fill=EVENT_EDGE, font=label)
        left = x + px(78)
        f = fitted(d, text, px(15), right - left - px(6), bold=True)
        d.text((left, ty - px(1)), fit(d, text, f, right - left - px(6)), fill=INK, font=f)
    return box[3] + px(10)


CARD_TAG = {"goal": "goal", "immediate": "take: used at once", "held": "take: keep until used",
            "per_turn": "take: once per turn", "permanent": "take: keep"}


def fitted(d: ImageDraw.ImageDraw, text: str, size: int, width: float, bold: bool = False):
    """The font, ``size`` px or down to three quarters of it, in which ``text`` fits ``width`` px
    (the smallest if none does: ``fit`` then cuts it)."""
    for k in range(size, max(8, size * 3 // 4) - 1, -1):
        if d.textlength(text, font=font(k, bold)) <= width:
            return font(k, bold)
    return font(max(8, size * 3 // 4), bold)


def time_lines(d: ImageDraw.ImageDraw, view: dict, x: int, y: int, right: int, px, labels: list[str] | None) -> int:
    """Railways Through Time's Time Lines (railways-of-the-world.txt, "Claiming Time Lines"): each
    line's cities and board, a dot in its holder's colour and the holder's name ("open" while
    free), then how many each player holds. ``labels``: owner letters (colour-blind). Returns the y below."""
    small, body = font(px(13)), font(px(16))
    d.text((x, y), "Time Lines (first to join both, own track)", fill=INK, font=body)
    y += px(22)
    held: dict[int, int] = {}
    for line in view["through_time"]["time_lines"]:
        owner = line["owner"]
        d.ellipse((x, y + px(4), x + px(9), y + px(13)), outline=INK, width=px(1),
                  fill=owner_colour(owner) if owner is not None else BACKGROUND)
        if owner is not None:
            held[owner] = held.get(owner, 0) + 1
            who = view["players"][owner]["name"] + (f" ({labels[owner]})" if labels else "")
        text = f"{'–'.join(line['cities'])} ({line['period']}): " + (f"held by {who}" if owner is not None else "open")
        d.text((x + px(14), y), fit(d, text, small, right - x - px(14)), fill=INK, font=small)
        y += px(18)
    if held:
        text = "Held: " + ", ".join(f"{view['players'][s]['name']} {plural(n, 'line')}"
                                    for s, n in sorted(held.items()))
        d.text((x, y), fit(d, text, small, right - x), fill=INK, font=small)
        y += px(18)
    return y + px(8)


def fit(d: ImageDraw.ImageDraw, text: str, f, width: float) -> str:
    """``text`` cut with an ellipsis to fit ``width`` px."""
    if d.textlength(text, font=f) <= width:
        return text
    while text and d.textlength(text + "…", font=f) > width:
        text = text[:-1]
    return text + "…"


def _legend(d: ImageDraw.ImageDraw, x: int, y: int, px, letters: bool, label: str, view: dict | None = None) -> int:
    """What the marks on the map mean, one short line each (the map's own features only on maps that
    have them); returns the y below it."""
    body, small, tiny = font(px(16)), font(px(13)), font(px(10))
    d.text((x, y), "Legend", fill=INK, font=body)
    y += px(24)
    mid, step, tx = px(8), px(22), x + px(26)

    def line(text: str) -> None:
        nonlocal y
        d.text((tx, y + mid), text, fill=INK, font=small, anchor="lm")
        y += step

    cube = px(10)
    cx = x + px(3)
    draw_cube(d, cx, y + mid - cube / 2, "red", cube, letters)
    line("Goods cube: deliver it to a city of its colour")
    d.line((x, y + mid, x + px(20), y + mid), fill=owner_colour(0), width=px(5))
    badge(d, x + px(10), y + mid, px(8), owner_colour(0), "1", tiny)
    line("Link #1 in its owner's colour; pale: unfinished" + (f" ({label}:1: {label}'s)" if label else ""))
    draw_marker(d, x + px(10), y + mid, px(7), tiny)
    line("Empty city marker: the city has no cubes left")
    r = px(9)
    d.ellipse((x + px(10) - r, y + mid - r, x + px(10) + r, y + mid + r), fill=CUBE_FILL["gray"],
              outline=(255, 255, 255), width=px(2))
    d.ellipse((x + px(10) - r + px(4), y + mid - r + px(4), x + px(10) + r - px(4), y + mid + r - px(4)),
              outline=(255, 255, 255), width=px(2))
    line("Double ring: an urbanized city")
    corners = [(x + px(10) + px(9) * c, y + mid + px(9) * s) for c, s in
               ((0.87, -0.5), (0.87, 0.5), (0, 1), (-0.87, 0.5), (-0.87, -0.5), (0, -1))]
    d.polygon(corners, fill=(196, 222, 160), outline=LAST, width=px(3))
    line("Gold outline: the last move")
    line("Engine 3 (in a player's box): a cube travels up to 3 links")
    view = view or {}
    if view.get("walls"):
        d.line((x, y + mid, x + px(20), y + mid), fill=WALL_EDGE, width=px(9))
        d.line((x, y + mid, x + px(20), y + mid), fill=WALL, width=px(6))
        line("Thick navy side: no track may cross it")
    if view.get("snow_rows"):
        d.line((x, y + mid, x + px(20), y + mid), fill=SNOW, width=px(4))
        d.line((x + px(3), y + mid, x + px(8), y + mid), fill=(255, 255, 255), width=px(2))
        d.line((x + px(13), y + mid, x + px(18), y + mid), fill=(255, 255, 255), width=px(2))
        line(f"Snow Line: rows 1-{view['snow_rows']} (north) cost $1,000 more a tile")
    if view.get("ferries"):
        ship(d, x + px(10), y + mid, px(9))
        line("Ferry hex: build there only with a Ferry Line card")
    if view.get("through_time"):
        draw_warp(d, x + px(10), y + mid, px(9))
        line("Time warp: a link may end there (+$1,000); type it by")
        line("its hex or as \"Time warp\". A cube jumps between your")
        line("warps on different boards, counting 1 link")
    if view.get("western_link"):
        d.polygon([(x, y + mid), (x + px(9), y + mid - px(6)), (x + px(9), y + mid + px(6))], fill=INK)
        d.line((x + px(8), y + mid, x + px(20), y + mid), fill=INK, width=px(3))
        line(f"Western Link: ${view['western_link']['cost']},000, with a link into its city")
    if letters:
        named = ", ".join(f"{CUBE_LETTER[c]} {c}" for c in ("red", "yellow", "blue", "purple", "black"))
        line(f"Letters: {named}")
    if letters:
        line("Owners by their names' letters, e.g. " + (f"{label}:1" if label else "A:1"))
    towns = [c["name"] for c in view.get("cities", {}).values() if c["colour"] != "warp"]
    town = "Köln" if "Köln" in towns or not towns else towns[0]         # a city of this map
    line(f"A close view: /game board zoom: {town} (or a hex)")
    return y


def final_scores(d: ImageDraw.ImageDraw, view: dict, x: int, y: int, right: int, px, letters: bool) -> int:
    """The final scores at the end, as the view's ``final`` (the engine's outcome) has them: each
    player's rank, score and its parts (points, bonds, Time Lines, met barons), links, baron, and
    the winner, in a box; returns the y below it."""
    rows = view["final"]["table"]
    small = font(px(13))
    lines = len(rows) + sum(1 for r in rows if r.get("baron"))
    box = (x - px(6), y - px(2), right, y + px(30) + px(19) * lines)
    d.rounded_rectangle(box, px(6), fill=(255, 246, 205), outline=INK, width=max(1, px(1)))
    winners = [r["name"] for r in rows if r["rank"] == 1]
    head = ("Winner: " if len(winners) == 1 else "Tied winners: ") + " and ".join(winners)
    f = fitted(d, head, px(16), right - x - px(6), True)
    d.text((x, y + px(2)), fit(d, head, f, right - x - px(6)), fill=INK, font=f)
    y += px(26)
    for row in rows:
        d.ellipse((x, y + px(3), x + px(11), y + px(14)), fill=owner_colour(row["seat"]), outline=INK)
        tail = f" {row['score']} = {row['formula']} · {plural(row['links'], 'link')}"
        room = right - x - px(22)
        f = fitted(d, f"{row['rank']}. {row['name']}{tail}", px(13), room)
        name = fit(d, f"{row['rank']}. {row['name']}", f, room - d.textlength(tail, font=f))
        d.text((x + px(16), y), name + tail, fill=INK, font=f)
        y += px(19)
        baron = row.get("baron")
        if baron:
            met = "met" if baron.get("met") else "not met"
            d.text((x + px(30), y), fit(d, f"Baron: {baron['name']} ({met}, {baron['points']} points)", small,
                                        right - x - px(36)), fill=INK, font=small)
            y += px(19)
    return y + px(16)
