"""What the Railways of the World moves share: the seat's turn, the map, typed places and paths,
and the private preview of a build or an urbanization (a dry run of the move: its text, its cost
and bonds, the board with the path highlighted, Confirm and Cancel). Money is shown in dollars;
the engine counts thousands."""
from __future__ import annotations

from railhead.engine import IllegalAction
from railhead.engine.common.hexgrid import neighbor, normalize
from railhead.engine.common.names import fold
from railhead.engine.common.text import plural
from railhead.engine.games.rotw import prompts
from railhead.engine.games.rotw.data import WARP, city_hex, load_map

from ...replies import Button, Message, Reply
from ...ui import UIContext
from . import spending


def mapdata(view: dict):
    """The map data of the game in ``view``."""
    return load_map(view["map"])


def my_turn(ctx: UIContext) -> dict:
    """The seat's view; raises ``IllegalAction`` unless it is the seat's action now."""
    view = ctx.view()
    if not isinstance(ctx.prompt(), prompts.Action):
        raise IllegalAction("It is not your turn to act.")
    return view


def render_options(prefs: dict) -> dict:
    """Board keyword arguments for a user's settings (colour-blind aids, phone or desktop)."""
    return {"colourblind": bool(prefs.get("colourblind")), "layout": prefs.get("layout", "desktop")}


async def preview(ctx: UIContext, action: dict, title: str, highlight: list[str], blind: str = "") -> Reply:
    """A dry run of ``action``: its event and cost, with Confirm and Cancel. A dry run that hides its
    text (the move draws, as urbanizing or a Mine does, or ends the turn, whose income phase turns
    a card up) is described from the build's plan (tiles, whether the link completes, ``laid``),
    ``blind`` (what else the move does) and the claims it makes (``claims``)."""
    view = ctx.view()
    after, events = ctx.dry_run(action)
    # only the move's own payment: a move that ends the turn is followed by the income phase,
    # whose bond dividends are not the price of the move
    paying = (action["type"], "mine", "depot", "switch")          # the add-on modules pay with the build
    cost = sum(e.get("paid", 0) for e in events if e.get("seat") == ctx.seat and e.get("type") in paying)
    shown = ("build", "urbanize", "major_line", "goal", "depot", "switch", "time_line", "charter")
    what = " ".join(e["text"] for e in events if e.get("type") in shown and "text" in e)
    if after is None:
        what = " ".join(t for t in (laid(ctx, view, action), blind, claims(view, events, ctx.seat)) if t)
    text = f"**{title}**: {what}\n{spending.cost_line(view['players'][ctx.seat], cost)}"
    image = await ctx.render(view, highlight=highlight, **render_options(ctx.prefs))   # the player's settings
    return Reply(caller=Message(text, image=image, image_name="preview.png",
                                components=[Button("Confirm", action, "success"),
                                            Button("Cancel", {"type": "_cancel"})]))


def laid(ctx: UIContext, view: dict, action: dict) -> str:
    """The track a build ``action`` lays, from the engine's plan (``build_plan``): ``Ann lays 3 tiles
    and completes the link Salzburg–Linz.``; ``""`` for a move without a path or a Switch Track."""
    if action.get("type") != "build" or not action.get("path") or action.get("switch"):
        return ""
    plan = ctx.query("build_plan", path=action["path"], toward=action.get("toward"))
    name = {h: c["name"] for h, c in view["cities"].items()}
    tiles = plural(plan["tiles"], "tile")
    who = view["players"][ctx.seat]["name"]
    start = name.get(plan["from"], plan["from"])
    if plan["completes"]:
        return f"{who} lays {tiles} and completes the link {start}–{name[plan['to']]}."
    return (f"{who} lays {tiles} from {start} towards {plan['towards']} (unfinished: removed at the end of the turn "
            "unless completed before).")


def claims(view: dict, events: list[dict], seat: int) -> str:
    """What a hidden dry run's events claim for ``seat`` (their texts are hidden, their kinds are not):
    a Time Line (named), a Major Line, a goal card."""
    lines = {t["line"]: t["cities"] for t in (view.get("through_time") or {}).get("time_lines", [])}
    out = []
    for e in events:
        if e.get("seat") != seat:
            continue
        if e.get("type") == "time_line" and e.get("line") in lines:
            out.append(f"It claims the Time Line {'–'.join(lines[e['line']])}.")
        elif e.get("type") == "major_line":
            out.append("It completes a Major Line.")
        elif e.get("type") == "goal":
            out.append("It claims a goal card.")
    return " ".join(out)


WARP_WORDS = ("time warp", "timewarp", "time-warp", "warp")
"""How players name a time warp (Railways Through Time) without its hex: ``link Salzburg Time warp``."""


def bare_warp(text: str) -> bool:
    """Whether ``text`` names a time warp without saying which (``Time warp``, ``warp``)."""
    return fold(text).strip() in WARP_WORDS


def warps(mapdata) -> list[str]:
    """The hexes of the map's time warps (none on maps other than Railways Through Time)."""
    return sorted(h for h, c in mapdata.cities.items() if c.colour == WARP)


def _named(mapdata, text: str) -> str | None:
    """A city by name or hex; a warp also as ``warp P10`` or ``Time warp P10``."""
    key = fold(text).strip()
    for word in WARP_WORDS:
        if key.startswith(word + " ") and normalize(key[len(word):].strip()) in warps(mapdata):
            return normalize(key[len(word):].strip())
    return city_hex(mapdata, text)


def place(mapdata, text: str) -> str:
    """A city name or a hex name -> hex name (city names allowed at the ends of a path)."""
    hexname = _named(mapdata, text) or normalize(text)
    if hexname is None:
        raise IllegalAction(f"{text[:40]!r} is neither a hex (like C7) nor a city on this map.")
    return hexname


def city(mapdata, text: str) -> str:
    """A city by name or hex -> its hex (a time warp also as ``warp P10``); raises ``IllegalAction``
    for an unknown city or a bare ``Time warp`` (which one is ``link``'s and ``path``'s to find)."""
    hexname = _named(mapdata, text)
    if hexname is None and bare_warp(text) and warps(mapdata):
        raise IllegalAction(f"Which time warp? Name it by its hex: {', '.join(warps(mapdata))} "
                            f"(e.g. `Time warp {warps(mapdata)[0]}`).")
    if hexname is None and warps(mapdata) and ("warp" in fold(text) or normalize(text.split()[-1] if text.split()
                                                                                else "")):
        raise IllegalAction(f"There is no city or time warp {text[:40]!r} on this map; its time warps are at "
                            f"{', '.join(warps(mapdata))} (e.g. `Time warp {warps(mapdata)[0]}`).")
    if hexname is None:
        raise IllegalAction(f"There is no city called {text[:40]!r} on this map.")
    return hexname


def path(mapdata, words: list[str]) -> list[str]:
    """The hexes of a typed path; a city named in several words needs no quotes (``Praha I13 Hradec
    Kralove``): the longest run of words that names a city is that city. A bare ``Time warp`` (or
    ``warp``) at an end of the path is the time warp next to the hex beside it."""
    parts, i = [], 0
    while i < len(words):
        size = next((n for n in range(min(4, len(words) - i), 1, -1)
                     if _named(mapdata, " ".join(words[i:i + n])) is not None
                     or bare_warp(" ".join(words[i:i + n]))), 1)
        parts.append(" ".join(words[i:i + size]))
        i += size
    hexes = [None if bare_warp(p) and warps(mapdata) else place(mapdata, p) for p in parts]
    for k, h in enumerate(hexes):
        if h is None:
            near = hexes[k - 1] if k == len(hexes) - 1 and k else hexes[k + 1] if k + 1 < len(hexes) else None
            found = [w for w in warps(mapdata) if near is not None and w in {neighbor(near, s) for s in range(6)}]
            if len(found) != 1:
                raise IllegalAction("A time warp in a path goes at its start or end, next to the hex beside it; "
                                    f"or name it by its hex ({', '.join(warps(mapdata))}).")
            hexes[k] = found[0]
    return hexes
