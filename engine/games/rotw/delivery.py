"""Delivering goods cubes (railways-of-the-world.txt, "D. DELIVER GOODS CUBE"), with the add-on
modules' routes (``routing.py``: rotor cities, Fuel Depots, Switch Track branches) when they are
on, and the continuation of a cube kept at a Fuel Depot ("Fuel Depots"). Every function raises
``IllegalAction`` with a player's sentence and is only called on a copy of the state.
"""
from __future__ import annotations

from ...common.routes import check_route
from ...core.errors import IllegalAction
from ...core.record import UNSET
from ...core.rng import Stream
from . import cards as ops
from . import eventdeck, holdings, mapcards, modules, routing, timetravel, western
from .actions import Deliver
from .context import Context
from .data import city_hex
from .periods import time_of
from .rules import place_marker, touched
from .state import RotwState
from .timetravel import check_time_route


def do_deliver(state: RotwState, ctx: Context, seat: int, action: Deliver, events: list,
               rng: Stream | None = None) -> None:
    """railways-of-the-world.txt, "D. DELIVER GOODS CUBE"; a red cube from a built Western Link city
    to the market draws 2 cubes there with ``rng`` ("Build Western Link", ``western.after_delivery``).
    With the add-on modules the route is ``routing.check``'s: rotors, depots and switch branches;
    ``kept``: the cube kept at a Fuel Depot goes on (``do_continue``)."""
    mapdata = ctx.map
    if action.kept:
        do_continue(state, ctx, seat, action, events, rng)
        return
    origin = city_hex(mapdata, action.from_)
    if origin is None:
        raise IllegalAction(f"There is no city called {action.from_!r} on this map.")
    colour = action.colour
    city = state.cities[origin]
    if colour not in city.cubes:
        have = ", ".join(city.cubes) or "no cubes"
        raise IllegalAction(f"{mapdata.cities[origin].name} has no {colour} cube (it has {have}).")
    player = state.players[seat]
    time = time_of(mapdata)                     # before the modules: only mines go with it
    if time is not None:                          # Railways Through Time: own track, jumps through time
        if action.stop or action.to is not None:
            raise IllegalAction("`stop` and `to` are for the Fuel Depots and Switch Tracks modules, which Railways "
                                "Through Time is played without.")
        warps = time.warps()
        passed = check_time_route(state.links, origin, colour, list(action.links), player.engine, seat,
                                  lambda h: state.cities[h].colour, lambda h: mapdata.cities[h].name,
                                  time.period_of, warps)
        city.cubes.remove(colour)
        arrive(state, ctx, seat, origin, colour, list(action.links), passed, [], events, rng,
               marker=lambda: None if city.cubes else place_marker(state, ctx, origin, events),
               jumps=timetravel.jumps(list(action.links), state.links, warps))
        return
    if state.modules is not UNSET:
        if action.stop and not modules.on(state, "fuel_depots"):
            raise IllegalAction("Only with the Fuel Depots module (option `fuel_depots`) may a cube stop on its way.")
        leg = routing.check(state, ctx, seat, origin, colour, list(action.links), player.engine, action.stop,
                            action.to)
        routing.use_through(state, leg)
        city.cubes.remove(colour)
        if action.stop:
            routing.keep(state, ctx, seat, origin, colour, leg, None, events)
            touched(state, [origin, *leg["cities"]])
        else:
            arrive(state, ctx, seat, origin, colour, leg["links"], leg["cities"], leg["through"], events, rng)
        if not city.cubes:
            place_marker(state, ctx, origin, events)
        return
    if action.stop or action.kept or action.to is not None:
        raise IllegalAction("`stop`, `kept` and `to` are for games with the add-on modules (Fuel Depots, Switch "
                            "Tracks).")
    passed = check_route(
        state.links, origin, colour, list(action.links), player.engine, seat,
        colour_of=lambda h: state.cities[h].colour, name_of=lambda h: mapdata.cities[h].name,
    )
    city.cubes.remove(colour)
    arrive(state, ctx, seat, origin, colour, list(action.links), passed, [], events, rng,
           marker=lambda: None if city.cubes else place_marker(state, ctx, origin, events))


def arrive(state: RotwState, ctx: Context, seat: int, origin: str, colour: str, link_ids: list, passed: list[str],
           through: list[str], events: list, rng: Stream | None, marker=None, continued: bool = False,
           jumps: int = 0) -> None:
    """The cube (already off its city) reaches ``passed[-1]``: back into the bag, a point per link
    to each link's owner, then the Western Link market, ``marker`` (the origin's empty city marker),
    a rotor's turn, hotels and goals ("D. DELIVER GOODS CUBE"; the map cards' goals: ``mapcards``).
    ``jumps``: jumps through time, each making its two links (both the mover's) count as one
    ("Delivering Goods Through Time")."""
    mapdata = ctx.map
    player = state.players[seat]
    state.bag[colour] += 1
    gains: dict[int, int] = {}
    for lid in link_ids:
        owner = state.links[str(lid)].owner
        gains[owner] = gains.get(owner, 0) + 1
    if jumps:
        gains[seat] -= jumps
    counted = len(link_ids) - jumps
    for owner, points in gains.items():
        state.players[owner].points += points
    dest = passed[-1]
    touched(state, [origin, *passed])
    scored = ", ".join(f"{state.seats[o]} +{p}" for o, p in sorted(gains.items()))
    event: dict = {"type": "deliver", "seat": seat,
                   "text": f"{player.name} delivers a {colour} cube {mapdata.cities[origin].name} → "
                           f"{' → '.join(mapdata.cities[h].name for h in passed)} "
                           f"({counted} link{'s' if counted > 1 else ''}"
                           f"{', through time' if jumps else ''}): {scored}."}
    if through:
        event["depots"] = list(through)
        event["text"] += f" Fuel Depot tokens used in {', '.join(mapdata.cities[h].name for h in through)}."
    if continued:
        event["continued"] = True
    events.append(event)
    eventdeck.after_delivery(state, seat, colour, counted, events)
    if rng is not None:
        western.after_delivery(state, ctx, origin, colour, dest, rng, events)
    if marker is not None:
        marker()
    modules.turn_rotor(state, ctx, dest, events)
    holdings.hotels_after_delivery(state, ctx, dest, events)
    ops.check_goals(state, ctx, seat, counted, dest, events, through_time=bool(jumps))
    mapcards.after_delivery(state, ctx, seat, origin, colour, dest, events)


def do_continue(state: RotwState, ctx: Context, seat: int, action: Deliver, events: list,
                rng: Stream | None = None) -> None:
    """railways-of-the-world.txt, "Fuel Depots": the cube kept at the seat's depot goes on (one of
    that depot's tokens is used), up to the engine level of links more, and every link of all its
    legs scores now; it may stop again at another depot of the seat's. Raises ``IllegalAction``."""
    mods = state.modules
    raw = mods.carried.get(str(seat)) if mods is not UNSET else None
    if mods is UNSET or raw is None:
        raise IllegalAction("You have no goods cube waiting at a Fuel Depot.")
    carried = raw
    at = carried.at
    if city_hex(ctx.map, action.from_) != at or action.colour != carried.colour:
        raise IllegalAction(f"Your kept cube is a {carried.colour} cube at {ctx.map.cities[at].name}: give that "
                            "city as `from` and that colour.")
    if modules.tokens(state, seat, at) < 1:
        raise IllegalAction(f"Your Fuel Depot in {ctx.map.cities[at].name} has no token left.")
    leg = routing.check(state, ctx, seat, at, carried.colour, list(action.links), state.players[seat].engine,
                        action.stop, action.to, first_own=False, before=(carried.origin, *carried.cities[:-1]),
                        before_links=tuple(carried.links))
    modules.use_token(state, at)
    routing.use_through(state, leg)
    del mods.carried[str(seat)]
    if action.stop:
        routing.keep(state, ctx, seat, carried.origin, carried.colour, leg, carried, events)
        touched(state, [at, *leg["cities"]])
        return
    arrive(state, ctx, seat, carried.origin, carried.colour, [*carried.links, *leg["links"]],
           [*carried.cities, *leg["cities"]], [at, *leg["through"]], events, rng, continued=True)
