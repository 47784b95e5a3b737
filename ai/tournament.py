"""Whole games between AI players, seats rotating, for ``railhead tournament`` (docs/ai.md).

Game ``i`` (0, 1, ...) seats the players in the order given, rotated by ``i``, with the game seed
``seed + i``; each move's rng is ``rng_for("tournament:<seed>:<i>", <move number>)``, so a run
repeats exactly for playout budgets. A win is first place in the outcome's ranking (ties are
broken by the rules); a game cut at ``MOVE_LIMIT`` moves counts for nobody. In a solo game each
player plays game ``i`` alone on the same seed, and the best score of that seed wins it (a tie for
the best: nobody).
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from railhead.engine import get_game
from railhead.engine.core import rng_for

MOVE_LIMIT = 1_000
"""Moves after which a game is cut (counts for nobody): a whole game is 130 to 250 moves, but in
Railways of the World players who all keep passing never empty the cities that end it (such a game
cost 8-10 minutes of a 60-game run at 2,000)."""


@dataclass
class GameResult:
    """One game: ``seating[seat]`` is the index of the player (in the tournament's list) in that
    seat; ``winner`` that index or ``None`` (cut); ``scores[player index]`` the final score;
    ``seconds[player index]`` and ``moves[player index]`` the time spent choosing and the moves."""

    seating: list[int]
    winner: int | None
    scores: dict[int, float] = field(default_factory=dict)
    seconds: dict[int, float] = field(default_factory=dict)
    moves: dict[int, int] = field(default_factory=dict)


def play_one(game_id: str, kinds: Sequence[str], index: int, seed: int, budget: float | None,
             options: dict | None = None) -> GameResult:
    """Play game ``index`` of a tournament (see the module docstring) to the end."""
    from . import make_player

    game = get_game(game_id)
    if game.max_seats == 1:
        return _solo(game_id, kinds, index, seed, budget, options)
    n = len(kinds)
    seating = [(seat + index) % n for seat in range(n)]          # seat -> player index
    players = [make_player(kinds[p], budget) for p in seating]
    state = game.setup(options or {}, [f"{kinds[p]}-{seat + 1}" for seat, p in enumerate(seating)], seed + index)
    seconds = dict.fromkeys(range(n), 0.0)
    moves = dict.fromkeys(range(n), 0)
    for move in range(MOVE_LIMIT):
        actors = game.actors(state)
        if not actors:
            break
        seat = actors[0]
        began = time.perf_counter()
        choice = players[seat].choose(game, state, seat, rng_for(f"tournament:{seed}:{index}", move))
        seconds[seating[seat]] += time.perf_counter() - began
        moves[seating[seat]] += 1
        state, _ = game.apply(state, seat, choice.action)
    outcome = game.outcome(state)
    if outcome is None:
        return GameResult(seating, None, {}, seconds, moves)
    scores = {seating[int(s)]: float(v) for s, v in outcome["scores"].items()}
    return GameResult(seating, seating[outcome["ranking"][0]], scores, seconds, moves)


def _solo(game_id: str, kinds: Sequence[str], index: int, seed: int, budget: float | None,
          options: dict | None) -> GameResult:
    """Each player alone on seed ``seed + index``; the best score wins."""
    alone = [play_one_seated(game_id, kind, index, seed, budget, options) for kind in kinds]
    scores = {p: r.scores[0] for p, r in enumerate(alone) if 0 in r.scores}
    best = max(scores.values(), default=None)
    top = [p for p, v in scores.items() if v == best]
    return GameResult(list(range(len(kinds))), top[0] if len(top) == 1 else None, scores,
                      {p: r.seconds[0] for p, r in enumerate(alone)}, {p: r.moves[0] for p, r in enumerate(alone)})


def play_one_seated(game_id: str, kind: str, index: int, seed: int, budget: float | None,
                    options: dict | None) -> GameResult:
    """``kind`` alone in a one-seat game (``play_one``'s loop with a single player)."""
    from . import make_player

    game = get_game(game_id)
    player = make_player(kind, budget)
    state = game.setup(options or {}, [kind], seed + index)
    seconds, moves = 0.0, 0
    for move in range(MOVE_LIMIT):
        if not game.actors(state):
            break
        began = time.perf_counter()
        choice = player.choose(game, state, 0, rng_for(f"tournament:{seed}:{index}", move))
        seconds += time.perf_counter() - began
        moves += 1
        state, _ = game.apply(state, 0, choice.action)
    outcome = game.outcome(state)
    scores = {0: float(outcome["scores"][0])} if outcome is not None else {}
    return GameResult([0], 0 if outcome is not None else None, scores, {0: seconds}, {0: moves})


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share ``wins / games`` (0..1 each end)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Standing:
    """One player's line: wins, games, the win share's 95% interval, mean score, seconds per move."""

    kind: str
    wins: int
    games: int
    low: float
    high: float
    mean_score: float
    seconds_per_move: float

    def line(self) -> str:
        """``search     41/60 wins  68% [56%-79%]  mean score 42.1  0.82 s/move``."""
        share = self.wins / self.games if self.games else 0.0
        return (f"{self.kind:<10} {self.wins:>4}/{self.games:<4} wins {share:>5.0%} [{self.low:.0%}-{self.high:.0%}]"
                f"  mean score {self.mean_score:7.1f}  {self.seconds_per_move:6.2f} s/move")


def standings(kinds: Sequence[str], results: Sequence[GameResult]) -> list[Standing]:
    """Each player's standing over ``results`` (the same name twice counts as two players)."""
    out = []
    for p, kind in enumerate(kinds):
        wins = sum(r.winner == p for r in results)
        scores = [r.scores[p] for r in results if p in r.scores]
        secs = sum(r.seconds.get(p, 0.0) for r in results)
        count = sum(r.moves.get(p, 0) for r in results)
        low, high = wilson(wins, len(results))
        out.append(Standing(kind, wins, len(results), low, high, sum(scores) / len(scores) if scores else 0.0,
                            secs / count if count else 0.0))
    return out


def run(game_id: str, kinds: Sequence[str], games: int, seed: int, budget: float | None, jobs: int = 1,
        options: dict | None = None,
        on_result: Callable[[int, GameResult], None] | None = None) -> list[GameResult]:
    """Play ``games`` games (``jobs`` processes at once); the results in game order.
    ``on_result(index, result)`` is called as each game ends, in game order (the CLI prints a line,
    so a long run stopped half way still leaves its figures)."""
    args = [(game_id, list(kinds), i, seed, budget, options) for i in range(games)]
    results: list[GameResult] = []
    if jobs <= 1:
        played = (play_one(*a) for a in args)
        for i, result in enumerate(played):
            results.append(result)
            if on_result is not None:
                on_result(i, result)
        return results
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for i, result in enumerate(pool.map(_play_args, args)):
            results.append(result)
            if on_result is not None:
                on_result(i, result)
    return results


def game_line(kinds: Sequence[str], index: int, seed: int, result: GameResult) -> str:
    """One finished game for a progress log: ``game 3 (seed 4): heuristic wins; search 41, ...``
    (players in seat order)."""
    winner = kinds[result.winner] if result.winner is not None else "nobody (cut or tied)"
    scores = ", ".join(f"{kinds[p]} {result.scores[p]:g}" for p in result.seating if p in result.scores)
    return f"game {index} (seed {seed + index}): {winner} wins; {scores}"


def _play_args(args: tuple) -> GameResult:
    return play_one(*args)
