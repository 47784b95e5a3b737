"""Steam's AI knowledge (the hooks of ``ai/games.py``), one concept a file:

- ``network``: what a seat's rail network offers, read from its own view (deliveries, new links);
- ``economy``: what a dollar, a track point and an income step are worth in end-game VP;
- ``heuristic``: ``Heuristic``, the player that weighs moves with those two and says why;
- ``value``: ``worth`` (the one-ply greedy player's yardstick) and ``evaluate`` (cut playouts);
- ``rollout``: the search's cheap playout policy, ``PLAYOUT_DEPTH`` and ``cut`` (where a playout ends);
- ``candidates``: the heuristic's move and its runners-up, the search's root;
- ``steady``: the careful beginner that plays whole games for the tests and benchmarks.
"""
from .candidates import candidates
from .heuristic import Heuristic
from .rollout import PLAYOUT_DEPTH, cut, rollout
from .value import evaluate, worth

__all__ = ["PLAYOUT_DEPTH", "Heuristic", "candidates", "cut", "evaluate", "rollout", "worth"]
