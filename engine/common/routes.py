"""Moving a goods cube over complete links.

railways-of-the-world.txt, "D. DELIVER GOODS CUBE": the cube moves along complete links,
at most ``max_links`` of them, the first owned by the mover, never through the same city
or along the same link twice, and stops at the first city of its colour.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

from engine.core.errors import IllegalAction


def adjacency(links: dict) -> dict[str, list[tuple[str, str]]]:
    """``{city hex: [(link id, other city hex)]}`` over complete links, in link-id order."""
    adj: dict[str, list[tuple[str, str]]] = {}
    for lid in sorted(links, key=lambda k: int(k)):
        link = links[lid]
        if link["to"] is None:
            continue
        adj.setdefault(link["from"], []).append((lid, link["to"]))
        adj.setdefault(link["to"], []).append((lid, link["from"]))
    return adj


def routes(links: dict, origin: str, colour: str, max_links: int, mover: int,
           colour_of: Callable[[str], str], adj: dict | None = None) -> Iterator[tuple[list[str], list[str]]]:
    """Every legal delivery of a ``colour`` cube from ``origin``: ``(link ids, cities after origin)``.
    ``adj``: ``adjacency(links)`` when the caller already has it (it is the costly part)."""
    adj = adjacency(links) if adj is None else adj

    def walk(city: str, used: list[str], seen: list[str]) -> Iterator[tuple[list[str], list[str]]]:
        if len(used) == max_links:
            return
        for lid, nxt in adj.get(city, []):
            if nxt in seen or nxt == origin:
                continue
            if not used and links[lid]["owner"] != mover:
                continue
            if colour_of(nxt) == colour:
                yield used + [lid], seen + [nxt]
            else:
                yield from walk(nxt, used + [lid], seen + [nxt])

    yield from walk(origin, [], [])


def check_route(links: dict, origin: str, colour: str, link_ids: list, max_links: int, mover: int,
                colour_of: Callable[[str], str], name_of: Callable[[str], str]) -> list[str]:
    """Validate an explicit route; returns the cities passed after ``origin``.

    Raises ``IllegalAction`` explaining the first broken rule.
    """
    if not isinstance(link_ids, list) or not link_ids:
        raise IllegalAction("Name the links the cube travels along, in order.")
    if len(link_ids) > max_links:
        raise IllegalAction(f"Your engine level is {max_links}: a cube may travel at most {max_links} link(s).")
    if len(set(map(str, link_ids))) != len(link_ids):
        raise IllegalAction("A cube cannot travel along the same link twice.")
    city, seen = origin, [origin]
    for i, raw in enumerate(link_ids):
        lid = str(raw)
        link = links.get(lid)
        if link is None or link["to"] is None:
            raise IllegalAction(f"There is no complete link #{lid}.")
        if city not in (link["from"], link["to"]):
            raise IllegalAction(f"Link #{lid} does not leave {name_of(city)}.")
        if i == 0 and link["owner"] != mover:
            raise IllegalAction("The first link of a delivery must be your own.")
        city = link["to"] if link["from"] == city else link["from"]
        if city in seen:
            raise IllegalAction(f"A cube cannot pass through {name_of(city)} twice.")
        seen.append(city)
        if colour_of(city) == colour and i < len(link_ids) - 1:
            raise IllegalAction(f"The {colour} cube must stop at {name_of(city)}, the first {colour} city it reaches.")
    if colour_of(city) != colour:
        raise IllegalAction(f"{name_of(city)} does not take {colour} cubes: a cube must end at a city of its colour.")
    return seen[1:]
