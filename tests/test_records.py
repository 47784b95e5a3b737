"""History, export and import (issue "Play-by-chat that people keep playing": "Seeing the game")."""
from __future__ import annotations

import json
import re

from railhead import engine
from railhead.bot.replies import Caller
from railhead.bot.store import open_store
from railhead.bot.table import Table

from .helpers_table import seated


async def test_history_is_built_from_public_events_only(db_path, sealed):
    store, table, (ann, bob), start = await seated(db_path, "sealed")
    reply = await table.act(ann, {"type": "bid", "coins": 3})
    assert reply.channel is not None, reply.caller
    reply = await table.history(bob)
    text = reply.caller.text
    assert "1. **Ann**: Ann has placed a bid." in text
    assert "3" not in text.split("\n", 1)[1]             # the amount was private
    assert "page 1 of 1" in text
    await store.close()


async def test_history_pages_newest_first(db_path):
    store = await open_store(db_path)
    table = Table(store, render=False, seeds=lambda: 2)
    ann = Caller(5, 1, "Ann")
    await table.new(ann, "railways", {"cards": [5, 6, 7, 8]})
    for at, n in (("A2", 3), ("J1", 3), ("C5", 2), ("H5", 2)):
        await table.act(ann, {"type": "place", "at": at, "passengers": n})
    for _ in range(20):
        session = await table.session(5)
        act = next(a for a in session.match.legal_actions(0) if a["type"] in ("capital", "end_decade"))
        await table.act(ann, act)
    first = (await table.history(ann)).caller.text
    second = (await table.history(ann, 2)).caller.text
    assert "page 1 of 2" in first and "/game history page:2" in first and "page 2 of 2" in second
    assert "1. **Ann**: A passenger die showing 3 goes on A2" in second
    assert "There are 2 pages" in (await table.history(ann, 3)).caller.text
    for text in (first, second):                # the heading's range is the numbers on the lines shown
        head, *lines = text.split("\n")
        shown = re.search(r"moves (\d+)-(\d+) of (\d+)", head).groups()
        assert shown[:2] == (lines[0].split(".")[0], lines[-1].split(".")[0])
        assert int(shown[2]) == len((await table.session(5)).match.log)
    await store.close()


async def test_export_then_import_a_solo_game_and_go_on(db_path):
    store = await open_store(db_path)
    table = Table(store, render=False, seeds=lambda: 6)
    ann = Caller(5, 1, "Ann")
    await table.new(ann, "railways", {"objective": "mayor"})
    for _ in range(6):
        session = await table.session(5)
        await table.act(ann, session.match.legal_actions(0)[0])
    before = (await table.session(5)).match
    exported = await table.export(ann)
    data = exported.caller.image
    doc = json.loads(data)
    assert exported.caller.image_name.endswith(".json") and doc["game"] == "railways" and len(doc["log"]) == 6
    game = engine.get_game("railways")
    replayed = engine.replay(game, doc["options"], doc["players"], doc["seed"], [tuple(e) for e in doc["log"]])
    assert engine.canonical(replayed) == engine.canonical(before.state)
    busy = await table.import_game(ann, data)
    assert "already has a game" in busy.caller.text
    cat = Caller(6, 3, "Cat")
    reply = await table.import_game(cat, data)
    assert "imported a Railways (solo) game (6 moves)" in reply.channel.text and "Cat" in reply.channel.text
    moved = await table.session(6)
    assert engine.canonical(moved.match.state) == engine.canonical(before.state)
    act = moved.match.legal_actions(0)[0]
    assert (await table.act(cat, act)).channel is not None            # Cat goes on playing
    await store.close()


async def test_multiplayer_export_waits_for_the_end_and_imports_for_review(db_path, sealed):
    store, table, (ann, bob), start = await seated(db_path, "sealed")
    refused = await table.export(ann)
    assert "once it is over" in refused.caller.text
    while (session := await table.session(7)) is not None:
        prompt = session.match.prompts()[0]
        await table.act((ann, bob)[prompt["seat"]], session.match.legal_actions(prompt["seat"])[0])
    data = (await table.export(ann)).caller.image
    dan = Caller(8, 4, "Dan")
    reply = await table.import_game(dan, data)
    assert "to review" in reply.channel.text
    assert "The last game here is over" in (await table.status(dan)).caller.text
    await store.close()


async def test_bad_imports_are_refused_with_a_sentence(db_path):
    store = await open_store(db_path)
    table = Table(store, render=False)
    dan = Caller(8, 4, "Dan")
    assert "not a Railhead game export" in (await table.import_game(dan, b"{nope")).caller.text
    doc = {"format": "railhead-game", "version": 1, "game": "railways", "rules_version": 1, "options": {},
           "players": ["Ann"], "seed": 1, "log": [[0, {"type": "place", "at": "Z9", "passengers": 3}]],
           "status": "running"}
    assert "does not replay" in (await table.import_game(dan, json.dumps(doc).encode())).caller.text
    doc["rules_version"] = 99
    assert "another version" in (await table.import_game(dan, json.dumps(doc).encode())).caller.text
    assert await store.active_game(8) is None
    await store.close()


async def test_rules_for_the_channel_game_or_all(db_path):
    store = await open_store(db_path)
    table = Table(store, render=False)
    ann = Caller(5, 1, "Ann")
    both = (await table.rules(ann)).caller.text
    assert "Railways of the World" in both and "Railways** (solo" in both and "docs/players/railways.md" in both
    await table.new(ann, "railways")
    assert "docs/players/railways.md" in (await table.rules(ann)).caller.text
    assert "docs/players/rotw.md" in (await table.rules(ann, "rotw")).caller.text
    assert "Unknown game" in (await table.rules(ann, "chess")).caller.text
    await store.close()


async def test_settings_are_kept_per_user_and_used(db_path):
    """``/game settings``: DMs on your turn (on by default), colour-blind boards you ask for."""
    from .helpers_table import seated
    store, table, (ann, bob), start = await seated(db_path, "rotw")
    shown = (await table.settings(ann)).caller.text
    assert "`colourblind`: **off**" in shown and "`dm`: **on**" in shown and "`layout`: **desktop**" in shown
    assert "There is no setting `sound`" in (await table.settings(ann, {"sound": True})).caller.text
    assert "is one of: phone, desktop" in (await table.settings(ann, {"layout": "tablet"})).caller.text
    assert "(saved)" in (await table.settings(bob, {"dm": False, "colourblind": True})).caller.text
    bid = await table.act(ann, {"type": "bid", "amount": 1})
    assert bob.user_id in bid.channel.mentions and bob.user_id not in bid.direct     # Bob turned DMs off
    back = await table.act(bob, {"type": "bid", "amount": 2})
    assert "Your move in" in back.direct[ann.user_id].text                           # Ann gets one
    seen = {}
    table.render = True
    table.ui("rotw").render = lambda view, **kw: seen.update(kw) or b"png"
    try:
        await table.board(bob)
        assert seen == {"colourblind": True, "layout": "desktop"}
    finally:
        del table.ui("rotw").render
    await store.close()


async def test_leaderboard_rates_finished_games_with_ties(db_path, sealed):
    """``/game leaderboard``: openskill ratings per guild; a tie shares the rank."""
    from railhead.bot.records import ratings
    from railhead.bot.store import ResultRow

    rows = [ResultRow(1, 0, 1, "sealed", 9, "", 5, 1, None, "2026-11-01", "Ann"),
            ResultRow(1, 1, 2, "sealed", 9, "", 3, 2, None, "2026-11-01", "Bob"),
            ResultRow(2, 0, 1, "sealed", 9, "", 4, 1, None, "2026-11-02", "Ann"),
            ResultRow(2, 1, 3, "sealed", 9, "", 4, 1, None, "2026-11-02", "Cat")]
    board = ratings(rows)
    assert [p["name"] for p in board][0] == "Ann" and board[0]["games"] == 2 and board[0]["wins"] == 2
    cat = next(p for p in board if p["name"] == "Cat")
    bob = next(p for p in board if p["name"] == "Bob")
    assert cat["ordinal"] > bob["ordinal"] and cat["wins"] == 1
    store, table, (ann, bob_), start = await seated(db_path, "sealed")
    while (session := await table.session(7)) is not None:
        prompt = session.match.prompts()[0]
        moves = [a for a in session.match.legal_actions(prompt["seat"]) if a["type"] != "undo"]
        await table.act((ann, bob_)[prompt["seat"]], moves[-1])
    text = (await table.leaderboard(ann, "sealed")).caller.text
    assert "ratings" in text and "1. **" in text and "1 game," in text
    assert "played alone" in (await table.leaderboard(ann, "railways")).caller.text
    await store.close()


async def test_health_is_for_admins(db_path):
    store = await open_store(db_path)
    table = Table(store, render=False)
    assert "Manage Channel" in (await table.health(Caller(5, 1, "Ann"))).caller.text
    await table.new(Caller(5, 1, "Ann"), "railways")
    text = (await table.health(Caller(5, 1, "Ann", can_manage=True))).caller.text
    assert "games running 1" in text and "Database:" in text and "MB" in text
    await store.close()


def test_ai_seats_are_rated_as_one_player_per_level():
    """AI seats have a negative user id of their game's own (bot/table/robots.py): before, every
    game's seat -1 was rated as one player whatever its level. Now each level is one opponent,
    "AI (normal)", and people are rated against it."""
    from railhead.bot.records import ratings
    from railhead.bot.store import ResultRow

    rows = [ResultRow(1, 0, 1, "rotw", 9, "", 30, 1, None, "2026-11-01", "Ann"),
            ResultRow(1, 1, -1, "rotw", 9, "", 20, 2, None, "2026-11-01", "Bot Ada (normal)"),
            ResultRow(2, 0, 1, "rotw", 9, "", 10, 2, None, "2026-11-02", "Ann"),
            ResultRow(2, 1, -1, "rotw", 9, "", 25, 1, None, "2026-11-02", "Bot Ada (easy)"),
            ResultRow(3, 0, 2, "rotw", 9, "", 10, 2, None, "2026-11-03", "Bob"),
            ResultRow(3, 1, -2, "rotw", 9, "", 25, 1, None, "2026-11-03", "Bot Brunel (normal)")]
    board = {p["name"]: p for p in ratings(rows)}
    assert set(board) == {"Ann", "Bob", "AI (normal)", "AI (easy)"}
    assert board["AI (normal)"]["games"] == 2 and board["AI (normal)"]["wins"] == 1
    assert board["AI (easy)"]["games"] == 1 and board["AI (easy)"]["user_id"] == "ai:easy"
