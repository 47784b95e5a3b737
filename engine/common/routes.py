"""Moving a goods cube over complete links.

railways-of-the-world.txt, "D. DELIVER GOODS CUBE": the cube moves along complete links,
at most ``max_links`` of them, the first owned by the mover, never through the same city
or along the same link twice, and stops at the first city of its colour.

Games differ in what the mover must own (``rule``): ``"first"`` (Railways of the World: the
first link) or ``"share"`` (steam.txt, "Moving a Goods Cube": at least one link, and as many as
any other player). Nodes without a colour (``colour_of`` gives ``None``: towns) are passed through.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Protocol

from ..core.errors import IllegalAction


class Ends(Protocol):
    """What a delivery reads of a link (a game's link record): its ``owner`` seat (``None``:
    nobody's, in Steam) and its two ends, ``from_`` and ``to`` (city or town hexes; ``to`` is
    ``None`` while the link is unfinished)."""

    @property
    def owner(self) -> int | None: ...

    @property
    def from_(self) -> str: ...

    @property
    def to(self) -> str | None: ...


Links = Mapping[str, Ends]
"""A game's links by id (text)."""


def adjacency(links: Links) -> dict[str, list[tuple[str, str]]]:
    """``{city hex: [(link id, other city hex)]}`` over complete links, in link-id order."""
    adj: dict[str, list[tuple[str, str]]] = {}
    for lid in sorted(links, key=int):
        link = links[lid]
        to = link.to
        if to is None:
            continue
        adj.setdefault(link.from_, []).append((lid, to))
        adj.setdefault(to, []).append((lid, link.from_))
    return adj


def fair_share(links: Links, link_ids: list, mover: int) -> bool:
    """steam.txt, "Moving a Goods Cube": the mover owns at least one of the links, and no other
    player owns more of them than the mover."""
    owned: dict[int | None, int] = {}
    for lid in link_ids:
        owner = links[str(lid)].owner
        owned[owner] = owned.get(owner, 0) + 1
    mine = owned.get(mover, 0)
    return mine > 0 and all(n <= mine for o, n in owned.items() if o is not None)


def routes(links: Links, origin: str, colour: str, max_links: int, mover: int,
           colour_of: Callable[[str], str | None], adj: dict | None = None,
           rule: str = "first") -> Iterator[tuple[list[str], list[str]]]:
    """Every legal delivery of a ``colour`` cube from ``origin``: ``(link ids, cities after origin)``.
    ``adj``: ``adjacency(links)`` when the caller already has it (it is the costly part)."""
    adj = adjacency(links) if adj is None else adj

    def walk(city: str, used: list[str], seen: list[str]) -> Iterator[tuple[list[str], list[str]]]:
        if len(used) == max_links:
            return
        for lid, nxt in adj.get(city, []):
            if nxt in seen or nxt == origin:
                continue
            if rule == "first" and not used and links[lid].owner != mover:
                continue
            if colour_of(nxt) == colour:
                if rule == "first" or fair_share(links, used + [lid], mover):
                    yield used + [lid], seen + [nxt]
            else:
                yield from walk(nxt, used + [lid], seen + [nxt])

    yield from walk(origin, [], [])


def check_route(links: Links, origin: str, colour: str, link_ids: list, max_links: int, mover: int,
                colour_of: Callable[[str], str | None], name_of: Callable[[str], str], rule: str = "first",
                limit_name: str = "engine level") -> list[str]:
    """Validate an explicit route; returns the cities (and towns) passed after ``origin``.

    Raises ``IllegalAction`` explaining the first broken rule.
    """
    if not isinstance(link_ids, list) or not link_ids:
        raise IllegalAction("Name the links the cube travels along, in order.")
    if len(link_ids) > max_links:
        raise IllegalAction(f"Your {limit_name} is {max_links}: a cube may travel at most {max_links} link(s).")
    if len(set(map(str, link_ids))) != len(link_ids):
        raise IllegalAction("A cube cannot travel along the same link twice.")
    city, seen = origin, [origin]
    for i, raw in enumerate(link_ids):
        lid = str(raw)
        link = links.get(lid)
        if link is None or link.to is None:
            raise IllegalAction(f"There is no complete link #{lid}.")
        if city not in (link.from_, link.to):
            raise IllegalAction(f"Link #{lid} does not leave {name_of(city)}.")
        if rule == "first" and i == 0 and link.owner != mover:
            raise IllegalAction("The first link of a delivery must be your own.")
        city = link.to if link.from_ == city else link.from_
        if city in seen:
            raise IllegalAction(f"A cube cannot pass through {name_of(city)} twice.")
        seen.append(city)
        if colour_of(city) == colour and i < len(link_ids) - 1:
            raise IllegalAction(f"The {colour} cube must stop at {name_of(city)}, the first {colour} city it reaches.")
    if colour_of(city) != colour:
        raise IllegalAction(f"{name_of(city)} does not take {colour} cubes: a cube must end at a city of its colour.")
    if rule == "share" and not fair_share(links, link_ids, mover):
        raise IllegalAction("A delivery must use at least one link of yours, and no other player's links more often "
                            "than yours.")
    return seen[1:]
