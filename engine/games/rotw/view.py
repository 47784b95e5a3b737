"""What a seat may see. Railways of the World's base game has no private information,
but the order of the operations deck and the goods bag are hidden from everyone
(DESIGN.md, "Hidden information"); the seed and the engine's bookkeeping (``core``) never
leave the engine."""
from __future__ import annotations

from engine.common import auction as auc

from . import cards as ops
from .context import of
from .rules import actor, income_of


def view(state: dict, seat: int | None) -> dict:
    """JSON-ready view. Money in thousands of dollars; ``income`` is next income phase's income.
    ``last``: the hexes the last action touched (a build's path, a delivery's cities, an urbanized
    or grown city), for boards to highlight; empty after any other action and once an auction ends."""
    ctx = of(state)
    mapdata = ctx.map
    a = state["auction"]
    links = state["links"]
    players = []
    for i, p in enumerate(state["players"]):
        players.append({
            "seat": i, "name": p["name"], "cash": p["cash"], "bonds": p["bonds"], "points": p["points"],
            "income": income_of(p["points"], ctx), "engine": p["engine"],
            "links": sum(1 for link in links.values() if link["owner"] == i and link["to"]),
            "next_engine_cost": ctx.tables.engine_cost.get(p["engine"] + 1),
        })
    return {
        "game": "rotw",
        "you": seat,
        "map": mapdata.id,
        "map_name": mapdata.name,
        "options": state["options"],
        "turn": state["turn"],
        "phase": state["phase"],
        "round": state["round"],
        "first": state["first"],
        "order": state["order"],
        "actor": actor(state),
        "auction": None if a is None else {
            "high": a["high"], "high_seat": a["high_seat"], "passed": a["passed"], "bidder": auc.bidder(a),
            "order": a["order"], **({"bids": dict(a["bids"])} if "bids" in a else {}),
        },
        "players": players,
        "cities": {h: {"name": mapdata.cities[h].name, **c} for h, c in state["cities"].items()},
        "track": state["track"],
        "links": {lid: {**link, "complete": link["to"] is not None} for lid, link in links.items()},
        "markers": state["markers"],
        "end_turn": state["end_turn"],
        "new_city_tiles": state["new_city_tiles"],
        "cards": {
            "face_up": [ops.describe(ctx, c) for c in state["cards"]["face_up"]],
            "deck": len(state["cards"]["deck"]),
            "discard": len(state["cards"]["discard"]),
        },
        "bag": sum(state["bag"].values()),
        "last": list(state.get("last", [])),
    }
