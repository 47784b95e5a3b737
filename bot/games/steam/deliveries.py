"""Steam's deliveries for the table: the menus of the cubes a seat can deliver, each with the
track points every owner gets, the mover's own income or VP chosen in the same pick (issue 31:
a delivery took `deliver`, a pick and an Income/VP button). Money in dollars, points VP."""
from __future__ import annotations

from ...discord_limits import BUTTON_LABEL_MAX
from ...replies import OPTION_TEXT, Button, Option, Select, shorten
from ...ui import UIContext


def node_name(view: dict, h: str) -> str:
    """The name of a city or town by its hex (the hex itself when it is neither)."""
    if h in view["cities"]:
        return view["cities"][h]["name"]
    return view["towns"].get(h, h)


def delivery_label(view: dict, act: dict, room: int = OPTION_TEXT) -> str:
    """A delivery's menu label, e.g. ``red cube: Milano → Torino``; longer than ``room``
    characters, the places between the first two and the last are left out (``red cube: Genova →
    Alessandria → … → Bologna``), never the destination."""
    city, names = act["from"], [node_name(view, act["from"])]
    for lid in act["links"]:
        link = view["links"][str(lid)]
        city = link["to"] if link["from"] == city else link["from"]
        names.append(node_name(view, city))
    for keep in range(len(names) - 1, 0, -1):
        shown = names if keep == len(names) - 1 else [*names[:keep], "…", names[-1]]
        text = f"{act['colour']} cube: {' → '.join(shown)}"
        if len(text) <= room:
            return text
    return shorten(f"{act['colour']} cube to {names[-1]}", room)


def track_points(view: dict, act: dict) -> dict[int, int]:
    """The track points a delivery gives each owner of its links, by seat (unowned links: none)."""
    out: dict[int, int] = {}
    for lid in act["links"]:
        owner = view["links"][str(lid)]["owner"]
        if owner is not None:
            out[owner] = out.get(owner, 0) + 1
    return out


def seat_deliveries(ctx: UIContext, origin: str | None = None, colour: str | None = None) -> list[dict]:
    """The seat's legal deliveries (from ``origin``, of ``colour``), most points for the seat first."""
    view = ctx.view()
    acts = [a for a in ctx.legal_actions() if a["type"] == "deliver" and (origin is None or a["from"] == origin)
            and (not colour or a["colour"] == colour)]
    acts.sort(key=lambda a: (-track_points(view, a).get(ctx.seat, 0), -len(a["links"]), a["from"], a["colour"]))
    return acts


def _takes(view: dict, seat: int) -> tuple[str, str]:
    """Income and VP, always in that order (so ``pick 1.N`` and ``pick 2.N`` keep their meaning;
    a play-test's ``pick 2.1`` changed sides when the menus followed the last choice)."""
    return ("income", "vp")


def _last_take(view: dict, seat: int) -> str:
    """The seat's last choice of how to take its track points (income before any choice)."""
    return "vp" if view.get("takes", {}).get(str(seat)) == "vp" else "income"


_AS = {"income": "as income", "vp": "as VP"}


def delivery_offers(ctx: UIContext, acts: list[dict]) -> list[Button | Select]:
    """The deliveries with the mover's track points chosen in the same pick: one delivery, a button
    for each choice (*+2 income: red cube: Milano → Torino*; the seat's last choice highlighted);
    several, a menu for each choice, income first (the other owners still choose theirs). Empty
    beyond 25 deliveries (then **Deliver…** narrows them)."""
    view = ctx.view()
    if not acts or len(acts) > 25:
        return []
    takes = _takes(view, ctx.seat)
    if len(acts) == 1:
        a, mine = acts[0], track_points(view, acts[0]).get(ctx.seat, 0)
        route = delivery_label(view, a, BUTTON_LABEL_MAX - 12)
        return [Button(f"+{mine} {'income' if t == 'income' else 'VP'}: {route}", {**a, "take": t},
                       "primary" if t == _last_take(view, ctx.seat) else "success") for t in takes]
    names = [p["name"] for p in view["players"]]
    menus = []
    for t in takes:
        options = []
        for a in acts:
            pts = track_points(view, a)
            mine = f"{len(a['links'])} link(s): you +{pts.get(ctx.seat, 0)} {_AS[t][3:]}"
            others = [f"{names[s]} {p}" for s, p in sorted(pts.items()) if s != ctx.seat]
            said = f"{mine}; {', '.join(others)} choose theirs"
            if len(said) > OPTION_TEXT:                   # long names: the count of other scorers
                said = f"{mine}; {len(others)} other owner(s) choose theirs"
            options.append(Option(delivery_label(view, a), {**a, "take": t}, said if others else mine))
        menus.append(Select(f"Deliver, your points {_AS[t]}", options))
    return menus
