"""Hints (issue 34, "Hints"): a suggested move for one seat, with what playouts after it promise.

Flat Monte Carlo over the seat's candidate moves: each playout determinizes the state for the
seat (``game.determinize``: the hidden parts resampled from that seat's view only), plays the
candidate, plays on to the end with the game's rollout policy (``ai/games.py``; else at random)
and records the result for the seat. The budget is spread by sequential halving: each round
gives the candidates still in the running an equal share of playouts, then keeps the better half
by mean result, until one is left or the budget is spent (Karnin, Koren & Somekh, "Almost Optimal
Exploration in Multi-Armed Bandits", ICML 2013).

- Alone (a solo game), the result is the final score: the hint reports the mean final score of
  the best move's playouts, an estimate of what the game ends at when played on as the playouts
  play (a careful player can expect at least that).
- With others, the result is 1 for a win (the first of the outcome's ``ranking``, ties broken by
  the rules) and 0 else; a playout the depth cuts short counts the game's ``evaluate`` hook's
  chance for the seat, or a draw. The hint reports the share of the best move's playouts won.

Everything is decided from the seat's view and ``rng``: the candidates are listed in a
determinization, never in the true state, so two states that differ only in other seats'
secrets give the same hint from the same ``rng`` and ``playouts`` (a ``seconds`` limit stops by
the clock, and then the hint need not repeat).
"""
from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from railhead.engine import Game, IllegalAction, canonical, get_game
from railhead.engine.core import State, Stream, rng_for

from .games import hook

PLAYOUTS = 120
"""Playouts per hint by default (about 4 s of Railways (solo) on this machine)."""
CANDIDATES = 24
"""At most this many of the seat's legal moves are weighed (drawn at random when there are more)."""
SKIPPED = ("undo", "undo_vote")


@dataclass(frozen=True)
class Hint:
    """A suggested move for one seat. ``action``: a JSON action of that seat; ``reason``: one line a
    player reads; ``solo``: the game has one seat; ``value``: alone, the mean final score of the
    playouts after the move (points), else the share of them the seat won (0..1); ``playouts``: how
    many playouts after this move counted; ``candidates``: how many moves were weighed;
    ``runner_up``: the same ``value`` of the second best move, or ``None`` when there was none."""

    action: dict
    reason: str
    solo: bool
    value: float
    playouts: int
    candidates: int
    runner_up: float | None = None


class _Arm:
    __slots__ = ("action", "n", "total")

    def __init__(self, action: dict):
        self.action = action
        self.n = 0
        self.total = 0.0

    def mean(self) -> float:
        return self.total / self.n if self.n else -math.inf


def candidates(game: Game, state: State, seat: int, rng: Stream, most: int = CANDIDATES) -> list[dict]:
    """The moves a hint weighs: ``seat``'s legal moves in a determinization for that seat (no undo),
    each once, at most ``most`` of them (a random draw, kept in the game's order, when there are
    more). Raises ``ValueError`` when ``seat`` may not act."""
    if seat not in game.actors(state):
        raise ValueError(f"seat {seat} may not act now")
    seen = game.determinize(state, seat, rng)
    moves: dict[bytes, dict] = {}
    for action in game.legal_actions(seen, seat):
        if action.get("type") not in SKIPPED:
            moves.setdefault(canonical(action), action)
    found = list(moves.values())
    if not found:
        action = game.random_action(seen, seat, rng)
        found = [action] if action is not None else []
    if len(found) > most:
        picked = list(range(len(found)))
        rng.shuffle(picked)
        found = [found[i] for i in sorted(picked[:most])]
    return found


def _random(game: Game, state: State, seat: int, rng: Stream) -> dict:
    return game.random_action(state, seat, rng)


def playout(game: Game, state: State, seat: int, action: dict, rng: Stream, depth: int = 2000
            ) -> float | None:
    """One playout after ``seat`` plays ``action``: its result for ``seat`` (see the module
    docstring: alone the final score, else 1 for a win and 0 else), or ``None`` when the move is
    illegal in this determinization or a solo game did not end within ``depth`` moves."""
    seats = len(state.seats)
    roll = hook(game.id, "rollout") or _random
    s = game.determinize(state, seat, rng)
    try:
        game.apply_trusted(s, seat, action)
    except IllegalAction:
        return None
    for _ in range(depth):
        actors = game.actors(s)
        if not actors:
            break
        actor = actors[0] if len(actors) == 1 else rng.choice(actors)
        game.apply_trusted(s, actor, roll(game, s, actor, rng))
    outcome = game.outcome(s)
    if seats == 1:
        if outcome is None:
            return None
        return float(next(iter(outcome["scores"].values())))
    if outcome is None:
        evaluate = hook(game.id, "evaluate")
        return float(list(evaluate(game, s))[seat]) if evaluate is not None else 1.0 / seats
    return 1.0 if outcome["ranking"][0] == seat else 0.0


def hint(game: Game, state: State, seat: int, rng: Stream, playouts: int = PLAYOUTS,
         seconds: float | None = None, depth: int = 2000, clock: Callable[[], float] = time.monotonic) -> Hint:
    """The move to suggest to ``seat`` now, by sequential halving over ``candidates`` with about
    ``playouts`` playouts in all (each round at least one per candidate still in the running; at most
    ``playouts // 3`` candidates), stopping early after ``seconds`` (by ``clock``) when given; each
    playout at most ``depth`` moves after the candidate (``playout``). Raises ``ValueError`` when
    ``seat`` may not act."""
    arms = [_Arm(a) for a in candidates(game, state, seat, rng, max(1, min(CANDIDATES, playouts // 3)))]
    if not arms:
        raise ValueError(f"seat {seat} has no move now")
    solo = len(state.seats) == 1
    deadline = clock() + seconds if seconds is not None else None
    alive, finalists = list(arms), list(arms)
    rounds = max(1, math.ceil(math.log2(len(arms))))
    used = 0
    while used < playouts:
        each = max(1, playouts // (rounds * len(alive)))
        for arm in alive:
            for _ in range(each):
                result = playout(game, state, seat, arm.action, rng, depth)
                used += 1
                if result is not None:
                    arm.n += 1
                    arm.total += result
            if deadline is not None and clock() > deadline:
                used = playouts                 # out of time: the round ends here
                break
        alive.sort(key=lambda a: (a.n > 0, a.mean(), a.n), reverse=True)
        if len(alive) == 1:
            break
        finalists = list(alive)
        alive = alive[:math.ceil(len(alive) / 2)]
    best = alive[0]
    if best.n == 0:
        return Hint(best.action, "no playout after any move could be finished: this one is a guess", solo,
                    0.0, 0, len(arms))
    second = next((a for a in finalists if a.n and a is not best), None)
    value, runner = best.mean(), second.mean() if second else None
    return Hint(best.action, _reason(solo, value, best.n, len(arms), runner), solo, value, best.n, len(arms), runner)


def _reason(solo: bool, value: float, n: int, weighed: int, runner: float | None) -> str:
    """One line: what the playouts after the move gave, and the next best of the moves weighed
    (when it did worse: with fewer playouts it may have done as well by chance)."""
    plays = f"{n} playout{'s' if n != 1 else ''}"
    said = (lambda x: f"{x:.0f}") if solo else (lambda x: f"{x:.0%}")
    line = f"expected final score about {said(value)} (the mean of {plays} after it" if solo else \
        f"won {said(value)} of {plays} after it ("
    if runner is None:
        rest = ")" if solo else "the only move weighed)"
    elif runner < value and said(runner) != said(value):
        rest = f"{'; ' if solo else ''}the next best of {weighed} moves weighed: {said(runner)})"
    else:
        rest = f"{'; ' if solo else ''}{weighed} moves weighed, the best ones close)"
    return line + rest


def hint_json(game_id: str, state_json: bytes, seat: int, playouts: int, seconds: float | None, key: str) -> Hint:
    """``hint`` for a worker process (``bot/ai_pool.py``'s pool): the game by id, the state as its
    canonical JSON, the random stream from ``key``. Raises ``ValueError`` when ``seat`` may not act."""
    game = get_game(game_id)
    state = game.load_state(json.loads(state_json))
    return hint(game, state, seat, rng_for(key, 0), playouts, seconds)
