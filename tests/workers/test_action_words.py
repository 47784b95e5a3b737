"""What the Workers actions' docstrings say of their fields (docs/actions/workers.md is generated
from them by tools/gen_action_docs.py, so a field named there must exist)."""
from __future__ import annotations

import re

from railhead.engine.games.workers.actions import Command


def test_the_command_action_names_exactly_its_target_fields():
    """railway-workers.txt, "Command cards clarifications": each command needs its own targets; the
    ``command`` action's docstring lists the fields a card may need. It listed ``toward``, which
    the action does not have (a train is turned with the Share card's ``train`` action)."""
    named = re.findall(r"``(\w+)``", Command.__doc__ or "")
    assert set(named) == set(Command.__struct_fields__) - {"number"}
