"""Engine figures: apply time, playouts per second, replay, state and log size."""
from __future__ import annotations

import time

import msgspec

from railhead.ai.policy import play, steady_player
from railhead.engine import GAMES, canonical, replay
from railhead.engine.core.rng import rng_for

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
        # Search playouts: what a search player's rollouts cost (random_action + apply_trusted).
        for players in range(game.min_seats, game.max_seats + 1):
            games = 3 if quick else 10
            start = time.perf_counter()
            actions = unfinished = 0
            for seed in range(games):
                done, played = search_playout(game, players, 2000 + seed)
                actions += played
                unfinished += not done
            took = time.perf_counter() - start
            target = "30 games/s (Workers 5)" if players == 3 else ""
            report.add(game.id, f"search playouts, {players} players", f"{games / took:.2f} games/s",
                       f"({actions / games:.0f} actions a game{f', {unfinished} cut at 5000' if unfinished else ''})"
                       + (f" target {target}" if target else ""))
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


def search_playout(game, players: int, seed: int, limit: int = 5000) -> tuple[bool, int]:
    """A random playout as a search player's rollout runs it: ``random_action`` and
    ``apply_trusted`` on one state. Returns (finished, actions played)."""
    state = game.setup({}, [f"P{i}" for i in range(players)], seed)
    rng = rng_for(f"bench:{seed}", "search")
    for played in range(limit):
        actors = game.actors(state)
        if not actors:
            return True, played
        seat = rng.choice(actors)
        game.apply_trusted(state, seat, game.random_action(state, seat, rng))
    return game.outcome(state) is not None, limit
