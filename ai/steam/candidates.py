"""The moves Steam's search compares at its root (the ``candidates`` hook of ``ai/games.py``): the
heuristic's move first, then the few others a competent player would weigh against it, so the
search's playouts judge plausible alternatives instead of track laid at random:

- track points: the heuristic's choice alone (``economy.take_income``): a playout builds nothing,
  so it cannot see what the money of an income step buys, and the search kept the heuristic's
  choice in 20 of 20 and 22 of 23 such moves of two replayed games anyway (a quarter of its time);
- an action tile: the ``MOST`` tiles worth most by the heuristic's ``tile_values``;
- building: the first tile of each of the ``MOST`` best links, and ending the build;
- moving goods: the ``MOST`` best deliveries by track points of its own, a locomotive level, passing;
- a turn-order bid: the lowest bid and passing.

Like the heuristic, it reads only the seat's own view and legal actions.
"""
from __future__ import annotations

from railhead.engine import Game, canonical
from railhead.engine.core import State, Stream

from ..player import Choice
from .heuristic import Turn
from .network import Board

MOST = 3


def candidates(game: Game, state: State, seat: int, rng: Stream) -> list[Choice]:
    """The heuristic's move and its runners-up for ``seat`` now, the heuristic's first, each once.
    Raises ``ValueError`` when ``seat`` may not act."""
    acts = [a for a in game.legal_actions(state, seat) if a.get("type") not in ("undo", "undo_vote")]
    if not acts:
        raise ValueError(f"seat {seat} may not act now")
    board = Board(game.view(state, seat))
    turn = Turn(board, acts, rng)
    out = [turn.choose()]
    seen = {canonical(out[0].action)}

    def add(action: dict | None, reason: str) -> None:
        if action is not None and canonical(action) not in seen:
            seen.add(canonical(action))
            out.append(Choice(action, reason))

    kinds = Turn(board, acts, rng).kinds
    phase = board.v["phase"]
    if "score" in kinds:
        pass
    elif phase in ("auction", "order"):
        bids = sorted(kinds.get("bid", []), key=lambda a: a["amount"])
        add(bids[0] if bids else None, "bids the least it may")
        add(kinds.get("pass", [None])[0], "passes")
    elif "select" in kinds:
        for action, _, why in sorted(turn.tile_values(), key=lambda o: -o[1])[:MOST]:
            add(action, why)
    elif phase == "build" and not any(k in kinds for k in ("grow", "urbanize", "produce")):
        left = board.v["build"]["limit"] - board.v["build"]["laid"]
        track = kinds.get("build", [])
        if left > 0 and track:
            for plan in turn.ranked_plans(left, track, MOST):
                add(board.first_action(plan, track), f"builds toward {board.name(plan.to)}")
        add(kinds.get("done", [None])[0], "ends its build")
    elif phase == "move":
        links = board.links

        def own(action: dict) -> int:
            return sum(links[str(lid)]["owner"] == seat for lid in action["links"])

        for action in sorted(kinds.get("deliver", []), key=lambda a: -own(a))[:MOST]:
            add(action, f"delivers a {action['colour']} cube from {board.name(action['from'])}")
        add(kinds.get("locomotive", [None])[0], "improves its locomotive")
        add(kinds.get("pass", [None])[0], "passes")
    return out
