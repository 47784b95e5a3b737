"""Railways (Alban Viard's solo game) registered as a ``Game`` (DESIGN.md, "The engine contract").

One seat. Setup places four passenger dice; then each decade allows two actions paid with
icons from the hand, and the decade is recorded. Nothing is hidden from the player except
the order of the pool after a reshuffle (a draw from the random stream).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

from ...core.actions import Action
from ...core.errors import IllegalAction
from ...core.game import Game, State
from ...core.rng import Stream
from ...core.steps import Handler, Hooks, Step
from . import actions, prompts, queries, rules, search
from .actions import ACTIONS
from .options import Options
from .state import RailwaysState
from .view import view as _view

A = TypeVar("A", bound=Action)


def _place(state: RailwaysState, seat: int, action: Action, rng: Stream, events: list) -> None:
    assert isinstance(action, actions.Place), "the step hands `place` its own action"
    rules.do_place(state, action.at, action.passengers, events)


def _end_decade(state: RailwaysState, seat: int, action: Action, rng: Stream, events: list) -> None:
    if state.actions != 1:
        raise IllegalAction("Take your first action of the decade before ending it.")
    rules.record_decade(state, rng, events)


def _action(kind: type[A], handler: Callable[[RailwaysState, A, list], None]) -> Handler[RailwaysState]:
    """An action of the decade, of struct ``kind``: its handler, the tracks' changes on its event,
    then what follows."""
    def play(state: RailwaysState, seat: int, action: Action, rng: Stream, events: list) -> None:
        assert isinstance(action, kind), "the step hands each kind of action its own handler"
        before = rules.tracks(state)
        handler(state, action, events)
        events[-1]["delta"] = {k: v - before[k] for k, v in rules.tracks(state).items()}
        rules.after_action(state, rng, events)
    return play


HANDLERS: dict[str, Handler[RailwaysState]] = {
    "buy_link": _action(actions.BuyLink, rules.do_buy_link), "build": _action(actions.Build, rules.do_build),
    "move": _action(actions.Move, rules.do_move), "hire": _action(actions.Hire, rules.do_hire),
    "capital": _action(actions.Capital, rules.do_capital), "clean": _action(actions.Clean, rules.do_clean),
    "add_passenger": _action(actions.AddPassenger, rules.do_add_passenger),
    "upgrade": _action(actions.Upgrade, rules.do_upgrade)}
"""The eight actions of a decade (railways-solo.txt, "Playing the game"), by kind."""

HOOKS: Hooks[RailwaysState] = {"prompt": search.prompt, "legal": search.legal_actions, "sample": search.sample,
                               "default": search.default}
"""Both steps' prompt, legal moves, random move and time-out move (``search``: each reads the phase)."""

STEPS: tuple[Step[RailwaysState], ...] = (
    Step("place", "place the four passenger dice", {"place": _place},
         active=lambda state: state.phase == "place", actors=lambda state: [0],
         refuse=lambda state, kind: "Place the four passenger dice first (one on a building of each map card).",
         **HOOKS),
    Step("actions", "take an action of the decade (or end it after the first)",
         {**HANDLERS, "end_decade": _end_decade},
         active=lambda state: state.phase == "actions", actors=lambda state: [0],
         refuse=lambda state, kind: "The passenger dice are all placed." if kind == "place" else None,
         **HOOKS),
)
"""Setup places the passenger dice; then each decade takes two actions (railways-solo.txt)."""


def _ours(state: State) -> RailwaysState:
    """``state`` as Railways' state type: the core loads every state of this game as one
    (``Game.load_state``)."""
    assert isinstance(state, RailwaysState), "the core hands Railways only its RailwaysState"
    return state


class Railways(Game):
    id = "railways"
    name = "Railways (solo)"
    rules_version = 1
    options_type = Options
    state_type = RailwaysState
    actions = ACTIONS
    min_seats = 1
    max_seats = 1
    steps = STEPS
    prompt_types = prompts.PROMPTS

    def _setup(self, options: Any, seats: list[str], rng: Stream) -> dict[str, Any]:
        assert isinstance(options, Options), "the core validates the options into options_type"
        return rules.setup(options, seats, rng)

    def _determinize(self, state: State, seat: int | None, rng: Stream) -> None:
        search.determinize(_ours(state), seat, rng)

    def query(self, state: State, seat: int | None, name: str, args: dict[str, Any]) -> Any:
        """``build_spaces`` (see ``queries.py``): where a Building die is worth building."""
        return queries.query(_ours(state), name, args)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return _view(_ours(state), seat)

    def outcome(self, state: State) -> dict[str, Any] | None:
        """``None`` while running; at the end ``{"scores": {0: score}, "ranking": [0], "winner",
        "final": {...}}`` (``final``: score, profit, links, pollution, objective tests)."""
        ours = _ours(state)
        if ours.phase != "over":
            return None
        final = ours.final
        assert final is not None, "the end's record is written when the game is over (rules.record_decade)"
        return {"scores": {0: final.score}, "ranking": [0], "tiebreaks": [], "winner": ours.seats[0],
                "final": msgspec.to_builtins(final)}


GAME = Railways()
