"""Steam's AI knowledge (the hooks of ``ai/games.py``), one concept a file:

- ``network``: what a seat's rail network offers, read from its own view (deliveries, new links);
- ``economy``: what a dollar, a track point and an income step are worth in end-game VP;
- ``heuristic``: ``Heuristic``, the player that weighs moves with those two and says why;
- ``value``: ``worth`` (the one-ply greedy player's yardstick) and ``evaluate`` (cut playouts);
- ``rollout``: the search's cheap playout policy;
- ``steady``: the careful beginner that plays whole games for the tests and benchmarks.
"""
from .heuristic import Heuristic
from .rollout import rollout
from .value import evaluate, worth

__all__ = ["Heuristic", "evaluate", "rollout", "worth"]
