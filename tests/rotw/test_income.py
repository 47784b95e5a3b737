"""Income explained (railways-of-the-world.txt, "3 - Income and Dividends" and "Scoring Track"):
the Income message says how many points gave the income, and the players' guide lists every
step of the income track as the shipped table has it (data/tables/rotw/rules.toml)."""
import re
from pathlib import Path

from railhead.engine.games.rotw.data import load_tables
from railhead.engine.games.rotw.money import dollars

from .test_turns_and_cards import triggered

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "players" / "rotw.md"


def test_the_income_message_says_the_points_behind_the_income():
    t = triggered()
    t.player(0).points = 22
    t.finish_turn()
    (line,) = [e["text"] for e in t.events if e["type"] == "income" and e["seat"] == 0]
    assert line.startswith("P0 earns $9,000 for 22 points on the income track")


def test_the_players_guide_lists_the_income_track():
    income = load_tables().income
    rows = re.findall(r"^\| (\d+)(?:–(\d+))? \| (\$[\d,]+) \|$", GUIDE.read_text(encoding="utf-8"), re.M)
    covered = []
    for first, last, money in rows:
        for p in range(int(first), int(last or first) + 1):
            assert dollars(income[p]) == money, p
            covered.append(p)
    assert covered == list(range(100))
