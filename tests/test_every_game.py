"""The play-by-chat features, for every game the bot offers (issue "Play-by-chat that people keep
playing", "Done when: each item works in a game of each available game type"): a finished game
imported for review keeps its final scores, board, history and export; a running game's players
are reminded; status, rules and settings answer for each game."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import msgspec
import pytest
import time_machine

from railhead.ai.policy import play
from railhead.bot import registry
from railhead.bot.records import ExportFile
from railhead.bot.replies import Caller
from railhead.bot.store import open_store
from railhead.bot.table import Table

from .helpers_discord import table_of
from .helpers_table import board_of

GAMES = sorted(registry.games())
START = datetime(2026, 11, 23, 9, 0, tzinfo=UTC)


def finished_export(game_id: str) -> tuple[bytes, list, int]:
    game = registry.game(game_id)
    players = min(3, game.max_seats)
    names, state, log = play(game, players, 1000 + players)
    assert game.outcome(state) is not None
    doc = ExportFile("railhead-game", 1, game.id, game.rules_version, {}, names, 1000 + players,
                     [(s, a) for s, a in log], "finished")
    return msgspec.json.encode(doc), log, players


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_finished_game_keeps_its_scores_board_history_and_export(db_path, game_id):
    store = await open_store(db_path)
    table = Table(store, render=True, seeds=lambda: 5)
    ann = Caller(40, 4000, "Ann", guild_id=1)
    try:
        data, log, players = finished_export(game_id)
        imported = await table.import_game(ann, data)
        assert imported.channel is not None, imported.caller
        status = await table.status(ann)
        assert "over" in status.caller.text.lower() or "final" in status.caller.text.lower(), status.caller.text
        board = await table.board(ann)
        assert board_of(board) is not None and board_of(board)[:8] == b"\x89PNG\r\n\x1a\n"
        history = await table.history(ann)
        assert history.caller.text.count("\n") >= 5
        for secret in ("Your cards:", "Your dice:", "You bid"):
            assert secret not in history.caller.text
        exported = await table.export(ann)
        doc = json.loads(exported.caller.image)
        assert doc["game"] == game_id and len(doc["log"]) == len(log) and doc["status"] == "finished"
        rules = await table.rules(ann, game_id)
        assert f"docs/players/{game_id}.md" in rules.caller.text
    finally:
        await store.close()


@pytest.mark.parametrize("game_id", [g for g in GAMES if registry.game(g).max_seats > 1])
async def test_the_players_to_move_are_reminded(db_path, game_id):
    with time_machine.travel(START, tick=False) as clock:
        store = await open_store(db_path)
        table = Table(store, render=False, seeds=lambda: 5)
        seats = max(2, registry.game(game_id).min_seats)
        callers = [Caller(41, 4100 + i, n, guild_id=1) for i, n in enumerate(("Ann", "Bob", "Cat")[:seats])]
        try:
            await table.new(callers[0], game_id, None, {"remind_hours": 12})
            for caller in callers[1:]:
                await table.join(caller)
            await table.start(callers[0])
            prompted = {p["seat"] for p in (await table.session(41)).match.prompts()}
            clock.shift(timedelta(hours=13))
            reminders = await table.tick()
            pinged = {uid for r in reminders for uid in r.channel.mentions}
            assert pinged == {callers[s].user_id for s in prompted}
            assert all("Reminder (1 of 3" in r.channel.text for r in reminders)
        finally:
            await store.close()


def _private(result):
    answer = result.followups[-1] if result.followups else result.response
    assert answer is not None and answer.ephemeral
    return answer


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_finished_game_through_discord(simcord_env, game_id):
    """The same through the real bot (simcord): `/game import` of a finished game, then `/game status`,
    `/game board` (a PNG in the channel), `/game history`, `/game export` (a JSON file) and `/game rules`."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel(f"review-{game_id}")
    ann = guild.add_member(env.create_user("Ann"))
    data, log, _ = finished_export(game_id)
    result = await ann.slash(channel, "game import", file=("game.json", data))
    assert result.acknowledged and "imported" in channel.last_message.content
    status = _private(await ann.slash(channel, "game status"))
    assert "over" in status.content.lower() or "final" in status.content.lower()
    await ann.slash(channel, "game board")
    assert any(a.filename.endswith(".png") for a in table_of(channel).attachments)
    history = await ann.slash(channel, "game history")
    pages = [history.response, *history.followups]
    assert all(p.ephemeral for p in pages) and sum(p.content.count("\n") + 1 for p in pages) >= 5
    (file,) = _private(await ann.slash(channel, "game export")).attachments
    assert len(json.loads(await file.read())["log"]) == len(log)
    assert f"docs/players/{game_id}.md" in _private(await ann.slash(channel, "game rules")).content
