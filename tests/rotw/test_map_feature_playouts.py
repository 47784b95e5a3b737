"""Random legal playouts on the features test map (walls, Snow Line, ferry hex and Ferry Line cards,
Western Link: tests/rotw/maps/features-test.toml), as ``test_playouts.py`` plays the shipped maps:
whole games through ``engine.Match`` reach the final score with money and cubes conserved, hidden
information hidden and the log replaying to the same state. Fixed seeds, so the features used are
known: across them, Ferry Lines are readied and built with, and Western Links are built."""
from __future__ import annotations

import random

import pytest

from railhead.engine import Match, canonical, replay
from railhead.engine.common.hexgrid import edge_key

from .feature_maps import MAP_ID
from .helpers import GAME
from .test_playouts import check_hidden, step


def _play(players: int, seed: int, walls) -> dict:
    """One whole game; returns what the features saw."""
    options = {"map": MAP_ID}
    names = [f"P{i}" for i in range(players)]
    match = Match.start(GAME, options, names, seed)
    rng = random.Random(seed)
    seen = {"western_link": 0, "western_market": 0, "ferry_builds": 0}
    for n in range(3000):
        if match.outcome() is not None:
            break
        before = len(match.log)
        match = step(match, rng)
        for _, action in match.log[before:]:
            if action.get("type") == "build":
                path = action["path"]
                assert not [a for a, b in zip(path, path[1:]) if edge_key(a, b) in walls]
                seen["ferry_builds"] += "L8" in path
        for link in match.state.links.values():
            assert "A5" not in link.hexes
        if n % 15 == 0:
            check_hidden(match.state, rng)
    assert match.outcome() is not None, "game did not end in 3000 log entries"
    seen["western_link"] = len(match.state.western_links)
    again = replay(GAME, options, names, seed, match.log)
    assert canonical(again) == canonical(match.state)
    return seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_on_the_features_map_reach_the_end(feature_map, players):
    seen = {"western_link": 0, "ferry_builds": 0}
    for seed in range(6):
        got = _play(players, 100 * players + seed, feature_map.map.walls)
        seen = {k: seen[k] + got[k] for k in seen}
    assert seen["western_link"] >= 1 and seen["ferry_builds"] >= 1, seen
