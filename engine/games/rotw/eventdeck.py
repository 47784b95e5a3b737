"""The Event deck (railways-of-the-world.txt, "Events Deck", "How to use the Event Deck
Expansion"): our own 50 events in ``data/cards/rotw/events.toml``, with the option ``events``.

With the option on, ``state.event_deck`` (``state.EventDeck``) holds the shuffled ``deck``
(hidden order), the ``future`` and ``current`` event ids and the ``discard`` pile; a game without
it has no such key (its bytes are as before). At the start the deck is shuffled and one event is
drawn into the Future Event slot, a "Future Event" card drawn then being discarded and another
drawn (``setup``). At the start of every later turn the current event is discarded, the future one
becomes current and a new one is drawn (``turn_begins``). An event that is not a Future Event acts
while it is current: the lasting kinds all that turn, the instant kinds (``INSTANT``) once, as it
becomes current. A Future Event acts once, as it is drawn into the Future Event slot, and not again
when it becomes current. Money is in thousands of dollars, points on the income track. Every
figure and its reason: docs/rules-assumptions.md, "Event deck (issue 21)".
"""
from __future__ import annotations

from collections.abc import Set as AbstractSet
from functools import cache
from typing import TYPE_CHECKING, Any

import msgspec

from ...common.datafile import DATA_DIR, fail, load
from ...common.goods import COLOURS
from ...common.track import BuildPlan
from ...core.errors import IllegalAction
from ...core.record import UNSET
from ...core.rng import Stream
from . import holdings, transcontinental
from .cities import add_cubes
from .context import Context
from .money import dollars
from .state import EventDeck, RotwState

if TYPE_CHECKING:
    from .options import Options

TERRAINS = ("open", "water", "mountain")
TERRAIN_WORDS = {"open": "an open", "water": "a river or lake", "mountain": "a mountain"}
PER = ("player", "bond", "trailing")
BY = ("links", "engine", "longest")
KINDS = {
    "track_cost": ("amount",), "track_tiles": ("tiles",), "engine_cost": ("amount",), "urbanize_cost": ("amount",),
    "delivery_bonus": ("points",), "embargo": ("colour",), "income": ("amount",), "cash": ("amount", "per"),
    "growth": ("count",), "award": ("by", "points"),
}
"""Each kind of effect -> the fields it needs (see the head of ``events.toml``)."""
INSTANT = ("cash", "growth", "award")
"""Kinds that act once, as the event comes into force; only these may be Future Events."""
COUNT = 50


class EventSpec(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One event: ``id``, ``name``, ``text`` (what a player reads), ``future`` (a Future Event),
    ``kind`` (one of ``KINDS``) and its figures: ``amount`` (thousands of dollars; per tile, per
    action, per player or per bond), ``terrain``, ``tiles``, ``points``, ``colour`` (a goods colour;
    for ``growth`` also ``gray``), ``min_links``, ``per``, ``count`` (cities), ``by``."""

    id: str
    name: str
    text: str
    kind: str
    future: bool = False
    amount: int = 0
    terrain: str | None = None
    tiles: int = 0
    points: int = 0
    colour: str | None = None
    min_links: int = 0
    per: str | None = None
    count: int = 0
    by: str | None = None


class EventsFile(msgspec.Struct):
    event: list[EventSpec]


def _check(spec: EventSpec) -> str | None:
    """What is wrong with one event, or ``None``."""
    if spec.kind not in KINDS:
        return f"kind must be one of {sorted(KINDS)}"
    missing = [f for f in KINDS[spec.kind] if not getattr(spec, f)]
    if missing:
        return f"a {spec.kind} event needs {', '.join(missing)}"
    if spec.future and spec.kind not in INSTANT:
        return f"only {', '.join(INSTANT)} events may be Future Events"
    colours = (*COLOURS, "gray") if spec.kind == "growth" else COLOURS
    if spec.colour is not None and spec.colour not in colours:
        return f"colour must be one of {list(colours)}"
    if spec.terrain is not None and spec.terrain not in TERRAINS:
        return f"terrain must be one of {list(TERRAINS)}"
    if spec.per is not None and spec.per not in PER or spec.by is not None and spec.by not in BY:
        return f"per must be one of {list(PER)}, by one of {list(BY)}"
    if spec.tiles < 0 or spec.count < 0 or spec.points < 0:
        return "tiles, count and points cannot be negative (fewer tiles would make sampled builds illegal)"
    return None


@cache
def deck() -> dict[str, EventSpec]:
    """The events by id from ``data/cards/rotw/events.toml``, checked: ``COUNT`` events, unique ids,
    known kinds with their figures. Raises ``DataError`` naming the file and line."""
    path = DATA_DIR / "cards" / "rotw" / "events.toml"
    raw, text = load(path, EventsFile)
    seen: set[str] = set()
    for i, spec in enumerate(raw.event):
        problem = "the id is used twice" if spec.id in seen else _check(spec)
        if problem:
            fail(path, text, f"event {spec.id}: {problem}", "event", i)
        seen.add(spec.id)
    if len(raw.event) != COUNT:
        fail(path, text, f"the deck has {len(raw.event)} events, not {COUNT}", "event")
    return {e.id: e for e in raw.event}


def on(state: RotwState) -> bool:
    """Whether the game is played with the Event deck."""
    return state.event_deck is not UNSET


def of(state: RotwState) -> EventDeck | None:
    """The Event deck of a game played with it, else ``None``."""
    ed = state.event_deck
    return None if ed is UNSET else ed


def setup(state: dict[str, Any], options: Options, rng: Stream) -> None:
    """"At the start of the game, shuffle the event deck" and draw the first Future Event; a card
    marked Future Event drawn then is discarded and another drawn. Nothing acts yet: the first
    event comes into force on turn 2. ``state``: the new state's JSON, which gets the
    ``event_deck`` record's JSON."""
    if not options.events:
        return
    state["options"]["events"] = True
    ids = sorted(deck())
    rng.shuffle(ids)
    ed: dict[str, Any] = {"deck": ids, "future": None, "current": None, "discard": []}
    while ed["deck"] and ed["future"] is None:
        card = ed["deck"].pop(0)
        if deck()[card].future:
            ed["discard"].append(card)
        else:
            ed["future"] = card
    state["event_deck"] = ed


def coming(state: RotwState) -> list[str]:
    """The events still to come into force: the future one and the deck (empty without the deck)."""
    ed = of(state)
    return [] if ed is None else [e for e in (ed.future, *ed.deck) if e]


def current(state: RotwState) -> EventSpec | None:
    """The event acting this turn: the current event, unless it is a Future Event (which acted
    when it was drawn) or the game has no Event deck."""
    ed = of(state)
    if ed is None or ed.current is None:
        return None
    spec = deck()[ed.current]
    return None if spec.future else spec


def _amount(state: RotwState, kind: str) -> int:
    spec = current(state)
    return spec.amount if spec is not None and spec.kind == kind else 0


# ------------------------------------------------------------------ lasting effects
def track_price(state: RotwState, ctx: Context, plan: BuildPlan, cost: int,
                perks: AbstractSet[str] = frozenset()) -> int:
    """A build's price in thousands with this turn's ``track_cost`` event: ``amount`` per track
    tile (a redirected tile too) of the event's terrain (all terrains without one) that the player
    pays for: a tile a readied card makes free (``perks``: Government Land Grant's open tiles, a
    Ferry Line's ferry hex) stays free; never below 0."""
    spec = current(state)
    if spec is None or spec.kind != "track_cost":
        return cost
    tiles = list(plan.tiles) + ([plan.redirect] if plan.redirect else [])
    hit = sum(1 for h, sides in tiles if (spec.terrain is None or ctx.map.terrain[h] == spec.terrain)
              and not ("land_grant" in perks and holdings.open_tile(ctx, h, sides))
              and not ("ferry_line" in perks and h in ctx.map.ferries))
    return max(0, cost + spec.amount * hit)


def extra_tiles(state: RotwState) -> int:
    """Track tiles a Build Track action may lay beyond its usual limit this turn (0 or more)."""
    spec = current(state)
    return spec.tiles if spec is not None and spec.kind == "track_tiles" else 0


def engine_price(state: RotwState, cost: int) -> int:
    """An Upgrade Engine action's price in thousands with this turn's ``engine_cost`` event, at least 0."""
    return max(0, cost + _amount(state, "engine_cost"))


def urbanize_price(state: RotwState, cost: int) -> int:
    """An Urbanize action's price in thousands with this turn's ``urbanize_cost`` event, at least 0."""
    return max(0, cost + _amount(state, "urbanize_cost"))


def income(state: RotwState, amount: int) -> int:
    """A player's income (thousands) at this turn's income phase with the ``income`` event: a rise
    is added; a cut never takes an income below 0 (nor a negative one lower)."""
    delta = _amount(state, "income")
    if delta >= 0:
        return amount + delta
    return max(min(amount, 0), amount + delta)


def income_text(state: RotwState, track: int, paid: int, points: int) -> str:
    """What a player earns at the income phase, for its line: ``paid`` (thousands) ``for N points
    on the income track``, or, when this turn's ``income`` event changed it, the track's figure
    ``track`` and the event's rise or cut, e.g. ``$4,000 ($6,000 for 10 points on the income track,
    less $2,000: Bank Panic)``."""
    figure = f"for {points} point{'' if points == 1 else 's'} on the income track"
    if paid == track:
        return f"{dollars(paid)} {figure}"
    spec = current(state)
    change = f"plus {dollars(paid - track)}" if paid > track else f"less {dollars(track - paid)}"
    return f"{dollars(paid)} ({dollars(track)} {figure}, {change}: {spec.name if spec else 'this turn'})"


def check_delivery(state: RotwState, colour: str) -> None:
    """Refuse a delivery of an embargoed colour. Raises ``IllegalAction``."""
    spec = current(state)
    if spec is not None and spec.kind == "embargo" and spec.colour == colour:
        raise IllegalAction(f"The {spec.name} (this turn's event) stops {colour} deliveries.")


def allowed(state: RotwState, acts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``acts`` without the deliveries this turn's embargo forbids (for ``legal_actions`` and menus)."""
    spec = current(state)
    if spec is None or spec.kind != "embargo":
        return acts
    return [a for a in acts if not (a.get("type") == "deliver" and a.get("colour") == spec.colour)]


def bonus(state: RotwState, colour: str, links: int) -> int:
    """The deliverer's bonus points this turn for a ``colour`` cube over ``links`` links (0 or more)."""
    spec = current(state)
    if spec is None or spec.kind != "delivery_bonus":
        return 0
    return spec.points if spec.colour in (None, colour) and links >= spec.min_links else 0


def with_bonus(state: RotwState, seat: int, option: dict[str, Any]) -> dict[str, Any]:
    """A delivery option of the menus (``{"colour", "links", "points": {seat: points}}``) with this
    turn's bonus in ``seat``'s points; a Fuel Depot stop (``stop``) scores later and gets none; a cube
    going on from a depot (``kept``) counts the links it came by too, as its delivery does."""
    links = len(option["links"])
    if option.get("kept"):
        carried = state.modules.carried.get(str(seat)) if state.modules is not UNSET else None
        links += len(carried.links) if carried is not None else 0
    extra = 0 if option.get("stop") else bonus(state, option["colour"], links)
    if not extra:
        return option
    points = dict(option["points"])
    points[str(seat)] = points.get(str(seat), 0) + extra
    return {**option, "points": points}


def after_delivery(state: RotwState, seat: int, colour: str, links: int, events: list[dict[str, Any]]) -> None:
    """The deliverer's bonus points of a ``delivery_bonus`` event (colour and ``min_links`` met).
    Event ``event_bonus``: ``seat``, ``points``."""
    spec = current(state)
    if spec is None or not bonus(state, colour, links):
        return
    state.players[seat].points += spec.points
    events.append({"type": "event_bonus", "seat": seat, "points": spec.points,
                   "text": f"{state.seats[seat]} gains {spec.points} point{'s' if spec.points > 1 else ''} "
                           f"more ({spec.name})."})


# ------------------------------------------------------------------ instant effects
def _cash(state: RotwState, spec: EventSpec) -> str:
    players = state.players
    if spec.per == "trailing":
        low = min(p.points for p in players)
        who = [i for i, p in enumerate(players) if p.points == low]
    else:
        who = list(range(len(players)))
    for i in who:
        p = players[i]
        amount = spec.amount * (p.bonds if spec.per == "bond" else 1)
        p.cash += amount if amount >= 0 else -min(p.cash, -amount)
    if spec.amount < 0:
        each = f"{dollars(-spec.amount)} per bond" if spec.per == "bond" else dollars(-spec.amount)
        return f"every player pays {each}, as far as their cash goes"
    names = ", ".join(state.seats[i] for i in who)
    return f"{names} receive{'s' if len(who) == 1 else ''} {dollars(spec.amount)}"


def _growth(state: RotwState, ctx: Context, spec: EventSpec, rng: Stream) -> str:
    cities = state.cities
    wanted = (spec.colour,) if spec.colour else COLOURS
    eligible = [h for h in sorted(cities) if cities[h].colour in wanted
                and transcontinental.may_grow(state, ctx.map, h)]
    rng.shuffle(eligible)
    grown = []
    for h in eligible[:spec.count]:
        cubes, removed = add_cubes(state, h, rng, 1)
        if cubes:
            grown.append(f"{ctx.map.cities[h].name} {cubes[0]}" + (" (its empty city marker is removed)"
                                                                    if removed else ""))
    return "new goods cubes: " + (", ".join(grown) or "none (no such city, or the bag is empty)")


def longest(state: RotwState, seat: int) -> int:
    """The track tiles of ``seat``'s longest complete link (0 without one)."""
    return max((len(link.hexes) for link in state.links.values() if link.owner == seat and link.to), default=0)


def _award(state: RotwState, spec: EventSpec) -> str:
    players = state.players
    if spec.by == "links":
        score = [sum(1 for link in state.links.values() if link.owner == i and link.to)
                 for i in range(len(players))]
    elif spec.by == "engine":
        score = [p.engine for p in players]
    else:
        score = [longest(state, i) for i in range(len(players))]
    top = max(score)
    if spec.by != "engine" and top == 0:
        return "nobody has a complete link yet"
    who = [i for i, s in enumerate(score) if s == top]
    for i in who:
        players[i].points += spec.points
    return f"{', '.join(state.seats[i] for i in who)} gain{'s' if len(who) == 1 else ''} {spec.points} " \
           f"point{'s' if spec.points > 1 else ''}"


def _act(state: RotwState, ctx: Context, spec: EventSpec, rng: Stream, events: list[dict[str, Any]]) -> None:
    """An instant event acts: cash, cube growth or points."""
    if spec.kind == "cash":
        what = _cash(state, spec)
    elif spec.kind == "growth":
        what = _growth(state, ctx, spec, rng)
    else:
        what = _award(state, spec)
    events.append({"type": "event_acts", "event": spec.id, "text": f"{spec.name}: {what}."})


def turn_begins(state: RotwState, ctx: Context, events: list[dict[str, Any]], rng: Stream) -> None:
    """"On Subsequent turns": the current event is discarded, the future one becomes current and
    a new one is drawn (none once the deck is used up). Events ``event_current`` (with ``text``,
    what it does) and ``event_future``; an instant event acts (``event_acts``): a current one that
    is no Future Event as it becomes current, a Future Event as it is drawn. ``rng``: the action's
    stream (cube growth)."""
    ed = of(state)
    if ed is None:
        return
    if ed.current is not None:
        ed.discard.append(ed.current)
    ed.current, ed.future = ed.future, None
    if ed.current is not None:
        spec = deck()[ed.current]
        if spec.future:
            events.append({"type": "event_current", "event": spec.id,
                           "text": f"Current event: {spec.name} (a Future Event: it acted when drawn; no event this "
                                   "turn)."})
        else:
            events.append({"type": "event_current", "event": spec.id,
                           "text": f"Current event: {spec.name}. {spec.text}"})
            if spec.kind in INSTANT:
                _act(state, ctx, spec, rng, events)
    if ed.deck:
        ed.future = ed.deck.pop(0)
        spec = deck()[ed.future]
        events.append({"type": "event_future", "event": spec.id,
                       "text": f"Future event: {spec.name}. {ahead_text(spec)}"})
        if spec.future:
            _act(state, ctx, spec, rng, events)


def describe(card: str | None, ahead: bool = False) -> dict[str, Any] | None:
    """``{"id", "name", "text", "future", "kind"}`` of an event id (``None`` for none). ``ahead``:
    it waits in the Future Event slot, so an event that acts when current says "next turn" where its
    card says "this turn" (``ahead_text``)."""
    if card is None:
        return None
    spec = deck()[card]
    return {"id": spec.id, "name": spec.name, "text": ahead_text(spec) if ahead else spec.text,
            "future": spec.future, "kind": spec.kind}


def ahead_text(spec: EventSpec) -> str:
    """The card's text as it reads from the Future Event slot: "next turn" for "this turn", unless it
    is a Future Event (which acts as it is drawn)."""
    return spec.text if spec.future else spec.text.replace("this turn", "next turn")


def view(state: RotwState) -> dict[str, Any]:
    """Public: ``{"current": describe | None, "acting": bool (the current event acts this turn; a
    Future Event acted when drawn), "future": describe | None, "deck": cards left, "discard": count}``.
    Only for a game played with the Event deck."""
    ed = of(state)
    assert ed is not None, "the view asks only where the game has an Event deck"
    return {"current": describe(ed.current), "acting": current(state) is not None,
            "future": describe(ed.future, ahead=True), "deck": len(ed.deck), "discard": len(ed.discard)}
