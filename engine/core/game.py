"""The game contract every game implements (DESIGN.md, "The engine contract").

State is JSON-ready: a ``GameState`` (``record.py``: typed Structs, read by attribute) for a
game that declares its ``state_type``, else a plain ``dict`` (the tests' toy games). ``apply``
works on a copy (for a typed state, decoded from its JSON and so checked against the type on the
way), so a refused action (``IllegalAction``) leaves the caller's state untouched. The engine
keeps its own bookkeeping in the state's ``core``, a ``Core`` record (``core_of``; games never
touch it, views never show it):

- ``seq``: how many log entries (moves, undos and votes) the state includes;
- ``moves``: how many moves are in force; the random stream of the next move is keyed by it,
  so an undone and re-made move draws what it drew before;
- ``last``: ``{seat: index of that seat's last move in force}``;
- ``sealed``: index of the last move in force that drew at random or revealed something hidden
  (nothing up to it can be taken back without consent);
- ``stamps``: ``{seat: stamp}`` of each seat's prompt; a stamp changes only when that seat's
  prompt changes or that seat acts, never because another seat moved;
- ``vote``: an open undo vote (a ``Vote``: ``by``, ``to``, ``agreed``, ``stamp``) or ``None`` (see
  ``match.py``).
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar, TypeVar

import msgspec

from .actions import CORE_ACTIONS, Action, decode, explain, tag_of
from .errors import IllegalAction
from .prompts import Prompt as TypedPrompt
from .prompts import body, read
from .record import UNSET, Core, GameState
from .rng import Stream, rng_for
from .steps import Step, dispatch, seats_of, step_in_force

State = dict[str, Any] | GameState
S = TypeVar("S", bound=State)
Event = dict[str, Any]
Prompt = dict[str, Any]

_encoder = msgspec.json.Encoder(order="sorted")       # dict keys and Struct fields alike
CORE_TYPES = tuple(tag_of(c) for c in CORE_ACTIONS)


def canonical(obj: Any) -> bytes:
    """Serialize a state (or view) deterministically: same content, same bytes."""
    return _encoder.encode(obj)


def clone(state: S) -> S:
    """Deep copy of a JSON-ready state (of the same type: a typed state stays typed)."""
    if isinstance(state, GameState):
        return msgspec.json.decode(_encoder.encode(state), type=type(state))
    return msgspec.json.decode(_encoder.encode(state))


def rules_state(state: State) -> dict[str, Any]:
    """The state without the engine's bookkeeping, as a dict of its top-level fields by their JSON
    names (a field left ``UNSET`` absent): what the rules alone decide."""
    if isinstance(state, GameState):
        cls = type(state)
        return {name: value for name, attr in zip(cls.__struct_encode_fields__, cls.__struct_fields__, strict=True)
                if name != "core" and (value := getattr(state, attr)) is not UNSET}
    return {k: v for k, v in state.items() if k != "core"}


def core_of(state: State) -> Core:
    """The engine's bookkeeping of ``state`` (its seq, moves, last moves, seal, stamps and vote): a
    typed state's own ``core`` record, changed in place; for a plain-dict state (a game without a
    ``state_type``) a ``Core`` read from its ``"core"`` object, which ``put_core`` writes back."""
    if isinstance(state, GameState):
        return state.core
    return msgspec.convert(state["core"], Core)


def put_core(state: State, core: Core) -> None:
    """Keep ``core`` (from ``core_of``, changed) in ``state``: nothing to do for a typed state, whose
    record was changed in place; a plain-dict state gets it back as JSON."""
    if not isinstance(state, GameState):
        state["core"] = msgspec.to_builtins(core)


def seed_of(state: State) -> int:
    """The seed of ``state``'s random stream (typed or plain-dict)."""
    return state.seed if isinstance(state, GameState) else state["seed"]


def events_for(events: list[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see: public ones (no ``"to"``) and those addressed to it.
    ``seat=None`` (the channel, a spectator) sees public events only."""
    return [e for e in events if "to" not in e or (seat is not None and seat in e["to"])]


class Game:
    """Base class of a registered game.

    Subclasses set ``id``, ``name``, ``rules_version``, ``options_type`` (a ``msgspec.Struct``),
    ``state_type`` (a ``GameState`` subclass; ``None`` keeps the state a plain dict),
    ``actions`` (a ``Union`` of ``Action`` structs tagged by ``type``), ``min_seats``/``max_seats``,
    declare their turn structure as ``steps`` (see ``steps.py``; the default ``_apply`` dispatches
    to them) or implement ``_apply`` themselves, and implement ``_setup``, ``_prompts``,
    ``_legal_actions``, ``view`` and ``outcome``; ``reveal_marks`` declares which moves reveal hidden
    things (draws at random are noticed by the engine).
    """

    id: ClassVar[str]
    name: ClassVar[str]
    rules_version: ClassVar[int] = 1
    options_type: ClassVar[type[msgspec.Struct]]
    state_type: ClassVar[type[GameState] | None] = None
    actions: ClassVar[Any]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    # Any: a class variable cannot name a subclass's state type (typing spec, ClassVar); each
    # game's steps are checked against its own rules' functions where they are built (Step[S]).
    steps: ClassVar[tuple[Step[Any], ...]] = ()
    # The union of the game's ``Prompt`` structs (``prompts.py``), which its steps' ``prompt``
    # hooks return and ``read_prompt`` reads back; ``None`` for a game whose prompts are dicts.
    prompt_types: ClassVar[Any] = None

    # ----------------------------------------------------------- options
    def options(self, raw: dict[str, Any] | None = None) -> msgspec.Struct:
        """Validate raw options (JSON object) into the typed schema, filling defaults.

        Raises ``IllegalAction`` naming the bad option.
        """
        if raw is not None and not isinstance(raw, dict):
            raise IllegalAction("Game options are a JSON object.")
        try:
            return msgspec.convert(raw or {}, self.options_type, strict=False)
        except msgspec.ValidationError as exc:
            raise IllegalAction(explain(exc, self.options_type, raw or {}, what="option")) from None

    # ------------------------------------------------------------ setup
    def setup(self, options: dict[str, Any] | msgspec.Struct | None, seats: list[str], seed: int) -> State:
        """Create the initial state for ``seats`` (display names, in seat order).

        Raises ``IllegalAction`` for a bad player count or bad options.
        """
        opts = self.options(msgspec.to_builtins(options) if isinstance(options, msgspec.Struct) else options)
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise IllegalAction(
                f"{self.name} needs {self.min_seats}-{self.max_seats} players; {len(seats)} "
                f"{'is' if len(seats) == 1 else 'are'} seated."
            )
        raw = self._setup(opts, list(seats), rng_for(seed, "setup"))
        # a game's setup writes its state as JSON (a dict); the engine adds its own keys, then reads it
        raw["game"] = self.id
        raw["seed"] = seed
        raw["core"] = {"seq": 0, "moves": 0, "last": {}, "sealed": -1, "stamps": {}, "vote": None}
        state = self.load_state(raw)
        restamp(self, state)
        return state

    def load_state(self, raw: dict[str, Any] | GameState) -> State:
        """``raw`` (a snapshot's JSON object, or a new state) as this game's ``state_type``; a
        plain dict for a game without one. Raises ``msgspec.ValidationError`` naming the path of
        a value that does not fit."""
        if self.state_type is None or isinstance(raw, self.state_type):
            return raw
        return msgspec.convert(raw, self.state_type)

    def decode(self, action: Any) -> Action:
        """The typed struct of a JSON action. Raises ``IllegalAction`` with a player's sentence."""
        return decode(self.actions, action)

    # ------------------------------------------------------------ apply
    def apply(self, state: State, seat: int, action: dict) -> tuple[State, list[Event]]:
        """Apply one move of ``seat``; returns the new state and its events.

        ``action`` is a JSON object with a ``type``. Each event is public, or private to the
        seats listed in its ``"to"`` (see ``events_for``). Raises ``IllegalAction`` when the
        move is refused; ``state`` is never modified. Undo and votes go through ``Match``.
        """
        act = self._admit(state, seat, action)
        new = clone(state)             # a typed state's copy is decoded from its JSON: checked on the way
        events, _ = self._play(new, seat, act, self.reveal_marks(state), self._prompts(state))
        return new, events

    def apply_owned(self, state: State, seat: int, action: dict,
                    prompts: list[Prompt] | None = None) -> tuple[list[Event], list[Prompt]]:
        """``apply`` on ``state`` itself, for a caller that owns it and keeps no copy: a replay of a
        stored log (``Match.replay``), where the copy ``apply`` makes of each state is most of a
        move's cost. Every check of ``apply`` is made, so a bad log is refused with the same
        ``IllegalAction``, but ``state`` may then be half-changed: the caller throws it away.
        ``prompts``: ``_prompts(state)`` when the caller has them (the last call's return), else
        ``None``. Returns the events and the new ``_prompts`` (unstamped)."""
        act = self._admit(state, seat, action)
        return self._play(state, seat, act, self.reveal_marks(state),
                          self._prompts(state) if prompts is None else prompts)

    def _admit(self, state: State, seat: int, action: dict) -> Action:
        """The refusals every move meets before the rules see it (the game is over, not a seat, an
        undo outside the match, an open vote), then the typed action. Raises ``IllegalAction``."""
        if self.outcome(state) is not None:
            raise IllegalAction("The game is over.")
        seats = seats_of(state)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
            raise IllegalAction("That seat is not in this game.")
        if isinstance(action, dict) and action.get("type") in CORE_TYPES:
            raise IllegalAction("Undo and undo votes are kept in the game's log: play them through the match.")
        if core_of(state).vote is not None:
            waiting = [seats[p["seat"]] for p in self.prompts(state)]
            raise IllegalAction(f"An undo vote is open: {', '.join(waiting)} must answer it first.")
        return self.decode(action)

    def _play(self, state: State, seat: int, act: Action, marks: Hashable,
              prompts: list[Prompt]) -> tuple[list[Event], list[Prompt]]:
        """Play an admitted ``act`` on ``state`` in place, then the engine's bookkeeping: the move
        counted, sealed when it drew at random or changed ``reveal_marks`` (``marks``: those before
        it), and the prompts stamped against those before it (``prompts``). Returns the events and
        the new ``_prompts``."""
        core = core_of(state)
        index, seq, kept = core.moves, core.seq, core.stamps
        events: list[Event] = []
        rng = rng_for(seed_of(state), index)
        self._apply(state, seat, act, rng, events)
        core = core_of(state)
        core.moves = index + 1
        core.seq = seq + 1
        core.last[str(seat)] = index
        if rng.used or self.reveal_marks(state) != marks:
            core.sealed = index
        put_core(state, core)
        return events, stamp_prompts(self, state, prompts, kept, acted=seat)

    # ----------------------------------------------------------- prompts
    def prompts(self, state: State) -> list[Prompt]:
        """Who may act now: ``[{"seat", "kind", "stamp", ...}]``, at most one per seat, several
        seats at once where the game allows it; empty when the game is over. While an undo vote
        is open, the prompts are the votes (kind ``"undo_vote"``)."""
        core = core_of(state)
        vote = core.vote
        if vote is not None:
            return [{"seat": s, "kind": "undo_vote", "by": vote.by, "stamp": vote.stamp}
                    for s in range(len(seats_of(state))) if s not in vote.agreed]
        stamps = core.stamps                # a search's trusted moves do not restamp: the seq stands in
        return [{**p, "stamp": stamps.get(str(p["seat"]), core.seq)} for p in self._prompts(state)]

    def read_prompt(self, prompt: Prompt) -> TypedPrompt | Prompt:
        """A prompt of ``prompts`` (its JSON, as stored) as the game's typed struct
        (``engine/core/prompts.py``): the UIs tell kinds apart by class. The dict itself for a
        game that declares no ``prompt_types``. Raises ``msgspec.ValidationError`` for a prompt the
        game does not declare."""
        return prompt if self.prompt_types is None else read(self.prompt_types, prompt)

    def actors(self, state: State) -> list[int]:
        """The seats that may act now (sorted): those asked in an open undo vote, else the actors of
        the step in force (from ``_prompts`` for a game without steps); ``[]`` when the game is over."""
        vote = core_of(state).vote
        if vote is not None:
            return [s for s in range(len(seats_of(state))) if s not in vote.agreed]
        if self.outcome(state) is not None:
            return []
        if self.steps:
            step = step_in_force(self.steps, state)
            return sorted(set(step.actors(state))) if step is not None else []
        return sorted({p["seat"] for p in self._prompts(state)})

    def legal_actions(self, state: State, seat: int) -> list[dict]:
        """Legal moves of ``seat`` now (finite, or a useful sample where unbounded)."""
        vote = core_of(state).vote
        if vote is not None:
            if seat in vote.agreed:
                return []
            return [{"type": "undo_vote", "agree": True}, {"type": "undo_vote", "agree": False}]
        return self._legal_actions(state, seat)

    # ------------------------------------------------------------ search
    def random_action(self, state: State, seat: int, rng: Stream) -> dict | None:
        """One legal action of ``seat`` drawn at random (``rng``: a ``Stream`` of the caller's, e.g.
        ``rng_for("ai:<seed>", n)``), or ``None`` when ``seat`` may not act. The step's ``sample``
        draws it without listing every action where the step declares one; otherwise one of
        ``legal_actions`` at random. Every kind the step allows can come out."""
        vote = core_of(state).vote
        if vote is not None:
            return None if seat in vote.agreed else {"type": "undo_vote", "agree": rng.below(2) == 0}
        if self.outcome(state) is not None:
            return None
        step = step_in_force(self.steps, state) if self.steps else None
        if step is not None and step.sample is not None:
            return step.sample(state, seat, rng) if seat in step.actors(state) else None
        acts = self.legal_actions(state, seat)
        return rng.choice(acts) if acts else None

    def determinize(self, state: State, seat: int | None, rng: Stream) -> State:
        """A full state that ``seat``'s view cannot tell from ``state`` (``seat=None``: the public
        view), for a search player who must not see others' secrets or the future: a copy with a
        new seed drawn from ``rng`` (so every later draw of the game's stream differs) and every
        hidden zone resampled by the game's ``_determinize`` consistently with what ``seat`` has
        seen (cards seen stay seen; a bag's counts stay right). ``state`` is not changed; the copy
        is for searching only (its moves would not replay from the game's log)."""
        new = clone(state)
        if isinstance(new, GameState):
            new.seed = rng.below(2**62)
        else:
            new["seed"] = rng.below(2**62)
        self._determinize(new, seat, rng)
        return new

    def apply_trusted(self, state: State, seat: int, action: dict | Action) -> list[Event]:
        """For a search player only, never for players' moves: play ``action`` (a JSON object or
        the game's action struct, normally from ``random_action`` or ``legal_actions``) of ``seat``
        on ``state`` itself: no copy, no check that the game runs or that no vote is open, no
        prompt stamps. Returns the events. The caller owns ``state``; a refused action
        (``IllegalAction``) may leave it half-changed."""
        act = action if isinstance(action, Action) else self.decode(action)
        events: list[Event] = []
        index = core_of(state).moves
        self._apply(state, seat, act, rng_for(seed_of(state), index), events)
        core = core_of(state)
        core.moves = index + 1
        core.seq = core.seq + 1
        core.last[str(seat)] = index
        put_core(state, core)
        return events

    # -------------------------------------------------------------- hooks
    def _setup(self, options: Any, seats: list[str], rng: Stream) -> dict[str, Any]:
        """The new state's JSON (a dict, read into the game's ``state_type`` by ``setup``), without
        the engine's ``game``, ``seed`` and ``core``."""
        raise NotImplementedError

    def _apply(self, state: State, seat: int, action: Action, rng: Stream, events: list[Event]) -> None:
        """Play one move on the working copy ``state``: by default the game's ``steps`` decide
        (``steps.dispatch``: the kind the step in force takes, the seats that may act, the handler).
        Raises ``IllegalAction``."""
        if not self.steps:
            raise NotImplementedError
        dispatch(self.steps, state, seat, action, rng, events)

    def _step_for(self, state: State, hook: str) -> Step[Any] | None:
        """The step in force when the game's steps declare ``hook`` (``prompt``, ``legal``,
        ``default``), else ``None``; raises ``NotImplementedError`` when they do not declare it."""
        if not self.steps or any(getattr(step, hook) is None for step in self.steps):
            raise NotImplementedError(f"{type(self).__name__}: declare `{hook}` on every step or override the hook")
        return step_in_force(self.steps, state)

    def _prompts(self, state: State) -> list[Prompt]:
        """``[{"seat": int, "kind": str, ...}]`` without stamps; equal dicts mean an unchanged prompt.
        By default each actor of the step in force, with the step's ``prompt``."""
        step = self._step_for(state, "prompt")
        if step is None or step.prompt is None or self.outcome(state) is not None:
            return []
        return [{"seat": s, **body(step.prompt(state, s))} for s in sorted(set(step.actors(state)))]

    def _legal_actions(self, state: State, seat: int) -> list[dict]:
        """By default the step in force's ``legal`` for an actor, ``[]`` for any other seat."""
        step = self._step_for(state, "legal")
        if step is None or step.legal is None or self.outcome(state) is not None or seat not in step.actors(state):
            return []
        return step.legal(state, seat)

    def _determinize(self, state: State, seat: int | None, rng: Stream) -> None:
        """Resample, in place, every zone ``seat`` cannot see (deck orders, a bag's order, others'
        hands and face-down cards) from ``rng``, keeping what ``seat`` has seen and every count.
        By default nothing: a game whose only hidden thing is its random stream."""

    def timeout_action(self, state: State, seat: int) -> dict | None:
        """The move the table makes for ``seat`` when the other players vote to skip its move
        after a time limit, or after they removed it (a pass); ``None`` if the game has none.
        By default the step in force's ``default`` for an actor, where the steps declare one."""
        if not self.steps or any(step.default is None for step in self.steps):
            return None
        step = step_in_force(self.steps, state)
        if step is None or step.default is None or seat not in step.actors(state):
            return None
        return step.default(state, seat)

    def reveal_marks(self, state: State) -> Hashable:
        """The public signs that something hidden was turned over (the size of a face-down deck,
        the game having ended): a move whose marks before and after differ revealed something, so
        it cannot be taken back alone (``Match``). Draws from the random stream are noticed by the
        engine without this hook. By default nothing: a game that reveals only by drawing."""
        return None

    def reveals(self, before: State, after: State, action: Action | dict | None = None) -> bool:
        """Whether the move from ``before`` to ``after`` revealed something hidden (their
        ``reveal_marks`` differ)."""
        return self.reveal_marks(before) != self.reveal_marks(after)

    def query(self, state: State, seat: int | None, name: str, args: dict[str, Any]) -> Any:
        """Answer a question that helps a player phrase a move (e.g. the cheapest link between two
        cities), JSON-ready, using only what ``seat`` may see. Raises ``IllegalAction``."""
        raise IllegalAction(f"{self.name} has no question {name!r}.")

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may see, JSON-ready; ``None`` is the public view."""
        raise NotImplementedError

    def outcome(self, state: State) -> dict[str, Any] | None:
        """``None`` while running; else ``{"scores", "ranking", "tiebreaks", ...}``."""
        raise NotImplementedError


def restamp(game: Game, state: State, before: State | None = None, acted: int | None = None) -> None:
    """Stamp the prompts of ``state`` (``stamp_prompts``) against those of ``before``, the state
    before ``acted``'s move; ``before=None`` (a new or rebuilt state): every prompt afresh."""
    if before is None:
        stamp_prompts(game, state, [], {})
    else:
        stamp_prompts(game, state, game._prompts(before), core_of(before).stamps, acted)


def stamp_prompts(game: Game, state: State, before: list[Prompt], kept: dict[str, int],
                  acted: int | None = None) -> list[Prompt]:
    """Stamp the prompts of ``state`` after a move of ``acted``: a seat keeps its stamp (``kept``:
    the stamps before the move) when its prompt is unchanged since ``before`` (the ``_prompts``
    before the move) and it did not act; otherwise its prompt gets the new ``seq`` as its stamp.
    Returns ``_prompts(state)``."""
    core = core_of(state)
    old = {p["seat"]: p for p in before}
    now = game._prompts(state)
    stamps = {}
    for p in now:
        key = str(p["seat"])
        same = p["seat"] != acted and old.get(p["seat"]) == p and key in kept
        stamps[key] = kept[key] if same else core.seq
    core.stamps = stamps
    put_core(state, core)
    return now
