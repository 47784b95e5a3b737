"""What a seat's rail network offers, read from its own view of Steam (``game.view(state, seat)``):
the deliveries its complete links allow and the new links it could build.

- ``Board``: the view's cities, towns, track and links as plain lookups.
- ``Board.cube_points``: for each goods cube on the map, the most track points of the seat's own a
  legal delivery of it could score (steam.txt, "Moving a Goods Cube": at most the locomotive level
  of links, the first city of its colour, at least one link of the mover's and no other owner's
  more), with a link imagined in place if asked.
- ``Board.potential``: those points added up over as many deliveries as the seat can still make
  (two a turn), the yardstick the heuristic measures track, locomotive levels and tiles by.
- ``Board.plans``: the new links (and the ends of the seat's own unfinished links) that reach a
  city or town through empty hexes, each with its hexes, sides and cost in dollars.

Money in dollars, points are track points (one per link of the seat's on a delivery's route).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from railhead.engine.common.hexgrid import SIDES, neighbor
from railhead.engine.games.steam.data import load_map, load_rules

IMAGINED = "imagined"   # the id of a link the seat imagines built


@dataclass
class Plan:
    """A link the seat could build: from node ``frm`` to node ``to`` (hexes; a town's hex when it
    ends at a town), through ``steps`` ``(hex, in side, out side)`` (out ``None``: a town tile ends
    it there), costing about ``cost`` dollars; ``lid`` the seat's unfinished link it extends (else
    ``None``: a new link from the city ``frm``)."""

    frm: str
    to: str
    steps: list[tuple[str, int, int | None]]
    cost: int
    lid: str | None = None
    value: float = 0.0
    gain: float = 0.0
    notes: list[str] = field(default_factory=list)

    @property
    def tiles(self) -> int:
        """Track tiles still to lay."""
        return len(self.steps)


class Board:
    """The view ``v`` of a seat, read for planning."""

    def __init__(self, v: dict):
        self.v = v
        self.seat = v["you"]
        self.map = load_map(v["map"])
        self.rules = load_rules()
        self.cities = v["cities"]
        self.towns = v["towns"]
        self.track = v["track"]
        self.links = {lid: link for lid, link in v["links"].items()}
        self.me = v["players"][self.seat]
        self.turns_left = v["turns"] - v["turn"] + 1           # this one included
        self.standard = bool(v["options"]["standard"])

    # ------------------------------------------------------------------ naming
    def name(self, h: str) -> str:
        """A city's or town's name, else the hex."""
        if h in self.cities:
            return self.cities[h]["name"]
        return self.towns.get(h) or h

    # ------------------------------------------------------------------ deliveries
    def _adjacency(self, extra: tuple | None = None) -> tuple[dict, dict]:
        """``({node: [(link id, other node)]}, {link id: owner})`` over complete links, with the
        imagined link ``extra`` = ``(from, to, owner)`` if given."""
        adj: dict[str, list[tuple[str, str]]] = {}
        owner: dict[str, int | None] = {}
        items = [(lid, link["from"], link["to"], link["owner"]) for lid, link in self.links.items()
                 if link["to"] is not None]
        if extra is not None:
            items.append((IMAGINED, *extra))
        for lid, a, b, who in items:
            adj.setdefault(a, []).append((lid, b))
            adj.setdefault(b, []).append((lid, a))
            owner[lid] = who
        return adj, owner

    def cube_points(self, loco: int, extra: tuple | None = None, seat: int | None = None) -> list[tuple[int, str, str]]:
        """``[(own points, city hex, colour)]``, one entry per goods cube that ``seat`` (default:
        the view's) could deliver with locomotive level ``loco``, its best route's track points of
        its own; ``extra``: a link ``(from, to, owner)`` imagined complete."""
        seat = self.seat if seat is None else seat
        best = self._best(loco, seat)
        if extra is not None:
            adj, owner = self._adjacency(extra)
            colour = {h: c["colour"] for h, c in self.cities.items()}
            best = dict(best)
            for h in _ball(adj, (extra[0], extra[1]), loco - 1):
                cubes = self.cities.get(h, {}).get("cubes")
                for col in set(cubes or ()):
                    best[(h, col)] = _best_route(adj, owner, colour, h, col, loco, seat)
        out = []
        for (h, col), points in best.items():
            if points > 0:
                out += [(points, h, col)] * self.cities[h]["cubes"].count(col)
        return out

    def _best(self, loco: int, seat: int) -> dict[tuple[str, str], int]:
        """``{(city, colour): own points}`` of the best route of each cube on the board as it is
        (worked out once per locomotive level and seat)."""
        key = (loco, seat)
        cache = self.__dict__.setdefault("_cache", {})
        if key not in cache:
            adj, owner = self._adjacency()
            colour = {h: c["colour"] for h, c in self.cities.items()}
            cache[key] = {(h, col): _best_route(adj, owner, colour, h, col, loco, seat)
                          for h, city in self.cities.items() if city["cubes"] and h in adj
                          for col in set(city["cubes"])}
        return cache[key]

    def forget(self) -> None:
        """Drop the worked-out routes (after the cities' cubes were changed in place)."""
        self.__dict__.pop("_cache", None)

    def deliveries_left(self) -> int:
        """The deliveries the seat may still make: two rounds in each turn left."""
        return 2 * self.turns_left

    def potential(self, loco: int, extra: tuple | None = None, seat: int | None = None) -> int:
        """The track points of the seat's own that its best ``deliveries_left`` deliveries would
        score (each cube once, the most first), were the board to stay as it is."""
        points = sorted((p for p, _, _ in self.cube_points(loco, extra, seat)), reverse=True)
        return sum(points[: self.deliveries_left()])

    # ------------------------------------------------------------------ building
    def _is_node(self, h: str) -> bool:
        return h in self.cities or h in self.towns

    def tile_cost(self, h: str, exits: int = 2) -> int:
        """Dollars for a new tile in ``h``: $1 an exit (+$1 a town), +$2 hills, +$1 a river."""
        info = self.map.hexes[h]
        cost = exits + (1 if info.town else 0)
        return cost + (self.rules.hills if info.terrain == "hills" else 0) + (self.rules.river if info.river else 0)

    def _runs(self, start: str, first: str, entry: int, reach: int) -> dict[str, tuple[list, int]]:
        """Every node (other than ``start``) reachable from ``first`` (entered by side ``entry``)
        over at most ``reach`` new tiles in empty hexes: ``{node: (steps, cost)}``, the shortest
        (then cheapest) run to each."""
        hexes = self.map.hexes
        blocked = _blocked(self.map)
        if first in self.track or first not in hexes or first in self.cities:
            return {}
        if first in self.towns:
            return {first: ([(first, entry, None)], self.tile_cost(first, 1))}
        back: dict[str, tuple[str | None, int]] = {first: (None, entry)}
        depth = {first: 1}
        cost = {first: self.tile_cost(first)}
        todo = deque([first])
        found: dict[str, tuple[str, int, int]] = {}           # node -> (last hex, side out, total cost)
        while todo:
            h = todo.popleft()
            for side in range(6):
                n = neighbor(h, side)
                if n in back or n == start or (h, n) in blocked:
                    continue
                if n in self.cities or (n in self.towns and n not in self.track):
                    extra = self.tile_cost(n, 1) if n in self.towns else 0
                    if depth[h] + (1 if n in self.towns else 0) > reach:
                        continue
                    total = cost[h] + extra
                    if n not in found or total < found[n][2]:
                        found[n] = (h, side, total)
                elif depth[h] < reach and n in hexes and n not in self.track and not hexes[n].town:
                    back[n], depth[n] = (h, (side + 3) % 6), depth[h] + 1
                    cost[n] = cost[h] + self.tile_cost(n)
                    todo.append(n)
        out = {}
        for node, (h, out_side, total) in found.items():
            steps: list[tuple[str, int, int | None]] = []
            if node in self.towns:
                steps.append((node, (out_side + 3) % 6, None))
            cur: str | None = h
            while cur is not None:
                prev, into = back[cur]
                steps.append((cur, into, out_side))
                cur, out_side = prev, (into + 3) % 6
            out[node] = (steps[::-1], total)
        return out

    def extensions(self, reach: int, lids: set[str] | None = None) -> list[Plan]:
        """Ways to finish the seat's own unfinished links (those of ``lids`` if given), each at
        most ``reach`` tiles more."""
        out: list[Plan] = []
        for lid, link in self.links.items():
            if link["owner"] == self.seat and link["to"] is None and link["exit"] is not None:
                if lids is not None and lid not in lids:
                    continue
                last = link["path"][-1][0]
                first, entry = neighbor(last, link["exit"]), (link["exit"] + 3) % 6
                if first in self.cities:
                    continue
                for node, (steps, cost) in self._runs(link["from"], first, entry, reach).items():
                    out.append(Plan(link["from"], node, steps, cost, lid))
        return out

    def plans(self, reach: int) -> list[Plan]:
        """Links the seat could build, each at most ``reach`` tiles: first the ends of its own
        unfinished links (``extensions``), then new links from each city into an empty
        neighbouring hex."""
        out = self.extensions(reach)
        best: dict[tuple[str, str], Plan] = {}
        for city in self.cities:
            for side in range(6):
                first = neighbor(city, side)
                if (city, first) in _blocked(self.map):
                    continue
                for node, (steps, cost) in self._runs(city, first, (side + 3) % 6, reach).items():
                    key = (city, node)
                    old = best.get(key)
                    if old is None or (len(steps), cost) < (old.tiles, old.cost):
                        best[key] = Plan(city, node, steps, cost)
        return out + list(best.values())

    def first_action(self, plan: Plan, acts: list[dict]) -> dict | None:
        """The legal action (of ``acts``) that lays ``plan``'s first tile, or ``None``."""
        h, into, out = plan.steps[0]
        if out is None:                                      # a town tile: its old exits and the new one
            old = {s for seg in self.track[h]["segments"] for s in seg if s >= 0} if h in self.track else set()
            want = {SIDES[s] for s in old | {into}}
        else:
            want = {SIDES[into], SIDES[out]}
        return next((a for a in acts if a["type"] == "build" and a["hex"] == h and set(a["exits"]) == want), None)


_BLOCKED: dict[str, frozenset] = {}


def _blocked(mapdata) -> frozenset[tuple[str, str]]:
    """The map's impassable sides as ``(hex, hex)`` pairs, both ways (worked out once per map)."""
    known = _BLOCKED.get(mapdata.id)
    if known is None:
        pairs = [tuple(k.split("|")) for k in mapdata.impassable]
        known = _BLOCKED[mapdata.id] = frozenset(pairs + [(b, a) for a, b in pairs])
    return known


def _ball(adj: dict, centres: tuple, hops: int) -> set[str]:
    """The nodes at most ``hops`` links from any of ``centres``."""
    seen = set(centres)
    frontier = list(centres)
    for _ in range(max(0, hops)):
        frontier = [n for h in frontier for _, n in adj.get(h, ()) if n not in seen]
        seen.update(frontier)
    return seen


def _best_route(adj: dict, owner: dict, colour: dict, origin: str, col: str, loco: int, seat: int) -> int:
    """The most links of ``seat``'s on a legal route of a ``col`` cube from ``origin`` (0: none)."""
    best = 0
    stack = [(origin, (origin,), ())]
    while stack:
        node, seen, used = stack.pop()
        if len(used) >= loco:
            continue
        for lid, nxt in adj.get(node, ()):
            if nxt in seen:
                continue
            path = used + (lid,)
            if colour.get(nxt) == col:
                counts: dict = {}
                for x in path:
                    counts[owner[x]] = counts.get(owner[x], 0) + 1
                mine = counts.get(seat, 0)
                if mine > best and all(n <= mine for o, n in counts.items() if o is not None):
                    best = mine
                    if best == loco:                          # no route scores more
                        return best
            else:
                stack.append((nxt, seen + (nxt,), path))
    return best
