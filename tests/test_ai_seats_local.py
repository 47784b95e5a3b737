"""AI seats at the local table (bot/local.py, issue 34): one person against two AI players, the
AI moves shown by themselves after each line with their reason and time."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from railhead.bot import ai_pool
from railhead.bot.local import LocalTable
from railhead.bot.replies import Message, Picture, Reply, TableCard
from railhead.bot.store import open_store
from railhead.bot.table import Table

RANDOM = {"easy": ("random", None), "normal": ("random", None), "hard": ("random", None)}


@pytest.fixture(autouse=True)
def thread_pool(monkeypatch):
    ai_pool.shutdown()
    monkeypatch.setenv("RAILHEAD_AI_PROCESSES", "0")
    yield
    ai_pool.shutdown()


async def local_table(tmp_path, hotseat=True):
    store = await open_store(str(tmp_path / "local.db"))
    table = Table(store, render=False, seeds=lambda: 3)
    table.ai_levels = dict(RANDOM)
    return store, LocalTable(table, Path(tmp_path / "boards"), hotseat=hotseat, follow=True)


async def test_one_person_against_two_ai_players_at_the_local_table(tmp_path):
    """`game new rotw ai=normal,normal` seats two AI players; after each of Ann's lines the AI
    moves are printed (one line each, with the reason) and the keyboard stays with Ann, without a
    curtain (nobody else looks at the screen)."""
    store, local = await local_table(tmp_path)
    opened = "\n".join(await local.handle("game new rotw ai=normal,normal"))
    assert "Bot Ada (normal)" in opened and "Bot Brunel (normal)" in opened
    started = await local.handle("game start")
    lines = [line for line in started if isinstance(line, str)]
    assert all(isinstance(line, str) for line in started)          # no curtain: Ann plays alone
    for _ in range(6):                                              # Ann passes or bids the floor until the AI moved
        if any("🤖 **Bot" in line and ": random" in line for line in lines):
            break
        session = await local.table.session(1)
        acts = session.match.legal_actions(0)
        if any(a["type"] == "keep_baron" for a in acts):          # the secret choice: from her hand
            await local.handle("game hand")
            typed = "click 1"
        else:
            typed = "rotw pass" if {"type": "pass"} in acts else "rotw bid 1"
        lines += [line for line in await local.handle(typed) if isinstance(line, str)]
    text = "\n".join(lines)
    assert "🤖 **Bot Ada (normal)**: random" in text or "🤖 **Bot Brunel (normal)**: random" in text
    assert "(The AI took" in text
    assert local.user == "Ann"
    session = await local.table.session(1)
    assert all(p["seat"] == 0 for p in session.match.prompts())
    await store.close()


async def test_an_ai_seat_is_removed_by_name_in_the_lobby_and_help_says_how_to_seat_one(tmp_path):
    store, local = await local_table(tmp_path, hotseat=False)
    await local.handle("game new steam")
    await local.handle("game add-ai hard")
    kicked = "\n".join(await local.handle("game kick Bot Ada (hard)"))
    assert "removed **Bot Ada (hard)**" in kicked
    assert "game add-ai [[level=]easy|normal|hard]" in local.help()
    assert "`level` must be one of: easy, normal, hard." in "\n".join(await local.handle("game add-ai godlike"))
    await store.close()


async def test_ai_moves_show_the_table_once_and_leave_the_typists_secret_choice_open(tmp_path):
    """The two AI seats choose their barons right after `game start`: each of their moves prints
    its own line, but the table card only once, as it stands after the last of them (it used to
    be reprinted after every AI move). And Ann's secret choice (message E, in her DMs) stays open:
    the AI's moves are not hers, so `click E2` still keeps her second baron."""
    store, local = await local_table(tmp_path)
    await local.handle("game new rotw ai=normal,normal")
    started = [line for line in await local.handle("game start") if isinstance(line, str)]
    first_ai = next(i for i, line in enumerate(started) if "has made its secret choice" in line)
    after_ai = "\n".join(started[first_ai:])
    assert after_ai.count("has made its secret choice") == 2
    assert after_ai.count("── Table:") == 1
    assert any("Buttons E: [1] Keep" in line for line in started)
    pressed = "\n".join(line for line in await local.handle("click E2") if isinstance(line, str))
    assert "Pressed [2] Keep" in pressed and "Ann has chosen a baron." in pressed
    session = await local.table.session(1)
    assert session.match.state.phase == "auction"
    await store.close()


async def test_the_one_table_card_after_ai_moves_shows_the_newest_board(tmp_path):
    """Only the last AI move's table card is printed; when that move left the board as it was (its
    card keeps the pictures shown, no bytes), the board an earlier AI move drew is shown with it,
    so the typist sees the board as it stands (a turn's last build was otherwise never shown)."""
    store, local = await local_table(tmp_path, hotseat=False)
    await local.handle("game new rotw ai=normal,normal")
    await local.handle("game start")

    def card(data):
        return TableCard("turn 1", "", images=[Picture("board.png", data, "the board")])

    local.table.posted[:] = [Reply(channel=Message("🤖 builds"), game_id=1, table=card(b"drawn-after-the-build")),
                             Reply(channel=Message("🤖 passes"), game_id=1, table=card(None))]
    shown = "\n".join(await local._ai_moves())
    assert "🤖 builds" in shown and "🤖 passes" in shown and shown.count("── Table:") == 1
    (path,) = re.findall(r"\[image: (\S+)\]", shown)
    assert Path(path).read_bytes() == b"drawn-after-the-build"
    await store.close()
