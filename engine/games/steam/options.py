"""Options of a Steam game (each field's ``option`` metadata is what ``/game new``, the local
table's help and docs/actions say of it: ``engine/core/options.py``)."""
from typing import Annotated, Literal

import msgspec

from ...core.options import option

MapId = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9-]{1,40}$",
                                    description="a map id under data/maps/steam")]


class Options(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """``map``: a map id under ``data/maps/steam`` (empty: the first map that takes the player
    count). ``standard``: the standard game instead of the base game (steam.txt, "Base Game"; the
    standard game adds capital, turn-order auctions with payments, locomotive upkeep and the
    Production tile).
    ``first_order``: the first turn's order, ``random`` (2nd player $1, 3rd $2, ...) or
    ``auction`` (an auction for each position; steam.txt, "The Order of Turns")."""

    map: Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9-]{0,40}$"), option("the map")] = ""
    standard: Annotated[bool, option("the standard game instead of the base game")] = False
    first_order: Annotated[Literal["random", "auction"], option("the first turn's order")] = "random"
