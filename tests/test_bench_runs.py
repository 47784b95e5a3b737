"""``make bench`` plays real moves through simcord (bench/bot_bench.py); this runs its bot path
for one game and a few moves, so a change that stops the bench (as the check of a slash command
against its prompt's time once did) fails here. No timing is checked: figures live in ``bench``."""
from bench import bot_bench
from bench.report import Report


async def test_the_bot_bench_plays_its_moves(make_bot, monkeypatch):
    monkeypatch.undo()          # simcord's own clock, standing still, as the bench meets it (tests/conftest.py)
    report = Report()
    with bot_bench.running_clock():
        await bot_bench.measure(report, make_bot(), 1, 4)
    assert any("command/button to channel message" in row[1] for row in report.rows)
