"""Railways' typed prompts (issue 32, "One turn grammar per game": a typed prompt kind with its
payload, not a string): what the steps ask the solo player is one of the structs of
engine/games/railways/prompts.py, stored as the same JSON a dict prompt was.

Rules: railways-solo.txt, "Set-up" (the passenger dice still to place) and "Playing the game"
(the decade and the action's number)."""
from __future__ import annotations

import typing

from railhead.engine.core.game import canonical
from railhead.engine.core.prompts import Prompt, body
from railhead.engine.games.railways import prompts, search
from railhead.engine.games.railways.game import STEPS
from tests.search_hooks import walk

from .helpers import GAME

OPTIONS = [{}, {"objective": "mayor"}, {"objective": "baron", "combine": ["conductor", "engineer"]},
           {"cards": [5, 6, 7, 8]}]
"""The objectives and a chosen map: every option the solo game has, so each playout differs."""


def declared() -> set[type]:
    """The prompt structs the game names in ``prompt_types``."""
    return set(typing.get_args(GAME.prompt_types)) or {GAME.prompt_types}


def test_every_prompt_of_random_games_reads_back_as_its_struct():
    """Over whole random games of each objective, every prompt the table stores reads back as one
    of the game's structs (``read_prompt``) and turns into the same JSON again; each step's
    ``prompt`` hook returns a declared struct; both kinds (Place, Action) are seen."""
    seen: set[type] = set()
    for n, options in enumerate(OPTIONS):
        for state, seat in walk(GAME, 1, seed=70 + n, limit=500, options=options):
            step = next(s for s in STEPS if s.active(state))
            assert step.prompt is not None
            built = step.prompt(state, seat)
            assert type(built) in declared(), f"step {step.name} returned an undeclared {type(built).__name__}"
            for stored in GAME.prompts(state):
                typed = GAME.read_prompt(stored)
                assert isinstance(typed, Prompt), stored
                seen.add(type(typed))
                assert canonical({"seat": typed.seat, **body(typed), "stamp": typed.stamp}) == canonical(stored)
        assert GAME.outcome(state) is None or state.phase == "over"
    assert declared() <= seen, f"never prompted: {sorted(t.__name__ for t in declared() - seen)}"


def test_the_prompts_the_steps_can_return_are_the_declared_ones():
    """The kinds the steps' ``prompt`` hook says it returns (its annotation) are exactly the game's
    ``prompt_types``: a kind added to the hook but not declared fails here (the table could not read
    it back), as does a declared kind no step returns."""
    hooks = {step.prompt for step in STEPS}
    assert hooks == {search.prompt}
    returned = set(typing.get_args(typing.get_type_hints(search.prompt, vars(search))["return"]))
    assert returned == declared() == {prompts.Place, prompts.Action}


def test_a_setup_prompt_names_the_dice_left_and_an_action_prompt_the_decade():
    """railways-solo.txt, "Set-up": the four passenger dice (two 3s, two 2s) wait to be placed;
    "Playing the game": decade 1, action 1 once they are all placed."""
    state = GAME.setup({"cards": [5, 6, 7, 8]}, ["Ann"], 1)
    first = GAME.read_prompt(GAME.prompts(state)[0])
    assert isinstance(first, prompts.Place) and first.left == [3, 3, 2, 2] and first.seat == 0
    for at, n in {"A2": 3, "J1": 3, "C5": 2, "H5": 2}.items():
        state, _ = GAME.apply(state, 0, {"type": "place", "at": at, "passengers": n})
    then = GAME.read_prompt(GAME.prompts(state)[0])
    assert isinstance(then, prompts.Action) and (then.decade, then.action) == (1, 1)
