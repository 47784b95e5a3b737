"""Random legal playouts of whole games (DESIGN.md, "Tests": property tests).

Each example plays a full 2-, 3- or 4-player game to the final score with a random policy
biased towards deliveries and complete links (so games end), checking at every step:
legal actions are accepted, 25 cubes of each colour exist, every dollar is accounted for
by the events, and hidden information (deck order, bag contents, seed) stays hidden.
"""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.policy import choose
from engine import canonical, replay
from engine.common.goods import COLOURS

from .helpers import GAME

BOND = 5


def check_cubes(state):
    for colour in COLOURS:
        on_board = sum(c["cubes"].count(colour) for c in state["cities"].values())
        assert on_board + state["bag"][colour] == 25, colour


def check_money(before, after, events):
    for seat, (p0, p1) in enumerate(zip(before["players"], after["players"])):
        mine = [e for e in events if e.get("seat") == seat]
        bonds = sum(e.get("bonds", 0) for e in mine)
        expected = p0["cash"] + BOND * bonds + sum(e.get("income", 0) for e in mine) - sum(e.get("paid", 0) for e in mine)
        assert p1["bonds"] == p0["bonds"] + bonds
        assert p1["cash"] == expected >= 0


def check_hidden(state, rng):
    """Non-interference: changing only hidden things (deck order, bag contents) changes no view."""
    other = {**state, "cards": {**state["cards"], "deck": list(state["cards"]["deck"])}, "bag": dict(state["bag"])}
    rng.shuffle(other["cards"]["deck"])
    colours = [c for c in COLOURS if other["bag"][c] > 0]
    if len(colours) >= 2:
        other["bag"][colours[0]] -= 1
        other["bag"][colours[1]] += 1
    for seat in [None, *range(len(state["seats"]))]:
        view = GAME.view(state, seat)
        assert canonical(view) == canonical(GAME.view(other, seat))
        assert "seed" not in view and isinstance(view["cards"]["deck"], int) and isinstance(view["bag"], int)


def play(players: int, seed: int) -> None:
    names = [f"P{i}" for i in range(players)]
    state = GAME.setup({}, names, seed)
    rng = random.Random(seed)
    log = []
    for step in range(3000):
        if GAME.outcome(state) is not None:
            break
        (prompt,) = GAME.prompts(state)
        seat = prompt["seat"]
        assert prompt["state"] == state["n"]
        action = choose(rng, GAME.legal_actions(state, seat))
        new, events = GAME.apply(state, seat, action)
        check_cubes(new)
        check_money(state, new, events)
        if step % 15 == 0:
            check_hidden(new, rng)
        log.append((seat, action))
        state = new
    outcome = GAME.outcome(state)
    assert outcome is not None, "game did not end in 3000 actions"
    assert sorted(outcome["ranking"]) == list(range(players))
    assert canonical(replay(GAME, {}, names, seed, log)) == canonical(state)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_two_player_games(seed):
    play(2, seed)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_three_player_games(seed):
    play(3, seed)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_four_player_games(seed):
    play(4, seed)
