"""AI moves are thought out in worker processes, off the event loop (bot/ai_pool.py, issue 34)."""
from __future__ import annotations

import asyncio

import pytest

from railhead.ai import make_player
from railhead.bot import ai_pool
from railhead.engine import GAMES
from railhead.engine.core import rng_for


@pytest.fixture
def pool(monkeypatch):
    def use(count: int):
        ai_pool.shutdown()
        monkeypatch.setenv("RAILHEAD_AI_PROCESSES", str(count))
    yield use
    ai_pool.shutdown()


async def test_a_worker_process_chooses_what_the_player_would_here(pool):
    """The move from a spawned worker equals the one made in this process from the same state,
    seat and key: the state crosses as JSON without losing anything the player reads."""
    pool(1)
    game = GAMES["rotw"]
    state = game.setup({}, ["A", "B", "C"], 7)
    seat = game.actors(state)[0]
    far = await ai_pool.think(game, state, seat, "search", 6, key="t:1")
    near = make_player("search", 6).choose(game, state, seat, rng_for("t:1", 0))
    assert far == near
    game.apply(state, seat, far.action)


async def test_the_event_loop_keeps_answering_while_a_player_thinks(pool):
    """While a search thinks in a worker, the loop goes on running other work (a person's command):
    it wakes many times before the move comes back (no timing is asserted, only that it ran)."""
    pool(1)
    game = GAMES["steam"]
    state = game.setup({}, ["A", "B", "C"], 3)
    seat = game.actors(state)[0]
    await ai_pool.think(game, state, seat, "random", key="warm")        # the worker is up
    task = asyncio.ensure_future(ai_pool.think(game, state, seat, "search", 150, key="t:2"))
    woke = 0
    while not task.done():
        await asyncio.sleep(0.01)
        woke += 1
    await task
    assert woke > 3


async def test_a_seat_that_may_not_act_is_refused(pool):
    pool(0)
    game = GAMES["rotw"]
    state = game.setup({"barons": False}, ["A", "B", "C"], 1)       # the auction: one seat acts
    idle = next(s for s in range(3) if s not in game.actors(state))
    with pytest.raises(ValueError):
        await ai_pool.think(game, state, idle, "random")
