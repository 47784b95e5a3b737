"""What a Steam position is worth: ``worth`` for the one-ply greedy player and ``evaluate`` for
the search's playouts cut short (the hooks of ``ai/games.py``)."""
from __future__ import annotations

import math

from railhead.engine import Game
from railhead.engine.core import State

from .economy import end_vp, point_value
from .network import Board

CASH_VP = 0.1          # VP a dollar counts in ``worth``: $5, one income step, is half a VP at the end
SPREAD = 4.0           # VP: how far ahead makes a seat's win likely, in ``evaluate``: at the turn starts of 39
                       # games of three heuristic players, 4 predicted the winner best (3 was overconfident)
REACH = 0.5            # of a seat's potential deliveries (``Board.potential``), the share ``evaluate`` counts:
                       # other seats take cubes too, and the board changes before they are made


def score_now(player: dict) -> int:
    """A player's score were the game to end now (steam.txt, "Calculating Victory Points"): VP,
    the income track's VP, one VP per complete link (``links`` in the view)."""
    return player["vp"] + end_vp(player["income"]) + player["links"]


def worth(game: Game, state: State, seat: int) -> float:
    """The seat's immediate points and money as its own view shows them: its score were the game
    to end now (VP + income track + complete links) plus its cash at 0.1 VP a dollar.

    Why the combination: Steam pays its points only at the end, from three places (VP taken for
    track points, the income track, complete links), so the score-if-it-ended-now is the seat's
    points; money is the other half of its wealth, and counting it at the income track's own rate
    ($5 for one step, which is half a VP at the end) makes raising money neither a gain nor a loss
    while spending it on track is, unless the track pays at once (a link completed, a delivery).
    """
    player = game.view(state, seat)["players"][seat]
    return score_now(player) + CASH_VP * player["cash"]


def evaluate(game: Game, state: State) -> list[float]:
    """Each seat's chance of winning an unfinished game (0..1, summing to 1): its score were the
    game to end now, plus its income for the turns left at ``CASH_VP`` a dollar, plus ``REACH`` of
    the track points its network could still deliver (``Board.potential`` at its locomotive level,
    at ``economy.point_value`` VP a point: track built but not yet delivered over is worth
    something), turned into shares by a softmax with ``SPREAD`` VP; a bankrupt seat counts for nothing."""
    view = game.view(state, 0)
    left = max(0, view["turns"] - view["turn"] + 1)
    board = Board(view)
    rate = REACH * point_value(left)
    scores = []
    for seat, p in enumerate(view["players"]):
        if p["out"]:
            scores.append(None)
            continue
        future = rate * board.potential(p["loco"], seat=seat)
        scores.append(score_now(p) + CASH_VP * (p["cash"] + left * p["income"]) + future)
    top = max((s for s in scores if s is not None), default=0.0)
    weights = [0.0 if s is None else math.exp((s - top) / SPREAD) for s in scores]
    total = sum(weights) or 1.0
    return [w / total for w in weights]
