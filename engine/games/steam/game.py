"""Steam registered as a ``Game`` (DESIGN.md, "The engine contract").

One seat acts at a time (an auction's bidder, the seat choosing a tile, building or moving goods),
except after a delivery, when every player who scored chooses income or VP at once.
"""
from __future__ import annotations

from railhead.engine.core.actions import kind_of
from railhead.engine.core.errors import IllegalAction
from railhead.engine.core.game import Game
from railhead.engine.core.steps import Step

from . import build, flow, moves, search, standard
from .actions import ACTIONS
from .context import map_for, of
from .data import load_map, load_rules
from .options import Options
from .state import SteamState
from .view import view as _view


def _capital(state, seat, action, rng, events) -> None:
    standard.capital(state, of(state)[1], seat, action.steps, events, action.always)


def _after_moves(state, rng, events) -> None:
    """Both rounds of moving goods over: income, Goods Growth (standard game), the turn order and
    the next turn."""
    if moves.over(state):
        mapdata, rules = of(state)
        flow.income(state, mapdata, rules, rng, events)


def _score(state, seat, action, rng, events) -> None:
    rules = of(state)[1]
    moves.score(state, rules, seat, action.take, events)
    _after_moves(state, rng, events)


def _scoring(state) -> list[int]:
    """The seats still choosing income or VP for their track points."""
    s = state["scoring"]
    return [int(k) for k in s["points"] if k not in s["choices"]]


def _placing_points(state, kind: str) -> str:
    waiting = ", ".join(state["seats"][s] for s in _scoring(state))
    return f"First the track points are placed (waiting for {waiting})."


def _auction_bid(state, seat, action, rng, events) -> None:
    flow.auction_bid(state, of(state)[1], seat, action.amount, events)


def _auction_pass(state, seat, action, rng, events) -> None:
    flow.auction_pass(state, of(state)[1], seat, events)


def _order_bid(state, seat, action, rng, events) -> None:
    standard.bid(state, of(state)[1], seat, action.amount, events)


def _order_pass(state, seat, action, rng, events) -> None:
    standard.pass_(state, of(state)[1], seat, events)


def _select(state, seat, action, rng, events) -> None:
    flow.select(state, of(state)[1], seat, action.tile, action.pass_option, events)


def _lay(state, seat, action, rng, events) -> None:
    mapdata, rules = of(state)
    build.lay(state, mapdata, rules, seat, action.hex, action.exits, events)


def _redirect(state, seat, action, rng, events) -> None:
    mapdata, rules = of(state)
    build.redirect(state, mapdata, rules, seat, action.hex, action.exits, events)


def _grow(state, seat, action, rng, events) -> None:
    build.grow(state, of(state)[0], seat, action.city, events)


def _urbanize(state, seat, action, rng, events) -> None:
    mapdata, rules = of(state)
    build.urbanize(state, mapdata, rules, seat, action.town, action.tile, events)


def _produce(state, seat, action, rng, events) -> None:
    standard.produce(state, of(state)[0], rng, seat, action.spaces, events)


def _then_end(handler):
    """``handler`` followed by the build's end when nothing is left to do: the last allowed tile is
    laid and the action tile asks nothing more that can be done, so ``done`` would be the only move
    (steam.txt, "Build Track": up to three track tiles, four with Engineer)."""
    def play(state, seat, action, rng, events) -> None:
        handler(state, seat, action, rng, events)
        b = state["build"]
        if b["laid"] >= b["limit"] and build.unfinished(state, of(state)[0]) is None:
            _done(state, seat, None, None, events)
    return play


def _done(state, seat, action, rng, events) -> None:
    mapdata, rules = of(state)
    build.done(state, mapdata, rules, seat, events)
    flow.next_builder(state, rules, events)


def _deliver(state, seat, action, rng, events) -> None:
    mapdata, rules = of(state)
    moves.deliver(state, mapdata, rules, seat, action.from_, action.colour, list(action.links), events, action.take)
    _after_moves(state, rng, events)


def _locomotive(state, seat, action, rng, events) -> None:
    rules = of(state)[1]
    moves.locomotive(state, rules, seat, events)
    _after_moves(state, rng, events)


def _move_pass(state, seat, action, rng, events) -> None:
    rules = of(state)[1]
    moves.pass_(state, rules, seat, events)
    _after_moves(state, rng, events)


_PASSES = {"move": _move_pass, "auction": _auction_pass, "order": _order_pass}


def _only_passes(state, rng, events) -> None:
    """A step with one legal answer does not ask: while the seat to move goods or to bid can only
    pass (no delivery, no locomotive level; a bid it cannot raise), it passes, and the event says
    why. Nothing is decided for it that it could have decided otherwise."""
    for _ in range(100):
        handler = _PASSES.get(state["phase"])
        seat = flow.actor(state) if handler else None
        if seat is None or search.legal_actions(state, seat) != [{"type": "pass"}]:
            return
        handler(state, seat, None, rng, events)
        passed = next(e for e in reversed(events) if e.get("type") == "pass" and e.get("seat") == seat)
        passed["text"] = passed["text"].rstrip(".") + (": nothing to deliver and no locomotive level to take."
                                                       if handler is _move_pass else ": no bid it can raise.")
        passed["auto"] = True


def _in(phase: str):
    return lambda state: state["phase"] == phase


def _actor(state) -> list[int]:
    return [flow.actor(state)]


STEPS = (
    Step("capital", "decide on capital for this turn", {"capital": _capital}, active=_in("capital"),
         actors=lambda state: [int(k) for k, v in state["capital"].items() if v is None],
         refuse=lambda state, kind: "First everyone decides on capital for this turn (`capital`, 0 steps for none)."),
    Step("score", "place your track points as income or VP", {"score": _score}, active=_in("score"),
         actors=_scoring, refuse=_placing_points),
    Step("auction", "bid or pass for a place in the turn order", {"bid": _auction_bid, "pass": _auction_pass},
         active=_in("auction"), actors=_actor),
    Step("order", "bid or drop out for the turn order", {"bid": _order_bid, "pass": _order_pass},
         active=_in("order"), actors=_actor),
    Step("select", "choose an action tile", {"select": _select}, active=_in("select"), actors=_actor),
    Step("build", "build track", {"build": _then_end(_lay), "redirect": _then_end(_redirect),
                                  "grow": _then_end(_grow), "urbanize": _then_end(_urbanize),
                                  "produce": _then_end(_produce), "done": _done}, active=_in("build"), actors=_actor),
    Step("move", "move goods", {"deliver": _deliver, "locomotive": _locomotive, "pass": _move_pass},
         active=_in("move"), actors=_actor),
)
"""Capital (standard game) and track points (after a delivery) are asked of several seats at once;
the rest is one seat at a time: the auctions, choosing action tiles, building, moving goods
(steam.txt, "Phase 1 – Select Action Tiles" and the phases after it)."""


class Steam(Game):
    id = "steam"
    name = "Steam"
    rules_version = 4      # 4: Goods Growth in the standard game (see docs/migrations.md)
    options_type = Options
    state_type = SteamState
    actions = ACTIONS
    min_seats = 3
    max_seats = 6
    steps = STEPS

    def _setup(self, options, seats, rng):
        map_id = map_for(options.map, len(seats))
        mapdata = load_map(map_id)
        if not mapdata.min_players <= len(seats) <= mapdata.max_players:
            raise IllegalAction(f"{mapdata.name} is for {mapdata.min_players}-{mapdata.max_players} players.")
        opts = {"map": map_id, "standard": options.standard, "first_order": options.first_order}
        return flow.setup(mapdata, load_rules(), opts, seats, rng)

    def _apply(self, state, seat, action, rng, events):
        """The step in force plays the move (``STEPS``); a seat whose only legal move is then to pass
        passes at once (``_only_passes``); then the hexes it touched are remembered for the board
        (``last``), except after a choice of points or of capital."""
        super()._apply(state, seat, action, rng, events)
        _only_passes(state, rng, events)
        if kind_of(action) not in ("score", "capital"):
            state["last"] = [h for e in events for h in ([e["hex"]] if "hex" in e else e.get("hexes", []))]

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
        """The end of the game; cubes drawn by Production and Goods Growth's dice are noticed by the
        engine's stream."""
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


GAME = Steam()
