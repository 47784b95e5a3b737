"""A match: a game's source of truth (setup and the whole log) with its state as a cache.

DESIGN.md, "The engine contract" and "Turns, undo, timing". The log holds every entry ever
made, undos and votes included (18xx.games' ``filtered_actions`` is the model):

- ``{"type": "undo"}``: a seat takes back its last move in force and every move after it. It
  takes effect at once when that move is the last one in force and nothing was drawn or
  revealed by it; otherwise it opens a vote and every other seated player must agree.
- ``{"type": "undo_vote", "agree": true|false}``: an answer; one refusal closes the vote.

The entry that makes an undo take effect is logged with ``"to"``: the number of moves that stay
in force. So which moves are in force is a pure function of the log (``in_force``), and replaying
a log with undos gives the same rules state as the log without the undone moves.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import msgspec

from .actions import Undo, UndoVote, decode
from .errors import IllegalAction
from .game import Event, Game, State, clone, core_of, events_for, put_core, restamp
from .record import Core, GameState, Vote

Entry = tuple[int, dict]
_UNDO = Undo | UndoVote


def in_force(log: list[Entry]) -> list[int]:
    """Indices in ``log`` of the moves in force (not undone), in order."""
    kept: list[int] = []
    for i, (_, action) in enumerate(log):
        if action.get("type") in ("undo", "undo_vote"):
            if "to" in action:
                del kept[action["to"]:]
        else:
            kept.append(i)
    return kept


@dataclass(frozen=True)
class Match:
    """``(game, options, seats, seed, log)`` and the state they give. ``play`` returns a new match."""

    game: Game
    options: Any
    seats: list[str]
    seed: int
    log: list[Entry] = field(default_factory=list)
    state: State = field(default_factory=dict)
    _reads: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """What was read of ``state`` (prompts, outcome, each seat's view), kept: a match never changes,
    so a move costs one ``apply`` and each read once however many parts of the table ask."""

    @classmethod
    def start(cls, game: Game, options: Any, seats: list[str], seed: int) -> Match:
        """A new match. Raises ``IllegalAction`` for bad options or player counts."""
        return cls(game, options, list(seats), seed, [], game.setup(options, seats, seed))

    @classmethod
    def replay(cls, game: Game, options: Any, seats: list[str], seed: int, log: list[Entry]) -> Match:
        """Rebuild from setup and every entry of ``log``; raises ``IllegalAction`` for a bad log.

        Moves are played on one working state (``Game.apply_owned``: every check of ``apply``, no
        copy per move); an undo or a vote goes through ``play``. The result is checked against
        the game's state type once, at the end (``clone``), as ``apply`` checks each copy."""
        state = game.setup(options, seats, seed)
        done: list[Entry] = []
        prompts = None
        for seat, action in log:
            if isinstance(action, dict) and action.get("type") in ("undo", "undo_vote"):
                match, _ = cls(game, options, list(seats), seed, done, state).play(seat, action)
                state, done, prompts = match.state, match.log, None
                continue
            _, prompts = game.apply_owned(state, seat, action, prompts)
            done.append((seat, action))
        return cls(game, options, list(seats), seed, done, clone(state))

    @classmethod
    def restore(cls, game: Game, options: Any, seats: list[str], seed: int, log: list[Entry],
                state: State | None) -> Match:
        """From a snapshot ``state`` (its JSON object) when it includes exactly ``log`` and fits the
        game's state type; otherwise (stale, or saved in another shape) by replay."""
        seq = state.core.seq if isinstance(state, GameState) else (state or {}).get("core", {}).get("seq")
        if state is not None and seq == len(log):
            try:
                return cls(game, options, list(seats), seed, list(log), game.load_state(state))
            except msgspec.ValidationError:
                pass
        return cls.replay(game, options, seats, seed, log)

    # ------------------------------------------------------------ reading
    @property
    def core(self) -> Core:
        """The engine's bookkeeping of the state (``game.core_of``: its ``seq``, ``moves``, ``last``
        moves, ``sealed``, prompt ``stamps`` and open undo ``vote``); read it, never change it."""
        if "core" not in self._reads:
            self._reads["core"] = core_of(self.state)
        return self._reads["core"]

    # Each read is made once per match and kept (``_reads``): callers share what they get and
    # must not change it (a view, a prompt list), as they must not change ``state``.
    def prompts(self) -> list[dict]:
        """The game's prompts now (``Game.prompts``), read once."""
        if "prompts" not in self._reads:
            self._reads["prompts"] = self.game.prompts(self.state)
        return self._reads["prompts"]

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: the public view), read once per seat."""
        key = ("view", seat)
        if key not in self._reads:
            self._reads[key] = self.game.view(self.state, seat)
        return self._reads[key]

    def outcome(self) -> dict | None:
        """The final result, or ``None`` while the game goes on; read once."""
        if "outcome" not in self._reads:
            self._reads["outcome"] = self.game.outcome(self.state)
        return self._reads["outcome"]

    def legal_actions(self, seat: int) -> list[dict]:
        """The game's legal moves of ``seat``, plus ``undo`` when it has a move to take back."""
        acts = self.game.legal_actions(self.state, seat)
        if self.undo_target(seat) is not None:
            acts = acts + [{"type": "undo"}]
        return acts

    def undo_target(self, seat: int) -> int | None:
        """How many moves stay in force if ``seat`` takes back its last move; ``None`` if it can't."""
        core = self.core
        if core.vote is not None or self.outcome() is not None:
            return None
        return core.last.get(str(seat))

    def undo_alone(self, seat: int) -> bool:
        """Whether ``seat``'s undo needs nobody's consent (see the module docstring)."""
        core = self.core
        target = self.undo_target(seat)
        if target is None:
            return False
        return len(self.seats) == 1 or (target == core.moves - 1 and core.sealed < target)

    # ------------------------------------------------------------ playing
    def play(self, seat: int, action: dict) -> tuple[Match, list[Event]]:
        """Add one log entry for ``seat``: a move, an undo or a vote.

        Returns the new match and the events. Raises ``IllegalAction``; ``self`` never changes.
        """
        kind = action.get("type") if isinstance(action, dict) else None
        if kind not in ("undo", "undo_vote"):
            state, events = self.game.apply(self.state, seat, action)
            return self._with(seat, action, state), events
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise IllegalAction("That seat is not in this game.")
        logged_to = action.get("to")
        act = decode(_UNDO, {k: v for k, v in action.items() if k != "to"})
        if isinstance(act, UndoVote):
            to, state, events = self._vote(seat, act.agree)
        else:
            to, state, events = self._undo(seat)
        if "to" in action and logged_to != to:
            raise IllegalAction("This log does not match the game: an undo took back different moves.")
        entry = {**action, "to": to} if to is not None else {k: v for k, v in action.items() if k != "to"}
        return self._with(seat, entry, state), events

    def _with(self, seat: int, entry: dict, state: State) -> Match:
        return Match(self.game, self.options, self.seats, self.seed, self.log + [(seat, entry)], state)

    def _undo(self, seat: int) -> tuple[int | None, State, list[Event]]:
        name = self.seats[seat]
        if self.outcome() is not None:
            raise IllegalAction("The game is over; its moves can no longer be taken back.")
        if self.core.vote is not None:
            raise IllegalAction("An undo vote is already open.")
        target = self.undo_target(seat)
        if target is None:
            raise IllegalAction("You have no move to take back.")
        undone = self.core.moves - target
        if self.undo_alone(seat):
            return target, self._rebuild(target), [
                {"type": "undo", "seat": seat, "text": f"{name} takes back their last move."}]
        state = clone(self.state)
        core = core_of(state)
        core.seq += 1
        core.vote = Vote(by=seat, to=target, agreed=[seat], stamp=core.seq)
        put_core(state, core)
        others = ", ".join(n for i, n in enumerate(self.seats) if i != seat)
        moves = "their last move" if undone == 1 else f"their last move and the {undone - 1} after it"
        return None, state, [{"type": "undo_vote", "seat": seat,
                              "text": f"{name} asks to take back {moves}. {others}: agree or refuse."}]

    def _vote(self, seat: int, agree: bool) -> tuple[int | None, State, list[Event]]:
        vote = self.core.vote
        name = self.seats[seat]
        if vote is None:
            raise IllegalAction("No undo vote is open.")
        if seat in vote.agreed:
            raise IllegalAction("You have already agreed; waiting for the others.")
        state = clone(self.state)
        core = core_of(state)
        core.seq += 1
        if not agree:
            core.vote = None
            put_core(state, core)
            return None, state, [{"type": "undo_refused", "seat": seat,
                                  "text": f"{name} refuses: nothing is taken back, play goes on."}]
        assert core.vote is not None, "the copy keeps the open vote"
        core.vote.agreed.append(seat)
        put_core(state, core)
        if len(core.vote.agreed) < len(self.seats):
            return None, state, [{"type": "undo_agreed", "seat": seat, "text": f"{name} agrees to the undo."}]
        target = vote.to
        return target, self._rebuild(target), [
            {"type": "undo", "seat": vote.by,
             "text": f"Everyone agreed: the game is back to before {self.seats[vote.by]}'s move."}]

    def _rebuild(self, keep: int) -> State:
        """The state with the first ``keep`` moves in force, as of the log entry being added."""
        state = self.game.setup(self.options, self.seats, self.seed)
        prompts = None
        for i in in_force(self.log)[:keep]:
            seat, action = self.log[i]
            _, prompts = self.game.apply_owned(state, seat, action, prompts)
        core = core_of(state)
        core.seq = len(self.log) + 1
        core.stamps = {}
        put_core(state, core)
        restamp(self.game, state)
        return state


def history(game: Game, options: Any, seats: list[str], seed: int,
            log: list[Entry]) -> list[tuple[int, int, list[str]]]:
    """What everyone saw, entry by entry: ``(index in log, seat, texts of the public events)``.
    Built by replaying ``log``; private events never appear (``events_for(..., None)``)."""
    match = Match.start(game, options, seats, seed)
    out = []
    for i, (seat, action) in enumerate(log):
        match, events = match.play(seat, action)
        out.append((i, seat, [e["text"] for e in events_for(events, None) if e.get("text")]))
    return out


def replay(game: Game, options: Any, seats: list[str], seed: int, log: list[Entry]) -> State:
    """The state of setup plus every ``(seat, action)`` entry of ``log`` (undos included)."""
    return Match.replay(game, options, seats, seed, log).state
