"""The game contract every game implements (DESIGN.md, "The engine contract").

State is a JSON-ready ``dict``. ``apply`` works on a copy, so a refused action
(``IllegalAction``) leaves the caller's state untouched. Every state carries
``n``: the number of actions applied so far, which is also the *state number*
buttons are stamped with.
"""
from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from .errors import IllegalAction
from .rng import rng_for

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]

_encoder = msgspec.json.Encoder(order="deterministic")


def canonical(obj: Any) -> bytes:
    """Serialize a state (or view) deterministically: same content, same bytes."""
    return _encoder.encode(obj)


def clone(state: State) -> State:
    """Deep copy of a JSON-ready state."""
    return msgspec.json.decode(_encoder.encode(state))


class Game:
    """Base class of a registered game.

    Subclasses set ``id``, ``name``, ``rules_version``, ``options_type`` (a
    ``msgspec.Struct``), ``min_seats``/``max_seats`` and implement the
    ``_setup``/``_apply``/``prompts``/``legal_actions``/``view``/``outcome`` hooks.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    rules_version: ClassVar[int] = 1
    options_type: ClassVar[type[msgspec.Struct]]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]

    # ----------------------------------------------------------- options
    def options(self, raw: dict[str, Any] | None = None) -> msgspec.Struct:
        """Validate raw options (JSON object) into the typed schema, filling defaults.

        Raises ``IllegalAction`` naming the bad option.
        """
        try:
            return msgspec.convert(raw or {}, self.options_type, strict=False)
        except msgspec.ValidationError as exc:
            raise IllegalAction(f"Bad game option: {exc}") from None

    # ------------------------------------------------------------ setup
    def setup(self, options: dict[str, Any] | msgspec.Struct | None, seats: list[str], seed: int) -> State:
        """Create the initial state for ``seats`` (display names, in seat order).

        Raises ``IllegalAction`` for a bad player count or bad options.
        """
        opts = options if isinstance(options, msgspec.Struct) else self.options(options)
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise IllegalAction(
                f"{self.name} needs {self.min_seats}-{self.max_seats} players; {len(seats)} are seated."
            )
        state = self._setup(opts, list(seats), seed, rng_for(seed, "setup"))
        state["game"] = self.id
        state["seed"] = seed
        state["n"] = 0
        return state

    # ------------------------------------------------------------ apply
    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """Apply one action of ``seat``; returns the new state and public events.

        ``action`` is a JSON object with a ``type``. Raises ``IllegalAction`` when
        the action is refused; ``state`` is never modified.
        """
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction('An action is a JSON object with a "type".')
        if self.outcome(state) is not None:
            raise IllegalAction("The game is over.")
        if not isinstance(seat, int) or not 0 <= seat < len(state["seats"]):
            raise IllegalAction("That seat is not in this game.")
        new = clone(state)
        events: list[Event] = []
        self._apply(new, seat, action, rng_for(state["seed"], state["n"]), events)
        new["n"] = state["n"] + 1
        return new, events

    # -------------------------------------------------------------- hooks
    def _setup(self, options: Any, seats: list[str], seed: int, rng: Any) -> State:
        raise NotImplementedError

    def _apply(self, state: State, seat: int, action: Action, rng: Any, events: list[Event]) -> None:
        raise NotImplementedError

    def prompts(self, state: State) -> list[dict[str, Any]]:
        """Who may act now: ``[{"seat": int, "kind": str, "state": n}]``; empty when over."""
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Legal actions of ``seat`` now (finite, or a useful sample where unbounded)."""
        raise NotImplementedError

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may see, JSON-ready; ``None`` is the public view."""
        raise NotImplementedError

    def outcome(self, state: State) -> dict[str, Any] | None:
        """``None`` while running; else ``{"scores", "ranking", "tiebreaks"}``."""
        raise NotImplementedError


def replay(game: Game, options: Any, seats: list[str], seed: int, log: list[tuple[int, Action]]) -> State:
    """Rebuild a state from its source of truth: setup, then every ``(seat, action)`` of the log."""
    state = game.setup(options, seats, seed)
    for seat, action in log:
        state, _ = game.apply(state, seat, action)
    return state
