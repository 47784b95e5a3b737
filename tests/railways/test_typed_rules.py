"""Railways' rules on their typed state (issue 32, "Typed rules"): whole games with every hook of
the contract asked along the way. Records read and write by attribute only (their dict protocol
is gone), so a rule that still read one as a dict would fail here with a ``TypeError``."""
from __future__ import annotations

from railhead.engine.core.rng import rng_for

from .helpers import GAME

OPTIONS = [{}, {"objective": "mayor"}, {"objective": "baron", "combine": ["conductor", "engineer"]},
           {"objective": "engineer", "cards": [5, 6, 7, 8]}]



def test_whole_games_play_on_typed_records():
    """Random games of every objective (setup, the dice placed, decades of every action kind,
    reshuffles, the end and its objective tests), with the view, prompts, legal moves, the
    time-out move, a question and a determinization asked along the way (railways-solo.txt)."""
    for n, options in enumerate(OPTIONS):
        state = GAME.setup(options, ["Ann"], 90 + n)
        rng = rng_for("typed rules", n)
        while GAME.outcome(state) is None:
            GAME.view(state, 0)
            GAME.prompts(state)
            GAME.legal_actions(state, 0)
            GAME.timeout_action(state, 0)
            GAME.query(state, 0, "build_spaces", {})
            GAME.determinize(state, 0, rng)
            state, _ = GAME.apply(state, 0, GAME.random_action(state, 0, rng))
        assert GAME.view(state, 0)["final"]["objective"] == options.get("objective", "economist")
