"""Steam's playout policy for the search (the ``rollout`` hook of ``ai/games.py``): a cheap,
solvent cousin of the heuristic. Random Steam players lay track anywhere and go bankrupt within a
few turns, so a playout of them says little about a position; this one keeps the network the
position has and plays it out:

- it starts no new track (a City Growth, Urbanization or Production taken is used first, where the
  heuristic would use it: on a random target the search undervalued those tiles), so nobody
  spends money a playout cannot judge, but it finishes a link begun in
  this build (by the search's move) by the shortest way to a city or town, so that move is
  judged by what the link delivers, not lost at the build's end;
- it delivers the cube with the most track points of its own, else takes a locomotive level up to
  3 (in the standard game only while income covers the upkeep), else passes;
- it takes a free tile (Turn Order, First Build or a pass option), never bids, raises no capital,
  and places track points as income or VP as ``economy.take_income`` says.

It reads the state it is given, which inside the search is already a determinization.
"""
from __future__ import annotations

from railhead.engine import Game
from railhead.engine.core import Stream
from railhead.engine.games.steam.state import SteamState

from .economy import take_income
from .heuristic import Heuristic
from .network import Board

LOCO_CAP = 3
PLAYOUT_DEPTH = 60
"""The most moves a guided playout plays before ``evaluate`` scores it; ``cut`` ends it sooner, at
the next turn's start (a turn of three heuristic players is 22-29 moves)."""
FREE = ("turn-order", "first-build")


def cut(game: Game, root: SteamState, state: SteamState, played: int) -> bool:
    """Whether a playout from ``root`` ends at ``state`` (the ``cut`` hook of the search): at the
    start of the turn after the root's, once every seat has made its deliveries and had its income.
    Cut in mid-turn (after a fixed number of moves), ``evaluate`` credited the seats that had
    delivered before the cut with points the others were about to score too."""
    return state.turn > root.turn


def rollout(game: Game, state: SteamState, seat: int, rng: Stream) -> dict:
    """A legal move for ``seat`` now (see the module docstring)."""
    phase = state.phase
    p = state.players[seat]
    left = state.turns - state.turn + 1
    if phase == "score":
        points = state.scoring.points[str(seat)]
        return {"type": "score", "take": "income" if take_income(p.income, points, left) else "vp"}
    if phase == "capital":
        return {"type": "capital", "steps": 0}
    if phase in ("auction", "order"):
        return {"type": "pass"}
    if phase == "build":
        if not state.build.todo:
            return _finish(game, state, seat) or {"type": "done"}
        return Heuristic().choose(game, state, seat, rng).action
    acts = game.legal_actions(state, seat)
    if phase == "select":
        for tile in FREE:
            act = next((a for a in acts if a.get("tile") == tile), None)
            if act is not None:
                return act
        return next((a for a in acts if a.get("pass_option")), acts[0])
    if phase == "move":
        links = state.links
        best, own_best = None, 0
        for a in acts:
            if a["type"] == "deliver":
                own = sum(links[str(lid)].owner == seat for lid in a["links"])
                if own > own_best:
                    best, own_best = a, own
        if best is not None:
            return best
        upkeep_ok = not state.options.standard or p.income > p.loco
        if p.loco < LOCO_CAP and upkeep_ok and any(a["type"] == "locomotive" for a in acts):
            return {"type": "locomotive"}
        return {"type": "pass"}
    return game.random_action(state, seat, rng)


def _finish(game: Game, state: SteamState, seat: int) -> dict | None:
    """The next tile of the shortest way to finish a link of ``seat``'s begun in this build, if
    one is legal (``None`` when there is no such link or tile)."""
    b = state.build
    begun = {lid for lid, link in state.links.items() if link.owner == seat and link.to is None
             and link.turn == state.turn}
    if not begun or b.laid >= b.limit:
        return None
    board = Board(game.view(state, seat))
    plans = sorted(board.extensions(b.limit - b.laid, begun), key=lambda p: (p.tiles, p.cost))
    if not plans:
        return None
    acts = game.legal_actions(state, seat)
    for plan in plans:
        act = board.first_action(plan, acts)
        if act is not None:
            return act
    return None
