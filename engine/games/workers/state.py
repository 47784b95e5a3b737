"""The typed state of Railway Workers (railway-workers.txt): the records ``flow.setup`` builds and
the rules change, as ``msgspec`` Structs that read like dicts (``engine/core/record.py``).

Units: money in coins. Seats are numbers; maps keyed by seat number or site (project) number stay
``dict[str, ...]`` (JSON object keys are text). Records whose fields the rules iterate over like a
dict's keys (``Facilities``, ``Tiles``, ``Market``, ``Tables``...) declare them in sorted order,
the order a state read back from JSON always had. A key that is only sometimes present is an
``UNSET`` field, so the JSON of a state is what it was as plain dicts.

The rules read and write the records by attribute (``p.coins``, ``turn.top``). Where a rule names
a field by a value it computes (a resource ``kind`` from an action, a reward ``tile``, a ``part``
of a card), the record says it: ``of(kind)`` reads that field, ``add(kind, n)`` changes a count,
``by_kind()`` lists the fields with their names (in the sorted order of the JSON).
"""
from __future__ import annotations

from typing import Literal, TypeVar

from ...core.record import UNSET, GameState, Record, UnsetType

Step = Literal["place", "low", "tokens", "assign", "play", "payments", "over"]
Side = Literal["black", "white"]
Part = Literal["top", "bottom"]
T = TypeVar("T")


def given(value: T | UnsetType, what: str) -> T:
    """``value`` of a field that every record of its kind carries (a reward question's ``site``,
    named ``what``): the rules always set it when they build the record."""
    assert value is not UNSET, f"the rules always set {what}"
    return value


class Facilities(Record):
    """What a player keeps in its facilities ("Game setup"): ``workers`` at home (2 at the start),
    and resources ``plans``, ``structures``, ``tracks`` (counts)."""

    plans: int
    structures: int
    tracks: int
    workers: int

    def of(self, kind: str) -> int:
        """How many of ``kind`` (``"structures"``, ``"tracks"``, ``"plans"``, ``"workers"``)."""
        count: int = getattr(self, kind)
        return count

    def add(self, kind: str, n: int) -> None:
        """``n`` more of ``kind`` (fewer when negative)."""
        setattr(self, kind, self.of(kind) + n)


class Tiles(Record):
    """Reward tiles a player holds, by table ("Construction site Development"): ``P`` plans,
    ``S`` structures, ``T`` tracks (counts; each worth coins at the end)."""

    P: int
    S: int
    T: int

    def of(self, tile: str) -> int:
        """How many ``tile`` tiles (``"P"``, ``"S"``, ``"T"``)."""
        count: int = getattr(self, tile)
        return count

    def add(self, tile: str, n: int) -> None:
        """``n`` more ``tile`` tiles (fewer when negative)."""
        setattr(self, tile, self.of(tile) + n)

    def by_kind(self) -> list[tuple[str, int]]:
        """``[("P", n), ("S", n), ("T", n)]``."""
        return [("P", self.P), ("S", self.S), ("T", self.T)]


class Player(Record):
    """A player's board and hand ("Game setup", "Round phases - steps"): ``coins``; action cards in
    ``hand`` and ``placed`` under +1, +2, +3, +6 (``None``: empty; secret until revealed); ``ready``
    when its cards are placed or dice assigned; ``dice`` (pips, 3 then 4), ``assign`` (index of the
    die on each place), ``plus`` (+1 tokens on each place); ``low_done`` once the low-roll reroll is
    settled, ``rerolling`` while it uses reroll tokens; workers in the ``union``, back ``houses``
    (paid 1 coin each at payments) and in ``facilities``; ``directors`` left for commands; tokens
    ``reroll`` and ``plus_tokens`` held, ``rerolls_used`` this phase; reward ``tiles``; ``marker``
    its step on the investment track (index); ``shed`` while command 11 (Extra Shed) lasts and
    ``shed_used`` once its extra room holds a resource; ``union_bonus`` once the bonus for an empty
    union was taken."""

    coins: int
    hand: list[str]
    placed: list[str | None]
    ready: bool
    dice: list[int]
    assign: list[int]
    plus: list[int]
    low_done: bool
    rerolling: bool
    union: int
    houses: int
    facilities: Facilities
    directors: int
    reroll: int
    plus_tokens: int
    rerolls_used: int
    tiles: Tiles
    marker: int
    shed: bool
    shed_used: bool
    union_bonus: bool


class Table(Record):
    """A construction site's table for one resource ("Construction site Development"): its
    ``squares``, ``blocked`` (the last square closed with 2-3 players), the seats that ``placed``
    a cube on each square filled, in order, and whether its ``reward`` is still to be taken."""

    blocked: bool
    placed: list[int]
    reward: bool
    squares: int


class Tables(Record):
    """The three tables of a site, by resource."""

    plans: Table
    structures: Table
    tracks: Table

    def of(self, kind: str) -> Table:
        """The table of resource ``kind``."""
        table: Table = getattr(self, kind)
        return table

    def by_kind(self) -> list[tuple[str, Table]]:
        """``(kind, table)`` for plans, structures, tracks."""
        return [("plans", self.plans), ("structures", self.structures), ("tracks", self.tracks)]


class Warehouse(Record):
    """A site's warehouse of structures or tracks: ``workers`` and ``goods`` each seat keeps there,
    by seat."""

    goods: dict[str, int]
    workers: dict[str, int]


class Warehouses(Record):
    """A site's two warehouses, by resource."""

    structures: Warehouse
    tracks: Warehouse

    def of(self, kind: str) -> Warehouse:
        """The warehouse of ``kind`` (``"structures"`` or ``"tracks"``)."""
        house: Warehouse = getattr(self, kind)
        return house

    def by_kind(self) -> list[tuple[str, Warehouse]]:
        """``(kind, warehouse)`` for structures, tracks."""
        return [("structures", self.structures), ("tracks", self.tracks)]


class Site(Record):
    """A project on the map (``sites.new_site``): its project ``number``, ``status`` ``"site"``
    (under construction) or ``"route"`` (complete), the ``shares`` each seat holds in it (by seat),
    its ``tables`` and ``warehouses``."""

    number: int
    status: Literal["site", "route"]
    shares: dict[str, int]
    tables: Tables
    warehouses: Warehouses


class Train(Record):
    """A train on the map (``trains.py``): its ``id``, the ``city`` it stands in, ``black`` while it
    still runs this round, ``facing`` the project it faces and ``came`` the one it arrived by (project
    numbers, ``None`` for none)."""

    id: int
    city: str
    black: bool
    facing: int | None
    came: int | None


class TableTrain(Record):
    """A train on the investment track's table ("Game setup"): its ``id``, the investment ``step``
    it stands on (``None``: a spare), ``black`` side up or white."""

    id: int
    step: int | None
    black: bool


class Market(Record):
    """The price indicator of each resource: ``"black"`` or ``"white"`` side up (white once bought
    this turn; prices in coins are in the country's market table)."""

    plans: Side
    structures: Side
    tracks: Side

    def of(self, kind: str) -> Side:
        """The side up of ``kind``'s price indicator."""
        side: Side = getattr(self, kind)
        return side

    def turn(self, kind: str, side: Side) -> None:
        """Turn ``kind``'s price indicator ``side`` up."""
        setattr(self, kind, side)

    def by_kind(self) -> list[tuple[str, Side]]:
        """``(kind, side)`` for plans, structures, tracks."""
        return [("plans", self.plans), ("structures", self.structures), ("tracks", self.tracks)]


class Tokens(Record):
    """Tokens left in the supply: ``plus`` (+1) and ``reroll``."""

    plus: int
    reroll: int

    def of(self, kind: str) -> int:
        """Tokens of ``kind`` (``"plus"`` or ``"reroll"``) left."""
        count: int = getattr(self, kind)
        return count

    def add(self, kind: str, n: int) -> None:
        """``n`` more tokens of ``kind`` in the supply (fewer when negative)."""
        setattr(self, kind, self.of(kind) + n)


class Commands(Record):
    """The command cards ("Game setup"): the ``deck`` (numbers, in order), the two ``available``,
    the ``unavailable`` one (``None`` when the deck ran out) and the ``discarded`` ones (the
    ``unavailable`` ones among them, so ``None`` too)."""

    deck: list[int]
    available: list[int]
    unavailable: int | None
    discarded: list[int | None]


class Turn(Record):
    """The turn of one card (``flow.begin_turn``): the ``seat``, its ``card`` and ``sum`` (die +
    place + tokens), whether the ``top`` and ``bottom`` halves are used, the ``command`` played
    (number, or ``None``), ``passed``; resources ``bought`` (kinds), ``pair_pay`` coins per pair
    formed, the ``discount`` in coins, ``free_share``, ``grant`` and what of it was used
    (``grant_used``, set on first use), the site it may move (``move_site``), ``lifted``: coins
    paid to lift the Sum to 4; ``ended`` when the player ends it (set within the move that ends it,
    never saved: the next turn replaces this record)."""

    seat: int
    card: str
    sum: int
    top: bool
    bottom: bool
    command: int | None
    passed: bool
    bought: list[str]
    pair_pay: int
    discount: int
    free_share: bool
    grant: bool
    move_site: int | None
    lifted: int
    grant_used: list[str] | UnsetType = UNSET
    ended: bool | UnsetType = UNSET

    def half(self, part: str) -> bool:
        """Whether the ``part`` (``"top"``: 4+, ``"bottom"``: 7+) of the card is done."""
        return self.top if part == "top" else self.bottom

    def done(self, part: str) -> None:
        """Mark the ``part`` of the card done."""
        if part == "top":
            self.top = True
        else:
            self.bottom = True


class Question(Record):
    """A question that interrupts play (``pending.py``), by ``kind``: ``"reward"`` (``site``,
    ``table``, reward ``tile``, the ``first`` and ``second`` placed seats, ``None`` for no second),
    ``"train_city"`` (``project``), ``"junction"`` (``train`` id, the project numbers it may take
    (``options``), and what comes ``then``), ``"bonus"`` (``seat``). The other fields are absent."""

    kind: Literal["reward", "train_city", "junction", "bonus"]
    site: int | UnsetType = UNSET
    table: str | UnsetType = UNSET
    tile: str | UnsetType = UNSET
    first: int | UnsetType = UNSET
    second: int | None | UnsetType = UNSET
    project: int | UnsetType = UNSET
    train: int | UnsetType = UNSET
    options: list[int] | UnsetType = UNSET
    then: str | UnsetType = UNSET
    seat: int | UnsetType = UNSET


class Reveal(Record):
    """A place revealed this phase: its ``slot`` (1, 2, 3, 6) and each seat's ``cards`` there."""

    cards: list[str]
    slot: int


class FinalRow(Record):
    """A seat's end ("Game end victory points"), coins: ``coins`` before the end, then
    ``resources`` sold, reward ``tiles`` cashed, ``workers`` (5 for all five at home), ``shares``
    on sites that never became routes (3 each); ``total`` the coins after."""

    coins: int
    resources: int
    shares: int
    tiles: int
    total: int
    workers: int


class WorkersState(GameState):
    """Railway Workers' state. ``round`` 1-4 and its action ``phase`` 1-2, the ``step`` (see
    ``flow.py``), the ``baton`` seat; ``bank``: coins the Bank paid out, net; ``in_play`` the project
    numbers of this game, ``projects`` the Project pile (secret order), ``sites`` by project number;
    ``trains`` on the map, ``table_trains`` on the investment track, ``visited`` investment steps;
    ``market``, ``tokens``, ``commands``; ``subsidy_dice`` (two faces); ``slot`` the index of the
    place being played (0-3), ``order`` the seats' order for it, ``turn`` the card being played;
    ``pending`` questions, oldest first; ``reveals`` this phase's revealed places; ``final`` the end
    (``None`` before); ``pay_trains``: the train ids still to run at payments (set at the first)."""

    round: int
    phase: int
    step: Step
    baton: int
    bank: int
    in_play: list[int]
    projects: list[int]
    sites: dict[str, Site]
    trains: list[Train]
    table_trains: list[TableTrain]
    market: Market
    visited: list[int]
    tokens: Tokens
    commands: Commands
    subsidy_dice: list[int]
    slot: int
    order: list[int]
    turn: Turn | None
    pending: list[Question]
    reveals: list[Reveal]
    players: list[Player]
    final: list[FinalRow] | None
    pay_trains: list[int] | UnsetType = UNSET
