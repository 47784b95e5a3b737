"""The story of a game, drawn: a score chart over the turns (PNG) and an animated replay of the
board (GIF). Pure: data and board PNGs in, bytes out; nothing here knows a game's rules.

The chart stacks one panel per series (RotW's points and income, Steam's VP and income, Railway
Workers' coins, a solo game's score), one line per player in the seat's colour (``panel.OWNER``)
with a dark edge (so white shows on the paper), the player's name and last value at the line's
end (names as well as colours: colour-blind readers), and the turns marked along the bottom.

The replay is a GIF, not an APNG: Discord shows APNG attachments as a still picture (its API
team: "working as expected", discord/discord-api-docs#6359) while GIFs play inline. Each frame
is the board as the channel saw it, scaled to ``FRAME_WIDTH`` (800 px: a phone shows an
attachment about 400 points wide, 800 pixels on its 2x screen), under a band with the turn and
what happened, and over a band with each player's figures, both in type that stays at least
11 px when the frame is shrunk to 400 px. All frames share one palette (taken from the last
frame, which has the most track and every colour), so unchanged pixels keep their index and the
GIF encoder stores only what changed: a frame costs a few kilobytes, not a whole board.
"""
from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from .hexes import BACKGROUND, INK, font
from .panel import owner_colour

PAPER = (250, 248, 240)
GRID = (214, 208, 192)
MUTED = (110, 104, 96)
CHART_WIDTH = 1000
PANEL_HEIGHT = 330
FRAME_WIDTH = 800
FRAME_MAX_BOARD = 760           # the tallest a board may be in a frame (px), so the frame fits a phone's screen
UPLOAD_BUDGET = 9 * 1024 * 1024   # under Discord's 10 MiB a file, with room for the message around it


@dataclass(frozen=True)
class Series:
    """One panel of the chart: ``title`` ("Points"), ``values[seat][sample]`` (``None``: not
    known at that sample, e.g. before a player is seated; drawn as a gap)."""

    title: str
    values: list[list[float | None]]


@dataclass(frozen=True)
class Chart:
    """The data of a score chart: ``names`` in seat order, the ``series`` panels (same number of
    samples in each), ``ticks`` ``[(sample index, label)]`` where each turn begins, ``title``
    and a ``subtitle`` (the final result in words)."""

    title: str
    names: list[str]
    series: list[Series]
    ticks: list[tuple[int, str]] = field(default_factory=list)
    subtitle: str = ""
    axis: str = "moves"


@dataclass(frozen=True)
class Frame:
    """One frame of the replay: ``board`` (PNG bytes of the board as the channel saw it),
    ``title`` ("Turn 4 of 10"), ``text`` (what happened, public words only), ``figures`` (per
    seat, the text beside the player's name, e.g. "17 · 8"), ``legend`` (what the figures are,
    e.g. "Points · Income") and ``duration`` in milliseconds."""

    board: bytes
    title: str
    text: str
    figures: list[str]
    names: list[str]
    legend: str = ""
    duration: int = 500


# ------------------------------------------------------------------ the chart
def _nice_step(span: float, most: int = 6) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving at most ``most`` grid lines."""
    raw = max(span, 1e-9) / most
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if m * power >= raw:
            return m * power
    return 10 * power


def _spread(ys: list[float], gap: float, top: float, bottom: float) -> list[float]:
    """Label positions near ``ys`` at least ``gap`` apart, kept within ``top``..``bottom``."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    placed = [0.0] * len(ys)
    last = top - gap
    for i in order:
        placed[i] = max(ys[i], last + gap)
        last = placed[i]
    over = last - bottom
    if over > 0:                                 # pushed past the bottom: shift the run up
        for i in order:
            placed[i] -= over
        first = top
        for i in order:
            placed[i] = max(placed[i], first)
            first = placed[i] + gap
    return placed


def figure_text(value: float | None) -> str:
    """A figure as the chart and the frames print it: whole numbers without decimals, ``–`` for none."""
    if value is None:
        return "–"
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def draw_chart(chart: Chart, width: int = CHART_WIDTH) -> Image.Image:
    """The chart as an image ``width`` px wide (see the module docstring)."""
    samples = max((len(v) for s in chart.series for v in s.values), default=0)
    title_f, sub_f, tick_f, name_f = font(36, True), font(26), font(22), font(24, True)
    label_room = 30 + max((int(name_f.getlength(f"{typeable(name)[:14]} 0000")) for name in chart.names), default=0)
    left, right = 78, width - max(label_room, 150)
    top = 24 + 46 + (38 if chart.subtitle else 0)
    height = top + len(chart.series) * PANEL_HEIGHT + 64
    img = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(img)
    d.text((24, 24), typeable(chart.title), font=title_f, fill=INK)
    if chart.subtitle:
        d.text((24, 72), _fit(typeable(chart.subtitle), sub_f, width - 48), font=sub_f, fill=MUTED)
    xs = [left + (right - left) * i / max(1, samples - 1) for i in range(samples)]
    for k, series in enumerate(chart.series):
        box = (left, top + k * PANEL_HEIGHT + 44, right, top + (k + 1) * PANEL_HEIGHT - 16)
        _draw_panel(d, series, chart, xs, box)
    base = top + len(chart.series) * PANEL_HEIGHT - 10
    shown_right = -1e9
    for index, text in chart.ticks:
        if 0 <= index < samples and xs[index] >= shown_right:
            d.text((xs[index], base), text, font=tick_f, fill=MUTED, anchor="ma")
            shown_right = xs[index] + tick_f.getlength(text) + 14
    d.text((right, base + 28), chart.axis, font=tick_f, fill=MUTED, anchor="ra")
    return img


def _draw_panel(d: ImageDraw.ImageDraw, series: Series, chart: Chart, xs: list[float],
                box: tuple[float, float, float, float]) -> None:
    """One series in ``box``: its title above, a grid of round values, the turns' lines, a step
    line per player (level until the move that changed it) and the names at the lines' ends."""
    left, y0, right, y1 = box
    tick_f, name_f = font(22), font(24, True)
    d.text((left, y0 - 40), series.title, font=font(30, True), fill=INK)
    known = [v for row in series.values for v in row if v is not None]
    lo, hi = (min(known + [0]), max(known + [1])) if known else (0, 1)
    step = _nice_step(hi - lo)
    lo, hi = math.floor(lo / step) * step, math.ceil(hi / step) * step
    hi = hi if hi > lo else lo + step

    def y_of(v: float) -> float:
        return y1 - (y1 - y0) * (v - lo) / (hi - lo)

    d.rectangle(box, fill=(255, 255, 255), outline=GRID)
    g = lo
    while g <= hi + step / 2:
        d.line((left, y_of(g), right, y_of(g)), fill=GRID, width=1 if g else 2)
        d.text((left - 10, y_of(g)), figure_text(g), font=tick_f, fill=MUTED, anchor="rm")
        g += step
    for index, _ in chart.ticks:
        if 0 <= index < len(xs):
            d.line((xs[index], y0, xs[index], y1), fill=GRID)
    ends: list[tuple[int, float, float]] = []
    for seat in range(len(chart.names)):
        row = series.values[seat] if seat < len(series.values) else []
        runs: list[list[tuple[float, float]]] = [[]]
        for i, v in enumerate(row):
            if v is None:
                runs.append([])
                continue
            if runs[-1]:
                runs[-1].append((xs[i], runs[-1][-1][1]))
            runs[-1].append((xs[i], y_of(v)))
        for run in runs:
            if len(run) > 1:
                d.line(run, fill=INK, width=7, joint="curve")          # a dark edge: white shows on white
                d.line(run, fill=owner_colour(seat), width=4, joint="curve")
        last = next((v for v in reversed(row) if v is not None), None)
        if last is not None:
            ends.append((seat, y_of(last), last))
    placed = _spread([y for _, y, _ in ends], 28, y0 + 10, y1 - 10)
    for (seat, y, value), ly in zip(ends, placed, strict=True):
        d.line((right, y, right + 14, ly), fill=INK, width=1)
        d.rounded_rectangle((right + 16, ly - 9, right + 34, ly + 9), 4, fill=owner_colour(seat), outline=INK)
        d.text((right + 40, ly), f"{typeable(chart.names[seat])[:14]} {figure_text(value)}", font=name_f,
               fill=INK, anchor="lm")


def chart_png(chart: Chart, width: int = CHART_WIDTH) -> bytes:
    """PNG bytes of ``draw_chart`` (a palette PNG: a chart has few colours)."""
    img = draw_chart(chart, width).quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=True)
    return buf.getvalue()


# ------------------------------------------------------------------ the replay
SUBSTITUTES = {"→": "–", "←": "–", "↔": "–", "⇒": "–", "✓": "+"}
"""Characters of the games' texts that Roboto lacks, and what a frame prints instead."""


@lru_cache(maxsize=512)
def _has_glyph(ch: str) -> bool:
    missing = font(24).getmask("\uffff")
    mask = font(24).getmask(ch)
    return mask.size != missing.size or bytes(mask) != bytes(missing)


def typeable(text: str) -> str:
    """``text`` with the characters the type lacks replaced (``SUBSTITUTES``, else dropped), so
    a frame never shows an empty box: "München → Stuttgart" becomes "München – Stuttgart"."""
    text = "".join(SUBSTITUTES.get(ch, ch) for ch in text)
    return "".join(ch for ch in text if ch.isspace() or ch.isascii() or _has_glyph(ch))


def _fit(text: str, f, room: float) -> str:
    if f.getlength(text) <= room:
        return text
    while text and f.getlength(text + "…") > room:
        text = text[:-1]
    return text.rstrip(" ,;:·") + "…"


def _wrap(text: str, f, room: float, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of ``room`` px, the last one cut with an ellipsis."""
    words, out = text.split(), []
    while words and len(out) < lines - 1:
        take = 1
        while take < len(words) and f.getlength(" ".join(words[:take + 1])) <= room:
            take += 1
        out.append(" ".join(words[:take]))
        words = words[take:]
    if words:
        out.append(_fit(" ".join(words), f, room))
    return [_fit(line, f, room) for line in out] or [""]


def _board_size(png: bytes, width: int) -> tuple[int, int]:
    """The size of a board in a frame ``width`` px wide (read from the PNG's header only)."""
    w, h = Image.open(io.BytesIO(png)).size
    scale = min(width / w, FRAME_MAX_BOARD / h, 1.0)
    return max(1, round(w * scale)), max(1, round(h * scale))


def draw_frame(frame: Frame, width: int = FRAME_WIDTH, board_height: int | None = None) -> Image.Image:
    """One replay frame (see the module docstring). ``board_height``: the height kept for the
    board (at least its own), so that the frames of a board that changes size are all alike."""
    board = Image.open(io.BytesIO(frame.board)).convert("RGB")
    board = board.resize(_board_size(frame.board, width), Image.Resampling.LANCZOS, reducing_gap=2.0)
    room = max(board.height, board_height or 0)
    title_f, text_f, name_f = font(30, True), font(24), font(24, True)
    n = len(frame.names)
    columns = n if n <= 3 else (2 if n == 4 else 3)
    rows = -(-n // columns) if n else 0
    head = 16 + 36 + 2 * 30 + 8
    foot = (34 if frame.legend else 8) + rows * 36 + 8
    img = Image.new("RGB", (width, head + room + foot), BACKGROUND)
    img.paste(board, ((width - board.width) // 2, head))
    d = ImageDraw.Draw(img)
    d.text((16, 14), _fit(typeable(frame.title), title_f, width - 32), font=title_f, fill=INK)
    for i, line in enumerate(_wrap(typeable(frame.text), text_f, width - 32, 2)):
        d.text((16, 54 + 30 * i), line, font=text_f, fill=INK)
    y = head + room + 6
    if frame.legend:
        d.text((16, y), frame.legend, font=text_f, fill=MUTED)
        y += 34
    cell = (width - 32) / max(1, columns)
    for seat, name in enumerate(frame.names):
        x = 16 + cell * (seat % columns)
        yy = y + 36 * (seat // columns)
        d.rounded_rectangle((x, yy + 4, x + 22, yy + 26), 5, fill=owner_colour(seat), outline=INK, width=2)
        figure = frame.figures[seat] if seat < len(frame.figures) else ""
        fw = name_f.getlength(figure)
        d.text((x + 30, yy + 15), _fit(typeable(name), text_f, cell - 44 - fw), font=text_f, fill=INK, anchor="lm")
        d.text((x + cell - 12, yy + 15), figure, font=name_f, fill=INK, anchor="rm")
    return img


def replay_gif(frames: Sequence[Frame], width: int = FRAME_WIDTH, budget: int = UPLOAD_BUDGET) -> bytes:
    """The animated GIF of ``frames`` (played once through, then again: Discord loops GIFs). When
    it would pass ``budget`` bytes, every other frame (never the last) is dropped, their time given
    to the frame before, until it fits. Raises ``ValueError`` for no frames."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    chosen = list(frames)
    while True:
        data = _encode(chosen, width)
        if len(data) <= budget or len(chosen) <= 2:
            return data
        kept: list[Frame] = []
        for i, f in enumerate(chosen):
            if i % 2 == 1 and i != len(chosen) - 1:
                prev = kept[-1]
                kept[-1] = Frame(prev.board, prev.title, prev.text, prev.figures, prev.names, prev.legend,
                                 prev.duration + f.duration)
            else:
                kept.append(f)
        chosen = kept


def _encode(frames: Sequence[Frame], width: int) -> bytes:
    tallest = max(_board_size(f.board, width)[1] for f in frames)
    last = draw_frame(frames[-1], width, tallest)
    palette = last.quantize(colors=240, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    images = [draw_frame(f, width, tallest).quantize(palette=palette, dither=Image.Dither.NONE) for f in frames[:-1]]
    images.append(last.quantize(palette=palette, dither=Image.Dither.NONE))
    buf = io.BytesIO()
    images[0].save(buf, "GIF", save_all=True, append_images=images[1:], loop=0, optimize=True, disposal=1,
                   duration=[f.duration for f in frames])
    return buf.getvalue()
