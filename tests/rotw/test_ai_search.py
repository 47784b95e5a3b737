"""Railways of the World's search hooks (issue 34; ``ai/rotw/``): how a playout cut short is
scored (``evaluate``)."""
from __future__ import annotations

import pytest

from railhead.ai.rotw import evaluate, rollout
from railhead.ai.rotw.value import value
from railhead.engine.core.rng import rng_for

from .helpers import GAME


def _old_measure(p) -> float:
    """What ``evaluate`` used to rank seats by: points minus bonds, a little for engine and cash."""
    return p.points - p.bonds + 0.3 * p.engine + 0.1 * p.cash


def test_a_cut_playout_counts_what_a_network_is_worth_not_only_points():
    """``evaluate`` ranks the seats of a cut playout by ``value`` (the final score as it stands,
    railways-of-the-world.txt "Ending the Game", plus what the seat's money, open deliveries, near
    Major Lines and links are worth): where a seat is behind on points but ahead on ``value`` it
    is favoured. Counting points (minus bonds, a little for engine and cash) alone made a build
    look like a loss at the cut, and the search passed instead (docs/ai/rotw.md)."""
    seen = 0
    for seed in (4, 5):
        for state in _walk(seed, 160):
            chances = evaluate(GAME, state)
            assert sum(chances) == pytest.approx(1.0)
            worth = [value(state, s) for s in range(3)]
            for a in range(3):
                for b in range(3):
                    if worth[a] > worth[b] + 1 and _old_measure(state.players[a]) < _old_measure(state.players[b]):
                        assert chances[a] > chances[b]
                        seen += 1
    assert seen >= 3


def _walk(seed: int, moves: int):
    """The states of a 3-player game played by the search's playout policy (``rollout``)."""
    state = GAME.setup({}, ["a", "b", "c"], seed)
    rng = rng_for("ai-rotw-eval", seed)
    for _ in range(moves):
        actors = GAME.actors(state)
        if not actors:
            return
        yield state
        GAME.apply_trusted(state, actors[0], rollout(GAME, state, actors[0], rng))
