"""One move, one ``apply`` (issue 32, "one result per move"): the table plays a button or command
once and reads the new match for everything else; labelling the next prompt's buttons asks the
engine (RotW's ``price`` question for Pass and the engine upgrade) instead of playing them on a
copy. And the match keeps each read: prompts and each seat's view are computed once a move."""
from __future__ import annotations

import pytest

from railhead.engine import GAMES

from .helpers_table import seated


@pytest.fixture
def counted(monkeypatch):
    """Counts of the engine's ``apply``, ``prompts`` and ``view`` calls, by game id."""
    counts: dict[str, int] = {}
    for game in GAMES.values():
        for name in ("apply", "prompts", "view"):
            method = getattr(type(game), name)

            def wrapper(self, *args, _method=method, _name=name, **kwargs):
                counts[_name] = counts.get(_name, 0) + 1
                return _method(self, *args, **kwargs)

            monkeypatch.setattr(type(game), name, wrapper)
    return counts


@pytest.mark.parametrize("game", ["rotw", "steam", "workers"])
async def test_a_move_is_one_apply_and_each_read_once(tmp_path, counted, game):
    store, table, callers, _ = await seated(str(tmp_path / "t.db"), game=game, names=("Ann", "Bob", "Cat"))
    session = await table.session(7)
    seat = session.match.prompts()[0]["seat"]
    acts = session.match.legal_actions(seat)
    action = {"type": "pass"} if {"type": "pass"} in acts else acts[0]
    counted.clear()
    await table.act(callers[seat], action)
    assert counted.get("apply") == 1, counted
    assert counted.get("prompts") == 1, counted
    assert counted.get("view", 0) <= 1 + 3, counted           # the public view and at most each seat's
    await store.close()


async def test_the_rotw_action_prompt_after_the_auction_labels_its_buttons_without_a_dry_run(tmp_path, counted):
    """Everyone passes the first auction (nobody bid); the first player's action prompt offers
    the engine upgrade, whose button asks first when it would issue a bond: still one apply."""
    store, table, callers, _ = await seated(str(tmp_path / "t.db"), names=("Ann", "Bob", "Cat"))
    for _ in range(2):
        session = await table.session(7)
        await table.act(callers[session.match.prompts()[0]["seat"]], {"type": "pass"})
    session = await table.session(7)
    counted.clear()
    reply = await table.act(callers[session.match.prompts()[0]["seat"]], {"type": "pass"})
    labels = [getattr(c, "label", "") for c in reply.table.components]
    assert any(label.startswith("Upgrade engine to 2") for label in labels), labels
    assert counted.get("apply") == 1, counted
    await store.close()
