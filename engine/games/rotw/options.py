"""Options of a Railways of the World game."""
from typing import Annotated

import msgspec

MapId = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9-]{1,40}$",
                                    description="a map id under data/maps/rotw, e.g. rhine-alps")]


class Options(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """``map``: a map id under ``data/maps/rotw`` (lower-case letters, digits and dashes, at most
    40; checked against the shipped maps in ``rules.setup``). ``bidding``: first-player auction
    style (only ``"traditional"`` for now). ``short_game``: 2 fewer empty city markers
    (railways-of-the-world.txt, "Play Tips and Tricks: Shorter Games")."""

    map: MapId = "rhine-alps"
    bidding: str = "traditional"
    short_game: bool = False
