"""Finding legal moves: link routes between cities, deliveries, and the legal-action list.

Build paths are unbounded in general; ``legal_actions`` offers the cheapest complete link
for each pair of cities that one build can join (docs/actions/rotw.md), which is what the
bot's "from city to city" command and random playouts need.
"""
from __future__ import annotations

from functools import lru_cache

from engine.common.goods import COLOURS
from engine.common.hexgrid import neighbor
from engine.common.routes import adjacency, routes
from engine.common.track import MAX_TILES, plan_build
from engine.core.errors import IllegalAction

from . import cards as ops
from . import rules
from .context import Context, context
from .data import MapData
from .rules import build_cost


def _paths_from(mapdata: MapData, start: str, free) -> list[list[str]]:
    """Every simple path ``start, tile hexes (1-4), city`` through hexes where ``free(hex)``."""
    found: list[list[str]] = []
    spurs = mapdata.cities[start].spurs

    def walk(path: list[str]) -> None:
        here = path[-1]
        for side in range(6):
            nxt = neighbor(here, side)
            if nxt in path or nxt not in mapdata.terrain:
                continue
            if len(path) == 1 and side not in spurs:
                continue
            if nxt in mapdata.cities:
                if len(path) > 1:
                    found.append(path + [nxt])
                continue
            if len(path) <= MAX_TILES and free(nxt):
                walk(path + [nxt])

    walk([start])
    return found


@lru_cache(maxsize=8)
def corridors(map_id: str) -> tuple[tuple[str, ...], ...]:
    """For each pair of cities one build can join on an empty board: the cheapest path
    (hex names, city to city). Raises ``IllegalAction`` for an unknown map."""
    ctx = context(map_id)
    mapdata, t = ctx.map, ctx.tables
    best: dict[tuple[str, str], tuple[int, int, list[str]]] = {}
    for start in sorted(mapdata.cities):
        for path in _paths_from(mapdata, start, lambda h: True):
            key = (min(start, path[-1]), max(start, path[-1]))
            cost = sum(t.terrain_cost(mapdata.terrain[h]) for h in path[1:-1]) + sum(
                t.money.ridge for a, b in zip(path, path[1:]) if "|".join(sorted((a, b))) in mapdata.ridges)
            if key not in best or (cost, len(path), path) < best[key]:
                best[key] = (cost, len(path), path)
    return tuple(tuple(best[k][2]) for k in sorted(best))


def cheapest_link(state: dict, ctx: Context, seat: int, a: str, b: str) -> tuple[list[str], int]:
    """Cheapest legal complete link from city hex ``a`` to city hex ``b`` on the current board.

    Returns ``(path, cost in thousands)``. Raises ``IllegalAction`` when one build cannot do it.
    """
    mapdata = ctx.map
    track, links = state["track"], state["links"]
    best: tuple[int, int, list[str]] | None = None
    for path in _paths_from(mapdata, a, lambda h: len(track.get(h, [])) < 2):
        if path[-1] != b:
            continue
        try:
            plan = plan_build(mapdata, track, links, seat, path)
        except IllegalAction:
            continue
        cost = build_cost(ctx, plan)
        if best is None or (cost, len(path)) < best[:2]:
            best = (cost, len(path), path)
    if best is None:
        raise IllegalAction(f"No single build of up to {MAX_TILES} tiles can link {mapdata.cities[a].name} "
                            f"to {mapdata.cities[b].name} now; build by hex path instead.")
    return best[2], best[0]


def iter_deliveries(state: dict, seat: int):
    """Every legal delivery of ``seat``, lazily: ``{"type": "deliver", "from", "colour", "links"}``
    with a ``"points"`` preview (``{seat: points}``) and ``"to"`` (destination hex)."""
    engine = state["players"][seat]["engine"]
    links = state["links"]
    if not any(link["owner"] == seat and link["to"] for link in links.values()):
        return
    adj = adjacency(links)
    for origin in sorted(adj):
        for colour in sorted(set(state["cities"][origin]["cubes"])):
            for ids, passed in routes(links, origin, colour, engine, seat,
                                      lambda h: state["cities"][h]["colour"], adj):
                gains: dict[str, int] = {}
                for lid in ids:
                    owner = str(links[lid]["owner"])
                    gains[owner] = gains.get(owner, 0) + 1
                yield {"type": "deliver", "from": origin, "colour": colour, "links": ids,
                       "to": passed[-1], "points": gains}


def deliveries(state: dict, seat: int) -> list[dict]:
    """All of ``iter_deliveries`` as a list."""
    return list(iter_deliveries(state, seat))


def can_deliver(state: dict, seat: int) -> bool:
    """Whether ``seat`` has any legal delivery (stops at the first one found)."""
    return next(iter_deliveries(state, seat), None) is not None


def legal_actions(state: dict, ctx: Context, seat: int) -> list[dict]:
    """Legal actions of ``seat`` now, as JSON actions (build: one cheapest complete link per
    city pair; bids: the floor and the nine amounts above it)."""
    if rules.actor(state) != seat:
        return []
    if state["phase"] == "auction":
        floor = rules.bid_floor(state, ctx)
        return [{"type": "pass"}] + [{"type": "bid", "amount": floor + i} for i in range(10)]
    mapdata = ctx.map
    acts: list[dict] = [{"type": "pass"}]
    if state["players"][seat]["engine"] < 8:
        acts.append({"type": "upgrade"})
    acts += [{k: v for k, v in d.items() if k not in ("to", "points")} for d in deliveries(state, seat)]
    for path in corridors(mapdata.id):
        for p in (list(path), list(reversed(path))):
            try:
                plan_build(mapdata, state["track"], state["links"], seat, p)
            except IllegalAction:
                continue
            acts.append({"type": "build", "path": p})
            break
    grays = [h for h in sorted(state["cities"]) if state["cities"][h]["colour"] == "gray"]
    tiles = [c for c in COLOURS if state["new_city_tiles"].get(c, 0) > 0]
    acts += [{"type": "urbanize", "city": h, "colour": c} for h in grays for c in tiles]
    for card in state["cards"]["face_up"]:
        s = ops.spec(ctx, card)
        if s.effect == "engine_upgrade" and state["players"][seat]["engine"] < 8:
            acts.append({"type": "take_card", "card": card})
        elif s.effect == "city_growth":
            acts += [{"type": "take_card", "card": card, "city": h} for h in sorted(state["cities"])]
        elif s.effect == "new_industry":
            acts += [{"type": "take_card", "card": card, "city": h, "colour": c} for h in grays for c in tiles]
    return acts
