"""The map of four cards: spaces, buildings and rail links (railways-solo.txt, "Setup" and
"Buy a Complete Rail Link").

The 2x2 map is 10 columns (A-J) by 8 rows (1-8); spaces are named like ``"D2"``. Cards sit at
positions 0-3: top left, top right, bottom left, bottom right. A *building* is a group of
orthogonally adjacent building spaces of one kind (printed, or Building dice built there). A
*rail link* is a run of rail spaces whose two ends both touch a building; runs that end in
open land or at the map's edge are not links yet (a building built at their end completes
them). A link's id is its two end rail spaces, ``"E2-G2"`` (one space: ``"A3"``).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .data import COLS, KINDS, RAILS, ROWS, cards

WIDTH, HEIGHT = 2 * COLS, 2 * ROWS
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


def label(c: int, r: int) -> str:
    return f"{chr(65 + c)}{r + 1}"


def parse(text: str) -> tuple[int, int] | None:
    """``"d2"`` -> ``(3, 1)``; ``None`` for anything that is not a space of the map."""
    t = str(text).strip().upper()
    if len(t) < 2 or not t[1:].isdigit():
        return None
    c, r = ord(t[0]) - 65, int(t[1:]) - 1
    return (c, r) if 0 <= c < WIDTH and 0 <= r < HEIGHT else None


def coords(space: str) -> tuple[int, int]:
    """``parse`` for a space known to be on the map. Raises ``ValueError`` for one that is not."""
    p = parse(space)
    if p is None:
        raise ValueError(f"{space!r} is not a space of the map")
    return p


def sort_key(space: str) -> tuple[int, int]:
    c, r = coords(space)
    return (r, c)


def card_at(layout: list[int], space: str) -> int:
    """The number of the card under ``space``."""
    c, r = coords(space)
    return layout[(r // ROWS) * 2 + c // COLS]


@lru_cache(maxsize=64)
def printed(layout: tuple[int, ...]) -> dict[str, str]:
    """Every space of the map of ``layout`` (card numbers at positions 0-3) -> its printed
    character (``.``, a building kind or a rail)."""
    deck = cards()
    out = {}
    for pos, number in enumerate(layout):
        grid = deck[number].grid
        for r in range(ROWS):
            for c in range(COLS):
                out[label((pos % 2) * COLS + c, (pos // 2) * ROWS + r)] = grid[r][c]
    return out


@dataclass(frozen=True)
class Link:
    """``cells``: its rail spaces in order from ``ends[0]``'s side; ``ends``: the building
    spaces it touches; ``length``: rail link units (one per rail space)."""

    id: str
    cells: tuple[str, ...]
    ends: tuple[str, str]

    @property
    def length(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class Board:
    """The map now. ``spaces``: space -> character, built Building dice shown as their kind;
    ``links``: complete rail links by id; ``dangling``: rail runs that are not links yet;
    ``building``: building space -> the id of its building (its first space in reading order);
    ``members``: building id -> its spaces; ``kind``: building id -> R, L, C or I; ``link_at``:
    rail space -> the complete link it is part of. A board is shared between the states of one map
    (``board`` keeps the boards it made): read it, never change it."""

    spaces: dict[str, str]
    links: dict[str, Link]
    dangling: tuple[tuple[str, ...], ...]
    building: dict[str, str]
    members: dict[str, tuple[str, ...]]
    kind: dict[str, str]
    link_at: dict[str, Link]

    def is_building(self, space: str) -> bool:
        return self.spaces.get(space) in KINDS

    def neighbours(self, space: str) -> list[str]:
        c, r = coords(space)
        return [label(c + dc, r + dr) for dc, dr in STEP.values()
                if 0 <= c + dc < WIDTH and 0 <= r + dr < HEIGHT]

    def link_of(self, space: str) -> Link | None:
        return self.link_at.get(space)

    def other_end(self, link: Link, building: str) -> str:
        """The building (id) at the other end of ``link`` from building ``building``."""
        a, b = (self.building[e] for e in link.ends)
        return b if a == building else a


def _toward(spaces: dict[str, str], space: str, d: str) -> str | None:
    c, r = coords(space)
    dc, dr = STEP[d]
    if not (0 <= c + dc < WIDTH and 0 <= r + dr < HEIGHT):
        return None
    return label(c + dc, r + dr)


def board(layout: list[int], built: dict[str, str]) -> Board:
    """The map of ``layout`` with ``built`` (space -> kind of the Building die built there): the
    same ``Board`` for the same map (the last few hundred maps are kept, so a search's many
    states of one game do not walk the rails again; issue 32, "Speed")."""
    return _board(tuple(layout), tuple(sorted(built.items())))


@lru_cache(maxsize=512)
def _board(layout: tuple[int, ...], built: tuple[tuple[str, str], ...]) -> Board:
    spaces = dict(printed(layout))
    spaces.update(built)
    rails = {s for s, ch in spaces.items() if ch in RAILS}

    def joins(space: str) -> list[tuple[str, str | None, bool]]:
        """(direction, neighbour, is_rail) for each way out of a rail space."""
        out = []
        for d in RAILS[spaces[space]]:
            n = _toward(spaces, space, d)
            rail = n in rails and OPPOSITE[d] in RAILS[spaces[n]]
            out.append((d, n if rail or (n is not None and spaces[n] in KINDS) else None, rail))
        return out

    seen: set[str] = set()
    links: dict[str, Link] = {}
    dangling = []
    for start in sorted(rails, key=sort_key):
        if start in seen:
            continue
        # walk to one end of the run, then collect it from there
        prev: str | None = None
        cur = start
        while True:
            nxt = [n for _, n, rail in joins(cur) if rail and n is not None and n != prev]
            if not nxt or nxt[0] == start:
                break
            prev, cur = cur, nxt[0]
        run, prev = [cur], None
        while True:
            nxt = [n for _, n, rail in joins(run[-1]) if rail and n is not None and n != prev and n not in run]
            if not nxt:
                break
            prev = run[-1]
            run.append(nxt[0])
        seen.update(run)
        ends = []
        for i, cell in ((0, run[0]), (-1, run[-1])):
            inner = run[1] if len(run) > 1 and i == 0 else run[-2] if len(run) > 1 else None
            outs = [n for _, n, rail in joins(cell) if not rail and n is not None and n != inner]
            ends.append(outs)
        if len(run) == 1:
            outs = ends[0]
            ends = [outs[:1], outs[1:2]]
        if ends[0] and ends[1]:
            if sort_key(run[-1]) < sort_key(run[0]) or (len(run) == 1 and sort_key(ends[1][0]) < sort_key(ends[0][0])):
                run.reverse()
                ends.reverse()
            lid = run[0] if len(run) == 1 else f"{run[0]}-{run[-1]}"
            links[lid] = Link(lid, tuple(run), (ends[0][0], ends[1][0]))
        else:
            dangling.append(tuple(run))
    building: dict[str, str] = {}
    members: dict[str, tuple[str, ...]] = {}
    kind: dict[str, str] = {}
    for space in sorted((s for s, ch in spaces.items() if ch in KINDS), key=sort_key):
        if space in building:
            continue
        group, todo = [], [space]
        while todo:
            s = todo.pop()
            if s in group:
                continue
            group.append(s)
            c, r = coords(s)
            for dc, dr in STEP.values():
                n = label(c + dc, r + dr) if 0 <= c + dc < WIDTH and 0 <= r + dr < HEIGHT else None
                if n and spaces[n] == spaces[space] and n not in group:
                    todo.append(n)
        group.sort(key=sort_key)
        for s in group:
            building[s] = space
        members[space] = tuple(group)
        kind[space] = spaces[space]
    link_at = {cell: link for link in links.values() for cell in link.cells}
    return Board(spaces, links, tuple(dangling), building, members, kind, link_at)
