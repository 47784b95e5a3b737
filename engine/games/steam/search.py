"""Steam's legal actions: every bid step, tile, delivery and choice, and the track a build may lay
(every piece of track touching a city or an open end the seat may extend, every town tile exit,
every redirect), each checked by the rules themselves without playing it; and the random moves of
a search player (``sample_build``, ``sample_move``; the other steps' with ``steps.by_kind``): a
kind drawn uniformly among those legal now, then one of its moves, without listing every track
tile or delivery."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

from ...common import auction_step, tilenet
from ...common.hexgrid import SIDES, neighbor
from ...common.routes import adjacency, routes
from ...core.errors import IllegalAction
from ...core.rng import Stream
from . import build as bld
from . import flow
from .context import of
from .data import MapData, Rules, load_manifest
from .money import can_raise
from .moves import scoring
from .standard import bidding, capitals
from .state import Link, SteamState


def capital_actions(state: SteamState, seat: int) -> list[dict]:
    """Capital (standard game): 0 to 3 steps of $5 (no more than the income track allows), or no
    capital for every turn."""
    if capitals(state).get(str(seat), 0) is not None:
        return []
    rules = of(state)[1]
    p = state.players[seat]
    return [{"type": "capital", "steps": k} for k in range(0, min(3, p.income - rules.income_min) + 1)] + [
        {"type": "capital", "steps": 0, "always": True}]


def score_actions(state: SteamState, seat: int) -> list[dict]:
    """A delivery's track points as income or as VP, for a seat still choosing."""
    s = scoring(state)
    waiting = str(seat) in s.points and str(seat) not in s.choices
    return [{"type": "score", "take": t} for t in ("income", "vp")] if waiting else []


def _floor(state: SteamState) -> int:
    """The lowest bid now, in dollars (the first turn's auction or the standard game's)."""
    a = flow.first_order(state).order if state.phase == "auction" else bidding(state)
    return max(flow.OPENING_BID, a.high + 1)


def bid_actions(state: SteamState, seat: int) -> list[dict]:
    """An auction's pass, and bids from the lowest allowed up to $5 more, as far as the seat can
    raise the money."""
    if flow.actor(state) != seat:
        return []
    lowest = _floor(state)
    most = can_raise(state.players[seat], of(state)[1])
    return auction_step.bid_actions(lowest, 6, most)


def can_bid(state: SteamState, seat: int) -> bool:
    """Whether ``seat`` could bid now, not only pass (``bid_actions`` lists a bid)."""
    return _floor(state) <= can_raise(state.players[seat], of(state)[1])


def select_actions(state: SteamState, seat: int) -> list[dict]:
    """The free action tiles the seat can pay for (Locomotive only below the top level), and each
    free tile's pass option."""
    if flow.actor(state) != seat:
        return []
    rules = of(state)[1]
    player = state.players[seat]
    most = can_raise(player, rules)
    acts: list[dict] = []
    for t in flow.free_tiles(state, rules):
        maxed = t.id == "locomotive" and player.loco >= rules.locomotive_max
        if t.cost <= most and not maxed:
            acts.append({"type": "select", "tile": t.id})
        if t.pass_option:
            acts.append({"type": "select", "tile": t.id, "pass_option": True})
    return acts


def _colour_of(state: SteamState) -> Callable[[str], str | None]:
    cities = state.cities
    return lambda h: cities[h].colour if h in cities else None


def _deliveries(state: SteamState, seat: int) -> Iterator[dict]:
    """Every delivery of ``seat`` now, lazily: cities in hex order, colours sorted, routes as
    ``routes`` finds them."""
    player = state.players[seat]
    links = state.links
    adj = adjacency(links)
    colour_of = _colour_of(state)
    for h, city in sorted(state.cities.items()):
        for colour in sorted(set(city.cubes)):
            for ids, _ in routes(links, h, colour, player.loco, seat, colour_of, adj, rule="share"):
                yield {"type": "deliver", "from": h, "colour": colour, "links": ids}


def _can_improve(state: SteamState, seat: int) -> bool:
    player = state.players[seat]
    return not player.loco_done and player.loco < of(state)[1].locomotive_max


def move_actions(state: SteamState, seat: int) -> list[dict]:
    """Moving goods: pass, a locomotive level (once a turn, below the top), every delivery."""
    if flow.actor(state) != seat:
        return []
    acts: list[dict] = [{"type": "pass"}]
    if _can_improve(state, seat):
        acts.append({"type": "locomotive"})
    return acts + list(_deliveries(state, seat))


def can_move(state: SteamState, seat: int) -> bool:
    """Whether ``seat`` could do more than pass while moving goods (``move_actions``)."""
    return _can_improve(state, seat) or next(_deliveries(state, seat), None) is not None


def sample_move(state: SteamState, seat: int, rng: Stream) -> dict | None:
    """One of ``move_actions`` at random without listing every delivery: a kind drawn uniformly
    among those legal now (``pass``, ``locomotive``, ``deliver``), then for a delivery a random
    city and cube colour that has one, and one of its routes."""
    if flow.actor(state) != seat:
        return None
    kinds = ["pass", "locomotive", "deliver"] if _can_improve(state, seat) else ["pass", "deliver"]
    while True:
        kind = kinds.pop(rng.below(len(kinds)))
        if kind != "deliver":
            return {"type": kind}
        act = _sample_delivery(state, seat, rng)
        if act is not None:
            return act


def _sample_delivery(state: SteamState, seat: int, rng: Stream) -> dict | None:
    links = state.links
    if not any(link.to is not None for link in links.values()):
        return None
    player = state.players[seat]
    adj = adjacency(links)
    colour_of = _colour_of(state)
    cubes = [(h, colour) for h, city in sorted(state.cities.items()) if h in adj
             for colour in sorted(set(city.cubes))]
    while cubes:
        h, colour = cubes.pop(rng.below(len(cubes)))
        found = [ids for ids, _ in routes(links, h, colour, player.loco, seat, colour_of, adj, rule="share")]
        if found:
            return {"type": "deliver", "from": h, "colour": colour, "links": rng.choice(found)}
    return None


def build_actions_of(state: SteamState, seat: int) -> list[dict]:
    """The build step's legal actions for ``seat`` (``build_actions``)."""
    if flow.actor(state) != seat:
        return []
    mapdata, rules = of(state)
    return build_actions(state, mapdata, rules, seat)


def build_choices(state: SteamState, mapdata: MapData, rules: Rules) -> list[dict]:
    """The build's moves other than track, in ``build_actions``' order: ``done`` (unless a City
    Growth, Urbanization or Production taken can still be used), each city that may grow, up to 20
    pairs of empty goods supply spaces for Production, each town for the next New City tile."""
    todo = bld.building(state).todo
    acts: list[dict] = []
    if not (("city-growth" in todo and bld.can_grow(state, mapdata))
            or ("urbanization" in todo and bld.can_urbanize(state, mapdata))
            or ("production" in todo and bld.can_produce(state, mapdata))):
        acts.append({"type": "done"})
    if "city-growth" in todo:
        acts += [{"type": "grow", "city": h} for h, c in sorted(mapdata.cities.items())
                 if not state.cities[h].growth and c.supply]
    if "production" in todo and bld.can_produce(state, mapdata):
        empty = bld.production_spaces(state, mapdata)
        if len(empty) >= 2:
            acts += [{"type": "produce", "spaces": list(pair)} for pair in combinations(empty, 2)][:20]
        else:
            acts.append({"type": "produce", "spaces": empty})
    if "urbanization" in todo:
        board = bld.SteamBoard(mapdata, state)
        towns = [h for h in sorted(mapdata.hexes) if board.node(h) == "town"]
        acts += [{"type": "urbanize", "town": h, "tile": x} for h in towns for x in sorted(state.new_cities)[:1]]
    return acts


def build_actions(state: SteamState, mapdata: MapData, rules: Rules, seat: int) -> list[dict]:
    """Everything ``seat`` may do in its build now: ``build_choices``, then every track tile and
    redirect it can pay for (``track_candidates`` checked by the rules)."""
    acts = build_choices(state, mapdata, rules)
    b = bld.building(state)
    if b.laid < b.limit:
        acts += [t["action"] for t in _priced(state, mapdata, rules, seat)]
    return acts


def build_default(state: SteamState, seat: int) -> dict | None:
    """The build's move for a seat that does not answer: ``done``, else the first City Growth,
    Urbanization or Production it must still use (there is one whenever ``done`` is refused)."""
    if flow.actor(state) != seat:
        return None
    mapdata, rules = of(state)
    acts = build_choices(state, mapdata, rules)
    return acts[0] if acts else None


CHEAPEST_TRACK = 2
"""No track costs less: $1 an exit and a piece of track has two, a town tile one exit and the town
(steam.txt, "Paying for Your First Tracks"); terrain and improvements only add."""
TRACK_TRIES = 40
"""Random pieces of track ``sample_build`` tries before it lists them all (``_priced``)."""


def sample_build(state: SteamState, seat: int, rng: Stream) -> dict | None:
    """One legal build move of ``seat`` drawn at random without listing every track tile: a kind
    drawn uniformly among the kinds legal now (``done``, ``grow``, ``produce``, ``urbanize``,
    ``build``, ``redirect``), then one of its moves. A track tile is a random side of a hex next to
    a city or an open end (as ``track_candidates`` finds them), and a random second side (a town:
    random new exits), checked by the rules and the seat's money, tried ``TRACK_TRIES`` times
    before every candidate is checked in a random order; redirects are few and checked in a random
    order until one is accepted. The draw is one of ``build_actions``."""
    if flow.actor(state) != seat:
        return None
    mapdata, rules = of(state)
    b = bld.building(state)
    kinds: dict[str, list[dict]] = {}
    for choice in build_choices(state, mapdata, rules):
        kinds.setdefault(choice["type"], []).append(choice)
    names = list(kinds)
    if b.laid < b.limit and can_raise(state.players[seat], rules) >= CHEAPEST_TRACK:
        names += [k for k in ("build", "redirect") if k not in kinds]      # drawn when their kind is drawn
    while names:
        kind = names.pop(rng.below(len(names)))
        if kind == "build":
            act = _sample_track(state, mapdata, rules, seat, rng) or _first_priced(
                state, mapdata, rules, seat,
                [a for a in track_candidates(state, mapdata, seat) if a["type"] == "build"], rng)
            if act is not None:
                return act
        elif kind == "redirect":
            act = _first_priced(state, mapdata, rules, seat, _redirects(state, bld.SteamBoard(mapdata, state), seat),
                                rng)
            if act is not None:
                return act
        else:
            return rng.choice(kinds[kind])
    return None


def _first_priced(state: SteamState, mapdata: MapData, rules: Rules, seat: int, candidates: list[dict],
                  rng: Stream) -> dict | None:
    """One of ``candidates`` the rules accept and the seat can pay for, each equally likely (the
    first such in a random order), or ``None``: checked one by one, not all."""
    most = can_raise(state.players[seat], rules)
    board = bld.SteamBoard(mapdata, state)
    rng.shuffle(candidates)
    for action in candidates:
        cost = _cost(state, mapdata, rules, seat, action, board)
        if cost is not None and cost <= most:
            return action
    return None


def _sample_track(state: SteamState, mapdata: MapData, rules: Rules, seat: int, rng: Stream) -> dict | None:
    board = bld.SteamBoard(mapdata, state)
    ends = _open_ends(state.links)
    hexes = _candidate_hexes(state, mapdata, board, ends)
    if not hexes:
        return None
    most = can_raise(state.players[seat], rules)
    for _ in range(TRACK_TRIES):
        h = rng.choice(hexes)
        if board.node(h) == "town":
            have, free, leads, owns = _town_exits(state, board, ends, seat, h)
            if not free or not (owns or leads):
                continue
            extra = _pick(free, 1 + rng.below(min(2, len(free))), rng)
            if not (owns or leads.intersection(extra)):
                continue
            exits = sorted(have + extra)
        else:
            free = _free_sides(state, h)
            starts = [side for side in free if _leads_in(board, ends, h, side)]
            if not starts or len(free) < 2:
                continue
            a = rng.choice(starts)
            c = rng.choice([x for x in free if x != a])
            exits = sorted((a, c))
        action = {"type": "build", "hex": h, "exits": [SIDES[x] for x in exits]}
        cost = _cost(state, mapdata, rules, seat, action, board)
        if cost is not None and cost <= most:
            return action
    return None


def _pick(items: list[int], k: int, rng: Stream) -> list[int]:
    """``k`` of ``items`` at random (without repeats)."""
    pool = list(items)
    return [pool.pop(rng.below(len(pool))) for _ in range(k)]


def track_costs(state: SteamState, seat: int | None) -> list[dict]:
    """The seat's legal track tiles and redirects now, each with what it costs in dollars:
    ``[{"action": {...}, "cost": 3}]`` (the same actions as ``legal_actions``; none outside the
    seat's build or once its tiles are laid)."""
    b = state.build
    if state.phase != "build" or b is None or seat is None or flow.actor(state) != seat or b.laid >= b.limit:
        return []
    mapdata, rules = of(state)
    return _priced(state, mapdata, rules, seat)


def _priced(state: SteamState, mapdata: MapData, rules: Rules, seat: int) -> list[dict]:
    """Track candidates the rules accept now and the seat can pay for, with their costs."""
    most = can_raise(state.players[seat], rules)
    board = bld.SteamBoard(mapdata, state)
    out = []
    for action in track_candidates(state, mapdata, seat):
        cost = _cost(state, mapdata, rules, seat, action, board)
        if cost is not None and cost <= most:
            out.append({"action": action, "cost": cost})
    return out


def _open_ends(links: dict[str, Link]) -> dict[tuple[str, int], str]:
    """``{(hex, side): link id}``: the open end of each incomplete link, the hex of its last tile and
    the side it points through."""
    return {(str(link.path[-1][0]), link.exit): lid for lid, link in links.items()
            if link.to is None and link.exit is not None}


def _candidate_hexes(state: SteamState, mapdata: MapData, board: bld.SteamBoard,
                     ends: dict[tuple[str, int], str]) -> list[str]:
    """The hexes track may start in, sorted: next to a city, or faced by an open end (no city)."""
    hexes = set(_near_printed_cities(mapdata))
    for h in state.cities:
        if h not in mapdata.cities:                             # a New City
            hexes.update(neighbor(h, s) for s in range(6))
    hexes.update(neighbor(h, side) for h, side in ends)
    return sorted(x for x in hexes if x in mapdata.hexes and board.node(x) != "city")


_NEAR: dict[int, tuple[MapData, frozenset[str]]] = {}


def _near_printed_cities(mapdata: MapData) -> frozenset[str]:
    """The hexes next to the cities printed on ``mapdata`` (worked out once per map)."""
    known = _NEAR.get(id(mapdata))
    if known is None or known[0] is not mapdata:
        near = frozenset(neighbor(h, s) for h in mapdata.cities for s in range(6))
        known = _NEAR[id(mapdata)] = (mapdata, near)
    return known[1]


def track_candidates(state: SteamState, mapdata: MapData, seat: int) -> list[dict]:
    """Pieces of track next to a city or an open end, town tiles, redirects: to be checked. Left
    out, as the rules would refuse them anyway: a piece using a side the hex's track already uses,
    or not starting from a city or an open end; new town exits none of which meets a city or an
    open end, in a town where ``seat`` has no link (``_town_exits``)."""
    board = bld.SteamBoard(mapdata, state)
    ends = _open_ends(state.links)
    out: list[dict] = []
    for h in _candidate_hexes(state, mapdata, board, ends):
        if board.node(h) == "town":
            have, free, leads, owns = _town_exits(state, board, ends, seat, h)
            for k in (1, 2):
                for extra in combinations(free, k):
                    if owns or leads.intersection(extra):
                        out.append({"type": "build", "hex": h, "exits": [SIDES[s] for s in sorted(have + list(extra))]})
            continue
        free = _free_sides(state, h)
        starts = [side for side in free if _leads_in(board, ends, h, side)]
        pairs = {tuple(sorted((a, c))) for a in starts for c in free if c != a}
        out += [{"type": "build", "hex": h, "exits": [SIDES[a], SIDES[c]]} for a, c in sorted(pairs)]
    return out + _redirects(state, board, seat)


def _free_sides(state: SteamState, h: str) -> list[int]:
    """The sides of plain hex ``h`` its track does not use yet (new track may use only those)."""
    tile = state.track.get(h)
    used = {x for seg in tile.segments for x in seg} if tile is not None else set()
    return [s for s in range(6) if s not in used]


def _town_exits(state: SteamState, board: bld.SteamBoard, ends: dict[tuple[str, int], str], seat: int,
                h: str) -> tuple[list[int], list[int], set[int], bool]:
    """Town hex ``h``: its tile's exits, the sides still free, those of them that meet a city or an
    open end, and whether ``seat`` owns a link at the town (then new exits need not meet anything:
    ``tilenet.connect``)."""
    tile = state.track.get(h)
    have = [s[0] for s in tile.segments] if tile is not None else []
    free = [s for s in range(6) if s not in have]
    leads = {s for s in free if _leads_in(board, ends, h, s)}
    owns = any(link.owner == seat and h in (link.from_, link.to) for link in state.links.values())
    return have, free, leads, owns


def _redirects(state: SteamState, board: bld.SteamBoard, seat: int) -> list[dict]:
    """Every other side the last tile of each incomplete link ``seat`` may claim could turn to."""
    out: list[dict] = []
    for lid, link in state.links.items():
        if link.to is None and tilenet.claimable(state.links, seat, lid, board.node):
            h = str(link.path[-1][0])
            tile = state.track[h]
            if len(tile.segments) == 1 and tile.segments[0][1] >= 0:
                entry = next(s for s in tile.segments[0] if s != link.exit)
                out += [{"type": "redirect", "hex": h, "exits": [SIDES[entry], SIDES[s]]}
                        for s in range(6) if s not in (entry, link.exit)]
    return out


def _leads_in(board: bld.SteamBoard, ends: dict[tuple[str, int], str], h: str, side: int) -> bool:
    """Whether track leaving ``h`` by ``side`` meets a city or an open end facing it (``ends``:
    ``_open_ends``): a piece of track needs one such side to start from (the rest are refused by
    ``tilenet.connect``)."""
    other = neighbor(h, side)
    return board.node(other) == "city" or (other, (side + 3) % 6) in ends


def _cost(state: SteamState, mapdata: MapData, rules: Rules, seat: int, action: dict[str, Any],
          board: bld.SteamBoard | None = None) -> int | None:
    """What a track action costs if the rules accept it now (``None`` if not): the same checks and
    prices as ``build.lay`` and ``build.redirect`` (``tilenet``'s plan and connection), without
    laying it; the money is not checked. ``board``: the state's ``SteamBoard``, when the caller
    has one."""
    board = board or bld.SteamBoard(mapdata, state)
    manifest = load_manifest()
    h = action["hex"]
    sides = bld.sides_of(action["exits"])
    try:
        if action["type"] == "redirect":
            _, plan = tilenet.plan_redirect(board, state.track, state.links, manifest, state.tiles, seat, h, sides)
            cost = plan.track_cost
        else:
            if board.node(h) == "town":
                plan = tilenet.plan_town(board, state.track, state.links, manifest, state.tiles, h, sides)
            else:
                plan = tilenet.plan_segment(board, state.track, state.links, manifest, state.tiles, seat, h, sides)
            tilenet.connect(plan, board, state.links, seat)
            cost = bld.tile_cost(plan, mapdata, rules)[0]
    except IllegalAction:
        return None
    return cost


__all__ = ["bid_actions", "build_actions", "build_actions_of", "build_default", "can_bid", "can_move",
           "capital_actions", "move_actions", "sample_build", "sample_move", "score_actions",
           "select_actions", "track_costs"]
