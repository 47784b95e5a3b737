"""What a lobby says (issue 31, part 5, "Lobby"): a newcomer typed `game new rotw map=eastern-us
events=true modules=mines` and never saw the options again, the lobby's status did not show them,
and starting with 2 of 3 friends seated gave no warning; `help` named only two of the modules."""
from __future__ import annotations

from pathlib import Path

from railhead.bot.local import LocalTable
from railhead.bot.local_help import new_game_help
from railhead.bot.store import open_store
from railhead.bot.table import Table


async def test_the_lobby_repeats_its_options_and_counts_the_seats(tmp_path):
    store = await open_store(str(tmp_path / "d.sqlite3"))
    try:
        local = LocalTable(Table(store, render=False, seeds=lambda: 1), Path(tmp_path / "boards"))
        await local.handle("as Ann")
        opened = "\n".join(await local.handle("game new rotw map=eastern-us events=true modules=mines"))
        assert "Options: map eastern-us, " in opened and "mines" in opened and "events" in opened, opened
        assert "nobody can join once the game has begun" in opened, opened
        await local.handle("as Bob")
        joined = "\n".join(await local.handle("game join"))
        assert "Seated (2 of 2-6): Ann, Bob." in joined, joined
        status = "\n".join(await local.handle("game status"))
        assert "Seated (2 of 2-6): Ann, Bob." in status and "Options: map eastern-us, " in status, status
        await local.handle("game leave")
        await local.handle("game abandon yes")
        await local.handle("as Ann")
        await local.handle("game abandon yes")
        plain = "\n".join(await local.handle("game new workers"))
        assert "Options: the defaults." in plain, plain
    finally:
        await store.close()


def test_help_names_every_module():
    help_text = "\n".join(new_game_help())
    assert "modules=mines,switches,depots,rotors|all" in help_text, help_text
