"""The search's playout policy for Railway Workers: cheap, legal, and less aimless than a random
move (a random player passes, hoards and wastes its 7s, so its games tell little)."""
from __future__ import annotations

from railhead.engine.core import clone
from railhead.engine.core.actions import decode
from railhead.engine.core.errors import IllegalAction
from railhead.engine.games.workers import pending
from railhead.engine.games.workers.actions import ACTIONS
from railhead.engine.games.workers.halves import acted
from railhead.engine.games.workers.search import TURN_HANDLERS, turn_candidates

from .plan import ORDER


def rollout(game, state, seat: int, rng) -> dict:
    """A quick move for ``seat``: four cards drawn from the hand and placed in a sensible order
    (workers and buying before Store Up), the best die on +3 and the worst on +6 (which reaches 7
    anyway), rerolls of low dice, a random answer to a question, and in a turn an action of the
    card (a random kind and instance that the rules accept) before passing or ending."""
    q = pending.prompt(state)
    if q is not None:
        return {"type": "choose", "option": rng.choice(q["options"])}
    step = state["step"]
    p = state["players"][seat]
    if step == "place":
        hand = list(p["hand"])
        rng.shuffle(hand)
        return {"type": "place", "cards": sorted(hand[:4], key=ORDER.index), "ready": True}
    if step == "assign":
        d = sorted(p["dice"], reverse=True)
        return {"type": "assign", "dice": [d[2], d[1], d[0], d[3]], "ready": True}
    if step == "low":
        return {"type": "low_roll", "reroll": True}
    if step == "tokens":
        left = p["reroll"] - p["rerolls_used"]
        low = min(range(len(p["dice"])), key=lambda i: p["dice"][i])
        return {"type": "reroll", "dice": [low + 1] if left > 0 and p["dice"][low] <= 2 else []}
    turn = state["turn"]
    done = acted(turn)
    if done and rng.below(2) == 0:
        return {"type": "end"}
    by_kind: dict[str, list[dict]] = {}
    for action in turn_candidates(state, seat):
        if action["type"] not in ("pass", "end", "command"):
            by_kind.setdefault(action["type"], []).append(action)
    kinds = sorted(by_kind)
    rng.shuffle(kinds)
    for kind in kinds:
        group = by_kind[kind]
        for _ in range(min(4, len(group))):
            action = group[rng.below(len(group))]
            try:
                TURN_HANDLERS[kind](clone(state), seat, decode(ACTIONS, action), [])
            except IllegalAction:
                continue
            return action
    return {"type": "end"} if done or turn["passed"] else {"type": "pass"}
