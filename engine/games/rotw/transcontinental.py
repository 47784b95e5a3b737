"""The Transcontinental game: the Eastern and Western U.S. boards as one map, played in two phases
(railways-of-the-world.txt, "Transcontinental Rules").

A map with ``east_column`` (``data.MapData``) is played so. ``state.transcontinental``
(``state.Transcontinental``): the phase (``"east"``, ``"west"``); the turn in which the last Eastern empty
city marker was placed (the West opens at its end); the Faster Game option; the seats whose income has reached
$10,000 ("Score / Income track"); while ``state.phase == "bonds"`` (between the phases) the seats still to say
how many bonds they return ("Return Bonds"). Money in thousands of dollars, points are income-track points.

- Eastern phase: track, urbanizing, City Growth and Mines only on the Eastern board, no Fuel Depots;
  western cities hold no cubes; the phase ends with the turn in which the last marker is placed
  (the map's count, the same as the Eastern U.S. table).
- Between the phases: bonds returned (``RETURN_COST``), then ``open_west``.
- Western phase: track anywhere; empty city markers only on western cities printed with more than
  one cube; eastern cities no longer urbanize or grow goods; the last western marker ends the game
  as usual (finish the turn, one more full turn).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from ...common.goods import draw
from ...common.hexgrid import col_name
from ...core.errors import IllegalAction
from ...core.record import UNSET
from ...core.rng import Stream
from . import barons
from . import cards as ops
from .context import Context
from .data import MapData
from .state import Markers, RotwState, Transcontinental

if TYPE_CHECKING:
    from .options import Options

FLOOR = 10
"""Income in thousands that never falls again once reached ("Score / Income Track")."""


def return_cost(count: int) -> int:
    """Points lost for returning ``count`` bonds: 2 + 3 + ... + (count + 1), so 1 -> 2, 2 -> 5,
    3 -> 9, 4 -> 14 ("Return Bonds": "returning four bonds would cost 2+3+4+5 = 14 VPs")."""
    return sum(range(2, count + 2))


def of(state: RotwState) -> Transcontinental | None:
    """The Transcontinental record of a game, ``None`` on any other map."""
    t = state.transcontinental
    return None if t is UNSET else t


def record(state: RotwState) -> Transcontinental:
    """``of`` a game known to be a Transcontinental one (a bond return, the West opening). Raises
    ``ValueError`` on another map."""
    t = of(state)
    if t is None:
        raise ValueError("not a Transcontinental game")
    return t


EAST_BARONS, WEST_BARONS = "eastern-us", "western-us"
"""The baron decks of the two phases (the rulebook's Option 2, ``barons.deal_west``)."""


def check_options(mapdata: MapData, options: Options) -> None:
    """Refuse the Faster Game off this map, and the late baron choice on it ("Variants: Baron Cards"
    waits for a Major Line; Option 2 deals the barons of each board at the start of its phase)."""
    if options.faster and not mapdata.east_column:
        raise IllegalAction("The Faster Game (`faster`) is an option of the Transcontinental map only.")
    if options.baron_later and mapdata.east_column:
        raise IllegalAction("The Transcontinental game deals the barons of each board at the start of its phase: "
                            "play it without `baron_later`.")


def setup(state: dict[str, Any], mapdata: MapData, faster: bool) -> None:
    """Start in the Eastern phase: the ``transcontinental`` record's JSON in the new state's JSON
    ``state`` (``rules.setup`` leaves western cities without cubes)."""
    if not mapdata.east_column:
        return
    state["transcontinental"] = {"phase": "east", "opens": None, "faster": faster, "floor": [], "returns": {}}


def closed(mapdata: MapData, hexname: str) -> bool:
    """Whether a hex is on the Western board, closed during the Eastern phase."""
    return bool(mapdata.east_column) and not mapdata.in_east(hexname)


def boundary(mapdata: MapData) -> str:
    """The boundary between the boards, for players."""
    return (f"columns A-{col_name(mapdata.east_column - 1)} are the Western board, "
            f"{col_name(mapdata.east_column)}-{col_name(mapdata.columns - 1)} the Eastern board")


def may_build(state: RotwState, mapdata: MapData, hexname: str) -> bool:
    """Whether track may be laid in (or reach) ``hexname`` now ("Playing the Eastern Phase")."""
    t = of(state)
    return t is None or t.phase == "west" or not closed(mapdata, hexname)


def check_build(state: RotwState, mapdata: MapData, hexes: Iterable[str | None]) -> None:
    """Refuse track touching the Western board in the Eastern phase. Raises ``IllegalAction``."""
    if of(state) is None:
        return
    west = [h for h in hexes if h and not may_build(state, mapdata, h)]
    if west:
        raise IllegalAction(f"{west[0]} is on the Western board, which opens only after the Eastern phase "
                            f"({boundary(mapdata)}).")


def may_grow(state: RotwState, mapdata: MapData, hexname: str) -> bool:
    """Whether a city may be urbanized or get new goods (City Growth, New Industry, Mines) now:
    not in the West before it opens, not in the East once it has ("Playing the Western Phase")."""
    t = of(state)
    if t is None:
        return True
    return closed(mapdata, hexname) == (t.phase == "west")


def check_growth(state: RotwState, mapdata: MapData, hexname: str) -> None:
    """Refuse urbanizing or growing goods where the phase forbids it. Raises ``IllegalAction``."""
    t = of(state)
    if t is not None and not may_grow(state, mapdata, hexname):     # may_grow holds on other maps
        name = mapdata.cities[hexname].name
        if t.phase == "west":
            raise IllegalAction(f"{name} is on the Eastern board: in the Western phase eastern cities may no longer "
                                "be urbanized or grow goods.")
        raise IllegalAction(f"{name} is on the Western board, which opens only after the Eastern phase.")


def check_depot(state: RotwState) -> None:
    """Fuel Depots open with the Western phase ("Playing the Eastern Phase")."""
    t = of(state)
    if t is not None and t.phase != "west":
        raise IllegalAction("Fuel Depots are available only in the Western phase of the Transcontinental game.")


def allowed(state: RotwState, mapdata: MapData, action: dict[str, Any]) -> bool:
    """Whether a legal-action candidate keeps the phase's limits (``search.legal_actions``)."""
    t = of(state)
    if t is None:
        return True
    kind = action["type"]
    if kind == "build":
        return all(may_build(state, mapdata, h) for h in action.get("path", [])) and \
            (not action.get("mine") or may_grow(state, mapdata, action["mine"])) and \
            (not action.get("depot") or t.phase == "west")
    if kind in ("urbanize", "take_card") and action.get("city"):
        return may_grow(state, mapdata, action["city"])
    return True


def takes_marker(state: RotwState, mapdata: MapData, hexname: str) -> bool:
    """Whether an emptied city gets an empty city marker: in the Western phase only western cities
    printed with more than one cube ("Playing the Western Phase")."""
    t = of(state)
    if t is None or t.phase != "west":
        return True
    return closed(mapdata, hexname) and mapdata.cities[hexname].cubes > 1


def last_marker(state: RotwState, events: list[dict[str, Any]]) -> bool:
    """The last marker was placed: in the Eastern phase the West opens at the end of this turn
    (not one more turn). Returns whether this was the Eastern phase's last marker."""
    t = of(state)
    if t is None or t.phase != "east":
        return False
    if t.opens is None:
        t.opens = state.turn
        events.append({"type": "east_ends", "text": "The last empty city marker of the Eastern phase is placed: at the "
                                                    "end of this turn the West opens."})
    return True


def _reached(ctx: Context, points: int) -> bool:
    """Whether a marker at ``points`` has passed a track position paying $10,000 (the track wraps at 100)."""
    return points >= 100 or max(ctx.tables.income[:max(0, points) + 1]) >= FLOOR


def income(state: RotwState, ctx: Context, seat: int, track_income: int, record: bool = True) -> int:
    """Income of ``seat`` in thousands: ``track_income`` (the track's figure at its points), but
    never below $10,000 once the player's points have reached a position paying $10,000 ("Score /
    Income Track"); ``record`` remembers that they have (views do not)."""
    t = of(state)
    if t is None:
        return track_income
    reached = seat in t.floor or _reached(ctx, state.players[seat].points)
    if record and reached and seat not in t.floor:
        t.floor = sorted([*t.floor, seat])
    return max(track_income, FLOOR) if reached else track_income


# ----------------------------------------------------------- between the phases
def east_ends(state: RotwState, events: list[dict[str, Any]]) -> bool:
    """End of a turn: when it is the turn of the Eastern phase's last marker, play pauses for
    returning bonds (``state.phase = "bonds"``). Returns whether it paused."""
    t = of(state)
    if t is None or t.phase != "east" or t.opens != state.turn:
        return False
    t.returns = {str(s): None for s, p in enumerate(state.players) if p.bonds > 0}
    state.phase = "bonds"
    state.round, state.order, state.at, state.auction = 0, [], 0, None
    events.append({"type": "between_phases", "text": "The Eastern phase is over. Before the West opens, each player "
                                                     "with bonds chooses how many to return (1 bond costs 2 points, "
                                                     "2 cost 5, 3 cost 9, 4 cost 14...)."})
    return True


def pending(state: RotwState) -> list[int]:
    """Seats still to choose how many bonds to return."""
    t = of(state)
    if t is None or state.phase != "bonds":
        return []
    return [int(s) for s, n in t.returns.items() if n is None]


def return_bonds(state: RotwState, ctx: Context, seat: int, count: int, events: list[dict[str, Any]]) -> None:
    """``seat`` returns ``count`` bonds (0: none) and loses ``return_cost(count)`` points at once.
    Raises ``IllegalAction`` (more bonds than held, fewer points than the cost, already chosen)."""
    player = state.players[seat]
    if seat not in pending(state):
        raise IllegalAction("You have no bonds to return now, or you have already chosen.")
    t = record(state)                 # pending: a Transcontinental game
    if count > player.bonds:
        held = f"{player.bonds} bond{'s' if player.bonds != 1 else ''}"
        raise IllegalAction(f"You hold {held}: return at most that many.")
    cost = return_cost(count)
    if cost > player.points:
        raise IllegalAction(f"Returning {count} bonds costs {cost} points and you have {player.points}.")
    income(state, ctx, seat, 0)     # the floor is kept if it was reached before the points are lost
    t.returns[str(seat)] = count
    player.bonds -= count
    player.points -= cost
    text = f"{player.name} returns {count} bond{'s' if count != 1 else ''} for {cost} points" if count \
        else f"{player.name} keeps their bonds"
    events.append({"type": "bonds_returned", "seat": seat, "bonds": count, "points": cost, "text": text + "."})


def open_west(state: RotwState, ctx: Context, rng: Stream, events: list[dict[str, Any]]) -> None:
    """"Populate the Western board" and "Railroad Operations cards": with the Faster Game, cubes
    leave eastern cities no complete link reaches and every eastern gray city; eastern markers are
    removed; each western city gets its printed cubes less one (at least one); the unclaimed
    operations cards leave the game (the "first to" start cards stay) and two cards per player are
    laid out; with barons, two western barons are dealt to each player. Then the Western phase."""
    t, mapdata, n = record(state), ctx.map, len(state.seats)
    reached = {h for link in state.links.values() if link.to for h in (link.from_, link.to)}
    back = 0
    for hexname, city in sorted(state.cities.items()):
        if not closed(mapdata, hexname) and t.faster and (hexname not in reached or city.colour == "gray"):
            for cube in city.cubes:
                state.bag[cube] += 1
            back += len(city.cubes)
            city.cubes = []
        city.marker = False
    if t.faster:
        events.append({"type": "faster", "text": f"Faster Game: {back} cubes leave eastern cities without a link and "
                                                 "the eastern gray cities."})
    placed = 0
    for hexname, city in sorted(state.cities.items()):
        if closed(mapdata, hexname):
            printed = mapdata.cities[hexname].cubes
            count = max(1, printed - 1) if n in mapdata.cube_reduction else printed
            city.cubes = sorted(draw(state.bag, rng, count))
            placed += len(city.cubes)
    total = mapdata.empty_city_markers[n] - (2 if state.options.short_game else 0)
    state.markers = Markers(total=total, placed=0)
    cards = state.cards
    gone = [c for c in cards.face_up if ops.spec(ctx, c).goal != "first_to_city"]
    cards.face_up = [c for c in cards.face_up if c not in gone]
    cards.discard += gone
    ops.lay_out(ctx, cards, 2 * n, rng)
    if state.barons is not UNSET:
        barons.deal_west(state, rng, WEST_BARONS)
    t.phase = "west"
    t.returns = {}
    events.append({"type": "west_opens", "text": f"The West opens: {placed} goods cubes on the western cities, "
                                                 f"{total} empty city markers for the Western phase, "
                                                 f"{len(gone)} unclaimed operations cards removed and "
                                                 f"{2 * n} new ones laid out."})


class NextTurn(Protocol):
    """``rules.next_turn``, handed in (``rules`` imports this module)."""

    def __call__(self, state: RotwState, ctx: Context, events: list[dict[str, Any]], reveal: bool = True, *,
                 rng: Stream) -> None: ...


def resume(state: RotwState, ctx: Context, rng: Stream, events: list[dict[str, Any]], next_turn: NextTurn) -> None:
    """Once nobody has bonds left to decide on, open the West and start the next turn
    (``next_turn``: ``rules.next_turn``, without turning up another card)."""
    if state.phase == "bonds" and not pending(state):
        open_west(state, ctx, rng, events)
        next_turn(state, ctx, events, reveal=False, rng=rng)


def view(state: RotwState, mapdata: MapData) -> dict[str, Any] | None:
    """The public Transcontinental part of a view: phase (``"east"``, ``"bonds"`` between the phases,
    ``"west"``), the boundary, who still chooses bonds, bonds returned, the income floor."""
    t = of(state)
    if t is None:
        return None
    return {"phase": "bonds" if state.phase == "bonds" else t.phase, "east_column": mapdata.east_column,
            "boundary": boundary(mapdata), "bonds_pending": pending(state),
            "bonds_returned": {s: n for s, n in t.returns.items() if n is not None},
            "income_floor": list(t.floor), "faster": t.faster}
