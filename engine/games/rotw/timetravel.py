"""Delivering goods through time (railways-of-the-world.txt, "RAILWAYS through TIME", "Delivering
Goods Through Time" and "New Gameplay").

In Railways Through Time a cube travels only over the mover's own complete links ("players may no
longer use another player's tracks to deliver cubes"). A link into a time warp ends there; a player
whose links come out of time warps in two different periods may go on from one to the other: the
link into the first warp and the link out of the second count as **one** link, for the engine level
and for the points (the rulebook's example: a purple Stone Age city to a red Napoleonic city over two
warps is a level-1 delivery worth 1 point). A cube never goes through a warp to a city of the same
period, and once it leaves a period it never comes back to it.

``links``: the state's links (``{id: Link}``); ``period_of``: hex -> period
id (``periods.TimeData.period_of``); ``warps``: warp hex -> period id. Cities are hexes.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from ...core.errors import IllegalAction
from .state import Link


def own_adjacency(links: Mapping[str, Link], mover: int) -> dict[str, list[tuple[str, str]]]:
    """``{hex: [(link id, other end)]}`` over ``mover``'s complete links, in link-id order."""
    adj: dict[str, list[tuple[str, str]]] = {}
    for lid in sorted(links, key=int):
        link = links[lid]
        if link.to is None or link.owner != mover:
            continue
        adj.setdefault(link.from_, []).append((lid, link.to))
        adj.setdefault(link.to, []).append((lid, link.from_))
    return adj


def counted(link_ids: list, links: Mapping[str, Link], warps: dict[str, str]) -> int:
    """How many links a route counts for: its links less one for each jump through time (a link
    into a warp followed by a link out of another warp)."""
    return len(link_ids) - jumps(link_ids, links, warps)


def jumps(link_ids: list, links: Mapping[str, Link], warps: dict[str, str]) -> int:
    """The jumps through time in a route given as link ids (consecutive links that share no hex,
    the first ending at a warp and the next starting at another)."""
    out = 0
    for a, b in zip(link_ids, link_ids[1:]):
        ends_a = {links[str(a)].from_, links[str(a)].to}
        ends_b = {links[str(b)].from_, links[str(b)].to}
        if not ends_a & ends_b and ends_a & warps.keys() and ends_b & warps.keys():
            out += 1
    return out


def time_routes(links: Mapping[str, Link], origin: str, colour: str, max_links: int, mover: int,
                colour_of: Callable[[str], str | None], period_of: dict[str, str], warps: dict[str, str],
                adj: dict | None = None) -> Iterator[tuple[list[str], list[str]]]:
    """Every legal delivery of a ``colour`` cube from city ``origin`` over ``mover``'s links:
    ``(link ids, hexes reached after origin)`` (a jump lists both warps)."""
    adj = own_adjacency(links, mover) if adj is None else adj
    by_period: dict[str, list[str]] = {}
    for w, p in warps.items():
        by_period.setdefault(p, []).append(w)

    def onward(here: str, used: list[str], seen: list[str], left: int, periods: set[str]):
        for lid, nxt in adj.get(here, []):
            if nxt in seen:
                continue
            if colour_of(nxt) == colour:
                yield used + [lid], seen + [nxt]
            elif nxt in warps:
                yield from through(nxt, used + [lid], seen + [nxt], left - 1, periods)
            elif left > 1:
                yield from onward(nxt, used + [lid], seen + [nxt], left - 1, periods)

    def through(warp: str, used: list[str], seen: list[str], left: int, periods: set[str]):
        """Arrived at ``warp``: jump to a warp of a period not visited; the link out is free."""
        for period in sorted(by_period):
            if period in periods:
                continue
            for other in sorted(by_period[period]):
                for lid, nxt in adj.get(other, []):
                    if nxt in seen or lid in used:
                        continue
                    step = used + [lid]
                    if colour_of(nxt) == colour:
                        yield step, seen + [other, nxt]
                    elif nxt not in warps and left > 0:
                        yield from onward(nxt, step, seen + [other, nxt], left, periods | {period})

    if max_links > 0:
        yield from onward(origin, [], [origin], max_links, {period_of[origin]})


def check_time_route(links: Mapping[str, Link], origin: str, colour: str, link_ids: list, max_links: int, mover: int,
                     colour_of: Callable[[str], str | None], name_of: Callable[[str], str],
                     period_of: dict[str, str], warps: dict[str, str]) -> list[str]:
    """Validate an explicit route through time; returns the hexes reached after ``origin`` (a
    jump lists both warps). Raises ``IllegalAction`` explaining the first broken rule."""
    if not isinstance(link_ids, list) or not link_ids:
        raise IllegalAction("Name the links the cube travels along, in order.")
    if origin in warps:
        raise IllegalAction(f"{name_of(origin)} is a time warp: goods cubes start from cities.")
    ids = [str(x) for x in link_ids]
    if len(set(ids)) != len(ids):
        raise IllegalAction("A cube cannot travel along the same link twice.")
    for lid in ids:
        link = links.get(lid)
        if link is None or link.to is None:
            raise IllegalAction(f"There is no complete link #{lid}.")
        if link.owner != mover:
            raise IllegalAction(f"Link #{lid} is not yours: in Railways Through Time a cube travels only over "
                                "your own track.")
    here, seen, periods = origin, [origin], {period_of[origin]}
    for i, lid in enumerate(ids):
        link = links[lid]
        if here not in (link.from_, link.to):
            if not (here in warps and i > 0):
                raise IllegalAction(f"Link #{lid} does not leave {name_of(here)}.")
            start = next((e for e in (link.from_, link.to) if e in warps), None)
            if start is None:
                raise IllegalAction(f"Link #{lid} does not come out of a time warp: from {name_of(here)} the cube "
                                    "goes on only out of a warp of another period.")
            if warps[start] in periods:
                raise IllegalAction(f"{name_of(start)} is in a period the cube has been in: a cube never goes "
                                    "back to a period, and never through time to its own period.")
            periods.add(warps[start])
            seen.append(start)
            here = start
        elif here in warps and i > 0:
            raise IllegalAction(f"At {name_of(here)} the cube can only go on through time, out of a warp of "
                                "another period.")
        assert link.to is not None, "checked above: every link named is complete"
        here = link.to if link.from_ == here else link.from_
        if here in seen:
            raise IllegalAction(f"A cube cannot pass through {name_of(here)} twice.")
        seen.append(here)
        if colour_of(here) == colour and i < len(ids) - 1:
            raise IllegalAction(f"The {colour} cube must stop at {name_of(here)}, the first {colour} city it "
                                "reaches.")
    if colour_of(here) != colour:
        raise IllegalAction(f"{name_of(here)} does not take {colour} cubes: a cube must end at a city of its "
                            "colour.")
    n = counted(ids, links, warps)
    if n > max_links:
        raise IllegalAction(f"Your engine level is {max_links}: this route counts {n} links (a jump through "
                            "time counts its two links as one).")
    return seen[1:]
