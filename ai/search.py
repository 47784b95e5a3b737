"""Information-set Monte Carlo tree search (single observer, multi-player), shared by every game.

Each playout: determinize the true state for the searching seat (``game.determinize``: every hidden
zone and future draw resampled from what that seat has seen), walk down one tree shared by all
playouts, add one new move, play on (the game's rollout policy, else at random; ``apply_trusted``) to the end
or to ``depth`` moves, and credit each move on the path with the result for the seat that made it.

- The tree's moves at a node are drawn with ``random_action`` as the node is visited more
  (progressive widening: at most ``WIDEN * visits ** ALPHA`` children), so games whose moves cannot
  be listed (a track build's paths) are searched without enumerating them.
- A move drawn in one determinization may be illegal in another (an opponent's hidden card): that
  playout stops there and counts for nothing.
- The root starts from the game's candidates (``candidates``: its own hook, else its heuristic's
  move), each counted as ``PRIOR`` playouts at an even result, so a small budget keeps the
  heuristic's move unless playouts show another doing better, rather than following the noise of
  one or two playouts of a random alternative.
- Past the tree a playout plays the game's ``rollout`` hook (``ai/games.py``) where it has one,
  else ``random_action``; one cut at ``depth`` is scored by the game's ``evaluate`` hook if any.
- The result of a finished game is 1 for a winner (shared by a tie) plus a little for each place
  better than last, so a search prefers second place to third when it cannot win; an unfinished
  rollout counts as a draw between all.
- The move chosen is the root's most visited; ``rng`` decides every draw, so the same state, seat,
  rng and budget give the same move (``playouts``; a time budget would not repeat).

Sources: Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG 2012);
Couëtoux et al. on progressive widening.
"""
from __future__ import annotations

import math

from railhead.engine import Game, IllegalAction, canonical
from railhead.engine.core import State, Stream

from .games import hook
from .player import Choice

EXPLORE = 0.7          # UCB1's exploration constant (rewards lie in 0..1.1)
WIDEN = 2.0
ALPHA = 0.5
PLACE_BONUS = 0.1      # added to a result for each place above last, in 0..PLACE_BONUS
SOLO_SCALE = 10.0      # a solo score at which the result is 0.75
PRIOR = 3              # playouts a candidate counts as having had, at an even result, before any is played


class _Edge:
    __slots__ = ("action", "visits", "total", "wins", "child", "reason", "prior")

    def __init__(self, action: dict, reason: str = ""):
        self.action = action
        self.visits = 0
        self.total = 0.0
        self.wins = 0
        self.child = _Node()
        self.reason = reason
        self.prior = 0


class _Node:
    __slots__ = ("visits", "edges")

    def __init__(self) -> None:
        self.visits = 0
        self.edges: dict[bytes, _Edge] = {}


def rewards(game: Game, state: State, seats: int) -> list[float]:
    """The result of ``state`` for each seat: a finished game's ``1`` for the winner (the first of
    the outcome's ``ranking``, ties already broken by the rules) plus ``PLACE_BONUS * places above
    last / (seats - 1)``; an unfinished one ``1 / seats`` each. Alone (a solo game) there is no one
    to beat: the final score ``x`` counts as ``0.5 + 0.5 * x / (|x| + SOLO_SCALE)``, so every point helps."""
    outcome = game.outcome(state)
    if outcome is None:
        return [1.0 / seats] * seats
    if seats == 1:
        score = float(next(iter(outcome["scores"].values())))
        return [0.5 + 0.5 * score / (abs(score) + SOLO_SCALE)]
    out = [0.0] * seats
    for place, seat in enumerate(outcome["ranking"]):
        bonus = PLACE_BONUS * (seats - 1 - place) / (seats - 1) if seats > 1 else 0.0
        out[seat] = (1.0 if place == 0 else 0.0) + bonus
    return out


def candidates(game: Game, state: State, seat: int, rng: Stream) -> list[Choice]:
    """The moves the search tries first at its root: the game's ``candidates`` hook, else its
    heuristic's choice (``ai/games.py``), else none. A build step has hundreds of legal paths, of
    which progressive widening tries a handful at random; seeding the root with what a competent
    player would do lets the playouts compare that with the alternatives (the Steam helper's
    finding: a search without it lost 60 of 60 games to the heuristic it rolled out with)."""
    offer = hook(game.id, "candidates")
    if offer is not None:
        return list(offer(game, state, seat, rng))
    heuristic = hook(game.id, "Heuristic")
    return [heuristic().choose(game, state, seat, rng)] if heuristic is not None else []


def _random_move(game: Game, state: State, seat: int, rng: Stream) -> dict:
    return game.random_action(state, seat, rng)


class SearchPlayer:
    """ISMCTS with ``playouts`` playouts per move, each at most ``depth`` moves past the tree
    (default: the game's ``PLAYOUT_DEPTH`` hook when guided, else 2000). ``guided``: seed the root
    with ``candidates``, play the game's ``rollout`` hook past the tree and score playouts cut at
    the depth with its ``evaluate`` hook, where the game has them (``ai/games.py``); else random
    moves and a draw. The reason given is the candidate's own (the heuristic's line) with the
    share of playouts won after it."""

    name = "search"
    PLAYOUTS = 200

    def __init__(self, playouts: int = PLAYOUTS, depth: int | None = None, guided: bool = True):
        self.playouts = playouts
        self.depth = depth
        self.guided = guided
        self.name = "search" if guided else "search-random"

    def choose(self, game: Game, state: State, seat: int, rng: Stream) -> Choice:
        """The most visited move of the root after ``playouts`` playouts. Raises ``ValueError``
        when ``seat`` may not act."""
        if seat not in game.actors(state):
            raise ValueError(f"seat {seat} may not act now")
        seats = len(state["seats"])
        self._rollout = (hook(game.id, "rollout") if self.guided else None) or _random_move
        self._evaluate = hook(game.id, "evaluate") if self.guided else None
        self._depth = self.depth or (hook(game.id, "PLAYOUT_DEPTH") if self.guided else None) or 2000
        root = _Node()
        if self.guided:
            for choice in candidates(game, state, seat, rng):
                edge = root.edges.setdefault(canonical(choice.action), _Edge(choice.action, choice.reason))
                even = 0.5 if seats == 1 else 1.0 / seats + PLACE_BONUS / 2
                edge.visits = edge.prior = PRIOR
                edge.total = PRIOR * even
                root.visits += PRIOR
        done = 0
        for _ in range(self.playouts):
            done += self._playout(game, state, seat, seats, root, rng)
        if not any(e.visits > e.prior for e in root.edges.values()) and not any(e.prior for e in root.edges.values()):
            action = game.random_action(state, seat, rng)
            return Choice(action, "search: no playout finished; a random move")
        best = max(root.edges.values(), key=lambda e: (e.visits, e.total))
        played = best.visits - best.prior
        tally = (f"won {best.wins / played:.0%} of {played} playouts after this move, of {done}" if played
                 else f"kept: no other move did better in {done} playouts")
        if best.reason:
            return Choice(best.action, f"{best.reason} (search: {tally})")
        planned = [e for e in root.edges.values() if e.reason and e.visits > e.prior]
        if planned:
            tally += (f"; the heuristic's move won {planned[0].wins / (planned[0].visits - planned[0].prior):.0%}"
                      f" of {planned[0].visits - planned[0].prior}")
        return Choice(best.action, f"search: {tally}")

    def _playout(self, game: Game, state: State, seat: int, seats: int, root: _Node, rng: Stream) -> int:
        """One playout; returns 1 if it counted, 0 if a move turned out illegal in this determinization."""
        s = game.determinize(state, seat, rng)
        node, path, first = root, [], True
        while True:
            actors = game.actors(s)
            if not actors:
                break
            actor = seat if first else (actors[0] if len(actors) == 1 else rng.choice(actors))
            first = False
            if len(node.edges) < max(1, int(WIDEN * node.visits ** ALPHA)):
                action = game.random_action(s, actor, rng)
                key = canonical(action)
                edge = node.edges.get(key)
                fresh = edge is None
                if fresh:
                    edge = node.edges[key] = _Edge(action)
            else:
                edge, fresh = self._select(node), False
            try:
                game.apply_trusted(s, actor, edge.action)
            except IllegalAction:
                if fresh and edge.visits == 0:
                    del node.edges[canonical(edge.action)]
                return 0
            path.append((node, edge, actor))
            node = edge.child
            if fresh:
                break
        for _ in range(self._depth):
            actors = game.actors(s)
            if not actors:
                break
            actor = actors[0] if len(actors) == 1 else rng.choice(actors)
            game.apply_trusted(s, actor, self._rollout(game, s, actor, rng))
        if self._evaluate is not None and game.outcome(s) is None:
            result = list(self._evaluate(game, s))
        else:
            result = rewards(game, s, seats)
        for node, edge, actor in path:
            node.visits += 1
            edge.visits += 1
            edge.total += result[actor]
            edge.wins += result[actor] >= 1.0
        return 1

    @staticmethod
    def _select(node: _Node) -> _Edge:
        log_n = math.log(max(node.visits, 1))
        def ucb(e: _Edge) -> float:
            return math.inf if e.visits == 0 else e.total / e.visits + EXPLORE * math.sqrt(log_n / e.visits)

        return max(node.edges.values(), key=ucb)
