"""Railway Workers: coins, the country's projects, construction sites and routes.

Shapes (all in ``state``, records of ``state.py``): ``players[s].coins`` in coins (1 coin = 1 VP at
the end); ``sites[str(n)]`` for each project on the map (``status``: ``"site"`` or ``"route"``),
with a ``Table`` per kind (``squares``, ``blocked``, ``placed``: [seat...], ``reward``) and a
``Warehouse`` for structures and tracks (``workers`` and ``goods``: {seat: n}), and ``shares``
{seat: n}. Seat keys inside JSON objects are strings.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable

from ...common.seats import clockwise
from ...common.text import plural
from ...core.errors import IllegalAction
from . import data
from .state import Site, Table, WorkersState

CAPACITY = 2
"""Structures (and, separately, tracks) a player's Facilities hold (railway-workers.txt,
"Buy Structures / Tracks")."""


def pay(state: WorkersState, seat: int, amount: int) -> None:
    """Move ``amount`` coins from ``seat`` to the Bank (negative: from the Bank). Every coin that
    changes hands goes through here, so ``state.bank`` (coins the Bank paid out, net) keeps the
    books for the conservation tests. Raises ``IllegalAction`` when the seat cannot pay."""
    p = state.players[seat]
    if amount > p.coins:
        turn = state.turn
        lifted = turn.lifted if turn is not None and turn.seat == seat else 0
        if lifted:
            raise IllegalAction(f"That costs {plural(amount, 'coin')}; you have {p.coins} left after paying "
                                f"{lifted} to lift your Sum to 4.")
        raise IllegalAction(f"That costs {plural(amount, 'coin')}; you have {p.coins}.")
    p.coins -= amount
    state.bank += -amount


def gain(state: WorkersState, seat: int, amount: int) -> None:
    """``amount`` coins from the Bank to ``seat`` (``pay`` backwards)."""
    pay(state, seat, -amount)


def name(state: WorkersState, seat: int) -> str:
    """The seat's display name."""
    return state.seats[seat]


def count_of(count: int, kind: str) -> str:
    """``1 structure``, ``2 tracks``, ``1 plan``: a count of a resource kind (named in the plural,
    as ``data.KINDS`` names them) in singular or plural."""
    return f"{count} {kind[:-1] if count == 1 and kind.endswith('s') else kind}"


def baton_order(state: WorkersState, seats: Collection[int] | None = None) -> list[int]:
    """Seats from the baton holder clockwise (seat order), only ``seats`` when given: the tie-break
    of every "closest to the Baton" rule (railway-workers.txt, "Action Phase 1")."""
    order = clockwise(state.baton, len(state.seats))
    return [s for s in order if seats is None or s in seats]


def site(state: WorkersState, number: int | str, *, open_only: bool = True) -> Site:
    """The construction site ``number`` (an int or its text); raises ``IllegalAction`` when it is
    not on the map or (``open_only``) has become a route."""
    key = str(number)
    found = state.sites.get(key)
    if found is None:
        on_map = ", ".join(sorted(state.sites, key=int)) or "none"
        raise IllegalAction(f"There is no construction site {key} on the map (on the map: {on_map}).")
    if open_only and found.status != "site":
        raise IllegalAction(f"Project {key} is already a route.")
    return found


def open_sites(state: WorkersState) -> list[str]:
    """The numbers (as text, in order) of the projects under construction."""
    return [k for k, s in sorted(state.sites.items(), key=lambda kv: int(kv[0])) if s.status == "site"]


def free_squares(table: Table) -> int:
    """The table's squares still to fill (a blocked square is not one)."""
    return table.squares - (1 if table.blocked else 0) - len(table.placed)


def open_table(state: WorkersState, number: int | str, kind: str) -> Table:
    """The ``kind`` table of a site, refused when it is completed (its reward tile gone:
    railway-workers.txt, "Construction site Development")."""
    s = site(state, number)
    table = s.tables.of(kind)
    if not table.reward:
        raise IllegalAction(f"The {kind} table of site {s.number} is completed: nothing more goes there.")
    return table


def capacity(state: WorkersState, seat: int, kind: str) -> int:
    """How many more of ``kind`` fit in the seat's Facilities (plans: no limit)."""
    p = state.players[seat]
    if kind == "plans":
        return 10**6
    fac = p.facilities
    room = CAPACITY - fac.of(kind)
    if p.shed and fac.structures <= CAPACITY and fac.tracks <= CAPACITY:
        room += 1
    return max(0, room)


def after_leaving(state: WorkersState, seat: int) -> None:
    """Command 11 (Extra Shed) lasts until the extra resource has left the Facilities."""
    p = state.players[seat]
    fac = p.facilities
    if p.shed and p.shed_used and fac.structures <= CAPACITY and fac.tracks <= CAPACITY:
        p.shed = False
        p.shed_used = False


def store_in_facilities(state: WorkersState, seat: int, kind: str, count: int) -> None:
    """Put ``count`` of ``kind`` into the seat's Facilities; raises ``IllegalAction`` without room."""
    p = state.players[seat]
    if count > capacity(state, seat, kind):
        raise IllegalAction(f"Your Facilities have room for {count_of(capacity(state, seat, kind), kind)} more.")
    p.facilities.add(kind, count)
    if kind != "plans" and p.facilities.of(kind) > CAPACITY:
        p.shed_used = True


def shares_on(state: WorkersState, numbers: Iterable[int]) -> dict[int, int]:
    """``{seat: shares}`` on the projects ``numbers`` together; a project still in the pile (not
    on the board: no site, so no shares) adds nothing."""
    out: dict[int, int] = {}
    for n in numbers:
        site = state.sites.get(str(n))
        for seat, k in (site.shares.items() if site is not None else ()):
            out[int(seat)] = out.get(int(seat), 0) + k
    return out


def majority(state: WorkersState, numbers: Iterable[int]) -> int:
    """The seat with the most shares on the projects ``numbers`` together; a tie (or no shares)
    goes to the tied seat nearest the Baton clockwise."""
    counts = shares_on(state, numbers)
    best = max(counts.values(), default=0)
    tied = [s for s in range(len(state.seats)) if counts.get(s, 0) == best]
    return baton_order(state, tied)[0]


def projects_at(state: WorkersState, city: str) -> list[int]:
    """Projects of this game (on the map or still in the pile) with an end at ``city``."""
    return [p.number for p in data.country().project if city in p.between and p.number in state.in_play]


def routes_at(state: WorkersState, city: str) -> list[int]:
    """Projects with an end at ``city`` that are routes now."""
    out = []
    for n in projects_at(state, city):
        found = state.sites.get(str(n))
        if found is not None and found.status == "route":
            out.append(n)
    return out


def other_end(number: int, city: str) -> str:
    a, b = data.project(number).between
    return b if city == a else a


def joining(state: WorkersState, a: str, b: str) -> int | None:
    """The project between cities ``a`` and ``b`` (on the map or not), or ``None``."""
    for n in projects_at(state, a):
        if other_end(n, a) == b:
            return n
    return None
