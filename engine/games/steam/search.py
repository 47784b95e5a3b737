"""Steam's legal actions: every bid step, tile, delivery and choice, and the track a build may lay
(every piece of track touching a city or an open end the seat may extend, every town tile exit,
every redirect), each checked by the rules themselves on a copy."""
from __future__ import annotations

from itertools import combinations

from railhead.engine.common import tilenet
from railhead.engine.common.hexgrid import SIDES, neighbor
from railhead.engine.common.routes import adjacency, routes

from . import build as bld
from . import flow
from .context import of
from .data import load_manifest
from .money import can_raise


def legal_actions(state: dict, seat: int) -> list[dict]:
    mapdata, rules = of(state)
    phase = state["phase"]
    if phase == "capital":
        if state["capital"].get(str(seat), 0) is not None:
            return []
        p = state["players"][seat]
        return [{"type": "capital", "steps": k} for k in range(0, min(3, p["income"] - rules.income_min) + 1)] + [
            {"type": "capital", "steps": 0, "always": True}]
    if phase == "score":
        s = state["scoring"]
        waiting = str(seat) in s["points"] and str(seat) not in s["choices"]
        return [{"type": "score", "take": t} for t in ("income", "vp")] if waiting else []
    if flow.actor(state) != seat:
        return []
    player = state["players"][seat]
    if phase in ("auction", "order"):
        a = state["auction"]["order"] if phase == "auction" else state["bidding"]
        floor = max(flow.OPENING_BID, a["high"] + 1)
        return [{"type": "pass"}] + [{"type": "bid", "amount": floor + i} for i in range(6)
                                     if floor + i <= can_raise(player, rules)]
    if phase == "select":
        acts = []
        for t in flow.free_tiles(state, rules):
            maxed = t.id == "locomotive" and player["loco"] >= rules.locomotive_max
            if t.cost <= can_raise(player, rules) and not maxed:
                acts.append({"type": "select", "tile": t.id})
            if t.pass_option:
                acts.append({"type": "select", "tile": t.id, "pass_option": True})
        return acts
    if phase == "build":
        return build_actions(state, mapdata, rules, seat)
    if phase == "move":
        acts: list[dict] = [{"type": "pass"}]
        if not player["loco_done"] and player["loco"] < rules.locomotive_max:
            acts.append({"type": "locomotive"})
        adj = adjacency(state["links"])

        def colour_of(h):
            return state["cities"][h]["colour"] if h in state["cities"] else None
        for h, city in sorted(state["cities"].items()):
            for colour in sorted(set(city["cubes"])):
                for ids, _ in routes(state["links"], h, colour, player["loco"], seat, colour_of, adj, rule="share"):
                    acts.append({"type": "deliver", "from": h, "colour": colour, "links": ids})
        return acts
    return []


def build_actions(state: dict, mapdata, rules, seat: int) -> list[dict]:
    b = state["build"]
    acts: list[dict] = []
    if not (("city-growth" in b["todo"] and bld.can_grow(state, mapdata))
            or ("urbanization" in b["todo"] and bld.can_urbanize(state, mapdata))
            or ("production" in b["todo"] and bld.can_produce(state, mapdata))):
        acts.append({"type": "done"})
    if "city-growth" in b["todo"]:
        acts += [{"type": "grow", "city": h} for h, c in sorted(mapdata.cities.items())
                 if not state["cities"][h]["growth"] and c.supply]
    if "production" in b["todo"] and bld.can_produce(state, mapdata):
        empty = bld.production_spaces(state, mapdata)
        if len(empty) >= 2:
            acts += [{"type": "produce", "spaces": list(pair)} for pair in combinations(empty, 2)][:20]
        else:
            acts.append({"type": "produce", "spaces": empty})
    if "urbanization" in b["todo"]:
        board = bld.SteamBoard(mapdata, state)
        towns = [h for h in sorted(mapdata.hexes) if board.node(h) == "town"]
        acts += [{"type": "urbanize", "town": h, "tile": x} for h in towns for x in sorted(state["new_cities"])[:1]]
    if b["laid"] < b["limit"]:
        acts += [t["action"] for t in _priced(state, mapdata, rules, seat)]
    return acts


def track_costs(state: dict, seat: int | None) -> list[dict]:
    """The seat's legal track tiles and redirects now, each with what it costs in dollars:
    ``[{"action": {...}, "cost": 3}]`` (the same actions as ``legal_actions``; none outside the
    seat's build or once its tiles are laid)."""
    b = state["build"]
    if state["phase"] != "build" or seat is None or flow.actor(state) != seat or b["laid"] >= b["limit"]:
        return []
    mapdata, rules = of(state)
    return _priced(state, mapdata, rules, seat)


def _priced(state: dict, mapdata, rules, seat: int) -> list[dict]:
    """Track candidates the rules accept now and the seat can pay for, with their costs."""
    most = can_raise(state["players"][seat], rules)
    out = []
    for action in track_candidates(state, mapdata, seat):
        cost = _cost(state, mapdata, rules, seat, action)
        if cost is not None and cost <= most:
            out.append({"action": action, "cost": cost})
    return out


def track_candidates(state: dict, mapdata, seat: int) -> list[dict]:
    """Pieces of track next to a city or an open end, town tiles, redirects: to be checked."""
    board = bld.SteamBoard(mapdata, state)
    hexes = set()
    for h in state["cities"]:
        hexes |= {neighbor(h, s) for s in range(6)}
    for link in state["links"].values():
        if link["to"] is None and link["exit"] is not None:
            hexes.add(neighbor(link["path"][-1][0], link["exit"]))
    out = []
    for h in sorted(x for x in hexes if x in mapdata.hexes and board.node(x) != "city"):
        tile = state["track"].get(h)
        if board.node(h) == "town":
            have = [s[0] for s in tile["segments"]] if tile else []
            for k in (1, 2):
                for extra in combinations([s for s in range(6) if s not in have], k):
                    out.append({"type": "build", "hex": h, "exits": [SIDES[s] for s in sorted(have + list(extra))]})
            continue
        starts = [side for side in range(6) if _leads_in(state, board, h, side)]
        pairs = {tuple(sorted((a, c))) for a in starts for c in range(6) if c != a}
        out += [{"type": "build", "hex": h, "exits": [SIDES[a], SIDES[c]]} for a, c in sorted(pairs)]
    for lid, link in state["links"].items():
        if link["to"] is None and tilenet.claimable(state["links"], seat, lid, board.node):
            h = link["path"][-1][0]
            tile = state["track"][h]
            if len(tile["segments"]) == 1 and tile["segments"][0][1] >= 0:
                entry = next(s for s in tile["segments"][0] if s != link["exit"])
                out += [{"type": "redirect", "hex": h, "exits": [SIDES[entry], SIDES[s]]}
                        for s in range(6) if s not in (entry, link["exit"])]
    return out


def _leads_in(state: dict, board, h: str, side: int) -> bool:
    """Whether track leaving ``h`` by ``side`` meets a city or an open end facing it: a piece of track
    needs one such side to start from (the rest are refused by ``tilenet.connect``)."""
    other = neighbor(h, side)
    if board.node(other) == "city":
        return True
    back = (side + 3) % 6
    return any(link["to"] is None and link["exit"] == back and link["path"][-1][0] == other
               for link in state["links"].values())


def _cost(state: dict, mapdata, rules, seat: int, action: dict) -> int | None:
    """What a track action costs if the rules accept it now (``None`` if not): the same checks and
    prices as ``build.lay`` and ``build.redirect`` (``tilenet``'s plan and connection), without
    laying it; the money is not checked."""
    from railhead.engine.core.errors import IllegalAction
    board = bld.SteamBoard(mapdata, state)
    manifest = load_manifest()
    h = action["hex"]
    sides = bld.sides_of(action["exits"])
    try:
        if action["type"] == "redirect":
            _, plan = tilenet.plan_redirect(board, state["track"], state["links"], manifest, state["tiles"], seat, h,
                                            sides)
            cost = plan.track_cost
        else:
            if board.node(h) == "town":
                plan = tilenet.plan_town(board, state["track"], state["links"], manifest, state["tiles"], h, sides)
            else:
                plan = tilenet.plan_segment(board, state["track"], state["links"], manifest, state["tiles"], seat,
                                            h, sides)
            tilenet.connect(plan, board, state["links"], seat)
            cost = bld.tile_cost(plan, mapdata, rules)[0]
    except IllegalAction:
        return None
    return cost


__all__ = ["legal_actions", "load_manifest"]
