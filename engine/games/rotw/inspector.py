"""The Railway Inspector (railways-of-the-world.txt, "RAILWAYS of GREAT BRITAIN", "New Operations
Cards"): a hand card played during another player's delivery action; the delivery is prevented,
that player loses the action and the cube stays in its city; an Inspector may not stop any player
more than once per game.

Played by chat, nobody waits for a question that cannot be asked: a delivery is held only while another seat
holds an Inspector and the deliverer was never stopped. Then the legal delivery is recorded in
``state.inspection`` (``state.Inspection``: ``seat``, the deliverer; ``action``, the delivery's JSON;
``asked``, holder seats still to answer, in seat order after the deliverer; ``text``, what the delivery would
do) and the first holder's prompt (kind ``"inspector"``) is to ``inspect``: ``stop`` or let it pass. Stopped:
the card is spent (shown by the stopped player: ``state.inspected`` lists the seats stopped, whom no Inspector
can stop again) and play moves on. Let pass by every holder: the delivery is made as it was asked, drawing any
cubes with the answer's random stream.
"""
from __future__ import annotations

from typing import Any

import msgspec

from ...common.seats import clockwise
from ...core.game import clone
from ...core.record import UNSET
from ...core.rng import Stream
from . import cards as ops
from . import delivery, mapcards, rules
from .actions import Deliver, Inspect
from .context import Context, of
from .state import Inspection, RotwState


def pending(state: RotwState) -> Inspection:
    """The delivery held for an Inspector holder's answer: only asked while the inspector's step
    is in force (``state.inspection`` is set)."""
    assert state.inspection is not UNSET, "asked only while a delivery waits for an Inspector holder"
    return state.inspection


def holders(state: RotwState, ctx: Context, seat: int) -> list[int]:
    """The seats that may stop ``seat``'s delivery now: each other seat holding a Railway
    Inspector, in seat order after ``seat``; none once ``seat`` was stopped."""
    if state.inspected is not UNSET and seat in state.inspected:
        return []
    n = len(state.seats)
    return [s for s in clockwise(seat, n)[1:]
            if any(ops.spec(ctx, c).effect == "inspector" for c in state.players[s].cards)]


def deliver(state: RotwState, ctx: Context, seat: int, action: Deliver, events: list[dict[str, Any]],
            rng: Stream) -> None:
    """A delivery action: made at once (``delivery.do_deliver``), or, when an Inspector holder may
    stop it, checked on a copy (no cube drawn) and held for their answer. A cube kept at a Fuel
    Depot going on is the rest of a delivery already made: it is not held. Raises ``IllegalAction``."""
    asked = [] if action.kept else holders(state, ctx, seat)
    if not asked:
        delivery.do_deliver(state, ctx, seat, action, events, rng)
        return
    trial: list[dict[str, Any]] = []
    delivery.do_deliver(clone(state), ctx, seat, action, trial, None)
    text = next((e["text"] for e in trial if e["type"] in ("deliver", "depot_stop")), "a delivery")
    state.inspection = Inspection(seat=seat, action=msgspec.to_builtins(action), asked=asked, text=text)
    events.append({"type": "inspection", "seat": seat,
                   "text": f"{state.seats[seat]} wants to make this delivery: {text} {state.seats[asked[0]]} "
                           "holds a Railway Inspector and may stop it."})


def inspect(state: RotwState, seat: int, action: Inspect, rng: Stream, events: list[dict[str, Any]]) -> None:
    """The holder's answer: stop the held delivery (their Inspector is spent, the deliverer loses
    the action) or let it pass (the next holder is asked; after the last, the delivery is made)."""
    ctx = of(state)
    held = pending(state)
    deliverer, name = held.seat, state.seats[seat]
    if action.stop:
        cards = state.players[seat].cards
        card = next(c for c in cards if ops.spec(ctx, c).effect == "inspector")
        cards.remove(card)
        state.cards.discard.append(card)
        state.inspected = [*(state.inspected if state.inspected is not UNSET else []), deliverer]
        state.inspection = UNSET
        events.append({"type": "inspected", "seat": seat, "stopped": deliverer,
                       "text": f"{name} plays a Railway Inspector: {state.seats[deliverer]}'s delivery is "
                               "stopped, the cube stays and the action is lost."})
        rules.next_actor(state, ctx, events, rng)
        return
    held.asked.pop(0)
    events.append({"type": "inspection_passed", "seat": seat, "text": f"{name} lets the delivery pass."})
    if held.asked:
        return
    move = msgspec.convert(held.action, Deliver)
    state.inspection = UNSET
    delivery.do_deliver(state, ctx, deliverer, move, events, rng)
    if mapcards.after_action(state, ctx, deliverer, "deliver", None, events):
        rules.next_actor(state, ctx, events, rng)


def prompt(state: RotwState) -> dict[str, Any]:
    """The holder's prompt: ``{"seat", "kind": "inspector", "deliverer", "text"}``."""
    held = pending(state)
    return {"seat": held.asked[0], "kind": "inspector", "deliverer": held.seat, "text": held.text}


def legal(state: RotwState, seat: int) -> list[dict[str, Any]]:
    """The holder asked now may stop the delivery or let it pass; nobody else may act."""
    if pending(state).asked[0] != seat:
        return []
    return [{"type": "inspect", "stop": True}, {"type": "inspect", "stop": False}]


def refuse(state: RotwState, kind: str) -> str:
    """Any other move while a delivery waits for an Inspector holder's answer."""
    held = pending(state)
    return (f"{state.seats[held.asked[0]]} holds a Railway Inspector and is deciding whether to stop "
            f"{state.seats[held.seat]}'s delivery (`inspect`).")


def timeout(state: RotwState, seat: int) -> dict[str, Any] | None:
    """A holder who does not answer in time lets the delivery pass."""
    return {"type": "inspect", "stop": False} if pending(state).asked[0] == seat else None

