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
from functools import lru_cache

from ...core.errors import IllegalAction
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


def payments(hand: list[int], need: Need) -> list[Payment]:
    """Every way to pay ``need`` from ``hand`` that uses no slot it could do without (for
    capital, every set of capital icons), least pollution first, then fewest cards."""
    key = (need.rail, tuple(sorted(need.icons.items())), tuple(sorted(need.dest)), need.money)
    return list(_payments(tuple(sorted(hand)), key))


@lru_cache(maxsize=4096)
def _payments(hand: tuple[int, ...], key: tuple) -> tuple[Payment, ...]:
    rail, icons, dest, money_ = key
    need = Need(dict(icons), rail, frozenset(dest), money_)
    useful = [(c, s) for c in hand for s in range(1, 5) if any(need.useful(i) for i in _icons(c, s))]
    found: list[Payment] = []
    for slots in sorted(_slot_sets(useful, need), key=lambda t: (len(t), t)):
        if not need.money and any(set(p.slots) < set(slots) for p in found):
            continue
        p = check(slots, need)
        if p is not None:
            found.append(p)
    found.sort(key=lambda p: (p.pollution, len(p.cards), -p.capital, p.slots))
    return tuple(found)


def _slot_sets(useful: list[tuple[int, int]], need: Need) -> set[tuple[tuple[int, int], ...]]:
    """The sets of slots whose icons can make ``need`` exactly, each slot giving at least one:
    a search that adds slot by slot and stops as soon as a budget (rail units, icons, two
    destinations) is exceeded."""
    if need.money:
        return {tuple(c) for n in range(1, len(useful) + 1) for c in itertools.combinations(useful, n)}
    out: set[tuple[tuple[int, int], ...]] = set()
    uses = [[u for u in _uses(tuple(i for i in _icons(*slot) if need.useful(i)))] for slot in useful]

    def walk(i: int, chosen: list, units: int, plain: dict, dests: list) -> None:
        if units == need.rail and plain == need.icons and _dest_ok(need, dests):
            out.add(tuple(chosen))
        if i == len(useful):
            return
        walk(i + 1, chosen, units, plain, dests)                 # skip this slot
        for part in uses[i]:
            u = units + sum(UNITS.get(x, 0) for x in part)
            p = dict(plain)
            for x in part:
                if x not in KINDS and x not in UNITS:
                    p[x] = p.get(x, 0) + 1
            d = dests + [x for x in part if x in KINDS]
            if u > need.rail or len(d) > 2 or any(n > need.icons.get(k, 0) for k, n in p.items()):
                continue
            walk(i + 1, [*chosen, useful[i]], u, p, d)

    walk(0, [], 0, {}, [])
    return out


def _dest_ok(need: Need, dests: list[str]) -> bool:
    if not need.dest:
        return not dests
    return (len(dests) == 1 and dests[0] in need.dest) or len(dests) == 2


def kind_words(kind: str) -> str:
    return f"{kind} ({KIND_NAMES[kind]})"
