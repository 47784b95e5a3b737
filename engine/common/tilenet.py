"""Track built one tile at a time into links between cities and towns, with owners.

steam.txt, "Phase 2 – Building the Track": a *link* is the track joining two cities or towns
(its *nodes*); until it reaches its second node it is *incomplete* and has an open end. A player
owns the links they build; an incomplete link not extended on its owner's next turn loses its
owner, and an unowned incomplete link may be *claimed* by extending it. Towns take town tiles,
whose spokes start links of their own; city hexes have track on every side.

State shapes (the game's records, read and written by attribute: ``NetTile`` and ``NetLink`` say
what this module reads of them, and the game's record classes are handed in to make new ones):
- ``track``: ``{hex: tile}``, a tile ``{"tile": tile type id, "segments": [[a, b], ...], "links":
  [link id, ...]}``, one link id per segment (``tiles.TOWN`` stands for the town in a spoke).
- ``links``: ``{id: link}``, a link ``{"owner": seat | None, "from": node, "to": node | None,
  "path": [[hex, segment index], ...], "exit": side | None, "turn": turn}``: ``path`` runs from
  ``from``; ``exit`` is the side the open end points through; ``turn`` is when the owner last
  extended it. (``from`` and ``to`` as in ``track.py``, so ``routes`` moves cubes over either kind
  of link.)

A ``Board`` gives ``hexes`` (buildable hexes: ``{hex: info}`` with ``info.town``), ``impassable``
(hex-side keys, ``hexgrid.edge_key``) and ``node(hex)``: ``"city"``, ``"town"`` or ``None`` (a town
turned into a city by a New City tile answers ``"city"``).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from ..core.errors import IllegalAction
from .hexgrid import SIDES, edge_key, neighbor, opposite
from .tiles import TOWN, Manifest, exits, norm, valid


class NetTile(Protocol):
    """The track tile in a hex as this module reads and writes it: its ``tile`` type id, its
    ``segments`` (``[side, side]``, or ``[side, TOWN]`` for a town's spoke) and the id of the link
    each segment belongs to (``links``, in the same order)."""

    tile: str
    segments: list[list[int]]
    links: list[str]


class NetLink(Protocol):
    """A link as this module reads and writes it: ``owner`` seat (``None``: nobody's), ``from_`` and
    ``to`` nodes (``to`` ``None`` while incomplete), ``path`` its ``[hex, segment index]`` pairs from
    ``from_`` on, ``exit`` the side its open end points through (``None`` once complete), ``turn``
    the turn its owner last extended it."""

    owner: int | None
    from_: str
    to: str | None
    path: list[list[str | int]]
    exit: int | None
    turn: int


T = TypeVar("T", bound=NetTile)
K = TypeVar("K", bound=NetLink)
Tracks = Mapping[str, NetTile]
Links = Mapping[str, NetLink]


def _at(step: list[str | int]) -> str:
    """The hex of a link's ``[hex, segment index]`` step."""
    return str(step[0])


class Board(Protocol):
    hexes: dict
    impassable: frozenset[str]

    def node(self, hexname: str) -> str | None: ...

    def name(self, hexname: str) -> str: ...


@dataclass
class End:
    """What one side of a new segment meets: ``kind`` is ``city``, ``town`` (a spoke of a town tile
    facing it, or an empty town hex), ``link`` (an open end facing it) or ``free``."""

    kind: str
    hex: str
    link: str | None = None


@dataclass
class Placement:
    """A checked tile placement: the hex's new segments and tile, the cost in track exits (plus the
    town), whether it improves a tile already there, and what each new segment joins."""

    hex: str
    tile: str
    segments: list[list[int]]
    new: list[int]                                  # indexes of the new segments
    ends: dict[int, list[End]] = field(default_factory=dict)
    improves: bool = False
    old_tile: str | None = None

    @property
    def track_cost(self) -> int:
        """$1 per side the tile's track leaves by, +$1 for a town (steam.txt, "Paying for Your First
        Tracks")."""
        return len(exits(self.segments)) + (1 if any(s[1] == TOWN for s in self.segments) else 0)


def _side_name(side: int) -> str:
    return SIDES[side]


def faces(board: Board, track: Tracks, hexname: str) -> str:
    """``"; here, its W faces Novara and its SE faces Pavia (a town); its E is the edge of the
    board"``: what the sides of ``hexname`` face, for a refusal about its sides (cities, towns,
    track leading in, the board's edge, impassable sides; a plain empty hex is left out)."""
    found, edge, ridge = [], [], []
    for side in range(6):
        other = neighbor(hexname, side)
        kind = board.node(other)
        there = track.get(other)
        if kind is None and other not in board.hexes:
            edge.append(_side_name(side))
        elif edge_key(hexname, other) in board.impassable:
            ridge.append(_side_name(side))
        elif kind == "city":
            found.append(f"{_side_name(side)} faces {board.name(other)}")
        elif kind == "town":
            found.append(f"{_side_name(side)} faces {board.name(other)} (a town)")
        elif there is not None and any(opposite(side) in seg for seg in there.segments):
            found.append(f"{_side_name(side)} faces the track in {other}")
    parts = [f"its {' and its '.join(found)}"] if found else []
    for sides, what in ((edge, "the edge of the board"), (ridge, "impassable")):
        if sides:
            named = sides[0] if len(sides) == 1 else f"{', '.join(sides[:-1])} and {sides[-1]}"
            parts.append(f"its {named} {'is' if len(sides) == 1 else 'are'} {what}")
    if not parts:
        return f"; every side of {hexname} faces an empty hex"
    return "; here, " + "; ".join(parts)


def meets(board: Board, track: Tracks, links: Links, hexname: str, side: int, detail: bool = False) -> End:
    """What track leaving ``hexname`` by ``side`` runs into. Raises ``IllegalAction`` for the
    board's edge or an impassable side (with ``detail``, naming what each side faces: ``faces``)."""
    other = neighbor(hexname, side)
    kind = board.node(other)
    more = faces(board, track, hexname) if detail else ""
    if kind is None and other not in board.hexes:
        raise IllegalAction(f"Track in {hexname} cannot leave by its {_side_name(side)} side: that is the edge of "
                            f"the board{more}.")
    if edge_key(hexname, other) in board.impassable:
        raise IllegalAction(f"Track in {hexname} cannot cross its {_side_name(side)} side: it is impassable{more}.")
    if kind == "city":
        return End("city", other)
    back = opposite(side)
    tile = track.get(other)
    if tile is not None:
        for i, seg in enumerate(tile.segments):
            if back in seg:
                lid = tile.links[i]
                link = links[lid]
                if link.to is None and link.exit == back and _at(link.path[-1]) == other:
                    return End("link", other, lid)
                if seg[1] == TOWN:          # a spoke whose link already runs elsewhere: cannot happen
                    break
                raise IllegalAction(f"The track in {other} already uses that side ({_side_name(side)} of "
                                    f"{hexname}){more}.")
    if kind == "town":
        return End("town", other)
    return End("free", other)


NodeKind = Callable[[str], str | None]
"""``node_kind(hex)``: ``"city"``, ``"town"`` or ``None`` (a board's ``node``)."""


def _link_of(links: Links, end: End) -> NetLink:
    """The link whose open end ``end`` is (an ``End`` of kind ``link``)."""
    assert end.link is not None, "an End of kind 'link' names its link"
    return links[end.link]


def extends(links: Links, seat: int, end: End, node_kind: NodeKind) -> bool:
    """Whether ``end`` is the open end of a link ``seat`` may extend (``claimable``)."""
    return end.kind == "link" and end.link is not None and claimable(links, seat, end.link, node_kind)


def claimable(links: Links, seat: int, lid: str, node_kind: NodeKind) -> bool:
    """Whether ``seat`` may extend incomplete link ``lid``: its own, or an unowned one that starts at
    a city or at a node where ``seat`` owns a link (steam.txt, "Unowned Track")."""
    link = links[lid]
    if link.owner == seat:
        return True
    if link.owner is not None:
        return False
    start = link.from_
    return node_kind(start) == "city" or any(
        other.owner == seat and start in (other.from_, other.to) for other in links.values())


def plan_segment(board: Board, track: Tracks, links: Links, manifest: Manifest, supply: dict[str, int], seat: int,
                 hexname: str, sides: list[int], detail: bool = False) -> Placement:
    """Check laying a plain segment joining ``sides`` in a non-town hex (an empty hex, or one whose
    tile it improves into a crossing or passing tile). Raises ``IllegalAction`` (with ``detail``,
    a refused side names what each side of the hex faces)."""
    if hexname not in board.hexes or board.node(hexname) is not None:
        kind = board.node(hexname)
        why = {"town": " (a town takes a town tile: give its exits).",
               "city": ": it is a city; track is laid in the hexes next to it, leading in."}.get(kind or "", ".")
        raise IllegalAction(f"{hexname} is not a hex track can be built in{why}")
    seg = list(norm(sides))
    if len(set(sides)) != 2:
        raise IllegalAction("A track piece joins two different sides of the hex.")
    tile = track.get(hexname)
    old = [list(s) for s in tile.segments] if tile is not None else []
    segments = old + [seg]
    if not valid([(s[0], s[1]) for s in segments]):
        used = " ".join(_side_name(x) for x in sorted({x for s in old for x in s}))
        raise IllegalAction(f"{hexname} already has track on one of those sides (it uses {used}); new track may "
                            "only be added, never changed" + (faces(board, track, hexname) if detail else "") + ".")
    tile_id = _tile_for(manifest, supply, segments, tile.tile if tile is not None else None, hexname)
    ends = [meets(board, track, links, hexname, s, detail) for s in seg]
    return Placement(hexname, tile_id, segments, [len(old)], {len(old): ends}, tile is not None,
                     tile.tile if tile is not None else None)


def plan_town(board: Board, track: Tracks, links: Links, manifest: Manifest, supply: dict[str, int], hexname: str,
              spokes: list[int], detail: bool = False) -> Placement:
    """Check a town tile with exits ``spokes`` (all of them, the old ones included) in town hex
    ``hexname``. Raises ``IllegalAction`` (with ``detail``, a refused side names what each side of
    the hex faces)."""
    if board.node(hexname) != "town":
        raise IllegalAction(f"{hexname} has no town.")
    if len(set(spokes)) != len(spokes) or not spokes:
        raise IllegalAction("Give the town tile's exits, each side once.")
    tile = track.get(hexname)
    old = [list(s) for s in tile.segments] if tile is not None else []
    have = {s[0] for s in old}
    if not have <= set(spokes):
        names = ", ".join(_side_name(s) for s in sorted(have))
        raise IllegalAction(f"The town tile in {hexname} already has exits {names}: a new tile must keep them.")
    added = [s for s in spokes if s not in have]
    if not added:
        raise IllegalAction(f"The town tile in {hexname} already has those exits.")
    segments = old + [[s, TOWN] for s in added]
    old_tile = tile.tile if tile is not None else None
    tile_id = _tile_for(manifest, supply, segments, old_tile, hexname)
    ends = {len(old) + i: [meets(board, track, links, hexname, s, detail)] for i, s in enumerate(added)}
    return Placement(hexname, tile_id, segments, list(ends), ends, tile is not None, old_tile)


def _tile_for(manifest: Manifest, supply: dict[str, int], segments: list, old: str | None, hexname: str) -> str:
    tile = manifest.match(segments)
    if tile is None:
        raise IllegalAction(f"No track tile shows that track in {hexname}.")
    if supply.get(tile, 0) <= 0:
        raise IllegalAction(f"No tile for that track is left ({manifest.name(tile)}).")
    return tile


def connect(plan: Placement, board: Board, links: Links, seat: int, track: Tracks | None = None) -> None:
    """Check that the placement continues ``seat``'s track: each new plain segment starts at a city
    or at an open end ``seat`` may extend; a town tile's new exits need one such connection, or
    a link of ``seat``'s already at the town. Raises ``IllegalAction`` (naming, when ``track`` is
    given, the sides of the hex that track could start from)."""
    def mine(end: End) -> bool:
        return end.kind == "city" or extends(links, seat, end, board.node)

    for i in plan.new:
        ends = plan.ends[i]
        if plan.segments[i][1] == TOWN:
            continue
        others = [e for e in ends if e.kind == "link" and not extends(links, seat, e, board.node)]
        if others:
            raise IllegalAction(f"The track in {others[0].hex} is another player's unfinished link: only its owner "
                                "may extend it.")
        if not any(mine(e) for e in ends):
            raise IllegalAction(f"New track in {plan.hex} must start at a city or continue an unfinished link of "
                                "yours" + ("" if track is None else _starts(board, track, links, seat, plan.hex)) + ".")
        nodes = [e.hex if e.kind == "city" else _link_of(links, e).from_ if e.kind == "link" else None for e in ends]
        first = nodes[0]
        if first is not None and first == nodes[1]:
            raise IllegalAction(f"A link cannot start and end at the same place ({board.name(first)}).")
        for a, b in ((0, 1), (1, 0)):
            if ends[a].kind == "link" and ends[b].kind == "link" and ends[a].link == ends[b].link:
                raise IllegalAction("A link cannot run into itself.")
    spokes = [plan.ends[i][0] for i in plan.new if plan.segments[i][1] == TOWN]
    if spokes and not any(mine(e) for e in spokes) and not any(
            link.owner == seat and plan.hex in (link.from_, link.to) for link in links.values()):
        raise IllegalAction(f"The town tile in {plan.hex} must connect to a city or to your own track"
                            + ("" if track is None else faces(board, track, plan.hex)) + ".")


def _starts(board: Board, track: Tracks, links: Links, seat: int, hexname: str) -> str:
    """``": its NW side faces Milano"``: the sides of ``hexname`` track of ``seat``'s could start from."""
    found = []
    for side in range(6):
        try:
            end = meets(board, track, links, hexname, side)
        except IllegalAction:
            continue
        if end.kind == "city":
            found.append(f"{_side_name(side)} faces {board.name(end.hex)}")
        elif extends(links, seat, end, board.node):
            found.append(f"{_side_name(side)} meets the open end of link #{end.link}")
    if not found:
        return f": no side of {hexname} touches a city or an open end you may extend"
    return f"; here, its {' and its '.join(found)}"


@dataclass(frozen=True)
class Net(Generic[T, K]):
    """What a tile laid changes, as the game keeps it: its ``track`` and ``links`` (the state's own
    dicts of records) and how it makes new records: ``new_tile(tile=, segments=, links=)`` and
    ``new_link(owner=, from_=, to=, path=, exit=, turn=)`` (the game's record classes, e.g. Steam's
    ``Track`` and ``Link``), and ``new_id()`` a fresh link id."""

    track: dict[str, T]
    links: dict[str, K]
    new_tile: Callable[..., T]
    new_link: Callable[..., K]
    new_id: Callable[[], str]


def apply_placement(plan: Placement, net: Net[T, K], supply: dict[str, int], seat: int, turn: int) -> list[str]:
    """Lay the tile in ``net``; returns the ids of the links it completed."""
    if plan.old_tile:
        supply[plan.old_tile] += 1
    supply[plan.tile] -= 1
    tile = net.track.get(plan.hex)
    if tile is None:
        tile = net.track[plan.hex] = net.new_tile(tile=plan.tile, segments=[], links=[])
    tile.tile = plan.tile
    done = []
    for i in plan.new:
        tile.segments.append(plan.segments[i])
        if plan.segments[i][1] == TOWN:
            done += _spoke(plan, i, net, tile, seat, turn)
        else:
            done += _plain(plan, i, net, tile, seat, turn)
    return done


def _spoke(plan: Placement, i: int, net: Net[T, K], tile: T, seat: int, turn: int) -> list[str]:
    end = plan.ends[i][0]
    side = plan.segments[i][0]
    if end.kind == "link":                      # an open end facing the town: that link ends here
        assert end.link is not None, "an End of kind 'link' names its link"
        link = net.links[end.link]
        link.path.append([plan.hex, i])
        link.to, link.exit = plan.hex, None
        tile.links.append(end.link)
        return [end.link]
    lid = net.new_id()
    done = end.kind == "city"
    net.links[lid] = net.new_link(owner=seat, from_=plan.hex, to=end.hex if done else None, path=[[plan.hex, i]],
                                  exit=None if done else side, turn=turn)
    tile.links.append(lid)
    return [lid] if done else []


def _plain(plan: Placement, i: int, net: Net[T, K], tile: T, seat: int, turn: int) -> list[str]:
    a, b = plan.segments[i]
    ends = plan.ends[i]
    # the origin: a link end we continue (own or claimed), else a city
    order = sorted(range(2), key=lambda k: (ends[k].kind != "link", ends[k].kind != "city"))
    first, second = order
    start = ends[first]
    out_side = (a, b)[second]
    if start.kind == "link":
        assert start.link is not None, "an End of kind 'link' names its link"
        lid = start.link
        link = net.links[lid]
        link.owner = seat
    else:
        lid = net.new_id()
        link = net.links[lid] = net.new_link(owner=seat, from_=start.hex, to=None, path=[], exit=None, turn=turn)
    link.turn = turn
    link.path.append([plan.hex, i])
    tile.links.append(lid)
    return _reach(lid, ends[second], out_side, net.track, net.links)


def _reach(lid: str, far: End, out_side: int, track: dict[str, T], links: dict[str, K]) -> list[str]:
    """Link ``lid``'s new end leaves by ``out_side`` towards ``far``: a city completes it, another
    open end joins that link to it, anything else leaves it open. Returns ``[lid]`` if complete."""
    link = links[lid]
    if far.kind == "city":
        link.to, link.exit = far.hex, None
        return [lid]
    if far.kind == "link":
        assert far.link is not None, "an End of kind 'link' names its link"
        other = links.pop(far.link)
        for step in reversed(other.path):
            hexname, j = _at(step), int(step[1])
            link.path.append([hexname, j])
            track[hexname].links[j] = lid
        link.to, link.exit = other.from_, None
        return [lid]
    link.exit = out_side
    return []


def plan_redirect(board: Board, track: Tracks, links: Links, manifest: Manifest, supply: dict[str, int], seat: int,
                  hexname: str, sides: list[int]) -> tuple[str, Placement]:
    """Check turning the last tile of an incomplete link in ``hexname`` (one of ``seat``'s, or an
    unowned one it may claim) to leave by another side (steam.txt, "Changing Direction"): a
    plain one-track tile, never in a town. Returns ``(link id, placement)``. Raises ``IllegalAction``."""
    tile = track.get(hexname)
    if board.node(hexname) == "town":
        raise IllegalAction(f"Track in a town cannot be redirected ({hexname}); a town tile with more exits "
                            "may replace it (build there with all its exits).")
    if tile is None or len(tile.segments) != 1 or tile.segments[0][1] == TOWN:
        raise IllegalAction(f"Only the last tile of an unfinished link can be redirected; {hexname} is not one.")
    lid = tile.links[0]
    link = links[lid]
    if link.to is not None or _at(link.path[-1]) != hexname:
        raise IllegalAction(f"The track in {hexname} is not the open end of an unfinished link.")
    if not claimable(links, seat, lid, board.node):
        raise IllegalAction(f"The unfinished link in {hexname} is another player's: only its owner may redirect it.")
    entry = next(s for s in tile.segments[0] if s != link.exit)
    if entry not in sides or len(set(sides)) != 2:
        raise IllegalAction(f"A redirected tile keeps the side its track comes in by ({_side_name(entry)}).")
    out = next(s for s in sides if s != entry)
    if out == link.exit:
        raise IllegalAction(f"The track in {hexname} already leaves by its {_side_name(out)} side.")
    segments = [list(norm(sides))]
    tile_id = manifest.match(segments)
    if tile_id is None:
        raise IllegalAction(f"No track tile shows that track in {hexname}.")
    if tile_id != tile.tile and supply.get(tile_id, 0) <= 0:
        raise IllegalAction(f"No tile for that track is left ({manifest.name(tile_id)}).")
    far = meets(board, track, links, hexname, out)
    if far.kind == "link" and not extends(links, seat, far, board.node):
        raise IllegalAction(f"The track in {far.hex} is another player's unfinished link.")
    return lid, Placement(hexname, tile_id, segments, [0], {0: [End("link", hexname, lid), far]}, True, tile.tile)


def apply_redirect(lid: str, plan: Placement, track: dict[str, T], links: dict[str, K], supply: dict[str, int],
                   seat: int, turn: int) -> list[str]:
    """Turn the tile; the link is the seat's now. Returns the completed link ids."""
    assert plan.old_tile is not None, "a redirect replaces a tile"
    supply[plan.old_tile] += 1
    supply[plan.tile] -= 1
    tile = track[plan.hex]
    tile.tile, tile.segments = plan.tile, plan.segments
    link = links[lid]
    link.owner, link.turn = seat, turn
    far = plan.ends[0][1]
    out = next(s for s in plan.segments[0] if neighbor(plan.hex, s) == far.hex)
    return _reach(lid, far, out, track, links)


def new_city(track: dict[str, T], links: dict[str, K], supply: dict[str, int],
             hexname: str) -> tuple[list[str], list[str], list[str]]:
    """A New City tile on a town hex (steam.txt, "City Life"): the town tile goes back to the supply,
    links keep the hex as their node, and links whose open end faces the hex end there. A complete
    link that was only a town spoke to the next city now joins the two cities directly, with no
    track tile ("City hexes are assumed to have track running to every side of the hex"); an
    unfinished one that was only a spoke is gone. Returns the ids of the links completed, of those
    that became direct, and of those removed (their owners as they were)."""
    tile = track.pop(hexname, None)
    direct, removed = [], []
    if tile is not None:
        supply[tile.tile] += 1
        for lid in sorted(set(tile.links), key=int):
            link = links[lid]
            link.path = [step for step in link.path if step[0] != hexname]
            if not link.path:
                if link.to is not None:
                    direct.append(lid)
                else:
                    removed.append(lid)
                    del links[lid]
    done = []
    for lid, link in links.items():
        if link.to is None and link.path and link.exit is not None \
                and neighbor(_at(link.path[-1]), link.exit) == hexname:
            if link.from_ != hexname:
                link.to, link.exit = hexname, None
                done.append(lid)
    return done, direct, removed


def expire(links: Mapping[str, NetLink], seat: int, turn: int) -> list[str]:
    """End of ``seat``'s build in ``turn``: its incomplete links not extended this turn lose their
    owner (steam.txt, "Incomplete Links"). Returns their ids."""
    lost = [lid for lid, link in links.items()
            if link.owner == seat and link.to is None and link.turn < turn]
    for lid in lost:
        links[lid].owner = None
    return lost
