"""AI moves thought out off the event loop (issue 34, "AI seats"): a search takes seconds of CPU,
so it runs in worker processes, never in the bot's own, and a person's command is never queued
behind it.

``think`` hands a worker the state as its canonical JSON (``engine.canonical``; the worker loads it
with ``game.load_state``), the seat, the player (a ``railhead.ai`` name or level) and a key for the
random stream; it returns the ``Choice``. The same state, seat, player and key give the same move.
The caller decides what to do with it (the table submits it bound to the prompt's stamp, so a
move thought out for a state that has since changed is dropped).

Processes: ``RAILHEAD_AI_PROCESSES`` (default one per core but one, at least 1); ``0`` thinks in a
thread of this process instead (the local table and tests that want no start-up cost). Worker
processes are started with ``spawn``, never ``fork``: the bot's process has an event loop and
threads that a forked child must not inherit.
"""
from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import os
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor

from railhead.ai import LEVELS, Choice, levels_for, make_player
from railhead.ai.games import hook
from railhead.engine import Game, canonical, get_game
from railhead.engine.core import State, rng_for

log = logging.getLogger(__name__)

_executor: Executor | None = None


def processes() -> int:
    """How many worker processes think (``RAILHEAD_AI_PROCESSES``; 0: a thread, no process)."""
    raw = os.environ.get("RAILHEAD_AI_PROCESSES")
    if raw is not None and raw.strip().isdigit():
        return int(raw)
    return max(1, (os.cpu_count() or 2) - 1)


def executor() -> Executor:
    """The shared pool, started on first use."""
    global _executor
    if _executor is None:
        count = processes()
        if count == 0:
            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="railhead-ai")
        else:
            _executor = ProcessPoolExecutor(max_workers=count, mp_context=multiprocessing.get_context("spawn"))
        log.info("AI players think in %s", f"{count} process(es)" if count else "a thread")
    return _executor


def shutdown() -> None:
    """Stop the pool (the bot's shutdown; a test's teardown). Thoughts under way are dropped."""
    global _executor
    if _executor is not None:
        _executor.shutdown(wait=False, cancel_futures=True)
        _executor = None


def levels(game_id: str | None = None) -> dict[str, tuple[str, float | None]]:
    """The player and budget of each level of AI seats: ``railhead.ai.LEVELS`` (for ``game_id``:
    with the game's own budgets, ``levels_for``), with the levels that ``RAILHEAD_AI_LEVELS`` names
    replaced (JSON, ``{"normal": ["search", 30]}``: a slower
    machine may lower the budgets; a test may make every level ``random``). Raises ``ValueError``
    for text that is not such an object."""
    out = levels_for(game_id) if game_id is not None else dict(LEVELS)
    raw = os.environ.get("RAILHEAD_AI_LEVELS", "").strip()
    if raw:
        given = json.loads(raw)
        if not isinstance(given, dict) or not all(k in LEVELS and isinstance(v, list) and len(v) == 2
                                                  for k, v in given.items()):
            raise ValueError(f"RAILHEAD_AI_LEVELS: an object of levels ({', '.join(LEVELS)}) to [player, budget]")
        out.update({k: (str(v[0]), v[1]) for k, v in given.items()})
    return out


def ready(game_id: str, player: str) -> bool:
    """Whether ``player`` (a ``railhead.ai`` name or level) can play ``game_id`` now: the heuristic
    and greedy players need the game's own hooks (``ai/games.py``), which a game may not have yet;
    random and search play every game."""
    kind = LEVELS[player][0] if player in LEVELS else player
    if kind == "heuristic":
        return hook(game_id, "Heuristic") is not None
    if kind == "greedy":
        return hook(game_id, "worth") is not None
    return True


def choose(game_id: str, state_json: bytes, seat: int, player: str, budget: float | None, key: str) -> Choice:
    """In the worker: the move of ``player`` for ``seat`` in the state ``state_json``. Raises
    ``ValueError`` when the seat may not act."""
    game = get_game(game_id)
    state = game.load_state(json.loads(state_json))
    return make_player(player, budget).choose(game, state, seat, rng_for(key, 0))


async def think(game: Game, state: State, seat: int, player: str, budget: float | None = None,
                key: str = "") -> Choice:
    """``player``'s move for ``seat`` in ``state``, thought out in the pool. ``key`` seeds its
    random choices (the table uses the game's id, the prompt's stamp and the seat, so a replay repeats it).
    Raises ``ValueError`` when the seat may not act, ``BrokenExecutor`` when a worker process
    died (the pool is started again for the next move)."""
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(executor(), choose, game.id, canonical(state), seat, player, budget, key)
    except BrokenExecutor:          # a worker died (killed, out of memory): the next move starts a new pool
        log.error("an AI worker process died; the pool starts again")
        shutdown()
        raise
