"""Questions that help the player phrase a move (``Game.query``), read from the state: the solo
player may see all of it.

``build_spaces``: where a Building die is worth building, best first (railways-solo.txt, "Build
a Building": a die joins the adjacent buildings' kind, or becomes a Leisure building alone).
"""
from __future__ import annotations

from typing import Any

from ...core.errors import IllegalAction
from .board import board, coords
from .rules import build_kind
from .state import RailwaysState


def build_spaces(state: RailwaysState) -> list[list[str]]:
    """``[[space, what it does], ...]``: the empty spaces off marked links where a Building die may
    go, those completing links first, then those growing a building, then the rest in reading
    order; ``what`` is e.g. ``"C building, completes 1 link, grows a building"``."""
    now = board(state.layout, state.built)
    marked = {cell for lid, link in now.links.items() if lid in state.markers for cell in link.cells}
    found = []
    for space in now.spaces:
        if now.is_building(space) or space in marked:
            continue
        try:
            kind = build_kind(now, space)
        except IllegalAction:
            continue
        after = board(state.layout, {**state.built, space: kind})
        gained = len(set(after.links) - set(now.links))
        grows = any(now.is_building(n) for n in now.neighbours(space))
        what = f"{kind} building" + (f", completes {gained} link{'s' if gained > 1 else ''}" if gained else "") + \
            (", grows a building" if grows else "")
        found.append((-gained, -grows, coords(space)[1], coords(space)[0], space, what))
    return [[f[4], f[5]] for f in sorted(found)]


def query(state: RailwaysState, name: str, args: dict[str, Any]) -> Any:
    """Answer question ``name`` (only ``build_spaces``, without arguments). Raises
    ``IllegalAction`` for another question."""
    if name == "build_spaces":
        return build_spaces(state)
    raise IllegalAction(f"Railways has no question {name!r}.")
