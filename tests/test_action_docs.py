"""``docs/actions/<game>.md`` is generated from the action structs (``tools/gen_action_docs.py``)
and must stay in step with them (DESIGN.md: each action document is listed there)."""
import importlib.util
from pathlib import Path

import pytest

from railhead.engine import GAMES
from railhead.engine.core.actions import tag_of

TOOL = Path(__file__).resolve().parents[1] / "tools" / "gen_action_docs.py"
_spec = importlib.util.spec_from_file_location("gen_action_docs", TOOL)
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_action_reference_is_up_to_date(game_id):
    game = GAMES[game_id]
    path = gen.path_of(game)
    assert path.exists(), f"{path.name} is missing: run python tools/gen_action_docs.py"
    assert path.read_text(encoding="utf-8") == gen.generate(game), \
        f"{path.name} differs from the action structs: run python tools/gen_action_docs.py"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_action_and_its_example_are_documented(game_id):
    game = GAMES[game_id]
    text = gen.generate(game)
    for cls in gen.struct_types(game.actions):
        assert cls.__doc__ and cls.example, cls
        game.decode(cls.example)                      # the example is a valid action
        assert f'"type": "{tag_of(cls)}"' in text
    assert '"type": "undo"' in text and '"type": "undo_vote"' in text
