"""A biased random player for playouts: legal actions only, leaning towards deliveries and
complete links so that games end. Used by the property tests and the benchmarks."""
from __future__ import annotations

import random


def choose(rng: random.Random, acts: list[dict], deliver: float = 0.75) -> dict:
    """Pick one of ``acts`` (the engine's legal actions for the seat to move). ``deliver``: the
    chance of delivering when possible (lower makes longer games)."""
    if deliver == 0:
        acts = [a for a in acts if a["type"] != "deliver"]
    by_type: dict[str, list[dict]] = {}
    for a in acts:
        by_type.setdefault(a["type"], []).append(a)
    roll = rng.random()
    if "bid" in by_type:
        return by_type["pass"][0] if roll < 0.6 else rng.choice(by_type["bid"][:3])
    for kind, chance in (("deliver", deliver), ("build", 0.85)):
        if kind in by_type and roll < chance:
            return rng.choice(by_type[kind])
    return rng.choice(acts)


def steady_player(game_id: str):
    """The game's steady player, ``choose(rng, state, seat, acts, kind)``, where the random one ends
    games too early to stand for a real one (Steam: bankrupt in a few turns), else ``None``."""
    if game_id == "steam":
        from .steam.steady import choose as steady
        return steady
    return None


def play(game, players: int, seed: int, limit: int = 3000, deliver: float = 0.75, options: dict | None = None,
         steady: bool = False):
    """A whole game without undos: returns ``(seat names, final state, log of (seat, action))``.
    When several seats may act at once, one of their prompts is picked at random. ``steady``: the
    game's steady player (``steady_player``) where it has one."""
    names = [f"P{i}" for i in range(players)]
    state = game.setup(options or {}, names, seed)
    rng = random.Random(seed)
    player = steady_player(game.id) if steady else None
    log = []
    while game.outcome(state) is None and len(log) < limit:
        prompt = rng.choice(game.prompts(state))
        seat = prompt["seat"]
        acts = game.legal_actions(state, seat)
        if player is not None:
            action = player(rng, state, seat, [a for a in acts if a["type"] not in ("undo", "undo_vote")],
                            prompt["kind"])
        else:
            action = choose(rng, acts, deliver)
        state, _ = game.apply(state, seat, action)
        log.append((seat, action))
    return names, state, log
