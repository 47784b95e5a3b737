"""What a seat may see (DESIGN.md, "Hidden information").

Hidden until revealed: the cards a player placed (each is shown when its place is revealed), which
die sits on which card and the +1 tokens there (shown when everyone is ready), the order of the
Project pile and of the command deck. Dice are rolled in common view; who is ready is public.
"""
from __future__ import annotations

import msgspec

from . import board, data, halves, pending
from .flow import ROUNDS, slot_sum


def view(state, seat):
    step = state["step"]
    country = data.country()
    players = []
    for s, p in enumerate(state["players"]):
        mine = seat == s
        shown_dice = step == "play" or mine
        cards = []
        for i, slot in enumerate(data.SLOTS):
            revealed = step == "play" and i <= state["slot"]
            card = p["placed"][i] if (mine or revealed) else None
            entry = {"slot": slot, "card": card, "revealed": revealed}
            if p["dice"] and len(p["dice"]) == 4 and shown_dice:
                entry.update(die=p["dice"][p["assign"][i]], plus=p["plus"][i], sum=slot_sum(p, i))
            cards.append(entry)
        in_site = {"structures": 0, "tracks": 0}
        goods = {"structures": 0, "tracks": 0}
        for site in state["sites"].values():
            for kind, house in site["warehouses"].items():
                in_site[kind] += house["workers"].get(str(s), 0)
                goods[kind] += house["goods"].get(str(s), 0)
        players.append({
            "seat": s, "name": state["seats"][s], "coins": p["coins"], "ready": p["ready"],
            "hand": list(p["hand"]), "cards": cards, "dice": list(p["dice"]),
            "workers": {"union": p["union"], "facilities": p["facilities"]["workers"], "houses": p["houses"],
                        "warehouses": in_site["structures"] + in_site["tracks"]},
            "facilities": {k: p["facilities"][k] for k in data.KINDS}, "in_warehouses": goods,
            "directors": p["directors"], "reroll": p["reroll"], "plus_tokens": p["plus_tokens"],
            "rerolls_left": p["reroll"] - p["rerolls_used"] if step == "tokens" else p["reroll"],
            "tiles": dict(p["tiles"]), "marker": p["marker"], "step": country.investment.steps[p["marker"]],
            "shed": p["shed"], "baton": s == state["baton"]})
    sites = []
    for key in sorted(state["sites"], key=int):
        site = state["sites"][key]
        sites.append({"number": site["number"], "between": list(data.project(site["number"]).between),
                      "status": site["status"], "shares": dict(site["shares"]),
                      "tables": {k: {"squares": t["squares"], "blocked": t["blocked"], "placed": list(t["placed"]),
                                     "reward": t["reward"], "free": board.free_squares(t) if t["reward"] else 0}
                                 for k, t in site["tables"].items()},
                      "warehouses": {k: {"workers": dict(h["workers"]), "goods": dict(h["goods"])}
                                     for k, h in site["warehouses"].items()}})
    c = state["commands"]
    turn = state["turn"]
    return {
        "game": "workers", "you": seat, "round": state["round"], "rounds": ROUNDS, "phase": state["phase"],
        "step": step, "baton": state["baton"],
        "slot": data.SLOTS[state["slot"]] if step == "play" else None,
        "order": list(state["order"]) if step == "play" else [],
        "turn": None if turn is None else {
            **{k: turn[k] for k in ("seat", "card", "sum", "top", "bottom", "command", "passed", "discount",
                                    "free_share")},
            "sum_now": halves.effective_sum(turn),
            "free_invest": bool(turn["grant"]) and "invest" not in turn.get("grant_used", []),
            "grant_subsidy": bool(turn["grant"]) and "subsidy" not in turn.get("grant_used", [])},
        "usable_commands": halves.usable_commands(state, seat) if seat is not None else [],
        "players": players, "sites": sites, "projects_left": len(state["projects"]),
        "map": {"cities": [{"name": x.name, "lat": x.lat, "lon": x.lon} for x in country.city],
                "projects": [{"number": p.number, "between": list(p.between), "in_play": p.number in state["in_play"]}
                             for p in country.project]},
        "trains": [dict(t) for t in state["trains"]], "table_trains": [dict(t) for t in state["table_trains"]],
        "market": {k: {"side": side, "price": getattr(country.market, side)[k]} for k, side in state["market"].items()},
        "investment": {"steps": list(country.investment.steps), "visited": list(state["visited"])},
        "subsidy": {"dice": list(state["subsidy_dice"]),
                    "table": [{"face": x.face, "tiles": list(x.tiles), "coins": x.coins} for x in country.subsidy]},
        "commands": {"available": [_command(n) for n in c["available"]],
                     "unavailable": _command(c["unavailable"]) if c["unavailable"] else None,
                     "deck": len(c["deck"])},
        "tokens": dict(state["tokens"]), "question": pending.prompt(state),
        "final": msgspec.to_builtins(state["final"]),
    }


def _command(number: int) -> dict:
    card = data.commands()[number]
    return {"number": number, "name": card.name, "symbols": list(card.symbols), "text": card.text}
