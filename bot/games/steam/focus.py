"""Where a Steam move happened, for the close view sent beside its board (``GameUI.focus``):
the view's ``last`` hexes (a tile laid, a city grown or urbanized, a delivery's route), else the
hexes whose track or city changed, when they are few (goods growth fills cities everywhere)."""
from __future__ import annotations

from ...ui import moved_hexes


def close_view(ui, before: dict, after: dict, events: list[dict]) -> list[str] | None:
    """See ``GameUI.focus``: no close view for a bid, a tile chosen or an income/VP choice."""
    return moved_hexes(before, after, ("track", "cities"))
