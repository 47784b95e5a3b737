"""The Western Link in the bot (railways-of-the-world.txt, "RAILWAYS of the EASTERN U.S.", "Build
Western Link"): ``/rotw western`` and a button per Western Link city the player may build now.

The move costs $30,000 on the Eastern U.S. (the map's ``western_link.cost``, thousands of dollars in
the view), more than anyone holds early on, so it always asks first: what it does, what it costs,
the bonds it issues, and Confirm/Cancel (``spending.confirm``).
"""
from __future__ import annotations

from railhead.engine import IllegalAction
from railhead.engine.games.rotw import actions as moves
from railhead.engine.games.rotw import prompts
from railhead.engine.games.rotw.data import city_hex, load_map
from railhead.engine.games.rotw.money import dollars

from ...actions import plain
from ...replies import Button, Reply
from ...ui import UIContext
from . import spending


def buildable(view: dict, seat: int) -> list[dict]:
    """The Western Link cities of ``view`` (``view["western_link"]["cities"]`` entries) that
    ``seat`` may build now: not built yet, and reached by one of the seat's complete links. Empty
    on a map without a Western Link."""
    wl = view.get("western_link")
    if not wl:
        return []
    mine = [link for link in view["links"].values() if link["owner"] == seat and link["complete"]]
    return [c for c in wl["cities"] if c["owner"] is None and any(c["city"] in (k["from"], k["to"]) for k in mine)]


def question(ctx: UIContext, city: dict) -> Reply:
    """The private Confirm question of building ``city``'s Western Link (an entry of
    ``view["western_link"]["cities"]``). Raises ``IllegalAction`` when the engine would refuse."""
    view = ctx.view()
    wl = view["western_link"]
    action = plain(moves.WesternLink(city=city["city"]))
    paid, _bonds = spending.bonds_of(ctx, action)
    text = (f"**Build the Western Link of {city['name']}**: {wl['cubes']} red goods cubes come onto "
            f"{city['name']}, and every red cube delivered from it to {wl['market_name']} draws 2 new cubes "
            f"there. {spending.cost_line(view['players'][ctx.seat], paid)}")
    return spending.confirm(text, action)


async def western(ctx: UIContext, args: dict) -> Reply:
    """``/rotw western [city]``: build a Western Link (your action), after a Confirm. Without a city,
    the one you can build if there is exactly one; raises ``IllegalAction`` saying which cities
    have one and what is missing."""
    view = ctx.view()
    wl = view.get("western_link")
    if not wl:
        raise IllegalAction("This map has no Western Link (the Eastern U.S. has).")
    if not isinstance(ctx.prompt(), prompts.Action):
        raise IllegalAction("It is not your turn to act.")
    open_ = buildable(view, ctx.seat)
    if args.get("city"):
        hexname = city_hex(load_map(view["map"]), args["city"])
        city = next((c for c in wl["cities"] if c["city"] == hexname), None)
        if city is None:
            raise IllegalAction(f"{args['city'][:40]!r} has no Western Link; the Western Link cities are "
                                f"{', '.join(c['name'] for c in wl['cities'])}.")
        return question(ctx, city)
    if len(open_) == 1:
        return question(ctx, open_[0])
    if open_:
        raise IllegalAction("Name the city: " + ", ".join(c["name"] for c in open_) + ".")
    raise IllegalAction(f"You need a complete link of your own into a Western Link city not yet built "
                        f"({', '.join(c['name'] for c in wl['cities'] if c['owner'] is None) or 'none left'}) "
                        f"to build its Western Link ({dollars(wl['cost'])}).")


def offers(view: dict, seat: int) -> list[Button]:
    """The action round's buttons: "Western Link: Kansas City ($30,000)" per city the seat may build,
    each asking first through ``/rotw western``."""
    wl = view.get("western_link")
    return [Button(f"Western Link: {c['name']} ({dollars(wl['cost'])})",
                   {"type": "_cmd", "name": "western", "args": {"city": c["city"]}})
            for c in buildable(view, seat)]
