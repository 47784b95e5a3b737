"""Time Lines (railways-of-the-world.txt, "RAILWAYS through TIME", "Claiming Time Lines"): in Railways
Through Time each period board lists one or two Time Lines, pairs of its cities, instead of Major
Lines. The first player to join a Time Line's two cities with their own track on that board claims
it; nobody else can. Every later Time Line a player claims must connect to their first one. Claims
score nothing at once: at the end each player scores by how many they hold (``POINTS``).

Our readings (docs/rules-assumptions.md): "their own track on that board" is a chain of the
player's complete links between the two cities, none through a time warp; "connect to the first"
is a chain of the player's complete links from one of the new line's cities to one of the first
line's cities, where the player's links into warps of different periods join (their network
through time); a Time Line completed before it connects is claimed as soon as it does, if still
free. The end-of-game chart is ours: ``n * (n + 3) / 2`` points for ``n`` lines (2, 5, 9, 14, 20,
27...), rising with each line as the rulebook's chart on the score board does.

State: ``time_lines``: ``{"<period id>:<n>": seat}`` for the claimed lines (``n``: the line's index
on its board), present only in Through Time games.
"""
from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet

from ...core.record import UNSET
from .periods import TimeData
from .state import Link, RotwState


def points(lines: int) -> int:
    """Points at the end for holding ``lines`` Time Lines (ours: 0, 2, 5, 9, 14, 20, 27, ...)."""
    return lines * (lines + 3) // 2


def keys(time: TimeData) -> list[tuple[str, tuple[str, str]]]:
    """Every Time Line of the game: ``(key, (city hex, city hex))`` in board order."""
    return [(f"{p.id}:{i}", line) for p in time.periods for i, line in enumerate(p.time_lines)]


def _network(links: Mapping[str, Link], seat: int, warps: dict[str, str], through_time: bool) -> dict[str, set[str]]:
    """Hex -> hexes one of ``seat``'s complete links reaches; with ``through_time``, each of the
    seat's warps also reaches its other warps of other periods."""
    adj: dict[str, set[str]] = {}
    for link in links.values():
        to = link.to
        if link.owner == seat and to is not None:
            adj.setdefault(link.from_, set()).add(to)
            adj.setdefault(to, set()).add(link.from_)
    if through_time:
        mine = [w for w in warps if w in adj]
        for a in mine:
            adj[a] |= {b for b in mine if warps[b] != warps[a]}
    return adj


def _reaches(adj: dict[str, set[str]], start: set[str], goal: set[str], avoid: AbstractSet[str] = frozenset()) -> bool:
    seen, todo = set(start), list(start)
    while todo:
        here = todo.pop()
        if here in goal:
            return True
        for nxt in adj.get(here, ()):
            if nxt not in seen and nxt not in avoid:
                seen.add(nxt)
                todo.append(nxt)
    return False


def check(state: RotwState, time: TimeData, seat: int, names: dict[str, str], events: list) -> None:
    """After ``seat`` completes a link: claim every free Time Line the seat now joins on its board
    and that connects to the seat's first Time Line (see the module). ``names``: city hex -> name."""
    claims = state.time_lines
    assert claims is not UNSET, "Time Lines are claimed only in Through Time games, whose setup starts them"
    warps = time.warps()
    board = _network(state.links, seat, warps, through_time=False)
    network = _network(state.links, seat, warps, through_time=True)
    first_key = _first(claims, seat)
    first = dict(keys(time))[first_key] if first_key else None
    for key, (a, b) in keys(time):
        if key in claims or not _reaches(board, {a}, {b}, avoid=set(warps)):
            continue
        if first is not None and not _reaches(network, {a, b}, set(first)):
            continue
        claims[key] = seat
        first = first or (a, b)
        held = sum(1 for s in claims.values() if s == seat)
        events.append({"type": "time_line", "seat": seat, "line": key,
                       "text": f"{state.seats[seat]} claims the Time Line {names[a]}–{names[b]} "
                               f"({held} held: {points(held)} points at the end)."})


def _first(claims: dict, seat: int) -> str | None:
    """The key of the seat's first claimed Time Line (claims keep their order)."""
    return next((key for key, s in claims.items() if s == seat), None)


def view(state: RotwState, time: TimeData, names: dict[str, str]) -> list[dict]:
    """``[{"line": key, "period": name, "cities": [name, name], "hexes": [hex, hex], "owner": seat|None}]``."""
    period = {p.id: p.name for p in time.periods}
    claims = {} if state.time_lines is UNSET else state.time_lines
    return [{"line": key, "period": period[key.split(":")[0]], "cities": [names[a], names[b]], "hexes": [a, b],
             "owner": claims.get(key)} for key, (a, b) in keys(time)]
