"""Scenario helpers for Railways: a state on a chosen map and hand, and moves applied to it."""
from __future__ import annotations

import msgspec

from railhead import engine
from railhead.engine.games.railways.state import RailwaysState

GAME = engine.get_game("railways")
CHAIN = ["B2-C2", "E2-G2", "H3-H4", "D5-G5"]     # L(A2) -2- C(D2) -3- I(H2) -2- L(H5) -4- R(C5)


def start(cards=(5, 6, 7, 8), hand=(1, 2, 3), seed: int = 1, dice=None, **tracks) -> RailwaysState:
    """A state after setup on the map ``cards`` (top left, top right, bottom left, bottom right)
    with the passenger dice ``dice`` (space -> passengers; default one die per card), the hand
    ``hand``, the other cards in the pool, and tracks set from ``tracks`` (capital=5, ...)."""
    state = GAME.setup({"cards": list(cards)}, ["Ann"], seed)
    for at, n in (dice or {"A2": 3, "J1": 3, "C5": 2, "H5": 2}).items():
        state, _ = GAME.apply(state, 0, {"type": "place", "at": at, "passengers": n})
    assert state.phase == "actions"
    state.hand = list(hand)
    state.pool = [c for c in range(1, 9) if c not in cards and c not in hand]
    return msgspec.structs.replace(state, **tracks)


def play(state: RailwaysState, action: dict) -> tuple[RailwaysState, list[dict]]:
    return GAME.apply(state, 0, action)
