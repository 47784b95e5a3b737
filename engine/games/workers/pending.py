"""Questions that interrupt play (``state.pending``, oldest first): who answers each, what they
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
from .state import Question, WorkersState, given


def who(state: WorkersState, q: Question) -> int:
    """The seat that answers ``q``: the reward's first-placed seat, the bonus's seat, the majority
    shareholder of a new route (or of the routes around a junction's city)."""
    if q.kind == "reward":
        return given(q.first, "a reward's first seat")
    if q.kind == "bonus":
        return given(q.seat, "a bonus's seat")
    if q.kind == "train_city":
        return board.majority(state, [given(q.project, "a new route's project")])
    return trains.junction_decider(state, trains.find(state, given(q.train, "a junction's train")))


def options(state: WorkersState, q: Question) -> list[str]:
    """The answers ``q`` offers now (``choose``'s ``option``)."""
    if q.kind == "reward":
        return ["tile", "share"]
    if q.kind == "bonus":
        return halves.bonus_options(state, given(q.seat, "a bonus's seat"))
    if q.kind == "train_city":
        return list(data.project(given(q.project, "a new route's project")).between)
    t = trains.find(state, given(q.train, "a junction's train"))
    return [board.other_end(n, t.city) for n in given(q.options, "a junction's routes")]


def question(state: WorkersState) -> prompts.Question | None:
    """The oldest question as its prompt (``prompts.Reward``, ``TrainCity``, ``Junction`` or
    ``Bonus``, with the answers offered; ``who`` answers it), or ``None`` when none is pending."""
    if not state.pending:
        return None
    q = state.pending[0]
    offered = options(state, q)
    if q.kind == "reward":
        return prompts.Reward(options=offered, site=given(q.site, "a reward's site"),
                              table=given(q.table, "a reward's table"))
    if q.kind == "train_city":
        return prompts.TrainCity(options=offered, project=given(q.project, "a new route's project"))
    if q.kind == "junction":
        return prompts.Junction(options=offered, train=given(q.train, "a junction's train"))
    return prompts.Bonus(options=offered)


def prompt(state: WorkersState) -> dict | None:
    """The oldest question as JSON for a view and a search player: ``{"seat": who answers, "kind",
    "options", ...}`` (``question``'s payload), or ``None`` when none is pending."""
    q = question(state)
    return None if q is None else {"seat": who(state, state.pending[0]), **body(q)}


def answer(state: WorkersState, seat: int, option: str, events: list[dict]) -> None:
    """``seat`` answers the oldest question with ``option``; raises ``IllegalAction`` for an answer
    that is not offered. The core's steps make sure the question is ``seat``'s (``game.STEPS``)."""
    q = state.pending[0]
    allowed = options(state, q)
    if option not in allowed:
        raise IllegalAction(f"Answer one of: {', '.join(allowed)}.")
    state.pending.pop(0)
    if q.kind == "reward":
        sites.resolve_reward(state, q, option, events)
    elif q.kind == "bonus":
        halves.take_bonus(state, seat, option, events)
    elif q.kind == "train_city":
        trains.place(state, given(q.project, "a new route's project"), option, events)
    else:
        t = trains.find(state, given(q.train, "a junction's train"))
        project = board.joining(state, t.city, option)
        if project is None:     # each option is the far end of a route at the train's city
            raise ValueError(f"no route joins {t.city} and {option}")
        trains.run(state, t, project, events)


def auto(state: WorkersState, events: list[dict]) -> None:
    """Answer questions that have one possible answer (a bonus with one kind left)."""
    while state.pending:
        q = state.pending[0]
        opts = options(state, q)
        if len(opts) > 1:
            return
        state.pending.pop(0)
        if opts and q.kind == "bonus":
            halves.take_bonus(state, given(q.seat, "a bonus's seat"), opts[0], events)
