"""A player's network: their complete links as a graph of cities (barons, Major Lines and goal
cards read it)."""
from __future__ import annotations

from collections.abc import Sequence

from ...core.record import UNSET
from .state import RotwState

Edge = tuple[str, str, str]
"""``(link id, city hex, city hex)``."""


def own_graph(state: RotwState, seat: int) -> list[Edge]:
    """The seat's complete links as ``(link id, city hex, city hex)``. A complete branch of a Switch
    Track (``modules.py``) joins its city to both cities of the link the switch sits on: two
    edges with the same link id (count links by distinct ids)."""
    roots = branch_roots(state)
    edges: list[Edge] = []
    for lid, link in sorted(state.links.items()):
        to = link.to
        if link.owner != seat or not to:
            continue
        if lid in roots:
            root = state.links[roots[lid]]
            edges += [(lid, end, to) for end in (root.from_, root.to) if end is not None and end != to]
        else:
            edges.append((lid, link.from_, to))
    return edges


def branch_roots(state: RotwState) -> dict[str, str]:
    """Switch Tracks (``modules.py``): branch link id -> the id of the link its switch sits on."""
    if state.modules is UNSET:
        return {}
    return {sw.branch: sw.on for sw in state.modules.switches.values()}


def connected(edges: Sequence[Edge], a: str, b: str) -> bool:
    """Whether ``edges`` join city hexes ``a`` and ``b``."""
    seen, todo = {a}, [a]
    while todo:
        here = todo.pop()
        for _, x, y in edges:
            for u, v in ((x, y), (y, x)):
                if u == here and v not in seen:
                    seen.add(v)
                    todo.append(v)
    return b in seen


def longest_run(edges: Sequence[Edge]) -> int:
    """The most consecutive links in one run (each link once): the longest trail of the graph."""
    best = 0

    def walk(city: str, used: frozenset[str], length: int) -> None:
        nonlocal best
        best = max(best, length)
        for lid, x, y in edges:
            if lid in used or city not in (x, y):
                continue
            walk(y if city == x else x, used | {lid}, length + 1)

    for city in {c for _, x, y in edges for c in (x, y)}:
        walk(city, frozenset(), 0)
    return best


def cities_reached(state: RotwState, seat: int) -> set[str]:
    """The city hexes the seat's complete links touch (time warps are no cities)."""
    return {c for _, x, y in own_graph(state, seat) for c in (x, y) if state.cities[c].colour != "warp"}
