"""Railways (Alban Viard's solo game) registered as a ``Game`` (DESIGN.md, "The engine contract").

One seat. Setup places four passenger dice; then each decade allows two actions paid with
icons from the hand, and the decade is recorded. Nothing is hidden from the player except
the order of the pool after a reshuffle (a draw from the random stream).
"""
from __future__ import annotations

import msgspec

from ...core.errors import IllegalAction
from ...core.game import Game
from ...core.steps import Hooks, Step
from . import prompts, queries, rules, search
from .actions import ACTIONS
from .options import Options
from .state import RailwaysState
from .view import view as _view

TRACKS = ("capital", "profit", "pollution", "workers")
HANDLERS = {"buy_link": rules.do_buy_link, "build": rules.do_build, "move": rules.do_move,
            "hire": rules.do_hire, "capital": rules.do_capital, "clean": rules.do_clean,
            "add_passenger": rules.do_add_passenger, "upgrade": rules.do_upgrade}


def _place(state, seat, action, rng, events) -> None:
    rules.do_place(state, action.at, action.passengers, events)


def _end_decade(state, seat, action, rng, events) -> None:
    if state["actions"] != 1:
        raise IllegalAction("Take your first action of the decade before ending it.")
    rules.record_decade(state, rng, events)


def _action(handler):
    """An action of the decade: its handler, the tracks' changes on its event, then what follows."""
    def play(state, seat, action, rng, events) -> None:
        before = {k: state[k] for k in TRACKS}
        handler(state, action, events)
        events[-1]["delta"] = {k: state[k] - v for k, v in before.items()}
        rules.after_action(state, rng, events)
    return play


HOOKS: Hooks[dict] = {"prompt": search.prompt, "legal": search.legal_actions, "sample": search.sample,
         "default": search.default}
"""Both steps' prompt, legal moves, random move and time-out move (``search``: each reads the phase)."""

STEPS = (
    Step("place", "place the four passenger dice", {"place": _place},
         active=lambda state: state["phase"] == "place", actors=lambda state: [0],
         refuse=lambda state, kind: "Place the four passenger dice first (one on a building of each map card).",
         **HOOKS),
    Step("actions", "take an action of the decade (or end it after the first)",
         {**{kind: _action(handler) for kind, handler in HANDLERS.items()}, "end_decade": _end_decade},
         active=lambda state: state["phase"] == "actions", actors=lambda state: [0],
         refuse=lambda state, kind: "The passenger dice are all placed." if kind == "place" else None,
         **HOOKS),
)
"""Setup places the passenger dice; then each decade takes two actions (railways-solo.txt)."""


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

    def _setup(self, options, seats, rng):
        return rules.setup(options, seats, rng)

    def _determinize(self, state, seat, rng):
        search.determinize(state, seat, rng)

    def reveals(self, before, after, action):
        """A refill drew from a pool whose order was hidden (after a reshuffle)."""
        return False

    def query(self, state, seat, name, args):
        """``build_spaces`` (see ``queries.py``): where a Building die is worth building."""
        return queries.query(state, name, args)

    def view(self, state, seat):
        return _view(state, seat)

    def outcome(self, state):
        """``None`` while running; at the end ``{"scores": {0: score}, "ranking": [0], "winner",
        "final": {...}}`` (``final``: score, profit, links, pollution, objective tests)."""
        if state["phase"] != "over":
            return None
        final = state["final"]
        return {"scores": {0: final["score"]}, "ranking": [0], "tiebreaks": [], "winner": state["seats"][0],
                "final": msgspec.to_builtins(final)}


GAME = Railways()
