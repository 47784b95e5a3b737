"""Railway Workers registered as a ``Game`` (DESIGN.md, "The engine contract").

2-4 players. Each action phase everyone places four action cards face down at once (secret),
rolls dice in common view, assigns them behind a screen (secret), then the cards are revealed
one place at a time and resolved in order of Sum. Questions that interrupt (a completed table's
reward, a train's city or way, a bonus) are answered before play goes on.
"""
from __future__ import annotations

import msgspec

from ...core.game import Game
from ...core.steps import Hooks, Step
from . import flow, halves, pending, search
from .actions import ACTIONS
from .options import Options
from .prompts import PROMPTS
from .state import WorkersState
from .view import view as _view

TURN_HANDLERS = search.TURN_HANDLERS


def _choose(state, seat, action, rng, events) -> None:
    pending.answer(state, seat, action.option, events)


def _place(state, seat, action, rng, events) -> None:
    flow.do_place(state, seat, action, events)
    if action.ready:
        flow.do_ready(state, seat, rng, events)


def _ready(state, seat, action, rng, events) -> None:
    flow.do_ready(state, seat, rng, events)


def _low_roll(state, seat, action, rng, events) -> None:
    flow.do_low_roll(state, seat, action, rng, events)


def _reroll(state, seat, action, rng, events) -> None:
    flow.do_reroll(state, seat, action, rng, events)


def _assign(state, seat, action, rng, events) -> None:
    flow.do_assign(state, seat, action, events)
    if action.ready:
        flow.do_ready(state, seat, rng, events)


def _plus(state, seat, action, rng, events) -> None:
    flow.do_plus(state, seat, action, events)


def _pass(state, seat, action, rng, events) -> None:
    halves.do_pass(state, seat, events)


def _end(state, seat, action, rng, events) -> None:
    halves.do_end(state, seat, events)


def _turn_action(handler):
    def play(state, seat, action, rng, events) -> None:
        handler(state, seat, action, events)
    return play


def _waiting(state, kind: str) -> str:
    q = state["pending"][0]           # the question step is in force: a question is pending
    return (f"Waiting for {state['seats'][pending.who(state, q)]} to answer: {q['kind']} "
            f"({' or '.join(pending.options(state, q))}).")


def _no_question(state, kind: str) -> str | None:
    return "There is no question for you now." if kind == "choose" else None


def _in(step: str):
    return lambda state: state["step"] == step


def _seats(flag: str, value: bool):
    """The seats whose ``flag`` is ``value`` (e.g. not yet ready)."""
    return lambda state: [s for s, p in enumerate(state["players"]) if bool(p[flag]) == value]


def _legal(state, seat) -> list[dict]:
    return search.legal_actions(GAME, state, seat)


HOOKS: Hooks[dict] = {"prompt": search.prompt, "legal": _legal, "sample": search.sample, "default": search.default}
"""Every step's prompt, legal moves, random move and time-out move (``search``: each reads the
step from the state)."""

STEPS = (
    Step("question", "answer the question", {"choose": _choose}, active=lambda state: bool(state["pending"]),
         actors=lambda state: [pending.who(state, state["pending"][0])], refuse=_waiting, **HOOKS),
    Step("place", "place your four action cards face down", {"place": _place, "ready": _ready},
         active=_in("place"), actors=_seats("ready", False), refuse=_no_question, **HOOKS),
    Step("low", "keep or reroll three dice summing 4 or less", {"low_roll": _low_roll},
         active=_in("low"), actors=_seats("low_done", False), refuse=_no_question, **HOOKS),
    Step("tokens", "use reroll tokens", {"reroll": _reroll},
         active=_in("tokens"), actors=_seats("rerolling", True), refuse=_no_question, **HOOKS),
    Step("assign", "assign your dice behind the screen", {"assign": _assign, "plus": _plus, "ready": _ready},
         active=_in("assign"), actors=_seats("ready", False), refuse=_no_question, **HOOKS),
    Step("play", "play your turn (an action of your card, a command), pass or end it",
         {**{kind: _turn_action(handler) for kind, handler in TURN_HANDLERS.items()}, "pass": _pass, "end": _end},
         active=_in("play"), actors=lambda state: [state["turn"]["seat"]] if state["turn"] else [],
         refuse=_no_question, **HOOKS),
)
"""Questions that interrupt come first, whoever they are for; then the steps of an action phase
(railway-workers.txt, "Round phases - steps"): cards and dice at once, then turn by turn."""


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

    def _setup(self, options, seats, rng):
        return flow.setup(options, seats, rng)

    def _apply(self, state, seat, action, rng, events):
        """The step in force plays the move (``STEPS``); then questions with one answer are
        answered and play carries on (a finished turn ends, the payments run)."""
        super()._apply(state, seat, action, rng, events)
        pending.auto(state, events)
        flow.advance(state, rng, events)

    def _determinize(self, state, seat, rng):
        search.determinize(state, seat, rng)

    def reveals(self, before, after, action):
        """Placed cards and dice are revealed when a step or a place changes; a project or the
        command deck reveals its next card."""
        return (before["step"] != after["step"] or before["slot"] != after["slot"]
                or len(before["projects"]) != len(after["projects"])
                or len(before["commands"]["deck"]) != len(after["commands"]["deck"]))

    def view(self, state, seat):
        return _view(state, seat)

    def outcome(self, state):
        """``None`` while running; then ``{"scores": {seat: coins}, "ranking", "tiebreaks",
        "winner", "winners", "final": [{coins, resources, tiles, workers, shares, total}]}``. A tie
        for the most coins is a shared victory (railway-workers.txt, "Game end victory points")."""
        if state["step"] != "over":
            return None
        final = state["final"]
        ranking = sorted(range(len(final)), key=lambda s: (-final[s]["total"], s))
        best = final[ranking[0]]["total"]
        winners = [state["seats"][s] for s in ranking if final[s]["total"] == best]
        return {"scores": {s: final[s]["total"] for s in ranking}, "ranking": ranking,
                "tiebreaks": ["a tie for the most coins is a shared victory"] if len(winners) > 1 else [],
                "winner": " and ".join(winners), "winners": winners, "final": msgspec.to_builtins(final)}


GAME = RailwayWorkers()
