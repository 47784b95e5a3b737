"""Where a Railways of the World move happened, for the close view sent beside its board
(``GameUI.focus``): the hexes the engine records as the move's ``last`` (a build's path, a
delivery's cities, an urbanized or grown city), else the hexes whose track or city changed."""
from __future__ import annotations

from ...ui import moved_hexes


def close_view(ui, before: dict, after: dict, events: list[dict]) -> list[str] | None:
    """See ``GameUI.focus``: no close view for a pass, a bid, an engine upgrade or the income phase
    (nothing on the map moved)."""
    return moved_hexes(before, after, ("track", "cities"))
