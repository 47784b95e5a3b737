"""The typed state of Railways of the World (railways-of-the-world.txt): the records ``rules.setup``
builds and the rules change, as ``msgspec`` Structs that read like dicts (``engine/core/record.py``).

Units: money (``cash``, bids) in thousands of dollars; ``points`` are income-track points (= victory
points); ``engine`` is the engine level 1-8. Seats are ints; where a seat is a map key it is its
text (``"0"``), as JSON object keys are. Hexes are names like ``"D7"``; link ids are text
(``"1"``, ``"2"``, ... from ``next_link``). Card instances are ids ``"<kind>:<n>"`` or
``"<kind>:<city hex>"`` (``cards.py``); barons are ids from ``data/cards/rotw/barons.toml``.
A field typed ``... | UnsetType = UNSET`` is absent from the JSON when unset, as the key was.
"""
from __future__ import annotations

from typing import Any, Literal

import msgspec

from ...common.auction import Auction
from ...core.record import UNSET, GameState, Record, UnsetType

Bidding = Literal["traditional", "first_to_pass", "worst_is_first", "variant1", "variant2", "through_time"]


class Setup(Record):
    """``state["options"]``: what the game was set up with (``options.py``). ``map``: the map id;
    ``bidding``: the first-player auction style (``through_time`` on a Railways Through Time map
    set up with the Traditional one: ``bidding.style_for``); ``short_game``: 2 fewer empty city markers. The
    variants are recorded only when on (``True``), absent otherwise: ``cut_throat`` ("Cut Throat
    Variant for Blocking"), ``hidden_money`` ("Bonds and Money"), ``bounty_queue`` ("Variants:
    Service Bounties"), ``barons`` ("Deal Out Railroad Baron Cards") and ``baron_later``
    ("Variants: Baron Cards"); so are the add-on modules ``mines``, ``switch_tracks``,
    ``fuel_depots`` and ``city_rotors`` (``modules.py``) and ``events`` (the Event deck, ``eventdeck.py``)."""

    map: str
    bidding: Bidding
    short_game: bool
    cut_throat: bool | UnsetType = UNSET
    hidden_money: bool | UnsetType = UNSET
    bounty_queue: bool | UnsetType = UNSET
    barons: bool | UnsetType = UNSET
    baron_later: bool | UnsetType = UNSET
    mines: bool | UnsetType = UNSET
    switch_tracks: bool | UnsetType = UNSET
    fuel_depots: bool | UnsetType = UNSET
    city_rotors: bool | UnsetType = UNSET
    events: bool | UnsetType = UNSET


class Player(Record):
    """A player ("Use of Cash and Bonds", "Scoring Track", "C. UPGRADE ENGINE"): ``name`` (the
    seat's name), ``cash`` in thousands of dollars, ``bonds`` issued (each $5,000 when issued, -1
    point at the end), ``points`` on the scoring track, ``engine`` level (1-8). The operations cards
    kept ("E. SELECT RAILROAD OPERATIONS CARD", ``holdings.py``): ``cards`` (card ids), ``armed``
    (hand cards readied for this action's build), ``used`` (purple-diamond cards used this turn)."""

    name: str
    cash: int
    bonds: int
    points: int
    engine: int
    cards: list[str]
    armed: list[str]
    used: list[str]


class City(Record):
    """A city on the board ("Goods Bag and Goods cubes", "B. URBANIZE", "Ending the Game"):
    ``colour`` (``"gray"`` until urbanized, else a goods colour), ``cubes`` (goods cube colours,
    sorted), ``marker`` (it holds an empty city marker), ``urbanized`` (a New City tile was put on it)."""

    colour: str
    cubes: list[str]
    marker: bool
    urbanized: bool


class Segment(Record):
    """One track tile's segment in a hex (``engine/common/track.py``, "Track Tiles"): the ``link``
    id it belongs to and the two hex ``sides`` (0-5) it joins."""

    link: str
    sides: list[int]


class Link(Record):
    """A link of track ("A. BUILD TRACK", ``engine/common/track.py``): the ``owner`` seat, the
    city hex it starts ``from`` (a Python keyword: the attribute is ``from_``, the JSON name and
    ``link["from"]`` are ``from``), the city hex it reaches (``to``; ``None`` while unfinished),
    the ``hexes`` of its tiles from ``from`` onward, and ``exit``, the side the last tile of an
    unfinished link points to (``None`` once complete)."""

    owner: int
    from_: str = msgspec.field(name="from")
    to: str | None
    hexes: list[str]
    exit: int | None


class Markers(Record):
    """The empty city markers ("Empty City Markers", "Ending the Game"): ``total`` for this player count (less 2 in a
    short game), ``placed`` so far; the last one placed starts the last turn."""

    total: int
    placed: int


class Cards(Record):
    """The Railroad Operations cards ("Set Up Railroad Operations Cards"): ``face_up`` (the row
    players may take, goals included, in the order they appeared), ``deck`` (hidden order; the
    next is turned at each turn's end) and ``discard``: card ids."""

    face_up: list[str]
    deck: list[str]
    discard: list[str]


class Bounties(Record):
    """The Service Bounty row of the ``bounty_queue`` variant ("Variants: Service Bounties"):
    ``row`` (waiting bounty card ids, in order; the active one is face up) and ``wake`` (the turn at
    whose end the next one becomes active; ``None`` while one is active or none is left)."""

    row: list[str]
    wake: int | None


class Barons(Record):
    """The baron cards ("Deal Out Railroad Baron Cards", ``barons.py``): ``hands`` (seat -> the
    two baron ids dealt), ``kept`` (seat -> the baron kept, ``None`` until chosen), ``shown`` (seats
    whose kept card is shown because its engine race was met), ``first_engine`` (the first seat to
    reach an ``engine_first`` baron's level, or ``None``); ``later`` (``True``, only in the
    "Variants: Baron Cards" game where the choice waits for the first completed Major Line); ``east``
    (Transcontinental, from the Western phase: seat -> the Eastern baron kept, ``barons.deal_west``)."""

    hands: dict[str, list[str]]
    kept: dict[str, str | None]
    shown: list[int]
    first_engine: int | None
    later: bool | UnsetType = UNSET
    east: dict[str, str | None] | UnsetType = UNSET


class Transcontinental(Record):
    """The Transcontinental game (``transcontinental.py``): ``phase`` (``"east"``, then ``"west"``),
    ``opens`` (the turn whose end ends the Eastern phase, once its last marker is placed),
    ``faster`` (the Faster Game), ``floor`` (seats whose income has reached $10,000 and never falls
    below), ``returns`` (between the phases: seat -> bonds returned, ``None`` until chosen)."""

    phase: Literal["east", "west"]
    opens: int | None
    faster: bool
    floor: list[int]
    returns: dict[str, int | None]


class Depot(Record):
    """Fuel Depot tokens on a city ("Fuel Depots"): the ``seat`` that placed them and the
    ``tokens`` left (1-2; the entry goes when the last is used)."""

    seat: int
    tokens: int


class Switch(Record):
    """A Switch Track ("Switch Tracks") on a tile of its ``seat``'s complete link ``on``; ``branch``
    is the link id built from it (complete or unfinished)."""

    seat: int
    on: str
    branch: str


class Rotor(Record):
    """A City Rotor ("Rotor Cities and Color Wheel Chart"): its ``base`` colour (the city's own)
    and the colour its slice ``shows`` now (``base`` at the start)."""

    base: str
    shows: str


class Carried(Record):
    """A goods cube a player stopped at one of their Fuel Depots ("Fuel Depots"): its ``colour``,
    the city it left (``origin``), the depot city it waits at (``at``), the ``links`` it travelled
    (ids, in order) and the ``cities`` it passed (hexes after ``origin``, ending with ``at``)."""

    colour: str
    origin: str
    at: str
    links: list[str]
    cities: list[str]


class Modules(Record):
    """The add-on modules' state (``modules.py``; present only when one of them is on): ``used``
    (``"mine"``, ``"depot"``, ``"switch"`` -> how many times each seat used it, at most 2),
    ``mines`` (mined city hex -> the seat that mined it: the Mine marker), ``depots`` (city hex ->
    ``Depot``), ``switches`` (switch hex -> ``Switch``), ``rotors`` (city hex -> ``Rotor``) and
    ``carried`` (seat -> the ``Carried`` cube waiting at a depot)."""

    used: dict[str, list[int]]
    mines: dict[str, int]
    depots: dict[str, Depot]
    switches: dict[str, Switch]
    rotors: dict[str, Rotor]
    carried: dict[str, Carried]


class EventDeck(Record):
    """The Event deck ("Events Deck", ``eventdeck.py``): ``deck`` (event ids, hidden order; the next
    is drawn at each turn's start), ``future`` and ``current`` (the events in the Future Event and
    Current Event slots, ``None`` when empty) and ``discard`` (event ids)."""

    deck: list[str]
    future: str | None
    current: str | None
    discard: list[str]


class Inspection(Record):
    """A delivery held for a Railway Inspector's holder ("RAILWAYS of GREAT BRITAIN", ``inspector.py``):
    the deliverer's ``seat``, the delivery ``action`` (its JSON), the holder seats still ``asked`` (the
    first answers now) and the ``text`` of what the delivery would do."""

    seat: int
    action: dict[str, Any]
    asked: list[int]
    text: str


class RotwState(GameState):
    """Railways of the World's state. ``options``: ``Setup``; ``players``: by seat; ``cities``:
    city hex -> ``City``; ``bag``: goods colour -> cubes left in the bag; ``new_city_tiles``: colour ->
    New City tiles left ("B. URBANIZE"); ``track``: hex -> its segments; ``links``: link id ->
    ``Link``; ``next_link``: the next link id; ``markers``: the empty city markers; ``cards``: the
    operations cards; ``major_lines``: each Major Line's owner seat (``None`` while open), in the
    map's order ("Major Lines"). Turn flow ("Playing the Game: Turns & Player Rounds"): ``turn``
    (from 1), ``phase``, ``round`` (1-3 in ``"actions"``, 0 otherwise), ``first`` (first player's
    seat), ``order`` (this turn's seats in order) and ``at`` (index in it), ``auction`` (``None``
    outside it), ``end_turn`` (the last turn, once the last empty city marker is placed; else
    ``None``), ``last`` (hexes the last action touched, for boards to highlight). ``touched``:
    those hexes while an action is played (``rules.touched``; absent between moves). ``bounties``
    and ``barons``: present only with the ``bounty_queue`` and ``barons`` options. ``western_links``
    (only on a map with a Western Link, ``western.py``): Western Link city hex -> the seat that
    built it. ``modules`` (only with an add-on module on): ``Modules``. ``time_lines`` (only in
    Railways Through Time, ``timelines.py``): claimed Time Line key -> the seat holding it. The map
    cards (``mapcards.py``, ``inspector.py``), each only while it has something: ``passengers``
    (seat -> goods colours delivered towards a face-up Passenger Line), ``inspected`` (seats stopped by
    a Railway Inspector), ``inspection`` (``Inspection``) and ``hot_spring`` (the seat that builds now
    for Hot Spring). ``stalled``: present (``True``) once the last action of a turn
    found nobody able to change the game any more (``game.py``, ``_dead_end``), so the game ends with
    that turn.
    ``transcontinental`` (only on that map): ``Transcontinental``; ``phase`` is
    ``"bonds"`` between its two phases, while bonds are returned. ``event_deck`` (only with the
    ``events`` option): ``EventDeck``."""

    options: Setup
    players: list[Player]
    cities: dict[str, City]
    bag: dict[str, int]
    new_city_tiles: dict[str, int]
    track: dict[str, list[Segment]]
    links: dict[str, Link]
    next_link: int
    markers: Markers
    cards: Cards
    major_lines: list[int | None]
    turn: int
    phase: Literal["auction", "actions", "bonds", "over"]
    round: int
    first: int
    order: list[int]
    at: int
    auction: Auction | None
    end_turn: int | None
    last: list[str]
    touched: list[str] | UnsetType = UNSET
    bounties: Bounties | UnsetType = UNSET
    barons: Barons | UnsetType = UNSET
    western_links: dict[str, int] | UnsetType = UNSET
    modules: Modules | UnsetType = UNSET
    time_lines: dict[str, int] | UnsetType = UNSET
    passengers: dict[str, list[str]] | UnsetType = UNSET
    inspected: list[int] | UnsetType = UNSET
    inspection: Inspection | UnsetType = UNSET
    hot_spring: int | UnsetType = UNSET
    stalled: bool | UnsetType = UNSET
    transcontinental: Transcontinental | UnsetType = UNSET
    event_deck: EventDeck | UnsetType = UNSET

