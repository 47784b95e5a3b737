"""Construction sites: warehouses, worker-resource pairs, plans, completed tables and their
rewards, new projects and sites becoming routes (railway-workers.txt, "Construction site
Development" and the FAQ)."""
from __future__ import annotations

from ...common.text import plural
from ...core.errors import IllegalAction
from . import board, data
from .board import gain, name
from .state import Question, Site, Table, Tables, Warehouse, Warehouses, WorkersState, given

PAIR_PAY = 8
"""Coins for each worker-structure or worker-track pair formed (10 with commands 5 and 10)."""
PLAN_PAY = 5
THIRD_PAY = 3


def new_site(state: WorkersState, number: int) -> Site:
    """Project ``number``'s construction site, empty: a table per resource with the project's
    printed squares (the last one blocked with 2-3 players) and empty warehouses."""
    p = data.project(number)
    blocked = len(state.seats) <= 3

    def table(squares: int) -> Table:
        return Table(squares=squares, blocked=blocked, placed=[], reward=True)

    return Site(number=number, status="site", shares={},
                tables=Tables(plans=table(p.plans), structures=table(p.structures), tracks=table(p.tracks)),
                warehouses=Warehouses(structures=Warehouse(workers={}, goods={}),
                                      tracks=Warehouse(workers={}, goods={})))


def reveal_project(state: WorkersState, events: list[dict]) -> None:
    """Reveal the next Project tile and put its construction site on the map with its three reward
    tiles (setup step e; "At any time ... only 1 reward tile remains"). Nothing when the pile is
    empty."""
    if not state.projects:
        return
    number = state.projects.pop(0)
    state.sites[str(number)] = new_site(state, number)
    a, b = data.project(number).between
    events.append({"type": "project", "project": number,
                   "text": f"Project {number} ({a}–{b}) is revealed: a new construction site."})


def rewards_left(s: Site) -> int:
    """The site's reward tiles still on its tables."""
    return sum(1 for _, t in s.tables.by_kind() if t.reward)


def add_to(bucket: dict[str, int], seat: int, n: int) -> None:
    """Add ``n`` (may be negative) to ``seat``'s count in a seat-keyed ``bucket``; a count of 0 is removed."""
    key = str(seat)
    bucket[key] = bucket.get(key, 0) + n
    if bucket[key] == 0:
        del bucket[key]


def put_workers(state: WorkersState, seat: int, number: int, kind: str, count: int, events: list[dict], *,
                from_facilities: bool = True) -> None:
    """Send ``count`` of the seat's workers to the ``kind`` warehouse of a site, then form pairs."""
    table = board.open_table(state, number, kind)
    if kind == "plans":
        raise IllegalAction("Workers go to the structures or tracks warehouse; plans need no worker.")
    if count < 1:
        raise IllegalAction("Send at least one worker.")
    if from_facilities:
        p = state.players[seat]
        if p.facilities.workers < count:
            raise IllegalAction(f"You have {plural(p.facilities.workers, 'worker')} in your Facilities.")
        p.facilities.workers -= count
    del table
    add_to(board.site(state, number).warehouses.of(kind).workers, seat, count)
    pair_up(state, seat, number, kind, events)


def put_goods(state: WorkersState, seat: int, number: int, kind: str, count: int, events: list[dict]) -> None:
    """Put ``count`` resources (already paid for or taken from the Facilities) into a site: plans
    onto the plans table (5 coins each), structures and tracks into the warehouse, then pairs."""
    table = board.open_table(state, number, kind)
    if kind == "plans":
        free = board.free_squares(table)
        if count > free:
            raise IllegalAction(f"The plans table of site {number} has {plural(free, 'free square')}.")
        table.placed.extend([seat] * count)
        gain(state, seat, PLAN_PAY * count)
        events.append({"type": "plans", "seat": seat, "site": int(number), "count": count,
                       "text": f"{name(state, seat)} puts {plural(count, 'plan')} on site {number}: "
                               f"+{plural(PLAN_PAY * count, 'coin')}."})
        check_table(state, number, kind, events)
        return
    add_to(board.site(state, number).warehouses.of(kind).goods, seat, count)
    pair_up(state, seat, number, kind, events)


def pair_up(state: WorkersState, seat: int, number: int, kind: str, events: list[dict]) -> None:
    """Form the seat's worker-resource pairs in a warehouse: each puts the resource on the table's
    leftmost free square, sends the worker to the Houses and pays 8 coins (10 under commands 5/10
    on the acting player's turn)."""
    s = board.site(state, number)
    table = s.tables.of(kind)
    house = s.warehouses.of(kind)
    key = str(seat)
    pairs = min(house.workers.get(key, 0), house.goods.get(key, 0), board.free_squares(table))
    if pairs <= 0:
        return
    add_to(house.workers, seat, -pairs)
    add_to(house.goods, seat, -pairs)
    table.placed.extend([seat] * pairs)
    state.players[seat].houses += pairs
    turn = state.turn
    each = turn.pair_pay if turn is not None and turn.seat == seat else PAIR_PAY
    gain(state, seat, each * pairs)
    events.append({"type": "pairs", "seat": seat, "site": s.number, "kind": kind, "count": pairs,
                   "text": f"{name(state, seat)} forms {plural(pairs, 'worker-' + kind[:-1] + ' pair')} on site "
                           f"{s.number}: +{plural(each * pairs, 'coin')}."})
    check_table(state, number, kind, events)


def ranking(table: Table) -> list[int]:
    """Contributors of a completed table, most resources first, ties to the leftmost cube."""
    seats: list[int] = []
    for s in table.placed:
        if s not in seats:
            seats.append(s)
    return sorted(seats, key=lambda s: (-table.placed.count(s), table.placed.index(s)))


def check_table(state: WorkersState, number: int, kind: str, events: list[dict]) -> None:
    """Complete the table when its last square is filled: rank the contributors, queue the first
    one's choice (reward tile or free share), pay the third 3 coins, return the cubes and what waits
    in the warehouse, then reveal a project or turn the site into a route."""
    s = board.site(state, number)
    table = s.tables.of(kind)
    if board.free_squares(table) > 0 or not table.reward:
        return
    table.reward = False
    order = ranking(table)
    names = ", ".join(name(state, x) for x in order)
    cubes = {str(x): table.placed.count(x) for x in order}
    events.append({"type": "table_done", "site": s.number, "kind": kind, "ranking": order, "cubes": cubes,
                   "text": f"Site {s.number}: the {kind} table is complete ({names})."})
    state.pending.append(Question(kind="reward", site=s.number, table=kind, tile=data.TILE[kind],
                                  first=order[0], second=order[1] if len(order) > 1 else None))
    if len(order) > 2:
        gain(state, order[2], THIRD_PAY)
        events.append({"type": "third", "seat": order[2],
                       "text": f"{name(state, order[2])} takes {plural(THIRD_PAY, 'coin')} as third on that table."})
    table.placed = []
    if kind != "plans":
        _return_warehouse(state, s, kind, events)
    left = rewards_left(s)
    if left == 1:
        reveal_project(state, events)
    elif left == 0:
        to_route(state, s, events)


def _return_warehouse(state: WorkersState, s: Site, kind: str, events: list[dict]) -> None:
    """The table's warehouse empties: its workers and resources go back to their owners' Facilities
    (resources without room there are sold to the Bank), each owner told in a line."""
    house = s.warehouses.of(kind)
    for key in sorted(set(house.workers) | set(house.goods), key=int):
        seat, workers, goods = int(key), house.workers.get(key, 0), house.goods.get(key, 0)
        state.players[seat].facilities.workers += workers
        room = min(goods, board.capacity(state, seat, kind))
        board.store_in_facilities(state, seat, kind, room)
        home = [board.count_of(room, kind) if room else "", plural(workers, "worker") if workers else ""]
        if any(home):
            events.append({"type": "home", "seat": seat, "site": s.number, "kind": kind,
                           "text": f"{name(state, seat)} takes {' and '.join(x for x in home if x)} home from "
                                   f"site {s.number}'s warehouse."})
        if goods > room:
            gain(state, seat, data.country().market.sell[kind] * (goods - room))
            events.append({"type": "sold", "seat": seat, "kind": kind, "count": goods - room,
                           "text": f"{name(state, seat)} has no room: {board.count_of(goods - room, kind)} sold to "
                                   "the Bank."})
    house.workers = {}
    house.goods = {}


def to_route(state: WorkersState, s: Site, events: list[dict]) -> None:
    """The site's three reward tiles are gone: it becomes a route, and the leftmost train of the
    Investment table comes to one of its cities, black side up, facing it (the majority
    shareholder chooses the city)."""
    s.status = "route"
    # said once the last table's reward is chosen (``resolve_reward``), not while it is asked
    if state.table_trains:
        state.pending.append(Question(kind="train_city", project=s.number))


def resolve_reward(state: WorkersState, decision: Question, option: str, events: list[dict]) -> None:
    """The first-placed player takes the reward tile or a free share; the second gets the other.
    ``decision`` is the ``"reward"`` question answered."""
    if option not in ("tile", "share"):
        raise IllegalAction("Choose `tile` (the reward tile) or `share` (a free share on the site).")
    number, tile = given(decision.site, "a reward's site"), given(decision.tile, "a reward's tile")
    first, second = given(decision.first, "a reward's first"), given(decision.second, "a reward's second")
    other = "share" if option == "tile" else "tile"
    for seat, what in ((first, option), (second, other)):
        if seat is None:
            continue
        if what == "tile":
            state.players[seat].tiles.add(tile, 1)
            text = f"{name(state, seat)} takes the {given(decision.table, 'a reward table')} reward tile."
        else:
            add_to(state.sites[str(number)].shares, seat, 1)
            text = f"{name(state, seat)} takes a free share on project {number}."
        events.append({"type": "reward", "seat": seat, "what": what, "tile": tile, "text": text})
    site = state.sites[str(number)]
    if site.status == "route" and not any(q.kind == "reward" and q.site == number for q in state.pending):
        a, b = data.project(site.number).between
        events.append({"type": "route", "project": site.number,
                       "text": f"Site {site.number} is complete: {a}–{b} is now a route."})
