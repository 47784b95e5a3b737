"""Random playouts of Railways for every objective: no crash, the game ends after 12 decades,
cards and dice conserved, tracks within their limits, replay equal (DESIGN.md, "Tests")."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhead.engine import Match, canonical, replay
from railhead.engine.games.railways import rules
from railhead.engine.games.railways.state import RailwaysState

from .helpers import GAME

OBJECTIVES = [{"objective": "economist"}, {"objective": "mayor"}, {"objective": "conductor"},
              {"objective": "engineer"}, {"objective": "baron", "combine": ["mayor", "engineer"]},
              {"objective": "economist", "cards": [5, 6, 7, 8]}]


def check(state: RailwaysState) -> None:
    cards = state.layout + state.hand + state.pool + state.discard
    assert sorted(cards) == list(range(1, 9)), cards
    assert len(state.hand) <= 3
    passenger_dice = sum(1 for d in state.dice.values() if d.kind == "passenger")
    assert passenger_dice + state.spare_dice + len(state.place_left) == 4
    built = sum(1 for d in state.dice.values() if d.kind == "building")
    assert built + len(state.building_dice) == 3 and built == len(state.built)
    assert 0 <= state.capital <= rules.CAPITAL_MAX and 1 <= state.pollution <= rules.POLLUTION_MAX
    assert 0 <= state.workers <= rules.WORKERS_MAX and len(state.markers) <= rules.MARKERS
    assert all(0 <= d.n <= 6 for d in state.dice.values())
    links = rules.board_of(state).links
    assert set(state.markers) <= set(links)          # a bought link is never cut


def playout(options: dict, seed: int) -> Match:
    match = Match.start(GAME, options, ["Ann"], seed)
    rng = random.Random(seed)
    moves = 0
    while match.outcome() is None:
        acts = [a for a in match.legal_actions(0) if a["type"] != "undo"]
        assert acts, "a running game always offers a move"
        match, events = match.play(0, rng.choice(acts))
        assert all("to" not in e for e in events)
        check(match.state)
        moves += 1
        assert moves < 200
    assert match.state.decade == rules.DECADES and match.prompts() == []
    final = match.outcome()["final"]
    assert final["score"] == match.state.profit + 3 * len(match.state.markers) - match.state.pollution
    assert canonical(replay(GAME, options, ["Ann"], seed, match.log)) == canonical(match.state)
    return match


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), options=st.sampled_from(OBJECTIVES))
def test_random_playouts_end_cleanly(seed, options):
    playout(options, seed)


def test_every_action_kind_is_reachable_in_playouts():
    """The cards' icons make every one of the eight actions happen in ordinary games."""
    seen: set[str] = set()
    for seed in range(12):
        match = playout({}, seed)
        seen |= {action["type"] for _, action in match.log}
    assert {"buy_link", "build", "move", "hire", "capital", "clean", "add_passenger", "upgrade"} <= seen
