"""Steam's start message at the table: it names the order that plays, not the seats (issue 23,
part 5; steam.txt, "Determine Player Order": the first turn's order is drawn at random)."""
from pathlib import Path

import pytest

from railhead.bot.local import LOCAL_CHANNEL, LocalTable
from railhead.bot.store import Store
from railhead.bot.table import Table

NAMES = ["Bérénice", "Olu", "Henrike"]


async def started(tmp_path, seed: int, options: str = ""):
    store = await Store.open(str(tmp_path / "local.sqlite3"))
    table = Table(store, render=False, seeds=lambda: seed)
    local = LocalTable(table, Path(tmp_path / "boards"))
    for line in ["as Bérénice", f"game new steam {options}".strip(), "as Olu", "game join", "as Henrike",
                 "game join", "as Bérénice"]:
        await local.handle(line)
    out = "\n".join(await local.handle("game start"))
    session = await table.session(LOCAL_CHANNEL)
    return out, session.match.state


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
async def test_the_start_message_names_the_drawn_turn_order(tmp_path, seed):
    out, state = await started(tmp_path, seed)
    order = ", ".join(NAMES[s] for s in state.order)
    assert f"Turn order, drawn at random: {order}." in out
    assert "seat order" not in out


async def test_with_the_first_order_auctioned_the_start_says_who_bids_first(tmp_path):
    out, state = await started(tmp_path, 1, "first_order=auction")
    first = state.auction.order.order[0]
    assert f"The first turn's order is auctioned; {NAMES[first]} bids first." in out


async def test_in_the_standard_game_the_start_says_the_order_is_bid_for(tmp_path):
    out, state = await started(tmp_path, 1, "standard=true")
    order = ", ".join(NAMES[s] for s in state.order)
    assert f"The turn order is bid for each turn, after raising capital; the first bids go {order}." in out
