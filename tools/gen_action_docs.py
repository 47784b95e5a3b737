"""Write the action reference ``docs/actions/<game id>.md`` of every game in ``engine.GAMES``.

Each file is the game's ``INTRO``, the table ``engine.core.reference(game.actions)`` (every
action with its example, when it is used and its fields, plus ``undo`` and ``undo_vote``), then
its ``NOTES``. ``INTRO`` and ``NOTES`` are module constants next to the action structs (e.g.
``engine/games/rotw/actions.py``). Run ``python tools/gen_action_docs.py`` after changing an
action; ``python tools/gen_action_docs.py --check`` only reports stale files (exit status 1).
``tests/test_action_docs.py`` fails while a file differs from what this writes.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import GAMES, Game  # noqa: E402
from engine.core import reference  # noqa: E402
from engine.core.actions import struct_types  # noqa: E402

DOCS = ROOT / "docs" / "actions"


def generate(game: Game) -> str:
    """The Markdown reference of ``game``'s actions."""
    module = sys.modules[struct_types(game.actions)[0].__module__]
    intro = getattr(module, "INTRO", f"# {game.name}: action documents\n")
    notes = getattr(module, "NOTES", "")
    text = intro.rstrip("\n") + "\n\n" + reference(game.actions) + "\n"
    return text + ("\n" + notes.rstrip("\n") + "\n" if notes else "")


def path_of(game: Game) -> Path:
    return DOCS / f"{game.id}.md"


def stale() -> list[Path]:
    """The reference files that differ from what ``generate`` writes (or are missing)."""
    return [path_of(g) for g in GAMES.values()
            if not path_of(g).exists() or path_of(g).read_text(encoding="utf-8") != generate(g)]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        bad = stale()
        for path in bad:
            print(f"{path.relative_to(ROOT)} is out of date: run python tools/gen_action_docs.py")
        return 1 if bad else 0
    DOCS.mkdir(parents=True, exist_ok=True)
    for game in GAMES.values():
        path_of(game).write_text(generate(game), encoding="utf-8")
        print(f"wrote {path_of(game).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
