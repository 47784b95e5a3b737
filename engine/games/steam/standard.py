"""What the standard game adds to Steam's base game: capital, a turn-order auction each turn with
payments, the Production tile (and, in ``flow.income``, locomotive upkeep).

steam.txt names the standard game ("a more detailed Standard Game for a longer playtime") but
stops before its rules; these follow the published game's, in our words and figures
(docs/rules-assumptions.md): at the start of each turn every player may raise capital, $5 a step
down the income track; then an auction sets the turn order: the first player to drop out goes
last and pays nothing, the winner and the last to drop out pay their bids in full, the others half
(rounded up); the holder of last turn's Turn Order tile may let one bidding turn go by without
dropping out. After income, Goods Growth's dice move cubes from the goods supply spaces onto the
cities of those numbers, so that the cubes Production puts there reach the map. Money in dollars.
"""
from __future__ import annotations

from ...common import auction as auc
from ...common.goods import draw
from ...core.errors import IllegalAction
from ...core.game import Event
from ...core.record import UnsetType
from ...core.rng import Stream
from .build import SteamBoard, builder, production_spaces
from .data import COLOURS, MapData, Rules
from .money import can_raise, pay_or_refuse, record
from .seats import active
from .state import Bidding, SteamState

OPENING_BID = 1
PRODUCED = 2
DIE = 6                 # a die's faces: spaces 1-6 for the light dice, 7-12 for the dark ones


def start_turn(state: SteamState, events: list[Event]) -> None:
    """Capital first: every player still in chooses how many $5 steps to raise (0 is fine); a
    player who chose no capital for good (``no_capital``) is not asked and raises none."""
    standing = [s for s in active(state) if state.players[s].no_capital is True]
    state.phase = "capital"
    state.capital = {str(s): (0 if s in standing else None) for s in active(state)}
    if len(standing) == len(active(state)):
        _to_order(state)
        events.append({"type": "phase", "text": f"Turn {state.turn}: nobody raises capital (as each chose); "
                                                "bid for the turn order."})
        return
    events.append({"type": "phase", "text": f"Turn {state.turn}: raise capital ($5 a step down the income "
                                            "track) if you wish, then bid for the turn order."
                                            + (" No capital for " + ", ".join(state.seats[s] for s in standing)
                                               + " (as they chose)." if standing else "")})


def _to_order(state: SteamState) -> None:
    state.phase, state.capital = "order", None
    state.bidding = auc.start(active(state), keep_bids=True, kind=Bidding, dropped=[])


def capitals(state: SteamState) -> dict[str, int | None]:
    """Each seat's capital this turn, $5 steps (``None``: not decided): the ``capital`` phase's
    record, empty outside it (and in states older than the standard game)."""
    box = state.capital
    return {} if box is None or isinstance(box, UnsetType) else box


def bidding(state: SteamState) -> Bidding:
    """The turn-order auction (``order`` phase only: the steps call this then)."""
    a = state.bidding
    assert a is not None and not isinstance(a, UnsetType), "the order phase keeps its auction"
    return a


def skips(state: SteamState) -> list[int]:
    """The seats that may let one bid go by (Turn Order tile); ``[]`` in states older than it."""
    return [] if isinstance(state.skip, UnsetType) else state.skip


def capital(state: SteamState, rules: Rules, seat: int, steps: int, events: list[Event], always: bool = False) -> None:
    """Raise ``steps`` of $5 down the income track; ``always`` (with 0 steps): no capital in the
    later turns either, without being asked (the player's ``no_capital``)."""
    box = capitals(state)
    if state.phase != "capital" or str(seat) not in box:
        raise IllegalAction("Capital is raised at the start of a turn.")
    if box[str(seat)] is not None:
        raise IllegalAction("You have already raised your capital this turn.")
    p = state.players[seat]
    if not 0 <= steps <= p.income - rules.income_min:
        raise IllegalAction(f"You can raise 0 to {p.income - rules.income_min} steps of $5 (income "
                            f"{p.income}, lowest {rules.income_min}).")
    if always and steps:
        raise IllegalAction("Only no capital can be chosen for every turn.")
    p.income -= steps
    p.cash += steps * rules.raise_step
    box[str(seat)] = steps
    if always:
        p.no_capital = True
    events.append({"type": "capital", "seat": seat, "money": [record(seat, steps=steps)],
                   "text": f"{p.name} raises ${steps * rules.raise_step} (income {p.income})." if steps
                   else f"{p.name} raises no capital" + (", now and in every later turn." if always else ".")})
    if all(v is not None for v in box.values()):
        _to_order(state)


def bidder(state: SteamState) -> int:
    """The seat to bid or drop out in the turn-order auction."""
    return auc.bidder(bidding(state))


def bid(state: SteamState, rules: Rules, seat: int, amount: int, events: list[Event]) -> None:
    """Bid ``amount`` dollars for the turn order. Raises ``IllegalAction`` for a bid the seat
    cannot raise or below the lowest allowed."""
    if amount > can_raise(state.players[seat], rules):
        raise IllegalAction(f"You cannot raise ${amount}.")
    auc.bid(bidding(state), seat, amount, OPENING_BID, auc.dollars)
    events.append({"type": "bid", "seat": seat, "text": f"{state.seats[seat]} bids ${amount}."})
    _close(state, rules, events)


def pass_(state: SteamState, rules: Rules, seat: int, events: list[Event]) -> None:
    """Drop out of the turn-order auction; the holder of last turn's Turn Order tile lets its first
    bidding turn go by instead (steam.txt names the tile; our reading of its standard-game use)."""
    a = bidding(state)
    skip = skips(state)
    if seat in skip:
        skip.remove(seat)
        auc.skip(a, seat)
        events.append({"type": "pass", "seat": seat, "text": f"{state.seats[seat]} uses Turn Order to let the bid "
                                                             "go by without dropping out."})
        return
    auc.pass_(a, seat)
    a.dropped.append(seat)
    events.append({"type": "pass", "seat": seat, "text": f"{state.seats[seat]} drops out."})
    _close(state, rules, events)


def _close(state: SteamState, rules: Rules, events: list[Event]) -> None:
    """Once the auction is over, the order follows the passes (``auc.order_by_passes``: who never
    dropped out first, then the last to drop out, ..., the first to drop out last); the first to
    drop out pays nothing, the winner and the last to drop out pay their bids in full, the others
    half their bids (rounded up). Dollars."""
    a = bidding(state)
    if not auc.finished(a):
        return
    dropped = list(a.dropped)
    order = auc.order_by_passes(a)
    lines, book = [], []
    for rank, seat in enumerate(order):
        own = auc.own_bid(a, seat)
        if dropped and seat == dropped[0]:
            due = 0                                   # the first to drop out goes last, for free
        elif rank <= 1:
            due = own                                 # the winner and the last to drop out
        else:
            due = auc.half_up(own)
        if due:
            paid = pay_or_refuse(state, seat, due, rules, "That bid")
            lines.append(f"{state.seats[seat]} {paid.text}")
            book.append(paid.record)
    state.order, state.at, state.phase, state.bidding, state.skip = order, 0, "select", None, []
    events.append({"type": "order", "money": book,
                   "text": auc.order_text(state.seats, order) + ("" if not lines else " " + "; ".join(lines) + ".")})


def produce(state: SteamState, mapdata: MapData, rng: Stream, seat: int, spaces: list[str],
            events: list[Event]) -> None:
    """Production, during the build: 2 cubes drawn from the bag onto empty goods supply spaces
    chosen by the player (as many as there are such spaces), spaces whose cubes can still reach the
    map (``production_spaces``): a city's number, or the letter of a New City tile not yet placed."""
    b = builder(state, seat)
    if "production" not in b.todo:
        raise IllegalAction("You did not take Production this turn (or you have used it).")
    empty = production_spaces(state, mapdata)
    wanted = min(PRODUCED, len(empty))
    names = [str(x).upper() for x in spaces]
    if len(names) != wanted or len(set(names)) != len(names) or any(x not in empty for x in names):
        raise IllegalAction(f"Name {wanted} different empty goods supply spaces of a city or of a New City tile "
                            f"still to be placed (empty: {', '.join(empty) or 'none'}).")
    drawn = draw(state.bag, rng, len(names), COLOURS)
    for space, cube in zip(names, drawn):
        state.supply[space] = [cube]
    b.todo.remove("production")
    events.append({"type": "produce", "seat": seat, "spaces": dict(zip(names, drawn)),
                   "text": f"{state.seats[seat]} produces "
                   + ", ".join(f"{c} on space {s}" for s, c in zip(names, drawn)) + "."})


def goods_growth(state: SteamState, mapdata: MapData, rng: Stream, events: list[Event]) -> None:
    """Goods Growth, after income in every turn but the last (the published standard game's, as in
    Age of Steam): one light die per player for spaces 1-6 and one dark die per player for spaces
    7-12 (players at the start of the game); for each die, one cube of that goods supply space
    (its first) goes onto the city of that number, if the space has one. The event lists each
    cube moved (``moves``: space, hex, colour) and the empty spaces rolled."""
    seats = len(state.seats)
    city_of = {str(c.supply): h for h, c in mapdata.cities.items() if c.supply}
    board = SteamBoard(mapdata, state)
    rolled, moved, empty = [], [], []
    for offset in (0, DIE):
        for _ in range(seats):
            space = str(rng.below(DIE) + 1 + offset)
            rolled.append(space)
            cubes, h = state.supply[space], city_of.get(space)
            if h is None or not cubes:
                empty.append(space)
                continue
            cube = cubes.pop(0)
            city = state.cities[h]
            city.cubes = sorted([*city.cubes, cube])
            moved.append({"space": space, "hex": h, "colour": cube})
    parts = [f"{m['colour']} from space {m['space']} to {board.name(m['hex'])}" for m in moved]
    if empty:
        parts.append(f"nothing from space{'s' if len(set(empty)) > 1 else ''} {', '.join(sorted(set(empty), key=int))} "
                     "(empty)")
    events.append({"type": "goods_growth", "rolled": rolled, "moves": moved,
                   "text": f"Goods growth, dice for spaces {', '.join(rolled)}: " + "; ".join(parts) + "."})

