"""AI seats at the table (issue 34, "Seats in the bot and at the local table"; bot/table/robots.py):
seated in the lobby, moved for by the table off the event loop, never pinged or DMed, bound to
the prompt's stamp, resumed after a restart, handed a late player's seat and given back."""
from __future__ import annotations

import asyncio
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest

from railhead.ai import Choice
from railhead.bot import ai_pool
from railhead.bot.replies import Caller
from railhead.bot.store import open_store
from railhead.bot.table import Table
from railhead.engine import GAMES
from railhead.engine.core import rng_for

from .helpers_table import token

RANDOM = {"easy": ("random", None), "normal": ("random", None), "hard": ("random", None)}


@pytest.fixture(autouse=True)
def thread_pool(monkeypatch):
    """AI players think in a thread of the test's process (no spawn cost); one test uses processes."""
    ai_pool.shutdown()
    monkeypatch.setenv("RAILHEAD_AI_PROCESSES", "0")
    yield
    ai_pool.shutdown()


async def lobby(db_path, game="rotw", levels=RANDOM, seed=5, **options):
    store = await open_store(db_path)
    table = Table(store, render=False, seeds=lambda: seed)
    table.ai_levels = dict(levels)
    ann = Caller(7, 700, "Ann")
    await table.new(ann, game, options or None)
    return store, table, ann


async def people_move_until_an_ai_is_prompted(table, callers, seed=1):
    """Random legal moves of the people at the table until a prompt waits on an AI seat; returns the session."""
    rng = rng_for(f"people:{seed}", 0)
    for _ in range(60):
        session = await table.session(7)
        prompt = session.match.prompts()[0]
        if session.seats[prompt["seat"]].ai:
            return session
        action = session.match.game.random_action(session.match.state, prompt["seat"], rng)
        reply = await table.act(callers[prompt["seat"]], action)
        assert reply.caller is None or reply.channel is not None, reply.caller.text
        await asyncio.sleep(0)
    raise AssertionError("no AI seat was prompted")


def every_text(replies) -> str:
    return "\n".join(m.text for r in replies for m in r.messages())


async def test_add_ai_seats_a_bot_with_a_name_that_says_so_and_its_remove_button_frees_it(db_path):
    store, table, ann = await lobby(db_path)
    reply = await table.add_ai(ann, "normal")
    assert "🤖 **Bot Ada (normal)**" in reply.channel.text
    await table.add_ai(ann, "hard")
    seats = await store.seats((await store.active_game(7)).id)
    assert [(s.name, s.ai) for s in seats] == [("Ann", None), ("Bot Ada (normal)", "normal"),
                                               ("Bot Brunel (hard)", "hard")]
    assert all(s.user_id < 0 for s in seats[1:]) and len({s.user_id for s in seats}) == 3
    assert all(len(s.name) <= 32 for s in seats)                # Discord's longest display name
    bob = Caller(7, 701, "Bob")
    assert "Only the game's creator" in (await table.add_ai(bob, "normal")).caller.text
    assert "level is easy, normal, hard" in (await table.add_ai(ann, "godlike")).caller.text
    removed = await table.click(ann, token(reply.channel, "Remove Bot Ada (normal)"))
    assert "removed **Bot Ada (normal)**" in removed.channel.text
    assert [s.name for s in await store.seats((await store.active_game(7)).id)] == ["Ann", "Bot Brunel (hard)"]
    await store.close()


async def test_a_level_whose_player_the_game_lacks_is_refused_with_the_levels_that_work(db_path, monkeypatch):
    """Until a game has its heuristic player (ai/<game>/), "easy" cannot be seated there."""
    store, table, ann = await lobby(db_path, levels={**RANDOM, "easy": ("heuristic", None)})
    monkeypatch.setattr("railhead.bot.ai_pool.hook", lambda game_id, name: None)
    refused = await table.add_ai(ann, "easy")
    assert refused.caller.text == "There is no easy AI player for Railways of the World yet; choose normal or hard."
    await store.close()


async def test_a_game_of_ai_players_alone_does_not_start_and_the_last_person_leaving_closes_it(db_path):
    store, table, ann = await lobby(db_path)
    await table.add_ai(ann, "normal")
    await table.add_ai(ann, "normal")
    await table.leave(ann)
    assert await store.active_game(7) is None              # AI players alone: the table closed
    store2, table2, ann2 = await lobby(db_path.replace(".sqlite3", "-2.sqlite3"))
    bob = Caller(7, 701, "Bob")
    await table2.join(bob)
    await table2.add_ai(ann2, "normal")
    await table2.leave(ann2)
    await table2.leave(bob)
    assert await store2.active_game(7) is None
    await store.close()
    await store2.close()


async def test_refused_start_with_ai_seats_only(db_path):
    """Beside at least one person: a creator who added AIs and left cannot start a table of bots.
    (The table closes when its last person leaves; here the creator kept the lobby by kicking.)"""
    store, table, ann = await lobby(db_path)
    await table.add_ai(ann, "normal")
    row = await store.active_game(7)
    async with store.transaction() as tx:                  # as if Ann's seat had gone another way
        await tx.remove_seat(row.id, ann.user_id)
        await tx.add_seat(row.id, -9, "Bot Fowler (easy)", ai="normal")
    refused = await table.start(ann)
    assert "at least one person beside its AI players" in refused.caller.text
    await store.close()


async def test_one_person_and_two_ai_seats_play_secret_choices_chained_moves_without_pings(db_path):
    """RotW with barons: the two AI seats make their secret choices at once, then AI moves chain
    until the person's turn. Nobody pings or DMs an AI seat, AI seats have no timers, and every
    AI move is announced by one line with its reason; the secret choice's line keeps it secret."""
    store, table, ann = await lobby(db_path, seed=11, barons=True)
    await table.add_ai(ann, "normal")
    await table.add_ai(ann, "hard")
    start = await table.start(ann)
    await table.ai_idle()
    session = await table.session(7)
    bots = [s for s in session.seats if s.ai]
    replies = [start, *table.posted]
    said = every_text(replies)
    assert said.count("has made its secret choice.") == 2
    for bot in bots:                    # said when its choice begins, not again after the other bot's
        assert said.count(f"🤖 **{bot.name}** is thinking about a secret choice.") == 1
    assert all(uid not in r.direct and uid not in (r.channel.mentions if r.channel else [])
               for r in replies for uid in (b.user_id for b in bots))
    assert {t.seat for t in await store.timers(session.row.id)} <= {0}
    # the person keeps a baron and plays on; AI moves chain (AI after AI) until it waits on Ann again
    baron = next(a for a in session.match.legal_actions(0) if a["type"] == "keep_baron")
    await table.act(ann, baron)
    for _ in range(3):
        await people_move_until_an_ai_is_prompted(table, {0: ann})
        await table.ai_idle()
    session = await table.session(7)
    assert session.match.prompts() and all(p["seat"] == 0 for p in session.match.prompts())
    seats = [seat for seat, _ in session.match.log]
    assert any(a != 0 and b != 0 and a != b for a, b in zip(seats, seats[1:]))      # AI after AI
    moved = [r for r in table.posted if r.channel and "🤖 **Bot" in r.channel.text]
    assert sum(": random" in r.channel.text for r in moved) >= 2          # the reason of the (random) player
    assert {seat for seat, _ in session.match.log} == {0, 1, 2}
    await store.close()


async def test_the_ai_key_repeats_so_a_game_with_ai_seats_replays_the_same(db_path, tmp_path):
    """The key of an AI's random choices is the game's id and seed, the prompt's stamp and the seat
    (not the log's length, which depends on when a person's simultaneous secret choice lands): two
    tables with the same game make the same AI moves. Compared seat by seat: the order in which
    simultaneous secret choices reach the log depends on when each thread finishes."""
    logs = []
    for n in range(2):
        store, table, ann = await lobby(str(tmp_path / f"k{n}.sqlite3"), seed=4)
        await table.add_ai(ann, "normal")
        await table.add_ai(ann, "normal")
        await table.start(ann)
        for _ in range(3):
            await people_move_until_an_ai_is_prompted(table, {0: ann})
            await table.ai_idle()
        entries = await store.log((await store.active_game(7)).id)
        logs.append({seat: [e.action for e in entries if e.seat == seat] for seat in range(3)})
        await store.close()
    assert logs[0] == logs[1] and all(logs[0].values()) and sum(map(len, logs[0].values())) >= 6


async def test_a_move_thought_out_for_an_earlier_prompt_is_dropped_and_thought_again(db_path, monkeypatch):
    """The AI's move is bound to the prompt's stamp: while it thinks, the person takes back the
    move that prompted it; the thought-out move is not played, and the AI thinks again (with the
    key of the new log length) once its prompt comes back."""
    steam = GAMES["steam"]
    seed = next(n for n in range(50) if steam.prompts(steam.setup({}, ["A", "B", "C"], n))[0]["seat"] != 2)
    store, table, ann = await lobby(db_path, game="steam", seed=seed)      # a person moves first
    bob = Caller(7, 701, "Bob")
    await table.join(bob)
    await table.add_ai(ann, "normal")
    gate, thoughts = asyncio.Event(), []
    think = ai_pool.think

    async def slow(game, state, seat, player, budget=None, key=""):
        thoughts.append(key)
        if len(thoughts) == 1:
            await gate.wait()
        return await think(game, state, seat, player, budget, key)

    monkeypatch.setattr(ai_pool, "think", slow)
    await table.start(ann)
    session = await people_move_until_an_ai_is_prompted(table, (ann, bob))
    await asyncio.sleep(0.05)
    assert len(thoughts) == 1                                  # thinking, held at the gate
    before = len(session.match.log)
    mover = session.match.log[-1][0]
    undo = await table.act((ann, bob)[mover], {"type": "undo"})
    assert undo.channel is not None and "takes back" in undo.channel.text, undo.caller
    gate.set()
    await table.ai_idle()
    assert table.posted == []                                  # the first thought was dropped
    assert len((await table.session(7)).match.log) == before + 1   # only the undo was added
    session = await people_move_until_an_ai_is_prompted(table, (ann, bob), seed=2)
    await table.ai_idle()
    assert len(thoughts) == 2 and thoughts[1] != thoughts[0]
    assert len(table.posted) >= 1
    await store.close()


async def test_a_restart_resumes_a_pending_ai_move(db_path, monkeypatch):
    """The bot stops while an AI seat's move is pending; the new table moves it on its first tick."""
    store, table, ann = await lobby(db_path, game="steam", seed=3)
    await table.add_ai(ann, "normal")
    await table.add_ai(ann, "normal")
    never, think = asyncio.Event(), ai_pool.think

    async def stuck(*args, **kwargs):
        await never.wait()

    monkeypatch.setattr(ai_pool, "think", stuck)
    await table.start(ann)
    session = await people_move_until_an_ai_is_prompted(table, {0: ann})
    pending = len(session.match.log)
    table.stop_ai()
    await store.close()
    monkeypatch.setattr(ai_pool, "think", think)
    store = await open_store(db_path)
    again = Table(store, render=False)
    again.ai_levels = dict(RANDOM)
    assert await again.tick() == []                            # the clock's tick resumes AI moves
    await again.ai_idle()
    assert again.posted and "🤖 **Bot" in again.posted[0].channel.text
    session = await again.session(7)
    assert len(session.match.log) > pending
    assert all(p["seat"] == 0 for p in session.match.prompts()) or session.match.outcome() is not None
    await store.close()


async def test_a_late_player_is_replaced_by_an_ai_and_takes_the_seat_back_alone(db_path):
    """The time-limit vote offers "Replace X with AI"; once the others agree an AI plays the seat
    (no timer, no ping), the person's own commands are refused until `/game join`, which only
    they can use."""
    t0 = datetime(2026, 11, 28, 12, 0, tzinfo=UTC)
    now = [t0]
    store = await open_store(db_path)
    table = Table(store, render=False, seeds=lambda: 2, clock=lambda: now[0])
    table.ai_levels = dict(RANDOM)
    ann, bob, cat = Caller(7, 700, "Ann"), Caller(7, 701, "Bob"), Caller(7, 702, "Cat")
    await table.new(ann, "steam", timing_={"time_limit_hours": 1})
    await table.join(bob)
    await table.join(cat)
    await table.start(ann)
    session = await table.session(7)
    late = session.match.prompts()[0]["seat"]
    late_caller = (ann, bob, cat)[late]
    others = [c for i, c in enumerate((ann, bob, cat)) if i != late]
    now[0] = t0 + timedelta(hours=2)
    notice = next(r for r in await table.tick(now[0]) if r.channel and "time for this move is up" in r.channel.text)
    labels = [b.label for b in notice.channel.components]
    assert f"Replace {late_caller.name} with AI" in labels and len(labels) == 3
    replace = token(notice.channel, f"Replace {late_caller.name} with AI")
    first = await table.click(others[0], replace)
    assert first.channel is not None, first.caller
    assert "votes to replace" in first.channel.text
    passed = await table.click(others[1], replace)
    assert "an AI plays" in passed.channel.text and "/game join" in passed.channel.text
    await table.ai_idle()
    session = await table.session(7)
    assert session.seats[late].ai == "normal" and session.seats[late].user_id == late_caller.user_id
    assert any(late == seat for seat, _ in session.match.log)             # the AI moved for the seat
    assert any("played by the AI" in r.channel.text for r in table.posted if r.channel)
    assert late not in {t.seat for t in await store.timers(session.row.id)}
    refused = await table.act(late_caller, {"type": "pass"})
    assert "`/game join` takes it back" in refused.caller.text
    assert "no seat in this game" in (await table.rejoin(Caller(7, 999, "Dan"))).caller.text
    assert "yours already" in (await table.rejoin(others[0])).caller.text
    back = await table.join(late_caller)                           # as `/game join` does
    assert f"**{late_caller.name}** takes their seat back" in back.channel.text
    session = await table.session(7)
    assert session.seats[late].ai is None
    await store.close()


async def test_the_real_process_pool_moves_an_ai_seat(db_path, monkeypatch):
    """Once through spawned worker processes (bot/ai_pool.py) rather than a thread."""
    monkeypatch.setenv("RAILHEAD_AI_PROCESSES", "1")
    ai_pool.shutdown()
    store, table, ann = await lobby(db_path, game="steam", levels={**RANDOM, "normal": ("search", 4)}, seed=1)
    await table.add_ai(ann, "normal")
    await table.add_ai(ann, "normal")
    await table.start(ann)
    await people_move_until_an_ai_is_prompted(table, {0: ann})
    await table.ai_idle()
    assert isinstance(ai_pool.executor(), ProcessPoolExecutor)
    assert any("search: " in r.channel.text for r in table.posted if r.channel)   # the search said why
    session = await table.session(7)
    bots = {s.seat for s in session.seats if s.ai}
    assert all(p["seat"] not in bots for p in session.match.prompts())
    await store.close()


async def test_submitting_for_a_stale_stamp_is_refused_as_a_stale_button_is(db_path):
    store, table, ann = await lobby(db_path, game="steam", seed=3)
    await table.add_ai(ann, "normal")
    await table.add_ai(ann, "normal")
    await table.start(ann)
    await table.ai_idle()
    session = await table.session(7)
    bot = next(s.seat for s in session.seats if s.ai)
    old = {"seat": bot, "stamp": -1, "kind": "x"}
    assert await table._ai_submit(session.row.id, old, Choice({"type": "pass"}, "stale")) is None
    assert len((await table.session(7)).match.log) == len(session.match.log)
    await store.close()


async def test_a_dead_worker_process_costs_one_move_not_every_later_one(monkeypatch):
    """A worker process killed (out of memory, say) breaks a process pool for good: the move under
    way fails (the table plays a random one instead), and the next one starts a new pool."""
    monkeypatch.setenv("RAILHEAD_AI_PROCESSES", "1")
    ai_pool.shutdown()
    game = GAMES["steam"]
    state = game.setup({}, ["A", "B", "C"], 1)
    seat = game.actors(state)[0]
    await ai_pool.think(game, state, seat, "random", key="up")
    for process in list(ai_pool.executor()._processes.values()):
        process.kill()
        process.join()
    with pytest.raises(BrokenExecutor):
        await ai_pool.think(game, state, seat, "random", key="dead")
    again = await ai_pool.think(game, state, seat, "random", key="again")
    game.apply(state, seat, again.action)


async def test_the_store_keeps_ai_seats_apart_from_people(store_url):
    """Migration 10 (seats.ai): an AI seat's level is kept, a person's seat handed to an AI and
    back; the games with AI seats are listed for a restart, and a seat an AI plays waits on no
    person (``waiting_turns``)."""
    from railhead.bot.store import TimerRow

    store = await open_store(store_url)
    async with store.transaction() as tx:
        gid = await tx.create_game(7, None, "steam", 1, {}, 700)
        await tx.add_seat(gid, 700, "Ann")
        await tx.add_seat(gid, 701, "Bob")
        await tx.add_seat(gid, -1, "Bot Ada (hard)", ai="hard")
        await tx.start_game(gid, 5, "{}")
        await tx.set_timer(TimerRow(gid, 1, 0, "2026-11-28T12:00:00.000Z", None, 0, None))
    assert [(s.user_id, s.ai, s.reachable) for s in await store.seats(gid)] == \
        [(700, None, True), (701, None, True), (-1, "hard", False)]
    assert await store.ai_games() == [gid]
    assert [row.id for row, _ in await store.waiting_turns(701)] == [gid]
    async with store.transaction() as tx:
        await tx.set_ai(gid, 1, "normal")
    assert (await store.seats(gid))[1].ai == "normal" and await store.waiting_turns(701) == []
    async with store.transaction() as tx:
        await tx.set_ai(gid, 1, None)
        await tx.set_removed(gid, 2)
    assert (await store.seats(gid))[1].ai is None and await store.ai_games() == []
    await store.close()
