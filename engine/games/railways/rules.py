"""The rules of Railways, the solo game (railways-solo.txt). Functions change a state in
place; ``game.py`` hands them a copy, so a refused action leaves the caller's state untouched.

Tracks: capital 0-20, pollution 1-13, profit from 0 (unbounded), railworkers 0-6.
"""
from __future__ import annotations

from typing import Any

from ...core.errors import IllegalAction
from ...core.rng import Stream
from . import actions
from .board import Board, Link, board, card_at, parse
from .data import KINDS, cards
from .options import Options
from .payment import Need, Payment, pay
from .state import Die, Final, RailwaysState

CAPITAL_MAX, POLLUTION_MAX, WORKERS_MAX, DIE_MAX = 20, 13, 6, 6
MARKERS, DECADES, HAND = 6, 12, 3
PASSENGER_DICE = [3, 3, 2, 2]        # our reading of the Setup: two dice show 3, two show 2
BUILDING_DICE = [2, 3, 4]
START_WORKERS, START_POLLUTION = 2, 1
LEISURE = [0, 1, 3, 6, 10, 15]       # capital to buy 0-5 profit ("Leisure L")
BONUS_WORDS = {"C": "+5 capital, +1 pollution", "I": "+1 railworker, +1 pollution",
               "R": "-1 pollution", "L": "capital into profit"}


def setup(options: Options, seats: list[str], rng: Stream) -> dict[str, Any]:
    """railways-solo.txt, "Setup": four map cards, a hand of 3, the 8th card as the pool. The new
    state's JSON (the core adds ``game``, ``seed`` and ``core``, then reads it as a ``RailwaysState``)."""
    deck = list(range(1, 9))
    if options.cards is not None:
        if len(options.cards) != 4 or len(set(options.cards)) != 4:
            raise IllegalAction("`cards` must be four different card numbers from 1 to 8.")
        layout = list(options.cards)
        rest = [c for c in deck if c not in layout]
        rng.shuffle(rest)
    else:
        rng.shuffle(deck)
        layout, rest = deck[:4], deck[4:]
    if options.objective == "baron" and len(set(options.combine)) < 2:
        raise IllegalAction("A Rail Baron game combines at least two objectives (`combine`).")
    return {
        "options": {"objective": options.objective, "combine": sorted(set(options.combine)),
                    "cards": options.cards},
        "seats": seats, "phase": "place", "layout": layout,
        "hand": rest[:HAND], "pool": rest[HAND:], "discard": [],
        "place_left": list(PASSENGER_DICE), "dice": {}, "spare_dice": 0,
        "building_dice": list(BUILDING_DICE), "built": {}, "markers": {},
        "capital": 0, "profit": 0, "pollution": START_POLLUTION, "workers": START_WORKERS,
        "decade": 1, "actions": 0, "delivered": {k: 0 for k in KINDS}, "moved": 0, "final": None,
    }


def board_of(state: RailwaysState) -> Board:
    """The map of ``state`` now: its four cards with the Building dice built on them."""
    return board(state.layout, state.built)


def _space(text: str) -> str:
    found = parse(text)
    if found is None:
        raise IllegalAction(f"{str(text)[:20]!r} is not a space of the map (columns A-J, rows 1-8, like D2).")
    c, r = found
    return f"{chr(65 + c)}{r + 1}"


def _spend(state: RailwaysState, payment: Payment) -> None:
    """Discard the cards a payment touched and add its pollution (never above 13)."""
    state.hand = [c for c in state.hand if c not in payment.cards]
    state.discard += list(payment.cards)
    state.pollution = min(POLLUTION_MAX, state.pollution + payment.pollution)


def tracks(state: RailwaysState) -> dict[str, int]:
    """The four tracks by name, to say what an action changed: ``capital``, ``profit``,
    ``pollution`` (steps of their tracks) and ``workers`` (railworkers)."""
    return {"capital": state.capital, "profit": state.profit, "pollution": state.pollution,
            "workers": state.workers}


def _paid(payment: Payment) -> str:
    text = "slot" + ("s " if len(payment.slots) > 1 else " ") + ", ".join(payment.refs())
    return text + (f", +{payment.pollution} pollution" if payment.pollution else "")


def _link(b: Board, lid: str) -> Link:
    name = str(lid).upper().replace(" ", "")
    link = b.links.get(name) or b.links.get("-".join(reversed(name.split("-"))))
    if link is None:
        raise IllegalAction(f"There is no complete rail link {str(lid)[:20]!r}: name a link by its end rail "
                            "spaces, like E2-G2.")
    return link


# ------------------------------------------------------------------ setup
def do_place(state: RailwaysState, at: str, passengers: int, events: list) -> None:
    """railways-solo.txt, "Setup": one passenger die on a printed building of each map card."""
    if state.phase != "place":
        raise IllegalAction("The passenger dice are all placed.")
    at = _space(at)
    b = board_of(state)
    if not b.is_building(at):
        raise IllegalAction(f"{at} is not a building.")
    if passengers not in state.place_left:
        left = " and ".join(str(v) for v in sorted(set(state.place_left), reverse=True))
        raise IllegalAction(f"No die left showing {passengers}: the dice left show {left}.")
    card = card_at(state.layout, at)
    if any(card_at(state.layout, s) == card for s in state.dice):
        raise IllegalAction(f"Card {card} ({cards()[card].name}) already has its passenger die.")
    state.dice[at] = Die(n=passengers, kind="passenger")
    state.place_left.remove(passengers)
    events.append({"type": "place", "text": f"A passenger die showing {passengers} goes on {at} ({b.spaces[at]})."})
    if not state.place_left:
        state.phase = "actions"
        events.append({"type": "decade", "text": "Decade 1 begins: take up to two actions."})


# ---------------------------------------------------------------- actions
def do_buy_link(state: RailwaysState, action: actions.BuyLink, events: list) -> None:
    """railways-solo.txt, "Buy a Complete Rail Link"."""
    b = board_of(state)
    link = _link(b, action.link)
    if link.id in state.markers:
        raise IllegalAction(f"The link {link.id} already has a link marker.")
    if len(state.markers) >= MARKERS:
        raise IllegalAction("All 6 link markers are on the map: you cannot buy more links this game.")
    if state.workers < 1:
        raise IllegalAction("You have no railworker: hire one first (that is a whole action).")
    ends = {b.kind[b.building[e]] for e in link.ends}
    payment = pay(action.slots, state.hand, Need(rail=link.length, dest=frozenset(ends)))
    _spend(state, payment)
    state.workers -= 1
    state.markers[link.id] = False
    events.append({"type": "buy_link", "link": link.id, "pollution": payment.pollution,
                   "text": f"Bought the {link.length}-unit link {link.id} ({'–'.join(b.spaces[e] for e in link.ends)}) "
                           f"with {_paid(payment)}; railworkers {state.workers + 1} → {state.workers}."})


def build_kind(b: Board, at: str) -> str:
    """The kind a Building die built on ``at`` becomes ("Build a Building"): the kind of the
    adjacent buildings, or L when none is adjacent. Raises ``IllegalAction`` when it would merge
    buildings of different kinds."""
    kinds = {b.spaces[n] for n in b.neighbours(at) if b.is_building(n)}
    if len(kinds) > 1:
        raise IllegalAction(f"A building on {at} would merge buildings of different kinds "
                            f"({', '.join(sorted(kinds))}).")
    return kinds.pop() if kinds else "L"


def check_build_space(state: RailwaysState, b: Board, at: str) -> str:
    """The kind a Building die built on ``at`` becomes ("Build a Building"). Raises
    ``IllegalAction`` where a building stands, on a link with a marker, or between two kinds."""
    if b.is_building(at):
        raise IllegalAction(f"{at} already has a building.")
    link = b.link_of(at)
    if link is not None and link.id in state.markers:
        raise IllegalAction(f"{at} is part of your link {link.id}; building there would cut it.")
    return build_kind(b, at)


def do_build(state: RailwaysState, action: actions.Build, events: list) -> None:
    """railways-solo.txt, "Build a Building"."""
    at = _space(action.at)
    b = board_of(state)
    if action.die not in state.building_dice:
        left = ", ".join(str(d) for d in state.building_dice) or "none"
        raise IllegalAction(f"No Building die showing {action.die} is left (left: {left}).")
    kind = check_build_space(state, b, at)
    cost = 2 * action.die
    if state.capital < cost:
        raise IllegalAction(f"That Building die costs {cost} capital; you have {state.capital}.")
    payment = pay(action.slots, state.hand, Need(icons={"build": 1}))
    _spend(state, payment)
    state.capital -= cost
    state.building_dice.remove(action.die)
    state.built[at] = kind
    state.dice[at] = Die(n=action.die, kind="building")
    was = f" on the rail of {on.id}" if (on := b.link_of(at)) else ""
    article = "an" if kind in "IL" else "a"
    events.append({"type": "build", "at": at, "kind": kind,
                   "text": f"Built {article} {kind} building with {action.die} passengers on {at}{was} for {cost} "
                           f"capital ({_paid(payment)})."})


def route(state: RailwaysState, b: Board, start: str, links: list[str]) -> tuple[list[str], int]:
    """The buildings a passenger from ``start`` visits along ``links`` (bought links, in order)
    and the capital the trip is worth (rail spaces, upgraded links double). Raises
    ``IllegalAction`` for a broken route, a loop, or a stop that should have ended the trip."""
    if not isinstance(links, list) or not links:
        raise IllegalAction("Name the links the passenger travels, in order.")
    here = b.building[start]
    visited, capital = [here], 0
    for lid in links:
        link = _link(b, lid)
        if link.id not in state.markers:
            raise IllegalAction(f"Passengers only travel on links with a link marker; {link.id} has none.")
        if here not in (b.building[e] for e in link.ends):
            raise IllegalAction(f"The link {link.id} does not leave the building at {here}.")
        here = b.other_end(link, here)
        if here in visited:
            raise IllegalAction("A passenger never visits the same building twice.")
        visited.append(here)
        capital += link.length * (2 if state.markers[link.id] else 1)
    dest = b.kind[here]
    early = next((s for s in visited[1:-1] if b.kind[s] == dest), None)
    if early:
        raise IllegalAction(f"The trip stops at the first {dest} building on its way ({early}).")
    return visited, capital


def do_move(state: RailwaysState, action: actions.Move, events: list) -> None:
    """railways-solo.txt, "Move a Passenger": profit per stop, then the destination's bonus,
    then capital per rail space."""
    start = _space(action.from_)
    die = state.dice.get(start)
    if die is None or die.n < 1:
        raise IllegalAction(f"There is no passenger on {start}.")
    b = board_of(state)
    visited, capital = route(state, b, start, action.links)
    dest = b.kind[visited[-1]]
    payment = pay(action.slots, state.hand, Need(icons={"ticket": 1}, dest=frozenset({dest})))
    before = tracks(state)
    convert = 0
    if dest == "L":
        can = max(k for k, cost in enumerate(LEISURE) if cost <= state.capital)
        convert = can if action.convert is None else action.convert
        if convert > can:
            raise IllegalAction(f"Buying {convert} profit costs {LEISURE[convert]} capital; you have "
                                f"{state.capital}.")
    elif action.convert:
        raise IllegalAction("Only a trip to a Leisure (L) building converts capital into profit.")
    _spend(state, payment)
    die.n -= 1
    if die.n == 0 and die.kind == "passenger":
        del state.dice[start]
        state.spare_dice += 1
    stops = len(visited) - 1
    state.profit += stops
    if dest == "C":
        state.capital = min(CAPITAL_MAX, state.capital + 5)
        state.pollution = min(POLLUTION_MAX, state.pollution + 1)
    elif dest == "I":
        state.workers = min(WORKERS_MAX, state.workers + 1)
        state.pollution = min(POLLUTION_MAX, state.pollution + 1)
    elif dest == "R":
        state.pollution = max(1, state.pollution - 1)
    else:
        state.capital -= LEISURE[convert]
        state.profit += convert
    state.capital = min(CAPITAL_MAX, state.capital + capital)
    state.delivered[dest] += 1
    state.moved += 1
    changes = {k: v - before[k] for k, v in tracks(state).items()}
    bonus = (f"bought {convert} profit for {LEISURE[convert]} capital" if convert else "no capital converted") \
        if dest == "L" else BONUS_WORDS[dest]
    events.append({"type": "move", **changes, "stops": stops, "trip_capital": capital,
                   "text": f"A passenger travels {' → '.join(visited)} to {_a(dest)} {dest} building: {stops} profit, "
                           f"{bonus}, {capital} capital ({_paid(payment)})."})


def _a(letter: str) -> str:
    """The article before a building's letter said aloud: "an I building", "a C building"."""
    return "an" if letter[:1] in "AEFHILMNORSX" else "a"


def do_hire(state: RailwaysState, action: actions.Hire, events: list) -> None:
    """railways-solo.txt, "Hire a Railworker"."""
    if state.workers >= WORKERS_MAX:
        raise IllegalAction("You already have 6 railworkers.")
    payment = pay(action.slots, state.hand, Need(icons={"worker": 1}))
    _spend(state, payment)
    state.workers += 1
    events.append({"type": "hire", "text": f"Hired a railworker: {state.workers} now ({_paid(payment)})."})


def do_capital(state: RailwaysState, action: actions.Capital, events: list) -> None:
    """railways-solo.txt, "Increase Your Capital" (never above 20)."""
    payment = pay(action.slots, state.hand, Need(money=True))
    _spend(state, payment)
    before = state.capital
    state.capital = min(CAPITAL_MAX, before + payment.capital)
    events.append({"type": "capital", "text": f"Capital {before} → {state.capital} ({_paid(payment)})."})


def do_clean(state: RailwaysState, action: actions.Clean, events: list) -> None:
    """railways-solo.txt, "Decrease Pollution Level" (never below 1)."""
    if state.pollution <= 1:
        raise IllegalAction("Pollution is already at its lowest (1).")
    payment = pay(action.slots, state.hand, Need(icons={"clean": 1}))
    _spend(state, payment)
    state.pollution = max(1, state.pollution - 1)
    events.append({"type": "clean", "text": f"Pollution down to {state.pollution} ({_paid(payment)})."})


def do_add_passenger(state: RailwaysState, action: actions.AddPassenger, events: list) -> None:
    """railways-solo.txt, "Add a Passenger"."""
    at = _space(action.at)
    b = board_of(state)
    if not b.is_building(at):
        raise IllegalAction(f"{at} is not a building.")
    die = state.dice.get(at)
    if die is not None and die.n >= DIE_MAX:
        raise IllegalAction(f"The die on {at} already shows 6 passengers.")
    if die is None and state.spare_dice < 1:
        raise IllegalAction(f"{at} has no die and no passenger die waits above the map.")
    payment = pay(action.slots, state.hand, Need(icons={"passenger": 1}))
    _spend(state, payment)
    if die is None:
        state.spare_dice -= 1
        die = state.dice[at] = Die(n=1, kind="passenger")
    else:
        die.n += 1
    events.append({"type": "add_passenger",
                   "text": f"A passenger joins {at}: {die.n} there ({_paid(payment)})."})


def do_upgrade(state: RailwaysState, action: actions.Upgrade, events: list) -> None:
    """railways-solo.txt, "Upgrade a Rail Link"."""
    b = board_of(state)
    link = _link(b, action.link)
    if link.id not in state.markers:
        raise IllegalAction(f"Buy the link {link.id} before upgrading it.")
    if state.markers[link.id]:
        raise IllegalAction(f"The link {link.id} is already upgraded.")
    ends = {b.kind[b.building[e]] for e in link.ends}
    payment = pay(action.slots, state.hand, Need(icons={"upgrade": 1}, dest=frozenset(ends)))
    _spend(state, payment)
    state.markers[link.id] = True
    events.append({"type": "upgrade", "text": f"Upgraded the link {link.id}: its capital counts double "
                                              f"({_paid(payment)})."})


# ---------------------------------------------------------------- decades
def after_action(state: RailwaysState, rng: Stream, events: list) -> None:
    """Phase 1, phase 2, then "Record a decade" when two actions are done or the hand is empty."""
    state.actions += 1
    if state.actions >= 2 or not state.hand:
        record_decade(state, rng, events)


def record_decade(state: RailwaysState, rng: Stream, events: list) -> None:
    """railways-solo.txt, "Record a decade": refill the hand to 3 from the pool, shuffling the
    discards into the pool when it runs out; the game ends after the 12th decade."""
    if state.decade >= DECADES:
        state.phase = "over"
        state.final = done = final(state)
        events.append({"type": "game_over", "text": f"120 years have passed: the game is over. Score "
                                                    f"{done.score}."})
        return
    while len(state.hand) < HAND:
        if not state.pool:
            if not state.discard:
                break
            pool = list(state.discard)
            rng.shuffle(pool)
            state.pool, state.discard = pool, []
            events.append({"type": "reshuffle", "text": "The discards are shuffled into the pool."})
        state.hand.append(state.pool.pop(0))
    state.decade += 1
    state.actions = 0
    events.append({"type": "decade", "decade": state.decade,
                   "text": f"Decade {state.decade} of {DECADES} begins ({1830 + 10 * state.decade}s)."})


def engineer_met(state: RailwaysState, b: Board) -> bool:
    """"Objectives", the Engineer: the map has complete links and every one is bought and upgraded."""
    return bool(b.links) and all(state.markers.get(lid) is True for lid in b.links)


def objectives(state: RailwaysState) -> dict[str, bool | None]:
    """Each objective's test of success (railways-solo.txt, "Objectives"): the economist has no
    pass or fail (its result is the score)."""
    b = board_of(state)
    on_map = sum(d.n for d in state.dice.values())
    return {"economist": None, "mayor": on_map == 0, "conductor": all(state.delivered[k] for k in KINDS),
            "engineer": engineer_met(state, b)}


def final(state: RailwaysState) -> Final:
    """railways-solo.txt, "Game End": profit + 3 per link with a marker - pollution."""
    links = len(state.markers)
    score = state.profit + 3 * links - state.pollution
    tests = objectives(state)
    objective = state.options.objective
    goals = list(state.options.combine) if objective == "baron" else [objective]
    met = [g for g in goals if tests[g] is not None]
    success = all(tests[g] for g in met) if met else None
    return Final(score=score, profit=state.profit, links=links, pollution=state.pollution,
                 objective=objective, goals=goals, tests=tests, success=success,
                 map="-".join(str(c) for c in state.layout))
