"""Steam's typed prompts (issue 32, "a typed prompt kind with its payload, not a string"): every
prompt a step returns is one of the structs of ``engine/games/steam/prompts.py`` that the game
declares in ``prompt_types``, and stores as the JSON it reads back from."""
from __future__ import annotations

import inspect

import pytest

from railhead.engine import get_game
from railhead.engine.core.game import canonical
from railhead.engine.core.prompts import Prompt, body
from railhead.engine.core.steps import step_in_force
from railhead.engine.games.steam import prompts
from tests.search_hooks import walk

GAME = get_game("steam")


def declared() -> set[type]:
    return set(GAME.prompt_types.__args__)


def test_every_prompt_struct_of_steam_is_declared():
    """A struct added to ``prompts.py`` (for a step to return) but left out of ``PROMPTS`` would be
    refused when the table reads the stored prompt back (``Steam.read_prompt``)."""
    structs = {c for _, c in inspect.getmembers(prompts, inspect.isclass)
               if issubclass(c, Prompt) and c is not Prompt and c.__module__ == prompts.__name__}
    assert structs == declared()


@pytest.mark.parametrize("players,options", [
    (5, {"standard": True, "first_order": "auction"}),     # English Midlands: 4-6 players
    (3, {"standard": True}),                               # Po Valley: 3-4 players
])
def test_each_steps_prompt_is_a_declared_struct_and_reads_back(players, options):
    """Over a whole random game (steam.txt's standard game, whose capital and turn-order auction
    ask prompts the base game never does), the step in force's ``prompt`` hook gives each seat
    that may act an instance of a declared struct; the stored prompt reads back as that class
    and encodes to the same JSON."""
    seen: set[type] = set()
    for state, _ in walk(GAME, players, seed=7, limit=3000, options=options):
        step = step_in_force(GAME.steps, state)
        assert step is not None and step.prompt is not None
        for seat in step.actors(state):
            made = step.prompt(state, seat)
            assert isinstance(made, GAME.prompt_types), (step.name, made)
            seen.add(type(made))
        for stored in GAME.prompts(state):
            typed = GAME.read_prompt(stored)
            assert canonical({"seat": typed.seat, **body(typed), "stamp": typed.stamp}) == canonical(stored)
    assert seen == declared(), f"never prompted: {sorted(t.__name__ for t in declared() - seen)}"
