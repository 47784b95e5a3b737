"""Typed prompts (issue 32, "One turn grammar per game": a typed prompt kind with its payload, not a
string): a step's prompt struct becomes the same JSON a dict prompt was, and reads back as its class."""
from __future__ import annotations

import msgspec
import pytest

from railhead.bot.ui import UIContext
from railhead.engine.core.game import canonical
from railhead.engine.core.match import Match
from railhead.engine.core.prompts import UNSET, Prompt, UndoVote, UnsetType, body, read
from tests.sealed.game import BidPrompt, SealedBid


class Build(Prompt, tag="build"):
    laid: int
    limit: int
    todo: list[str]
    hot_spring: bool | UnsetType = UNSET


def test_a_struct_prompt_is_the_json_its_dict_was():
    assert body(Build(laid=1, limit=3, todo=["grow"])) == {"kind": "build", "laid": 1, "limit": 3, "todo": ["grow"]}
    assert body(Build(laid=0, limit=4, todo=[], hot_spring=True))["hot_spring"] is True
    assert body({"kind": "pass"}) == {"kind": "pass"}


def test_a_stored_prompt_reads_back_as_its_class_with_seat_and_stamp():
    got = read(Build, {"seat": 2, "kind": "build", "laid": 1, "limit": 3, "todo": [], "stamp": 9})
    assert isinstance(got, Build) and (got.seat, got.stamp, got.laid, got.kind) == (2, 9, 1, "build")
    assert got.hot_spring is UNSET
    vote = read(Build, {"seat": 0, "kind": "undo_vote", "by": 1, "stamp": 4})
    assert isinstance(vote, UndoVote) and vote.by == 1


def test_a_prompt_the_game_does_not_declare_is_refused():
    with pytest.raises(msgspec.ValidationError):
        read(Build, {"seat": 0, "kind": "bid", "floor": 3, "stamp": 1})
    with pytest.raises(msgspec.ValidationError):
        read(Build, {"seat": 0, "kind": "build", "laid": 1, "limit": 3, "todo": [], "stamp": 1, "typo": 1})


def test_the_table_and_the_ui_read_a_typed_games_prompts():
    game = SealedBid()
    match = Match.start(game, {}, ["Ann", "Bob"], seed=3)
    stored = match.prompts()
    assert stored[0] == {"seat": 0, "kind": "bid", "secret": True, "round": 1, "stamp": 0}
    assert canonical(stored[0]) == canonical({"kind": "bid", "round": 1, "seat": 0, "secret": True, "stamp": 0})
    mine = UIContext(match, 1, ["Ann", "Bob"]).prompt()
    assert isinstance(mine, BidPrompt) and mine.seat == 1 and mine.round == 1
    after = match.play(0, {"type": "bid", "coins": 2})[0]
    assert UIContext(after, 0, ["Ann", "Bob"]).prompt() is None
