"""What the player sees of a Railways state (everything: it is a solo game; the pool shows
its top card's map side, as the physical pool does). JSON-ready, for the bot and the renderer.
"""
from __future__ import annotations

import msgspec

from .board import HEIGHT, WIDTH, label
from .data import cards
from .rules import DECADES, MARKERS, board_of
from .state import RailwaysState


def view(state: RailwaysState, seat: int | None) -> dict:
    """``grid``: 8 strings of 10 space characters (built Building dice shown as their kind);
    ``links``: complete rail links with ``marker``/``upgraded``; ``dangling``: rail runs that
    are not links yet; ``buildings``: ``{id, kind, spaces, passengers}``; ``dice``: space ->
    ``{n, kind}``; ``hand``: cards with their four slots of icons; tracks in their own steps."""
    b = board_of(state)
    deck = cards()
    grid = ["".join(b.spaces[label(c, r)] for c in range(WIDTH)) for r in range(HEIGHT)]
    links = [{"id": lid, "cells": list(link.cells), "ends": list(link.ends), "length": link.length,
              "kinds": [b.spaces[e] for e in link.ends], "marker": lid in state.markers,
              "upgraded": bool(state.markers.get(lid))} for lid, link in sorted(b.links.items())]
    buildings = [{"id": bid, "kind": b.kind[bid], "spaces": list(spaces),
                  "passengers": sum(state.dice[s].n for s in spaces if s in state.dice)}
                 for bid, spaces in b.members.items()]
    final = msgspec.to_builtins(state.final)
    return {
        "game": "railways", "you": seat, "players": [{"seat": 0, "name": state.seats[0]}],
        "phase": state.phase, "decade": state.decade, "decades": DECADES, "action": state.actions + 1,
        "layout": [{"number": n, "name": deck[n].name} for n in state.layout],
        "grid": grid, "built": dict(state.built), "links": links,
        "dangling": [list(run) for run in b.dangling], "buildings": buildings,
        "dice": {s: {"n": d.n, "kind": d.kind} for s, d in sorted(state.dice.items())},
        "hand": [{"number": n, "name": deck[n].name, "slots": [list(s) for s in deck[n].slots]}
                 for n in state.hand],
        "pool": {"count": len(state.pool), "next": state.pool[0] if state.pool else None},
        "discard": list(state.discard),
        "capital": state.capital, "profit": state.profit, "pollution": state.pollution,
        "workers": state.workers, "markers_left": MARKERS - len(state.markers),
        "spare_dice": state.spare_dice, "building_dice": list(state.building_dice),
        "place_left": list(state.place_left),
        "objective": state.options.objective, "combine": list(state.options.combine),
        "delivered": dict(state.delivered), "moved": state.moved,
        "score_now": state.profit + 3 * len(state.markers) - state.pollution,
        "final": final,
    }
