"""The Director's office: using an Available Command with a director, then swapping it with the
Unavailable Command (railway-workers.txt, "Action Phase 1" step c and "Command cards
clarifications"). Each card's effect is named in ``data/cards/workers/commands.toml``."""
from __future__ import annotations

from collections.abc import Callable

from ...core.errors import IllegalAction
from . import board, data, halves, sites, trains
from .actions import Command
from .board import gain, name, pay
from .state import Turn, WorkersState

Effect = Callable[[WorkersState, int, Command, Turn, list[dict]], None]
"""A command card's effect: ``effect(state, seat, action, turn, events)``; raises ``IllegalAction``."""


def do_command(state: WorkersState, seat: int, action: Command, events: list[dict]) -> None:
    """Use Available Command ``action.number`` with a director: its effect, then it swaps places with
    the Unavailable Command."""
    turn = halves.turn_of(state, seat)
    number = action.number
    c = state.commands
    if number not in c.available:
        shown = ", ".join(f"{n} {data.commands()[n].name}" for n in c.available) or "none"
        raise IllegalAction(f"Command {number} is not available (available: {shown}).")
    if number not in halves.usable_commands(state, seat):
        if turn.command is not None:
            raise IllegalAction("You may use one command per turn.")
        if state.players[seat].directors < 1:
            raise IllegalAction("You have no director left in the Director's office.")
        if turn.passed:
            raise IllegalAction("You passed this turn.")
        raise IllegalAction(f"{data.commands()[number].name} does not go with {data.card_name(turn.card)}.")
    card = data.commands()[number]
    EFFECTS[card.effect](state, seat, action, turn, events)
    state.players[seat].directors -= 1
    turn.command = number
    i = c.available.index(number)
    back, c.unavailable = c.unavailable, number        # the Unavailable Command takes its place
    c.available = c.available[:i] + ([] if back is None else [back]) + c.available[i + 1:]
    events.append({"type": "command", "seat": seat, "number": number,
                   "text": f"{name(state, seat)} uses command {number}, {card.name}: {card.text}"})


def _none(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    pass


def _discount(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    """Resources bought this turn cost 1 coin less."""
    turn.discount = 1


def _pair_bonus(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    """Pairs formed this turn pay 10 coins, not 8."""
    turn.pair_pay = 10


def _free_share(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    """The share bought this turn is free."""
    turn.free_share = True


def _grant(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    """Grants Office: see ``halves._grant``."""
    turn.grant = True


def _rest(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    p = state.players[seat]
    if p.houses < 1:
        raise IllegalAction("None of your workers is resting in the Houses.")
    p.houses -= 1
    p.facilities.workers += 1


def _cheap_plan(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    """A plan bought from the market, so the plans price indicator flips after this turn too
    ("Market": bought "by any means")."""
    pay(state, seat, 1)
    board.store_in_facilities(state, seat, "plans", 1)
    if "plans" not in turn.bought:
        turn.bought.append("plans")
    events.append({"type": "buy", "seat": seat, "kind": "plans", "count": 1, "paid": 1,
                   "text": f"{name(state, seat)} buys 1 plan for 1 coin into the Facilities."})


def _express(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    if turn.bottom:
        raise IllegalAction("You already resolved your card's 7+ action; this command replaces it.")
    turn.bottom = True
    gain(state, seat, 5)


def _hire(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    halves.hire(state, seat, events)


def _shed(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    state.players[seat].shed = True


def _run_train(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    if action.train is None:
        raise IllegalAction("Name the black train to send (`train`).")
    trains.activate(state, halves.black_train(state, action.train), events, then="turn")


def _token(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    if action.token is None:
        raise IllegalAction("Choose a `token`: reroll or plus.")
    if not state.tokens.of(action.token):
        raise IllegalAction(f"No {action.token} token is left.")
    halves.take_bonus(state, seat, action.token, events)


def _file_plan(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    p = state.players[seat]
    if p.facilities.plans < 1:
        raise IllegalAction("You have no plan in your Facilities.")
    if action.site is None:
        raise IllegalAction("Name the construction site (`site`).")
    board.open_table(state, action.site, "plans")
    p.facilities.plans -= 1
    sites.put_goods(state, seat, action.site, "plans", 1, events)


def _shift_worker(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    """A worker waiting in a warehouse (anyone's) moves to another open warehouse, for 1 coin."""
    owner, site, kind, to_site, to_kind = action.owner, action.site, action.kind, action.to_site, action.to_kind
    if owner is None or site is None or kind is None or to_site is None or to_kind is None:
        raise IllegalAction("Name the worker's `owner` (a seat), where it is (`site`, `kind`) and where it goes "
                            "(`to_site`, `to_kind`).")
    if owner >= len(state.seats):
        raise IllegalAction("That seat is not in this game.")
    if "plans" in (kind, to_kind):
        raise IllegalAction("Workers wait in the structures and tracks warehouses.")
    if (site, kind) == (to_site, to_kind):
        raise IllegalAction("Move the worker to a different warehouse.")
    board.open_table(state, site, kind)
    house = board.site(state, site).warehouses.of(kind).workers
    if house.get(str(owner), 0) < 1:
        raise IllegalAction(f"{name(state, owner)} has no worker waiting there.")
    board.open_table(state, to_site, to_kind)
    pay(state, seat, 1)
    sites.add_to(house, owner, -1)
    sites.put_workers(state, owner, to_site, to_kind, 1, events, from_facilities=False)


def _swap_cards(state: WorkersState, seat: int, action: Command, turn: Turn, events: list[dict]) -> None:
    slots = action.slots or []
    index = {s: i for i, s in enumerate(data.SLOTS)}
    if len(slots) != 2 or len(set(slots)) != 2 or any(s not in index for s in slots):
        raise IllegalAction("Name two of your places (`slots`, like 3 6) whose cards swap.")
    a, b = (index[s] for s in slots)
    if min(a, b) <= state.slot:
        raise IllegalAction("Only cards that are still face down (later places) can swap.")
    placed = state.players[seat].placed
    placed[a], placed[b] = placed[b], placed[a]
    events.append({"type": "swapped", "seat": seat, "to": [seat],
                   "text": f"Your cards under +{slots[0]} and +{slots[1]} swapped places."})


EFFECTS: dict[str, Effect] = {
    "plus_one": _none, "rest": _rest, "cheap_plan": _cheap_plan, "discount": _discount, "pair_bonus": _pair_bonus,
    "free_share": _free_share, "grant": _grant, "express": _express, "hire": _hire, "shed": _shed,
    "run_train": _run_train, "token": _token, "file_plan": _file_plan, "shift_worker": _shift_worker,
    "swap_cards": _swap_cards}
"""Each command card's effect, by the ``effect`` named in ``data/cards/workers/commands.toml``."""
