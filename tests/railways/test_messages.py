"""Railways (solo) answers found wanting in play (issue 23, part 5, fix 4): a slot that is not in
the hand names the hand's slots, and `/game status` shows how far the objective has come
(railways-solo.txt, "Objectives")."""
from __future__ import annotations

import re

from railhead.bot.replies import Caller
from railhead.bot.store import open_store
from railhead.bot.table import Table


async def started(db_path, objective: str, **more):
    """A solo game past its setup (passenger dice placed): the first action is due."""
    store = await open_store(db_path)
    table = Table(store, render=False, seeds=lambda: 4)
    ann = Caller(9, 1, "Ann")
    await table.new(ann, "railways", {"cards": [5, 6, 7, 8], "objective": objective, **more})
    while True:
        session = await table.session(ann.channel_id)
        prompt = session.match.prompts()[0]
        if prompt["kind"] != "place":
            return store, table, ann, session
        await table.act(ann, next(a for a in session.match.legal_actions(0) if a["type"] == "place"))


async def test_a_slot_not_in_the_hand_names_the_slots_there_are(db_path):
    store, table, ann, session = await started(db_path, "economist")
    try:
        hand = session.match.view(0)["hand"]
        answer = await table.command(ann, "buy", {"link": "B2-C2", "slots": "9.9"})
        text = answer.caller.text
        assert "'9.9' is not a slot of your hand" in text, text
        for card in hand:
            assert f"{card['number']}.1–{card['number']}.4 ({card['name']})" in text, text
        answer = await table.command(ann, "hire", {"slots": f"{hand[0]['number']}.5"})
        assert "is not a slot of your hand" in answer.caller.text
    finally:
        await store.close()


async def test_status_shows_progress_toward_each_objective(db_path):
    store, table, ann, session = await started(db_path, "baron", combine=["mayor", "conductor", "engineer"])
    try:
        view = session.match.view(0)
        left = sum(d["n"] for d in view["dice"].values())
        text = (await table.status(ann)).caller.text
        line = next(x for x in text.splitlines() if x.startswith("Objective so far: "))
        assert f"Mayor, {left} passengers left on the map" in line, line
        assert "Train Conductor, delivered to 0 of 4 kinds (none yet" in line, line
        still = re.search(r"; still ([A-Za-z, ]+)\)", line).group(1).split(", ")
        assert sorted(still) == ["Commercial", "Industrial", "Leisure", "Residential"]
        assert f"Engineer, of {len(view['links'])} complete links on the map 0 bought and 0 upgraded" in line, line
    finally:
        await store.close()
    store, table, ann, session = await started(db_path + "2", "economist")
    try:
        text = (await table.status(ann)).caller.text
        assert f"Objective so far: Economist, score so far {session.match.view(0)['score_now']}." in text, text
    finally:
        await store.close()
