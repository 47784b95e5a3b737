"""What a seat may see (DESIGN.md, "Hidden information").

Hidden until revealed: the cards a player placed (each is shown when its place is revealed), which
die sits on which card and the +1 tokens there (shown when everyone is ready), the order of the
Project pile and of the command deck. Dice are rolled in common view; who is ready is public.
"""
from __future__ import annotations

import msgspec

from ...core.record import UNSET
from . import board, data, halves, pending
from .flow import ROUNDS, slot_sum
from .state import WorkersState


def view(state: WorkersState, seat: int | None) -> dict:
    """What ``seat`` sees (``None``: a spectator, the channel), as plain JSON (see the module's
    docstring for what stays hidden)."""
    step = state.step
    country = data.country()
    players = []
    for s, p in enumerate(state.players):
        mine = seat == s
        shown_dice = step == "play" or mine
        cards: list[dict] = []
        for i, slot in enumerate(data.SLOTS):
            revealed = step == "play" and i <= state.slot
            card = p.placed[i] if (mine or revealed) else None
            entry = {"slot": slot, "card": card, "revealed": revealed}
            if p.dice and len(p.dice) == 4 and shown_dice:
                entry.update(die=p.dice[p.assign[i]], plus=p.plus[i], sum=slot_sum(p, i))
            cards.append(entry)
        in_site = {"structures": 0, "tracks": 0}
        goods = {"structures": 0, "tracks": 0}
        for site in state.sites.values():
            for kind, house in site.warehouses.by_kind():
                in_site[kind] += house.workers.get(str(s), 0)
                goods[kind] += house.goods.get(str(s), 0)
        players.append({
            "seat": s, "name": state.seats[s], "coins": p.coins, "ready": p.ready,
            "hand": list(p.hand), "cards": cards, "dice": list(p.dice),
            "workers": {"union": p.union, "facilities": p.facilities.workers, "houses": p.houses,
                        "warehouses": in_site["structures"] + in_site["tracks"]},
            "facilities": {k: p.facilities.of(k) for k in data.KINDS}, "in_warehouses": goods,
            "directors": p.directors, "reroll": p.reroll, "plus_tokens": p.plus_tokens,
            "rerolls_left": p.reroll - p.rerolls_used if step == "tokens" else p.reroll,
            "tiles": dict(p.tiles.by_kind()), "marker": p.marker, "step": country.investment.steps[p.marker],
            "shed": p.shed, "baton": s == state.baton})
    sites = []
    for key in sorted(state.sites, key=int):
        site = state.sites[key]
        sites.append({"number": site.number, "between": list(data.project(site.number).between),
                      "status": site.status, "shares": dict(site.shares),
                      "tables": {k: {"squares": t.squares, "blocked": t.blocked, "placed": list(t.placed),
                                     "reward": t.reward, "free": board.free_squares(t) if t.reward else 0}
                                 for k, t in site.tables.by_kind()},
                      "warehouses": {k: {"workers": dict(h.workers), "goods": dict(h.goods)}
                                     for k, h in site.warehouses.by_kind()}})
    c = state.commands
    turn = state.turn
    return {
        "game": "workers", "you": seat, "round": state.round, "rounds": ROUNDS, "phase": state.phase,
        "step": step, "baton": state.baton,
        "slot": data.SLOTS[state.slot] if step == "play" else None,
        "order": list(state.order) if step == "play" else [],
        "turn": None if turn is None else {
            "seat": turn.seat, "card": turn.card, "sum": turn.sum, "top": turn.top, "bottom": turn.bottom,
            "command": turn.command, "passed": turn.passed, "discount": turn.discount, "free_share": turn.free_share,
            "sum_now": halves.effective_sum(turn),
            "free_invest": turn.grant and (turn.grant_used is UNSET or "invest" not in turn.grant_used),
            "grant_subsidy": turn.grant and (turn.grant_used is UNSET or "subsidy" not in turn.grant_used)},
        "usable_commands": halves.usable_commands(state, seat) if seat is not None else [],
        "players": players, "sites": sites, "projects_left": len(state.projects),
        "map": {"cities": [{"name": x.name, "lat": x.lat, "lon": x.lon} for x in country.city],
                "projects": [{"number": p.number, "between": list(p.between), "in_play": p.number in state.in_play}
                             for p in country.project]},
        "trains": msgspec.to_builtins(state.trains), "table_trains": msgspec.to_builtins(state.table_trains),
        "market": {k: {"side": side, "price": getattr(country.market, side)[k]} for k, side in state.market.by_kind()},
        "investment": {"steps": list(country.investment.steps), "visited": list(state.visited)},
        "subsidy": {"dice": list(state.subsidy_dice),
                    "table": [{"face": x.face, "tiles": list(x.tiles), "coins": x.coins} for x in country.subsidy]},
        "commands": {"available": [_command(n) for n in c.available],
                     "unavailable": _command(c.unavailable) if c.unavailable else None,
                     "deck": len(c.deck)},
        "tokens": msgspec.to_builtins(state.tokens), "question": pending.prompt(state),
        "final": msgspec.to_builtins(state.final),
    }


def _command(number: int) -> dict:
    """A command card as the view shows it: number, name, symbols, text."""
    card = data.commands()[number]
    return {"number": number, "name": card.name, "symbols": list(card.symbols), "text": card.text}
