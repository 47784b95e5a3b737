"""Decoding a JSON action (engine/core/actions.py ``decode``) finds the struct by the action's
``type`` and converts it alone, which is much faster than converting against the game's whole
union (bench figures in the commit, never in a test). This checks that it decodes exactly what the
union does, and refuses wrong input with the same sentence."""
from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from railhead import engine
from railhead.engine.core.actions import decode, explain

FOLDER = Path(__file__).parent / "fixtures" / "games"
FILES = sorted(FOLDER.glob("*.json"))


def _by_union(union, raw):
    """The old way: the whole union, and the same refusal text."""
    try:
        return msgspec.convert(raw, union, strict=True)
    except msgspec.ValidationError as exc:
        return explain(exc, union, raw)


def _by_decode(union, raw):
    try:
        return decode(union, raw)
    except engine.IllegalAction as exc:
        return str(exc)


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_every_logged_action_decodes_as_through_the_union(path: Path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    game = engine.get_game(doc["game"])
    actions = [a for _, a in doc["log"] if a.get("type") not in ("undo", "undo_vote")]
    assert actions
    for raw in actions:
        assert _by_decode(game.actions, raw) == _by_union(game.actions, raw)


BAD = [{"type": "no_such_kind"}, {"type": "bid", "amount": "ten"}, {"type": "bid"},
       {"type": "bid", "amount": 3, "extra": 1}, {"type": "pass", "amount": 1}, {"type": "build", "path": "A1"},
       {"type": "deliver", "links": [1, "x"]}]


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_wrong_actions_are_refused_with_the_unions_sentence(game_id):
    """An unknown kind, a field of the wrong type, a missing or unknown field: the same refusal
    as converting against the whole union gave."""
    game = engine.get_game(game_id)
    for raw in BAD:
        got = _by_decode(game.actions, raw)
        assert isinstance(got, str) and got == _by_union(game.actions, raw), raw
