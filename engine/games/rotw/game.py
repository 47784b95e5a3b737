"""Railways of the World registered as a ``Game`` (DESIGN.md, "The engine contract").

One seat acts at a time: the auction's bidder, then each player in turn for 3 rounds. The
actions are the typed structs of ``actions.py``; the rules are in ``rules.py`` and ``cards.py``.
"""
from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.game import Game

from . import barons, bidding, holdings, queries, rules, search
from .actions import ACTIONS
from .context import of
from .options import Options
from .view import view as _view


class RailwaysOfTheWorld(Game):
    id = "rotw"
    name = "Railways of the World"
    rules_version = 4     # 2: our own random stream and the match log with undo; 3: city spurs, tile shapes,
    #                       track reaching a free spur completes its link; 4: the whole operations deck, Major
    #                       Lines, cube reduction per map
    options_type = Options
    actions = ACTIONS
    min_seats = 2
    max_seats = 6

    def _setup(self, options, seats, rng):
        return rules.setup(options, seats, rng)

    def _apply(self, state, seat, action, rng, events):
        kind = action.__struct_config__.tag
        if barons.choosing(state):
            if kind != "keep_baron":
                waiting = ", ".join(state["seats"][s] for s in barons.choosing(state))
                raise IllegalAction(f"First everyone keeps one of their two barons (waiting for {waiting}).")
            barons.keep(state, seat, action.baron, events)
            return
        if kind == "keep_baron":
            raise IllegalAction("The barons are chosen at the start of the game." if "barons" in state
                                else "This game is played without baron cards.")
        current = bidding.actor(state)
        if seat != current:
            raise IllegalAction(f"It is not your turn: {state['seats'][current]} is to act.")
        ctx = of(state)
        if kind == "use_card":
            if holdings.use(state, ctx, seat, action.card, events):
                bidding.executive_first(state, seat, events)
            return
        if state["phase"] == "auction":
            if kind == "bid":
                bidding.do_bid(state, ctx, seat, action, events)
            elif kind == "pass":
                bidding.do_pass_auction(state, ctx, seat, events)
            else:
                raise IllegalAction("The first-player auction is on: bid or pass.")
            return
        if kind == "bid":
            raise IllegalAction("The auction is over for this turn; choose an action.")
        if kind != "build":
            holdings.disarm(state, seat)
        if kind == "pass":
            events.append({"type": "pass", "seat": seat, "text": f"{state['seats'][seat]} passes this round."})
        elif kind == "build":
            rules.do_build(state, ctx, seat, action, events)
        elif kind == "urbanize":
            rules.do_urbanize(state, ctx, seat, action, rng, events)
        elif kind == "upgrade":
            rules.do_upgrade(state, ctx, seat, events)
        elif kind == "deliver":
            rules.do_deliver(state, ctx, seat, action, events)
        else:
            rules.do_take_card(state, ctx, seat, action, rng, events)
        rules.next_actor(state, ctx, events)

    def timeout_action(self, state, seat):
        """A pass: in the auction it drops out, in a round it uses the action doing nothing; the
        first of the two barons while they are chosen."""
        if seat in barons.choosing(state):
            return {"type": "keep_baron", "baron": state["barons"]["hands"][str(seat)][0]}
        return {"type": "pass"} if bidding.actor(state) == seat else None

    def reveals(self, before, after, action):
        """A turn ended and the next operations card was turned face up (the deck's order is
        hidden), or the game ended. Cube draws are noticed by the engine's stream."""
        turned = len(after["cards"]["deck"]) < len(before["cards"]["deck"])
        return turned or (after["phase"] == "over" and before["phase"] != "over")

    def _prompts(self, state):
        """The one seat to act: ``{"seat", "kind": "bid"|"action", "turn", "round"}``; a bid
        prompt also carries ``floor``, the lowest bid allowed (thousands)."""
        choosing = barons.choosing(state)
        if choosing:
            return [{"seat": s, "kind": "baron", "secret": True} for s in choosing]
        seat = bidding.actor(state)
        if seat is None:
            return []
        if state["phase"] == "auction":
            return [{"seat": seat, "kind": "bid", "turn": state["turn"], "round": state["round"],
                     "floor": bidding.bid_floor(state, of(state))}]
        return [{"seat": seat, "kind": "action", "turn": state["turn"], "round": state["round"]}]

    def _legal_actions(self, state, seat):
        return search.legal_actions(state, of(state), seat)

    def query(self, state, seat, name, args):
        """``cheapest_link``, ``deliveries`` and ``can_deliver`` (see ``queries.py``)."""
        return queries.query(state, of(state), seat, name, args)

    def view(self, state, seat):
        return _view(state, seat)

    def outcome(self, state):
        return rules.final_scores(state) if state["phase"] == "over" else None


GAME = RailwaysOfTheWorld()
