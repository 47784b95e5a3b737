"""Helpers for Railway Workers scenario tests: a game straight on ``GAME.apply`` whose state the
tests may edit to reach a rulebook position."""
from __future__ import annotations

from railhead import engine
from railhead.engine.core import rng as core_rng
from railhead.engine.games.workers import data, sites
from railhead.engine.games.workers.state import Player, Site, Train, Turn, Warehouse

GAME = engine.get_game("workers")
MARIA, TIM, LEO = 0, 1, 2
"""The rulebook's players, seated clockwise; Maria holds the Baton."""
CARDS = list(data.action_cards())


def hand(*first: str) -> list[str]:
    """Four cards for the places +1, +2, +3, +6: ``first`` in that order, then the others in
    data order."""
    return (list(first) + [c for c in CARDS if c not in first])[:4]


class Table:
    """A game in progress (no log, so tests may edit ``state``)."""

    def __init__(self, players: int = 3, seed: int = 1, names=None, **options):
        names = names or (["Maria", "Tim", "Leo", "Ann"][:players])
        self.state = GAME.setup(options, list(names), seed)
        self.events: list[dict] = []

    def act(self, seat: int, **action) -> list[dict]:
        self.state, self.events = GAME.apply(self.state, seat, action)
        return self.events

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def coins(self) -> list[int]:
        return [p.coins for p in self.state.players]

    def site(self, number: int) -> Site:
        return self.state.sites[str(number)]

    @property
    def turn(self) -> Turn | None:
        return self.state.turn

    @property
    def question(self) -> dict | None:
        prompts = GAME.prompts(self.state)
        return prompts[0] if prompts and prompts[0]["kind"] in ("reward", "train_city", "junction", "bonus") \
            else None

    def text(self) -> str:
        return "\n".join(e["text"] for e in self.events)

    def sites_on_map(self, *numbers: int) -> None:
        """Replace the construction sites on the map by ``numbers`` (taken out of the pile)."""
        self.state.sites = {}
        for n in numbers:
            self.state.sites[str(n)] = sites.new_site(self.state, n)
        self.state.projects = [n for n in self.state.projects if n not in numbers] + \
            [n for n in self.state.in_play if n not in numbers and n not in self.state.projects]

    def no_commands(self) -> None:
        """Empty the Director's office, so that a turn ends by itself when both actions are done."""
        c = self.state.commands
        c.available, c.unavailable = [], None

    def to_play(self, cards: dict[int, list[str]], dice: dict[int, list[int]], plus=None) -> None:
        """Place ``cards`` (each seat's four, in the order +1, +2, +3, +6; missing seats take
        their hand in order), roll, keep the dice, then put ``dice`` (each seat's four, in slot
        order) on them behind the screen: the game reaches the turns of place +1."""
        n = len(self.state.seats)
        for seat in range(n):
            placed = cards.get(seat) or self.player(seat).hand[:4]
            self.act(seat, type="place", cards=placed, ready=True)
        for prompt in GAME.prompts(self.state):
            kind = prompt["kind"]
            if kind == "low_roll":
                self.act(prompt["seat"], type="low_roll", reroll=False)
        for prompt in GAME.prompts(self.state):
            if prompt["kind"] == "reroll":
                self.act(prompt["seat"], type="reroll", dice=[])
        assert self.state.step == "assign"
        for seat in range(n):
            values = dice.get(seat, [1, 1, 1, 1])
            self.player(seat).dice = list(values)
            extra = {"plus": plus[seat]} if plus and seat in plus else {}
            self.act(seat, type="assign", dice=list(values), ready=True, **extra)
        assert self.state.step == "play"

    def pass_until(self, seat: int, slot: int = 1) -> None:
        """Players pass (1 coin each) until ``seat`` plays its card under +``slot``."""
        while not (self.turn is not None and self.turn.seat == seat and data.SLOTS[self.state.slot] == slot):
            assert self.state.step == "play" and self.turn is not None, "the place was passed"
            self.act(self.turn.seat, type="pass")

    def end_turn(self, seat: int) -> None:
        """End ``seat``'s turn if it has not ended by itself."""
        if self.turn is not None and self.turn.seat == seat:
            self.act(seat, type="end")


class Loaded:
    """Dice that roll the given faces, in order (then fair again): patches the seeded stream."""

    def __init__(self, monkeypatch, faces: list[int]):
        self.faces = list(faces)
        below = core_rng.Stream.below

        def rigged(stream, n):
            if n == 6 and self.faces:
                stream.used = True
                return self.faces.pop(0) - 1
            return below(stream, n)

        monkeypatch.setattr(core_rng.Stream, "below", rigged)


def playing(t: Table, seat: int, card: str, total: int) -> None:
    """Reach ``seat``'s turn with ``card`` under +1 and a Sum of ``total`` (2 to 7); the others'
    cards have Sum 2 there (they pass first when the Baton puts them before ``seat``)."""
    t.to_play(cards={seat: hand(card)}, dice={seat: [total - 1, 1, 1, 1]})
    t.pass_until(seat, 1)


def to_the_end(t: Table) -> dict:
    """Everyone passes until the game is over; returns the outcome."""
    while GAME.outcome(t.state) is None:
        t.act(t.turn.seat, type="pass")
    return GAME.outcome(t.state)


def table(t: Table, number: int, kind: str, placed=(), goods=None, workers=None, done=()) -> Site:
    """Set up site ``number``'s ``kind`` table: ``placed`` cubes (seats), ``goods`` and
    ``workers`` waiting in its warehouse (seat -> count), the tables ``done`` already completed."""
    site = t.site(number)
    site.tables.of(kind).placed = list(placed)
    if kind != "plans":
        setattr(site.warehouses, kind, Warehouse(goods={str(k): v for k, v in (goods or {}).items()},
                                                 workers={str(k): v for k, v in (workers or {}).items()}))
    for other in done:
        site.tables.of(other).reward = False
    return site


def route(t: Table, number: int, shares: dict[int, int]) -> None:
    """Put project ``number`` on the map as a route (its three tables done) with ``shares``."""
    t.state.sites[str(number)] = sites.new_site(t.state, number)
    r = t.site(number)
    r.status, r.shares = "route", {str(s): n for s, n in shares.items()}
    for _, table in r.tables.by_kind():
        table.reward = False
    if number in t.state.projects:
        t.state.projects.remove(number)


def train(t: Table, city: str, came: int | None, facing: int | None = None) -> None:
    """Train 1 leaves the Investment table for ``city``, black side up."""
    spot = t.state.table_trains.pop(0)
    t.state.trains.append(Train(id=spot.id, city=city, black=True, facing=facing, came=came))



def worker_waiting_beside_a_structure(t: Table, seat: int = 0) -> str:
    """Seat ``seat``'s worker waits in the first site's structures warehouse and a structure lies
    in its Facilities: Store Up there makes a pair ("Construction site Development", 8 coins).
    Returns the site."""
    s = t.state
    site = next(iter(s.sites))
    me = s.players[seat]
    me.facilities.structures = 1
    me.facilities.workers -= 1
    s.sites[site].warehouses.structures.workers[str(seat)] = 1
    return site
