"""Options of a Railways of the World game."""
import msgspec


class Options(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """``map``: a map id under ``data/maps/rotw``. ``bidding``: first-player auction style
    (only ``"traditional"`` for now). ``short_game``: 2 fewer empty city markers
    (railways-of-the-world.txt, "Play Tips and Tricks: Shorter Games")."""

    map: str = "rhine-alps"
    bidding: str = "traditional"
    short_game: bool = False
