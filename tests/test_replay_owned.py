"""``Match.replay`` plays a stored log on one working state (``Game.apply_owned``, no copy per
move; issue 32, "whole-game replay < 100 ms"). It must give exactly the state that playing the
log move by move through ``Match.play`` gives (rules state, seals, prompt stamps, undos and votes
included), and refuse a bad log with the message ``apply`` gives."""
from __future__ import annotations

import random

import pytest

from railhead.ai.policy import choose
from railhead.engine import GAMES, IllegalAction, canonical
from railhead.engine.core.match import Match, in_force

MOVES = {"rotw": 120, "workers": 250, "steam": 120, "railways": 120}


def played(game_id: str, seed: int) -> Match:
    """A match of the game's first moves, played entry by entry (``Match.play``: a copy per move),
    with undos taken now and then and every vote they open answered (a refusal now and then)."""
    game = GAMES[game_id]
    seats = ["Ann", "Bob", "Cy"][: max(game.min_seats, min(3, game.max_seats))]
    match = Match.start(game, {}, seats, seed)
    rng = random.Random(seed)
    while match.outcome() is None and len(match.log) < MOVES[game_id]:
        prompt = rng.choice(match.prompts())
        seat = prompt["seat"]
        if prompt["kind"] == "undo_vote":
            action = {"type": "undo_vote", "agree": rng.random() < 0.7}
        else:
            acts = match.legal_actions(seat)
            undo = [a for a in acts if a["type"] == "undo"]
            action = undo[0] if undo and rng.random() < 0.08 else choose(rng, [a for a in acts if a not in undo])
        match, _ = match.play(seat, action)
    return match


@pytest.mark.parametrize("game_id", sorted(MOVES))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_replay_gives_the_state_of_playing_move_by_move(game_id, seed):
    match = played(game_id, seed)
    kinds = {a.get("type") for _, a in match.log}
    assert "undo" in kinds, "the log should take something back"
    again = Match.replay(match.game, {}, match.seats, seed, match.log)
    assert canonical(again.state) == canonical(match.state)
    assert again.log == match.log
    assert again.prompts() == match.prompts()


@pytest.mark.parametrize("game_id", sorted(MOVES))
def test_a_bad_log_is_refused_as_apply_refuses_it(game_id):
    """A move the rules refuse, and one made for a seat that is not in the game, stop the replay
    with ``apply``'s own message."""
    match = played(game_id, 3)
    log = [match.log[i] for i in in_force(match.log)][:40]
    assert len(log) >= 10
    cut = len(log) // 2
    before = Match.replay(match.game, {}, match.seats, 3, log[:cut])
    bad = {"type": "no such move"}
    with pytest.raises(IllegalAction) as expected:
        match.game.apply(before.state, log[cut][0], bad)
    with pytest.raises(IllegalAction) as got:
        Match.replay(match.game, {}, match.seats, 3, log[:cut] + [(log[cut][0], bad)] + log[cut + 1:])
    assert str(got.value) == str(expected.value)
    with pytest.raises(IllegalAction, match="That seat is not in this game."):
        Match.replay(match.game, {}, match.seats, 3, log[:cut] + [(7, log[cut][1])])
