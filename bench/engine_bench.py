"""Engine figures: apply time, playouts per second, replay, state and log size."""
from __future__ import annotations

import time

import msgspec

from railhead.engine import GAMES, canonical, replay

from .policy import play, steady_player
from .report import Report, ms, percentile, timed


def run(report: Report, quick: bool) -> None:
    for game in GAMES.values():
        # Playouts per second, per player count (legal_actions + policy + apply).
        finished = {}
        for players in range(game.min_seats, game.max_seats + 1):
            games = 2 if quick else 5
            start = time.perf_counter()
            actions = 0
            for seed in range(games):
                names, state, log = play(game, players, 1000 + seed)
                actions += len(log)
                finished.setdefault(players, (names, state, log, 1000 + seed))
            took = time.perf_counter() - start
            report.add(game.id, f"random playouts, {players} players", f"{games / took:.2f} games/s",
                       f"({actions / games:.0f} actions a game)")
        seats = min(3, game.max_seats)
        who = f"{seats} player{'s' if seats > 1 else ''}"
        names, final, log, seed = finished[seats]
        if steady_player(game.id):              # random games end too early: a steady one to the end
            seed = 1000
            names, final, log = play(game, seats, seed, steady=True)
            who += ", steady player"
        # apply in a realistic mid-game: every action of the middle half of a 3-player game.
        state = game.setup({}, names, seed)
        samples = []
        for i, (seat, action) in enumerate(log):
            start = time.perf_counter()
            new, _ = game.apply(state, seat, action)
            took = time.perf_counter() - start
            if len(log) // 4 <= i < 3 * len(log) // 4:
                samples.append(took)
            state = new
        report.median(game.id, f"apply, mid-game, {who}", samples, limit=0.001)
        report.add(game.id, f"apply, mid-game, {who} (p99)", ms(percentile(samples, 99)))
        # Replay a whole finished game from its log.
        rep = timed(lambda: replay(game, {}, names, seed, log), 3 if quick else 10)
        report.median(game.id, f"replay a whole {seats}-player game ({len(log)} actions)", rep, limit=0.1)
        assert canonical(replay(game, {}, names, seed, log)) == canonical(final)
        report.add(game.id, f"state size, finished {seats}-player game", f"{len(canonical(final)):,} B")
        report.add(game.id, f"action log size, finished {seats}-player game",
                   f"{len(msgspec.json.encode([[s, a] for s, a in log])):,} B")
