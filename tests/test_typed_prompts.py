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


# ------------------------------------------------- every game, over its finished-game fixtures
import hashlib  # noqa: E402
import json  # noqa: E402
from pathlib import Path  # noqa: E402

from railhead import engine  # noqa: E402
from tools.make_fixtures import FOLDER  # noqa: E402

FIXTURES = sorted(FOLDER.glob("*.json"))
HASHES = Path(__file__).parent / "fixtures" / "prompt_hashes.json"


def prompts_along(path: Path) -> tuple[object, list[list[dict]]]:
    """The game of a fixture and its prompts (as stored: dicts) after setup and after every log entry."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    game = engine.get_game(doc["game"])
    match = Match.start(game, doc["options"], doc["seats"], doc["seed"])
    seen = [match.prompts()]
    for seat, action in doc["log"]:
        match, _ = match.play(seat, action)
        seen.append(match.prompts())
    return game, seen


def prompts_hash(seen: list[list[dict]]) -> str:
    return hashlib.sha256(b"\n".join(canonical(p) for p in seen)).hexdigest()


@pytest.mark.parametrize("path", FIXTURES, ids=[f.stem for f in FIXTURES])
def test_every_prompt_of_a_whole_game_is_the_json_it_was_and_reads_back_typed(path: Path):
    """The prompts of every finished-game fixture, after every move, hash to what they were when
    prompts were dicts (tests/fixtures/prompt_hashes.json, written before any game was typed): a
    typed prompt stores the same JSON, so stamps, stored buttons and timers are unchanged. For a game
    that declares ``prompt_types``, each reads back as its struct and turns into the same JSON again."""
    game, seen = prompts_along(path)
    assert prompts_hash(seen) == json.loads(HASHES.read_text())[path.stem], (
        f"{path.name}: the prompts' JSON changed along the game")
    if game.prompt_types is None:
        return
    for prompts in seen:
        for stored in prompts:
            typed = game.read_prompt(stored)
            assert isinstance(typed, Prompt), stored
            again = {"seat": typed.seat, **body(typed), "stamp": typed.stamp}
            assert canonical(again) == canonical(stored)


def write_hashes() -> None:
    """``python -m tests.test_typed_prompts``: record the hashes (only while the JSON is known right)."""
    HASHES.write_text(json.dumps({p.stem: prompts_hash(prompts_along(p)[1]) for p in FIXTURES}, indent=1) + "\n")


if __name__ == "__main__":
    write_hashes()


# ------------------------------------------------- every typed game, over random playouts
from tests.search_hooks import walk  # noqa: E402

PLAYOUTS = {"steam": [(3, {}), (4, {"standard": True}), (3, {"first_order": "auction"})],
            "railways": [(1, {})], "workers": [(2, {}), (4, {})],
            "rotw": [(3, {"barons": True}), (4, {"map": "transcontinental"}), (3, {"map": "great-britain"}),
                     (3, {"map": "nippon"})]}
"""Per typed game, (players, options) of the random playouts: options that bring out its rarer prompts."""
GAMES_EACH = 4
ELSEWHERE = {"workers": {"Junction": "tests/workers/test_rules.py, the three-route city"}}
"""Prompt kinds random play almost never reaches, read back typed in the scenario test named."""


@pytest.mark.parametrize("game_id", sorted(PLAYOUTS))
def test_every_prompt_of_a_random_game_reads_back_as_its_struct(game_id):
    """Whatever step a random game reaches, its prompt is one the game declares in ``prompt_types``
    (``read_prompt`` raises otherwise) and turns into the same JSON again; every declared kind is seen."""
    game = engine.get_game(game_id)
    seen = set()
    for n, (players, options) in enumerate((p, o) for p, o in PLAYOUTS[game_id] for _ in range(GAMES_EACH)):
        for state, _ in walk(game, players, seed=40 + n, limit=2000, options=options):
            for stored in game.prompts(state):
                typed = game.read_prompt(stored)
                seen.add(type(typed))
                assert canonical({"seat": typed.seat, **body(typed), "stamp": typed.stamp}) == canonical(stored)
    seen |= {t for t in game.prompt_types.__args__ if t.__name__ in ELSEWHERE.get(game_id, {})}
    declared = set(game.prompt_types.__args__) if hasattr(game.prompt_types, "__args__") else {game.prompt_types}
    assert declared <= seen, f"never prompted: {sorted(t.__name__ for t in declared - seen)}"


@pytest.mark.parametrize("game_id", sorted(g for g in engine.GAMES if engine.get_game(g).prompt_types is not None))
def test_a_typed_games_ui_never_compares_a_prompts_kind_as_text(game_id):
    """A typed game's UI tells prompts apart by class (``isinstance``), never by their ``kind`` text."""
    import re
    folder = Path(__file__).parents[1] / "bot" / "games" / game_id
    found = [f"{path.name}:{n}" for path in sorted(folder.glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"""prompt\w*(\(\))?(\[["']kind["']\]|\.get\(["']kind["']|\.kind\s*([=!]=|in\b))""", line)]
    assert not found, found


def test_every_game_declares_its_prompts():
    """Issue 32, "a typed prompt kind with its payload, not a string": no game's prompts are dicts."""
    assert all(engine.get_game(g).prompt_types is not None for g in engine.GAMES)
