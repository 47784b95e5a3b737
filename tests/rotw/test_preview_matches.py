"""A build preview prices exactly the build that Confirm makes (railways-of-the-world.txt,
"A. BUILD TRACK": the player pays for the tiles laid; bond dividends are paid in
"3 - Income and Dividends", not by the build). Issue 23, part 5: a preview once said $4,000 for
one open-terrain tile that cost $2,000."""
import asyncio
import random
import re

import pytest

from railhead.bot.games.rotw.ui import link
from railhead.bot.replies import Reply
from railhead.bot.ui import UIContext
from railhead.engine import IllegalAction, Match

from .helpers import GAME


def _cost(text: str) -> int:
    return int(re.search(r"Cost \$([\d,]+)", text).group(1).replace(",", "")) // 1000


def _previews(map_id: str, seed: int) -> int:
    rng = random.Random(seed)
    state = GAME.setup({"map": map_id}, ["A", "B", "C"], seed)
    checked = 0
    for _ in range(400):
        if GAME.outcome(state) is not None:
            break
        prompts = GAME.prompts(state)
        prompt = rng.choice(prompts)
        seat = prompt["seat"]
        if state.phase == "actions" and prompt["kind"] == "action" and rng.random() < 0.5:
            cities = sorted(state.cities)
            for _ in range(3):
                a, b = rng.sample(cities, 2)
                ctx = UIContext(Match(GAME, {}, state.seats, seed, [], state), seat, state.seats)
                try:
                    reply = asyncio.run(link(ctx, {"from": a, "to": b}))
                except IllegalAction:
                    continue
                assert isinstance(reply, Reply)
                confirm = reply.caller.components[0]
                _, events = GAME.apply(state, seat, confirm.action)
                (built,) = [e for e in events if e["type"] == "build"]
                assert _cost(reply.caller.text) == built["paid"], (map_id, seed, a, b, reply.caller.text)
                checked += 1
        acts = GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, rng.choice(acts))
    return checked


@pytest.mark.parametrize("map_id", ["rhine-alps", "vistula-danube"])
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_previewed_cost_is_the_charged_cost(map_id, seed):
    assert _previews(map_id, seed) > 0
