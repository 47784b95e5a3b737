"""One bot process of the cross-process tests (tests/test_store_postgres.py), run as
``python -m tests.pg_worker URL CHANNEL MODE [MOVES]``: its own store and Table on the shared
PostgreSQL database, playing Railways of the World moves in the game of CHANNEL.

MODE ``play``: make MOVES moves (random legal ones, for whichever seat is prompted, as its
player), and print one JSON line: ``{"moves": made, "refused": n, "not_saved": n}``.
MODE ``hang``: start one move and stop inside its transaction, after the log entry is written
and before the commit, holding the game's lock; print ``inside`` and wait to be killed."""
from __future__ import annotations

import asyncio
import json
import random
import sys

from railhead.bot.replies import Caller
from railhead.bot.store import open_store
from railhead.bot.store.postgres import PgTx
from railhead.bot.table import NOT_SAVED, Table


def callers(channel: int) -> list[Caller]:
    """The three players of the test game in ``channel`` (as the test seated them)."""
    return [Caller(channel, 10 * channel + i, f"P{i}") for i in range(3)]


async def play(table: Table, channel: int, moves: int, rng: random.Random) -> dict:
    """Make ``moves`` moves (refused ones, on a state another process changed meanwhile, retried)."""
    made = refused = not_saved = 0
    while made < moves and made + refused < 50 * moves:
        session = await table.session(channel)
        prompt = rng.choice(session.match.prompts())
        seat = prompt["seat"]
        acts = [a for a in session.match.game.legal_actions(session.match.state, seat) if a["type"] != "build"]
        reply = await table.act(callers(channel)[seat], rng.choice(acts[:6]))
        if reply.channel is not None:
            made += 1
        elif reply.caller is not None and reply.caller.text == NOT_SAVED:
            not_saved += 1
        else:
            refused += 1
        await asyncio.sleep(rng.random() / 200)
    return {"moves": made, "refused": refused, "not_saved": not_saved}


async def main(url: str, channel: int, mode: str, moves: int) -> None:
    store = await open_store(url)
    table = Table(store, render=False, seeds=lambda: 5)
    if mode == "hang":
        original = PgTx.append

        async def append_then_hang(self, *args, **kwargs):
            await original(self, *args, **kwargs)
            print("inside", flush=True)
            await asyncio.Event().wait()

        PgTx.append = append_then_hang
        await play(table, channel, 1, random.Random(channel))
        return
    result = await play(table, channel, moves, random.Random())      # each process its own choices
    await store.close()
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 10))
