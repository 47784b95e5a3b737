"""The record and settings commands through the real bot and simcord: history, export and import
(a file attachment), rules, settings, stats, leaderboard and health (issue "Play-by-chat that
people keep playing")."""
from __future__ import annotations


def private(result):
    answer = result.followups[-1] if result.followups else result.response
    assert answer is not None and answer.ephemeral
    return answer


async def test_history_export_import_and_the_rest(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    solo, empty = guild.create_text_channel("solo"), guild.create_text_channel("empty")
    ann = guild.add_member(env.create_user("Ann"))
    env.bot.table.seeds = lambda: 8
    await ann.slash(solo, "game new", game="railways", cards="5 6 7 8")
    await ann.slash(solo, "railways place", at="A2", passengers=3)
    history = private(await ann.slash(solo, "game history"))
    assert "1. **Ann**: A passenger die showing 3 goes on A2" in history.content
    exported = private(await ann.slash(solo, "game export"))
    (file,) = exported.attachments
    assert file.filename.endswith(".json")
    data = await file.read()
    result = await ann.slash(empty, "game import", file=("game.json", data))
    assert result.acknowledged
    assert "imported a Railways (solo) game (1 moves)" in empty.last_message.content
    assert "Railways** (solo" in private(await ann.slash(solo, "game rules")).content
    saved = private(await ann.slash(solo, "game settings", colourblind=True, layout="phone"))
    assert "(saved)" in saved.content and "`layout`: **phone**" in saved.content
    assert "no finished game" in private(await ann.slash(solo, "game stats")).content
    assert "played alone" in private(await ann.slash(solo, "game leaderboard", game="railways")).content
    assert "Manage Channel" in private(await ann.slash(solo, "game health")).content
    zoom = await ann.slash(solo, "game board", zoom="D2")
    assert any(a.filename == "zoom.png" for a in solo.last_message.attachments) and zoom.acknowledged
