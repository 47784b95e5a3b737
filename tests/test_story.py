"""The story of a game (issue 33, "The story of a game"): a score chart over the turns and an
animated replay of the board, built from public views only, posted at the end and shown by
``/game history story:true``."""
from __future__ import annotations

import io
import json
import random
from pathlib import Path

import msgspec
import pytest
from PIL import Image

from railhead import engine
from railhead.ai.policy import play
from railhead.bot import registry
from railhead.bot import story as game_story
from railhead.bot.records import ExportFile
from railhead.bot.replies import Caller, Message, Reply
from railhead.bot.store import open_store
from railhead.bot.table import Table
from railhead.engine.core import clone
from railhead.render import story as draw

FIXTURES = Path(__file__).parent / "fixtures" / "games"
PNG, GIF = b"\x89PNG\r\n\x1a\n", b"GIF89a"


def fixture(name: str) -> dict:
    doc = json.loads((FIXTURES / name).read_text())
    doc["log"] = [(seat, action) for seat, action in doc["log"]]
    return doc


class Watched:
    """A game whose ``view`` records the seats asked for and shows the view of a copy of the
    state (a copy lists some maps in another order, so both sides of a comparison are copies),
    given ``scramble``, one whose secrets were changed (``scramble(copy)``)."""

    def __init__(self, game, scramble=None):
        self._game, self._scramble, self.asked = game, scramble, set()

    def __getattr__(self, name):
        return getattr(self._game, name)

    def view(self, state, seat):
        self.asked.add(seat)
        state = clone(state)
        if self._scramble is not None:
            self._scramble(state)
        return self._game.view(state, seat)


def rotw_secrets(state) -> None:
    """Hidden money (railways-of-the-world.txt, "Bonds and Money": cash hidden until the end) and
    baron cards not shown (the "Deal Out Railroad Baron Cards" setup: kept face down)."""
    if state.phase == "over":
        return
    for p in state.players:
        p.cash += 7
    barons = state.barons
    hidden = sorted(s for s, b in barons.kept.items() if b is not None and int(s) not in barons.shown)
    ids = [barons.kept[s] for s in hidden]
    for s, b in zip(hidden, ids[1:] + ids[:1], strict=True):
        barons.kept[s] = b


def workers_secrets(state) -> None:
    """Action cards placed face down (railway-workers.txt, "Round phases - steps": hidden behind the
    screen until their place is revealed): the unrevealed ones are swapped around."""
    for p in state.players:
        hidden = [i for i in range(len(p.placed)) if state.step != "play" or i > (state.slot or 0)]
        cards = [p.placed[i] for i in hidden]
        for i, card in zip(hidden, cards[::-1], strict=True):
            p.placed[i] = card


@pytest.mark.parametrize(("name", "keys", "word"), [
    ("rotw-3p-1.json", ["points", "income"], "Turn"),
    ("steam-4p-1.json", ["vp", "income"], "Turn"),
    ("workers-2p-1.json", ["coins"], "Round"),
    ("railways-1p-1.json", ["score_now"], "Decade"),
])
def test_each_game_charts_its_own_figures_over_its_turns(name, keys, word):
    """RotW points and income, Steam VP and income, Railway Workers' coins (its victory points:
    railway-workers.txt, "Game end victory points"), Railways solo's score: read off the public
    view after every move in force, and the last sample is the final public view's figures."""
    doc = fixture(name)
    game, ui = engine.get_game(doc["game"]), registry.UIS[doc["game"]]
    line = game_story.timeline(game, ui, doc["options"], doc["seats"], doc["seed"], doc["log"])
    final = engine.Match.replay(game, doc["options"], doc["seats"], doc["seed"], doc["log"]).view(None)
    assert line.keys == keys
    assert line.moves == len(engine.core.in_force(doc["log"]))
    for key in keys:
        expected = [p[key] for p in final["players"]] if key != "score_now" else [final[key]]
        assert line.samples[-1][key] == expected
    assert {t[0] for t in line.turns if t is not None} == {word}
    chart = game_story.chart_of(game.name, doc["seats"], line)
    numbers = [int(label) for _, label in chart.ticks]
    assert numbers == sorted(numbers) and len(numbers) >= 3
    assert line.boards[0][0] == 0 and 1 < len(line.boards) <= line.moves + 1


@pytest.mark.parametrize(("game_id", "players", "options", "scramble"), [
    ("rotw", 3, {"map": "rhine-alps", "barons": True, "hidden_money": True}, rotw_secrets),
    ("workers", 3, {}, workers_secrets),
])
def test_a_story_holds_no_secret(game_id, players, options, scramble):
    """Non-interference (DESIGN.md, "Hidden information"): the story asks only for the public view,
    and its chart and replay are the same bytes when the hidden money, barons or face-down cards
    differ."""
    game, ui = engine.get_game(game_id), registry.UIS[game_id]
    names, state, log = play(game, players, 7, options=options)
    assert game.outcome(state) is not None
    plain, scrambled = Watched(game), Watched(game, scramble)
    a = game_story.story(plain, ui, options, names, 7, log, game.outcome(state), max_frames=3)
    b = game_story.story(scrambled, ui, options, names, 7, log, game.outcome(state), max_frames=3)
    assert plain.asked == scrambled.asked == {None}
    assert a.chart == b.chart and a.replay == b.replay
    assert a.chart.startswith(PNG) and a.replay.startswith(GIF) and a.frames == 3


def test_the_scramble_changes_what_a_seat_sees():
    """The check above can fail: a seat's own view does change under the scramble."""
    game = engine.get_game("rotw")
    options = {"map": "rhine-alps", "barons": True, "hidden_money": True}
    names, _, log = play(game, 3, 7, options=options)
    state = engine.Match.replay(game, options, names, 7, log[:40]).state
    assert Watched(game, rotw_secrets).view(state, 0) != game.view(state, 0)
    assert Watched(game, rotw_secrets).view(state, None) == game.view(state, None)


def test_undone_moves_are_not_in_the_story():
    """An undone move (engine/core/match.py: the log keeps it, the game does not) is no sample."""
    doc = fixture("railways-1p-1.json")
    game, ui = engine.get_game("railways"), registry.UIS["railways"]
    with_undo = doc["log"][:5] + [(0, {"type": "undo"})] + doc["log"][4:]
    match = engine.Match.replay(game, doc["options"], doc["seats"], doc["seed"], with_undo)
    assert len(engine.core.in_force(match.log)) == len(doc["log"])
    plain = game_story.timeline(game, ui, doc["options"], doc["seats"], doc["seed"], doc["log"])
    undone = game_story.timeline(game, ui, doc["options"], doc["seats"], doc["seed"], match.log)
    assert undone == plain


def test_a_replay_too_large_drops_every_other_frame_and_keeps_the_last():
    """A replay stays under the upload limit (``UPLOAD_BUDGET``) whatever the game's length."""
    def board(i: int) -> bytes:
        out = io.BytesIO()
        Image.frombytes("L", (200, 120), random.Random(i).randbytes(200 * 120)).convert("RGB").save(out, "PNG")
        return out.getvalue()

    frames = [draw.Frame(board(i), f"Turn {i}", "noise", ["1"], ["Ann"], "Points", 100) for i in range(8)]
    full = draw.replay_gif(frames)
    small = draw.replay_gif(frames, budget=len(full) // 2)
    kept = Image.open(io.BytesIO(small))
    assert len(small) <= len(full) // 2 < len(full) and kept.n_frames < 8
    durations = []
    for i in range(kept.n_frames):
        kept.seek(i)
        durations.append(kept.info["duration"])
    assert sum(durations) == 800                 # the dropped frames' time goes to the ones before


def test_a_frame_never_prints_a_missing_glyph():
    assert draw.typeable("P2 delivers a red cube München → Stuttgart ✓") == \
        "P2 delivers a red cube München – Stuttgart +"
    assert draw.typeable("Ann 🚂") == "Ann "


async def test_game_history_story_shows_the_chart_and_the_replay(db_path, monkeypatch):
    """``/game history story:true`` on a finished (imported) game: the chart as the image and
    the replay after it, privately; asked again, it is not made again."""
    monkeypatch.setattr(game_story, "MAX_FRAMES", 3)
    game = registry.game("steam")
    names, state, log = play(game, 3, 1003, steady=True)
    doc = ExportFile("railhead-game", 1, "steam", game.rules_version, {}, names, 1003, log, "finished")
    store = await open_store(db_path)
    table = Table(store, render=True, seeds=lambda: 5)
    ann = Caller(50, 5000, "Ann", guild_id=1)
    try:
        refused = await table.history(ann, story=True)
        assert "no game" in refused.caller.text
        await table.import_game(ann, msgspec.json.encode(doc))
        made = []
        real = game_story.story
        monkeypatch.setattr(game_story, "story", lambda *a, **k: made.append(1) or real(*a, **k))
        reply = await table.history(ann, story=True)
        again = await table.history(ann, story=True)
        assert len(made) == 1
        answer = reply.caller
        assert reply.channel is None and answer.image.startswith(PNG) and answer.image_name == "score-chart.png"
        assert [name for name, _ in answer.more] == ["replay.gif"] and answer.more[0][1].startswith(GIF)
        assert "Steam" in answer.text and again.caller.image == answer.image
        words = await table.history(ann)
        assert words.caller.image is None and "moves" in words.caller.text
        bob = Caller(51, 5100, "Bob", guild_id=1)                 # a running game: its story so far
        await table.new(bob, "railways")
        assert "Nothing has happened" in (await table.history(bob, story=True)).caller.text
        session = await table.session(51)
        await table.act(bob, session.match.legal_actions(0)[0])
        so_far = (await table.history(bob, story=True)).caller
        assert "Railways (solo)** so far" in so_far.text and "1 move." in so_far.text
        assert so_far.image.startswith(PNG) and so_far.more[0][1].startswith(GIF)
    finally:
        await store.close()


async def test_the_end_of_a_game_posts_its_story(monkeypatch):
    """``with_story``: a finished game's channel message gets the chart and the replay; a running
    game's, or a table that draws no images, is left as it is."""
    monkeypatch.setattr(game_story, "MAX_FRAMES", 2)
    doc = fixture("railways-1p-2.json")
    game = engine.get_game("railways")
    done = engine.Match.replay(game, doc["options"], doc["seats"], doc["seed"], doc["log"])
    running = engine.Match.replay(game, doc["options"], doc["seats"], doc["seed"], doc["log"][:-1])

    class Host:
        render = True

        @staticmethod
        def ui(game_id):
            return registry.UIS[game_id]

    class Row:
        id, game = 991, "railways"

    class FakeSession:
        def __init__(self, match):
            self.row, self.match = Row(), match

    posted = await game_story.with_story(Host(), FakeSession(done), Reply(channel=Message("Final scores")))
    assert [name for name, _ in posted.channel.more] == ["score-chart.png"]      # the replay on demand: slow
    assert "`/game history story:true` also plays it back" in posted.channel.text
    still = await game_story.with_story(Host(), FakeSession(running), Reply(channel=Message("Your move")))
    assert still.channel.more == []
    Host.render = False
    plain = await game_story.with_story(Host(), FakeSession(done), Reply(channel=Message("Final scores")))
    assert plain.channel.more == []


async def test_game_history_story_through_discord(simcord_env, monkeypatch):
    """The same through the real bot and simcord (every request checked against Discord's limits,
    the upload size among them): the chart and the replay come privately, as two files."""
    monkeypatch.setattr(game_story, "MAX_FRAMES", 3)
    env = simcord_env
    env.settle_timeout = 120                     # drawing a replay takes seconds on a busy machine
    guild = env.create_guild()
    channel = guild.create_text_channel("review")
    ann = guild.add_member(env.create_user("Ann"))
    game = registry.game("railways")
    names, state, log = play(game, 1, 1001)
    doc = ExportFile("railhead-game", 1, "railways", game.rules_version, {}, names, 1001, log, "finished")
    await ann.slash(channel, "game import", file=("game.json", msgspec.json.encode(doc)))
    result = await ann.slash(channel, "game history", story=True)
    answer = result.followups[-1] if result.followups else result.response
    assert answer.ephemeral and "Railways (solo)" in answer.content
    assert [a.filename for a in answer.attachments] == ["score-chart.png", "replay.gif"]
    assert (await answer.attachments[1].read()).startswith(GIF)
