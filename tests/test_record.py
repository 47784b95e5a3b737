"""Typed states (engine/core/record.py; issue "One spec per game", 6, and issue 32, "Typed rules")."""
import json

import msgspec
import pytest

from railhead.engine import Match, canonical, get_game
from railhead.engine.core.record import UNSET, GameState, Record, UnsetType


class Player(Record):
    money: int
    name: str
    loan: int | UnsetType = UNSET


class Tiny(GameState):
    phase: str
    players: list[Player]
    bids: dict[str, int]
    extra: dict | UnsetType = UNSET


def tiny() -> Tiny:
    raw = {"game": "tiny", "seed": 1, "core": {}, "seats": ["Ann", "Bob"], "phase": "auction",
           "players": [{"money": 10, "name": "Ann"}, {"money": 8, "name": "Bob"}], "bids": {"1": 3}}
    return msgspec.convert(raw, Tiny)


def test_a_record_is_not_a_dict():
    """Issue 32, "Typed rules": the dict protocol records had while the games moved over is gone;
    a record reads only by attribute and is never equal to a dict."""
    state = tiny()
    with pytest.raises(TypeError):
        state["phase"]
    with pytest.raises(TypeError):
        "phase" in state  # noqa: B015
    assert not hasattr(state, "get") and not hasattr(state, "items")
    assert state.players[0] != {"money": 10, "name": "Ann"}
    assert msgspec.to_builtins(state.players[0]) == {"money": 10, "name": "Ann"}


def test_a_record_reads_and_writes_by_attribute():
    """What the rules use (issue 32, "Typed rules"), and what stays once the dict protocol goes: a
    field by attribute, an optional field ``UNSET`` until set (then in the JSON), equal to a record
    built from its class; a name that is not a field refused."""
    state = tiny()
    state.phase = "build"
    state.players[0].money -= 3
    assert state.phase == "build" and state.players[0].money == 7
    assert state.extra is UNSET and state.players[0].loan is UNSET
    assert "extra" not in json.loads(canonical(state))
    state.extra = {"x": 1}
    assert json.loads(canonical(state))["extra"] == {"x": 1}
    assert state.players[0] == Player(money=7, name="Ann") != Player(money=7, name="Ann", loan=1)
    with pytest.raises(AttributeError):
        state.phaze = "build"


def test_encoded_exactly_as_the_dict_it_replaces():
    """Canonical bytes: Struct fields sorted like dict keys; an unset field absent, as a missing key."""
    state = tiny()
    as_dict = json.loads(canonical(state))
    assert "extra" not in as_dict and "loan" not in as_dict["players"][0]
    assert canonical(state) == canonical(as_dict)
    assert msgspec.json.decode(canonical(state), type=Tiny) == state


def test_a_snapshot_of_another_shape_is_replayed_not_loaded():
    """A stored snapshot that no longer fits the game's state type (an older shape) is ignored and
    the log replayed, so a changed record never stops a running game."""
    game = get_game("railways")
    match = Match.start(game, {"cards": [5, 6, 7, 8]}, ["Ann"], 4)
    match, _ = match.play(0, match.legal_actions(0)[0])
    snapshot = json.loads(canonical(match.state))
    snapshot["capital"] = "plenty"                   # no longer an int
    restored = Match.restore(game, {"cards": [5, 6, 7, 8]}, ["Ann"], 4, match.log, snapshot)
    assert canonical(restored.state) == canonical(match.state)
    good = Match.restore(game, {"cards": [5, 6, 7, 8]}, ["Ann"], 4, match.log, json.loads(canonical(match.state)))
    assert type(good.state) is game.state_type


class Hop(Record):
    from_: str = msgspec.field(name="from")
    to: str | None


def test_a_field_named_by_a_python_keyword_is_written_by_its_json_name():
    hop = msgspec.convert({"from": "F7", "to": None}, Hop)
    hop.from_ = "G8"
    assert hop == Hop(from_="G8", to=None) and msgspec.to_builtins(hop) == {"from": "G8", "to": None}
    assert canonical(hop) == b'{"from":"G8","to":null}'


def test_a_snapshot_with_a_key_the_type_does_not_know_is_replayed():
    """Found in review: unknown keys were dropped silently on load; now such a snapshot is
    replayed from the log (forbid_unknown_fields)."""
    game = get_game("railways")
    match = Match.start(game, {"cards": [5, 6, 7, 8]}, ["Ann"], 4)
    match, _ = match.play(0, match.legal_actions(0)[0])
    snapshot = json.loads(canonical(match.state))
    snapshot["retired_key"] = 1
    with pytest.raises(msgspec.ValidationError):
        game.load_state(snapshot)
    restored = Match.restore(game, {"cards": [5, 6, 7, 8]}, ["Ann"], 4, match.log, snapshot)
    assert canonical(restored.state) == canonical(match.state)
