"""The search's playout policy for Railways of the World (``ai/games.py``'s ``rollout`` and
``evaluate``): far cheaper than the heuristic, leaning towards what makes a game (deliveries,
builds between cities, a few upgrades) rather than spending at random.

In a round: the seat's best delivery (most points of its own) most of the time when it has one;
else the best of a few random legal actions by a rough score (builds joining cities near cubes,
an early upgrade, a card; passing beats a build paid with more bonds). In the auction: a pass, or
now and then the floor when cash pays it. Any other prompt: a random legal action. A playout cut
short is scored by ``evaluate``, each seat's ``value``.
"""
from __future__ import annotations

import math

from railhead.engine import Game
from railhead.engine.core import Stream
from railhead.engine.core.record import UNSET
from railhead.engine.games.rotw import barons, eventdeck, periods, transcontinental
from railhead.engine.games.rotw.bidding import actor, bid_floor
from railhead.engine.games.rotw.context import of
from railhead.engine.games.rotw.search import iter_deliveries
from railhead.engine.games.rotw.state import RotwState

from .value import value

DELIVER = 85
"""The chance of delivering when the seat can, in percent."""
ROUTES = 40
"""Deliveries looked at for the best one."""
DRAWS = 3
"""Random actions drawn to pick the best of, when not delivering."""
TEMPERATURE = 6.0
"""Points of ``value`` between two seats for which the leader's chance is e times the other's (``evaluate``)."""


def rollout(game: Game, state: RotwState, seat: int, rng: Stream) -> dict:
    """One move of ``seat`` for a playout (see the module docstring)."""
    phase = state.phase
    if state.inspection is not UNSET or (state.barons is not UNSET and barons.choosing(state)) or actor(state) != seat:
        return game.random_action(state, seat, rng)      # a baron to keep, an Inspector's answer
    if phase == "auction":
        floor = bid_floor(state, of(state))
        if state.players[seat].cash >= floor and floor <= 2 and rng.below(10) < 3:
            return {"type": "bid", "amount": floor}
        return {"type": "pass"}
    if phase != "actions" or state.hot_spring is not UNSET:
        return game.random_action(state, seat, rng)
    if rng.below(100) < DELIVER:
        move = _best_delivery(state, seat)
        if move is not None:
            return move
    best, score = None, -math.inf
    for _ in range(DRAWS):
        action = game.random_action(state, seat, rng)
        s = _rough(state, seat, action)
        if s > score:
            best, score = action, s
    return best


def _best_delivery(state: RotwState, seat: int) -> dict | None:
    """The seat's delivery with the most points of its own among the first ``ROUTES`` (plain maps
    only: with modules or through time the search's own random move is used)."""
    if state.modules is not UNSET or periods.is_composed(state.options.map):
        return None
    key, best, most = str(seat), None, 0
    ctx = None
    for n, d in enumerate(iter_deliveries(state, seat)):
        if n >= ROUTES:
            break
        mine = d["points"].get(key, 0)
        if mine > most:
            action = {"type": "deliver", "from": d["from"], "colour": d["colour"], "links": d["links"]}
            if not eventdeck.allowed(state, [action]):
                continue
            ctx = ctx or of(state)
            if not transcontinental.allowed(state, ctx.map, action):
                continue
            best, most = action, mine
    return best


def _rough(state: RotwState, seat: int, action: dict) -> float:
    """A rough worth of ``action`` without playing it."""
    kind = action["type"]
    player = state.players[seat]
    broke = player.cash < 4
    if kind == "deliver":
        return 10.0
    if kind == "build":
        path = action.get("path") or []
        cities = state.cities
        if not path:
            return 0.5
        ends = [h for h in (path[0], path[-1]) if h in cities]
        cubes = sum(len(cities[h].cubes) for h in ends)
        return (3.0 if len(ends) == 2 else 0.3) + 0.5 * cubes - (2.0 if broke else 0.0)
    if kind == "upgrade":
        return 4.0 - player.engine - (1.5 if broke else 0.0)
    if kind == "take_card":
        return 1.5
    if kind == "urbanize":
        return 0.5 - (2.0 if broke else 0.0)
    if kind == "pass":
        return 1.0
    return 0.2


def evaluate(game: Game, state: RotwState) -> list[float]:
    """Each seat's chance of winning an unfinished game (0..1, summing to 1): a softmax at
    ``TEMPERATURE`` of each seat's ``value`` (``value.py``, the heuristic's yardstick, in points:
    the final score as it stands plus the worth of its money, open deliveries, near Major Lines,
    links and cards). Points minus bonds alone made every build look like a loss at the cut (its
    cost counted, the deliveries it opens not), and the search passed and kept cash; see
    docs/ai/rotw.md."""
    est = [value(state, seat) for seat in range(len(state.players))]
    top = max(est)
    weights = [math.exp((e - top) / TEMPERATURE) for e in est]
    total = sum(weights)
    return [w / total for w in weights]
