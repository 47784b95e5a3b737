"""Steam's seats in play and the action tiles that reorder them (steam.txt, "Phase 1 – Select
Actions": First Build and First Move). Shared by the turn's phases, imported by all of them."""
from __future__ import annotations

from .state import SteamState


def active(state: SteamState) -> list[int]:
    """Seats still in the game, in turn order."""
    players = state.players
    return [s for s in state.order if not players[s].out]


def holder(state: SteamState, tile_id: str) -> int | None:
    """The seat that took ``tile_id`` (with or without the pass option) this turn."""
    return next((s for s, p in enumerate(state.players) if p.tile == tile_id and not p.out), None)


def acting(state: SteamState, tile_id: str) -> int | None:
    """The seat that took ``tile_id`` to use it (not with the pass option)."""
    s = holder(state, tile_id)
    return s if s is not None and not state.players[s].passed_tile else None


def first_then_order(state: SteamState, tile_id: str) -> list[int]:
    """Turn order, with the holder of ``tile_id`` (First Build, First Move) moved to the front."""
    order = active(state)
    first = acting(state, tile_id)
    return order if first is None else [first] + [s for s in order if s != first]
