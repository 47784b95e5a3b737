"""What new players still stumbled on in Railway Workers (issue 23, the leftovers): what a command
or an investment costs before choosing it, the turn's header with Overtime, `workers move` for the
Move Workers card, and counts in singular and plural."""
from __future__ import annotations

import ast
import asyncio
import re
from pathlib import Path

from railhead.bot.games.workers import words
from railhead.bot.games.workers.ui import UI
from railhead.bot.replies import Apply
from railhead.bot.typed_args import command_args
from railhead.engine.games.workers import prompts

from .helpers import GAME, MARIA, Table, playing

ROOT = Path(__file__).resolve().parents[2]


def commands(t: Table, *available: int) -> None:
    c = t.state.commands
    c.available, c.unavailable = list(available), None


def label(t: Table, seat: int, **action) -> str:
    return words.action_label(GAME.view(t.state, seat), action)


def test_bulk_order_shows_the_price_it_gives_before_and_after_it_is_chosen():
    """Command 4 (railway-workers.txt, "Command cards clarifications": "You buy each resource with 1
    coin discount during your turn"): its button said only "Command 4 Bulk Order", and after it the
    buy menu still said "(8 coins at 4)" while the move charged 6."""
    t = Table()
    commands(t, 4)
    playing(t, MARIA, "structures", 7)
    assert label(t, MARIA, type="command", number=4) == \
        "Each structure 3 coins instead of 4: Bulk Order, uses a director"
    assert label(t, MARIA, type="buy", part="top", count=2) == "Buy 2 structures into your Facilities (8 coins at 4)"
    t.act(MARIA, type="command", number=4)
    assert label(t, MARIA, type="buy", part="top", count=2) == \
        "Buy 2 structures into your Facilities (6 coins at 3, Bulk Order -1)"
    site = int(next(iter(t.state.sites)))
    assert label(t, MARIA, type="buy", part="bottom", site=site).endswith("(3 coins, Bulk Order -1)")
    before = t.player(MARIA).coins
    t.act(MARIA, type="buy", part="top", count=2)
    assert t.player(MARIA).coins == before - 6


def test_the_turn_header_counts_overtimes_plus_one():
    """Command 1 ("Adding +1 to the sum of your chosen card ... helps to reach sum 4 or 7"): after
    it the header still said "Sum 3. (below 4: pay 1 coin to do the 4+)"."""
    t = Table()
    commands(t, 1)
    playing(t, MARIA, "share", 3)
    assert label(t, MARIA, type="command", number=1) == "Your Sum 3 → 4: Overtime, uses a director"
    t.act(MARIA, type="command", number=1)
    view = GAME.view(t.state, MARIA)
    prompt = GAME.read_prompt(GAME.prompts(t.state)[0])
    text = UI.prompt_text(view, prompt, "Maria")
    assert "Sum 3 + 1 Overtime = 4. (4+ only)." in text and "below 4" not in text, text
    before = t.player(MARIA).coins
    t.act(MARIA, type="share", site=int(next(iter(t.state.sites))))
    assert t.player(MARIA).coins == before - 1          # the share's coin, nothing to lift the Sum


class _Turn:
    """A UI context at the start of a turn (only what the move commands ask of it)."""

    def prompt(self) -> prompts.Turn:
        return prompts.Turn(seat=0, slot=1, card="move", sum=4, overtime=0, top=False, bottom=False, command=None,
                            commands=[])


def test_move_workers_is_typed_move_as_the_card_reads_and_send_still_works():
    """A player reading "Move Workers" typed `workers move` (unknown: it was `workers send`)."""
    ui = UI
    assert command_args(ui, ["move", "2", "0", "2"]) == {"site": "2", "structures": "0", "tracks": "2"}
    for name in ("move", "send"):
        answer = asyncio.run(ui.commands[name].handler(_Turn(), {"site": 2, "tracks": 2}))
        assert isinstance(answer, Apply) and answer.action == {"type": "send", "part": "top", "site": 2, "tracks": 2}
    help_text = "\n".join(ui.help_lines())
    assert "workers move [site=]SITE" in help_text and "Move Workers" in help_text
    assert "`move site structures tracks part`" in (ROOT / "docs/players/workers.md").read_text(encoding="utf-8")


def test_an_investment_says_what_it_costs_wherever_it_is_offered():
    """"Investment" (our figures, data/tables/workers/country.toml): the menu said only "move your
    marker to step 6"; the first player on a step pays ``first``, later ones ``later``."""
    t = Table()
    commands(t)
    playing(t, MARIA, "subsidy", 7)
    t.state.table_trains[0].step = None       # a route took the train of step 7: the step is open
    view = GAME.view(t.state, MARIA)
    offer = "Investment: move your marker to step 6 (1 coin, first there)"
    assert label(t, MARIA, type="invest", part="top") == offer
    assert offer + "." in UI.prompt_text(view, GAME.read_prompt(GAME.prompts(t.state)[0]), "Maria")
    before = t.player(MARIA).coins
    t.act(MARIA, type="invest", part="top")
    t.act(MARIA, type="choose", option=GAME.prompts(t.state)[0]["options"][0])
    assert t.player(MARIA).coins == before - 1
    assert label(t, MARIA, type="invest", part="bottom") == \
        "Investment: move your marker to step 7 (5 coins, first there)"
    t.state.visited.append(7)
    assert label(t, MARIA, type="invest", part="bottom") == "Investment: move your marker to step 7 (4 coins)"
    from railhead.engine.games.workers.data import country
    inv = country().investment
    guide = " ".join((ROOT / "docs/players/workers.md").read_text(encoding="utf-8").split())
    assert (inv.first, inv.later) == ({"6": 1, "7": 5, "9": 5, "11": 5}, {"6": 1, "7": 4, "9": 4, "11": 4})
    assert "costs 1 coin to step 6, and 5 coins to step 7, 9 or 11 for the first player there (4 for later " \
           "ones)" in guide


NOUNS = r"(structures|tracks|plans|workers|coins|shares|tokens|tiles|sites|routes|directors|trains|steps|pairs|ways)"


def test_no_text_puts_a_plural_noun_after_a_number_it_did_not_check():
    """"1 structures" appeared ("stores up 1 plans", "room for 1 more structures"): in an f-string
    of Railway Workers, a number is never followed by a plural noun or a resource ``kind`` (named in
    the plural); ``plural`` and ``count_of`` choose the form."""
    found = []
    for folder in ("engine/games/workers", "bot/games/workers"):
        for path in sorted((ROOT / folder).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.JoinedStr):
                    continue
                values = node.values
                for a, b, c in zip(values, values[1:], [*values[2:], None]):
                    if not (isinstance(a, ast.FormattedValue) and isinstance(b, ast.Constant)):
                        continue
                    noun = re.match(rf"^ (more )?{NOUNS}\b", b.value)
                    kind = b.value in (" ", " more ") and isinstance(c, ast.FormattedValue) \
                        and "kind" in ast.unparse(c.value) and not isinstance(c.value, ast.IfExp)
                    if noun or kind:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(a.value)}{b.value}…")
    assert found == []


def test_texts_count_one_in_the_singular():
    """The texts produced: storing, buying, a full Facilities' refusal."""
    from railhead.engine import IllegalAction
    t = Table()
    commands(t, 4)
    playing(t, MARIA, "plans", 7)
    t.act(MARIA, type="command", number=4)
    t.state.market.plans = "white"
    t.act(MARIA, type="buy", part="top", count=1)
    assert "Maria buys 1 plan for 1 coin into the Facilities." in t.text()
    t = Table()
    commands(t)
    t.player(MARIA).facilities.plans = 1
    site = int(next(iter(t.state.sites)))
    playing(t, MARIA, "store", 5)
    t.act(MARIA, type="store", part="top", kind="plans", site=site, count=1)
    assert "Maria stores up 1 plan on site" in t.text()
    t = Table()
    commands(t)
    t.player(MARIA).facilities.structures = 1
    playing(t, MARIA, "structures", 5)
    try:
        t.act(MARIA, type="buy", part="top", count=2)
    except IllegalAction as exc:
        assert str(exc) == "Your Facilities have room for 1 structure more."
    else:
        raise AssertionError("bought beyond the room")
    assert not re.search(rf"\b1 (more )?{NOUNS}\b", t.text())


def test_the_guide_says_when_a_turn_ends_by_itself_as_the_game_does():
    """The players' guide said "the turn ends by itself when nothing is left to do", yet a turn
    whose 7+ could not be done or with a command left waited for **End turn** (the rulebook says
    nothing about ending a turn: the guide now says what the game does)."""
    guide = " ".join((ROOT / "docs/players/workers.md").read_text(encoding="utf-8").split())
    assert "the turn ends by itself once nothing is left that you can do: your card's actions are used up or " \
           "cannot be done now (your Facilities are full, you cannot pay, no table takes it) and no Available " \
           "Command is left for you. Until then press **End turn**" in guide
    t = Table()
    commands(t)
    playing(t, MARIA, "structures", 5)
    t.act(MARIA, type="buy", part="top", count=1)
    assert t.turn.seat != MARIA                          # the 4+ done, Sum under 7, no command: it ended
    t = Table()
    commands(t, 1)
    playing(t, MARIA, "structures", 5)
    t.act(MARIA, type="buy", part="top", count=1)
    assert t.turn.seat == MARIA                          # Overtime could still be used: End turn
    assert {"type": "end"} in GAME.legal_actions(t.state, MARIA)
    t = Table()
    commands(t)
    t.player(MARIA).facilities.structures = 2
    playing(t, MARIA, "structures", 7)
    t.act(MARIA, type="buy", part="bottom", site=int(next(iter(t.state.sites))))
    assert t.turn.seat != MARIA             # no room for the 4+, nothing else to do: it ended (issue 31)
