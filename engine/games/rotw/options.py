"""Options of a Railways of the World game."""
from typing import Annotated, Literal

import msgspec

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
    baron cards (railways-of-the-world.txt, "Deal Out Railroad Baron Cards"); off in the engine's
    defaults so that games saved before the option replay unchanged, on for new tables in the bot.
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

    map: MapId = ""
    bidding: Literal["traditional", "first_to_pass", "worst_is_first", "variant1", "variant2"] = "traditional"
    short_game: bool = False
    barons: bool = False
    cut_throat: bool = False
    hidden_money: bool = False
    bounty_queue: bool = False
    baron_later: bool = False
    mines: bool = False
    switch_tracks: bool = False
    fuel_depots: bool = False
    city_rotors: bool = False
    faster: bool = False
    events: bool = False
    periods: Annotated[list[Annotated[str, msgspec.Meta(pattern=r"^[a-z0-9-]{1,40}$")]], msgspec.Meta(
        max_length=8, description="Railways Through Time: the period boards (empty: players + 1 at random)")] = []
