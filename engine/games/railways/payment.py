"""Paying for an action with icons from the hand (railways-solo.txt, "General rules for taking
actions").

A payment names slots of cards in the hand as ``"card.slot"`` (``"3.2"``: card 3, slot 2).
Each named slot must give at least one icon the action uses, and each icon serves once. Two
icons of one slot cost nothing extra; every further slot used on one card adds 1 pollution
(three slots of one card: +2). A missing destination may be replaced by any two destination
icons. Every card a payment touches goes to the discard pile.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

from engine.core.errors import IllegalAction

from .data import KIND_NAMES, KINDS, cards, money

SLOT = re.compile(r"^\s*([1-8])\s*[.:/]\s*([1-4])\s*$")
UNITS = {"rail": 1, "rail2": 2}


@dataclass(frozen=True)
class Need:
    """What an action needs: ``icons`` exactly (``{"ticket": 1}``), ``rail`` units exactly,
    one destination among ``dest`` (or any two destinations), or ``money``: capital icons
    only, at least one."""

    icons: dict[str, int] = field(default_factory=dict)
    rail: int = 0
    dest: frozenset[str] = frozenset()
    money: bool = False

    def fits(self, used: list[str]) -> bool:
        if self.money:
            return bool(used) and all(money(i) for i in used)
        if any(money(i) for i in used):
            return False
        dests = [i for i in used if i in KINDS]
        if self.dest:
            if not ((len(dests) == 1 and dests[0] in self.dest) or len(dests) == 2):
                return False
        elif dests:
            return False
        if sum(UNITS.get(i, 0) for i in used) != self.rail:
            return False
        plain: dict[str, int] = {}
        for i in used:
            if i not in KINDS and i not in UNITS:
                plain[i] = plain.get(i, 0) + 1
        return plain == self.icons

    def useful(self, icon: str) -> bool:
        if self.money:
            return money(icon) > 0
        return (icon in KINDS and bool(self.dest)) or (icon in UNITS and self.rail > 0) or icon in self.icons

    def words(self) -> str:
        parts = [f"{n} {k}" if n > 1 else f"a {k}" for k, n in self.icons.items()]
        if self.rail:
            parts.append(f"exactly {self.rail} rail link unit{'s' if self.rail > 1 else ''}")
        if self.dest:
            kinds = " or ".join(sorted(self.dest))
            parts.append(f"a {kinds} destination (or any two destinations)")
        if self.money:
            parts.append("capital icons")
        return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


@dataclass(frozen=True)
class Payment:
    """``slots``: ``(card, slot)`` pairs; ``pollution``: the pollution it adds; ``cards``: the
    cards it discards; ``capital``: the capital of its money icons."""

    slots: tuple[tuple[int, int], ...]
    pollution: int
    cards: tuple[int, ...]
    capital: int = 0

    def refs(self) -> list[str]:
        return [f"{c}.{s}" for c, s in self.slots]


def parse_slots(refs: list[str], hand: list[int]) -> tuple[tuple[int, int], ...]:
    """``["3.2", "1.4"]`` -> ``((3, 2), (1, 4))``, checked against the hand."""
    if not isinstance(refs, list) or not refs:
        raise IllegalAction("Name the slots you play, like `3.2` (card 3, slot 2).")
    out = []
    for ref in refs:
        m = SLOT.match(str(ref))
        if not m:
            raise IllegalAction(f"{str(ref)[:20]!r} is not a slot: write card.slot, like `3.2`.")
        card, slot = int(m.group(1)), int(m.group(2))
        if card not in hand:
            raise IllegalAction(f"Card {card} ({cards()[card].name}) is not in your hand.")
        if (card, slot) in out:
            raise IllegalAction(f"Slot {card}.{slot} is named twice.")
        out.append((card, slot))
    return tuple(sorted(out))


def _icons(card: int, slot: int) -> tuple[str, ...]:
    return cards()[card].slots[slot - 1]


def _uses(icons: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The non-empty sets of icons one slot can give."""
    return [c for n in range(1, len(icons) + 1) for c in itertools.combinations(icons, n)]


def check(slots: tuple[tuple[int, int], ...], need: Need) -> Payment | None:
    """The payment ``slots`` make for ``need``, or ``None`` when they do not make it."""
    for choice in itertools.product(*(_uses(_icons(c, s)) for c, s in slots)):
        used = [i for part in choice for i in part]
        if need.fits(used):
            per_card: dict[int, int] = {}
            for c, _ in slots:
                per_card[c] = per_card.get(c, 0) + 1
            return Payment(slots, sum(n - 1 for n in per_card.values()), tuple(sorted(per_card)),
                           sum(money(i) for i in used))
    return None


def pay(refs: list[str], hand: list[int], need: Need) -> Payment:
    """The payment of the named slots. Raises ``IllegalAction`` when a slot is not in the hand,
    or the icons do not make the action (each named slot must give an icon it uses)."""
    slots = parse_slots(refs, hand)
    found = check(slots, need)
    if found is None:
        shown = ", ".join(f"{c}.{s} ({' + '.join(_icons(c, s))})" for c, s in slots)
        raise IllegalAction(f"Those slots ({shown}) do not make this action: it needs {need.words()}, "
                            "and every slot you name must give an icon it uses.")
    return found


def payments(hand: list[int], need: Need, limit: int = 6) -> list[Payment]:
    """Every way to pay ``need`` from ``hand`` that uses no slot it could do without (for
    capital, every set of capital icons), least pollution first, then fewest cards."""
    useful = [(c, s) for c in sorted(hand) for s in range(1, 5) if any(need.useful(i) for i in _icons(c, s))]
    found: list[Payment] = []
    for size in range(1, min(limit, len(useful)) + 1):
        for slots in itertools.combinations(useful, size):
            if not need.money and any(set(p.slots) < set(slots) for p in found):
                continue
            p = check(slots, need)
            if p is not None:
                found.append(p)
    found.sort(key=lambda p: (p.pollution, len(p.cards), -p.capital, p.slots))
    return found


def kind_words(kind: str) -> str:
    return f"{kind} ({KIND_NAMES[kind]})"
