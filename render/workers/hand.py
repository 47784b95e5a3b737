"""Railway Workers: a player's private hand image (their four places: card, die, +1 tokens, Sum).
"""
from __future__ import annotations

from PIL import Image

from ..hexes import INK
from ..panel import png_bytes_quick
from .blocks import draw_token
from .style import (
    BODY,
    COL,
    FAINT,
    GOLD,
    HAND_SCALE,
    HEAD,
    MUTED,
    SMALL,
    STEP_TEXT,
    TITLE,
    WHITE,
    Pen,
    action_cards,
    card_name,
)


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
    x = draw_token(pen, x, y - 1, "R", 10) + 4
    left = p.get("rerolls_left", p["reroll"])
    reroll = f"reroll {p['reroll']}" + (f" ({left} left)" if left != p["reroll"] else "")
    x = pen.text(x, y, reroll, BODY) + 14
    x = draw_token(pen, x, y - 1, "+1", 10) + 4
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
            tx = draw_token(pen, tx, dy + 2, "+1", 10) + 3
        reach = "4+ and 7+" if total >= 7 else "4+" if total >= 4 else "below 4"
        pen.text(x + w - 8, dy + 12, f"Sum {total}", HEAD, True, INK, "rm")
        pen.text(tx + 4, dy + 12, reach, SMALL, False, MUTED, "lm")


def hand_png(view: dict) -> bytes:
    """PNG bytes of ``draw_hand``: the viewing seat's own placed cards, dice, +1 tokens and Sums."""
    return png_bytes_quick(draw_hand(view))
