"""Information-set Monte Carlo tree search (single observer, multi-player), shared by every game.

Each playout: determinize the true state for the searching seat (``game.determinize``: every hidden
zone and future draw resampled from what that seat has seen), walk down one tree shared by all
playouts, add one new move, play on (the game's rollout policy, else at random; ``apply_trusted``) to the end
or to ``depth`` moves, and credit each move on the path with the result for the seat that made it.

- The tree's moves at a node are drawn as the node is visited more (progressive widening: at most
  ``WIDEN * visits ** ALPHA`` children), so games whose moves cannot be listed (a track build's
  paths) are searched without enumerating them: at the root with ``random_action``, below it with
  the rollout policy (the moves a playout would make, so the other seats are met as the playouts
  model them). A draw of a move the node already has is not played for that reason: UCB1 chooses
  instead, else the moves a policy favours (a pass, a locomotive) would take the playouts.
- A game with a ``candidates`` hook names every move its root considers: the root does not widen
  past them (a random Steam build among hundreds is never worth a playout the hook's moves need).
- A move the tree keeps from one determinization may be refused in another (another seat's card
  or dice were drawn differently): the walk down the tree stops before it and the playout goes on
  from there, rather than counting for nothing (in Workers' card placements, most playouts did).
- The n-th playout after every root move draws the same determinization and random stream
  (common random numbers), so two moves are compared on the same hidden cards and dice, not on
  luck: with 8 to 16 playouts a move, the luck of the draws is larger than most differences
  between good moves.
- A move drawn in one determinization may be illegal in another (an opponent's hidden card): that
  playout stops there and counts for nothing.
- The root starts from the game's candidates (``candidates``: its own hook, else its heuristic's
  move), each counted as ``PRIOR`` playouts at the root's mean result so far (its real playouts'
  mean, an even result before any), so a small budget keeps the heuristic's move unless playouts
  show another doing better, rather than following the noise of one or two playouts of a random
  alternative. The prior follows the mean, not a fixed even result, because a cut playout's
  ``evaluate`` is a chance of winning: a seat far behind scores 0.05 whatever it plays, and a fixed
  prior of a third would make every candidate it has tried look worse than those it has not.
- Past the tree a playout plays the game's ``rollout`` hook (``ai/games.py``) where it has one,
  else ``random_action``; one cut at ``depth`` is scored by the game's ``evaluate`` hook if any.
  A game with a ``cut(game, root, state, played) -> bool`` hook may end a playout sooner, where
  its ``evaluate`` is most reliable (Steam: at the start of the next turn, when every seat has
  had the same deliveries and income; a cut in mid-turn credited whoever had delivered first).
- The result of a finished game is 1 for a winner (shared by a tie) plus a little for each place
  better than last, so a search prefers second place to third when it cannot win; an unfinished
  rollout counts as a draw between all.
- With the game's ``PAIRED`` hook (``ai/games.py``) the root instead plays its candidates in turn
  (the n-th playout of each on the n-th stream) and keeps the first, the heuristic's move, unless
  another beat it on the same draws by more than ``PAIRED`` standard errors: picking the most
  visited of a few candidates after a few dozen playouts follows the noise as often as a better
  move (Railways of the World, docs/ai/rotw.md).
- The move chosen is the root's most visited; ``rng`` decides every draw, so the same state, seat,
  rng and budget give the same move (``playouts``; a time budget would not repeat).

Sources: Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG 2012);
Couëtoux et al. on progressive widening.
"""
from __future__ import annotations

import math

from railhead.engine import Game, IllegalAction, canonical
from railhead.engine.core import State, Stream, clone, rng_for

from .games import hook
from .player import Choice

EXPLORE = 0.7          # UCB1's exploration constant (rewards lie in 0..1.1)
WIDEN = 2.0
ALPHA = 0.5
PLACE_BONUS = 0.1      # added to a result for each place above last, in 0..PLACE_BONUS
SOLO_SCALE = 10.0      # a solo score at which the result is 0.75
PRIOR = 3              # playouts a root candidate counts as having had, at the root's mean result


class _Edge:
    """A move from a node: ``visits`` counts its ``prior`` playouts too, ``total`` only real results."""

    __slots__ = ("action", "visits", "total", "child", "reason", "prior", "draws", "results")

    def __init__(self, action: dict, reason: str = ""):
        self.action = action
        self.visits = 0
        self.total = 0.0
        self.child = _Node()
        self.reason = reason
        self.prior = 0
        self.draws = 0          # playouts begun after this move at the root (the stream's index)
        self.results: dict[int, float] = {}     # at the root: the seat's result by stream index


class _Node:
    """A position in the tree: ``visits`` (priors included), ``real`` and ``total`` (its real
    playouts and the sum of their results for the seat to move) and its ``edges``."""

    __slots__ = ("visits", "edges", "real", "total")

    def __init__(self) -> None:
        self.visits = 0
        self.real = 0
        self.total = 0.0
        self.edges: dict[bytes, _Edge] = {}

    def mean(self, even: float) -> float:
        """The mean of the real results so far, ``even`` before any."""
        return self.total / self.real if self.real else even

    def value(self, edge: _Edge, even: float) -> float:
        """The edge's mean result, its prior playouts counted at ``mean``."""
        return (edge.total + edge.prior * self.mean(even)) / edge.visits if edge.visits else 0.0


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
        seats = len(state.seats)
        self._rollout = (hook(game.id, "rollout") if self.guided else None) or _random_move
        self._evaluate = hook(game.id, "evaluate") if self.guided else None
        self._depth = self.depth or (hook(game.id, "PLAYOUT_DEPTH") if self.guided else None) or 2000
        self._cut = hook(game.id, "cut") if self.guided else None
        self._paired = hook(game.id, "PAIRED") if self.guided else None
        root = _Node()
        self._even = 0.5 if seats == 1 else 1.0 / seats + PLACE_BONUS / 2
        self._closed = False
        if self.guided:
            self._closed = hook(game.id, "candidates") is not None
            for choice in candidates(game, state, seat, rng):
                edge = root.edges.setdefault(canonical(choice.action), _Edge(choice.action, choice.reason))
                edge.visits = edge.prior = PRIOR
                root.visits += PRIOR
        self._base = rng.below(1 << 30)                 # the playouts' streams (after the candidates' draws)
        if self._closed and len(root.edges) == 1:       # nothing to compare: no playout can change the move
            only = next(iter(root.edges.values()))
            return Choice(only.action, f"{only.reason} (search: the only move worth weighing)" if only.reason
                          else "search: the only move worth weighing")
        done = 0
        for _ in range(self.playouts):
            done += self._playout(game, state, seat, seats, root, rng)
        if not any(e.visits > e.prior for e in root.edges.values()) and not any(e.prior for e in root.edges.values()):
            action = game.random_action(state, seat, rng)
            return Choice(action, "search: no playout finished; a random move")
        if self._paired is not None and self._closed:
            return self._paired_choice(root, done)
        best = max(root.edges.values(), key=lambda e: (e.visits, root.value(e, self._even)))
        played = best.visits - best.prior
        tally = (f"{self._share(best)} in {played} of {done} playouts after this move" if played
                 else f"kept: no other move did better in {done} playouts")
        if best.reason:
            return Choice(best.action, f"{best.reason} (search: {tally})")
        planned = [e for e in root.edges.values() if e.reason and e.visits > e.prior]
        if planned:
            tally += f"; the heuristic's move: {self._share(planned[0])} in {planned[0].visits - planned[0].prior}"
        return Choice(best.action, f"search: {tally}")

    def _paired_choice(self, root: _Node, done: int) -> Choice:
        """The game's ``PAIRED`` rule: the first candidate (the heuristic's move) unless another
        beat it, over the playouts both had on the same streams (common random numbers), by more
        than ``PAIRED`` standard errors of the paired differences; then the one that beat it by
        most."""
        edges = list(root.edges.values())
        anchor, best, margin, pairs = edges[0], edges[0], 0.0, 0
        for edge in edges[1:]:
            common = sorted(anchor.results.keys() & edge.results.keys())
            if len(common) < 3:
                continue
            diffs = [edge.results[i] - anchor.results[i] for i in common]
            mean = sum(diffs) / len(diffs)
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
            if mean > margin and mean > self._paired * spread / math.sqrt(len(diffs)):
                best, margin, pairs = edge, mean, len(diffs)
        if best is anchor:
            tally = f"kept: no other move did clearly better in {done} playouts"
        else:
            more = f"{margin:.1%}" if margin < 0.005 else f"{margin:.0%}"    # small but steady: not "0%"
            tally = (f"{self._share(best)} in {best.visits - best.prior} of {done} playouts after this move, "
                     f"{more} more than the heuristic's move over {pairs} playouts on the same draws")
        return Choice(best.action, f"{best.reason} (search: {tally})" if best.reason else f"search: {tally}")

    @staticmethod
    def _share(edge: _Edge) -> str:
        """What the playouts after ``edge`` said, for a player: its mean result, a share of a win
        (a cut playout counts its ``evaluate``d chance, a finished one 1 for a win)."""
        played = edge.visits - edge.prior
        return f"about {min(1.0, edge.total / played):.0%} to win"

    def _playout(self, game: Game, state: State, seat: int, seats: int, root: _Node, rng: Stream) -> int:
        """One playout; returns 1 if it counted, 0 if a move turned out illegal in this determinization."""
        # Common random numbers: the n-th playout after each root move draws the n-th stream.
        if self._paired is not None and self._closed:     # every candidate in turn, on the same streams
            chosen, fresh = min(root.edges.values(), key=lambda e: e.draws), False
        elif root.edges and (self._closed or len(root.edges) >= max(1, int(WIDEN * root.visits ** ALPHA))):
            chosen, fresh = self._select(root, self._even), False
        else:                                           # a new root move, drawn from the first determinization
            action = game.random_action(game.determinize(state, seat, rng_for(f"search:{self._base}", 0)), seat, rng)
            key = canonical(action)
            fresh = key not in root.edges
            if fresh:
                chosen = root.edges[key] = _Edge(action)
            else:                                       # a move it has: UCB chooses, as below
                chosen = self._select(root, self._even)
        index = chosen.draws
        rng = rng_for(f"search:{self._base}", index)
        chosen.draws += 1
        s = game.determinize(state, seat, rng)
        node, path, first = root, [], True
        while True:
            actors = game.actors(s)
            if not actors:
                break
            actor = seat if first else (actors[0] if len(actors) == 1 else rng.choice(actors))
            if first:
                edge = chosen
            else:
                fresh = False
                if len(node.edges) < max(1, int(WIDEN * node.visits ** ALPHA)):
                    action = self._rollout(game, s, actor, rng)
                    key = canonical(action)
                    fresh = key not in node.edges
                    if fresh:
                        edge = node.edges[key] = _Edge(action)
                if not fresh:       # no room for a new move, or the draw was one the node has: UCB chooses
                    edge = self._select(node, self._even)
            # A move the tree keeps from another determinization may be refused in this one (another
            # seat's card or dice drawn differently): the walk stops there and the playout goes on
            # from the position before it, as the policy plays it (a kept copy: a refused move may
            # leave the state half-changed).
            kept = clone(s) if path and not fresh else None
            first = False
            try:
                game.apply_trusted(s, actor, edge.action)
            except IllegalAction:
                if fresh and edge.visits == 0:
                    del node.edges[canonical(edge.action)]
                if kept is None:
                    return 0
                s = kept
                break
            path.append((node, edge, actor))
            node = edge.child
            if fresh:
                break
        for played in range(len(path), len(path) + self._depth):
            actors = game.actors(s)
            if not actors or (self._cut is not None and self._cut(game, state, s, played)):
                break
            actor = actors[0] if len(actors) == 1 else rng.choice(actors)
            game.apply_trusted(s, actor, self._rollout(game, s, actor, rng))
        if self._evaluate is not None and game.outcome(s) is None:
            result = list(self._evaluate(game, s))
        else:
            result = rewards(game, s, seats)
        chosen.results[index] = result[seat]
        for node, edge, actor in path:
            node.visits += 1
            node.real += 1
            node.total += result[actor]
            edge.visits += 1
            edge.total += result[actor]
        return 1

    @staticmethod
    def _select(node: _Node, even: float) -> _Edge:
        """UCB1 over the node's edges (their values with priors, ``_Node.value``)."""
        log_n = math.log(max(node.visits, 1))

        def ucb(e: _Edge) -> float:
            return math.inf if e.visits == 0 else node.value(e, even) + EXPLORE * math.sqrt(log_n / e.visits)

        return max(node.edges.values(), key=ucb)
