"""Railways of the World registered as a ``Game`` (DESIGN.md, "The engine contract").

One seat acts at a time: the auction's bidder, then each player in turn for 3 rounds. The
actions are the typed structs of ``actions.py``; the rules are in ``rules.py`` and ``cards.py``.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import msgspec

from ...common.auction_step import PASS, auction_step
from ...core.actions import kind_of
from ...core.game import Game, State
from ...core.prompts import UNSET
from ...core.rng import Stream
from ...core.steps import Step, always
from . import (
    barons,
    bidding,
    eventdeck,
    hidden,
    holdings,
    inspector,
    mapcards,
    prompts,
    queries,
    routing,
    rules,
    sampling,
    scoring,
    search,
    transcontinental,
    western,
)
from .actions import ACTIONS
from .context import Context, of
from .options import Options
from .state import RotwState
from .view import view as _view


def _keep_baron(state: RotwState, seat: int, action, rng: Stream, events: list[dict]) -> None:
    barons.keep(state, seat, action.baron, events)


def _use_card(state: RotwState, seat: int, action, rng: Stream, events: list[dict]) -> None:
    """A hand card, in the auction or in a round; a Railroad Executive ends the auction."""
    if holdings.use(state, of(state), seat, action.card, events):
        bidding.executive_first(state, seat, events)


def _issue_bonds(state: RotwState, seat: int, action, rng: Stream, events: list[dict]) -> None:
    """Not an action: the seat keeps its turn."""
    rules.issue_bonds(state, of(state), seat, action.count, events)


def _action(do):
    """One action of a round: readied cards go back unless they are for this action, a cube kept at a
    Fuel Depot is discarded unless the action continues it ("Fuel Depots"), then ``do`` and the next
    seat (railways-of-the-world.txt, "2 - Player Actions"), unless a map card holds it
    (``mapcards.after_action``: Hot Spring's build, a delivery waiting for a Railway Inspector)."""
    def play(state: RotwState, seat: int, action, rng: Stream, events: list[dict]) -> None:
        ctx = of(state)
        kind = kind_of(action)
        before = mapcards.before_action(state, ctx, seat, kind)
        holdings.disarm_others(state, ctx, seat, kind)
        if not getattr(action, "kept", False):
            routing.drop(state, seat, events)
        do(state, ctx, seat, action, rng, events)
        if mapcards.after_action(state, ctx, seat, kind, before, events):
            _dead_end(state, ctx, events)
            rules.next_actor(state, ctx, events, rng)
    return play


def _pass_round(state: RotwState, ctx: Context, seat: int, action, rng: Stream, events: list[dict]) -> None:
    events.append({"type": "pass", "seat": seat, "text": f"{state.seats[seat]} passes this round."})


def _dead_end(state: RotwState, ctx: Context, events: list[dict]) -> None:
    """After a turn's last action: when nobody could change the game any more (``search.stalled``;
    our rule for a game that cannot end otherwise, docs/rules-assumptions.md, "A game nobody can
    move"), the game ends with this turn, or in the Transcontinental's Eastern phase the West opens."""
    if state.phase != "actions" or state.round != rules.ROUNDS or state.at != len(state.order) - 1 \
            or rules.last_turn(state) or not search.stalled(state, ctx):
        return
    if transcontinental.last_marker(state, []):
        events.append({"type": "stalled", "text": "Nobody can do anything more in the East: at the end of this turn "
                                                  "the West opens."})
        return
    state.stalled = True
    events.append({"type": "stalled", "text": "Nobody can deliver, complete a link, urbanize, upgrade or take a "
                                              "card any more: the game ends with this turn."})


def _build(state: RotwState, ctx: Context, seat: int, action, rng: Stream, events: list[dict]) -> None:
    rules.do_build(state, ctx, seat, action, events, rng)


def _upgrade(state: RotwState, ctx: Context, seat: int, action, rng: Stream, events: list[dict]) -> None:
    rules.do_upgrade(state, ctx, seat, events)


def _deliver(state: RotwState, ctx: Context, seat: int, action, rng: Stream, events: list[dict]) -> None:
    eventdeck.check_delivery(state, action.colour)        # this turn's embargo, if any
    inspector.deliver(state, ctx, seat, action, events, rng)


def _bid(state: RotwState, seat: int, action, rng: Stream, events: list[dict]) -> None:
    bidding.do_bid(state, of(state), seat, action, events)


def _pass_auction(state: RotwState, seat: int, action, rng: Stream, events: list[dict]) -> None:
    bidding.do_pass_auction(state, of(state), seat, events)


def _inspect(state: RotwState, seat: int, action, rng: Stream, events: list[dict]) -> None:
    inspector.inspect(state, seat, action, rng, events)


def _return_bonds(state: RotwState, seat: int, action, rng: Stream, events: list[dict]) -> None:
    """Between the Transcontinental phases; the last choice opens the West."""
    ctx = of(state)
    transcontinental.return_bonds(state, ctx, seat, action.count, events)
    transcontinental.resume(state, ctx, rng, events, rules.next_turn)


def _barons_elsewhere(state: RotwState, kind: str) -> str | None:
    """``keep_baron`` outside the barons' step says why."""
    if kind != "keep_baron":
        return None
    return "The barons are chosen at the start of the game." if state.barons is not UNSET \
        else "This game is played without baron cards."


def _waiting_for_barons(state: RotwState, kind: str) -> str:
    waiting = ", ".join(state.seats[s] for s in barons.choosing(state))
    return f"First everyone keeps one of their two barons (waiting for {waiting})."


def _actor(state: RotwState) -> list[int]:
    seat = bidding.actor(state)          # one seat in the auction and the actions
    return [] if seat is None else [seat]


def _bid_prompt(state: RotwState, seat: int) -> prompts.Bid:
    """The auction's prompt: ``floor`` is the lowest bid allowed (thousands)."""
    return prompts.Bid(turn=state.turn, round=state.round, floor=bidding.bid_floor(state, of(state)))


def _action_prompt(state: RotwState, seat: int) -> prompts.Action:
    """A round's prompt, with ``hot_spring`` while a Hot Spring build is due (``mapcards.prompt_note``)."""
    return prompts.Action(turn=state.turn, round=state.round,
                        hot_spring=True if mapcards.prompt_note(state) else UNSET)


def _inspector_prompt(state: RotwState, seat: int) -> prompts.Inspector:
    """The holder's prompt (``inspector.prompt``): whose delivery and what it would do."""
    pending = inspector.prompt(state)
    return prompts.Inspector(deliverer=pending["deliverer"], text=pending["text"])


def _auction_legal(state: RotwState, seat: int) -> list[dict]:
    return search.auction_actions(state, of(state), holdings.effects(state, of(state), seat))


def _round_legal(state: RotwState, seat: int) -> list[dict]:
    return search.legal_actions(state, of(state), seat)


def _first_baron(state: RotwState, seat: int) -> dict:
    """The time-out move of a seat keeping a baron: the first of its two."""
    assert state.barons is not UNSET, "the barons' step is in force only where barons are dealt"
    return {"type": "keep_baron", "baron": state.barons.hands[str(seat)][0]}


STEPS: tuple[Step[RotwState], ...] = (
    Step("barons", "keep one of your two barons", {"keep_baron": _keep_baron},
         active=lambda state: bool(barons.choosing(state)), actors=barons.choosing, refuse=_waiting_for_barons,
         prompt=lambda state, seat: prompts.Baron(secret=True), legal=search.baron_keeps,
         sample=lambda state, seat, rng: rng.choice(search.baron_keeps(state, seat)),
         default=_first_baron),
    Step("bonds", "choose how many bonds to return before the West opens", {"return_bonds": _return_bonds},
         active=lambda state: state.phase == "bonds", actors=transcontinental.pending,
         prompt=lambda state, seat: prompts.ReturnBonds(bonds=state.players[seat].bonds),
         legal=search.bond_returns, sample=lambda state, seat, rng: rng.choice(search.bond_returns(state, seat)),
         default=lambda state, seat: {"type": "return_bonds", "count": 0}),
    auction_step("auction", "bid or pass in the first-player auction", bid=_bid, pass_=_pass_auction,
                 more={"use_card": _use_card}, active=lambda state: state.phase == "auction", actors=_actor,
                 refuse=_barons_elsewhere, prompt=_bid_prompt, legal=_auction_legal),
    Step("inspector", "answer the Railway Inspector's question", {"inspect": _inspect},
         active=lambda state: state.inspection is not UNSET, actors=lambda state: [inspector.prompt(state)["seat"]],
         refuse=inspector.refuse, prompt=_inspector_prompt, legal=inspector.legal,
         sample=lambda state, seat, rng: rng.choice(inspector.legal(state, seat)), default=inspector.timeout),
    Step("actions", "take one action of your turn",
         {"build": _action(_build), "urbanize": _action(rules.do_urbanize), "upgrade": _action(_upgrade),
          "deliver": _action(_deliver), "take_card": _action(mapcards.do_take_card), "pass": _action(_pass_round),
          "western_link": _action(western.do_western_link), "use_card": _use_card, "issue_bonds": _issue_bonds},
         active=lambda state: state.phase == "actions", actors=_actor, refuse=_barons_elsewhere,
         prompt=_action_prompt, legal=_round_legal, sample=lambda state, seat, rng: sampling.sample_round(
             state, of(state), seat, rng), default=always(PASS)),
)
"""Barons are kept first (at the start, or once a Major Line is done in that variant), then each
turn's first-player auction and its rounds of actions (railways-of-the-world.txt); a delivery held
for a Railway Inspector waits for its holder's answer (``inspector.py``); in the Transcontinental
game, returning bonds between its two phases. Each step also says its prompt, its legal actions
(``search.py``), how one of them is drawn at random for a search player (``sampling.py``) and its
time-out move: a pass (in the auction it drops out, in a round it uses the action doing nothing),
the first of the two barons, no bonds returned, letting an inspected delivery pass."""


class RailwaysOfTheWorld(Game):
    id = "rotw"
    name = "Railways of the World"
    rules_version = 8     # 2: our own random stream and the match log with undo; 3: city spurs, tile shapes,
    #                       track reaching a free spur completes its link; 4: the whole operations deck, Major
    #                       Lines, cube reduction per map; 5: the engine baron counts levels from cards, the
    #                       most-bonds baron's last-round bonds; 6: the maps' own operations cards
    #                       (docs/migrations.md); 7: Through Time's own auction, a game nobody can
    #                       move ends, a Transcontinental baron is never dealt twice, the Event deck;
    #                       8: a Switch Track's branch and the network, Chicago red, Mexico's tie, Europe's
    #                       charters, the final score's parts
    options_type = Options
    state_type = RotwState
    actions = ACTIONS
    min_seats = 2
    max_seats = 6
    steps = STEPS
    prompt_types = prompts.PROMPTS

    def _setup(self, options: Options, seats: list[str], rng: Stream) -> dict[str, Any]:
        return rules.setup(options, seats, rng)

    def reveal_marks(self, state: State) -> Hashable:
        """The sizes of the operations deck and the event deck (their order is hidden: a smaller
        deck turned a card face up) and whether the game has ended. Cube draws are noticed by the
        engine's stream."""
        ours_ = ours(state)
        events = eventdeck.of(ours_)
        return len(ours_.cards.deck), None if events is None else len(events.deck), ours_.phase == "over"

    def _determinize(self, state: State, seat: int | None, rng: Stream) -> None:
        """The decks' order and the other seats' barons (``hidden.determinize``)."""
        hidden.determinize(ours(state), seat, rng)

    def query(self, state: State, seat: int | None, name: str, args: dict[str, Any]) -> Any:
        """``cheapest_link``, ``deliveries`` and ``can_deliver`` (see ``queries.py``)."""
        rotw = ours(state)
        return queries.query(rotw, of(rotw), seat, name, args)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return _view(ours(state), seat)

    def outcome(self, state: State) -> dict[str, Any] | None:
        rotw = ours(state)
        return scoring.final_scores(rotw) if rotw.phase == "over" else None


def ours(state: State) -> RotwState:
    """A state handed to this game's hooks as the ``RotwState`` its rules read: itself, or a JSON
    object (a snapshot, a test's edited copy) read as one, as ``Game.load_state`` does. Raises
    ``msgspec.ValidationError`` for JSON of another shape."""
    return state if isinstance(state, RotwState) else msgspec.convert(state, RotwState)


GAME = RailwaysOfTheWorld()
