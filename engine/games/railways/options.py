"""Options of a Railways solo game (railways-solo.txt, "Objectives")."""
from typing import Annotated, Literal

import msgspec

Objective = Literal["economist", "mayor", "conductor", "engineer", "baron"]
Goal = Literal["economist", "mayor", "conductor", "engineer"]


class Options(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """``objective``: ``economist`` (the best score; the recommended first game), ``mayor``
    (no passenger left on the map), ``conductor`` (a passenger delivered to each of the four
    building kinds), ``engineer`` (every complete rail link bought and upgraded), or ``baron``
    (the objectives listed in ``combine``, at least two). ``cards``: four card numbers for a
    chosen map (top left, top right, bottom left, bottom right), to replay a map; by default
    the map is dealt at random."""

    objective: Objective = "economist"
    combine: Annotated[list[Goal], msgspec.Meta(
        description="the objectives a Rail Baron game combines (at least two)")] = \
        msgspec.field(default_factory=lambda: ["economist", "mayor", "conductor", "engineer"])
    cards: Annotated[list[Annotated[int, msgspec.Meta(ge=1, le=8)]] | None, msgspec.Meta(
        description="four different card numbers 1-8 for the map, or nothing for a random map")] = None
