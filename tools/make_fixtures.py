"""Finished games as fixtures (the 18xx lesson): whole-game logs for each game and player count,
with the outcome and a hash of every final view, in ``tests/fixtures/games/``.
``tests/test_fixtures.py`` replays them and fails when a change alters an outcome.

Run after a rule change that bumps a game's ``rules_version`` and has its line in
``docs/migrations.md``:  ``python -m tools.make_fixtures [GAME ...]``. The tool refuses to write a
game's fixtures at a version that has no migration note.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from railhead import engine
from railhead.ai.policy import play

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "tests" / "fixtures" / "games"
NOTES = ROOT / "docs" / "migrations.md"

# (game id, players, options, seed, steady): seeds chosen so that every game runs to its end.
CASES = [
    ("rotw", 2, {"map": "rhine-alps", "barons": False}, 1, False),
    ("rotw", 4, {"map": "rhine-alps", "barons": False, "bidding": "first_to_pass"}, 2, False),
    ("rotw", 6, {"map": "vistula-danube", "barons": False, "hidden_money": True}, 3, False),
    ("rotw", 3, {"map": "rhine-alps", "barons": True}, 4, False),
    ("rotw", 5, {"map": "vistula-danube", "barons": True, "baron_later": True}, 5, False),
    ("workers", 2, {}, 1, False),
    ("workers", 3, {}, 2, False),
    ("workers", 4, {}, 3, False),
    ("steam", 3, {}, 1, True),
    ("steam", 4, {"standard": True}, 2, True),
    ("steam", 6, {}, 3, True),
    ("railways", 1, {"objective": "economist"}, 1, False),
    ("railways", 1, {"objective": "baron", "combine": ["mayor", "engineer"]}, 2, False),
]


def digest(view) -> str:
    """The sha256 of a view's canonical bytes (``engine.canonical``)."""
    return hashlib.sha256(engine.canonical(view)).hexdigest()


def finals(game, state, players: int) -> dict:
    """The outcome (as JSON gives it back: seat keys become text) and the hashes of the public view
    and each seat's view of a finished state."""
    return {"outcome": json.loads(json.dumps(game.outcome(state))), "public_view": digest(game.view(state, None)),
            "seat_views": [digest(game.view(state, s)) for s in range(players)]}


def note_for(game_id: str, version: int) -> bool:
    """Whether docs/migrations.md has the line for ``game_id``'s rules version ``version``."""
    return f"`{game_id}` {version}:" in NOTES.read_text(encoding="utf-8")


def name(game_id: str, players: int, index: int) -> str:
    return f"{game_id}-{players}p-{index}.json"


def make(game_id: str, players: int, options: dict, seed: int, steady: bool) -> dict:
    """One finished game as a fixture document; raises ``RuntimeError`` if it does not end."""
    game = engine.get_game(game_id)
    seats, state, log = play(game, players, seed, limit=5000, options=options, steady=steady)
    if game.outcome(state) is None:
        raise RuntimeError(f"{game_id} with {players} players (seed {seed}) did not end in 5,000 moves")
    return {"game": game_id, "rules_version": game.rules_version, "options": options, "seats": seats, "seed": seed,
            "log": [[seat, action] for seat, action in log], **finals(game, state, players)}


def main(only: list[str]) -> int:
    FOLDER.mkdir(parents=True, exist_ok=True)
    counts: dict[tuple[str, int], int] = {}
    for game_id, players, options, seed, steady in CASES:
        index = counts[(game_id, players)] = counts.get((game_id, players), 0) + 1
        if only and game_id not in only:
            continue
        version = engine.get_game(game_id).rules_version
        if not note_for(game_id, version):
            print(f"docs/migrations.md has no line for `{game_id}` {version}: write it first.", file=sys.stderr)
            return 1
        doc = make(game_id, players, options, seed, steady)
        path = FOLDER / name(game_id, players, index)
        path.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {len(doc['log'])} actions, rules version {version}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
