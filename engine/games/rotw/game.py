"""Railways of the World registered as a ``Game`` (DESIGN.md, "The engine contract")."""
from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.game import Game

from . import rules, search
from .options import Options
from .view import view as _view

ACTION_TYPES = ("bid", "pass", "build", "urbanize", "upgrade", "deliver", "take_card")


class RailwaysOfTheWorld(Game):
    id = "rotw"
    name = "Railways of the World"
    rules_version = 1
    options_type = Options
    min_seats = 2
    max_seats = 4

    def _setup(self, options, seats, seed, rng):
        return rules.setup(options, seats, rng)

    def _apply(self, state, seat, action, rng, events):
        kind = action["type"]
        if kind not in ACTION_TYPES:
            raise IllegalAction(f"Unknown action {kind!r}; actions are: {', '.join(ACTION_TYPES)}.")
        current = rules.actor(state)
        if seat != current:
            raise IllegalAction(f"It is not your turn: {state['seats'][current]} is to act.")
        if state["phase"] == "auction":
            if kind == "bid":
                rules.do_bid(state, seat, action, events)
            elif kind == "pass":
                rules.do_pass_auction(state, seat, events)
            else:
                raise IllegalAction("The first-player auction is on: bid or pass.")
            return
        if kind == "bid":
            raise IllegalAction("The auction is over for this turn; choose an action.")
        if kind == "pass":
            events.append({"type": "pass", "seat": seat, "text": f"{state['seats'][seat]} passes this round."})
        elif kind == "build":
            rules.do_build(state, seat, action, events)
        elif kind == "urbanize":
            rules.do_urbanize(state, seat, action, rng, events)
        elif kind == "upgrade":
            rules.do_upgrade(state, seat, events)
        elif kind == "deliver":
            rules.do_deliver(state, seat, action, events)
        else:
            rules.do_take_card(state, seat, action, rng, events)
        rules.next_actor(state, events)

    def prompts(self, state):
        seat = rules.actor(state)
        if seat is None:
            return []
        kind = "bid" if state["phase"] == "auction" else "action"
        return [{"seat": seat, "kind": kind, "state": state["n"], "round": state["round"]}]

    def legal_actions(self, state, seat):
        return search.legal_actions(state, seat)

    def view(self, state, seat):
        return _view(state, seat)

    def outcome(self, state):
        return rules.final_scores(state) if state["phase"] == "over" else None


GAME = RailwaysOfTheWorld()
