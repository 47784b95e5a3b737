"""What a seat may see. The order of the operations deck and the goods bag are hidden from
everyone (DESIGN.md, "Hidden information"); baron cards are seen by their owner until they are
shown; with ``hidden_money`` (railways-of-the-world.txt, "Bonds and Money") each player's cash is
seen only by that player until the game is over (bonds stay public; the public view, from which
the channel's messages and board are made, has no one's cash). The seed and the engine's
bookkeeping (``core``) never leave the engine."""
from __future__ import annotations

from typing import Any

import msgspec

from ...common import auction as auc
from ...common.auction import Auction
from ...core.record import UNSET
from . import barons, eventdeck, holdings, inspector, mapcards, modules, periods, timelines, transcontinental, western
from . import cards as ops
from .bidding import actor, pass_cost
from .context import of
from .rules import baron_results, income_of
from .scoring import final_scores
from .state import Barons, RotwState


def view(state: RotwState, seat: int | None) -> dict:
    """JSON-ready view. Money in thousands of dollars (``cash`` is ``None`` for the other players
    when money is hidden, until the end); ``income`` is next income phase's income;
    ``next_engine_cost``: the next upgrade's price with the upgrade cards readied (``None`` at 8).
    ``players[i]["cards"]``: the operations cards they keep (public), each with ``used`` (a
    once-per-turn card used this turn) and ``ready`` (a hand card readied for this action's build).
    ``major_lines``: ``holdings.major_lines_view``. ``bounties`` (the Service Bounty variant): the
    waiting row in order and ``wake``, the turn at whose end the next one becomes active.
    ``auction`` (during one): ``high``, ``high_seat``, ``passed``, ``bidder``, ``order``, and where
    passes pay, each seat's ``bids`` and what passing now costs each seat still in (``pass_costs``,
    ``bidding.pass_cost``). ``actor``: the seat that acts now (a Railway Inspector's holder while a
    delivery waits for them). ``last``: the hexes the last action touched (a build's path, a
    delivery's cities, an urbanized or grown city), for boards to highlight; empty after any other
    action and once an auction ends.
    ``western_link`` (``western.view``) and the map's ``walls``, ``snow_rows`` and ``ferries``
    (``features_view``) appear only on maps that have them. ``modules`` (``modules.view``) only in a
    game with an add-on module on: mines, depots, switches, rotors, kept cubes and uses left; a
    Switch Track's branch is a link whose ``from`` is the switch hex (not a city). The map cards'
    ``passengers``, ``inspected``, ``inspection`` and ``hot_spring``: ``mapcards.view``.
    ``transcontinental`` (``transcontinental.view``) only on that map: the phase, the boundary
    between the boards and the bonds still to be returned; ``income`` there keeps its floor.
    ``events`` (``eventdeck.view``) only with the Event deck: the current and future events (public);
    ``income`` and ``next_engine_cost`` include this turn's event. ``final`` (once the game is
    over): the final score, ``scoring.final_scores`` (the game's outcome) without ``scores`` (its
    keys are seats: the rows of ``table`` hold them), which every place showing the final score
    reads."""
    ctx = of(state)
    mapdata = ctx.map
    a = state.auction
    links = state.links
    players = []
    hidden = state.options.hidden_money is True and state.phase != "over"
    for i, p in enumerate(state.players):
        players.append({
            "seat": i, "name": p.name, "cash": None if hidden and i != seat else p.cash,
            "bonds": p.bonds, "points": p.points,
            "income": eventdeck.income(state, transcontinental.income(state, ctx, i, income_of(p.points, ctx),
                                                                      record=False)),
            "engine": p.engine,
            "links": sum(1 for link in links.values() if link.owner == i and link.to),
            "next_engine_cost": None if p.engine >= 8 else holdings.upgrade_price(
                state, ctx, i, eventdeck.engine_price(state, ctx.tables.engine_cost[p.engine + 1]), spend=False)[0],
            "cards": [{**ops.describe(ctx, c), "used": c in p.used, "ready": c in p.armed} for c in p.cards],
        })
    return {
        "game": "rotw",
        "you": seat,
        "map": mapdata.id,
        "map_name": mapdata.name,
        "options": msgspec.to_builtins(state.options, order="sorted"),
        "turn": state.turn,
        "phase": state.phase,
        "round": state.round,
        "first": state.first,
        "order": state.order,
        "actor": inspector.prompt(state)["seat"] if state.inspection is not UNSET else actor(state),
        "auction": None if a is None else auction_view(state, a),
        "players": players,
        "cities": {h: {"name": mapdata.cities[h].name, **msgspec.to_builtins(c)} for h, c in state.cities.items()},
        "track": msgspec.to_builtins(state.track, order="sorted"),
        "links": {lid: {**msgspec.to_builtins(link), "complete": link.to is not None} for lid, link in links.items()},
        "markers": msgspec.to_builtins(state.markers, order="sorted"),
        "end_turn": state.end_turn,
        "new_city_tiles": state.new_city_tiles,
        "cards": {
            "face_up": [ops.describe(ctx, c) for c in state.cards.face_up],
            "deck": len(state.cards.deck),
            "discard": len(state.cards.discard),
        },
        "major_lines": holdings.major_lines_view(state, ctx),
        **({"bounties": {"row": [ops.describe(ctx, c) for c in state.bounties.row],
                         "wake": state.bounties.wake}} if state.bounties is not UNSET else {}),
        "bag": sum(state.bag.values()),
        "last": list(state.last),
        **({"barons": baron_view(state, state.barons, seat)} if state.barons is not UNSET else {}),
        **({"western_link": western.view(state, ctx)} if ctx.map.western_link else {}),
        **({"modules": modules.view(state)} if state.modules is not UNSET else {}),
        **(features_view(mapdata) if mapdata.walls or mapdata.snow_rows or mapdata.ferries else {}),
        **({"through_time": time_view(state, mapdata)} if state.time_lines is not UNSET else {}),
        **mapcards.view(state),
        **({"transcontinental": transcontinental.view(state, mapdata)} if state.transcontinental is not UNSET
           else {}),
        **({"events": eventdeck.view(state)} if eventdeck.on(state) else {}),
        **({"final": {k: v for k, v in final_scores(state).items() if k != "scores"}}
           if state.phase == "over" else {}),
    }


def auction_view(state: RotwState, a: Auction) -> dict:
    """The open auction ``a`` (see ``view``): ``high``, ``high_seat``, ``passed``, ``bidder``, ``order``;
    where passes pay, ``bids`` and ``pass_costs``."""
    out: dict[str, Any] = {"high": a.high, "high_seat": a.high_seat, "passed": a.passed,
           "bidder": auc.bidder(a), "order": a.order}
    if a.bids is not UNSET:
        out.update(bids=dict(a.bids), pass_costs={str(s): pass_cost(state, s) for s in a.order if s not in a.passed})
    return out


def time_view(state: RotwState, mapdata) -> dict:
    """Railways Through Time ("RAILWAYS through TIME"): ``periods`` (each board's ``id``, ``name``,
    ``years``, ``origin`` [column, row] of its top-left hex, ``size`` [columns, rows] and
    ``warps``: hexes) and ``time_lines`` (``timelines.view``)."""
    time = periods.time_data(mapdata)
    size = [periods.load_board(time.periods[0].id).columns, periods.load_board(time.periods[0].id).rows]
    names = {h: c.name for h, c in mapdata.cities.items()}
    return {"periods": [{"id": p.id, "name": p.name, "years": p.years, "origin": list(p.origin), "size": size,
                         "warps": list(p.warps)} for p in time.periods],
            "time_lines": timelines.view(state, time, names)}


def features_view(mapdata) -> dict:
    """The map's static features for boards and the bot: ``walls`` (edge keys ``"G5|H6"``),
    ``snow_rows`` (rows 1..N lie north of the Snow Line, +$1,000 a tile) and ``ferries`` (ferry
    hexes, built on only with a Ferry Line card). Present only on maps that have any."""
    return {"walls": sorted(mapdata.walls), "snow_rows": mapdata.snow_rows, "ferries": sorted(mapdata.ferries)}


def baron_view(state: RotwState, b: Barons, seat: int | None) -> dict:
    """Public: who still chooses, the cards shown (a met Pullman-like goal) and, at the end,
    everyone's card (in the variant, if nobody chose, the one that scores). The seat's own: its two
    cards until it keeps one, then its kept card; ``later``: the variant, choosing after the first
    Major Line. ``b``: the state's barons."""
    over = state.phase == "over"
    final = baron_results(state) if over else {}
    shown = {}
    for s in range(len(state.seats)):
        kept = b.kept[str(s)]
        if over:                       # Transcontinental: both kept barons in one entry (``barons.final``)
            card = {k: final[s][k] for k in ("id", "name", "text", "points")} if "barons" in final[s] \
                else _card(final[s]["id"])
            shown[s] = {**card, "met": final[s]["met"]}
        elif shown_id := barons.shown_card(state, s):      # an engine race met (``barons.shown_card``)
            shown[s] = _card(shown_id)
    out: dict = {"choosing": barons.choosing(state), "shown": {str(s): c for s, c in shown.items()}}
    if b.later is True:
        out["later"] = True
    if seat is not None:
        kept = b.kept[str(seat)]
        out["yours"] = _card(kept) if kept else None
        out["hand"] = [] if kept else [_card(x) for x in b.hands[str(seat)]]
        if b.east:
            east = b.east[str(seat)]
            assert east is not None, "the Western phase begins once every Eastern baron is kept"
            out["east"] = _card(east)
    return out


def _card(baron_id: str) -> dict:
    card = barons.deck()[baron_id]
    return {"id": card.id, "name": card.name, "text": card.text, "points": card.points}
