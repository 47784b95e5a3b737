"""Questions the bot asks to help a player phrase a move (``Game.query``); answers use only
public information (Railways of the World has no private information besides the hidden
deck order and goods bag, which no answer touches)."""
from __future__ import annotations

from itertools import islice

from ...common.hexgrid import normalize
from ...core.errors import IllegalAction
from ...core.record import UNSET
from . import bidding, eventdeck, holdings, paths, periods, routing, search
from .context import Context
from .data import city_hex
from .money import bonds_needed
from .state import RotwState


def _city(ctx: Context, ref) -> str:
    hexname = city_hex(ctx.map, ref or "") if isinstance(ref, str) else None
    if hexname is None:
        raise IllegalAction(f"There is no city called {ref!r} on this map.")
    return hexname


def _deliveries(state: RotwState, seat: int):
    """The seat's deliveries for a menu: with the add-on modules (not through time) the Fuel
    Depots' stops and kept cubes too (``routing.menu``)."""
    if state.modules is not UNSET and not periods.is_composed(state.options.map):
        return routing.menu(state, seat)
    return search.iter_deliveries(state, seat)


def price(state: RotwState, ctx: Context, seat: int, kind: str) -> dict:
    """What the seat's ``kind`` move (``"pass"`` in the first-player auction, ``"upgrade"``) would
    cost it now, without playing it: ``{"paid": thousands, "bonds": bonds issued to pay it}``.
    A pass pays half the seat's own bid where the bidding style says so (``bidding.pass_cost``); an
    upgrade pays the next engine level's price with this turn's event and the readied upgrade cards
    (``holdings.upgrade_price``); bonds as ``money.pay`` issues them (railways-of-the-world.txt,
    "Bonds"). Raises ``IllegalAction`` for another kind, or an upgrade past level 8."""
    player = state.players[seat]
    if kind == "pass":
        paid = bidding.pass_cost(state, seat) if state.phase == "auction" else 0
    elif kind == "upgrade":
        if player.engine >= 8:
            raise IllegalAction("Your engine is already at level 8, the highest.")
        cost = eventdeck.engine_price(state, ctx.tables.engine_cost[player.engine + 1])
        paid = holdings.upgrade_price(state, ctx, seat, cost, spend=False)[0]
    else:
        raise IllegalAction(f"No price is quoted for {kind!r}: only `pass` and `upgrade`.")
    return {"paid": paid, "bonds": bonds_needed(player.cash, paid, ctx.tables.money.bond)}


def query(state: RotwState, ctx: Context, seat: int | None, name: str, args: dict):
    """``cheapest_link`` (``from``, ``to``: cities by hex or name) -> ``{"path": [hexes], "cost":
    thousands}``; ``build_plan`` (``path``: hexes as a build takes them, ``toward`` optional) ->
    ``paths.plan_summary`` (tiles, completes, ends); ``deliveries`` (``from``, ``colour`` optional
    filters, ``limit``, default 2000) -> deliver actions with ``"to"`` and ``"points"`` (``{seat:
    points}``, with the Event deck's bonus for the mover, ``eventdeck.with_bonus``; an embargoed
    colour left out); with the add-on modules also the Fuel Depot stops and continuations
    (``stop``, ``kept``) and ``"cities"`` (the hexes the cube passes: a Switch Track's branch is no
    city-to-city link); ``can_deliver`` -> bool; ``price`` (``action``: ``pass`` or ``upgrade``) ->
    ``{"paid", "bonds"}`` (``price``), so a button can say it issues bonds without a dry run.
    Raises ``IllegalAction`` for an unknown question
    or city, or when no single build links the cities (saying why: ``paths.why_no_link``)."""
    if seat is None:
        raise IllegalAction("Only a seated player can ask that.")
    if name == "cheapest_link":
        path, cost = paths.cheapest_link(state, ctx, seat, _city(ctx, args.get("from")), _city(ctx, args.get("to")))
        return {"path": path, "cost": cost}
    if name == "build_plan":
        path = [normalize(h) or h for h in args.get("path") or []]
        return paths.plan_summary(state, ctx, seat, path, normalize(args["toward"]) if args.get("toward") else None)
    if name == "deliveries":
        origin = _city(ctx, args["from"]) if args.get("from") else None
        colour = (args.get("colour") or "").lower()
        wanted = (o for o in _deliveries(state, seat) if (origin is None or o["from"] == origin)
                  and (not colour or o["colour"] == colour) and eventdeck.allowed(state, [o]))
        found = list(islice(wanted, int(args.get("limit") or 2000)))
        if periods.is_composed(state.options.map):      # a jump through time counts once: no preview
            return found
        return [eventdeck.with_bonus(state, seat, o) for o in found]
    if name == "price":
        return price(state, ctx, seat, str((args.get("action") or {}).get("type")))
    if name == "can_deliver":
        return next((o for o in _deliveries(state, seat) if eventdeck.allowed(state, [o])), None) is not None
    raise IllegalAction(f"Railways of the World has no question {name!r}.")
