"""Whole matches of Steam, Railway Workers and Railways on their typed states, through the engine's
contract (``engine.get_game``: setup, apply, the views, prompts, legal and random actions, the
time-out move, determinization and the trusted apply) and through ``Match`` (undos, votes, a
snapshot restored). Written for issue 32's "Typed rules", when ``Record``'s dict protocol was
refused here to show nothing needed it; the protocol is gone now, and these games keep every
part of the engine playing together on typed records."""
from __future__ import annotations

import json

import pytest

from railhead import engine
from railhead.engine.core.game import clone, rules_state
from railhead.engine.core.match import Match
from railhead.engine.core.rng import rng_for

GAMES = [("steam", 3, {}), ("steam", 4, {"standard": True}), ("steam", 3, {"first_order": "auction"}),
         ("workers", 3, {}), ("railways", 1, {}), ("railways", 1, {"objective": "mayor"})]
"""(game id, players, options): Steam's base and standard games and its turn-order auction,
Railway Workers, and Railways with two objectives."""

LIMIT = {"steam": 1000, "workers": 1500, "railways": 1500}
"""Moves played at most: far more than a random game takes (each ends within)."""


def _asks(game, match: Match, seat: int, rng) -> None:
    """Everything a table and a search player ask of the state now, for ``seat`` about to move."""
    state = match.state
    for who in (None, seat):
        game.view(state, who)
    for prompt in game.prompts(state):
        game.read_prompt(prompt)
    match.legal_actions(seat)
    match.undo_alone(seat)
    game.timeout_action(state, seat)
    game.outcome(state)
    game.determinize(state, seat, rng)


def _trusted_agrees(game, state, seat: int, action: dict) -> None:
    """``apply_trusted`` on a copy gives the rules state and events ``apply`` gives."""
    checked, events = game.apply(state, seat, action)
    copy = clone(state)
    trusted_events = game.apply_trusted(copy, seat, action)
    assert engine.canonical(rules_state(copy)) == engine.canonical(rules_state(checked))
    assert engine.canonical(trusted_events) == engine.canonical(events)


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES)
def test_whole_matches_with_undos_votes_and_snapshots(game_id, players, options):
    """A random game (to its end, or ``LIMIT`` moves) with an undo asked now and then (taken back
    at once, or put to a vote the others answer at random) and the snapshot restored from its
    JSON (steam.txt,
    railway-workers.txt and railways-solo.txt throughout; DESIGN.md, "Turns, undo, timing")."""
    game = engine.get_game(game_id)
    names = [f"P{i}" for i in range(players)]
    match = Match.start(game, options, names, 7)
    rng = rng_for(f"record protocol:{game_id}", players)
    undos = votes = 0
    for n in range(LIMIT[game_id]):
        actors = game.actors(match.state)
        if not actors or match.outcome() is not None:
            break
        seat = rng.choice(actors)
        _asks(game, match, seat, rng)
        if n % 23 == 11 and match.undo_target(seat) is not None:
            action = {"type": "undo"}
            undos += 1
        else:
            action = game.random_action(match.state, seat, rng)
            assert action is not None, f"seat {seat} may act but random_action gave nothing"
            if action["type"] == "undo_vote":
                votes += 1
            elif n % 7 == 3:
                _trusted_agrees(game, match.state, seat, action)
        match, events = match.play(seat, action)
        engine.events_for(events, seat)
        if n % 50 == 0:                 # the table loads a stored snapshot (JSON) rather than replaying
            snapshot = json.loads(engine.canonical(match.state))
            restored = Match.restore(game, options, names, 7, match.log, snapshot)
            assert engine.canonical(restored.state) == engine.canonical(match.state)
            match = restored
    assert match.outcome() is not None and undos > 0, (n, undos)
    assert votes > 0 or players == 1            # a solo game's undo never needs a vote
