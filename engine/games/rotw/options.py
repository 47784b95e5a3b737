"""Options of a Railways of the World game (each field's ``option`` metadata is what ``/game new``,
the local table's help and docs/actions say of it: ``engine/core/options.py``)."""
from typing import Annotated, ClassVar, Literal

import msgspec

from ...core.options import option

MapId = Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9-]{0,40}$",
                                    description="a map id under data/maps/rotw, e.g. rhine-alps (empty: by players)")]


class Options(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """``map``: a map id under ``data/maps/rotw`` (lower-case letters, digits and dashes, at most
    40; checked against the shipped maps in ``rules.setup``); empty: ``rules.default_map``, the first map
    (Rhine & Alps, Vistula & Danube, then the others in id order) that takes the player count.
    ``bidding``: the first-player
    auction style: ``traditional``, ``first_to_pass`` and ``worst_is_first``
    (railways-of-the-world-online-help.txt, "Bidding Style"), ``variant1`` and ``variant2``
    (railways-of-the-world.txt, "First Player Auction Variant 1/2"). ``short_game``: 2 fewer empty city markers
    (railways-of-the-world.txt, "Play Tips and Tricks: Shorter Games"). ``barons``: deal the secret
    baron cards (railways-of-the-world.txt, "Deal Out Railroad Baron Cards", a step of the base game's
    setup): ``None``, the default, deals them except in Railways Through Time, whose own setup has
    none (``deals_barons``); ``False`` never, ``True`` always (refused with Railways Through Time).
    ``cut_throat``: no redirecting the last tile of an unfinished link (railways-of-the-world.txt,
    "Cut Throat Variant for Blocking"). ``hidden_money``: each player's money shows only in their own
    view until the end (railways-of-the-world.txt, "Bonds and Money"; bonds stay public).
    ``bounty_queue``: the Service Bounties are laid out in a row instead of shuffled into the deck,
    one active at a time (railways-of-the-world.txt, "Variants: Service Bounties"). ``baron_later``:
    each player holds both dealt barons and discards one when the first Major Line is completed
    ("Variants: Baron Cards"; with ``barons``). The add-on modules (``modules.py``, all off by
    default): ``mines`` ("Mines"), ``switch_tracks`` ("Switch Tracks"), ``fuel_depots`` ("Fuel
    Depots") and ``city_rotors`` ("Rotor Cities and Color Wheel Chart"). ``map = "through-time"``
    plays Railways Through Time on the ``periods`` boards (``periods.choose``; "RAILWAYS through
    TIME", "Starting the Game"). ``faster``: the Transcontinental map's Faster Game (railways-of-the-world.txt,
    "Transcontinental Rules", "Faster Game"; ``transcontinental.py``). ``events``: the Event deck, our own 50
    events, one current and one future each turn (railways-of-the-world.txt, "Events Deck"; ``eventdeck.py``)."""

    map: Annotated[MapId, option("the map")] = ""
    bidding: Annotated[Literal["traditional", "first_to_pass", "worst_is_first", "variant1", "variant2"], option(
        "the first-player auction's style",
        labels={"traditional": "Traditional: the winner pays, clockwise",
                "first_to_pass": "First to pass: passers pay half, go last",
                "worst_is_first": "Worst is First: lowest score goes first",
                "variant1": "Variant 1: turn 1 unbid, later seats paid",
                "variant2": "Variant 2: passers pay half their bid"})] = "traditional"
    short_game: Annotated[bool, option("2 fewer empty city markers")] = False
    barons: Annotated[bool | None, option("deal secret baron cards", default="yes")] = None
    cut_throat: Annotated[bool, option("no redirecting an unfinished link's last tile")] = False
    hidden_money: Annotated[bool, option("money seen only by its owner")] = False
    bounty_queue: Annotated[bool, option("Service Bounties in a row, one at a time")] = False
    baron_later: Annotated[bool, option("hold both barons until the first Major Line")] = False
    mines: Annotated[bool, option("Mines on gray cities", group="modules", words=("mines", "mine"))] = False
    switch_tracks: Annotated[bool, option("Switch Tracks", group="modules",
                                          words=("switches", "switch"))] = False
    fuel_depots: Annotated[bool, option("Fuel Depots in cities", group="modules",
                                        words=("depots", "depot"))] = False
    city_rotors: Annotated[bool, option("Rotor Cities and the Color Wheel", group="modules",
                                        words=("rotors", "rotor"))] = False
    faster: Annotated[bool, option("Transcontinental's Faster Game")] = False
    events: Annotated[bool, option("the Event deck: a new event each turn")] = False
    periods: Annotated[list[Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9-]{1,40}$")]], msgspec.Meta(
        max_length=8, description="Railways Through Time: the period boards (empty: players + 1 at random)"),
        option("Through Time boards, e.g. egypt,rome", default="players + 1",
               example="egypt,rome,napoleon")] = []

    groups: ClassVar[dict[str, str]] = {"modules": "add-ons"}
    """The add-on modules are chosen together, by words: ``modules: mines,depots``."""

    def deals_barons(self, through_time: bool) -> bool:
        """Whether the baron cards are dealt: ``barons`` when said, else unless the game is
        Railways Through Time (``through_time``; its setup deals none)."""
        return self.barons if self.barons is not None else not through_time
