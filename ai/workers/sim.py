"""Playing the seat's own action cards on a ``Board`` (``model.py``), roughly as the heuristic
would, to compare placements, dice and moves by what they lead to by the round's end.

``play(board, cards)`` plays ``cards``, a list of ``(card id, Sum)``, in order: each card's 4+
action when the Sum is 4 or more (or lifted to 4 with coins, "Action Phase 1" c), its 7+ action at
7 or more, else a pass for 1 coin. The other seats are not played: the plan assumes the tables
stay open for the seat. Each half takes the option that adds the most, looking at which cards
come later (a structure bought now is stored by a later Store Up).
"""
from __future__ import annotations

from .model import GOODS, PAIR, PLAN, SELL, Board


def play(board: Board, cards: list[tuple[str, int]]) -> Board:
    """``board`` after the seat plays ``cards`` (a copy; ``board`` is not changed)."""
    b = board.copy()
    for i, (card, total) in enumerate(cards):
        ahead = cards[i + 1:]
        play_card(b, card, total, ahead)
    return b


def play_card(b: Board, card: str, total: int, ahead, top_done: bool = False, bottom_done: bool = False) -> None:
    """One card's halves still to play (``top_done``/``bottom_done``: already resolved)."""
    acted = top_done or bottom_done
    lift = max(0, 4 - total)
    if not top_done and lift <= 2 and b.coins >= lift + 1:
        before = b.coins
        b.coins -= lift
        if TOP[card](b, ahead):
            acted = True
        else:
            b.coins = before
    if not bottom_done and total >= 7 and BOTTOM[card](b, ahead):
        acted = True
    if not acted:
        b.coins += 1            # a pass
    _after_turn(b)


def _will(ahead, card: str, bottom: bool = False) -> bool:
    """Whether ``card`` comes later (with its 7+ action, when ``bottom``)."""
    return any(c == card and (not bottom or s >= 7) for c, s in ahead)


def _workers_coming(b: Board, ahead) -> int:
    """Workers the seat can still put in warehouses this plan: those at home if a card that sends
    them comes later (plus one hired with New Worker)."""
    n = 0
    if _will(ahead, "move"):
        n += b.workers
    if _will(ahead, "worker"):
        n += 1 if b.workers or b.union else 0
    return n


def _use(b: Board, kind: str, ahead) -> float:
    """What one resource of ``kind`` bought into the Facilities will be worth to this plan."""
    if kind == "plans":
        if _will(ahead, "store") and any(s["plans"] for s in b.sites.values()):
            return PLAN
        return SELL["plans"] + 2.0 * b.fut
    waiting = sum(s[kind][0] for s in b.sites.values() if s[kind][2] > 0)
    if _will(ahead, "store") and (waiting or _workers_coming(b, ahead)):
        return PAIR
    room = any(s[kind][2] > 0 for s in b.sites.values())
    return SELL[kind] + (2.5 if room else 0.5) * b.fut


def _buy(b: Board, kind: str, n: int) -> None:
    b.coins -= b.price[kind] * n
    b.bought.add(kind)


def _after_turn(b: Board) -> None:
    for kind in b.bought:
        b.price[kind] = b.white[kind]
    b.bought = set()


# ------------------------------------------------------------------ buying
def _buy_top(kind: str):
    def top(b: Board, ahead) -> bool:
        price = b.price[kind]
        if _use(b, kind, ahead) <= price:
            return False
        if kind == "plans":
            free = sum(s["plans"] for s in b.sites.values()) - b.fac["plans"]
            room = min(len(b.sites), free if not b.fut else len(b.sites))
        else:
            room = 2 - b.fac[kind]
            free = sum(s[kind][2] - s[kind][1] for s in b.sites.values())
            room = min(room, max(free, 0) if not b.fut else room)
        n = min(room, b.coins // price) if price else room
        if n <= 0:
            return False
        _buy(b, kind, n)
        b.fac[kind] += n
        return True
    return top


def _buy_bottom(kind: str):
    def bottom(b: Board, ahead) -> bool:
        price = b.price[kind]
        if b.coins < price:
            return False
        if kind == "plans":
            if _use(b, kind, ahead) <= price:
                return False
            _buy(b, kind, 1)
            b.fac["plans"] += 1
            return True
        best, gain = None, 0.0
        coming = _workers_coming(b, ahead) > 0
        for number, s in b.sites.items():
            w, g, free = s[kind]
            if free - g <= 0:
                continue
            value = PAIR if w > 0 else (PAIR - 1 if coming else SELL[kind] + 3.0 * b.fut)
            if value - price > gain:
                best, gain = number, value - price
        if best is None:
            return False
        _buy(b, kind, 1)
        s = b.sites[best][kind]
        if s[0] > 0:
            s[0] -= 1
            s[2] -= 1
            b.coins += PAIR
            b.houses += 1
        else:
            s[1] += 1
        return True
    return bottom


# ------------------------------------------------------------------ workers
def _pair_now(b: Board, number: int, kind: str, workers: int) -> int:
    """Send ``workers`` from home to a warehouse: pairs form with waiting goods. Returns pairs."""
    s = b.sites[number][kind]
    b.workers -= workers
    pairs = min(workers, s[1], s[2])
    s[0] += workers - pairs
    s[1] -= pairs
    s[2] -= pairs
    b.houses += pairs
    b.coins += PAIR * pairs
    return pairs


def _send_one_target(b: Board, ahead) -> tuple[int, str] | None:
    """Where one worker sent now does most: to waiting goods (a pair at once), else where goods
    will come (a later Store Up or a buy's 7+ action)."""
    best, score = None, 0.0
    for number, s in b.sites.items():
        for kind in GOODS:
            w, g, free = s[kind]
            if free - w <= 0:
                continue
            if g > w:
                value = PAIR
            elif (b.fac[kind] > w and _will(ahead, "store")) or _will(ahead, kind, bottom=True):
                value = 5.0
            else:
                continue
            if value > score:
                best, score = (number, kind), value
    return best


def _worker_top(b: Board, ahead) -> bool:
    target = _send_one_target(b, ahead) if b.workers else None
    hire = (1.2 * max(0, b.pays - 1) + (5 if b.union == 1 else 0) + (1.5 if _will(ahead, "move") else 0)
            if b.union else -1)
    send = 0.0
    if target is not None:
        s = b.sites[target[0]][target[1]]
        send = PAIR if s[1] > s[0] else 5.0
    if hire <= 0 and send <= 0:
        return False
    if send >= hire:
        _pair_now(b, target[0], target[1], 1)
    else:
        b.union -= 1
        b.workers += 1
        b.owned += 1
        if b.union == 0:
            b.coins += 5
    return True


def _worker_bottom(b: Board, ahead) -> bool:
    target = _send_one_target(b, ahead) if b.workers else None
    if target is not None:
        _pair_now(b, target[0], target[1], 1)
        return True
    if b.houses and b.coins >= 1 and (_will(ahead, "move") or _will(ahead, "worker")):
        b.coins -= 1
        b.houses -= 1
        b.workers += 1
        return True
    return False


def _move(b: Board, ahead, used: set) -> bool:
    """Move Workers to the one site where the seat's workers do most."""
    if not b.workers:
        return False
    best, score, plan = None, 0.0, None
    store = _will(ahead, "store")
    for number, s in b.sites.items():
        if number in used:
            continue
        left, value, split = b.workers, 0.0, {}
        for kind in sorted(GOODS, key=lambda k: -(s[k][1] - s[k][0])):
            w, g, free = s[kind]
            pair = max(0, min(left, g - w, free - w))
            want = (b.fac[kind] if store else 0) + (1 if _will(ahead, kind, bottom=True) else 0)
            extra = max(0, min(left - pair, want - max(0, w - g), free - w - pair))
            n = pair + extra
            if n:
                split[kind] = n
                left -= n
                value += PAIR * pair + 4.0 * extra
        if value > score:
            best, score, plan = number, value, split
    if best is None:
        return False
    for kind, n in plan.items():
        _pair_now(b, best, kind, n)
    used.add(best)
    return True


# ------------------------------------------------------------------ storing up
def _store(b: Board, ahead) -> bool:
    """Store Up: the one kind to the one site where it adds most (pairs, plans on a table)."""
    best, gain = None, 0.0
    for number, s in b.sites.items():
        if b.fac["plans"] and s["plans"]:
            g = min(b.fac["plans"], s["plans"]) * (PLAN - SELL["plans"] - 2.0 * b.fut)
            if g > gain:
                best, gain = (number, "plans"), g
        for kind in GOODS:
            w, g0, free = s[kind]
            have = b.fac[kind]
            if not have or free - g0 <= 0:
                continue
            pairs = min(have, w, free)
            g = pairs * (PAIR - 2.5 * b.fut - SELL[kind] + 0.0)
            rest = min(have - pairs, free - pairs - g0)
            if rest > 0 and _workers_coming(b, ahead):
                g += 0.5 * rest
            if g > gain:
                best, gain = (number, kind), g
    if best is None:
        return False
    number, kind = best
    s = b.sites[number]
    if kind == "plans":
        n = min(b.fac["plans"], s["plans"])
        b.fac["plans"] -= n
        s["plans"] -= n
        b.coins += PLAN * n
        b.base += n * 1.0
        return True
    w, g0, free = s[kind]
    have = b.fac[kind]
    pairs = min(have, w, free)
    rest = max(0, min(have - pairs, free - pairs - g0)) if _workers_coming(b, ahead) else 0
    b.fac[kind] -= pairs + rest
    s[kind] = [w - pairs, g0 + rest, free - pairs]
    b.coins += PAIR * pairs
    b.houses += pairs
    b.base += pairs * 1.0
    return True


# ------------------------------------------------------------------ shares and subsidy
def _share_top(b: Board, ahead) -> bool:
    if b.share_gain <= 0.5:
        return False
    b.extra += b.share_gain
    b.share_gain = 0.0
    return True


def _share_bottom(b: Board, ahead) -> bool:
    if b.train_gain <= 0:
        return False
    b.extra += b.train_gain
    b.train_gain = 0.0
    return True


def _subsidy_best(b: Board) -> tuple[float, tuple[str, str] | None]:
    from railhead.engine.games.workers import data
    best, pick = 0.0, None
    for c in data.country().subsidy:
        need = {t: c.tiles.count(t) for t in set(c.tiles)}
        if any(b.tiles[t] < n for t, n in need.items()):
            continue
        coins = c.coins + (5 if c.face in b.subsidy_dice else 0)
        kept = sum((4 if t != "P" else 3) + 1.5 * b.fut for t in c.tiles)
        if coins - kept > best:
            best, pick = coins - kept, c.tiles
    return best, pick


def _subsidy(bonus: bool):
    def half(b: Board, ahead) -> bool:
        gain, pick = _subsidy_best(b)
        if pick is not None and gain >= b.invest_gain:
            for t in pick:
                b.tiles[t] -= 1
            b.extra += gain + sum((4 if t != "P" else 3) + 1.5 * b.fut for t in pick)
            b.extra += 1.5 * b.fut if bonus else 0
            return True
        if b.invest_gain > 0:
            b.extra += b.invest_gain + (1.5 * b.fut if bonus else 0)
            b.invest_gain = -99.0
            return True
        return False
    return half


def _move_half(b: Board, ahead) -> bool:
    return _move(b, ahead, set())


TOP = {"structures": _buy_top("structures"), "tracks": _buy_top("tracks"), "plans": _buy_top("plans"),
       "worker": _worker_top, "move": _move_half, "store": _store, "share": _share_top,
       "subsidy": _subsidy(True)}
BOTTOM = {"structures": _buy_bottom("structures"), "tracks": _buy_bottom("tracks"), "plans": _buy_bottom("plans"),
          "worker": _worker_bottom, "move": _move_half, "store": _store,
          "share": _share_bottom, "subsidy": _subsidy(False)}
