"""Rendering figures: drawing vs PNG encoding, cached base vs not, the encode floor and ratio."""
from __future__ import annotations

from railhead.ai.policy import play
from railhead.engine import GAMES
from railhead.engine.games.rotw.data import available_maps
from railhead.render import rotw as render_rotw
from railhead.render.hexes import png_bytes

from .report import Report, ms, percentile, timed

SETTINGS = [("RGB, zlib level 6", {"palette": None, "compress_level": 6}),
            ("RGB, zlib level 1", {"palette": None, "compress_level": 1}),
            ("RGB, zlib level 3", {"palette": None, "compress_level": 3}),
            ("palette 128, zlib level 6 (shipped)", {"palette": 128, "compress_level": 6}),
            ("palette 128, zlib level 1", {"palette": 128, "compress_level": 1})]


def run(report: Report, quick: bool) -> None:
    game = GAMES["rotw"]
    n = 10 if quick else 40
    for map_id in available_maps():
        names, state, log = play(game, 3, 7, options={"map": map_id})
        # a mid-game position: half of the log
        mid = game.setup({"map": map_id}, names, 7)
        for seat, action in log[: len(log) // 2]:
            mid, _ = game.apply(mid, seat, action)
        view = game.view(mid, None)
        render_rotw.draw_board(view)                                  # warm the base cache
        draw = timed(lambda: render_rotw.draw_board(view), n)
        report.median("render", f"{map_id}: draw, base cached", draw)
        uncached = timed(lambda: render_rotw.draw_board(view, cached=False), max(3, n // 4))
        report.median("render", f"{map_id}: draw, base not cached", uncached)
        image = render_rotw.draw_board(view)
        for label, kwargs in SETTINGS:
            enc = timed(lambda: png_bytes(image, **kwargs), n)
            size = len(png_bytes(image, **kwargs))
            report.median("render", f"{map_id}: encode {label}", enc)
            report.add("render", f"{map_id}: PNG size, {label}", f"{size:,} B")
        total = timed(lambda: render_rotw.board_png(view), n)
        floor = timed(lambda: png_bytes(image), n)                    # same settings as shipped
        med = report.median("render", f"{map_id}: board_png total (shipped)", total, limit=0.150)
        report.add("render", f"{map_id}: board_png total (p99)", ms(percentile(total, 99)))
        floor_med = sorted(floor)[len(floor) // 2]
        report.check("render", f"{map_id}: total / PNG-encode floor ({ms(floor_med)})", f"{med / floor_med:.2f}x",
                     med / floor_med <= 4, "<= 4x")
    railways(report, n)
    workers(report, n)
    steam(report, n)


def railways(report: Report, n: int) -> None:
    """The Railways (solo) board: a mid-game view (half of a played game)."""
    from railhead.render import railways as render_railways

    game = GAMES["railways"]
    names, state, log = play(game, 1, 7)
    mid = game.setup({}, names, 7)
    for seat, action in log[: len(log) // 2]:
        mid, _ = game.apply(mid, seat, action)
    view = game.view(mid, None)
    render_railways.board_png(view)                                   # warm the base cache
    total = timed(lambda: render_railways.board_png(view), n)
    image = render_railways.draw_board(view)
    floor = timed(lambda: png_bytes(image), n)
    med = report.median("railways", "board_png total (shipped)", total, limit=0.150)
    floor_med = sorted(floor)[len(floor) // 2]
    report.check("railways", f"board_png / PNG-encode floor ({ms(floor_med)})", f"{med / floor_med:.2f}x",
                 med / floor_med <= 4, "<= 4x")
    report.add("railways", "board PNG size", f"{len(render_railways.board_png(view)):,} B")


def workers(report: Report, n: int) -> None:
    """The Railway Workers board: a mid-game view (half of a played 3-player game), desktop (the
    default) and phone layouts, and a player's hand."""
    from railhead.render import workers as render_workers
    from railhead.render.panel import png_bytes_quick

    game = GAMES["workers"]
    names, state, log = play(game, 3, 7)
    mid = game.setup({}, names, 7)
    for seat, action in log[: len(log) // 2]:
        mid, _ = game.apply(mid, seat, action)
    view = game.view(mid, None)
    for layout in ("desktop", "phone"):
        render_workers.board_png(view, layout=layout)                 # warm the caches
        total = timed(lambda: render_workers.board_png(view, layout=layout), n)
        image = render_workers.draw_board(view, layout=layout)
        floor = timed(lambda: png_bytes_quick(image), n)
        label = f"board_png {layout} ({image.width} x {image.height} px)"
        med = report.median("workers", f"{label} total (shipped)", total, limit=0.150 if layout == "desktop" else None)
        floor_med = sorted(floor)[len(floor) // 2]
        report.check("workers", f"{layout} board_png / PNG-encode floor ({ms(floor_med)})", f"{med / floor_med:.2f}x",
                     med / floor_med <= 4, "<= 4x")
        report.add("workers", f"{layout} board PNG size", f"{len(render_workers.board_png(view, layout=layout)):,} B")
    hand = game.view(mid, 0)
    report.median("workers", "hand_png total", timed(lambda: render_workers.hand_png(hand), n))


def steam(report: Report, n: int) -> None:
    """The Steam board: a mid-game view (half of a 4-player game of the steady player, which plays
    to the last turn) on each shipped map, desktop (the default) and phone."""
    from railhead.engine.games.steam.data import available_maps
    from railhead.render import steam as render_steam
    from railhead.render.panel import png_bytes_quick

    game = GAMES["steam"]
    for map_id in available_maps():
        names, state, log = play(game, 4, 7, options={"map": map_id}, steady=True)
        mid = game.setup({"map": map_id}, names, 7)
        for seat, action in log[: len(log) // 2]:
            mid, _ = game.apply(mid, seat, action)
        view = game.view(mid, None)
        for layout in ("desktop", "phone"):
            render_steam.board_png(view, layout=layout)                   # warm the caches
            total = timed(lambda: render_steam.board_png(view, layout=layout), n)
            image = render_steam.draw_board(view, layout=layout)
            floor = timed(lambda: png_bytes_quick(image), n)
            label = f"{map_id}: board_png {layout} ({image.width} x {image.height} px)"
            med = report.median("steam", f"{label} total (shipped)", total,
                                limit=0.150 if layout == "desktop" else None)
            floor_med = sorted(floor)[len(floor) // 2]
            report.check("steam", f"{map_id} {layout} board_png / PNG-encode floor ({ms(floor_med)})",
                         f"{med / floor_med:.2f}x", med / floor_med <= 4, "<= 4x")
            report.add("steam", f"{map_id} {layout} board PNG size",
                       f"{len(render_steam.board_png(view, layout=layout)):,} B")
