"""The Director's office: using an Available Command with a director, then swapping it with the
Unavailable Command (railway-workers.txt, "Action Phase 1" step c and "Command cards
clarifications"). Each card's effect is named in ``data/cards/workers/commands.toml``."""
from __future__ import annotations

from ...core.errors import IllegalAction
from . import board, data, halves, sites, trains
from .board import gain, name, pay


def do_command(state, seat, action, events) -> None:
    turn = halves.turn_of(state, seat)
    number = action.number
    c = state["commands"]
    if number not in c["available"]:
        shown = ", ".join(f"{n} {data.commands()[n].name}" for n in c["available"]) or "none"
        raise IllegalAction(f"Command {number} is not available (available: {shown}).")
    if number not in halves.usable_commands(state, seat):
        if turn["command"] is not None:
            raise IllegalAction("You may use one command per turn.")
        if state["players"][seat]["directors"] < 1:
            raise IllegalAction("You have no director left in the Director's office.")
        if turn["passed"]:
            raise IllegalAction("You passed this turn.")
        raise IllegalAction(f"{data.commands()[number].name} does not go with {data.card_name(turn['card'])}.")
    card = data.commands()[number]
    EFFECTS[card.effect](state, seat, action, turn, events)
    state["players"][seat]["directors"] -= 1
    turn["command"] = number
    i = c["available"].index(number)
    c["available"][i], c["unavailable"] = c["unavailable"], number
    c["available"] = [x for x in c["available"] if x is not None]
    events.append({"type": "command", "seat": seat, "number": number,
                   "text": f"{name(state, seat)} uses command {number}, {card.name}: {card.text}"})


def _none(state, seat, action, turn, events):
    pass


def _modifier(key, value):
    def apply(state, seat, action, turn, events):
        turn[key] = value
    return apply


def _rest(state, seat, action, turn, events):
    p = state["players"][seat]
    if p["houses"] < 1:
        raise IllegalAction("None of your workers is resting in the Houses.")
    p["houses"] -= 1
    p["facilities"]["workers"] += 1


def _cheap_plan(state, seat, action, turn, events):
    """A plan bought from the market, so the plans price indicator flips after this turn too
    ("Market": bought "by any means")."""
    pay(state, seat, 1)
    board.store_in_facilities(state, seat, "plans", 1)
    if "plans" not in turn["bought"]:
        turn["bought"].append("plans")
    events.append({"type": "buy", "seat": seat, "kind": "plans", "count": 1, "paid": 1,
                   "text": f"{name(state, seat)} buys 1 plan for 1 coin into the Facilities."})


def _express(state, seat, action, turn, events):
    if turn["bottom"]:
        raise IllegalAction("You already resolved your card's 7+ action; this command replaces it.")
    turn["bottom"] = True
    gain(state, seat, 5)


def _hire(state, seat, action, turn, events):
    halves.hire(state, seat, events)


def _shed(state, seat, action, turn, events):
    state["players"][seat]["shed"] = True


def _run_train(state, seat, action, turn, events):
    if action.train is None:
        raise IllegalAction("Name the black train to send (`train`).")
    trains.activate(state, halves.black_train(state, action.train), events, then="turn")


def _token(state, seat, action, turn, events):
    if action.token is None:
        raise IllegalAction("Choose a `token`: reroll or plus.")
    if not state["tokens"][action.token]:
        raise IllegalAction(f"No {action.token} token is left.")
    halves.take_bonus(state, seat, action.token, events)


def _file_plan(state, seat, action, turn, events):
    p = state["players"][seat]
    if p["facilities"]["plans"] < 1:
        raise IllegalAction("You have no plan in your Facilities.")
    if action.site is None:
        raise IllegalAction("Name the construction site (`site`).")
    board.open_table(state, action.site, "plans")
    p["facilities"]["plans"] -= 1
    sites.put_goods(state, seat, action.site, "plans", 1, events)


def _shift_worker(state, seat, action, turn, events):
    need = (action.owner, action.site, action.kind, action.to_site, action.to_kind)
    if None in need:
        raise IllegalAction("Name the worker's `owner` (a seat), where it is (`site`, `kind`) and where it goes "
                            "(`to_site`, `to_kind`).")
    if action.owner >= len(state["seats"]):
        raise IllegalAction("That seat is not in this game.")
    if "plans" in (action.kind, action.to_kind):
        raise IllegalAction("Workers wait in the structures and tracks warehouses.")
    if (action.site, action.kind) == (action.to_site, action.to_kind):
        raise IllegalAction("Move the worker to a different warehouse.")
    board.open_table(state, action.site, action.kind)
    house = board.site(state, action.site)["warehouses"][action.kind]["workers"]
    if house.get(str(action.owner), 0) < 1:
        raise IllegalAction(f"{name(state, action.owner)} has no worker waiting there.")
    board.open_table(state, action.to_site, action.to_kind)
    pay(state, seat, 1)
    sites.add_to(house, action.owner, -1)
    sites.put_workers(state, action.owner, action.to_site, action.to_kind, 1, events, from_facilities=False)


def _swap_cards(state, seat, action, turn, events):
    slots = action.slots or []
    index = {s: i for i, s in enumerate(data.SLOTS)}
    if len(slots) != 2 or len(set(slots)) != 2 or any(s not in index for s in slots):
        raise IllegalAction("Name two of your places (`slots`, like 3 6) whose cards swap.")
    a, b = (index[s] for s in slots)
    if min(a, b) <= state["slot"]:
        raise IllegalAction("Only cards that are still face down (later places) can swap.")
    placed = state["players"][seat]["placed"]
    placed[a], placed[b] = placed[b], placed[a]
    events.append({"type": "swapped", "seat": seat, "to": [seat],
                   "text": f"Your cards under +{slots[0]} and +{slots[1]} swapped places."})


EFFECTS = {"plus_one": _none, "rest": _rest, "cheap_plan": _cheap_plan, "discount": _modifier("discount", 1),
           "pair_bonus": _modifier("pair_pay", 10), "free_share": _modifier("free_share", True),
           "grant": _modifier("grant", True), "express": _express, "hire": _hire, "shed": _shed,
           "run_train": _run_train, "token": _token, "file_plan": _file_plan, "shift_worker": _shift_worker,
           "swap_cards": _swap_cards}
