"""Steam's move goods phase: two rounds of a delivery, a locomotive improvement or a pass, and the
track points each owner takes as income or VP.

steam.txt, "Phase 3 – Move Goods (or Improve Locomotive)", "Making Your Train Better", "Moving a
Goods Cube" and "Track Points". Cube routes are checked by ``engine.common.routes`` with the
``share`` ownership rule.
"""
from __future__ import annotations

from typing import Literal

from ...common.routes import check_route
from ...core.errors import IllegalAction
from ...core.game import Event
from ...core.record import UnsetType
from .build import SteamBoard
from .data import MapData, Rules, place
from .money import record
from .seats import active, first_then_order
from .state import Move, Scoring, SteamState

ROUNDS = 2


def moving(state: SteamState) -> Move:
    """Phase 3's record (``move`` and ``score`` phases only: the steps call this then)."""
    assert state.move is not None, "moving goods keeps its record"
    return state.move


def scoring(state: SteamState) -> Scoring:
    """A delivery's track points being placed (``score`` phase only: the steps call this then)."""
    assert state.scoring is not None, "the score phase keeps its record"
    return state.scoring


def start_moves(state: SteamState, events: list[Event]) -> None:
    """Phase 3, round 1: the movers in turn order, First Move's holder first."""
    order = first_then_order(state, "first-move")
    state.phase, state.move = "move", Move(round=1, order=order, at=0)
    events.append({"type": "phase", "text": "Move goods, round 1 of 2: " + ", ".join(state.seats[s] for s in order)
                                            + "."})


def locomotive(state: SteamState, rules: Rules, seat: int, events: list[Event]) -> None:
    """Improve the locomotive one level instead of moving a cube: free, once a turn. The core's
    steps make sure it is ``seat``'s turn to move goods (``game.STEPS``)."""
    p = state.players[seat]
    if p.loco_done:
        raise IllegalAction("You have already improved your locomotive while moving goods this turn.")
    if p.loco >= rules.locomotive_max:
        raise IllegalAction(f"Your locomotive is already at level {rules.locomotive_max}.")
    p.loco += 1
    p.loco_done = True
    events.append({"type": "locomotive", "seat": seat, "text": f"{p.name} improves their locomotive to level "
                                                               f"{p.loco}."})
    advance(state, rules, events)


def pass_(state: SteamState, rules: Rules, seat: int, events: list[Event]) -> None:
    """Let this round of moving goods go by (``seat``'s turn, checked by the core's steps)."""
    events.append({"type": "pass", "seat": seat, "text": f"{state.seats[seat]} passes."})
    advance(state, rules, events)


def deliver(state: SteamState, mapdata: MapData, rules: Rules, seat: int, origin_ref: str, colour: str,
            link_ids: list[str | int], events: list[Event], take: str | None = None) -> None:
    """Move one cube; then every owner of a link it used scores 1 track point per link (unowned
    links score nobody), each choosing income or VP. ``take`` (``"income"``, ``"vp"``): the
    mover's own choice, made with the delivery (the mover chooses first, steam.txt "Track Points");
    when nobody else scored, the points are placed at once. The core's steps make sure it is
    ``seat``'s turn to move goods (``game.STEPS``)."""
    if take not in (None, "income", "vp"):
        raise IllegalAction("Take the points as `income` or as `vp`.")
    board = SteamBoard(mapdata, state)
    origin = place(mapdata, origin_ref)
    cities = state.cities
    if origin is None or origin not in cities:
        raise IllegalAction(f"{origin_ref!r} is not a city.")
    city = cities[origin]
    if colour not in city.cubes:
        raise IllegalAction(f"{board.name(origin)} has no {colour} cube (it has {', '.join(city.cubes) or 'none'}).")
    player = state.players[seat]
    passed = check_route(state.links, origin, colour, list(link_ids), player.loco, seat,
                         colour_of=lambda h: cities[h].colour if h in cities else None,
                         name_of=board.name, rule="share", limit_name="locomotive level")
    city.cubes.remove(colour)
    state.bag[colour] += 1
    gains: dict[int, int] = {}
    for lid in link_ids:
        owner = state.links[str(lid)].owner
        if owner is not None:
            gains[owner] = gains.get(owner, 0) + 1
    route = " → ".join(board.name(h) for h in [origin, *passed])
    scored = ", ".join(f"{state.seats[o]} {p}" for o, p in sorted(gains.items()))
    events.append({"type": "deliver", "seat": seat, "hexes": [origin, *passed], "colour": colour,
                   "text": f"{player.name} delivers a {colour} cube {route} ({len(link_ids)} link"
                           f"{'s' if len(link_ids) > 1 else ''}): track points {scored}."})
    order = [seat] + [s for s in active(state) if s != seat]
    # "order": the settling order, kept as a list (a stored state's keys come back sorted by seat).
    state.scoring = Scoring(points={str(o): gains[o] for o in order if o in gains}, choices={},
                            order=[o for o in order if o in gains])
    state.phase = "score"
    if take is not None and seat in gains:
        _choose(state, rules, seat, _taken(take), events)


def _taken(take: str) -> Literal["income", "vp"]:
    """A choice of track points, ``"income"`` or ``"vp"``; ``IllegalAction`` for anything else."""
    if take == "income":
        return "income"
    if take == "vp":
        return "vp"
    raise IllegalAction("Take the points as `income` or as `vp`.")


def score(state: SteamState, rules: Rules, seat: int, take: str, events: list[Event]) -> None:
    """steam.txt, "Track Points": all of a delivery's points as income or all as VP; the mover
    chooses first, then the others in turn order (asked at once, settled in that order)."""
    s = state.scoring
    if state.phase != "score" or s is None or str(seat) not in s.points:
        raise IllegalAction("You have no track points to place now.")
    if str(seat) in s.choices:
        raise IllegalAction("You have already chosen for these points.")
    _choose(state, rules, seat, _taken(take), events)


def _choose(state: SteamState, rules: Rules, seat: int, take: Literal["income", "vp"], events: list[Event]) -> None:
    """One scorer's choice, remembered as their ``take``; the points are placed once all chose."""
    s = scoring(state)
    s.choices[str(seat)] = take
    state.players[seat].take = take
    if len(s.choices) < len(s.points):
        waiting = ", ".join(state.seats[int(k)] for k in s.points if k not in s.choices)
        events.append({"type": "score_choice", "seat": seat,
                       "text": f"{state.seats[seat]} chooses {'income' if take == 'income' else 'VP'} (waiting for "
                               f"{waiting})."})
        return
    for who in settling(s):
        points = s.points[str(who)]
        p = state.players[who]
        word = "point" if points == 1 else "points"
        if s.choices[str(who)] == "income":
            gain = min(rules.income_max, p.income + points) - p.income
            p.income += gain
            text = f"{p.name} takes {points} {word} as income (income now {p.income})"
            book = record(who, income_points=gain)
        else:
            p.vp += points
            text = f"{p.name} takes {points} {word} as VP (now {p.vp} VP)"
            book = record(who, vp_points=points)
        events.append({"type": "score", "seat": who, "money": [book], "text": text + "."})
    state.scoring = None
    state.phase = "move"
    advance(state, rules, events)


def settling(s: Scoring) -> list[int]:
    """The scorers in the order their points are placed: the mover first, then turn order (seat
    order in states saved before ``order`` was kept)."""
    return s.order if not isinstance(s.order, UnsetType) and s.order else [int(k) for k in s.points]


def advance(state: SteamState, rules: Rules, events: list[Event]) -> None:
    """The next mover; after the last, round 2 (``over`` says when both rounds are done)."""
    m = moving(state)
    m.at += 1
    if m.at < len(m.order):
        return
    if m.round < ROUNDS:
        m.round, m.at = m.round + 1, 0
        events.append({"type": "phase", "text": "Move goods, round 2 of 2."})


def over(state: SteamState) -> bool:
    """Whether both rounds of moving goods are done (the turn goes on to income: ``flow.income``)."""
    m = state.move
    return state.phase == "move" and m is not None and m.round == ROUNDS and m.at >= len(m.order)
