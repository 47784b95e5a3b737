"""The engine contract, checked for every registered game and the test-only Sealed Bid game
(DESIGN.md, "The engine contract", "Hidden information"): random playouts through ``Match``
with several prompts at once, undos and votes; replay equality; undo round trips; events
addressed to valid seats; and non-interference: a seat's secret move changes neither another
seat's view nor the events it sees, byte for byte."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhead.ai.policy import choose
from railhead.engine import GAMES, Match, canonical, events_for, replay, rules_state
from railhead.engine.core import in_force

from .sealed.game import GAME as SEALED

CONTRACT_GAMES = {**GAMES, SEALED.id: SEALED}
MOVES = {"rotw": 160, "workers": 300}   # a long game's first moves are enough here; tests/<game> play whole games


def pick(game, rng: random.Random, acts: list[dict]) -> dict:
    return choose(rng, acts) if game.id == "rotw" else rng.choice(acts)


def check_secret(match: Match, seat: int, acts: list[dict], rng: random.Random) -> None:
    """Two different secret moves of ``seat`` that reveal nothing look the same to everyone else."""
    if len(acts) < 2:
        return
    x, y = rng.sample(acts, 2)
    (mx, ex), (my, ey) = match.play(seat, x), match.play(seat, y)
    sealed = match.core.sealed
    if mx.core.sealed != sealed or my.core.sealed != sealed:
        return                      # this move revealed (the last bid of a round): nothing to hide
    for other in [None, *range(len(match.seats))]:
        if other == seat:
            continue
        assert canonical(mx.view(other)) == canonical(my.view(other)), (other, x, y)
        assert canonical(events_for(ex, other)) == canonical(events_for(ey, other)), (other, x, y)


def assert_plain(obj) -> None:
    """Views and outcomes are plain JSON values (a typed state's records never leak into them)."""
    if isinstance(obj, dict):
        for key, value in obj.items():
            assert isinstance(key, str | int), key
            assert_plain(value)
    elif isinstance(obj, list):
        for value in obj:
            assert_plain(value)
    else:
        assert obj is None or isinstance(obj, str | int | float | bool), type(obj)


def playout(game, players: int, seed: int) -> None:
    names = [f"P{i}" for i in range(players)]
    match = Match.start(game, {}, names, seed)
    rng = random.Random(seed)
    for _ in range(MOVES.get(game.id, 3000)):
        if match.outcome() is not None:
            break
        prompts = match.prompts()
        assert prompts and len({p["seat"] for p in prompts}) == len(prompts)
        prompt = rng.choice(prompts)
        seat = prompt["seat"]
        acts = match.legal_actions(seat)
        moves = [a for a in acts if a["type"] not in ("undo", "undo_vote")]
        if prompt.get("secret"):
            hidden = [a for a in moves if a["type"] not in getattr(game, "public_moves", ())]
            check_secret(match, seat, hidden, rng)
        if {"type": "undo"} in acts and rng.random() < 0.05:
            action = {"type": "undo"}
        elif prompt["kind"] == "undo_vote":
            action = rng.choice(acts)
        else:
            action = pick(game, rng, moves)
        before = match
        match, events = match.play(seat, action)
        for event in events:
            assert "to" not in event or set(event["to"]) <= set(range(players)), event
        if action["type"] != "undo" and before.core.vote is None and match.undo_alone(seat) \
                and match.core.vote is None:
            undone, _ = match.play(seat, {"type": "undo"})
            assert canonical(rules_state(undone.state)) == canonical(rules_state(before.state))
        for who in [None, *range(players)]:
            view = match.view(who)
            assert "core" not in view and "seed" not in view
            assert_plain(view)
        if game.state_type is not None:                 # typed all through, and a snapshot loads back
            assert type(match.state) is game.state_type
            assert canonical(game.load_state(json.loads(canonical(match.state)))) == canonical(match.state)
    assert_plain(match.outcome())
    if match.outcome() is not None:            # scores keyed one way: by the seat number, every seat
        assert sorted(match.outcome()["scores"]) == list(range(players))
    assert canonical(replay(game, {}, names, seed, match.log)) == canonical(match.state)
    kept = [match.log[i] for i in in_force(match.log)]
    assert canonical(rules_state(replay(game, {}, names, seed, kept))) == canonical(rules_state(match.state))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), game_id=st.sampled_from(sorted(CONTRACT_GAMES)), data=st.data())
def test_every_game_keeps_the_contract(seed, game_id, data):
    game = CONTRACT_GAMES[game_id]
    players = data.draw(st.integers(max(game.min_seats, min(2, game.max_seats)), game.max_seats))
    playout(game, players, seed)


def test_the_sealed_bid_game_plays_to_the_end_with_secrets_checked():
    for seed in range(5):
        playout(SEALED, 3, seed)


def test_every_typed_game_keeps_the_contract():
    """Each game with a ``state_type`` (engine/core/record.py): whole playouts stay typed, views
    and outcomes stay plain, snapshots load back byte for byte."""
    typed = [g for g in GAMES.values() if g.state_type is not None]
    assert typed
    for game in typed:
        for seed in range(2):
            playout(game, game.min_seats, seed)


def test_a_table_too_small_says_how_many_are_seated_in_good_english():
    from railhead.engine import IllegalAction, get_game
    game = get_game("rotw")
    with pytest.raises(IllegalAction, match=r"needs 2-6 players; 1 is seated\.$"):
        game.setup({}, ["Ann"], 1)
    with pytest.raises(IllegalAction, match=r"needs 2-6 players; 7 are seated\.$"):
        game.setup({}, [f"P{i}" for i in range(7)], 1)
