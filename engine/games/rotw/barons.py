"""Baron cards: secret goals scored at the end (railways-of-the-world.txt, "Deal Out Railroad Baron
Cards", "Card & Map Revisions and Clarifications: Baron Cards" and "Tycoon Cards").

Played when the ``barons`` option is on: each player is dealt two, keeps one in secret and
discards the other. ``state.barons`` is a ``Barons`` record (``state.py``): ``hands`` (seat -> two
ids), ``kept`` (seat -> id or ``None``), ``shown`` (seats), ``first_engine`` (seat or ``None``); seat
keys are text. Only the owner sees a hand
or a kept card, until the end or until an ``engine_first`` card is met (it is shown at once).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import msgspec

from ...common.datafile import DATA_DIR, DataError, load
from ...common.names import fold
from ...core.errors import IllegalAction
from ...core.record import UNSET
from ...core.rng import Stream
from .network import cities_reached, connected, longest_run, own_graph
from .state import Barons, RotwState

KINDS = ("engine_first", "route", "longest", "most_links", "most_cash", "most_bonds", "top_engine", "most_cities",
         "hub", "colours")
COLOURS = ("red", "blue", "yellow", "purple", "black")


class Baron(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    id: str
    name: str
    kind: str
    points: int
    text: str
    cities: list[str] = []
    level: int = 0
    count: int = 0
    map: str = ""          # a route baron's map; the others suit every map


class Deck(msgspec.Struct, forbid_unknown_fields=True):
    baron: list[Baron]


@cache
def deck() -> dict[str, Baron]:
    """Every baron card by id (``data/cards/rotw/barons.toml``: 9 for every map, 3 routes per map),
    checked; raises ``DataError`` for an unknown kind, a route without two cities and its map, or an
    id used twice."""
    value, _ = load(DATA_DIR / "cards" / "rotw" / "barons.toml", Deck)
    seen: set[str] = set()
    for b in value.baron:
        if b.id in seen:
            raise DataError(f"barons.toml: the id {b.id!r} is used twice")
        seen.add(b.id)
        if b.kind not in KINDS:
            raise DataError(f"barons.toml: {b.id} has an unknown kind {b.kind!r}")
        if b.kind == "route" and (len(b.cities) != 2 or not b.map):
            raise DataError(f"barons.toml: {b.id} needs two cities and its map")
    return {b.id: b for b in value.baron}


def for_map(map_id: str) -> list[str]:
    """The barons dealt on ``map_id``: every card but the routes of other maps."""
    return sorted(b.id for b in deck().values() if b.map in ("", map_id))


def deal(n: int, rng: Stream, later: bool = False, map_id: str = "rhine-alps") -> Barons:
    """Two barons per seat from the map's deck. ``later`` ("Variants: Baron Cards"): the choice
    waits for the first completed Major Line."""
    ids = for_map(map_id)
    rng.shuffle(ids)
    return Barons(hands={str(s): ids[2 * s:2 * s + 2] for s in range(n)}, kept={str(s): None for s in range(n)},
                  shown=[], first_engine=None, later=True if later else UNSET)


def deal_west(state: RotwState, rng: Stream, map_id: str) -> None:
    """Transcontinental, the rulebook's Option 2 ("Transcontinental Rules", "Baron Cards"): at the
    start of the Western phase each player is dealt two barons of ``map_id``'s deck (a deck of its
    own: the Eastern barons dealt before do not leave it) and keeps one in secret; the kept Eastern
    baron (``"east"``) stays hidden and scores at the end too. Nobody is dealt the general baron they
    kept in the East (it would score one goal twice): each seat takes the next two cards of the
    shuffled deck that are not its own, and should the last seat be left with its own, it trades
    that card for the first card of the seat before it."""
    b = state.barons
    assert b is not UNSET, "the Transcontinental game deals Western barons only where barons are dealt"
    ids = for_map(map_id)
    rng.shuffle(ids)
    n = len(b.kept)
    own = [b.kept[str(s)] for s in range(n)]
    hands: list[list[str]] = []
    for s in range(n):
        pick = [i for i in ids if i != own[s]][:2]
        pick = pick if len(pick) == 2 else ids[:2]
        hands.append(pick)
        ids = [i for i in ids if i not in pick]
    for s in range(n):
        mine = own[s]
        if mine is not None and mine in hands[s] and n > 1:
            other = hands[s - 1]
            hands[s][hands[s].index(mine)], other[0] = other[0], mine
    b.east = dict(b.kept)
    b.hands = {str(s): hands[s] for s in range(n)}
    b.kept = {str(s): None for s in range(n)}


def shown_card(state: RotwState, seat: int) -> str | None:
    """The baron ``seat`` has shown by meeting an engine race (``shown``), or ``None``: its kept
    card, in the variant the engine-race card in its hand, and in the Transcontinental game's
    West, when neither is an engine-race card, its Eastern baron (shown in the East, it stays
    shown: "Transcontinental Rules", "Baron Cards")."""
    b = state.barons
    if b is UNSET or seat not in b.shown:
        return None
    spec = deck()
    kept = b.kept[str(seat)]
    here = [x for x in ([kept] if kept else b.hands[str(seat)]) if spec[x].kind == "engine_first"]
    east = b.east.get(str(seat)) if b.east is not UNSET else None
    if here:
        return here[0]
    return east if east and spec[east].kind == "engine_first" else kept


def choosing(state: RotwState) -> list[int]:
    """Seats that still have to keep one of their two barons (in the variant, only once a Major
    Line has been completed)."""
    b = state.barons
    if b is UNSET or b.later is True and not any(o is not None for o in state.major_lines):
        return []
    return [int(s) for s, k in b.kept.items() if k is None]


def keep(state: RotwState, seat: int, baron_id: str, events: list[dict]) -> None:
    """Keep one of the two dealt barons (secret); the other is discarded face down. Only a seat that
    is ``choosing`` may act (the barons' step)."""
    b = state.barons
    assert b is not UNSET, "the barons' step is in force only where barons are dealt"
    hand = b.hands[str(seat)]
    if b.kept[str(seat)] is not None:
        raise IllegalAction("You have already chosen your baron.")
    found = next((x for x in hand if x == baron_id or fold(deck()[x].name) == fold(str(baron_id))), None)
    if found is None:
        names = " or ".join(f"{deck()[x].name} (`{x}`)" for x in hand)
        raise IllegalAction(f"Keep one of your two barons: {names}.")
    b.kept[str(seat)] = found
    events.append({"type": "baron_kept", "seat": seat, "to": [seat],
                   "text": f"You keep {deck()[found].name}: {deck()[found].text}"})
    events.append({"type": "baron_chosen", "seat": seat, "text": f"{state.seats[seat]} has chosen a baron."})


def measure(state: RotwState, seat: int, kind: str) -> int:
    """``seat``'s figure for a most-something baron of ``kind`` (links, cash in thousands, bonds, engine
    level, cities reached; the longest run of complete links for ``longest``)."""
    edges = own_graph(state, seat)
    p = state.players[seat]
    if kind == "longest":
        return longest_run(edges)
    if kind == "most_links":
        return len({e[0] for e in edges})
    if kind == "most_cash":
        return p.cash
    if kind == "most_bonds":
        return p.bonds
    if kind == "top_engine":
        return p.engine
    return len(cities_reached(state, seat))          # most_cities


def met(state: RotwState, seat: int, baron: Baron, hex_of: Callable[[str], str],
        colour_of: Callable[[str], str]) -> bool:
    """Whether ``seat`` meets ``baron``'s goal now (at the end of the game)."""
    n = len(state.seats)
    if baron.kind == "engine_first":
        return state.barons is not UNSET and state.barons.first_engine == seat
    if baron.kind == "route":
        a, b = (hex_of(c) for c in baron.cities)
        have = [s for s in range(n) if connected(own_graph(state, s), a, b)]
        return have == [seat]
    if baron.kind == "hub":
        ends: dict[str, int] = {}
        for _, x, y in own_graph(state, seat):
            for c in (x, y):
                ends[c] = ends.get(c, 0) + 1
        return max(ends.values(), default=0) >= baron.count
    if baron.kind == "colours":
        reached = {colour_of(c) for _, x, y in own_graph(state, seat) for c in (x, y)}
        return set(COLOURS) <= reached
    scores = [measure(state, s, baron.kind) for s in range(n)]
    best = max(scores)
    return best > 0 and scores[seat] == best and scores.count(best) == 1


def bonds_baron(state: RotwState, seat: int) -> Baron | None:
    """``seat``'s baron rewarding the most bonds (kept, or dealt while none is kept yet), if any."""
    b = state.barons
    if b is UNSET:
        return None
    kept = b.kept.get(str(seat))
    east = b.east.get(str(seat)) if b.east is not UNSET else None
    held = ([kept] if kept else b.hands[str(seat)]) + ([east] if east else [])
    return next((deck()[i] for i in held if deck()[i].kind == "most_bonds"), None)


def raise_engine(state: RotwState, seat: int, levels: int, events: list[dict]) -> int:
    """Every change of an engine level goes through here (the Upgrade action, Engine Works, the
    New Train goal): ``seat``'s engine goes up ``levels`` (at most to 8) and an ``engine_first``
    race it wins is recorded ("Tycoon Cards": shown as soon as accomplished). Returns the new level."""
    player = state.players[seat]
    player.engine = min(8, player.engine + levels)
    _after_upgrade(state, seat, events)
    return player.engine


def _after_upgrade(state: RotwState, seat: int, events: list[dict]) -> None:
    """Record the first player to reach each ``engine_first`` level; show a kept card met so."""
    b = state.barons
    if b is UNSET:
        return
    level = state.players[seat].engine
    for baron in deck().values():
        if baron.kind == "engine_first" and level >= baron.level and b.first_engine is None:
            b.first_engine = seat
            mine = b.kept.get(str(seat)) or (baron.id if baron.id in b.hands[str(seat)] else None)
            if mine == baron.id and seat not in b.shown:
                b.shown.append(seat)
                events.append({"type": "baron_shown", "seat": seat,
                               "text": f"{state.seats[seat]} reveals the baron {baron.name}: {baron.text} Met!"})


def final(state: RotwState, hex_of: Callable[[str], str], colour_of: Callable[[str], str]) -> dict[int, dict]:
    """Each seat's baron at the end: ``{seat: {"id", "name", "met", "points"}}``."""
    b = state.barons
    if b is UNSET:
        return {}
    out: dict[int, dict[str, Any]] = {}
    for key, bid in sorted(b.kept.items()):
        seat = int(key)
        rows: list[dict[str, Any]] = []
        for card in [bid] if bid else b.hands[key]:      # the variant's game may end before any choice
            baron = deck()[card]
            ok = met(state, seat, baron, hex_of, colour_of)
            rows.append({"id": card, "name": baron.name, "text": baron.text, "met": ok,
                         "points": baron.points if ok else 0})
        out[seat] = max(rows, key=lambda r: r["points"])
        east = b.east.get(key) if b.east is not UNSET else None
        if east:                                            # Transcontinental: the Eastern baron too
            ok = met(state, seat, deck()[east], hex_of, colour_of)
            rows = [{"id": east, "name": deck()[east].name, "text": deck()[east].text, "met": ok,
                     "points": deck()[east].points if ok else 0}, out[seat]]
            out[seat] = {"id": "+".join(r["id"] for r in rows), "name": " and ".join(r["name"] for r in rows),
                         "text": " / ".join(r["text"] for r in rows), "met": any(r["met"] for r in rows),
                         "points": sum(r["points"] for r in rows), "barons": rows}
    return out
