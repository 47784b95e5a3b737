"""Trains: placement on a new route, activation, direction at dead ends and at the city where
three routes meet, and the share payouts (railway-workers.txt, "Payments Phase" a, "Share" and the
FAQ "What does activate a train mean?").

A train on the map is a ``state.Train`` (``id``, ``city``, ``black``, ``facing``, ``came``):
``facing`` is the project it will travel next when set (after placement or a change of
destination), else ``None`` (decided when it moves: onward, or back at a dead end); ``came`` is the
project it last travelled.
"""
from __future__ import annotations

from ...common.names import fold
from ...core.errors import IllegalAction
from . import board, data
from .board import gain, name
from .state import Question, Train, WorkersState


def find(state: WorkersState, train_id: int | str) -> Train:
    """Train ``train_id`` on the map; raises ``IllegalAction`` naming those there."""
    for t in state.trains:
        if str(t.id) == str(train_id):
            return t
    ids = ", ".join(str(t.id) for t in state.trains) or "none yet"
    raise IllegalAction(f"There is no train {train_id} on the map (trains: {ids}).")


def place(state: WorkersState, project: int, city: str, events: list[dict]) -> None:
    """The leftmost train of the Investment table goes to ``city`` next to the new route, black
    side up, facing the route."""
    if city not in data.project(project).between:
        a, b = data.project(project).between
        raise IllegalAction(f"The train goes to {a} or {b}, the cities of the new route.")
    spot = state.table_trains.pop(0)
    state.trains.append(Train(id=spot.id, city=city, black=True, facing=project, came=None))
    events.append({"type": "train", "train": spot.id, "city": city, "project": project,
                   "text": f"Train {spot.id} arrives in {city}, facing route {project}."})


def options(state: WorkersState, t: Train) -> list[int]:
    """Where the train may go now: one project, or two at the three-route city (a choice)."""
    routes = board.routes_at(state, t.city)
    if t.facing is not None and t.facing in routes:
        return [t.facing]
    onward = [r for r in routes if r != t.came]
    if t.facing is not None or not onward:
        # the route it faces is not built: it reverses (railway-workers.txt, train activation), back the
        # way it came, or, a train that came from nowhere (just placed or turned), along any built route
        return [t.came] if t.came is not None and t.came in routes else routes
    return onward


def junction_decider(state: WorkersState, t: Train) -> int:
    """The seat with the most shares on the routes around the train's city (ties: nearest the
    Baton)."""
    return board.majority(state, board.projects_at(state, t.city))


def activate(state: WorkersState, t: Train, events: list[dict], *, then: str) -> bool:
    """Move a black train to its next city and pay the shareholders; at the three-route city a
    choice is queued for the majority shareholder first. Returns whether it moved now."""
    where = options(state, t)
    if not where:
        t.black = False
        events.append({"type": "stuck", "train": t.id, "text": f"Train {t.id} has no route to run on."})
        return True
    if len(where) > 1:
        state.pending.append(Question(kind="junction", train=t.id, options=where, then=then))
        return False
    run(state, t, where[0], events)
    return True


def run(state: WorkersState, t: Train, project: int, events: list[dict]) -> None:
    """Train ``t`` runs along route ``project`` to its far end and turns white; each share on the
    route pays its holder the step of the holder's investment marker."""
    start = t.city
    t.city = board.other_end(project, start)
    t.came = project
    t.facing = None
    t.black = False
    steps = data.country().investment.steps
    paid = []
    for key, n in sorted(state.sites[str(project)].shares.items()):
        seat = int(key)
        each = steps[state.players[seat].marker]
        gain(state, seat, n * each)
        paid.append(f"{name(state, seat)} {n}×{each}={n * each}")
    text = f"Train {t.id} runs {start} → {t.city} on route {project}"
    text += (": " + ", ".join(paid) + " coins.") if paid else " (no shares on it)."
    events.append({"type": "run", "train": t.id, "project": project, "origin": start, "destination": t.city,
                   "paid": {k: v for k, v in state.sites[str(project)].shares.items()}, "text": text})


def point(state: WorkersState, t: Train, toward: str) -> str:
    """Change a train's destination: it will travel toward the neighbouring city ``toward`` (any
    case, accents optional). Returns that city's name as printed."""
    near = sorted(board.other_end(n, t.city) for n in board.projects_at(state, t.city))
    city = next((c for c in near if c == toward), None) or next((c for c in near if fold(c) == fold(toward)), toward)
    project = board.joining(state, t.city, city)
    if project is None:
        raise IllegalAction(f"No route or site joins {t.city} and {toward} (neighbours: {', '.join(near)}).")
    t.facing = project
    return city
