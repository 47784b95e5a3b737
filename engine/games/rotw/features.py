"""Map features some maps have: walls no track crosses, the Snow Line, ferry hexes (and the Ferry
Line card that builds on them) and the hexes reserved for a Western Link (``western.py``).

Sources: railways-of-the-world.txt, "RAILWAYS of GREAT BRITAIN" (Map Note: the Humber),
"RAILWAYS of NORTH AMERICA" ("Ferry Line", "Map Clarifications", "Snow Line") and "Build Western
Link". A map without them (``MapData`` defaults) builds exactly as before. Money in thousands of
dollars.
"""
from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet

from ...common.hexgrid import edge_key, neighbor
from ...common.track import MAX_TILES, BuildPlan, Spurs, plan_build
from ...core.errors import IllegalAction
from ...core.record import UNSET
from . import charters, modules, transcontinental
from .context import Context
from .data import MapData
from .periods import is_warp
from .state import Link, RotwState

SNOW_SURCHARGE = 1
"""Thousands of dollars more for each tile built north of the Snow Line ("Snow Line")."""


def crossable(mapdata: MapData, a: str, b: str) -> bool:
    """Whether track may cross the side between hexes ``a`` and ``b`` (no wall there)."""
    return not mapdata.walls or edge_key(a, b) not in mapdata.walls


def reserved(mapdata: MapData) -> dict[str, str]:
    """The Western Link hexes (hex -> its city's hex): only a Western Link is built there."""
    return {h: c for c, h in mapdata.western_link.cities.items()} if mapdata.western_link else {}


def enterable(mapdata: MapData, here: str, there: str, ferries: bool = False) -> bool:
    """Whether a walk of track may go on from ``here`` into the next hex ``there``: no wall between
    them, ``there`` is no Western Link hex, and no ferry hex unless ``ferries`` (a Ferry Line is ready)."""
    return crossable(mapdata, here, there) and there not in reserved(mapdata) and (
        ferries or there not in mapdata.ferries)


def _tiles(plan: BuildPlan) -> list[tuple[str, list[int]]]:
    return list(plan.tiles) + ([plan.redirect] if plan.redirect else [])


def check_plan(ctx: Context, plan: BuildPlan, perks: AbstractSet[str] = frozenset()) -> None:
    """Refuse a build that crosses a wall (a tile's track reaching a wall side), lays track on a
    Western Link hex, or builds on a ferry hex without a readied Ferry Line card (``perks``).
    Raises ``IllegalAction`` naming the hexes."""
    mapdata = ctx.map
    places = reserved(mapdata)
    for hexname, sides in _tiles(plan):
        for side in sides:
            other = neighbor(hexname, side)
            if not crossable(mapdata, hexname, other):
                raise IllegalAction(f"No track may cross the side between {hexname} and {other}: the map marks it "
                                    "as impassable (like the Humber estuary in Railways of Great Britain).")
        if hexname in places:
            city = mapdata.cities[places[hexname]].name
            raise IllegalAction(f"{hexname} is the Western Link hex of {city}: no track is laid there; a player whose "
                                f"complete link reaches {city} builds its Western Link instead (`western_link`).")
        if hexname in mapdata.ferries and "ferry_line" not in perks:
            raise IllegalAction(f"{hexname} is a ferry hex: track is built there only with a Ferry Line card, readied "
                                "for this build (`use_card` Ferry Line, then build).")


def planned(ctx: Context, state: RotwState, seat: int, path: list[str], toward: str | None = None,
            max_tiles: int = MAX_TILES, perks: AbstractSet[str] = frozenset(),
            board: modules.SwitchBoard | None = None, spurs: Spurs | None = None) -> BuildPlan:
    """``track.plan_build`` on this map (or ``board``: the map with a switch hex as a city,
    ``modules.switch_board``), then ``check_plan``, the Transcontinental phase's board
    (``transcontinental.check_build``), Europe's City Charters (``charters.check_plan``) and, with
    the Switch Tracks module, no track into a switch hex (``modules.check_plan``). ``spurs``:
    ``track.plan_build``'s cache. Raises ``IllegalAction``."""
    plan = plan_build(board or ctx.map, state.track, state.links, seat, path, toward, max_tiles, spurs)
    check_plan(ctx, plan, perks)
    transcontinental.check_build(state, ctx.map, [plan.start_city, plan.end_city, *(h for h, _ in _tiles(plan))])
    check_warps(ctx.map, state.links, plan)
    charters.check_plan(state, ctx, seat, plan)
    if state.modules is not UNSET and state.modules.switches:
        modules.check_plan(state, plan)
    return plan


def check_warps(mapdata: MapData, links: dict[str, Link], plan: BuildPlan) -> None:
    """Refuse a link from one time warp to another: track out of a warp must reach a city
    (railways-of-the-world.txt, "RAILWAYS through TIME", "Delivering Goods Through Time").
    Raises ``IllegalAction``."""
    far = plan.end_city or (links[plan.join].from_ if plan.join else None)
    if far is not None and is_warp(mapdata, plan.start_city) and is_warp(mapdata, far):
        raise IllegalAction("Track out of a time warp must end at a city, not at another time warp.")


def snow_tiles(mapdata: MapData, plan: BuildPlan) -> int:
    """How many tiles of the build (a redirected tile too) lie north of the Snow Line."""
    if not mapdata.snow_rows:
        return 0
    return sum(1 for hexname, _ in _tiles(plan) if mapdata.north_of_snow_line(hexname))


def snow_cost(mapdata: MapData, hexes: Iterable[str]) -> int:
    """The Snow Line surcharge in thousands for tiles in ``hexes`` (a path's tile hexes)."""
    return SNOW_SURCHARGE * sum(1 for h in hexes if mapdata.snow_rows and mapdata.north_of_snow_line(h))
