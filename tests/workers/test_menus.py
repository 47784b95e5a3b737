"""Railway Workers' long turn menus come in two steps (issue 23, part 5: Move Workers offered 18-21
ways in one menu, a Share 7+ 23 train choices): first the site, train or command, then its moves."""
from __future__ import annotations

import random

from railhead.bot.games.workers.menus import LONG, turn_components
from railhead.bot.replies import Button, Select

from ..helpers_table import seated


async def test_a_long_group_is_a_menu_of_sites_then_a_menu_of_moves(tmp_path):
    store, table, callers, _start = await seated(str(tmp_path / "w.db"), game="workers",
                                                 names=("Ann", "Bob", "Cat"), seed=2)
    rng = random.Random(2)
    try:
        for _ in range(3000):                  # random moves until a turn has a long group
            session = await table.session(7)
            match = session.match
            prompt = rng.choice(match.prompts())
            seat = prompt["seat"]
            acts = [a for a in match.legal_actions(seat) if a["type"] not in ("undo", "undo_vote")]
            if prompt["kind"] == "turn":
                groups = {}
                for a in acts:
                    groups.setdefault((a["type"], a.get("part")), []).append(a)
                long = [g for g in groups.values() if len(g) > LONG and g[0]["type"] == "send"]
                if long:
                    break
            await table.act(callers[seat], rng.choice(acts))
        assert long, "no turn with a long Move Workers menu in 3,000 moves"
        group = long[0]
        ctx = table._context(session, seat)
        components = turn_components(ctx, acts)
        first = next(c for c in components if isinstance(c, Select) and "first choose where" in c.placeholder)
        sites = {a["site"] for a in group}
        assert len(first.options) == len(sites) and all(o.action["type"] == "_menu" for o in first.options)
        assert sum(len(o.action["options"]) for o in first.options) == len(group)
        assert all(len(o.label) <= 100 for o in first.options)
        # through the table (My hand shows the turn's menus): the second step, then the move
        hand = await table.hand(callers[seat])
        menus = [c for m in hand.messages() for c in m.components if isinstance(c, Select)
                 and "first choose where" in c.placeholder]
        assert menus, [c.placeholder for m in hand.messages() for c in m.components if isinstance(c, Select)]
        option = menus[0].options[0]
        second = await table.click(callers[seat], option.value)
        select = next(c for c in second.caller.components if isinstance(c, Select))
        assert select.options and all(o.action["type"] == "send" for o in select.options)
        assert "Cancel" in [c.label for c in second.caller.components if isinstance(c, Button)]
        others = await table.click(callers[(seat + 1) % 3], option.value)
        assert "is for" in others.caller.text                      # another seat's menu
        before = len((await table.session(7)).match.log)
        await table.click(callers[seat], select.options[0].value)
        assert len((await table.session(7)).match.log) == before + 1
    finally:
        await store.close()
