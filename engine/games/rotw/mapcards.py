"""The maps' own operations cards (issue 21): what the expansions' "New Operations Cards" add to
the deck of the maps they belong to (railways-of-the-world.txt; the cards' ``maps`` in
``data/cards/rotw/operations.toml``, our figures in docs/rules-assumptions.md, "Map operations
cards (issue 21)").

- red X: Boomtown and Sutter's Mill ("RAILWAYS of the WESTERN U.S."), Hot Spring ("RAILWAYS of
  NIPPON": taking it is followed at once by a build of the same seat, ``state.hot_spring``);
- goals: Passenger Line(s) (4 goods colours delivered; Mexico, Europe, Great Britain, Railways
  Through Time: ``state.passengers``, seat -> colours delivered while the card is face up),
  Local Campaign (a city emptied), Heavy Locomotive (engine level 4), Time Bounty (a delivery into
  a period from another); Long Distance is a network goal (``cards.check_network_goals``);
- hand cards: Tunnel Engineer (``holdings.priced``), Coal-fueled Engines and Boost
  (``holdings.upgrade_price``), Railway Inspector (``inspector.py``).

``ctx`` is the game's ``Context``. Functions raise ``IllegalAction`` with a player's sentence and
are only called on a working copy of the state.
"""
from __future__ import annotations

from typing import Any

from ...core.errors import IllegalAction
from ...core.record import UNSET
from ...core.rng import Stream
from . import cards as ops
from . import rules
from .actions import TakeCard
from .cities import add_cubes
from .context import Context
from .periods import time_data
from .state import RotwState

IMMEDIATE = ("boomtown", "sutters_mill", "hot_spring")
"""The red X effects of the map cards (taken with ``take_card``, used at once)."""


# ------------------------------------------------------------------ taking a red X map card
def do_take_card(state: RotwState, ctx: Context, seat: int, action: TakeCard, rng: Stream,
                 events: list[dict[str, Any]]) -> None:
    """Action E with the map cards: Boomtown puts a free New City tile of ``action.colour`` on the
    gray ``action.city``, without cubes; Sutter's Mill draws its cubes onto its city; Hot Spring
    makes the seat build at once (``after_action``). Any other card: ``rules.do_take_card``."""
    card = ops.face_up_card(ctx, state.cards.face_up, action.card)
    s = ops.spec(ctx, card)
    if s.effect not in IMMEDIATE:
        rules.do_take_card(state, ctx, seat, action, rng, events)
        return
    if s.effect == "boomtown":
        hexname, colour = rules.urbanize_target(state, ctx, action)
        state.new_city_tiles[colour] -= 1
        city = state.cities[hexname]
        city.colour, city.urbanized = colour, True
        rules.touched(state, [hexname])
        text = f"makes {ctx.map.cities[hexname].name} a {colour} city (a free New City tile, no goods cubes)"
    elif s.effect == "sutters_mill":
        hexname = card.split(":")[1]
        drawn, removed = add_cubes(state, hexname, rng, s.cubes)
        rules.touched(state, [hexname])
        text = f"draws {', '.join(drawn) or 'no cubes (the bag is empty)'} onto {ctx.map.cities[hexname].name}"
        if removed:
            text += " (its empty city marker is removed)"
    else:
        state.hot_spring = seat
        text = "builds track at once: +1 point for each new tile on a mountain hex (or passes to give up the build)"
    ops.spend(state, ctx, seat, card, text, events)


# ------------------------------------------------------------------ around every action
def before_action(state: RotwState, ctx: Context, seat: int, kind: str) -> dict[str, int] | None:
    """Before an action of ``kind``: after Hot Spring only a build (or a pass, giving it up) may
    follow; returns the track tile count of each hex before that build (else ``None``). Raises
    ``IllegalAction``."""
    if state.hot_spring is UNSET:
        return None
    if kind not in ("build", "pass"):
        raise IllegalAction("Hot Spring: build track now (`/rotw build` or `/rotw link`), or pass to give up "
                            "the build.")
    return {h: len(segments) for h, segments in state.track.items()}


def after_action(state: RotwState, ctx: Context, seat: int, kind: str, before: dict[str, int] | None,
                 events: list[dict[str, Any]]) -> bool:
    """After an action of ``seat``: the Hot Spring build's points, the engine goals, and whether
    play moves on to the next seat (not while a delivery waits for a Railway Inspector, nor right
    after Hot Spring is taken)."""
    if state.inspection is not UNSET:
        return False
    if state.hot_spring == seat and kind == "take_card":
        return False
    if before is not None:
        state.hot_spring = UNSET
        if kind == "build":
            hot_spring_points(state, ctx, seat, before, events)
    check_engine_goals(state, ctx, seat, events)
    return True


def hot_spring_points(state: RotwState, ctx: Context, seat: int, before: dict[str, int],
                      events: list[dict[str, Any]]) -> None:
    """"Hot Spring": 1 point per new tile laid on a mountain hex by the build (a redirected tile is
    not new)."""
    laid = [h for h, segments in state.track.items() if len(segments) > before.get(h, 0)]
    points = sum(1 for h in laid if ctx.map.terrain[h] == "mountain")
    player = state.players[seat]
    player.points += points
    events.append({"type": "goal", "seat": seat, "text": f"Hot Spring: {player.name} laid {points} tile"
                                                         f"{'s' if points != 1 else ''} on mountains, +{points} "
                                                         f"point{'s' if points != 1 else ''}."})


def check_engine_goals(state: RotwState, ctx: Context, seat: int, events: list[dict[str, Any]]) -> None:
    """"Heavy Locomotive": the first player whose engine reaches the card's level wins it."""
    for card in list(state.cards.face_up):
        s = ops.spec(ctx, card)
        if s.goal == "engine_level" and state.players[seat].engine >= s.count:
            ops.claim(state, ctx, seat, card, s.points, events)


# ------------------------------------------------------------------ after a delivery
def after_delivery(state: RotwState, ctx: Context, seat: int, origin: str, colour: str, dest: str,
                   events: list[dict[str, Any]]) -> None:
    """The delivery goals of the map cards, after ``seat`` delivered a ``colour`` cube from
    ``origin`` to ``dest``: Passenger Line(s), Local Campaign, Time Bounty."""
    for card in list(state.cards.face_up):
        s = ops.spec(ctx, card)
        if s.goal == "colours_delivered" and card in state.cards.face_up:
            passenger(state, ctx, seat, card, colour, events)
        elif s.goal == "city_cleared" and card.split(":")[1] == origin and not state.cities[origin].cubes:
            ops.claim(state, ctx, seat, card, s.points, events)
        elif s.goal == "time_bounty":
            period_of = time_data(ctx.map).period_of
            if period_of[dest] == card.split(":")[1] != period_of[origin]:
                ops.claim(state, ctx, seat, card, s.points, events)


def passenger(state: RotwState, ctx: Context, seat: int, card: str, colour: str, events: list[dict[str, Any]]) -> None:
    """"Passenger Line": the colour counts for the seat; at the card's count of colours it wins the
    card, and every player's count is cleared (the rulebook's cubes in front of the players go back
    to the bag: ours are only a count)."""
    tally = state.passengers if state.passengers is not UNSET else {}
    mine = tally.setdefault(str(seat), [])
    if colour not in mine:
        mine.append(colour)
        mine.sort()
    state.passengers = tally
    s = ops.spec(ctx, card)
    if len(mine) >= s.count:
        state.passengers = UNSET
        ops.claim(state, ctx, seat, card, s.points, events)


# ------------------------------------------------------------------ legal actions, prompts, view
def take_options(state: RotwState, ctx: Context, seat: int, card: str, grays: list[str],
                 tiles: list[str]) -> list[dict[str, Any]]:
    """The ``take_card`` actions of a face-up red X map card (Boomtown: each gray city and New City
    colour left)."""
    if ops.spec(ctx, card).effect == "boomtown":
        return [{"type": "take_card", "card": card, "city": h, "colour": c} for h in grays for c in tiles]
    return [{"type": "take_card", "card": card}]


def only_now(state: RotwState, acts: list[dict[str, Any]], build_cards: set[str]) -> list[dict[str, Any]]:
    """The legal actions while a Hot Spring build is due: builds, a pass, and readying build cards
    (the ids in ``build_cards``); ``acts`` otherwise."""
    if state.hot_spring is UNSET:
        return acts
    return [a for a in acts if a["type"] in ("build", "pass") or a["type"] == "use_card" and a["card"] in build_cards]


def prompt_note(state: RotwState) -> dict[str, bool]:
    """Added to the action prompt: ``{"hot_spring": True}`` while a Hot Spring build is due."""
    return {"hot_spring": True} if state.hot_spring is not UNSET else {}


def view(state: RotwState) -> dict[str, Any]:
    """Public: ``passengers`` (seat -> goods colours delivered towards a face-up Passenger Line),
    ``inspected`` (seats a Railway Inspector stopped: none can stop them again), ``inspection`` (a
    delivery waiting for an Inspector holder: ``{"seat", "holder", "text"}``) and ``hot_spring`` (the
    seat that builds now for Hot Spring); each only while it has something."""
    out: dict[str, Any] = {}
    if state.passengers is not UNSET:
        out["passengers"] = {k: list(v) for k, v in state.passengers.items()}
    if state.inspected is not UNSET and state.inspected:
        out["inspected"] = list(state.inspected)
    if state.inspection is not UNSET:
        pending = state.inspection
        out["inspection"] = {"seat": pending.seat, "holder": pending.asked[0], "text": pending.text}
    if state.hot_spring is not UNSET:
        out["hot_spring"] = state.hot_spring
    return out
