"""The story of a game: a score chart over the turns and an animated replay of the board, posted
with the final scores and shown by ``/game history story:true``.

Built only from what everyone saw: the setup and the moves in force are replayed and only the
public view (``view(state, None)``) and public events (``events_for(events, None)``) of each
step are read, never a seat's view or the state itself, so hidden money, barons and face-down
cards stay hidden (``tests/test_story.py`` checks that a story's bytes do not change when the
secrets do). Undone moves are left out: the story is the game as it stood.

What is charted is read from the public view by name, the same in every game that has it:
each player's ``points``, ``vp``, ``coins`` and ``income`` (RotW: points and income; Steam: VP
and income; Railway Workers: coins, which are its victory points), else a solo game's running
``score_now``. The turns are the view's ``turn`` (else ``decade``, else ``round``).

The replay has one frame per move that changed the board (``GameUI.board_changed``: what the
channel was shown a new image for; a frame per turn would show a six-player RotW turn's
eighteen builds at once), at most ``MAX_FRAMES`` of them evenly spread over the game (a
three-player RotW game shows about every second board change, a long six-player one every
sixth; the first and last boards are always there). Frames last ``REPLAY_SECONDS`` in all
(0.75 s each at 48 frames, within ``FRAME_MS``), the first ``FIRST_MS`` and the last
``LAST_MS``, so a game plays in about forty seconds, then loops; more frames would mean a
longer wait for the drawing (a board a frame) and a replay too quick to follow. ``story`` runs
in a worker thread; the last ``CACHE_SIZE`` stories are kept.
"""
from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Protocol

import msgspec

from railhead.engine import Game, events_for
from railhead.engine.core import in_force
from railhead.render import story as draw

from .replies import Reply
from .session import Session
from .ui import GameUI

log = logging.getLogger("railhead.story")

SERIES = (("points", "Points"), ("vp", "Victory points"), ("coins", "Coins (victory points)"), ("income", "Income"))
"""Each player's figures charted when the public view has them (key, panel title)."""
SCORE = (("score_now", "Score"),)
"""A solo game's running score, at the top of its public view."""
TURN_KEYS = ("turn", "decade", "round")
MAX_FRAMES = 48
REPLAY_SECONDS = 36
FRAME_MS = (250, 1000)
FIRST_MS, LAST_MS = 1500, 6000
CACHE_SIZE = 4


@dataclass(frozen=True)
class Story:
    """``chart``: PNG bytes; ``replay``: GIF bytes (``None`` for a game without a board picture);
    ``moves``: moves in force; ``frames``: frames in the replay; ``seconds``: time to make it."""

    chart: bytes
    replay: bytes | None
    moves: int
    frames: int
    seconds: float


class StoryHost(Protocol):
    """What ``with_story`` needs of the table: whether it draws images and each game's UI."""

    render: bool

    def ui(self, game_id: str) -> GameUI:
        """The UI module of a game id."""


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def public_steps(game: Game, options: Any, seats: list[str], seed: int, log_: list[tuple[int, dict]]):
    """``(seat or None, public view, public event texts)``: the setup, then each move in force.
    Reads nothing but ``game.view(state, None)`` and the public events."""
    state = game.setup(options, seats, seed)
    yield None, game.view(state, None), []
    for i in in_force(log_):
        seat, action = log_[i]
        state, events = game.apply(state, seat, action)
        yield seat, game.view(state, None), [e["text"] for e in events_for(events, None) if e.get("text")]


def _figures(view: dict, n: int) -> dict[str, list[float | None]]:
    players = [p if isinstance(p, dict) else {} for p in (view.get("players") or [])][:n]
    players += [{}] * (n - len(players))
    out = {}
    for key, _ in SERIES:
        values = [p.get(key) if _number(p.get(key)) else None for p in players]
        if any(v is not None for v in values):
            out[key] = values
    for key, _ in SCORE:
        if _number(view.get(key)) and not out:
            out[key] = [view[key]] + [None] * (n - 1)
    return out


def _turn(view: dict) -> tuple[str, int, int | None] | None:
    """``(word, number, of how many)`` of the view's turn, or ``None``."""
    for key in TURN_KEYS:
        if _number(view.get(key)):
            total = view.get(key + "s")
            return key.capitalize(), int(view[key]), int(total) if _number(total) else None
    return None


def _title(view: dict, move: int, moves: int) -> str:
    turn = _turn(view)
    when = "" if turn is None else f"{turn[0]} {turn[1]}" + (f" of {turn[2]}" if turn[2] else "") + " · "
    return f"{when}move {move} of {moves}" if move else f"{when}the start"


@dataclass(frozen=True)
class Timeline:
    """What a story is drawn from, read off the public views: ``samples[i]`` (after ``i`` moves
    in force; 0 is the setup) maps each charted key (``SERIES``, ``SCORE``) to its values per
    seat; ``turns[i]`` is ``(word, number, of how many)`` or ``None``; ``boards`` are the board
    changes, ``(sample, public view as JSON, what happened in public words)``."""

    samples: list[dict[str, list[float | None]]]
    turns: list[tuple[str, int, int | None] | None]
    boards: list[tuple[int, bytes, str]]

    @property
    def moves(self) -> int:
        """The moves in force (samples after the setup)."""
        return len(self.samples) - 1

    @property
    def keys(self) -> list[str]:
        """The charted keys, in panel order: those the last public view has."""
        return [k for k, _ in SERIES + SCORE if k in self.samples[-1]]


def timeline(game: Game, ui: GameUI, options: Any, seats: list[str], seed: int,
             log_: list[tuple[int, dict]]) -> Timeline:
    """Replay the moves in force (``public_steps``) and keep what the story shows."""
    n = len(seats)
    samples: list[dict[str, list[float | None]]] = []
    turns: list[tuple[str, int, int | None] | None] = []
    boards: list[tuple[int, bytes, str]] = []
    before: dict | None = None
    for seat, view, texts in public_steps(game, options, seats, seed, log_):
        samples.append(_figures(view, n))
        turns.append(_turn(view))
        if before is None or ui.board_changed(before, view):
            what = " ".join(texts) or ("The board at the start." if seat is None else "")
            boards.append((len(samples) - 1, msgspec.json.encode(view), what))
        before = view
    return Timeline(samples, turns, boards)


def chart_of(name: str, seats: list[str], line: Timeline, outcome: dict | None = None) -> draw.Chart:
    """The chart's data: a panel per charted key, turns marked where their number changes, the
    final ranking (``outcome``) as the subtitle."""
    n = len(seats)
    titles = dict(SERIES + SCORE)
    series = [draw.Series(titles[k], [[s.get(k, [None] * n)[seat] for s in line.samples] for seat in range(n)])
              for k in line.keys]
    ticks, shown = [], None
    for i, t in enumerate(line.turns):
        if t is not None and t[1] != shown:
            ticks.append((i, str(t[1])))
            shown = t[1]
    word = next((t[0].lower() for t in line.turns if t is not None), "")
    subtitle = ""
    if outcome:
        scores = {int(k): v for k, v in (outcome.get("scores") or {}).items()}
        ranking = outcome.get("ranking") or []
        subtitle = "Final: " + ", ".join(f"{seats[s]} {scores.get(s, '')}".strip() for s in ranking)
    return draw.Chart(f"{name}: the game over the {word}s" if word else name, list(seats), series, ticks, subtitle,
                      f"moves ({word}s marked)" if word else "moves")


def frames_of(ui: GameUI, line: Timeline, seats: list[str], max_frames: int = MAX_FRAMES,
              render_options: dict | None = None) -> list[draw.Frame]:
    """The replay's frames: at most ``max_frames`` board changes evenly spread (the first and
    the last kept), each drawn by the game's renderer; ``[]`` for a game without a board picture."""
    boards = line.boards
    if len(boards) > max_frames:
        picks = sorted({round(i * (len(boards) - 1) / (max_frames - 1)) for i in range(max_frames)})
        boards = [boards[i] for i in picks]
    step = min(max(REPLAY_SECONDS * 1000 // max(1, len(boards)), FRAME_MS[0]), FRAME_MS[1])
    titles = dict(SERIES + SCORE)
    legend = " · ".join(titles[k] for k in line.keys)
    frames = []
    for k, (sample, encoded, what) in enumerate(boards):
        view = msgspec.json.decode(encoded)
        png = ui.render(view, **(render_options or {}))
        if png is None:
            return []
        values = line.samples[sample]
        figures = [" · ".join(draw.figure_text(values.get(key, [None] * len(seats))[seat]) for key in line.keys)
                   for seat in range(len(seats))]
        duration = LAST_MS if k == len(boards) - 1 else FIRST_MS if k == 0 else step
        frames.append(draw.Frame(png, _title(view, sample, line.moves), what, figures, list(seats), legend,
                                 duration))
    return frames


def story(game: Game, ui: GameUI, options: Any, seats: list[str], seed: int, log_: list[tuple[int, dict]],
          outcome: dict | None = None, max_frames: int = MAX_FRAMES, render_options: dict | None = None,
          replay: bool = True) -> Story:
    """The story of a game (blocking: run it in a worker thread). ``outcome``: the final result
    for the chart's subtitle. ``render_options``: the board's keyword arguments (the default
    board when ``None``). ``replay=False``: the chart alone (well under a second; the replay draws
    a board a frame, tens of seconds on a busy machine)."""
    began = time.perf_counter()
    line = timeline(game, ui, options, seats, seed, log_)
    chart = draw.chart_png(chart_of(game.name, seats, line, outcome))
    frames = frames_of(ui, line, seats, max_frames, render_options) if replay else []
    replay = draw.replay_gif(frames) if frames else None
    return Story(chart, replay, line.moves, len(frames), time.perf_counter() - began)


# ------------------------------------------------------------------ the bot's side
_CACHE: OrderedDict[tuple, Story] = OrderedDict()
_BUSY: dict[tuple, asyncio.Future] = {}


async def of_session(ui: GameUI, session: Session, replay: bool = True) -> Story:
    """The story of a session's game, made in a worker thread (``replay=False``: the chart
    alone); the last ``CACHE_SIZE`` are kept (the key is the game's id, its number of log
    entries and ``replay``: a story at a given log never changes), and one is made once when two
    ask for it at once."""
    m = session.match
    key = (session.row.id, m.game.id, len(m.log), replay)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    if key in _BUSY:
        return await asyncio.shield(_BUSY[key])
    future = asyncio.get_running_loop().create_future()
    _BUSY[key] = future
    try:
        made = await asyncio.to_thread(story, m.game, ui, m.options, list(m.seats), m.seed, list(m.log),
                                       m.outcome(), replay=replay)
        log.info("game %s: story made in %.1f s (%d moves, %d frames, chart %d B, replay %d B)", session.row.id,
                 made.seconds, made.moves, made.frames, len(made.chart), len(made.replay or b""))
        _CACHE[key] = made                          # a game's story at a given log never changes
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
        future.set_result(made)
        return made
    except BaseException as exc:
        future.set_exception(exc)
        future.exception()                          # retrieved: no "never retrieved" warning when nobody waits
        raise
    finally:
        _BUSY.pop(key, None)


async def with_story(table: StoryHost, session: Session, reply: Reply) -> Reply:
    """``reply`` with the score chart of the session's game added to its channel message's images
    (``score-chart.png``) and a line saying where the replay is, once the game is over; unchanged
    while it runs, when the table draws no images, or if making it fails (logged: the final
    scores still go out). The replay GIF is drawn on demand (``/game history story:true``): it
    takes tens of seconds, which the final move must not wait for."""
    if not table.render or reply.channel is None or session.match.outcome() is None:
        return reply
    try:
        made = await of_session(table.ui(session.row.game), session, replay=False)
    except Exception:
        log.exception("game %s: story not made", session.row.id)
        return reply
    reply.channel.more.append(("score-chart.png", made.chart))
    reply.channel.text += "\nThe game over the turns is charted below; `/game history story:true` also plays it back."
    return reply
