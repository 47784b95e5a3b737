"""One line a player reads for a move of Railway Workers (the ``Choice.reason`` of the heuristic)."""
from __future__ import annotations

from railhead.engine.games.workers import data


def _n(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def cards(order: list[str]) -> str:
    """``+1 Move Workers, +2 Buy Structures, +3 Buy Tracks, +6 Store Up``."""
    return ", ".join(f"+{s} {data.card_name(c)}" for s, c in zip(data.SLOTS, order))


def move(action: dict) -> str:
    """What ``action`` (a turn's move or an answer) does, in a few words."""
    kind = action["type"]
    if kind == "pass":
        return "passes for 1 coin"
    if kind == "end":
        return "ends the turn"
    if kind == "buy":
        what = action.get("count", 1)
        if action["part"] == "bottom" and action.get("site"):
            return f"buys 1 straight into site {action['site']}'s warehouse"
        return f"buys {what} into the Facilities"
    if kind == "worker":
        if action["do"] == "hire":
            return "hires a worker from the Union"
        if action["do"] == "recall":
            return "pays 1 coin to bring a worker home from the Houses"
        return f"sends a worker to site {action['site']}'s {action['kind']}"
    if kind == "share":
        return f"buys a share in project {action['site']}"
    if kind == "train":
        toward = f" toward {action['toward']}" if action.get("toward") else ""
        return f"{'sends' if action.get('go', True) else 'turns'} train {action['train']}{toward}"
    if kind == "store":
        return f"stores up {_n(action['count'], action['kind'][:-1])} on site {action['site']}"
    if kind == "send":
        parts = [f"{action[k]} to {k}" for k in ("structures", "tracks") if action.get(k)]
        return f"sends workers to site {action['site']} ({', '.join(parts)})"
    if kind == "subsidy":
        return f"trades {'+'.join(action['tiles'])} reward tiles for a subsidy"
    if kind == "invest":
        return "moves the investment marker one step"
    if kind == "command":
        return f"uses command {action['number']}, {data.commands()[action['number']].name}"
    if kind == "choose":
        return f"answers {action['option']}"
    return kind
