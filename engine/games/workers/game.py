"""Railway Workers registered as a ``Game`` (DESIGN.md, "The engine contract").

2-4 players. Each action phase everyone places four action cards face down at once (secret),
rolls dice in common view, assigns them behind a screen (secret), then the cards are revealed
one place at a time and resolved in order of Sum. Questions that interrupt (a completed table's
reward, a train's city or way, a bonus) are answered before play goes on.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import msgspec

from ...core.actions import Action
from ...core.game import Game, State
from ...core.rng import Stream
from ...core.steps import Handler, Hooks, Step
from . import actions, flow, halves, pending, search
from .actions import ACTIONS
from .options import Options
from .prompts import PROMPTS
from .state import WorkersState
from .view import view as _view

TURN_HANDLERS = search.TURN_HANDLERS
OWN_KIND = "a step calls each handler with the action kind it is registered for"


def _choose(state: WorkersState, seat: int, action: Action, rng: Stream, events: list) -> None:
    assert isinstance(action, actions.Choose), OWN_KIND
    pending.answer(state, seat, action.option, events)


def _place(state: WorkersState, seat: int, action: Action, rng: Stream, events: list) -> None:
    assert isinstance(action, actions.Place), OWN_KIND
    flow.do_place(state, seat, action, events)
    if action.ready:
        flow.do_ready(state, seat, rng, events)


def _ready(state: WorkersState, seat: int, action: Action, rng: Stream, events: list) -> None:
    flow.do_ready(state, seat, rng, events)


def _low_roll(state: WorkersState, seat: int, action: Action, rng: Stream, events: list) -> None:
    assert isinstance(action, actions.LowRoll), OWN_KIND
    flow.do_low_roll(state, seat, action, rng, events)


def _reroll(state: WorkersState, seat: int, action: Action, rng: Stream, events: list) -> None:
    assert isinstance(action, actions.Reroll), OWN_KIND
    flow.do_reroll(state, seat, action, rng, events)


def _assign(state: WorkersState, seat: int, action: Action, rng: Stream, events: list) -> None:
    assert isinstance(action, actions.Assign), OWN_KIND
    flow.do_assign(state, seat, action, events)
    if action.ready:
        flow.do_ready(state, seat, rng, events)


def _plus(state: WorkersState, seat: int, action: Action, rng: Stream, events: list) -> None:
    assert isinstance(action, actions.Plus), OWN_KIND
    flow.do_plus(state, seat, action, events)


def _pass(state: WorkersState, seat: int, action: Action, rng: Stream, events: list) -> None:
    halves.do_pass(state, seat, events)


def _end(state: WorkersState, seat: int, action: Action, rng: Stream, events: list) -> None:
    halves.do_end(state, seat, events)


def _turn_action(handler: search.TurnHandler) -> Handler[WorkersState]:
    def play(state: WorkersState, seat: int, action: Action, rng: Stream, events: list) -> None:
        handler(state, seat, action, events)
    return play


def _waiting(state: WorkersState, kind: str) -> str:
    q = state.pending[0]           # the question step is in force: a question is pending
    return (f"Waiting for {state.seats[pending.who(state, q)]} to answer: {q.kind} "
            f"({' or '.join(pending.options(state, q))}).")


def _no_question(state: WorkersState, kind: str) -> str | None:
    return "There is no question for you now." if kind == "choose" else None


def _not_ready(state: WorkersState) -> list[int]:
    """The seats that have not declared their cards (or dice) ready."""
    return [s for s, p in enumerate(state.players) if not p.ready]


def _low(state: WorkersState) -> list[int]:
    """The seats whose low roll (three dice summing 4 or less) is not settled."""
    return [s for s, p in enumerate(state.players) if not p.low_done]


def _rerolling(state: WorkersState) -> list[int]:
    """The seats still using reroll tokens."""
    return [s for s, p in enumerate(state.players) if p.rerolling]


def _legal(state: WorkersState, seat: int) -> list[dict]:
    return search.legal_actions(GAME, state, seat)


HOOKS: Hooks[WorkersState] = {"prompt": search.prompt, "legal": _legal, "sample": search.sample,
                              "default": search.default}
"""Every step's prompt, legal moves, random move and time-out move (``search``: each reads the
step from the state)."""

STEPS: tuple[Step[WorkersState], ...] = (
    Step("question", "answer the question", {"choose": _choose}, active=lambda state: bool(state.pending),
         actors=lambda state: [pending.who(state, state.pending[0])], refuse=_waiting, **HOOKS),
    Step("place", "place your four action cards face down", {"place": _place, "ready": _ready},
         active=lambda state: state.step == "place", actors=_not_ready, refuse=_no_question, **HOOKS),
    Step("low", "keep or reroll three dice summing 4 or less", {"low_roll": _low_roll},
         active=lambda state: state.step == "low", actors=_low, refuse=_no_question, **HOOKS),
    Step("tokens", "use reroll tokens", {"reroll": _reroll},
         active=lambda state: state.step == "tokens", actors=_rerolling, refuse=_no_question, **HOOKS),
    Step("assign", "assign your dice behind the screen", {"assign": _assign, "plus": _plus, "ready": _ready},
         active=lambda state: state.step == "assign", actors=_not_ready, refuse=_no_question, **HOOKS),
    Step("play", "play your turn (an action of your card, a command), pass or end it",
         {**{kind: _turn_action(handler) for kind, handler in TURN_HANDLERS.items()}, "pass": _pass, "end": _end},
         active=lambda state: state.step == "play",
         actors=lambda state: [state.turn.seat] if state.turn is not None else [],
         refuse=_no_question, **HOOKS),
)
"""Questions that interrupt come first, whoever they are for; then the steps of an action phase
(railway-workers.txt, "Round phases - steps"): cards and dice at once, then turn by turn."""


def _ours(state: State) -> WorkersState:
    """``state`` as Railway Workers' state type: the core loads every state of this game as one
    (``Game.load_state``)."""
    assert isinstance(state, WorkersState), "the core hands Railway Workers only its WorkersState"
    return state


class RailwayWorkers(Game):
    id = "workers"
    name = "Railway Workers"
    rules_version = 3
    options_type = Options
    state_type = WorkersState
    actions = ACTIONS
    min_seats = 2
    max_seats = 4
    steps = STEPS
    prompt_types = PROMPTS
    public_moves = ("ready",)
    """Inside a secret prompt, declaring ready is public ("who is ready is public")."""

    def _setup(self, options: Any, seats: list[str], rng: Stream) -> dict:
        assert isinstance(options, Options), "the core validates the options into options_type"
        return flow.setup(options, seats, rng)

    def _apply(self, state: State, seat: int, action: Action, rng: Stream, events: list[dict]) -> None:
        """The step in force plays the move (``STEPS``); then questions with one answer are
        answered and play carries on (a finished turn ends, the payments run)."""
        ours = _ours(state)
        super()._apply(ours, seat, action, rng, events)
        pending.auto(ours, events)
        flow.advance(ours, rng, events)

    def _determinize(self, state: State, seat: int | None, rng: Stream) -> None:
        search.determinize(_ours(state), seat, rng)

    def reveal_marks(self, state: State) -> Hashable:
        """The step and the place being resolved (placed cards and dice are revealed when either
        changes) and the sizes of the project and command decks (each reveals its next card)."""
        ours_ = _ours(state)
        return ours_.step, ours_.slot, len(ours_.projects), len(ours_.commands.deck)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return _view(_ours(state), seat)

    def outcome(self, state: State) -> dict[str, Any] | None:
        """``None`` while running; then ``{"scores": {seat: coins}, "ranking", "tiebreaks",
        "winner", "winners", "final": [{coins, resources, tiles, workers, shares, total}]}``. A tie
        for the most coins is a shared victory (railway-workers.txt, "Game end victory points")."""
        ours = _ours(state)
        if ours.step != "over":
            return None
        final = ours.final
        assert final is not None, "the end's rows are written when the game is over"
        ranking = sorted(range(len(final)), key=lambda s: (-final[s].total, s))
        best = final[ranking[0]].total
        winners = [ours.seats[s] for s in ranking if final[s].total == best]
        return {"scores": {s: final[s].total for s in ranking}, "ranking": ranking,
                "tiebreaks": ["a tie for the most coins is a shared victory"] if len(winners) > 1 else [],
                "winner": " and ".join(winners), "winners": winners, "final": msgspec.to_builtins(final)}


GAME = RailwayWorkers()
