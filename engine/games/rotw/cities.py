"""Goods cubes arriving at a city (urbanize, City Growth)."""
from __future__ import annotations

from ...common.goods import draw
from ...core.rng import Stream
from .state import RotwState


def add_cubes(state: RotwState, hexname: str, rng: Stream, count: int) -> tuple[list[str], bool]:
    """Draw ``count`` cubes from the bag onto the city; a city that was empty gets its empty city
    marker back into the supply (railways-of-the-world.txt, "B. URBANIZE" and "City Growth").
    Returns ``(cubes drawn, marker removed)``."""
    city = state.cities[hexname]
    cubes = draw(state.bag, rng, count)
    city.cubes = sorted(city.cubes + cubes)
    removed = bool(city.marker and city.cubes)
    if removed:
        city.marker = False
        state.markers.placed -= 1
    return cubes, removed
