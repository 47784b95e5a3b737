"""The Railway Inspector (railways-of-the-world.txt, "RAILWAYS of GREAT BRITAIN", "New Operations
Cards"): a hand card played during another player's delivery action; the delivery is prevented,
that player loses the action and the cube stays in its city; an Inspector may not stop any player
more than once per game.

Played by chat, nobody waits for a question that cannot be asked: a delivery is held only while
another seat holds an Inspector and the deliverer was never stopped. Then the legal delivery is
recorded in ``state["inspection"]`` (``{"seat": the deliverer, "action": the delivery's JSON,
"asked": holder seats still to answer, in seat order after the deliverer, "text": what the delivery
would do}``) and the first holder's prompt (kind ``"inspector"``) is to ``inspect``: ``stop`` or let
it pass. Stopped: the card is spent (shown by the stopped player: ``state["inspected"]`` lists the
seats stopped, whom no Inspector can stop again) and play moves on. Let pass by every holder: the
delivery is made as it was asked, drawing any cubes with the answer's random stream.
"""
from __future__ import annotations

import msgspec

from ...common.seats import clockwise
from ...core.game import clone
from . import cards as ops
from . import delivery, mapcards, rules
from .actions import Deliver, Inspect
from .context import Context, of


def holders(state: dict, ctx: Context, seat: int) -> list[int]:
    """The seats that may stop ``seat``'s delivery now: each other seat holding a Railway
    Inspector, in seat order after ``seat``; none once ``seat`` was stopped."""
    if seat in state.get("inspected", []):
        return []
    n = len(state["seats"])
    return [s for s in clockwise(seat, n)[1:]
            if any(ops.spec(ctx, c).effect == "inspector" for c in state["players"][s]["cards"])]


def deliver(state: dict, ctx: Context, seat: int, action: Deliver, events: list, rng) -> None:
    """A delivery action: made at once (``delivery.do_deliver``), or, when an Inspector holder may
    stop it, checked on a copy (no cube drawn) and held for their answer. A cube kept at a Fuel
    Depot going on is the rest of a delivery already made: it is not held. Raises ``IllegalAction``."""
    asked = [] if action.kept else holders(state, ctx, seat)
    if not asked:
        delivery.do_deliver(state, ctx, seat, action, events, rng)
        return
    trial: list[dict] = []
    delivery.do_deliver(clone(state), ctx, seat, action, trial, None)
    text = next((e["text"] for e in trial if e["type"] in ("deliver", "depot_stop")), "a delivery")
    state["inspection"] = {"seat": seat, "action": msgspec.to_builtins(action), "asked": asked, "text": text}
    events.append({"type": "inspection", "seat": seat,
                   "text": f"{state['seats'][seat]} wants to make this delivery: {text} {state['seats'][asked[0]]} "
                           "holds a Railway Inspector and may stop it."})


def inspect(state: dict, seat: int, action: Inspect, rng, events: list) -> None:
    """The holder's answer: stop the held delivery (their Inspector is spent, the deliverer loses
    the action) or let it pass (the next holder is asked; after the last, the delivery is made)."""
    ctx = of(state)
    pending = state["inspection"]
    deliverer, name = pending["seat"], state["seats"][seat]
    if action.stop:
        card = next(c for c in state["players"][seat]["cards"] if ops.spec(ctx, c).effect == "inspector")
        state["players"][seat]["cards"].remove(card)
        state["cards"]["discard"].append(card)
        state["inspected"] = [*state.get("inspected", []), deliverer]
        del state["inspection"]
        events.append({"type": "inspected", "seat": seat, "stopped": deliverer,
                       "text": f"{name} plays a Railway Inspector: {state['seats'][deliverer]}'s delivery is "
                               "stopped, the cube stays and the action is lost."})
        rules.next_actor(state, ctx, events, rng)
        return
    pending["asked"].pop(0)
    events.append({"type": "inspection_passed", "seat": seat, "text": f"{name} lets the delivery pass."})
    if pending["asked"]:
        return
    move = msgspec.convert(pending["action"], Deliver)
    del state["inspection"]
    delivery.do_deliver(state, ctx, deliverer, move, events, rng)
    if mapcards.after_action(state, ctx, deliverer, "deliver", None, events):
        rules.next_actor(state, ctx, events, rng)


def prompt(state: dict) -> dict:
    """The holder's prompt: ``{"seat", "kind": "inspector", "deliverer", "text"}``."""
    pending = state["inspection"]
    return {"seat": pending["asked"][0], "kind": "inspector", "deliverer": pending["seat"], "text": pending["text"]}


def legal(state: dict, seat: int) -> list[dict]:
    """The holder asked now may stop the delivery or let it pass; nobody else may act."""
    if state["inspection"]["asked"][0] != seat:
        return []
    return [{"type": "inspect", "stop": True}, {"type": "inspect", "stop": False}]


def refuse(state: dict, kind: str) -> str:
    """Any other move while a delivery waits for an Inspector holder's answer."""
    pending = state["inspection"]
    return (f"{state['seats'][pending['asked'][0]]} holds a Railway Inspector and is deciding whether to stop "
            f"{state['seats'][pending['seat']]}'s delivery (`inspect`).")


def timeout(state: dict, seat: int) -> dict | None:
    """A holder who does not answer in time lets the delivery pass."""
    return {"type": "inspect", "stop": False} if state["inspection"]["asked"][0] == seat else None

