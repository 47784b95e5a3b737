"""Hints (issue 34, "Hints"): ``railhead.ai.hints`` suggests a legal move from the seat's view
only; the table answers ``/railways hint`` and ``/game hint`` privately, refuses them with a
sentence when hints are off or it is not the caller's turn, and keeps the lobby option in the
store (migration 11); the local table shows a hint behind the curtain."""
from __future__ import annotations

import sqlite3

import pytest

from railhead.ai.games import hook
from railhead.ai.hints import candidates, hint
from railhead.bot import ai_pool, hints
from railhead.bot.hotseat import Curtain
from railhead.bot.local import LocalTable
from railhead.bot.replies import Button, Caller
from railhead.bot.store import open_store
from railhead.bot.store.schema import MIGRATIONS
from railhead.bot.table import Table
from railhead.engine import GAMES, canonical
from railhead.engine.core.rng import rng_for

from .helpers_table import token
from .search_hooks import walk


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch):
    """Hints think in a thread of this process with a small budget (the pool's processes cost a
    start-up each test)."""
    ai_pool.shutdown()
    monkeypatch.setenv("RAILHEAD_AI_PROCESSES", "0")
    monkeypatch.setattr(hints, "PLAYOUTS", 6)
    yield
    ai_pool.shutdown()


def states(game_id: str, players: int, seed: int, every: int, limit: int):
    game = GAMES[game_id]
    return [(s, seat) for n, (s, seat) in enumerate(walk(game, players, seed, limit)) if n % every == 0]


# ------------------------------------------------------------------ the AI's hint
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_suggested_move_is_legal(game_id):
    """At several points of a game, the move a hint suggests is accepted by the validating
    ``apply`` for that seat."""
    game = GAMES[game_id]
    for n, (state, seat) in enumerate(states(game_id, min(3, game.max_seats), 5, every=25, limit=75)):
        found = hint(game, state, seat, rng_for("hint-test", n), playouts=6, depth=25)
        game.apply(state, seat, found.action)                 # raises IllegalAction if it is not legal
        assert found.reason and found.candidates >= 1


@pytest.mark.parametrize("game_id", ["rotw", "workers", "steam"])
def test_the_hint_is_the_same_whatever_others_hide(game_id):
    """Two states a seat cannot tell apart (the true one and one determinized for it: the other
    seats' secrets and every deck order drawn anew) give the same hint from the same rng: the hint
    never reveals another seat's secret."""
    game = GAMES[game_id]
    for n, (state, seat) in enumerate(states(game_id, 3, 11, every=30, limit=60)):
        twin = game.determinize(state, seat, rng_for("twin", n))
        a = hint(game, state, seat, rng_for("same", n), playouts=6)      # whole playouts: results differ
        b = hint(game, twin, seat, rng_for("same", n), playouts=6)
        assert a == b


def test_a_solo_hint_reports_the_mean_final_score_of_its_playouts():
    """Railways (solo): the value is a final score (profit + 3 per link - pollution: a small whole
    number or a mean of such), the reason says it, and the same rng gives the same hint."""
    game = GAMES["railways"]
    state, seat = states("railways", 1, 3, every=1, limit=6)[-1]
    a = hint(game, state, seat, rng_for("solo", 0), playouts=9)
    assert a.solo and a.playouts >= 1 and -20 < a.value < 120
    assert a.reason.startswith(f"expected final score about {a.value:.0f} (the mean of {a.playouts} playout")
    assert hint(game, state, seat, rng_for("solo", 0), playouts=9) == a


def test_the_candidates_are_distinct_legal_moves_without_undo():
    game = GAMES["steam"]
    state, seat = states("steam", 3, 2, every=1, limit=1)[0]
    moves = candidates(game, state, seat, rng_for("c", 0), most=50)
    assert len({canonical(a) for a in moves}) == len(moves)
    assert all(a["type"] not in ("undo", "undo_vote") for a in moves)
    legal = {canonical(a) for a in game.legal_actions(state, seat)}
    assert {canonical(a) for a in moves} <= legal
    idle = next(s for s in range(3) if s not in game.actors(state))
    with pytest.raises(ValueError):
        hint(game, state, idle, rng_for("c", 1), playouts=3)


# ------------------------------------------------------------------ the table
async def lobby_with(path, game="steam", names=("Ann", "Bob", "Cat"), allow: bool | None = None):
    """A table whose lobby is full; Ann (the creator) sets hints when ``allow`` is given."""
    store = await open_store(path)
    table = Table(store, render=False, seeds=lambda: 3)
    callers = [Caller(7, 700 + i, n) for i, n in enumerate(names)]
    await table.new(callers[0], game)
    for c in callers[1:]:
        await table.join(c)
    said = await table.allow_hints(callers[0], allow) if allow is not None else None
    return store, table, callers, said


async def solo(path):
    """A store, a table and a game of Railways (solo) begun for Ann in channel 7."""
    store = await open_store(path)
    table = Table(store, render=False, seeds=lambda: 3)
    ann = Caller(7, 700, "Ann")
    assert (await table.new(ann, "railways")).channel is not None
    return store, table, ann


def to_move(table, callers, channel=7):
    async def find():
        session = await table.session(channel)
        seat = session.match.prompts()[0]["seat"]
        return callers[seat], [c for i, c in enumerate(callers) if i != seat and session.prompt_of(i) is None]
    return find()


async def test_hints_are_off_by_default_and_refused_with_a_sentence(tmp_path):
    store, table, callers, _ = await lobby_with(str(tmp_path / "t.sqlite"))
    await table.start(callers[0])
    mover, _ = await to_move(table, callers)
    answer = await hints.ask(table, mover)
    assert answer.channel is None and answer.caller.text.startswith("Hints are off at this table.")
    assert "`/game hint allow:true`" in answer.caller.text
    await store.close()


async def test_the_creator_turns_hints_on_in_the_lobby_and_the_channel_is_told(tmp_path):
    path = str(tmp_path / "t.sqlite")
    store, table, (ann, bob, cat), said = await lobby_with(path, allow=True)
    assert said.channel is not None and "**Ann** turned hints on for this game" in said.channel.text
    refused = await table.allow_hints(bob, False)
    assert refused.channel is None and "Only the game's creator" in refused.caller.text
    await table.start(ann)
    late = await table.allow_hints(ann, False)
    assert late.channel is None and "set in the lobby" in late.caller.text and "has them on" in late.caller.text
    await store.close()
    store = await open_store(path)                       # the option is kept with the game
    assert (await store.active_game(7)).hints is True
    await store.close()


async def test_a_hint_is_refused_to_a_player_whose_turn_it_is_not(tmp_path):
    store, table, callers, _ = await lobby_with(str(tmp_path / "t.sqlite"), allow=True)
    await table.start(callers[0])
    _, idle = await to_move(table, callers)
    answer = await hints.ask(table, idle[0])
    assert answer.caller.text.startswith("It is not your turn")
    stranger = await hints.ask(table, Caller(7, 999, "Dee"))
    assert "not seated" in stranger.caller.text
    await store.close()


async def test_a_hint_is_private_and_its_button_plays_the_suggested_move(tmp_path):
    store, table, callers, _ = await lobby_with(str(tmp_path / "t.sqlite"), allow=True)
    await table.start(callers[0])
    mover, _ = await to_move(table, callers)
    session = await table.session(7)
    before = len(session.match.log)
    answer = await hints.ask(table, mover)
    assert answer.channel is None and not answer.direct and answer.caller is not None
    assert not answer.caller.open                           # a secret: behind the local table's curtain
    assert answer.caller.text.startswith("💡 **Hint**: ") and "\nWhy: won " in answer.caller.text
    assert len(answer.caller.text) <= 2000
    button = answer.caller.components[0]
    assert isinstance(button, Button) and button.label == "Play it"
    played = await table.click(mover, token(answer.caller, "Play it"))
    assert played.channel is not None
    after = await table.session(7)
    assert after.match.log[before] == (session.seat_of(mover.user_id), button.action)
    again = await table.click(mover, token(answer.caller, "Play it"))        # its prompt has passed
    assert again.channel is None and len((await table.session(7)).match.log) == before + 1
    await store.close()


async def test_railways_hint_suggests_an_action_and_its_expected_final_score(tmp_path):
    """``/railways hint`` (the solo game): always allowed, private, the move in the log's words."""
    store, table, ann = await solo(str(tmp_path / "t.sqlite"))
    answer = await table.command(ann, "hint", {})
    text = answer.caller.text
    assert answer.channel is None and text.startswith("💡 **Hint**: A passenger die showing ")
    assert "\nExpected final score about " in text
    same = await table.command(ann, "hint", {})          # the same prompt, the same hint
    assert same.caller.text == text
    await table.click(ann, token(answer.caller, "Play it"))
    assert len((await table.session(7)).match.log) == 1
    await store.close()


async def test_a_hint_for_a_prompt_that_passed_while_thinking_is_refused(tmp_path, monkeypatch):
    """The game moves on while the hint is thought out (the player moved meanwhile): the answer
    says so, rather than suggesting a move for a prompt gone."""
    store, table, ann = await solo(str(tmp_path / "t.sqlite"))
    think = hints.think

    async def slow(session, seat):
        found = await think(session, seat)
        legal = session.match.game.legal_actions(session.match.state, seat)
        await table.act(ann, legal[-1])
        return found
    monkeypatch.setattr(hints, "think", slow)
    answer = await table.command(ann, "hint", {})
    assert answer.caller.text.startswith("The game moved on while I was thinking")
    await store.close()


async def test_the_local_table_shows_a_hint_behind_the_curtain(tmp_path):
    store = await open_store(str(tmp_path / "local.sqlite"))
    local = LocalTable(Table(store, render=False, seeds=lambda: 3), tmp_path / "boards", hotseat=True)
    for line in ("as Ann", "game new steam", "game hint allow=true", "as Bob", "game join", "as Cat", "game join",
                 "as Ann", "game start"):
        await local.handle(line)
    out = await local.handle("game hint")                        # the typist follows the game: the mover
    curtains = [o for o in out if isinstance(o, Curtain)]
    assert [c.name for c in curtains] == [local.user]
    assert any("💡 **Hint**" in line for line in curtains[0].lines)
    assert not any("Hint" in str(o) for o in out if not isinstance(o, Curtain))
    await store.close()


async def test_migration_11_adds_hints_off_to_games_stored_before(tmp_path):
    path = str(tmp_path / "old.sqlite")
    db = sqlite3.connect(path)
    db.executescript("".join(f"BEGIN;\n{m}\nCOMMIT;\n" for m in MIGRATIONS[:-1])
                     + f"PRAGMA user_version = {len(MIGRATIONS) - 1};")
    db.execute("INSERT INTO games (id, channel_id, guild_id, game, rules_version, options, seed, status, creator_id,"
               " created_at) VALUES (1, 7, 70, 'steam', 1, '{}', 5, 'lobby', 1, '2026-11-22T08:50:00.123Z')")
    db.commit()
    db.close()
    store = await open_store(path)
    assert (await store.game(1)).hints is False
    async with store.transaction() as tx:
        await tx.set_hints(1, True)
    assert (await store.game(1)).hints is True
    await store.close()


# ------------------------------------------------------------------ Railways (solo)'s playouts
def test_railways_playouts_never_end_a_decade_early_and_stay_legal():
    """The playout policy (ai/railways) plays only legal moves and ends a decade only when no
    other action is legal (railways-solo.txt, "A decade": up to two actions, then the decade ends)."""
    game = GAMES["railways"]
    rollout = hook("railways", "rollout")
    state = game.setup({}, ["Ann"], 4)
    rng = rng_for("rollout-test", 0)
    while game.actors(state):
        action = rollout(game, state, 0, rng)
        if action["type"] == "end_decade":
            assert {a["type"] for a in game.legal_actions(state, 0)} == {"end_decade"}
        state, _ = game.apply(state, 0, action)               # raises IllegalAction if it is not legal
    assert game.outcome(state) is not None


def test_railways_playouts_score_more_than_random_moves():
    """Over the same ten maps, games played by the playout policy end with a higher mean score
    than games of random moves, so the expected final score a hint reports is not a random
    player's."""
    game = GAMES["railways"]

    def mean_score(policy) -> float:
        total = 0
        for seed in range(10):
            state, rng = game.setup({}, ["Ann"], seed), rng_for("versus", seed)
            while game.actors(state):
                game.apply_trusted(state, 0, policy(game, state, 0, rng))
            total += game.outcome(state)["scores"][0]
        return total / 10

    assert mean_score(hook("railways", "rollout")) > mean_score(lambda g, s, seat, r: g.random_action(s, seat, r)) + 3


async def test_a_move_that_draws_is_named_by_its_button(tmp_path):
    """Ending a decade refills the hand from the pool (a random draw: its log text is withheld
    from a dry run), so the hint names it as its button does: **End the decade**."""
    store, table, ann = await solo(str(tmp_path / "t.sqlite"))
    while True:
        session = await table.session(7)
        prompt = session.prompt_of(0)
        if prompt["kind"] == "action" and prompt["action"] == 2:
            break
        legal = session.match.game.legal_actions(session.match.state, 0)
        await table.act(ann, next(a for a in legal if a["type"] != "end_decade"))
    assert hints.move_words(table.ui("railways"), session, 0, {"type": "end_decade"}) == "End the decade"
    await store.close()


async def test_a_hint_thought_out_in_a_worker_process_is_the_one_made_here(monkeypatch):
    """The pool's spawned worker (``RAILHEAD_AI_PROCESSES=1``) gets the state as JSON and gives
    the same hint as this process from the same state, seat and key."""
    import asyncio

    from railhead.ai.hints import hint_json

    ai_pool.shutdown()
    monkeypatch.setenv("RAILHEAD_AI_PROCESSES", "1")
    game = GAMES["steam"]
    state = game.setup({}, ["A", "B", "C"], 3)
    seat = game.actors(state)[0]
    loop = asyncio.get_running_loop()
    far = await loop.run_in_executor(ai_pool.executor(), hint_json, "steam", canonical(state), seat, 6, None, "k")
    near = hint(game, state, seat, rng_for("k", 0), playouts=6)
    assert far == near


async def test_no_hint_while_an_undo_vote_is_open_and_none_to_set_in_a_solo_game(tmp_path):
    store, table, callers, _ = await lobby_with(str(tmp_path / "t.sqlite"), allow=True)
    await table.start(callers[0])
    mover, _ = await to_move(table, callers)
    session = await table.session(7)
    seat = session.seat_of(mover.user_id)
    await table.act(mover, session.match.game.legal_actions(session.match.state, seat)[0])
    second, _ = await to_move(table, callers)              # a move by someone else since: the undo asks them
    session = await table.session(7)
    await table.act(second, session.match.game.legal_actions(session.match.state, session.seat_of(second.user_id))[0])
    asked = await table.undo(mover)
    session = await table.session(7)
    assert session.match.state.core.vote is not None, asked.caller
    voter = next(c for c in callers if session.prompt_of(session.seat_of(c.user_id)) is not None)
    answer = await hints.ask(table, voter)
    assert answer.caller.text.startswith("An undo vote is open")
    solo_store, solo_table, ann = await solo(str(tmp_path / "s.sqlite"))
    refused = await solo_table.allow_hints(Caller(7, 700, "Ann"), False)
    assert refused.caller.text.startswith("Hints are always allowed in a solo game")
    await solo_store.close()
    await store.close()
