"""What a seat may see in Steam: everything but the goods bag's contents and the seed. Money in
dollars, points VP."""
from __future__ import annotations

from typing import Any

import msgspec

from ...core.record import UnsetType
from . import build, flow
from .build import SteamBoard
from .context import of
from .seats import active, holder
from .standard import capitals, skips
from .state import Scoring, SteamState


def view(state: SteamState, seat: int | None) -> dict[str, Any]:
    """JSON-ready view: players (cash, income, VP, locomotive, action tile), cities with cubes,
    the goods supply spaces, New City tiles left, track tiles left, track and links, the phase and
    whose move it is, and the pending income/VP choices. ``cities[h]["supply"]``: its goods supply
    space (a number, a New City's letter, 0 for none); ``production_spaces``: the empty goods supply
    spaces Production may fill (whose cubes can still reach the map); ``takes``: each player's last
    choice for track points (``"income"`` or ``"vp"``, by seat), offered first next time; ``last``:
    the hexes the last move touched (a tile laid, a city grown or urbanized, a delivery's route);
    ``final``: the score table at the end."""
    mapdata, rules = of(state)
    board = SteamBoard(mapdata, state)
    names = {t.id: t.name for t in rules.action}
    players = []
    for i, p in enumerate(state.players):
        links = sum(1 for link in state.links.values() if link.owner == i and link.to is not None)
        players.append({"seat": i, "name": p.name, "cash": p.cash, "income": p.income, "vp": p.vp,
                        "loco": p.loco, "out": p.out, "links": links,
                        "tile": p.tile, "tile_name": None if p.tile is None else names.get(p.tile),
                        "passed_tile": p.passed_tile, "loco_done": p.loco_done})
    b = state.build
    m = state.move
    s = state.scoring
    a = state.auction
    bids = state.bidding
    return {
        "game": "steam",
        "you": seat,
        "map": mapdata.id,
        "map_name": mapdata.name,
        "options": msgspec.to_builtins(state.options),
        "turn": state.turn,
        "turns": state.turns,
        "locomotive_max": rules.locomotive_max,
        "phase": state.phase,
        "order": state.order,
        "players": players,
        "actor": flow.actor(state),
        "cities": {h: {"name": board.name(h), **msgspec.to_builtins(c),
                       "supply": mapdata.cities[h].supply if h in mapdata.cities else c.tile}
                   for h, c in state.cities.items()},
        "towns": {h: x.town for h, x in mapdata.hexes.items() if x.town and h not in state.cities},
        "supply": state.supply,
        "production_spaces": build.production_spaces(state, mapdata),
        "new_cities": [{"letter": x, "colour": rules.new_city_colours["ABCDEFGH".index(x)]}
                       for x in state.new_cities],
        "tiles": state.tiles,
        "track": msgspec.to_builtins(state.track),
        "links": {lid: {**msgspec.to_builtins(link), "complete": link.to is not None}
                  for lid, link in state.links.items()},
        "action_tiles": [{"id": t.id, "name": t.name, "value": t.value, "cost": t.cost, "text": t.text,
                          "pass_option": t.pass_option, "holder": holder(state, t.id)}
                         for t in flow.tiles_for(state, rules)],
        "build": None if b is None else {"seat": b.seat, "laid": b.laid, "limit": b.limit,
                                         "todo": b.todo, "order": b.order},
        "move": None if m is None else {"round": m.round, "order": m.order, "seat": m.order[m.at]
                                        if m.at < len(m.order) else None},
        "scoring": None if s is None else {"points": s.points, "waiting": _waiting(s)},
        "auction": None if a is None else {
            "place": len(a.placed) + 1, "placed": a.placed,
            "high": a.order.high, "high_seat": a.order.high_seat, "passed": a.order.passed},
        "capital": None if state.capital is None or isinstance(state.capital, UnsetType) else [
            s for s in active(state) if capitals(state).get(str(s), 0) is None],
        "bidding": None if bids is None or isinstance(bids, UnsetType) else {
            "high": bids.high, "high_seat": bids.high_seat,
            "dropped": bids.dropped, "bids": bids.bids, "skip": skips(state)},
        "takes": {str(i): p.take for i, p in enumerate(state.players) if isinstance(p.take, str) and p.take},
        "bag": sum(state.bag.values()),
        "last": [] if isinstance(state.last, UnsetType) else list(state.last),
        "final": flow.final_scores(state, rules)["table"] if state.phase == "over" else None,
    }


def _waiting(scoring: Scoring) -> list[int]:
    """The seats still placing a delivery's track points, in the settling order (the mover first,
    then turn order; seat order for states saved before it was kept), whatever order a stored
    state's keys come back in."""
    order = scoring.order if not isinstance(scoring.order, UnsetType) and scoring.order else sorted(
        int(k) for k in scoring.points)
    return [s for s in order if str(s) in scoring.points and str(s) not in scoring.choices]
