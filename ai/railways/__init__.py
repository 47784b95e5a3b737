"""Railways (solo)'s AI knowledge (the hooks of ``ai/games.py``): a cheap playout policy, so the
search's and the hints' playouts end near what a careful player scores rather than at a random
player's score.

``rollout``: while other actions are legal, never end a decade early (its second action is free
to take); of ``DRAWS`` legal actions drawn uniformly by kind (as the engine's ``sample`` draws),
the one whose dry run most raises ``worth``. ``worth``: the score now (profit + 3 per link -
pollution, railways-solo.txt, "End of the game") plus a little for the capital and railworkers
that buy the next links and buildings (``CAPITAL``, ``WORKERS``: our own weights, not the rules').
"""
from __future__ import annotations

import math

from railhead.engine import Game
from railhead.engine.core import Stream
from railhead.engine.games.railways.state import RailwaysState

from ..player import try_move

DRAWS = 6
"""Legal actions drawn to pick the best of, in a playout."""
CAPITAL = 0.25
"""What one step of capital is worth in points, in a playout's choice (it pays for buildings and upgrades)."""
WORKERS = 0.5
"""What one railworker is worth in points, in a playout's choice (they pay for links)."""


def worth(game: Game, state: RailwaysState, seat: int) -> float:
    """The score now (profit + 3 per bought link - pollution) plus ``CAPITAL`` per capital step
    and ``WORKERS`` per railworker."""
    return (state.profit + 3 * len(state.markers) - state.pollution
            + CAPITAL * state.capital + WORKERS * state.workers)


def rollout(game: Game, state: RailwaysState, seat: int, rng: Stream) -> dict:
    """One move for a playout (see the module docstring)."""
    moves = game.legal_actions(state, seat)
    if state.phase == "place":
        return rng.choice(moves)
    by_kind: dict[str, list[dict]] = {}
    for action in moves:
        if action["type"] != "end_decade":
            by_kind.setdefault(action["type"], []).append(action)
    if not by_kind:
        return moves[0]
    base = worth(game, state, seat)
    best, score = None, -math.inf
    for _ in range(DRAWS):
        action = rng.choice(by_kind[rng.choice(list(by_kind))])
        after = try_move(game, state, seat, action)
        if after is None:
            continue
        gain = worth(game, after, seat) - base
        if gain > score:
            best, score = action, gain
    return best if best is not None else moves[0]
