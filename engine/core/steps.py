"""The turn structure a game declares: its steps, and the one dispatcher that runs them.

In the spirit of 18xx.games' steps and boardgame.io's phases: a game lists its ``Step``\\ s in
order; the first one whose ``active(state)`` holds is the step in force. A step names what is done
now (``doing``), which action kinds it takes (each with its handler) and which seats may act
(``actors``: one seat, several at once, or the seat a pending question is for). ``dispatch``
refuses an action kind the step does not take, then a seat that may not act, then calls the
handler, so "it is not your turn" is worded once, here, for every game.

A step is declared like this::

    Step("auction", "bid or pass in the first-player auction",
         takes={"bid": do_bid, "pass": do_pass},
         active=lambda state: state.phase == "auction",
         actors=lambda state: [bidder(state)])

A handler is ``handler(state, seat, action, rng, events) -> None``; it changes ``state`` (a
working copy: ``Game.apply`` throws it away when the handler raises ``IllegalAction``).

A step may also say, once, everything else a table and a search player ask about it; where a
game's steps all do, ``Game`` derives its prompts, legal actions, random actions and time-out
moves from them (``Game._prompts`` and the rest), and the game writes none of those again:

- ``prompt(state, seat) -> Prompt``: the prompt of a seat that may act, the game's struct of that
  kind (``engine/core/prompts.py``; a dict ``{"kind": ..., payload}`` in a game not yet typed),
  without ``seat`` and ``stamp``, which the core adds;
- ``legal(state, seat) -> list[dict]``: that seat's legal actions (finite, or a documented sample
  where unbounded, as ``Game.legal_actions`` says);
- ``sample(state, seat, rng) -> dict | None``: one legal action drawn without listing them all
  (``rng`` a ``Stream``), ``None`` when that seat has none; by default one of ``legal`` at random;
- ``default(state, seat) -> dict | None``: the move the table makes for that seat after a time
  limit or when it was removed (``Game.timeout_action``); by default none.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypedDict, TypeVar

from .actions import Action, kind_of
from .errors import IllegalAction
from .prompts import Prompt
from .record import GameState
from .rng import Stream

Seated = dict[str, Any] | GameState
"""Any game's state, typed (a ``GameState``) or a plain dict (the tests' toy games): the core reads
its seated names (``seats_of``)."""


def seats_of(state: Seated) -> list[str]:
    """The seated display names of ``state``, in seat order (a typed state's ``seats``, a plain-dict
    state's ``"seats"``)."""
    return state.seats if isinstance(state, GameState) else state["seats"]


S = TypeVar("S", bound=Seated)
"""The state type a game's step functions take (``dict`` while a game's rules read it as one, the
game's ``GameState`` subclass once they read it by attribute): one step's functions agree on it."""

Handler = Callable[[S, int, Action, Stream, list], None]
"""``handler(state, seat, action, rng, events)``: play one move of the step."""


@dataclass(frozen=True)
class Step(Generic[S]):
    """One step of a game's turn structure.

    - ``name``: a short identifier (``"auction"``, ``"build"``);
    - ``doing``: what is done now, for a player ("bid or pass in the first-player auction");
      the refusal of a wrong kind reads "Now is the time to <doing>: `bid`, `pass`.";
    - ``takes``: ``{action kind: handler}``, the kinds this step takes, in the order they are named;
    - ``active(state) -> bool``: whether this step is in force (the first active step of a game's
      list is the one in force);
    - ``actors(state) -> seats``: the seats that may act now (one, several at once, or the seat
      a pending question is for);
    - ``refuse(state, kind) -> str | None``: optional, the game's own sentence refusing ``kind`` in
      this step where it says more than the core's; ``None`` falls back to the core's;
    - ``prompt``, ``legal``, ``sample``, ``default``: see the module docstring.
    """

    name: str
    doing: str
    takes: Mapping[str, Handler[S]]
    active: Callable[[S], bool]
    actors: Callable[[S], Iterable[int]]
    refuse: Callable[[S, str], str | None] | None = field(default=None)
    prompt: Callable[[S, int], Prompt | dict] | None = field(default=None)
    legal: Callable[[S, int], list[dict]] | None = field(default=None)
    sample: Callable[[S, int, Stream], dict | None] | None = field(default=None)
    default: Callable[[S, int], dict | None] | None = field(default=None)

    def kinds(self) -> list[str]:
        """The action kinds this step takes, e.g. ``["bid", "pass"]``."""
        return list(self.takes)


class Hooks(TypedDict, Generic[S], total=False):
    """A step's ``prompt``, ``legal``, ``sample`` and ``default`` said once for several steps that
    share them: ``Step(..., **hooks)``."""

    prompt: Callable[[S, int], Prompt | dict]
    legal: Callable[[S, int], list[dict]]
    sample: Callable[[S, int, Stream], dict | None]
    default: Callable[[S, int], dict | None]


def step_in_force(steps: Sequence[Step[S]], state: S) -> Step[S] | None:
    """The step in force (the first of ``steps`` whose ``active(state)`` holds), or ``None``."""
    for step in steps:
        if step.active(state):
            return step
    return None


def active_step(steps: Sequence[Step[S]], state: S) -> Step[S]:
    """The step in force: the first of ``steps`` whose ``active(state)`` holds.

    Raises ``IllegalAction`` ("Nothing can be played now.") when none is."""
    for step in steps:
        if step.active(state):
            return step
    raise IllegalAction("Nothing can be played now.")


def by_kind(acts: list[dict], rng: Stream) -> dict | None:
    """One of ``acts`` (JSON actions) drawn at random: a kind (``type``) uniformly among the kinds
    present, in the order they first appear, then one action of that kind uniformly; ``None`` for
    no actions. Two draws of ``rng`` (``Stream.below``)."""
    if not acts:
        return None
    kinds: dict[str, list[dict]] = {}
    for act in acts:
        kinds.setdefault(act["type"], []).append(act)
    return rng.choice(rng.choice(list(kinds.values())))


def sample_by_kind(legal: Callable[[S, int], list[dict]]) -> Callable[[S, int, Stream], dict | None]:
    """A step's ``sample`` where its ``legal`` list is short (an auction's bids, a choice of tiles):
    ``by_kind`` over that list, so a kind with many moves (ten bids) is drawn no more often than one
    with a single move (a pass)."""
    return lambda state, seat, rng: by_kind(legal(state, seat), rng)


def always(action: dict) -> Callable[[Any, int], dict]:
    """A step's ``default`` that is always ``action`` (a copy each time), e.g. ``always({"type": "pass"})``."""
    return lambda state, seat: dict(action)


def names(state: Seated, seats: Iterable[int]) -> str:
    """``"Ann"``, ``"Ann or Bob"``, ``"Ann, Bob or Cid"``: the display names of ``seats``."""
    shown = [seats_of(state)[s] for s in seats]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def not_your_turn(state: Seated, actors: Sequence[int]) -> str:
    """The one refusal of a seat that may not act now: "It is not your turn: Ann is to act." or
    "It is not your turn: Ann or Bob are to act."."""
    if not actors:
        return "It is not your turn: nobody is to act now."
    return f"It is not your turn: {names(state, actors)} {'is' if len(actors) == 1 else 'are'} to act."


def wrong_kind(step: Step[S], state: S, kind: str) -> str:
    """The refusal of an action kind ``step`` does not take: the step's own sentence if it has one
    for ``kind``, else "Now is the time to <doing>: `a`, `b`."."""
    own = step.refuse(state, kind) if step.refuse is not None else None
    if own:
        return own
    return f"Now is the time to {step.doing}: " + ", ".join(f"`{k}`" for k in step.takes) + "."


def actors_of(steps: Sequence[Step[S]], state: S) -> list[int]:
    """The seats that may act in the step in force (sorted, no repeats); ``[]`` when none is."""
    for step in steps:
        if step.active(state):
            return sorted(set(step.actors(state)))
    return []


def dispatch(steps: Sequence[Step[S]], state: S, seat: int, action: Action, rng: Stream, events: list) -> Step[S]:
    """Play ``action`` of ``seat`` in the step in force of ``steps``; returns that step.

    Raises ``IllegalAction``: no step in force; a kind the step does not take (``wrong_kind``); a
    seat that may not act (``not_your_turn``); or whatever the handler refuses. The refusals of
    this function happen before ``state`` is touched."""
    step = active_step(steps, state)
    kind = kind_of(action)
    handler = step.takes.get(kind)
    if handler is None:
        raise IllegalAction(wrong_kind(step, state, kind))
    actors = sorted(set(step.actors(state)))
    if seat not in actors:
        raise IllegalAction(not_your_turn(state, actors))
    handler(state, seat, action, rng, events)
    return step


__all__ = ["Handler", "Hooks", "Step", "active_step", "actors_of", "always", "by_kind", "dispatch", "kind_of", "names",
           "not_your_turn", "sample_by_kind", "seats_of", "step_in_force", "wrong_kind"]
