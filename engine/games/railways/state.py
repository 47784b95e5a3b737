"""The typed state of Railways (railways-solo.txt): the records ``rules.setup`` builds and the
rules change, as ``msgspec`` Structs that read like dicts (``engine/core/record.py``).

Units: ``capital``, ``profit`` and ``pollution`` are steps of their tracks (profit and capital in
the game's money units, pollution 0-13); ``workers`` railworkers; dice are pip counts.
"""
from __future__ import annotations

from ...core.record import GameState, Record


class Setup(Record):
    """The options the game was set up with: ``objective``, the objectives a Rail Baron game
    ``combine``\\ s (sorted), and the four map ``cards`` asked for (``None``: dealt at random)."""

    objective: str
    combine: list[str]
    cards: list[int] | None


class Die(Record):
    """A die on a map space: ``n`` pips; ``kind`` ``"passenger"`` or ``"building"``."""

    n: int
    kind: str


class Final(Record):
    """The end ("Game End"): ``score`` = ``profit`` + 3 per ``links`` with a marker -
    ``pollution``; each objective's ``tests`` (``None``: no pass or fail), the ``goals`` of this
    game, ``success`` over them (``None`` for the economist alone), and the ``map`` (card numbers)."""

    score: int
    profit: int
    links: int
    pollution: int
    objective: str
    goals: list[str]
    tests: dict[str, bool | None]
    success: bool | None
    map: str


class RailwaysState(GameState):
    """Railways' state. ``phase``: ``"place"`` (the four passenger dice), ``"actions"``, ``"over"``;
    ``layout``: the four map cards (top left, top right, bottom left, bottom right); ``hand``,
    ``pool`` and ``discard``: card numbers; ``dice``: space -> die; ``built``: space -> the kind a
    Building die became; ``markers``: link id -> upgraded; ``delivered``: building kind ->
    passengers delivered; ``decade`` 1-12 and ``actions`` taken in it (0-2)."""

    options: Setup
    phase: str
    layout: list[int]
    hand: list[int]
    pool: list[int]
    discard: list[int]
    place_left: list[int]
    dice: dict[str, Die]
    spare_dice: int
    building_dice: list[int]
    built: dict[str, str]
    markers: dict[str, bool]
    capital: int
    profit: int
    pollution: int
    workers: int
    decade: int
    actions: int
    delivered: dict[str, int]
    moved: int
    final: Final | None
