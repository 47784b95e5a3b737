"""Track tiles and links on a hex board.

A *link* is a chain of track tiles joining two cities; until it reaches its second city
it is *incomplete*. railways-of-the-world.txt, "A. BUILD TRACK".

State shapes (the game's records, read by attribute: ``TrackLink`` and ``TrackSegment`` say what
this module reads and writes of them):
- ``track``: ``{hex: [segment]}``, a segment ``{"link": id, "sides": [a, b]}`` -- one per tile,
  two when a crossing tile carries a second link over the first (an overpass, not a junction).
- ``links``: ``{id: link}``, a link ``{"owner": seat, "from": city hex, "to": city hex | None,
  "hexes": [tile hexes from "from" onward], "exit": side | None}``; ``exit`` is the side the last
  tile of an incomplete link points to.

A build is given as a *path* of hex names: a city hex or the open end of one of your
incomplete links, then the hexes that get new tiles, optionally ending at a city (which
completes the link) or at the open end of another of your incomplete links facing it
(which joins the two into one link: "a link may be built from both ends"). A last tile that
points into a free spur of a city completes the link there too, and one that points into your
other incomplete link's open end facing it joins them ("A Completed Link!": the track pieces
connect to each other and to an open spot on each city).

Track tiles (railways-of-the-world.txt, "Track Tiles": straights, curves and crossings) join
two sides of a hex that are opposite (a straight) or one side apart (a gentle curve); a
crossing carries a second track over the first, crossing it without sharing a side.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from ..core.errors import IllegalAction
from .hexgrid import edge_key, neighbor, normalize, opposite, side_of, side_towards

MAX_TILES = 4


class TrackLink(Protocol):
    """A link as this module reads and writes it: ``owner`` seat, ``from_`` city hex, ``to`` city
    hex (``None`` while unfinished), ``hexes`` its tiles from ``from_`` on, ``exit`` the side its
    open end points through (``None`` once complete)."""

    owner: int
    from_: str
    to: str | None
    hexes: list[str]
    exit: int | None


class TrackSegment(Protocol):
    """One track tile's piece of a link: the ``link`` id and the two ``sides`` it joins."""

    link: str
    sides: list[int]


L = TypeVar("L", bound=TrackLink)
G = TypeVar("G", bound=TrackSegment)
Spurs = Callable[[str], AbstractSet[int]]
"""A cache of ``used_spurs`` for one state: city hex -> the sides its links use."""


class Board(Protocol):
    """What a build reads of a map (read-only: a game's map data may be frozen)."""

    @property
    def terrain(self) -> dict[str, str]: ...       # hex -> terrain; absent = not buildable

    @property
    def ridges(self) -> frozenset[str]: ...        # edge keys

    @property
    def cities(self) -> dict: ...                  # hex -> object with .spurs (set of sides) and .name


@dataclass
class BuildPlan:
    """What a build would do. ``tiles``: ``[(hex, [entry, exit])]`` new tiles in order."""

    link: str | None                 # continued link id, or None for a new link
    start_city: str
    tiles: list[tuple[str, list[int]]] = field(default_factory=list)
    redirect: tuple[str, list[int]] | None = None
    end_city: str | None = None
    join: str | None = None          # id of the link joined at the far end
    exit: int | None = None
    ridges: int = 0                  # ridge sides crossed by the new track
    blocked: str | None = None       # a city the unfinished end points into without a free spur

    @property
    def completes(self) -> bool:
        return self.end_city is not None


def used_spurs(links: Mapping[str, TrackLink], city: str) -> set[int]:
    """Sides of ``city`` already taken by a link's first or last tile."""
    used = set()
    for link in links.values():
        hexes = link.hexes
        if not hexes:
            continue
        if link.from_ == city:
            used.add(side_of(city, hexes[0]))
        if link.to == city:
            used.add(side_of(city, hexes[-1]))
    return used


def all_used_spurs(links: Mapping[str, TrackLink]) -> dict[str, set[int]]:
    """``used_spurs`` of every city at once: city hex -> the sides taken (cities without any absent)."""
    used: dict[str, set[int]] = {}
    for link in links.values():
        hexes = link.hexes
        if not hexes:
            continue
        used.setdefault(link.from_, set()).add(side_of(link.from_, hexes[0]))
        if link.to is not None:
            used.setdefault(link.to, set()).add(side_of(link.to, hexes[-1]))
    return used


def open_end(links: Mapping[str, TrackLink], seat: int, hexname: str) -> str | None:
    """Id of ``seat``'s incomplete link whose last tile is in ``hexname``."""
    for lid, link in links.items():
        if link.owner == seat and link.to is None and link.hexes and link.hexes[-1] == hexname:
            return lid
    return None


def shape_ok(a: int, b: int) -> bool:
    """Whether a track tile can join sides ``a`` and ``b`` of a hex: a straight (opposite sides)
    or a gentle curve (one side between them); the physical set has no sharper curve."""
    return (a - b) % 6 in (2, 3, 4)


def crosses(first: list[int], second: list[int]) -> bool:
    """Whether two tracks through a hex cross (each has one end on either side of the other)
    without sharing a side: what a crossing tile shows."""
    if set(first) & set(second):
        return False
    lo, hi = sorted(first)
    return (lo < second[0] < hi) != (lo < second[1] < hi)


def _city_name(board: Board, hexname: str) -> str:
    return board.cities[hexname].name


def _check_spur(board: Board, links: Mapping[str, TrackLink], city: str, other: str, spurs: Spurs | None = None
                ) -> None:
    side = side_towards(city, other)
    if side not in board.cities[city].spurs:
        towards = ", ".join(neighbor(city, s) for s in sorted(board.cities[city].spurs))
        raise IllegalAction(f"{_city_name(board, city)} has no track spur towards {other} (its spurs face "
                            f"{towards}).")
    if side in (spurs(city) if spurs else used_spurs(links, city)):
        raise IllegalAction(f"The spur of {_city_name(board, city)} towards {other} is already used by a link.")


def _check_tile_fits(board: Board, track: Mapping[str, list[G]], hexname: str, sides: list[int],
                     replacing: str | None = None) -> None:
    if hexname in board.cities:
        raise IllegalAction(f"{hexname} is a city; a link ends at the first city it reaches.")
    if hexname not in board.terrain:
        raise IllegalAction(f"{hexname} is not a buildable hex (sea or off the board).")
    if sides[0] == sides[1]:
        raise IllegalAction(f"A track tile in {hexname} cannot turn back on itself.")
    if not shape_ok(*sides):
        entry = sides[0]
        ways = [h for h in (neighbor(hexname, (entry + k) % 6) for k in (2, 3, 4)) if h in board.terrain]
        raise IllegalAction(
            f"Track cannot turn that sharply in {hexname}: track tiles are straights and gentle curves, so track "
            f"entering it from {neighbor(hexname, entry)} can only go on towards {' or '.join(ways) or 'nowhere'}.")
    others = [seg for seg in track.get(hexname, []) if seg.link != replacing]
    if len(others) >= 2:
        raise IllegalAction(f"{hexname} already holds a crossing; no more track fits there.")
    if others and set(others[0].sides) & set(sides):
        raise IllegalAction(
            f"{hexname} already has track on those sides; a crossing must pass over it without touching."
        )
    if others and not crosses(others[0].sides, sides):
        raise IllegalAction(f"{hexname} already has track; a second track there must cross over it (a crossing "
                            "tile), not run beside it.")


def plan_build(board: Board, track: Mapping[str, list[G]], links: Mapping[str, TrackLink], seat: int, path: list[str],
               toward: str | None = None, max_tiles: int = MAX_TILES, spurs: Spurs | None = None) -> BuildPlan:
    """Validate a build path for ``seat`` and return what it would do (``max_tiles``: the most tiles
    one build may lay or turn; a card may allow more than ``MAX_TILES``). ``spurs``: a function
    giving ``used_spurs(links, city)`` for a city, for callers that check many builds on one state
    (a cache); ``None`` computes it.

    Raises ``IllegalAction`` with a player-readable reason. Does not change anything.
    """
    if not isinstance(path, list) or len(path) < 2:
        raise IllegalAction("Give a path of at least two hexes: where the track starts, then the hexes to build in.")
    hexes = []
    for raw in path:
        name = normalize(raw) if isinstance(raw, str) else None
        if name is None:
            raise IllegalAction(f"{raw!r} is not a hex name (hexes are named like C7).")
        if name not in board.terrain:
            raise IllegalAction(f"{name} is not on the board.")
        hexes.append(name)
    if len(set(hexes)) != len(hexes):
        raise IllegalAction("A path cannot visit the same hex twice.")
    for a, b in zip(hexes, hexes[1:]):
        if side_towards(a, b) is None:
            raise IllegalAction(f"{a} and {b} are not next to each other.")

    start = hexes[0]
    if start in board.cities:
        plan = BuildPlan(link=None, start_city=start)
        _check_spur(board, links, start, hexes[1], spurs)
        prior_hexes: list[str] = []
    else:
        lid = open_end(links, seat, start)
        if lid is None:
            raise IllegalAction("Track must start at a city or at the open end of your own unfinished link; "
                                f"{start} is neither.")
        link = links[lid]
        plan = BuildPlan(link=lid, start_city=link.from_)
        prior_hexes = link.hexes
        heading = side_of(start, hexes[1])
        if heading != link.exit:
            entry = opposite(side_of(prior_hexes[-2], start)) if len(prior_hexes) > 1 else \
                side_of(start, link.from_)
            sides = [entry, heading]
            _check_tile_fits(board, track, start, sides, replacing=lid)
            plan.redirect = (start, sides)
    if set(hexes[1:]) & set(prior_hexes):
        raise IllegalAction("Your link cannot run through a hex it already uses.")

    last = hexes[-1]
    body = hexes[1:]
    if last in board.cities:
        if last == plan.start_city:
            raise IllegalAction("A link must join two different cities.")
        _check_spur(board, links, last, hexes[-2], spurs)
        plan.end_city = last
        body = hexes[1:-1]
    else:
        other = open_end(links, seat, last)
        if other is not None and other != plan.link and links[other].exit == side_of(last, hexes[-2]):
            plan.join = other
            plan.end_city = links[other].from_
            if plan.end_city == plan.start_city:
                raise IllegalAction("A link must join two different cities.")
            if set(links[other].hexes) & (set(prior_hexes) | set(hexes[1:-1])):
                raise IllegalAction("Your link cannot run through a hex it already uses.")
            body = hexes[1:-1]

    for i, hexname in enumerate(body, start=1):
        entry = side_of(hexname, hexes[i - 1])
        if i + 1 < len(hexes):
            exit_ = side_of(hexname, hexes[i + 1])
        else:
            if toward is not None:
                target = normalize(toward) if isinstance(toward, str) else None
                pointed = side_towards(hexname, target) if target else None
                if pointed is None:
                    raise IllegalAction(f"{toward!r} is not next to {hexname}, so the track cannot point there.")
                exit_ = pointed
            else:
                exit_ = opposite(entry)
            plan.exit = exit_
        sides = [entry, exit_]
        _check_tile_fits(board, track, hexname, sides)
        plan.tiles.append((hexname, sides))
    count = len(plan.tiles) + (1 if plan.redirect else 0)
    if count > max_tiles:
        raise IllegalAction(f"You may lay at most {max_tiles} tiles in one build; this path needs {count}.")
    if plan.link is None and not plan.tiles:
        raise IllegalAction("A link needs at least one track tile.")
    if not count:
        raise IllegalAction(f"Your track in {start} already points to {last}: a build must lay or turn at least one "
                            "track tile.")
    plan.ridges = sum(1 for a, b in zip(hexes, hexes[1:]) if edge_key(a, b) in board.ridges)
    if plan.exit is not None:
        _connect_end(board, links, seat, plan, prior_hexes, spurs)
    return plan


def _connect_end(board: Board, links: Mapping[str, TrackLink], seat: int, plan: BuildPlan, prior_hexes: list[str],
                 spurs: Spurs | None = None) -> None:
    """The last new tile of an unfinished build points into ``neighbor(last, exit)``: a free spur of
    another city completes the link there, the open end of the builder's other unfinished link
    facing it joins the two ("A Completed Link!"). Otherwise the link stays unfinished."""
    last = plan.tiles[-1][0]
    assert plan.exit is not None, "only an unfinished build's last tile points anywhere"
    target = neighbor(last, plan.exit)
    if target not in board.terrain:
        return
    back = side_towards(target, last)
    if target in board.cities:
        if target == plan.start_city:
            return
        if back not in board.cities[target].spurs or back in (spurs(target) if spurs else used_spurs(links, target)):
            plan.blocked = target
            return
        plan.end_city = target
    else:
        other = open_end(links, seat, target)
        if other is None or other == plan.link or links[other].exit != back:
            return
        mine = set(prior_hexes) | {h for h, _ in plan.tiles}
        if links[other].from_ == plan.start_city or set(links[other].hexes) & mine:
            return
        plan.join, plan.end_city = other, links[other].from_
    plan.exit = None
    plan.ridges += edge_key(last, target) in board.ridges


def apply_build(track: dict[str, list[G]], links: dict[str, L], seat: int, plan: BuildPlan, new_id: str,
                new_link: Callable[[int, str], L], new_segment: Callable[[str, list[int]], G]) -> str:
    """Carry out a validated plan; returns the id of the link built or extended. The game's records
    are made by ``new_link(owner seat, from city hex)`` (unfinished, no tiles yet) and
    ``new_segment(link id, sides)``."""
    lid = plan.link or new_id
    if plan.link is None:
        links[lid] = new_link(seat, plan.start_city)
    link = links[lid]
    if plan.redirect:
        hexname, sides = plan.redirect
        for seg in track[hexname]:
            if seg.link == lid:
                seg.sides = list(sides)
    for hexname, sides in plan.tiles:
        track.setdefault(hexname, []).append(new_segment(lid, list(sides)))
        link.hexes.append(hexname)
    link.exit = plan.exit
    if plan.join:
        other = links.pop(plan.join)
        for hexname in other.hexes:
            for seg in track[hexname]:
                if seg.link == plan.join:
                    seg.link = lid
        link.hexes.extend(reversed(other.hexes))
    if plan.end_city:
        link.to = plan.end_city
        link.exit = None
    return lid


def remove_incomplete(track: dict[str, list[G]], links: dict[str, L]) -> list[str]:
    """Remove every incomplete link and its tiles; returns the removed link ids."""
    gone = [lid for lid, link in links.items() if link.to is None]
    for lid in gone:
        for hexname in links.pop(lid).hexes:
            track[hexname] = [seg for seg in track[hexname] if seg.link != lid]
            if not track[hexname]:
                del track[hexname]
    return gone
