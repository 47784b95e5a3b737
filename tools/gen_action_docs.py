"""Write the action reference ``docs/actions/<game id>.md`` of every game in ``engine.GAMES``.

Each file is the game's ``INTRO``, the table ``engine.core.reference(game.actions)`` (every
action with its example, when it is used and its fields, plus ``undo`` and ``undo_vote``), then
its ``NOTES``, then the players' commands from the game's command spec
(``bot/games/<id>/ui.py``: ``/game new``'s options for the game, each slash command and its
local-table form; the game's options come from its engine ``Options``, ``bot/game_options.py``).
``INTRO`` and ``NOTES`` are module constants next to the action structs (e.g.
``engine/games/rotw/actions.py``). Run ``python tools/gen_action_docs.py`` after changing an
action; ``python tools/gen_action_docs.py --check`` only reports stale files (exit status 1).
``tests/test_action_docs.py`` fails while a file differs from what this writes.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from railhead.bot import registry  # noqa: E402
from railhead.bot.local_help import option_usage  # noqa: E402
from railhead.bot.ui import CLOCK_OPTIONS, GameUI, Param  # noqa: E402
from railhead.engine import GAMES, Game  # noqa: E402
from railhead.engine.core import reference  # noqa: E402
from railhead.engine.core.actions import struct_types  # noqa: E402
from railhead.engine.core.options import describe  # noqa: E402

DOCS = ROOT / "docs" / "actions"


def generate(game: Game) -> str:
    """The Markdown reference of ``game``'s actions."""
    module = sys.modules[struct_types(game.actions)[0].__module__]
    intro = getattr(module, "INTRO", f"# {game.name}: action documents\n")
    notes = getattr(module, "NOTES", "")
    text = intro.rstrip("\n") + "\n\n" + reference(game.actions) + "\n"
    text += "\n" + notes.rstrip("\n") + "\n" if notes else ""
    ui = registry.UIS.get(game.id)
    return text + ("\n" + commands_section(ui) if ui is not None else "")


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _kind(param: Param) -> str:
    if param.choices or param.suggest:
        return " or ".join(f"`{c}`" for c in (param.choices or param.suggest()))
    names = {str: "text", int: "whole number", float: "number", bool: "true/false"}
    return names[param.kind] + (f" {param.min:g}-{param.max:g}" if param.min is not None and param.max is not None
                                else "")


def _group_members(ui: GameUI) -> dict[str, str]:
    """For each group of the game's yes/no options (``modules``): ``: `mines` Mines on gray cities; ...``."""
    game = registry.games().get(ui.game_id)
    infos = describe(game.options_type) if game is not None else []
    return {name: ": " + "; ".join(f"`{i.words[0]}` {i.text}" for i in infos if i.group == name)
            for name in dict.fromkeys(i.group for i in infos if i.group)}


def commands_section(ui: GameUI) -> str:
    """The players' commands of ``ui``'s game, from its spec: ``/game new``'s options, then each
    command on Discord and at the local table."""
    lines = ["## Commands (generated from the command spec in `bot/games/" + ui.game_id + "/ui.py`)", "",
             f"Open a game with `/game new game:{ui.game_id}` (local table: `game new {ui.game_id} "
             "name=value ...`). Its options (declared once, in `engine/games/" + ui.game_id + "/options.py`), "
             "and the clock options every game takes:", "",
             "| option | value | what it does |", "| --- | --- | --- |"]
    members = _group_members(ui)
    for p in (*ui.new_options, *CLOCK_OPTIONS):
        lines.append(f"| `{p.name}` | {_cell(_kind(p))} | {_cell(p.description + members.get(p.name, ''))} |")
    lines += ["", "Moves (`local_only` ones are buttons on Discord):", "",
              "| on Discord | at the local table | what it does |", "| --- | --- | --- |"]
    for c in ui.commands.values():
        slash = "—" if c.local_only else "`/" + " ".join(
            [ui.prefix, c.name, *(f"{p.discord_name or p.name}:" for p in c.params if not p.local_only)]) + "`"
        local = "`" + " ".join([ui.prefix, c.name, *(option_usage(p) if not p.required else p.name.upper()
                                                      for p in c.params)]) + "`"
        lines.append(f"| {_cell(slash)} | {_cell(local)} | {_cell(c.description)} |")
    return "\n".join(lines) + "\n"


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
