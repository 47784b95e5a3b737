"""Options of a Railways solo game (railways-solo.txt, "Objectives"; each field's ``option``
metadata is what ``/game new``, the local table's help and docs/actions say of it:
``engine/core/options.py``)."""
from typing import Annotated, Literal

import msgspec

from ...core.options import option

Objective = Literal["economist", "mayor", "conductor", "engineer", "baron"]
Goal = Literal["economist", "mayor", "conductor", "engineer"]


class Options(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """``objective``: ``economist`` (the best score; the recommended first game), ``mayor``
    (no passenger left on the map), ``conductor`` (a passenger delivered to each of the four
    building kinds), ``engineer`` (every complete rail link bought and upgraded), or ``baron``
    (the objectives listed in ``combine``, at least two). ``cards``: four card numbers for a
    chosen map (top left, top right, bottom left, bottom right), to replay a map; by default
    the map is dealt at random."""

    objective: Annotated[Objective, option(
        "the objective", labels={"economist": "Economist: the best score", "mayor": "Mayor: move every passenger",
                                 "conductor": "Train Conductor: deliver to all four building kinds",
                                 "engineer": "Engineer: buy and upgrade every complete link",
                                 "baron": "Rail Baron: combine objectives"})] = "economist"
    combine: Annotated[list[Goal], msgspec.Meta(
        description="the objectives a Rail Baron game combines (at least two)"), option(
        "objectives a Rail Baron game combines, like mayor engineer", example="mayor,engineer")] = \
        msgspec.field(default_factory=lambda: ["economist", "mayor", "conductor", "engineer"])
    cards: Annotated[list[Annotated[int, msgspec.Meta(ge=1, le=8)]] | None, msgspec.Meta(
        description="four different card numbers 1-8 for the map, or nothing for a random map"), option(
        "four map card numbers 1-8, like 5 6 7 8, to replay a map", example="5,6,7,8")] = None
