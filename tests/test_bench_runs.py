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


async def test_the_ai_seats_bench_plays_its_commands(make_bot, monkeypatch):
    """bench/ai_bench.py for a few commands and two games of AI seats (random players in a thread)."""
    from bench import ai_bench
    from railhead.bot import ai_pool

    monkeypatch.undo()
    monkeypatch.setenv("RAILHEAD_AI_PROCESSES", "0")
    monkeypatch.setenv("RAILHEAD_AI_LEVELS", '{"normal": ["random", null]}')
    ai_pool.shutdown()
    report = Report()
    with bot_bench.running_clock():
        await ai_bench.measure(report, make_bot(), 4, ai_games=2)
    ai_pool.shutdown()
    assert [row[0] for row in report.rows] == ["ai seats", "ai seats"]
