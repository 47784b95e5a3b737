"""Railway Workers' AI knowledge, behind the hooks of ``ai/games.py``:

- ``worth``: the seat's coins if the game ended now (``worth.py``), for the one-ply greedy player;
- ``Heuristic``: plans the round's cards and dice on the seat's own board and plays the moves
  that pay best by the round's end (``heuristic.py``, ``plan.py``, ``sim.py``, ``model.py``);
- ``rollout``: a cheap playout policy for the search (``rollout.py``).

No ``evaluate``: the search plays its playouts to the end (a Workers game is four rounds at most).
"""
from .heuristic import Heuristic
from .rollout import rollout
from .worth import worth

__all__ = ["Heuristic", "rollout", "worth"]
