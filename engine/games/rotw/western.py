"""The Western Link: an action building a network west of the map's edge, and the market city's
new cubes for red cubes delivered from the West (railways-of-the-world.txt, "RAILWAYS of the
EASTERN U.S.", "Build Western Link").

The map's ``western_link`` (``data.WesternLink``) names the market city, the cost (thousands of
dollars), the red cubes placed and each Western Link city with its hex. The state holds
``western_links``: Western Link city hex -> the seat that built it (present only on maps with a
Western Link; a city absent from it is not built yet).
"""
from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.record import UNSET
from ...core.rng import Stream
from .actions import WesternLink
from .cities import add_cubes
from .context import Context
from .data import city_hex
from .money import pay, pay_text
from .state import RotwState


def _names(ctx: Context, hexes) -> str:
    return ", ".join(ctx.map.cities[h].name for h in hexes)


def _built(state: RotwState) -> dict[str, int]:
    """Western Link city hex -> the seat that built it (empty on a map without Western Links)."""
    return {} if state.western_links is UNSET else state.western_links


def reaches(state: RotwState, seat: int, city: str) -> bool:
    """Whether ``seat`` owns a complete link into city hex ``city``."""
    return any(link.owner == seat and link.to and city in (link.from_, link.to)
               for link in state.links.values())


def buildable(state: RotwState, ctx: Context, seat: int) -> list[str]:
    """The Western Link cities (hexes) ``seat`` may build now: not built yet, and reached by one of
    the seat's complete links."""
    wl = ctx.map.western_link
    if wl is None:
        return []
    built = _built(state)
    return [c for c in sorted(wl.cities) if c not in built and reaches(state, seat, c)]


def do_western_link(state: RotwState, ctx: Context, seat: int, action: WesternLink, rng: Stream, events: list) -> None:
    """railways-of-the-world.txt, "Build Western Link": a player with a complete link into a Western
    Link city builds its Western Link (once per city, by one player) for the map's cost ($30,000),
    issuing bonds as needed; their locomotive marks the Western Link hex and the map's red cubes (4)
    are taken from the bag onto the city (as many as the bag still holds). Raises ``IllegalAction``."""
    wl = ctx.map.western_link
    if wl is None:
        raise IllegalAction("This map has no Western Link.")
    hexname = city_hex(ctx.map, action.city or "")
    if hexname is None:
        raise IllegalAction(f"There is no city called {action.city!r} on this map.")
    name = ctx.map.cities[hexname].name
    if hexname not in wl.cities:
        raise IllegalAction(f"{name} has no Western Link; the Western Link cities are "
                            f"{_names(ctx, sorted(wl.cities))}.")
    built = state.western_links
    assert built is not UNSET, "setup records the Western Links of a map that has them"
    if hexname in built:
        raise IllegalAction(f"The Western Link of {name} is already built (by {state.seats[built[hexname]]}); "
                            "each is built once.")
    if not reaches(state, seat, hexname):
        raise IllegalAction(f"To build the Western Link of {name} you first need a complete link of your own "
                            f"into {name}.")
    player = state.players[seat]
    issued = pay(player, wl.cost, ctx.tables.money.bond)
    built[hexname] = seat
    placed = min(wl.cubes, state.bag["red"])
    state.bag["red"] -= placed
    city = state.cities[hexname]
    city.cubes = sorted(city.cubes + ["red"] * placed)
    text = f"{player.name} builds the Western Link of {name} ({wl.cities[hexname]}); " \
           f"{pay_text('', wl.cost, issued).strip()}. "
    if placed == wl.cubes:
        text += f"{placed} red cubes are placed on {name}."
    elif placed:
        text += f"Only {placed} red cube{'s' if placed > 1 else ''} {'are' if placed > 1 else 'is'} left in the " \
                f"bag: {'they are' if placed > 1 else 'it is'} placed on {name} (not {wl.cubes})."
    else:
        text += f"No red cube is left in the bag, so none is placed on {name}."
    if city.marker and city.cubes:
        city.marker = False
        state.markers.placed -= 1
        text += " Its empty city marker is removed."
    state.touched = [hexname, wl.cities[hexname]]
    events.append({"type": "western_link", "seat": seat, "city": hexname, "paid": wl.cost, "bonds": issued,
                   "cubes": placed, "text": text})


def after_delivery(state: RotwState, ctx: Context, origin: str, colour: str, destination: str, rng: Stream,
                   events: list) -> None:
    """"Build Western Link": a red cube delivered from a Western Link city whose link is built to the
    market city draws 2 random cubes onto the market (called after the delivered cube is back in
    the bag)."""
    wl = ctx.map.western_link
    if wl is None or colour != "red" or destination != wl.market or origin not in _built(state):
        return
    drawn, removed = add_cubes(state, wl.market, rng, 2)
    market = ctx.map.cities[wl.market].name
    text = f"A red cube from the West reaches {market}: new cubes {', '.join(drawn) or 'none (the bag is empty)'}"
    if removed:
        text += "; its empty city marker is removed"
    events.append({"type": "western_market", "city": wl.market, "cubes": drawn, "text": text + "."})


def view(state: RotwState, ctx: Context) -> dict | None:
    """``{"market", "market_name", "cost", "cubes", "cities": [{"city", "name", "hex", "owner"}]}``
    (hexes; ``owner`` the seat that built it or ``None``), or ``None`` on a map without one."""
    wl = ctx.map.western_link
    if wl is None:
        return None
    built = _built(state)
    return {"market": wl.market, "market_name": ctx.map.cities[wl.market].name, "cost": wl.cost, "cubes": wl.cubes,
            "cities": [{"city": c, "name": ctx.map.cities[c].name, "hex": h, "owner": built.get(c)}
                       for c, h in sorted(wl.cities.items())]}
