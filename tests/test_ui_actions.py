"""The game UIs build engine actions from the engine's action structs (issue 32, "One place for
options and actions"; ``bot/actions.py``): what a typed command sends is the struct's JSON, and a
command missing a target it needs asks with a menu instead of sending a half-filled action."""
from __future__ import annotations

from pathlib import Path

from railhead.bot.local import LocalTable
from railhead.bot.store import open_store
from railhead.bot.table import Table


async def test_railways_slots_without_their_link_offer_the_links_they_buy(tmp_path):
    """railways-solo.txt, "Buy a Complete Rail Link" and "Add a Passenger": the action names its
    link or building and the slots that pay. Typed with its slots but no link (``slots:`` alone,
    as Discord allows), Buy a link no longer sends an action without its link (the engine said
    "A buy_link action needs `link`"): it offers the links those slots buy, or says they buy none."""
    store = await open_store(str(tmp_path / "r.db"))
    local = LocalTable(Table(store, render=False, seeds=lambda: 8), Path(tmp_path / "boards"))
    await local.handle("game new railways cards=5,6,7,8")
    for line in ("railways place A2 3", "railways place J1 3", "railways place C5 2", "railways place H5"):
        await local.handle(line)
    session = await local.table.session(1)
    state = session.match.state
    state.hand, state.capital = [1, 2, 3], 0
    out = "\n".join(await local.handle("railways buy slots=2.2,3.1"))
    assert "Buy a link" in out and "B2-C2" in out and "slots 2.2 + 3.1" in out, out
    assert "needs `link`" not in out
    out = "\n".join(await local.handle("railways add slots=2.2"))
    assert "Those slots pay for no add a passenger here." in out, out
    out = "\n".join(await local.handle("railways buy B2-C2 2.2 3.1"))      # link and slots: bought at once
    assert "Bought the 2-unit link B2-C2" in out, out
    await store.close()
