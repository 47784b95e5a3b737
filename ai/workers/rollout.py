"""The search's playout policy for Railway Workers: cheap, legal, and less aimless than a random
move (a random player passes, hoards and wastes its 7s, so its games tell little)."""
from __future__ import annotations

from railhead.engine.games.workers import pending
from railhead.engine.games.workers.halves import acted
from railhead.engine.games.workers.search import turn_candidates

from ..player import try_move
from .heuristic import value_after
from .plan import ORDER

LOOK = 5
"""Turn moves (of the card's actions the rules accept, drawn at random) a playout's turn weighs
by the round's plan before taking the best or stopping."""
TRIES = 12
"""Turn moves drawn at most to find ``LOOK`` the rules accept."""


def rollout(game, state, seat: int, rng) -> dict:
    """A quick move for ``seat``: four cards drawn from the hand and placed in a sensible order
    (workers and buying before Store Up), the best die on +3 and the worst on +6 (which reaches 7
    anyway), rerolls of low dice, a random answer to a question, and in a turn the best by the
    round's plan (``heuristic.value_after``, the heuristic's own measure) of up to ``LOOK`` of the
    card's actions drawn at random that the rules accept, or ending the turn (passing, before
    acting) when none of them adds to the plan."""
    q = pending.prompt(state)
    if q is not None:
        return {"type": "choose", "option": rng.choice(q["options"])}
    step = state.step
    p = state.players[seat]
    if step == "place":
        hand = list(p.hand)
        rng.shuffle(hand)
        return {"type": "place", "cards": sorted(hand[:4], key=ORDER.index), "ready": True}
    if step == "assign":
        d = sorted(p.dice, reverse=True)
        return {"type": "assign", "dice": [d[2], d[1], d[0], d[3]], "ready": True}
    if step == "low":
        return {"type": "low_roll", "reroll": True}
    if step == "tokens":
        left = p.reroll - p.rerolls_used
        low = min(range(len(p.dice)), key=lambda i: p.dice[i])
        return {"type": "reroll", "dice": [low + 1] if left > 0 and p.dice[low] <= 2 else []}
    turn = state.turn
    stop = {"type": "end"} if acted(turn) or turn.passed else {"type": "pass"}
    moves = [a for a in turn_candidates(state, seat) if a["type"] not in ("pass", "end", "command")]
    rng.shuffle(moves)
    return _best(game, state, seat, moves[:TRIES], stop)


def _best(game, state, seat: int, moves: list[dict], stop: dict) -> dict:
    """Of the first ``LOOK`` of ``moves`` that the rules accept, the one after which the seat's
    round plays out best by the heuristic's measure (``heuristic.value_after``); ``stop`` (ending
    the turn, or passing) when none adds to it."""
    round_, phase = state.round, state.phase
    after = try_move(game, state, seat, stop)
    best, top = stop, value_after(after, seat, round_, phase) if after is not None else None
    looked = 0
    for action in moves:
        if looked >= LOOK:
            break
        after = try_move(game, state, seat, action)
        if after is None:
            continue
        looked += 1
        value = value_after(after, seat, round_, phase)
        if top is None or value > top + 1e-9:
            best, top = action, value
    return best
