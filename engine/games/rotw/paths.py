"""Track paths on the board: where one build can go, the corridors between cities, and the
cheapest link a player can build now (railways-of-the-world.txt, "A. BUILD TRACK").

A path is a list of hex names as ``Build.path`` takes it: a city or an open end, the hexes that
get tiles, then the city (or open end) it reaches. Walks follow the track tiles' shapes
(straights and gentle curves, ``track.shape_ok``) and leave or enter a city only by a free
spur; ``plan_build`` has the last word on every path.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache

from ...common.hexgrid import edge_key, neighbor, opposite, side_of, side_towards
from ...common.track import MAX_TILES, shape_ok, used_spurs
from ...core.errors import IllegalAction
from . import eventdeck, holdings
from .context import Context, context
from .data import MapData
from .features import enterable, planned, snow_cost
from .periods import is_warp
from .rules import build_cost
from .state import Link, RotwState

Stop = Callable[[str, str], bool]     # (hex reached, hex it is reached from) -> the path ends there
TWO_BUILDS = 2 * MAX_TILES


def walk(mapdata: MapData, path: list[str], entry: int, budget: int, free: Callable[[str], bool],
         stop: Stop) -> Iterator[list[str]]:
    """Every extension of ``path`` (its last hex a tile entered by side ``entry``) by at most
    ``budget`` more tiles through hexes where ``free(hex)``, ending where ``stop`` says; never across
    a wall or into a Western Link hex (``features.enterable``; ferry hexes are left to ``free``)."""
    here = path[-1]
    for side in range(6):
        if not shape_ok(entry, side):
            continue
        nxt = neighbor(here, side)
        if nxt in path or nxt not in mapdata.terrain or not enterable(mapdata, here, nxt, ferries=True):
            continue
        if stop(nxt, here):
            yield path + [nxt]
        elif budget and nxt not in mapdata.cities and free(nxt):
            yield from walk(mapdata, path + [nxt], opposite(side), budget - 1, free, stop)


def free_spurs(mapdata: MapData, links: Mapping[str, Link], city: str) -> set[int]:
    """The spur sides of ``city`` that no link uses yet."""
    return set(mapdata.cities[city].spurs) - used_spurs(links, city)


def from_city(mapdata: MapData, links: Mapping[str, Link], city: str, free: Callable[[str], bool], stop: Stop,
              budget: int = MAX_TILES) -> Iterator[list[str]]:
    """Paths of a new link leaving ``city`` by one of its free spurs."""
    for side in sorted(free_spurs(mapdata, links, city)):
        nxt = neighbor(city, side)
        if nxt in mapdata.terrain and nxt not in mapdata.cities and free(nxt) and enterable(mapdata, city, nxt, True):
            yield from walk(mapdata, [city, nxt], opposite(side), budget - 1, free, stop)


def end_of(links: Mapping[str, Link], lid: str) -> tuple[str, int, int]:
    """``(hex, entry side, exit side)`` of the last tile of unfinished link ``lid``."""
    link = links[lid]
    hexes = link.hexes
    before = hexes[-2] if len(hexes) > 1 else link.from_
    assert link.exit is not None, "an unfinished link's end tile points somewhere"
    return hexes[-1], side_of(hexes[-1], before), link.exit


def from_end(mapdata: MapData, links: Mapping[str, Link], lid: str, free: Callable[[str], bool], stop: Stop,
             budget: int = MAX_TILES) -> Iterator[list[str]]:
    """Paths extending unfinished link ``lid`` from its open end; heading anywhere but where the
    end tile points redirects it, which uses one tile of the build."""
    end, entry, exit_ = end_of(links, lid)
    for side in range(6):
        nxt = neighbor(end, side)
        if not shape_ok(entry, side) or nxt not in mapdata.terrain or nxt in links[lid].hexes \
                or not enterable(mapdata, end, nxt, ferries=True):
            continue
        left = budget - (side != exit_)
        if stop(nxt, end):
            yield [end, nxt]
        elif left and nxt not in mapdata.cities and free(nxt):
            yield from walk(mapdata, [end, nxt], opposite(side), left - 1, free, stop)


def city_stop(mapdata: MapData, links: Mapping[str, Link], cities) -> Stop:
    """Stop at any of ``cities`` entered by a free spur (the links are read once for all of them:
    ``free_spurs`` city by city is slow on a large map with many links)."""
    spurs = {c: set(mapdata.cities[c].spurs) for c in cities}
    for link in links.values():
        hexes = link.hexes
        if hexes:
            for city, tile in ((link.from_, hexes[0]), (link.to, hexes[-1])):
                if city in spurs:
                    spurs[city].discard(side_towards(city, tile))
    return lambda h, frm: h in spurs and side_towards(h, frm) in spurs[h]


def _empty_cost(mapdata: MapData, ctx: Context, path: list[str] | tuple[str, ...], ferry: bool = False) -> int:
    t = ctx.tables
    return sum(t.terrain_cost(mapdata.terrain[h]) for h in path[1:-1]) + t.money.ridge * sum(
        1 for a, b in zip(path, path[1:]) if edge_key(a, b) in mapdata.ridges) + (
        0 if ferry else snow_cost(mapdata, path[1:-1]))


@lru_cache(maxsize=8)
def corridors(map_id: str, ferry: bool = False) -> tuple[tuple[str, ...], ...]:
    """For each pair of cities one build can join on an empty board: the cheapest path
    (hex names, city to city), around walls and Western Link hexes, over no ferry hex; with
    ``ferry`` (a Ferry Line readied), the cheapest over at least one ferry hex instead, for the
    pairs that have one. Raises ``IllegalAction`` for an unknown map."""
    ctx = context(map_id)
    mapdata = ctx.map
    if ferry and not mapdata.ferries:
        return ()
    best: dict[tuple[str, str], tuple[int, int, list[str]]] = {}
    for start in sorted(mapdata.cities):
        others = [c for c in mapdata.cities if c != start and not (is_warp(mapdata, start) and is_warp(mapdata, c))]
        for path in from_city(mapdata, {}, start, lambda h: ferry or h not in mapdata.ferries,
                              city_stop(mapdata, {}, others)):
            if ferry and not mapdata.ferries & set(path):
                continue
            key = (min(start, path[-1]), max(start, path[-1]))
            cost = _empty_cost(mapdata, ctx, path, ferry)
            if key not in best or (cost, len(path), path) < best[key]:
                best[key] = (cost, len(path), path)
    return tuple(tuple(best[k][2]) for k in sorted(best))


@lru_cache(maxsize=8)
def long_corridors(map_id: str) -> dict[str, tuple[tuple[str, ...], ...]]:
    """For each city: the cheapest path on an empty board (by a search over hex and entry side)
    to each city that one build cannot reach but two can (5-8 tiles), cheapest first; around
    walls, Western Link hexes and ferry hexes."""
    ctx = context(map_id)
    mapdata = ctx.map
    single = {frozenset((p[0], p[-1])) for p in corridors(map_id)}
    out: dict[str, tuple[tuple[str, ...], ...]] = {}
    for start in sorted(mapdata.cities):
        found: dict[str, tuple[int, tuple[str, ...]]] = {}
        heap: list[tuple[int, tuple[str, ...], int | None]] = [(0, (start,), None)]   # entry side
        seen: set[tuple[str, int]] = set()
        while heap:
            cost, path, entry = heapq.heappop(heap)
            here = path[-1]
            if entry is not None:
                if (here, entry) in seen:
                    continue
                seen.add((here, entry))
            sides = mapdata.cities[start].spurs if entry is None else [s for s in range(6) if shape_ok(entry, s)]
            for side in sorted(sides):
                nxt = neighbor(here, side)
                if nxt in path or nxt not in mapdata.terrain or not enterable(mapdata, here, nxt):
                    continue
                step = cost + (ctx.tables.money.ridge if edge_key(here, nxt) in mapdata.ridges else 0)
                if nxt in mapdata.cities:
                    if entry is not None and opposite(side) in mapdata.cities[nxt].spurs and not (
                            is_warp(mapdata, start) and is_warp(mapdata, nxt)) and (
                            nxt not in found or step < found[nxt][0]):
                        found[nxt] = (step, path + (nxt,))
                elif len(path) <= TWO_BUILDS:
                    heapq.heappush(heap, (step + ctx.tables.terrain_cost(mapdata.terrain[nxt])
                                          + snow_cost(mapdata, (nxt,)), path + (nxt,), opposite(side)))
        out[start] = tuple(p for _, p in sorted(found.values())
                           if len(p) - 2 > MAX_TILES and frozenset((start, p[-1])) not in single)
    return out


def cheapest_link(state: RotwState, ctx: Context, seat: int, a: str, b: str) -> tuple[list[str], int]:
    """Cheapest legal build that completes a link between city hexes ``a`` and ``b`` now: a new
    link from ``a``, or one that extends (or joins) ``seat``'s own unfinished track from either
    city, whose tiles are already paid for; on equal cost, using that track wins. Over a ferry hex
    only with a readied Ferry Line, whose waived Snow Line surcharge the cost shows (other cards'
    savings are not counted, as before). This turn's event (``eventdeck``) is in the cost and the tiles.

    Returns ``(path, cost in thousands)``. Raises ``IllegalAction`` when one build cannot do it.
    """
    mapdata, track, links = ctx.map, state.track, state.links
    perks = holdings.build_perks(state, ctx, seat)
    budget = holdings.max_tiles(perks) + eventdeck.extra_tiles(state)      # 5 with Perfect Engineering
    ferry = "ferry_line" in perks

    def free(h: str) -> bool:
        return len(track.get(h, [])) < 2 and (ferry or h not in mapdata.ferries)

    mine = {lid: link for lid, link in links.items()
            if link.owner == seat and link.to is None and link.hexes}
    candidates: list[list[str]] = []
    for x, y in ((a, b), (b, a)):
        ends = {link.hexes[-1]: link.exit for link in mine.values() if link.from_ == y}
        to_city = city_stop(mapdata, links, [y] if x == a else [])

        def stop(h: str, frm: str, ends=ends, to_city=to_city) -> bool:
            return to_city(h, frm) or ends.get(h, -1) == side_towards(h, frm)

        for lid, link in mine.items():
            if link.from_ == x:
                candidates += from_end(mapdata, links, lid, free, stop, budget)
        candidates += from_city(mapdata, links, x, free, stop, budget)
    best: tuple | None = None
    refused: list[tuple[int, list[str], str]] = []
    for path in candidates:
        try:
            plan = planned(ctx, state, seat, path, max_tiles=budget, perks=perks)
        except IllegalAction as exc:
            refused.append((len(path), path, str(exc)))
            continue
        if state.options.cut_throat is True and plan.redirect:
            refused.append((len(path), path, "the Cut Throat variant forbids turning the last tile of an "
                                             "unfinished link"))
            continue                          # the Cut Throat variant forbids redirecting
        key = (build_cost(ctx, plan, perks & {"ferry_line"}), plan.link is None and plan.join is None, len(path), path)
        if best is None or key < best:
            best = key
    if best is None:
        raise IllegalAction(why_no_link(state, ctx, seat, a, b, budget, ferry, min(refused, default=None)))
    plan = planned(ctx, state, seat, best[3], max_tiles=budget, perks=perks)
    return best[3], eventdeck.track_price(state, ctx, plan, best[0], perks & {"ferry_line"})


def plan_summary(state: RotwState, ctx: Context, seat: int, path: list[str], toward: str | None = None) -> dict:
    """What the build of ``path`` would lay (a preview whose dry run hides its text says it from
    this): ``{"tiles": tiles laid or turned, "completes": bool, "from": city or open end hex,
    "to": city hex or None, "towards": the last tile's hex}``, with the seat's readied cards and
    this turn's event. Raises ``IllegalAction`` as the build would (railways-of-the-world.txt,
    "A. BUILD TRACK")."""
    perks = holdings.build_perks(state, ctx, seat)
    budget = holdings.max_tiles(perks) + eventdeck.extra_tiles(state)
    plan = planned(ctx, state, seat, path, toward, max_tiles=budget, perks=perks)
    last = plan.tiles[-1][0] if plan.tiles else plan.redirect[0] if plan.redirect else None
    return {"tiles": len(plan.tiles) + (1 if plan.redirect else 0), "completes": plan.completes,
            "from": plan.start_city, "to": plan.end_city, "towards": last}


def why_no_link(state: RotwState, ctx: Context, seat: int, a: str, b: str, budget: int, ferry: bool,
                refused: tuple[int, list[str], str] | None) -> str:
    """Why no single build links city hexes ``a`` and ``b`` (``cheapest_link`` found none), in a
    sentence for the player: a city with every spur taken, the rules refusing the shortest way
    (``refused``: ``(length, path, refusal)``), the cities too far apart for one build, or track
    already laid in the way (``ferry``: a Ferry Line is readied, so ferry hexes may be used).
    Source: railways-of-the-world.txt, "A. BUILD TRACK": track enters a city only by a free track
    connection point; at most ``budget`` tiles per build."""
    mapdata, links = ctx.map, state.links
    name = {h: mapdata.cities[h].name for h in (a, b)}
    head = f"No single build of up to {budget} tiles can link {name[a]} to {name[b]} now"
    tail = " Build another way by hex path (`/rotw build`), or link other cities."
    own_end = {link.from_ for link in links.values()
               if link.owner == seat and link.to is None and link.hexes}
    full = [h for h in (a, b) if not free_spurs(mapdata, links, h) and h not in own_end]
    if full:
        which = " and ".join(name[h] for h in full)
        return (f"{head}: every track spur of {which} is taken by a link already, and track enters a city "
                "only by a free spur.")
    if refused is not None:
        _, path, why = refused
        shown = " ".join(mapdata.cities[h].name if h in mapdata.cities else h for h in path)
        return f"{head}: the shortest way ({shown}) is refused: {why.rstrip('.')}.{tail}"
    empty = list(from_city(mapdata, {}, a, lambda h: ferry or h not in mapdata.ferries, city_stop(mapdata, {}, [b]),
                           budget))
    if not empty:
        return (f"{head}: they are more than {budget} tiles apart (around walls, water and other cities). "
                "Lay part of the way with `/rotw build` and finish it with a later action this turn (unfinished "
                "track is removed at the end of the turn), or link them through another city.")
    track = state.track
    blocked = sorted({h for p in empty for h in p[1:-1] if len(track.get(h, [])) >= 2} | {
        h for p in empty for h in (p[0], p[-1]) if h in mapdata.cities and side_towards(h, p[1 if h == p[0] else -2])
        not in free_spurs(mapdata, links, h)})
    where = ", ".join(f"the spur of {mapdata.cities[h].name}" if h in mapdata.cities else h for h in blocked[:4])
    return (f"{head}: track already laid is in the way of every such path"
            + (f" (at {where})" if where else "") + f".{tail}")
