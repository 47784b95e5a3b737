"""Finished games as fixtures (the 18xx lesson; issue "One spec per game", 7): whole-game logs of
every game and player count, saved with their outcome and the hash of every final view
(tools/make_fixtures.py). Each must replay to the same outcome and the same views while its
game's ``rules_version`` is unchanged; a change of rules that alters them needs a bump, its line in
docs/migrations.md, and fixtures made anew."""
import json
from pathlib import Path

import pytest

from railhead import engine
from railhead.engine import Match
from tools.make_fixtures import CASES, FOLDER, finals, name, note_for

FILES = sorted(FOLDER.glob("*.json"))


def test_every_game_and_case_has_a_fixture():
    counts: dict = {}
    expected = set()
    for game_id, players, *_ in CASES:
        counts[(game_id, players)] = counts.get((game_id, players), 0) + 1
        expected.add(name(game_id, players, counts[(game_id, players)]))
    assert {f.name for f in FILES} == expected
    assert {game_id for game_id, *_ in CASES} == set(engine.GAMES)


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_a_finished_game_replays_to_the_same_outcome_and_views(path: Path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    game = engine.get_game(doc["game"])
    version = game.rules_version
    assert note_for(game.id, version), (
        f"rules_version {version} of {game.id} has no line in docs/migrations.md: add it (append only)")
    assert doc["rules_version"] == version, (
        f"{path.name} was made under {game.id} rules version {doc['rules_version']}, the game is now at {version}: "
        f"run `python -m tools.make_fixtures {game.id}`")
    match = Match.replay(game, doc["options"], doc["seats"], doc["seed"], [tuple(e) for e in doc["log"]])
    now = finals(game, match.state, len(doc["seats"]))
    assert now["outcome"] == doc["outcome"], (
        f"{path.name}: the same log now ends differently. If the rules changed on purpose, bump {game.id}'s "
        "rules_version, add its line to docs/migrations.md and run tools/make_fixtures.py; else it is a bug.")
    assert now == {k: doc[k] for k in now}, f"{path.name}: the final views changed (see the outcome message above)"


def test_the_check_sees_a_changed_outcome():
    """Not vacuous: the same moves from another seed (other cubes, cards) give other views."""
    doc = json.loads((FOLDER / "steam-3p-1.json").read_text(encoding="utf-8"))
    game = engine.get_game("steam")
    n = len(doc["log"]) // 4
    same = Match.replay(game, doc["options"], doc["seats"], doc["seed"], [tuple(e) for e in doc["log"][:n]])
    other_seed = Match.replay(game, doc["options"], doc["seats"], doc["seed"] + 1, [])
    assert finals(game, same.state, 3) != finals(game, other_seed.state, 3)
    assert not note_for("steam", game.rules_version + 1)
