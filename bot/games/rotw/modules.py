"""The add-on modules at the table (chosen for a new game as ``modules: mines,depots``, a group of the
engine's options: ``engine/games/rotw/options.py``): the Build Track add-ons as moves of their own
(``/rotw mine``, ``/rotw depot``, ``/rotw switch``), each previewed with Confirm and Cancel like any
build (railways-of-the-world.txt, "Mines", "Switch Tracks", "Fuel Depots", "Rotor Cities and Color
Wheel Chart"; the engine's rules are in ``engine/games/rotw/modules.py``). A Fuel Depot's stops and
the cube kept there appear in the delivery menu (``ui.deliver``). Money is shown in dollars; the
engine counts thousands.
"""
from __future__ import annotations

from railhead.engine import IllegalAction
from railhead.engine.games.rotw import actions as moves
from railhead.engine.games.rotw.money import dollars

from ...actions import plain
from ...ui import Command, Param, UIContext
from .preview import city, mapdata, my_turn, preview
from .preview import path as path_of

_CITY = "a city name (or its hex)"


def _modules(view: dict, option: str, name: str) -> dict:
    mods = view.get("modules")
    if not mods or option not in mods["options"]:
        raise IllegalAction(f"This game is played without {name}: the table chooses modules when it is made "
                            f"(`/game new modules:{option.split('_')[-1]}`).")
    return mods


def _uses(mods: dict, kind: str, seat: int, name: str) -> str:
    left = mods["left"][kind][seat]
    if left <= 0:
        raise IllegalAction(f"You have used both of your {name}s.")
    return f"{dollars(mods['costs'][kind])}; {left - 1} more left after this one"


def _words(text: str | None) -> list[str]:
    return [w for w in (text or "").replace(",", " ").replace(">", " ").split() if w]


async def _on_city(ctx: UIContext, args: dict, kind: str, option: str, name: str, blind) -> object:
    """The preview of a ``kind`` add-on (``mine``, ``depot``) on ``args["city"]``, with the track of
    ``args["path"]`` in the same build; ``blind(city name)``: the text when the dry run hides its own."""
    view = my_turn(ctx)
    mods = _modules(view, option, f"{name}s")
    board = mapdata(view)
    hexname = city(board, args["city"])
    price = _uses(mods, kind, ctx.seat, name)
    path = path_of(board, _words(args.get("path")))
    action = plain(moves.Build(path=path, mine=hexname if kind == "mine" else None,
                               depot=hexname if kind == "depot" else None))
    town = view["cities"][hexname]["name"]
    where = "on" if kind == "mine" else "in"
    return await preview(ctx, action, f"{name} {where} {town} ({price})", path or [hexname], blind(town))


async def mine(ctx: UIContext, args: dict):
    """``/rotw mine city [path]``: a private preview of a Mine on a gray city, with track laid in
    the same Build Track action when a path is given."""
    return await _on_city(ctx, args, "mine", "mines", "Mine", lambda town: (
        f"A Mine on {town}: goods cubes are drawn from the bag onto it until a colour repeats (at most 5; the "
        "repeated cube goes back)."))


async def depot(ctx: UIContext, args: dict):
    """``/rotw depot city [path]``: a private preview of a Fuel Depot (2 tokens) on a city your
    complete links reach, with track laid in the same action when a path is given."""
    return await _on_city(ctx, args, "depot", "fuel_depots", "Fuel Depot",
                          lambda town: f"A Fuel Depot with 2 tokens in {town}.")


async def switch(ctx: UIContext, args: dict):
    """``/rotw switch path``: a private preview of a Switch Track on the first hex of ``path`` (a
    tile of one of your complete links) and a new link branching from it along the path."""
    view = my_turn(ctx)
    mods = _modules(view, "switch_tracks", "Switch Tracks")
    path = path_of(mapdata(view), _words(args.get("path")))
    if len(path) < 2:
        raise IllegalAction("Give the switch hex (a tile of one of your complete links) and then the hexes of the "
                            "new branch, e.g. `J6 K6 L7 Frankfurt`.")
    price = _uses(mods, "switch", ctx.seat, "Switch Track")
    action = plain(moves.Build(switch=path[0], path=path))
    return await preview(ctx, action, f"Switch Track in {path[0]} ({price})", path)


def delivery_action(view: dict, option: dict) -> dict:
    """The ``deliver`` action of a menu entry (``ui.deliver``): with the modules, its destination
    (``to``) and a Fuel Depot's ``stop`` or ``kept`` go with it."""
    extra = {k: option[k] for k in ("stop", "kept", "to") if option.get(k)} if "modules" in view else {}
    return plain(moves.Deliver(from_=option["from"], colour=option["colour"], links=option["links"],
                               stop=bool(extra.get("stop")), kept=bool(extra.get("kept")), to=extra.get("to")))


def delivery_note(view: dict, option: dict) -> str:
    """What sets a modules delivery apart, for its menu label: a stop, a kept cube going on."""
    if option.get("stop"):
        return "; stop at your depot, go on next action"
    return "; the cube you kept (both legs score)" if option.get("kept") else ""


def hint(view: dict) -> str:
    """The add-on commands of the game's modules, for the action prompt (``""`` without them)."""
    on = (view.get("modules") or {}).get("options", [])
    words = [f"`/rotw {c}`" for c, o in (("mine", "mines"), ("depot", "fuel_depots"), ("switch", "switch_tracks"))
             if o in on]
    return f"; add-ons: {', '.join(words)}" if words else ""


def waiting(view: dict, seat: int) -> str:
    """A sentence for the seat's prompt while its cube waits at a Fuel Depot, else ``""``."""
    carried = (view.get("modules") or {}).get("carried", {}).get(str(seat))
    if not carried:
        return ""
    at = view["cities"][carried["at"]]["name"]
    return (f" Your {carried['colour']} cube waits at your Fuel Depot in {at}: deliver it on this action "
            "(`/rotw deliver`) or it goes back into the bag.")


COMMANDS = (
    Command("mine", "a Mine on a gray city ($10,000, Mines module); a path lays track too", mine,
            (Param("city", str, "the gray city", required=True, autocomplete="city"),
             Param("path", str, "track to lay in the same build (optional)", rest=True)),
            discord_description="Place a Mine on a gray city (Mines module; preview first)"),
    Command("depot", "a Fuel Depot on a city you reach ($5,000, Fuel Depots module); a path lays track too",
            depot,
            (Param("city", str, _CITY, required=True, autocomplete="city"),
             Param("path", str, "track to lay in the same build (optional)", rest=True)),
            discord_description="Build a Fuel Depot on a city your track reaches (preview first)"),
    Command("switch", "a Switch Track ($5,000): the switch hex on your link, then the branch's hexes", switch,
            (Param("path", str, "the switch hex, then the new branch's hexes (and its city)", required=True,
                   rest=True),),
            discord_description="Branch a new link off your track with a Switch Track (preview first)"),
)
