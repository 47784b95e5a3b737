"""Railway Workers' AI knowledge, behind the hooks of ``ai/games.py``:

- ``worth``: the seat's coins if the game ended now (``worth.py``), for the one-ply greedy player;
- ``Heuristic``: plans the round's cards and dice on the seat's own board and plays the moves
  that pay best by the round's end (``heuristic.py``, ``plan.py``, ``sim.py``, ``model.py``);
- ``rollout``: a cheap playout policy for the search (``rollout.py``);
- ``candidates``: the heuristic's move and its runners-up, the search's root (``candidates.py``);
- ``evaluate`` and ``PLAYOUT_DEPTH``: playouts cut after about one Action Phase and scored by
  each seat's coins expected at the round's end (``value.py``).
"""
from .candidates import candidates
from .heuristic import Heuristic
from .rollout import rollout
from .value import PLAYOUT_DEPTH, evaluate
from .worth import worth

__all__ = ["PLAYOUT_DEPTH", "Heuristic", "candidates", "evaluate", "rollout", "worth"]
