"""The one-ply greedy player of issue 34: of the seat's legal moves, the one that most raises its
immediate points or money (the game's ``worth`` hook, ``ai/games.py``), else one at random. The
floor a heuristic must clearly beat."""
from __future__ import annotations

from railhead.engine import Game
from railhead.engine.core import State, Stream

from .games import hook
from .player import Choice, try_move

SAMPLED = 96        # at most this many of the legal moves are tried (drawn at random when there are more)


class GreedyPlayer:
    """Take the move with the most immediate gain in ``worth``; ties and no gain: at random."""

    name = "greedy"

    def choose(self, game: Game, state: State, seat: int, rng: Stream) -> Choice:
        """The seat's greediest legal move. Raises ``ValueError`` when ``seat`` may not act or the
        game has no ``worth`` hook."""
        worth = hook(game.id, "worth")
        if worth is None:
            raise ValueError(f"{game.name} has no greedy player")
        if seat not in game.actors(state):
            raise ValueError(f"seat {seat} may not act now")
        moves = [a for a in game.legal_actions(state, seat) if a.get("type") not in ("undo", "undo_vote")]
        if not moves:
            moves = [game.random_action(state, seat, rng)]
        if len(moves) > SAMPLED:
            picked = list(range(len(moves)))
            rng.shuffle(picked)
            moves = [moves[i] for i in sorted(picked[:SAMPLED])]
        base = worth(game, state, seat)
        best, gain = [], 0.0
        for action in moves:
            after = try_move(game, state, seat, action)
            if after is None:
                continue
            delta = worth(game, after, seat) - base
            if delta > gain + 1e-9:
                best, gain = [action], delta
            elif best and abs(delta - gain) <= 1e-9:
                best.append(action)
        if best:
            return Choice(rng.choice(best), f"greedy: +{gain:g} at once")
        return Choice(rng.choice(moves), "greedy: nothing gains at once; a random move")
