"""A steady Steam player for whole games in tests and benchmarks: it plays to the last turn instead
of going bankrupt.

The random policy of the playout tests lays track anywhere and goes bankrupt within a few turns, so
its games end early. This one plays like a careful beginner. It only ever picks one of the engine's
legal actions (``GAME.legal_actions``):

- track: finishes its own open link toward the city it would deliver most cubes to (routes counted
  with the engine's own ``routes``, as if the link were built), else starts the link between two
  cities, at most 5 empty hexes apart, that opens the most deliveries; it stops when the money would
  come from an income already low, or nothing is worth building;
- tiles: a pass option or a free tile; Locomotive or Engineer with cash to spare; City Growth
  (and a grown city) when few cubes are left; Production (standard game) when cash allows and an
  empty goods supply space can still feed the map;
- moves: the delivery with the most of its own links, else a locomotive level (in the standard
  game only while income covers the upkeep), else a pass;
- points: income until the last three turns, then VP; capital (standard game): a step when
  cash is short; bids: passes.

Some choices are made at random (``rng``) so that seeds give different games.
"""
from __future__ import annotations

import random
from collections import deque

from railhead.engine.common.hexgrid import SIDES, edge_key, neighbor
from railhead.engine.common.routes import adjacency, routes
from railhead.engine.games.steam.build import production_spaces
from railhead.engine.games.steam.data import load_map
from railhead.engine.games.steam.state import Link, Player, SteamState

REACH = (5, 8)       # the longest new link it plans, in hexes: first try, then if nothing is found
PLANNED = "999999"   # the id of the link it imagines


def _runs(state: SteamState, first: str, entry: int, start: str, reach: int = REACH[-1]) -> dict[str, list]:
    """Every city (other than ``start``) reachable from hex ``first``, entered by side ``entry``,
    over at most ``reach`` empty non-town hexes: ``{city: [(hex, in side, out side), ...]}``."""
    mapdata = load_map(state.options.map)
    back: dict[str, tuple[str | None, int]] = {first: (None, entry)}
    depth = {first: 1}
    todo = deque([first])
    found: dict[str, tuple[str, int]] = {}
    while todo:
        h = todo.popleft()
        for side in range(6):
            n = neighbor(h, side)
            if edge_key(h, n) in mapdata.impassable or n in back:
                continue
            if n in state.cities:
                if n != start and n not in found:
                    found[n] = (h, side)
            elif (depth[h] < reach and n in mapdata.hexes and n not in state.track
                  and not mapdata.hexes[n].town):
                back[n], depth[n] = (h, (side + 3) % 6), depth[h] + 1
                todo.append(n)
    out = {}
    for city, (h, out_side) in found.items():
        run = []
        while h is not None:
            prev, into = back[h]
            run.append((h, into, out_side))
            h, out_side = prev, (into + 3) % 6
        out[city] = run[::-1]
    return out


def _opens(state: SteamState, seat: int, frm: str, to: str) -> int:
    """How many cubes on the board could be delivered by ``seat`` over a link ``frm``-``to`` of its own
    (locomotive one level up), were it built."""
    links = {**state.links, PLANNED: Link(owner=seat, from_=frm, to=to, path=[], exit=None, turn=state.turn)}
    adj = adjacency(links)
    reach = state.players[seat].loco + 1

    def colour_of(h):
        return state.cities[h].colour if h in state.cities else None
    total = 0
    for h, city in state.cities.items():
        for colour in set(city.cubes):
            if any(PLANNED in ids for ids, _ in routes(links, h, colour, reach, seat, colour_of, adj, rule="share")):
                total += city.cubes.count(colour)
    return total


def _as_action(acts: list[dict], h: str, into: int, out: int) -> dict | None:
    want = {SIDES[into], SIDES[out]}
    return next((a for a in acts if a["type"] == "build" and a["hex"] == h and set(a["exits"]) == want), None)


def _upkeep(state: SteamState, player: Player) -> int:
    """Dollars the locomotive costs each turn (standard game only)."""
    return player.loco if state.options.standard else 0


def _pick_track(rng: random.Random, state: SteamState, seat: int, acts: list[dict]) -> dict | None:
    player = state.players[seat]
    if player.income < -7 and player.cash < 4:
        return None
    for link in state.links.values():                       # the first open link of its own it can extend
        if link.owner == seat and link.to is None and link.exit is not None:
            h, entry = neighbor(link.path[-1][0], link.exit), (link.exit + 3) % 6
            town = [a for a in acts if a["type"] == "build" and a["hex"] == h and a["exits"] == [SIDES[entry]]]
            if town:                                            # a town tile with one exit ends the link
                return town[0]
            runs = _runs(state, h, entry, link.from_)
            if runs:
                best = max(runs, key=lambda c: (_opens(state, seat, link.from_, c), -len(runs[c]), c))
                action = _as_action(acts, *runs[best][0])
                if action:
                    return action
    if player.income - _upkeep(state, player) < (-5 if 2 * state.turn <= state.turns else -2):
        return None
    for reach in REACH:
        options = _new_links(rng, state, seat, acts, reach)
        if options:
            return max(options, key=lambda o: o[0])[1]
    return None


def _new_links(
    rng: random.Random, state: SteamState, seat: int, acts: list[dict], reach: int
) -> list[tuple[float, dict]]:
    """``(value, first piece)`` of each new link up to ``reach`` hexes long that opens 2+ deliveries."""
    options = []
    mapdata = load_map(state.options.map)
    for city in state.cities:
        for side in range(6):
            first = neighbor(city, side)
            if (first in state.track or first not in mapdata.hexes or mapdata.hexes[first].town
                    or edge_key(city, first) in mapdata.impassable):
                continue
            for target, run in _runs(state, first, (side + 3) % 6, city, reach).items():
                value = _opens(state, seat, city, target)
                action = _as_action(acts, *run[0]) if value >= 2 else None
                if action:
                    options.append((value / (len(run) + 2) + rng.random() * 0.1, action))
    return options


def choose(rng: random.Random, state: SteamState, seat: int, acts: list[dict], kind: str) -> dict:
    """One of ``acts`` (the seat's legal actions, undo left out) for the prompt ``kind``."""
    player = state.players[seat]
    by_type: dict[str, list[dict]] = {}
    for a in acts:
        by_type.setdefault(a["type"], []).append(a)
    if kind == "score":
        late = state.turn > state.turns - 3
        return next(a for a in acts if a["take"] == ("vp" if late else "income"))
    if kind == "capital":
        want = 1 if player.cash < 3 and player.income >= 2 else 0
        return max((a for a in acts if a["steps"] <= want), key=lambda a: a["steps"])
    if "bid" in by_type or kind == "bid":
        return by_type.get("pass", acts)[0]
    if kind == "select":
        free = [a for a in acts if a.get("pass_option") or a["tile"] in ("first-build", "turn-order")]
        spare = player.cash + player.income - _upkeep(state, player)
        wanted = []
        if sum(len(c.cubes) for c in state.cities.values()) < 3 * len(state.players) and spare >= 2:
            wanted += [a for a in acts if a["tile"] == "city-growth" and not a.get("pass_option")]
        if spare >= 4 and production_spaces(state, load_map(state.options.map)):
            wanted += [a for a in acts if a["tile"] == "production" and not a.get("pass_option")]
        if player.loco < 3 and spare >= 8:
            wanted += [a for a in acts if a["tile"] == "locomotive" and not a.get("pass_option")]
        if spare >= 10:
            wanted += [a for a in acts if a["tile"] == "engineer"]
        return rng.choice(wanted or free or acts)
    if kind == "build":
        for extra in ("grow", "urbanize", "produce"):
            if extra in by_type:
                return rng.choice(by_type[extra])
        return _pick_track(rng, state, seat, acts) or by_type["done"][0]
    if kind == "move":
        deliveries = by_type.get("deliver", [])
        if deliveries:
            def own(a):
                return sum(state.links[str(i)].owner == seat for i in a["links"])
            return max(deliveries, key=lambda a: (own(a), len(a["links"]), rng.random()))
        if "locomotive" in by_type and player.loco < 4 and (
                not state.options.standard or player.income > player.loco
                or (player.loco < 3 and 2 * state.turn <= state.turns)):
            return by_type["locomotive"][0]
        return by_type["pass"][0]
    return rng.choice(acts)
