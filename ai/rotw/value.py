"""What a position of Railways of the World is worth to one seat, in points of the final score
(railways-of-the-world.txt, "Ending the Game": income-track points minus one per bond, plus a met
baron). The heuristic player compares its moves by the change they make to ``value``; the search's
cut playouts compare seats by it (``evaluate``).

``value`` = the final score as it stands, plus what money is worth while there is something to buy
with it (cash, the income still to come, less the bond dividends still to pay), plus the goods
cubes the seat could deliver over its network now (the best few, discounted: others may take
them, and each delivery uses an action), plus the Major Lines it is few links from, its complete
links (they earn points when others deliver over them) and the kept cards it may still play.

Every function reads a full state: the heuristic hands it a determinized copy
(``Game.determinize``), which holds nothing the seat cannot see.
"""
from __future__ import annotations

import heapq
import math
from functools import lru_cache

from railhead.engine.core.record import UNSET
from railhead.engine.games.rotw import barons
from railhead.engine.games.rotw import cards as ops
from railhead.engine.games.rotw.context import context as context_of
from railhead.engine.games.rotw.context import of
from railhead.engine.games.rotw.network import connected, own_graph
from railhead.engine.games.rotw.paths import corridors, long_corridors
from railhead.engine.games.rotw.rules import ROUNDS, income_of
from railhead.engine.games.rotw.search import iter_deliveries

MONEY = 0.25
"""Points a $1,000 is worth while four or more income phases are to come: a bond brings $5,000
and costs a point at the end plus $1,000 at every income phase, so money is dear but not gold."""
MARKERS_PER_TURN = 2.0
"""Empty city markers placed in a turn, about, among competent players (for the turns still to come)."""
DELIVERY_WEIGHTS = (0.75, 0.5, 0.35, 0.25)
"""How much of each of the best deliveries open to the seat (best first) counts before it is made."""
ROUTES_SEEN = 600
"""At most this many deliveries are looked at for a position (a big network at engine 8 has thousands)."""
MAJOR_DECAY = 0.5
"""A Major Line ``k`` links away counts ``points * MAJOR_DECAY ** k * MAJOR_WEIGHT``."""
MAJOR_WEIGHT = 0.6
LINK_VALUE = 0.4
"""A complete link of one's own, for the points others' deliveries over it bring later."""
CUBE_VALUE = 0.15
"""Each goods cube in a city the seat's links reach: supply for later deliveries."""
OTHERS = 0.2
"""Each point another seat holds counts this much against us (a race, not a solo game)."""
CARD_VALUE = {"land_grant": 1.5, "perfect_engineering": 1.0, "executive": 0.8, "ferry_line": 0.6,
              "tunnel_engineer": 1.0, "coal_fueled": 1.0, "boost": 1.5, "bridge": 1.2, "tunnel": 1.2,
              "hotel": 1.5, "inspector": 0.8, "city_charter": 1.0, "capital_charter": 1.5}
"""What a kept operations card is worth, in points, while the game has turns to play (a build or an
upgrade made cheaper, going first once, points from a hotel's or a charter's city)."""
BARON_CHANCE = 0.3
"""How much of a kept baron's points count while its goal is met before the last turn."""


def incomes_left(state) -> int:
    """Income phases still to come, this turn's included: known once the last empty city marker is
    placed, else guessed from the markers left (``MARKERS_PER_TURN``); 0 when the game is over."""
    if state.phase == "over":
        return 0
    if state.end_turn is not None:
        return max(1, state.end_turn - state.turn + 1)
    markers = state.markers
    left = max(0, markers.total - markers.placed)
    return 2 + math.ceil(left / MARKERS_PER_TURN)


def money_value(incomes: int) -> float:
    """Points per $1,000 with ``incomes`` income phases to come: ``MONEY`` down to almost nothing in
    the last turn, when cash only breaks ties."""
    return {0: 0.0, 1: 0.02, 2: 0.12, 3: 0.2}.get(incomes, MONEY)


def actions_left(state, seat: int) -> int:
    """The seat's actions still to come: the rest of this turn's rounds plus 3 per turn after it."""
    if state.phase == "over":
        return 0
    later = ROUNDS * (incomes_left(state) - 1)
    if state.phase != "actions":
        return later + ROUNDS
    order = state.order
    mine = order.index(seat) if seat in order else 0
    this_round = 1 if mine >= state.at else 0
    return later + max(0, ROUNDS - state.round) + this_round


def deliveries(state, seat: int) -> list[tuple[int, dict]]:
    """The seat's best delivery of each goods cube it can move now: ``(own points, delivery)``,
    best first (at most ``ROUTES_SEEN`` routes looked at). On a map without modules or time
    travel they depend only on the complete links, the cities' colours and cubes and the seat's
    engine: remembered for those (``_CACHE``), since most moves tried leave them as they are."""
    if state.modules is not UNSET or state.time_lines is not UNSET:
        return _deliveries(state, seat)
    links = state.links
    key = (state.options.map, seat, state.players[seat].engine,
           tuple((lid, link.owner, link.from_, link.to) for lid, link in links.items() if link.to),
           tuple((c.colour, *c.cubes) for c in state.cities.values()))
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= CACHED:
            _CACHE.clear()
        found = _CACHE[key] = _deliveries(state, seat)
    return found


CACHED = 20_000
"""Positions whose deliveries are remembered at most (then the memory starts again)."""
_CACHE: dict[tuple, list[tuple[int, dict]]] = {}


def _deliveries(state, seat: int) -> list[tuple[int, dict]]:
    best: dict[tuple[str, str], tuple[int, dict]] = {}
    key = str(seat)
    for n, d in enumerate(iter_deliveries(state, seat)):
        if n >= ROUTES_SEEN:
            break
        mine = d["points"].get(key, 0)
        cube = (d["from"], d["colour"])
        if cube not in best or mine > best[cube][0]:
            best[cube] = (mine, d)
    return sorted(best.values(), key=lambda x: (-x[0], x[1]["from"], x[1]["colour"]))


def potential(state, seat: int, actions: int | None = None) -> float:
    """The discounted worth of the seat's best open deliveries (``DELIVERY_WEIGHTS``), as many
    as it has actions left: each one's points and the income they add (``points_worth``)."""
    actions = actions_left(state, seat) if actions is None else actions
    found = deliveries(state, seat)
    points = state.players[seat].points
    total = 0.0
    for w, (pts, _) in zip(DELIVERY_WEIGHTS[:actions], found):
        total += w * points_worth(state, points, pts)
        points += pts
    return total


def points_worth(state, points: int, gain: int) -> float:
    """What ``gain`` more points are worth at ``points``: themselves and the income they add at
    each income phase still to come (the income track rises to $10,000 at 28 points, then falls)."""
    if gain <= 0:
        return float(gain)
    incomes = incomes_left(state)
    ctx = of(state)
    return gain + money_value(incomes) * incomes * (income_of(points + gain, ctx) - income_of(points, ctx))


@lru_cache(maxsize=16)
def city_graph(map_id: str) -> dict[str, list[tuple[str, int]]]:
    """The map's cities joined by the builds that link them on an empty board: 1 for a pair one
    build joins, 2 for one that takes two."""
    graph: dict[str, dict[str, int]] = {}
    for path in corridors(map_id):
        a, b = path[0], path[-1]
        graph.setdefault(a, {})[b] = 1
        graph.setdefault(b, {})[a] = 1
    for a, paths in long_corridors(map_id).items():
        for path in paths:
            b = path[-1]
            graph.setdefault(a, {}).setdefault(b, 2)
            graph.setdefault(b, {}).setdefault(a, 2)
    return {a: sorted(bs.items()) for a, bs in graph.items()}


@lru_cache(maxsize=16)
def city_distances(map_id: str) -> dict[str, dict[str, int]]:
    """Between every two cities of the map, the fewest builds joining them on an empty board
    (through other cities; ``city_graph``), for the cities it joins at all."""
    graph = city_graph(map_id)
    out: dict[str, dict[str, int]] = {}
    for start in graph:
        dist, heap = {start: 0}, [(0, start)]
        while heap:
            d, here = heapq.heappop(heap)
            if d > dist[here]:
                continue
            for nxt, cost in graph[here]:
                if d + cost < dist.get(nxt, math.inf):
                    dist[nxt] = d + cost
                    heapq.heappush(heap, (d + cost, nxt))
        out[start] = dist
    return out


def links_between(map_id: str, a: str, b: str, pairs) -> int | None:
    """How many more links a network of city ``pairs`` needs to join ``a`` and ``b`` (its own
    complete links count nothing), by the map's city graph; ``None`` when it cannot. The network's
    parts (cities its links join) are crossed for free; between them, ``city_distances``."""
    far = city_distances(map_id)
    part: dict[str, int] = {}
    groups: list[set[str]] = []
    for x, y in pairs:
        gx, gy = part.get(x), part.get(y)
        if gx is None and gy is None:
            part[x] = part[y] = len(groups)
            groups.append({x, y})
        elif gx is None or gy is None:
            g = gx if gx is not None else gy
            groups[g] |= {x, y}
            part[x] = part[y] = g
        elif gx != gy:
            for c in groups[gy]:
                part[c] = gx
            groups[gx] |= groups[gy]
            groups[gy] = set()
    nodes = [frozenset(g) for g in groups if g and a not in g and b not in g]
    start = frozenset(groups[part[a]]) if a in part else frozenset((a,))
    goal = frozenset(groups[part[b]]) if b in part else frozenset((b,))
    if start == goal:
        return 0
    nodes.append(goal)

    def gap(x: frozenset, y: frozenset) -> float:
        return min((far.get(c, {}).get(e, math.inf) for c in x for e in y), default=math.inf)

    dist = {start: 0.0}
    todo = [start] + nodes
    done: set[frozenset] = set()
    while todo:
        here = min((n for n in todo if n in dist), key=lambda n: dist[n], default=None)
        if here is None or dist[here] == math.inf:
            return None
        if here == goal:
            return int(dist[here])
        todo.remove(here)
        done.add(here)
        for nxt in todo:
            d = dist[here] + gap(here, nxt)
            if d < dist.get(nxt, math.inf):
                dist[nxt] = d
    return None


def majors(state, seat: int, actions: int) -> float:
    """The open Major Lines the seat could still complete, each ``points * MAJOR_DECAY ** links
    missing``, while it has the actions to build them."""
    lines = of(state).map_cards.major_lines
    owners = state.major_lines
    if not lines or all(o is not None for o in owners):
        return 0.0
    pairs = tuple(sorted({(min(x, y), max(x, y)) for _, x, y in own_graph(state, seat)}))
    return _majors(state.options.map, pairs, tuple(o is None for o in owners), min(actions, 12))


@lru_cache(maxsize=4096)
def _majors(map_id: str, pairs: tuple[tuple[str, str], ...], open_lines: tuple[bool, ...], actions: int) -> float:
    """``majors`` for a network given by its city pairs (cached: most moves leave it as it is)."""
    lines = context_of(map_id).map_cards.major_lines
    total = 0.0
    for (a, b, points), still in zip(lines, open_lines):
        if not still:
            continue
        k = links_between(map_id, a, b, pairs)
        if k is not None and 0 < k <= actions:
            total += MAJOR_WEIGHT * points * MAJOR_DECAY ** k
    return total


def baron_points(state, seat: int) -> float:
    """The seat's kept baron's points if its goal is met now, counted in full in the last turn."""
    b = state.barons
    if b is UNSET:
        return 0.0
    kept = b.kept.get(str(seat))
    if not kept:
        return 0.0
    card = barons.deck()[kept]
    mapdata = of(state).map
    by_name = {c.name: h for h, c in mapdata.cities.items()}
    try:
        met = barons.met(state, seat, card, lambda name: by_name[name], lambda h: state.cities[h].colour)
    except KeyError:            # a route baron of another map: it cannot be met here
        return 0.0
    if not met:
        return 0.0
    return card.points * (1.0 if incomes_left(state) <= 1 else BARON_CHANCE)


def cards_value(state, seat: int, incomes: int) -> float:
    """The kept operations cards, while turns remain (``CARD_VALUE``)."""
    if incomes <= 1:
        return 0.0
    ctx = of(state)
    player = state.players[seat]
    return sum(CARD_VALUE.get(ops.spec(ctx, c).effect, 0.5) for c in player.cards if c not in player.used)


def final_score(state, seat: int) -> float:
    """The seat's final score if the game ended now: points minus bonds plus a met baron."""
    p = state.players[seat]
    return p.points - p.bonds + baron_points(state, seat)


def value(state, seat: int) -> float:
    """The seat's position in points (see the module docstring); ``OTHERS`` of each point the
    other seats hold counts against it."""
    ctx = of(state)
    p = state.players[seat]
    incomes = incomes_left(state)
    m = money_value(incomes)
    dividend = ctx.tables.money.bond_dividend
    v = p.points - p.bonds + baron_points(state, seat)
    if incomes:
        v += m * (p.cash + incomes * (income_of(p.points, ctx) - p.bonds * dividend))
        actions = actions_left(state, seat)
        v += potential(state, seat, actions)
        v += majors(state, seat, actions)
        edges = own_graph(state, seat)
        links = len({e[0] for e in edges})
        later = min(1.0, (incomes - 1) / 3)
        v += LINK_VALUE * links * later
        reached = {c for _, x, y in edges for c in (x, y)}
        v += CUBE_VALUE * later * sum(len(state.cities[c].cubes) for c in reached)
        v += cards_value(state, seat, incomes)
    others = sum(q.points - q.bonds for i, q in enumerate(state.players) if i != seat)
    return v - OTHERS * others


def has_route(state, seat: int, a: str, b: str) -> bool:
    """Whether the seat's complete links join cities ``a`` and ``b``."""
    return connected(own_graph(state, seat), a, b)
