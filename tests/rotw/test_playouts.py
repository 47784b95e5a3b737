"""Random legal playouts of whole games through ``engine.Match`` (DESIGN.md, "Tests": property tests).

Each example plays a full 2-, 3- or 4-player game to the final score with a random policy
biased towards deliveries and complete links (so games end). A prompt is picked at random
among the open ones (never assuming there is exactly one); about 3% of the moves are undos
when the seat may ask for one, and open undo votes are answered at random. At every step:
legal actions are accepted, 25 cubes of each colour exist, every dollar is accounted for by
the events, and hidden information (deck order, bag contents, seed, bookkeeping) stays hidden.
At the end the log replays to the same state byte for byte, and the moves in force alone give
the same rules state. Now and then a move that may be taken back alone is undone on the side,
which must give back the rules state from before it.
"""
import random

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhead.ai.policy import choose
from railhead.engine import Match, canonical, replay, rules_state
from railhead.engine.common.goods import COLOURS
from railhead.engine.core import in_force

from .helpers import GAME

BOND = 5
UNDO = {"type": "undo"}


def check_cubes(state):
    for colour in COLOURS:
        on_board = sum(c.cubes.count(colour) for c in state.cities.values())
        assert on_board + state.bag[colour] == 25, colour


def check_money(before, after, events):
    for seat, (p0, p1) in enumerate(zip(before.players, after.players)):
        mine = [e for e in events if e.get("seat") == seat]
        bonds = sum(e.get("bonds", 0) for e in mine)
        income = sum(e.get("income", 0) for e in mine)
        expected = p0.cash + BOND * bonds + income - sum(e.get("paid", 0) for e in mine)
        assert p1.bonds == p0.bonds + bonds
        assert p1.cash == expected >= 0


def check_hidden(state, rng):
    """Non-interference: changing only hidden things (deck order, bag contents) changes no view."""
    cards = msgspec.structs.replace(state.cards, deck=list(state.cards.deck))
    other = msgspec.structs.replace(state, cards=cards, bag=dict(state.bag))
    rng.shuffle(other.cards.deck)
    colours = [c for c in COLOURS if other.bag[c] > 0]
    if len(colours) >= 2:
        other.bag[colours[0]] -= 1
        other.bag[colours[1]] += 1
    for seat in [None, *range(len(state.seats))]:
        view = GAME.view(state, seat)
        assert canonical(view) == canonical(GAME.view(other, seat))
        assert "seed" not in view and "core" not in view
        assert isinstance(view["cards"]["deck"], int) and isinstance(view["bag"], int)


def check_undo_alone(match, seat, before):
    """A move ``seat`` may take back alone: undoing it gives the rules state before it."""
    assert match.undo_alone(seat)
    undone, _ = match.play(seat, UNDO)
    assert rules_state(undone.state) == rules_state(before.state)


def step(match, rng):
    """Play one log entry for a random open prompt: a vote, an undo, or a game move."""
    prompt = rng.choice(match.prompts())
    seat = prompt["seat"]
    acts = match.legal_actions(seat)
    if prompt["kind"] == "undo_vote":
        action = {"type": "undo_vote", "agree": rng.random() < 0.7}
    elif UNDO in acts and rng.random() < 0.03:
        action = UNDO
    else:
        action = choose(rng, [a for a in acts if a != UNDO])
    new, events = match.play(seat, action)
    check_cubes(new.state)
    if action["type"] not in ("undo", "undo_vote"):
        check_money(match.state, new.state, events)
        if rng.random() < 0.03 and new.undo_alone(seat):
            check_undo_alone(new, seat, match)
    return new


def play(players: int, seed: int, options: dict | None = None) -> None:
    options = options or {}
    names = [f"P{i}" for i in range(players)]
    match = Match.start(GAME, options, names, seed)
    rng = random.Random(seed)
    for n in range(3000):
        if match.outcome() is not None:
            break
        match = step(match, rng)
        if n % 15 == 0:
            check_hidden(match.state, rng)
    outcome = match.outcome()
    assert outcome is not None, "game did not end in 3000 log entries"
    assert sorted(outcome["ranking"]) == list(range(players))
    again = replay(GAME, options, names, seed, match.log)
    assert canonical(again) == canonical(match.state)
    moves = [match.log[i] for i in in_force(match.log)]
    assert rules_state(replay(GAME, options, names, seed, moves)) == rules_state(again)


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


OPTIONS = st.fixed_dictionaries({
    "bidding": st.sampled_from(["traditional", "first_to_pass", "worst_is_first", "variant1", "variant2"]),
    "short_game": st.booleans(), "barons": st.booleans(), "baron_later": st.booleans(), "cut_throat": st.booleans(),
    "hidden_money": st.booleans(), "bounty_queue": st.booleans()})


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), options=OPTIONS)
def test_random_games_with_every_option(seed, players, options):
    """Issue "Railways of the World, complete": every option set plays to the end, conserved and replayable."""
    play(players, seed, options)
