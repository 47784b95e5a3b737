"""The typed state of Steam (steam.txt): the records ``flow.setup`` builds and the rules change, as
``msgspec`` Structs that read like dicts (``engine/core/record.py``).

Units: money in dollars (``cash``, bids, capital), points in VP; ``income`` is a step of the income
track (steam.txt, "Money and Investing in Steam"); ``loco`` a locomotive level (links a cube may
travel). Seats are numbers; maps keyed by seat number, hex, link id, goods supply space or colour
stay ``dict[str, ...]`` (JSON object keys are text). Keys older saved states lack are ``UNSET``
fields, so the JSON of a state is what it was as plain dicts.
"""
from __future__ import annotations

from typing import Literal

import msgspec

from ...common.auction import Auction
from ...core.record import UNSET, GameState, Record, UnsetType

Phase = Literal["auction", "select", "capital", "order", "build", "move", "score", "over"]


class Chosen(Record):
    """The options the game was set up with (``options.Options``, the map resolved): ``map`` id,
    ``standard`` game or base game, ``first_order`` ``"random"`` or ``"auction"``."""

    map: str
    standard: bool
    first_order: Literal["random", "auction"]


class Player(Record):
    """A player's board (steam.txt, "Getting Started"): ``cash`` in dollars, ``income`` in income
    track steps (may be negative), ``vp`` in VP, ``loco`` the locomotive level; ``out`` when bankrupt
    ("Step 4: Get Paid and Pay Your Bills"); this turn's action ``tile`` id (``None`` before choosing),
    ``passed_tile`` when taken with its pass option ("Phase 1 – Select Action Tiles"), ``loco_done``
    when the locomotive was improved while moving goods this turn ("Making Your Train Better");
    ``take``: the player's last choice for track points (``"income"`` or ``"vp"``), which the
    delivery menu offers first next time (absent before their first choice); ``no_capital`` once the
    player chose no capital for every turn (standard game: no longer asked)."""

    name: str
    cash: int
    income: int
    vp: int
    loco: int
    out: bool
    tile: str | None
    passed_tile: bool
    loco_done: bool
    take: str | None | UnsetType = UNSET
    no_capital: bool | UnsetType = UNSET


class City(Record):
    """A city on the map (or a town made a city by a New City tile, steam.txt "Urbanization"): its
    ``colour``, the goods ``cubes`` on it (colours, sorted when drawn), ``growth`` once grown by City
    Growth (or a New City), ``tile`` the New City letter (``None`` for a printed city)."""

    colour: str
    cubes: list[str]
    growth: bool
    tile: str | None


class Track(Record):
    """The track tile in a hex (``engine/common/tilenet.py``): ``tile`` type id, ``segments``
    ``[side, side]`` pairs (sides 0-5; ``tiles.TOWN`` (-1) for a town's spoke), and the id of the
    link each segment belongs to, in the same order."""

    tile: str
    segments: list[list[int]]
    links: list[str]


class Link(Record):
    """A link between two cities or towns (steam.txt, "Phase 2 – Building the Track"; shapes in
    ``tilenet.py``): ``owner`` seat (``None``: nobody's), ``from`` and ``to`` nodes (hexes; ``to``
    ``None`` while incomplete), ``path`` the ``[hex, segment index]`` pairs it runs through from
    ``from`` (JSON arrays mixing a hex name and an index, kept lists: the rules and tests compare them
    with lists), ``exit`` the side its open end points through (``None`` when complete), ``turn`` the
    turn its owner last extended it. Read and written by the JSON names (``link["from"]``, as every
    ``Record``); the attribute is ``from_``."""

    owner: int | None
    from_: str = msgspec.field(name="from")
    to: str | None
    path: list[list[str | int]]
    exit: int | None
    turn: int


class Bidding(Auction):
    """The standard game's turn-order auction (``standard.py``): an ``Auction`` keeping each seat's
    ``bids`` (dollars: the winner and the last to drop out pay in full, the others half), and the
    seats ``dropped`` out, first first (the first goes last and pays nothing). ``bids`` is always
    kept here (``auction.start(..., keep_bids=True)``)."""

    bids: dict[str, int]
    dropped: list[int]


class FirstOrder(Record):
    """The first turn's order by auction (steam.txt, "The Order of Turns"): the ``order`` auction for
    the next place (bids in dollars) and the seats ``placed`` so far, first place first."""

    order: Auction
    placed: list[int]


class Build(Record):
    """Phase 2 – Build Track (steam.txt): the builders' ``order`` (seats) and ``at`` (index of the
    one building), that ``seat``, the tiles ``laid`` so far and its ``limit`` (3, 4 with Engineer),
    ``todo``: the action tiles it must still use this build (``"city-growth"``, ``"urbanization"``,
    ``"production"``); ``extended``: link ids (set empty for each builder and not used since)."""

    order: list[int]
    at: int
    seat: int
    laid: int
    limit: int
    todo: list[str]
    extended: list[str]


class Move(Record):
    """Phase 3 – Move Goods (steam.txt): the ``round`` (1 or 2), the movers' ``order`` (seats) and
    ``at`` (index of the one to move; past the end when the round is over)."""

    round: int
    order: list[int]
    at: int


class Scoring(Record):
    """A delivery's track points waiting to be placed (steam.txt, "Track Points"): ``points`` per
    seat, each seat's choice (``"income"`` or ``"vp"``) in ``choices``, and the settling ``order``
    (the mover first, then turn order; absent in states saved before it: seat order)."""

    points: dict[str, int]
    choices: dict[str, Literal["income", "vp"]]
    order: list[int] | UnsetType = UNSET


class SteamState(GameState):
    """Steam's state. ``phase``: see ``Phase`` (``"auction"`` the first turn's order, ``"capital"`` and
    ``"order"`` the standard game's start of a turn, ``"score"`` track points being placed,
    ``"over"`` the end); ``turn`` of ``turns``; ``order``: seats in turn order and ``at`` the index of
    the one selecting a tile; ``cities`` by hex; ``supply``: the cubes on each goods supply space
    (``"1"``-``"12"``, New City letters); ``bag``: cubes left by colour; ``new_cities``: New City
    letters left; ``tiles``: track tiles left by type; ``track`` by hex and ``links`` by id, the next
    id ``next_link``; ``build``, ``move``, ``scoring``, ``auction``: the phase's record (``None``
    outside it); ``last_tiles``: each seat's action tile of the last turn (the tie-break, "Calculating
    Victory Points"); standard game: ``capital``: the $5 steps each seat raised this turn (``None``:
    not decided; the field ``None`` outside that phase), ``bidding`` the turn-order auction,
    ``skip`` the seats that may let one bid go by (Turn Order tile); ``last``: the hexes the last
    move touched. ``capital``, ``bidding``, ``skip`` and ``last`` may be absent from older states."""

    options: Chosen
    players: list[Player]
    cities: dict[str, City]
    supply: dict[str, list[str]]
    bag: dict[str, int]
    new_cities: list[str]
    tiles: dict[str, int]
    track: dict[str, Track]
    links: dict[str, Link]
    next_link: int
    turn: int
    turns: int
    phase: Phase
    order: list[int]
    at: int
    build: Build | None
    move: Move | None
    scoring: Scoring | None
    auction: FirstOrder | None
    last_tiles: dict[str, str | None]
    capital: dict[str, int | None] | None | UnsetType = UNSET
    bidding: Bidding | None | UnsetType = UNSET
    skip: list[int] | UnsetType = UNSET
    last: list[str] | UnsetType = UNSET
