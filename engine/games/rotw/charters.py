"""Europe's charters (railways-of-the-world.txt, "RAILWAYS of EUROPE", "New Operations Cards"):
Capital Charter and City Charter, one card per city (``capital_charters`` and ``city_charters`` in
``data/cards/rotw/maps.toml``), each kept for the game by the player who takes it (no symbol).

- Capital Charter: its holder gains 1 point for every link completed to or from its city after
  the card was taken, whoever builds it (``after_link``).
- City Charter: once taken, no other player may build track into its city: no new link starting
  there and no link ending there (``check_plan``); track into the city built before it was taken
  stays and may be finished.

Card ids are ``"capital-charter:<city hex>"`` and ``"city-charter:<city hex>"``; a map without
them (every map but Europe) is untouched. ``ctx`` is the game's ``Context``.
"""
from __future__ import annotations

from typing import Any

from ...common.track import BuildPlan
from ...core.errors import IllegalAction
from .context import Context
from .state import Link, RotwState

CAPITAL = "capital-charter"
CITY = "city-charter"


def holder(state: RotwState, kind: str, city: str) -> int | None:
    """The seat holding the ``kind`` charter (``CAPITAL`` or ``CITY``) of city hex ``city``, or ``None``."""
    card = f"{kind}:{city}"
    return next((seat for seat, p in enumerate(state.players) if card in p.cards), None)


def barred(state: RotwState, ctx: Context, seat: int, city: str | None) -> int | None:
    """The seat whose City Charter keeps ``seat`` out of ``city`` (a hex), or ``None``."""
    if city is None or city not in ctx.map_cards.city_charters:
        return None
    owner = holder(state, CITY, city)
    return owner if owner is not None and owner != seat else None


def check_plan(state: RotwState, ctx: Context, seat: int, plan: BuildPlan) -> None:
    """"City Charter": refuse ``seat``'s build that starts a new link at, or completes a link into,
    a city whose City Charter another player holds. Raises ``IllegalAction``."""
    if not ctx.map_cards.city_charters:
        return
    for city in ((plan.start_city if plan.link is None else None), plan.end_city):
        owner = barred(state, ctx, seat, city)
        if city is not None and owner is not None:
            raise IllegalAction(f"{state.seats[owner]} holds the City Charter of {ctx.map.cities[city].name}: "
                                "nobody else may build track into it.")


def after_link(state: RotwState, ctx: Context, link: Link, events: list[dict[str, Any]]) -> None:
    """"Capital Charter": a link just completed to or from a charter's city scores 1 point for the
    card's holder. Event ``charter`` (``seat``, ``city``)."""
    if not ctx.map_cards.capital_charters:
        return
    for city in (link.from_, link.to):
        if city is None or city not in ctx.map_cards.capital_charters:
            continue
        owner = holder(state, CAPITAL, city)
        if owner is None:
            continue
        player = state.players[owner]
        player.points += 1
        events.append({"type": "charter", "seat": owner, "city": city,
                       "text": f"{player.name}'s Capital Charter of {ctx.map.cities[city].name}: a new link "
                               "there, +1 point."})
