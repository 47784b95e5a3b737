"""Questions that interrupt play (``state["pending"]``, oldest first): who answers each, what they
may answer, and what an answer does.

- ``reward``: the first-placed player on a completed table takes the reward tile or a free share
  ("Construction site Development");
- ``train_city``: the majority shareholder of a new route puts the train on one of its cities;
- ``junction``: the majority shareholder of the three routes around a city chooses a train's way
  ("Payments Phase" a);
- ``bonus``: after the 4+ action of Subsidy / Investment ("Get 1 Bonus").
"""
from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.prompts import body
from . import board, data, halves, prompts, sites, trains


def who(state, q: dict) -> int:
    if q["kind"] == "reward":
        return q["first"]
    if q["kind"] == "bonus":
        return q["seat"]
    if q["kind"] == "train_city":
        return board.majority(state, [q["project"]])
    return trains.junction_decider(state, trains.find(state, q["train"]))


def options(state, q: dict) -> list[str]:
    if q["kind"] == "reward":
        return ["tile", "share"]
    if q["kind"] == "bonus":
        return halves.bonus_options(state, q["seat"])
    if q["kind"] == "train_city":
        return list(data.project(q["project"]).between)
    t = trains.find(state, q["train"])
    return [board.other_end(n, t["city"]) for n in q["options"]]


def question(state) -> prompts.Question | None:
    """The oldest question as its prompt (``prompts.Reward``, ``TrainCity``, ``Junction`` or
    ``Bonus``, with the answers offered; ``who`` answers it), or ``None`` when none is pending."""
    if not state["pending"]:
        return None
    q = state["pending"][0]
    offered = options(state, q)
    if q["kind"] == "reward":
        return prompts.Reward(options=offered, site=q["site"], table=q["table"])
    if q["kind"] == "train_city":
        return prompts.TrainCity(options=offered, project=q["project"])
    if q["kind"] == "junction":
        return prompts.Junction(options=offered, train=q["train"])
    return prompts.Bonus(options=offered)


def prompt(state) -> dict | None:
    """The oldest question as JSON for a view and a search player: ``{"seat": who answers, "kind",
    "options", ...}`` (``question``'s payload), or ``None`` when none is pending."""
    q = question(state)
    return None if q is None else {"seat": who(state, state["pending"][0]), **body(q)}


def answer(state, seat, option: str, events) -> None:
    """``seat`` answers the oldest question with ``option``; raises ``IllegalAction`` for an answer
    that is not offered. The core's steps make sure the question is ``seat``'s (``game.STEPS``)."""
    q = state["pending"][0]
    allowed = options(state, q)
    if option not in allowed:
        raise IllegalAction(f"Answer one of: {', '.join(allowed)}.")
    state["pending"].pop(0)
    if q["kind"] == "reward":
        sites.resolve_reward(state, q, option, events)
    elif q["kind"] == "bonus":
        halves.take_bonus(state, seat, option, events)
    elif q["kind"] == "train_city":
        trains.place(state, q["project"], option, events)
    else:
        t = trains.find(state, q["train"])
        project = board.joining(state, t["city"], option)
        if project is None:     # each option is the far end of a route at the train's city
            raise ValueError(f"no route joins {t['city']} and {option}")
        trains.run(state, t, project, events)


def auto(state, events) -> None:
    """Answer questions that have one possible answer (a bonus with one kind left)."""
    while state["pending"]:
        q = state["pending"][0]
        opts = options(state, q)
        if len(opts) > 1:
            return
        state["pending"].pop(0)
        if opts and q["kind"] == "bonus":
            halves.take_bonus(state, q["seat"], opts[0], events)


