"""Steam registered as a ``Game`` (DESIGN.md, "The engine contract").

One seat acts at a time (an auction's bidder, the seat choosing a tile, building or moving goods),
except after a delivery, when every player who scored chooses income or VP at once.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import msgspec

from ...common.auction_step import auction_step
from ...core.actions import Action, kind_of
from ...core.errors import IllegalAction
from ...core.game import Event, Game, State
from ...core.rng import Stream
from ...core.steps import Step, always, sample_by_kind
from . import actions as act
from . import build, flow, moves, prompts, search, standard
from .actions import ACTIONS
from .context import map_for, of
from .data import load_map, load_rules
from .options import Options
from .state import Chosen, SteamState
from .view import view as _view


def _capital(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    assert isinstance(action, act.Capital), "the capital step takes `capital` only"
    standard.capital(state, of(state)[1], seat, action.steps, events, action.always)


def _after_moves(state: SteamState, rng: Stream, events: list[Event]) -> None:
    """Both rounds of moving goods over: income, Goods Growth (standard game), the turn order and
    the next turn."""
    if moves.over(state):
        mapdata, rules = of(state)
        flow.income(state, mapdata, rules, rng, events)


def _score(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    assert isinstance(action, act.Score), "the score step takes `score` only"
    rules = of(state)[1]
    moves.score(state, rules, seat, action.take, events)
    _after_moves(state, rng, events)


def _scoring(state: SteamState) -> list[int]:
    """The seats still choosing income or VP for their track points."""
    s = moves.scoring(state)
    return [int(k) for k in s.points if k not in s.choices]


def _placing_points(state: SteamState, kind: str) -> str:
    waiting = ", ".join(state.seats[s] for s in _scoring(state))
    return f"First the track points are placed (waiting for {waiting})."


def _auction_bid(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    assert isinstance(action, act.Bid), "`bid` is the auction's handler for bids"
    flow.auction_bid(state, of(state)[1], seat, action.amount, events)


def _auction_pass(state: SteamState, seat: int, action: Action | None, rng: Stream, events: list[Event]) -> None:
    flow.auction_pass(state, of(state)[1], seat, events)


def _order_bid(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    assert isinstance(action, act.Bid), "`bid` is the order auction's handler for bids"
    standard.bid(state, of(state)[1], seat, action.amount, events)


def _order_pass(state: SteamState, seat: int, action: Action | None, rng: Stream, events: list[Event]) -> None:
    standard.pass_(state, of(state)[1], seat, events)


def _select(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    assert isinstance(action, act.Select), "the select step takes `select` only"
    flow.select(state, of(state)[1], seat, action.tile, action.pass_option, events)


def _lay(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    assert isinstance(action, act.Build), "`build` lays a track tile"
    mapdata, rules = of(state)
    build.lay(state, mapdata, rules, seat, action.hex, action.exits, events)


def _redirect(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    assert isinstance(action, act.Redirect), "`redirect` turns a tile"
    mapdata, rules = of(state)
    build.redirect(state, mapdata, rules, seat, action.hex, action.exits, events)


def _grow(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    assert isinstance(action, act.Grow), "`grow` is City Growth"
    build.grow(state, of(state)[0], seat, action.city, events)


def _urbanize(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    assert isinstance(action, act.Urbanize), "`urbanize` is Urbanization"
    mapdata, rules = of(state)
    build.urbanize(state, mapdata, rules, seat, action.town, action.tile, events)


def _produce(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    assert isinstance(action, act.Produce), "`produce` is Production"
    standard.produce(state, of(state)[0], rng, seat, action.spaces, events)


Handler = Callable[[SteamState, int, Action, Stream, list[Event]], None]


def _then_end(handler: Handler) -> Handler:
    """``handler`` followed by the build's end when nothing is left to do: the last allowed tile is
    laid and the action tile asks nothing more that can be done, so ``done`` would be the only move
    (steam.txt, "Build Track": up to three track tiles, four with Engineer)."""
    def play(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
        handler(state, seat, action, rng, events)
        b = build.building(state)
        if b.laid >= b.limit and build.unfinished(state, of(state)[0]) is None:
            _end_build(state, seat, events)
    return play


def _done(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    _end_build(state, seat, events)


def _end_build(state: SteamState, seat: int, events: list[Event]) -> None:
    mapdata, rules = of(state)
    build.done(state, mapdata, rules, seat, events)
    flow.next_builder(state, rules, events)


def _deliver(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    assert isinstance(action, act.Deliver), "`deliver` moves a goods cube"
    mapdata, rules = of(state)
    moves.deliver(state, mapdata, rules, seat, action.from_, action.colour, list(action.links), events, action.take)
    _after_moves(state, rng, events)


def _locomotive(state: SteamState, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
    rules = of(state)[1]
    moves.locomotive(state, rules, seat, events)
    _after_moves(state, rng, events)


def _move_pass(state: SteamState, seat: int, action: Action | None, rng: Stream, events: list[Event]) -> None:
    rules = of(state)[1]
    moves.pass_(state, rules, seat, events)
    _after_moves(state, rng, events)


Pass = Callable[[SteamState, int, Action | None, Stream, list[Event]], None]
_PASSES: dict[str, tuple[Pass, Callable[[SteamState, int], bool]]] = {
    "move": (_move_pass, search.can_move), "auction": (_auction_pass, search.can_bid),
    "order": (_order_pass, search.can_bid)}


def _only_passes(state: SteamState, rng: Stream, events: list[Event]) -> None:
    """A step with one legal answer does not ask: while the seat to move goods or to bid can only
    pass (no delivery, no locomotive level; a bid it cannot raise), it passes, and the event says
    why. Nothing is decided for it that it could have decided otherwise."""
    for _ in range(100):
        passes = _PASSES.get(state.phase)
        seat = flow.actor(state) if passes else None
        if passes is None or seat is None or passes[1](state, seat):
            return
        handler = passes[0]
        handler(state, seat, None, rng, events)
        passed = next(e for e in reversed(events) if e.get("type") == "pass" and e.get("seat") == seat)
        passed["text"] = passed["text"].rstrip(".") + (": nothing to deliver and no locomotive level to take."
                                                       if handler is _move_pass else ": no bid it can raise.")
        passed["auto"] = True


def _in(phase: str) -> Callable[[SteamState], bool]:
    return lambda state: state.phase == phase


def _actor(state: SteamState) -> list[int]:
    seat = flow.actor(state)             # one seat in every step that uses this
    return [] if seat is None else [seat]


def _bid_prompt(state: SteamState, seat: int) -> prompts.Bid:
    """``bid`` with the lowest bid now (``floor``, dollars) and the place bid for (the first turn's
    auction: one per place; the standard game's: the turn order, 1)."""
    if state.phase == "auction":
        box = flow.first_order(state)
        return prompts.Bid(floor=max(flow.OPENING_BID, box.order.high + 1), place=len(box.placed) + 1)
    return prompts.Bid(floor=max(standard.OPENING_BID, standard.bidding(state).high + 1), place=1)


def _build_prompt(state: SteamState, seat: int) -> prompts.Build:
    """``build`` with the tiles ``laid``, their ``limit`` and the action tiles still ``todo``."""
    b = build.building(state)
    return prompts.Build(laid=b.laid, limit=b.limit, todo=list(b.todo))


def _select_default(state: SteamState, seat: int) -> dict | None:
    """The cheapest free tile for a seat that does not choose: the first with a pass option (taken
    with it), else the first it can take."""
    acts = search.select_actions(state, seat)
    return next((a for a in acts if a.get("pass_option")), acts[0] if acts else None)


STEPS: tuple[Step[SteamState], ...] = (
    Step("capital", "decide on capital for this turn", {"capital": _capital}, active=_in("capital"),
         actors=lambda state: [int(k) for k, v in standard.capitals(state).items() if v is None],
         refuse=lambda state, kind: "First everyone decides on capital for this turn (`capital`, 0 steps for none).",
         prompt=lambda state, seat: prompts.Capital(), legal=search.capital_actions,
         sample=sample_by_kind(search.capital_actions), default=always({"type": "capital", "steps": 0})),
    Step("score", "place your track points as income or VP", {"score": _score}, active=_in("score"),
         actors=_scoring, refuse=_placing_points,
         prompt=lambda state, seat: prompts.Score(points=moves.scoring(state).points[str(seat)]),
         legal=search.score_actions, sample=sample_by_kind(search.score_actions),
         default=always({"type": "score", "take": "vp"})),
    auction_step("auction", "bid or pass for a place in the turn order", bid=_auction_bid, pass_=_auction_pass,
                 active=_in("auction"), actors=_actor, prompt=_bid_prompt, legal=search.bid_actions),
    auction_step("order", "bid or drop out for the turn order", bid=_order_bid, pass_=_order_pass,
                 active=_in("order"), actors=_actor, prompt=_bid_prompt, legal=search.bid_actions),
    Step("select", "choose an action tile", {"select": _select}, active=_in("select"), actors=_actor,
         prompt=lambda state, seat: prompts.Select(turn=state.turn), legal=search.select_actions,
         sample=sample_by_kind(search.select_actions), default=_select_default),
    Step("build", "build track", {"build": _then_end(_lay), "redirect": _then_end(_redirect),
                                  "grow": _then_end(_grow), "urbanize": _then_end(_urbanize),
                                  "produce": _then_end(_produce), "done": _done}, active=_in("build"), actors=_actor,
         prompt=_build_prompt, legal=search.build_actions_of, sample=search.sample_build,
         default=search.build_default),
    Step("move", "move goods", {"deliver": _deliver, "locomotive": _locomotive, "pass": _move_pass},
         active=_in("move"), actors=_actor,
         prompt=lambda state, seat: prompts.Move(round=moves.moving(state).round),
         legal=search.move_actions, sample=search.sample_move, default=always({"type": "pass"})),
)
"""Capital (standard game) and track points (after a delivery) are asked of several seats at once;
the rest is one seat at a time: the auctions, choosing action tiles, building, moving goods
(steam.txt, "Phase 1 – Select Action Tiles" and the phases after it). Each step's prompt is a struct
of ``prompts.py``: ``Capital``, ``Score``, ``Bid``, ``Select``, ``Build``, ``Move``. A seat that does
not answer in time passes in an auction or while moving goods, takes the cheapest free tile (its pass
option if it has one), ends its build (after a City Growth, Urbanization or Production it must still
use), takes points as VP, raises no capital."""


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
    prompt_types = prompts.PROMPTS

    def _setup(self, options: Options, seats: list[str], rng: Stream) -> dict[str, Any]:
        """``flow.setup``'s state as its JSON object: ``Game.setup`` adds the engine's fields
        (``game``, ``seed``, ``core``) to it and reads it back as a ``SteamState``."""
        map_id = map_for(options.map, len(seats))
        mapdata = load_map(map_id)
        if not mapdata.min_players <= len(seats) <= mapdata.max_players:
            raise IllegalAction(f"{mapdata.name} is for {mapdata.min_players}-{mapdata.max_players} players.")
        opts = Chosen(map=map_id, standard=options.standard, first_order=options.first_order)
        built: dict[str, Any] = msgspec.to_builtins(flow.setup(mapdata, load_rules(), opts, seats, rng))
        return built

    def _apply(self, state: State, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
        """The step in force plays the move (``STEPS``); a seat whose only legal move is then to pass
        passes at once (``_only_passes``); then the hexes it touched are remembered for the board
        (``last``), except after a choice of points or of capital."""
        super()._apply(state, seat, action, rng, events)
        steam = _steam(state)
        _only_passes(steam, rng, events)
        if kind_of(action) not in ("score", "capital"):
            steam.last = [h for e in events for h in ([e["hex"]] if "hex" in e else e.get("hexes", []))]

    def _determinize(self, state: State, seat: int | None, rng: Stream) -> None:
        """Nothing to resample beyond the new seed ``Game.determinize`` draws: Steam hides no card
        or tile, only the goods bag, and the bag's contents by colour follow from every view (the
        96 cubes are on cities, on goods supply spaces or in the bag; a delivered cube goes back,
        steam.txt "Moving a Goods Cube"), so they stay; what is drawn from it next (Production's
        cubes) and Goods Growth's dice come from the stream, which the new seed makes new."""

    def reveal_marks(self, state: State) -> Hashable:
        """Whether the game has ended; cubes drawn by Production and Goods Growth's dice are noticed
        by the engine's stream."""
        return _steam(state).phase == "over"

    def query(self, state: State, seat: int | None, name: str, args: dict[str, Any]) -> Any:
        """``track_costs``: the seat's legal track tiles and redirects now, each with its cost in
        dollars (``search.track_costs``), for menus that show prices without dry runs."""
        if name == "track_costs":
            return search.track_costs(_steam(state), seat)
        return super().query(state, seat, name, args)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return _view(_steam(state), seat)

    def outcome(self, state: State) -> dict[str, Any] | None:
        steam = _steam(state)
        return flow.final_scores(steam, of(steam)[1]) if steam.phase == "over" else None


def _steam(state: State) -> SteamState:
    """The state the contract hands Steam: always its ``state_type`` (``Game.setup``, ``apply``'s
    copy and ``load_state`` make every Steam state a ``SteamState``)."""
    assert isinstance(state, SteamState), "every Steam state is a SteamState"
    return state


GAME = Steam()
