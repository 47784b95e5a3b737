"""Steam registered as a ``Game`` (DESIGN.md, "The engine contract").

One seat acts at a time (an auction's bidder, the seat choosing a tile, building or moving goods),
except after a delivery, when every player who scored chooses income or VP at once.
"""
from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.game import Game

from . import build, flow, moves, search, standard
from .actions import ACTIONS
from .context import map_for, of
from .data import load_map, load_rules
from .options import Options
from .view import view as _view


class Steam(Game):
    id = "steam"
    name = "Steam"
    rules_version = 2      # 2: no cube reduction on our maps, New Cities keep one-tile links
    options_type = Options
    actions = ACTIONS
    min_seats = 3
    max_seats = 6

    def _setup(self, options, seats, rng):
        map_id = map_for(options.map, len(seats))
        mapdata = load_map(map_id)
        if not mapdata.min_players <= len(seats) <= mapdata.max_players:
            raise IllegalAction(f"{mapdata.name} is for {mapdata.min_players}-{mapdata.max_players} players.")
        opts = {"map": map_id, "standard": options.standard, "first_order": options.first_order}
        return flow.setup(mapdata, load_rules(), opts, seats, rng)

    def _apply(self, state, seat, action, rng, events):
        self._move(state, seat, action, rng, events)
        kind = action.__struct_config__.tag
        if kind not in ("score", "capital"):
            state["last"] = [h for e in events for h in ([e["hex"]] if "hex" in e else e.get("hexes", []))]

    def _move(self, state, seat, action, rng, events):
        kind = action.__struct_config__.tag
        mapdata, rules = of(state)
        phase = state["phase"]
        if phase == "capital":
            if kind != "capital":
                raise IllegalAction("First everyone decides on capital for this turn (`capital`, 0 steps for none).")
            standard.capital(state, rules, seat, action.steps, events)
            return
        if phase == "score":
            if kind != "score":
                waiting = ", ".join(state["seats"][int(k)] for k in state["scoring"]["points"]
                                    if k not in state["scoring"]["choices"])
                raise IllegalAction(f"First the track points are placed (waiting for {waiting}).")
            moves.score(state, rules, seat, action.take, events)
            self._after_moves(state, rules, events)
            return
        current = flow.actor(state)
        if seat != current:
            raise IllegalAction(f"It is not your turn: {state['seats'][current]} is to act.")
        allowed = {"auction": ("bid", "pass"), "order": ("bid", "pass"), "select": ("select",),
                   "build": ("build", "redirect", "grow", "urbanize", "produce", "done"),
                   "move": ("deliver", "locomotive", "pass")}[phase]
        if kind not in allowed:
            raise IllegalAction(f"Now is the time to {_doing(phase)}: " + ", ".join(f"`{a}`" for a in allowed) + ".")
        if phase == "auction":
            if kind == "bid":
                flow.auction_bid(state, rules, seat, action.amount, events)
            else:
                flow.auction_pass(state, rules, seat, events)
        elif phase == "order":
            if kind == "bid":
                standard.bid(state, rules, seat, action.amount, events)
            else:
                standard.pass_(state, rules, seat, events)
        elif kind == "produce":
            standard.produce(state, rng, seat, action.spaces, events)
        elif kind == "select":
            flow.select(state, rules, seat, action.tile, action.pass_option, events)
        elif kind == "build":
            build.lay(state, mapdata, rules, seat, action.hex, action.exits, events)
        elif kind == "redirect":
            build.redirect(state, mapdata, rules, seat, action.hex, action.exits, events)
        elif kind == "grow":
            build.grow(state, mapdata, seat, action.city, events)
        elif kind == "urbanize":
            build.urbanize(state, mapdata, rules, seat, action.town, action.tile, events)
        elif kind == "done":
            build.done(state, mapdata, rules, seat, events)
            flow.next_builder(state, rules, events)
        elif kind == "deliver":
            moves.deliver(state, mapdata, rules, seat, action.from_, action.colour, list(action.links), events)
        elif kind == "locomotive":
            moves.locomotive(state, rules, seat, events)
        else:
            moves.pass_(state, rules, seat, events)
        if phase == "move":
            self._after_moves(state, rules, events)

    @staticmethod
    def _after_moves(state, rules, events):
        """Both rounds of moving goods over: income, the turn order and the next turn."""
        if moves.over(state):
            flow.income(state, rules, events)

    def _prompts(self, state):
        """``{"seat", "kind"}``: ``bid`` (with ``floor``), ``select``, ``build`` (``laid``, ``limit``,
        ``todo``), ``move`` (``round``) for the one seat to act; ``score`` (``points``) for each
        seat still choosing income or VP."""
        phase = state["phase"]
        if phase == "capital":
            return [{"seat": int(k), "kind": "capital"} for k, v in state["capital"].items() if v is None]
        if phase == "score":
            s = state["scoring"]
            return [{"seat": int(k), "kind": "score", "points": p} for k, p in s["points"].items()
                    if k not in s["choices"]]
        seat = flow.actor(state)
        if seat is None:
            return []
        if phase == "auction":
            a = state["auction"]["order"]
            return [{"seat": seat, "kind": "bid", "floor": max(flow.OPENING_BID, a["high"] + 1),
                     "place": len(state["auction"]["placed"]) + 1}]
        if phase == "order":
            a = state["bidding"]
            return [{"seat": seat, "kind": "bid", "floor": max(standard.OPENING_BID, a["high"] + 1), "place": 1}]
        if phase == "build":
            b = state["build"]
            return [{"seat": seat, "kind": "build", "laid": b["laid"], "limit": b["limit"], "todo": list(b["todo"])}]
        if phase == "move":
            return [{"seat": seat, "kind": "move", "round": state["move"]["round"]}]
        return [{"seat": seat, "kind": "select", "turn": state["turn"]}]

    def _legal_actions(self, state, seat):
        return search.legal_actions(state, seat)

    def timeout_action(self, state, seat):
        """What a seat that does not answer does: passes in an auction, takes the cheapest free
        tile (its pass option if it has one), ends its build (after a City Growth or Urbanization
        it must make), passes when moving goods, takes points as VP."""
        acts = search.legal_actions(state, seat)
        if not acts:
            return None
        for wanted in ({"type": "pass"}, {"type": "done"}, {"type": "score", "take": "vp"},
                       {"type": "capital", "steps": 0}):
            if wanted in acts:
                return wanted
        passing = [a for a in acts if a.get("pass_option")]
        return (passing or [a for a in acts if a["type"] in ("select", "grow", "urbanize", "produce")] or acts)[0]

    def reveals(self, before, after, action):
        """The end of the game; cubes drawn by Production are noticed by the engine's stream."""
        return after["phase"] == "over" and before["phase"] != "over"

    def query(self, state, seat, name, args):
        """``track_costs``: the seat's legal track tiles and redirects now, each with its cost in
        dollars (``search.track_costs``), for menus that show prices without dry runs."""
        if name == "track_costs":
            return search.track_costs(state, seat)
        return super().query(state, seat, name, args)

    def view(self, state, seat):
        return _view(state, seat)

    def outcome(self, state):
        return flow.final_scores(state, of(state)[1]) if state["phase"] == "over" else None


def _doing(phase: str) -> str:
    return {"auction": "bid or pass for a place in the turn order", "order": "bid or drop out for the turn order",
            "select": "choose an action tile",
            "build": "build track", "move": "move goods"}[phase]


GAME = Steam()
