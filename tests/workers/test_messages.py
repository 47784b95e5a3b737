"""Railway Workers' messages found wrong in play (issue 23, part 5, fix 3)."""
from __future__ import annotations

from railhead.engine.games.workers.state import Question

from ..helpers_table import seated
from .helpers import GAME, LEO, MARIA, TIM, Table, playing, route, table


async def test_a_mistyped_command_after_the_game_ended_is_called_unknown(tmp_path):
    """`workers pas` after the game ended said there was no running game; the command name is
    checked first against the commands of the channel's last game."""
    store, table, callers, _start = await seated(str(tmp_path / "w.db"), game="workers", names=("Ann", "Bob"))
    try:
        await table.abandon(callers[0], confirm=True)
        answer = await table.command(callers[0], "pas", {})
        text = answer.caller.text
        assert "Unknown command 'pas'" in text and "pass" in text, text
        answer = await table.command(callers[0], "pass", {})
        assert "There is no running game in this channel." in answer.caller.text
    finally:
        await store.close()


def reroll_time(t: Table) -> None:
    """Place and roll (keeping low rolls): the step of the reroll tokens."""
    for seat in range(3):
        t.act(seat, type="place", cards=t.player(seat).hand[:4], ready=True)
    for prompt in GAME.prompts(t.state):
        if prompt["kind"] == "low_roll":
            t.act(prompt["seat"], type="low_roll", reroll=False)
    assert t.state.step == "tokens"


def test_the_reroll_message_counts_tokens_in_singular_and_plural():
    """"Extra tokens": one die rerolled per reroll token; "spends 1 reroll token(s)" read badly."""
    t = Table()
    t.player(MARIA).reroll = 1
    t.player(TIM).reroll = 2
    reroll_time(t)
    t.act(MARIA, type="reroll", dice=[1])
    assert "Maria spends 1 reroll token: " in t.text()
    t.act(TIM, type="reroll", dice=[1, 2])
    assert "Tim spends 2 reroll tokens: " in t.text()


def test_a_tie_for_a_new_routes_shares_names_the_baton_tie_break():
    """"Construction sites" (a finished site becomes a route; the most shares places its train, a
    tie going to the player nearest the Baton, as ``board.majority`` breaks it): in a 1-1-1 tie
    the question said "you hold the most shares"."""
    from railhead.bot.games.workers.ui import UI
    t = Table()
    t.state.baton = TIM
    route(t, 7, {MARIA: 1, TIM: 1, LEO: 1})
    t.state.pending = [Question(kind="train_city", project=7)]   # a record, as the rules queue it
    view = GAME.view(t.state, None)
    prompt = view["question"]
    assert prompt["seat"] == TIM
    text = UI.prompt_text(view, GAME.read_prompt(prompt), "Tim")
    assert "Maria, Tim and Leo tie on new route 7 (1 share each); you sit nearest the Baton, so you decide" \
        in text and "most shares" not in text
    route(t, 7, {LEO: 2, TIM: 1})
    view = GAME.view(t.state, None)
    assert "you hold the most shares on new route 7" in UI.prompt_text(view, GAME.read_prompt(view["question"]), "Leo")


def test_a_site_is_called_a_route_only_after_its_last_reward_is_chosen():
    """"Construction site Development": the last table's leader first takes the reward tile or a
    free share; the site "is now a route" was said before that choice was made."""
    t = Table()
    t.sites_on_map(2, 4)
    site = table(t, 2, "structures", [MARIA, MARIA], goods={MARIA: 1}, done=["plans", "tracks"])
    site.shares = {str(TIM): 2, str(LEO): 2}
    playing(t, MARIA, "move", 5)
    t.act(MARIA, type="send", part="top", site=2, structures=1)
    assert t.question["kind"] == "reward" and "route" not in t.text()
    t.act(MARIA, type="choose", option="share")
    assert t.text().endswith("Maria takes a free share on project 2.\nSite 2 is complete: Porto–Aveiro is now a route.")
    assert t.question["kind"] == "train_city"


def test_no_message_counts_with_a_bracketed_plural():
    """"2 coin(s)" reads badly: every count in Railway Workers' texts uses ``plural``."""
    import ast
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found = [f"{path.relative_to(root)}:{node.lineno}" for folder in ("engine/games/workers", "bot/games/workers")
             for path in sorted((root / folder).glob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.search(r"[a-z]\(s\)", node.value)]
    assert found == []
