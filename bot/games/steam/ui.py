"""Steam for the table: ``/steam ...`` in Discord, ``steam ...`` at the local table.

The UI sees views, legal actions and dry runs, never the raw state. Action tiles are chosen from
a menu; a track tile is chosen from menus (``build_menus.py``: a hex, then the way) or typed, and
previewed (its cost and the board with the hex outlined) before Confirm; deliveries come as a menu
naming each owner's track points; every player who scores chooses income or VP by buttons, all at
once. Money in dollars.
"""
from __future__ import annotations

from typing import TypeVar

from railhead.engine import IllegalAction
from railhead.engine.common.hexgrid import SIDES
from railhead.engine.core import Action
from railhead.engine.core.prompts import Prompt
from railhead.engine.games.steam import actions as moves
from railhead.engine.games.steam import prompts
from railhead.engine.games.steam.data import available_maps, load_map, place
from railhead.engine.games.steam.options import Options
from railhead.render import steam as render_steam

from ...actions import plain
from ...game_options import EngineOptions
from ...program_spec import ProgramSpec, program_button, program_command
from ...replies import Apply, Button, Message, Option, Reply, Select, private
from ...ui import Command, GameUI, Param, UIContext, not_deliverable
from . import build_menus
from .deliveries import delivery_offers, node_name, seat_deliveries
from .focus import close_view

SIDE_HELP = "exits as hex sides: E SE SW W NW NE"


def render_options(prefs: dict) -> dict:
    """Board keyword arguments for a user's settings: ``colourblind`` (bool) and ``layout``."""
    return {"colourblind": bool(prefs.get("colourblind")), "layout": prefs.get("layout", "desktop")}


P = TypeVar("P", bound=Prompt)

NOT_NOW: dict[type[Prompt], str] = {prompts.Build: "It is not your turn to build.",
                                    prompts.Move: "It is not your turn to move goods.",
                                    prompts.Select: "It is not your turn to choose an action tile."}
"""The refusal of a command whose prompt the caller does not have now."""


def _prompt(ctx: UIContext, kind: type[P]) -> P:
    """The caller's prompt when it is of class ``kind``; else ``IllegalAction`` (``NOT_NOW``)."""
    prompt = ctx.prompt()
    if not isinstance(prompt, kind):
        raise IllegalAction(NOT_NOW.get(kind, "Not now."))
    return prompt


def _hex(view: dict, text: str) -> str:
    found = place(load_map(view["map"]), text)
    if found is None:
        raise IllegalAction(f"{text[:40]!r} is neither a hex (like F7) nor a city or town of this map.")
    return found


def _exits(text: str) -> list[str]:
    words = [w.upper() for w in text.replace(",", " ").split()]
    bad = [w for w in words if w not in SIDES]
    if bad or not words:
        raise IllegalAction(f"Give the {SIDE_HELP} (e.g. `W E`); {bad[0] if bad else 'none'!r} is not one.")
    return words


async def _preview(ctx: UIContext, action: dict, hexname: str) -> Reply:
    view = ctx.view()
    after, events = ctx.dry_run(action)
    what = " ".join(e["text"] for e in events if e.get("type") == "build" and "text" in e)
    before = view["players"][ctx.seat]
    now = after["players"][ctx.seat] if after else before
    money = f"Cash ${before['cash']} → ${now['cash']}"
    if now["income"] != before["income"]:
        money += f"; **income {before['income']} → {now['income']}** (money raised)"
    heads = build_menus.heading(after, hexname, ctx.seat) if after else ""
    if heads:
        what = what.rstrip(".") + f"; {heads}."
    image = await ctx.render(after or view, highlight=[hexname], **render_options(ctx.prefs))
    return Reply(caller=Message(f"**Build preview**: {what}\n{money}.", image=image, image_name="preview.png",
                                components=[Button("Confirm", action, "success"),
                                            Button("Cancel", {"type": "_cancel"})]))


def _place_and_exits(view: dict, args: dict) -> tuple[str, list[str]]:
    """The hex and the sides of ``build``/``redirect`` (no sides: ``[]``); words before the first
    side name go on with the place's name (typed without quotes: ``build Reggio Emilia W SE``)."""
    words = args.get("exits", "").replace(",", " ").split()
    first = next((i for i, w in enumerate(words) if w.upper() in SIDES), len(words))
    if first and place(load_map(view["map"]), " ".join([args["hex"], *words[:first]])) is not None:
        hexname, words = _hex(view, " ".join([args["hex"], *words[:first]])), words[first:]
    else:
        hexname = _hex(view, args["hex"])
    return hexname, _exits(" ".join(words)) if words else []


async def build(ctx: UIContext, args: dict) -> Apply | Reply:
    """``build F7 W E``: a piece of track joining two sides; in a town, the town tile's exits.
    Typed whole like that, it is built at once (``game undo`` takes it back) unless paying for it
    would lower your income (money raised) or ``preview`` is asked (the menus' ways do): then a
    preview asks first. ``build`` alone: the menu of
    hexes (``page``); ``build F7``: the menu of the ways in F7 (a way chosen there is previewed)."""
    _prompt(ctx, prompts.Build)
    if not args.get("hex"):
        return build_menus.hex_menu(ctx, args.get("page", 1))
    hexname, exits = _place_and_exits(ctx.view(), args)
    if not exits:
        ways = build_menus.priced(ctx.query("track_costs"), "build", hexname)
        if len(ways) == 1:
            return await _preview(ctx, ways[0][0], hexname)
        return build_menus.ways_menu(ctx, hexname, ways)
    action = plain(moves.Build(hex=hexname, exits=exits))
    after, _ = ctx.dry_run(action)                      # refused here with the rules' own sentence
    if not args.get("preview") and after is not None and \
            after["players"][ctx.seat]["income"] == ctx.view()["players"][ctx.seat]["income"]:
        return Apply(action)          # typed whole: no second line to confirm (play-test: 70 `click 1`s a game)
    return await _preview(ctx, action, hexname)


async def redirect(ctx: UIContext, args: dict) -> Reply:
    """``redirect F7 W NE``: the last tile of an unfinished link, turned; without sides, the menu."""
    _prompt(ctx, prompts.Build)
    if not args.get("hex"):
        return build_menus.redirect_menu(ctx, page=args.get("page", 1))
    hexname, exits = _place_and_exits(ctx.view(), args)
    if not exits:
        return build_menus.redirect_menu(ctx, hexname)
    return await _preview(ctx, plain(moves.Redirect(hex=hexname, exits=exits)), hexname)


async def tile(ctx: UIContext, args: dict) -> Apply | Reply:
    """``tile`` alone lists the action tiles at any time (with the menu on your turn to choose);
    ``tile engineer`` takes one."""
    if not args.get("tile"):
        return private(tiles_text(ctx.view()), components=tile_menu(ctx), open=True)     # all public
    _prompt(ctx, prompts.Select)
    return Apply(plain(moves.Select(tile=args["tile"], pass_option=bool(args.get("pass_option")))))


def _pointless_pass(view: dict, tile: dict) -> bool:
    """A free tile's pass option in the base game: no cost and no action to skip, so the same."""
    return not tile["cost"] and not view["options"]["standard"]


def tiles_text(view: dict) -> str:
    """The action tiles, one line each: value, name, cost in dollars, pass option, text, holder."""
    lines = ["**Action tiles** (value sets next turn's order, lowest first):"]
    for t in view["action_tiles"]:
        holder = f" — taken by {view['players'][t['holder']]['name']}" if t["holder"] is not None else ""
        option = ", pass option" if t["pass_option"] and not _pointless_pass(view, t) else ""
        lines.append(f"{t['value']}. **{t['name']}** (${t['cost']}{option}): {t['text']}{holder}")
    return "\n".join(lines)


def tile_menu(ctx: UIContext) -> list[Select]:
    """The legal ``select`` actions as menus of action tiles (pass options only where they differ)."""
    options = []
    for act in ctx.legal_actions():
        if act["type"] != "select":
            continue
        t = next(x for x in ctx.view()["action_tiles"] if x["id"] == act["tile"])
        if act.get("pass_option"):
            if _pointless_pass(ctx.view(), t):
                continue
            options.append(Option(f"{t['name']}: pass option ($0, no action)", act,
                                  "Only its place in the order"))
        else:
            options.append(Option(f"{t['name']} (${t['cost']})", act, t["text"]))
    return build_menus.selects("Choose an action tile", options)


async def deliver(ctx: UIContext, args: dict) -> Apply | Reply:
    """The legal deliveries, most points for you first, each owner's points shown, your own track
    points chosen in the same pick (a menu for income, one for VP); with a city, a colour and
    ``take`` that leave one delivery, that delivery at once."""
    _prompt(ctx, prompts.Move)
    view = ctx.view()
    origin = _hex(view, args["from"]) if args.get("from") else None
    acts = seat_deliveries(ctx, origin, args.get("colour"))
    others = seat_deliveries(ctx) if not acts and (origin or args.get("colour")) else []
    if others:
        return private(not_deliverable(view, origin, args.get("colour"), len(others), "/steam deliver"))
    if not acts:
        return private("No delivery is possible for you now: a cube needs complete links to a city of its colour, "
                       f"at most your locomotive level ({view['players'][ctx.seat]['loco']}) of them, at least one "
                       "yours and no other player's more often than yours.")
    if len(acts) == 1 and args.get("take"):
        return Apply({**acts[0], "take": args["take"]})
    if len(acts) > 25:
        more = f" (the best 25 of {len(acts)}; narrow with `from:` or `colour:`)"
        acts = acts[:25]
    else:
        more = ""
    return private(f"Choose a goods cube to deliver and how you take your track points{more}:",
                   components=delivery_offers(ctx, acts))


def _cmd(name: str, action: Action, description: str) -> Command:
    async def handler(ctx: UIContext, args: dict) -> Apply:
        return Apply(plain(action))
    return Command(name, description, handler)


def _upcoming(view: dict) -> int | None:
    """The turn whose turn-order auction comes next in the standard game (capital is raised first;
    after the last turn's income the game ends), or ``None``."""
    if not view["options"].get("standard") or view["phase"] in ("order", "over", "auction"):
        return None
    if view["phase"] == "capital":
        return view["turn"]
    return view["turn"] + 1 if view["turn"] < view["turns"] else None


PROGRAMS = ProgramSpec(
    # the standard game's turn-order auction (engine/games/steam/standard.py; docs/rules-assumptions.md)
    auction=lambda view: view["turn"] if view["phase"] == "order" and view["bidding"] is not None else None,
    upcoming=_upcoming,
    out=lambda view, seat: seat in view["bidding"]["dropped"],
    money=lambda amount: f"${amount}",
    # capital "if you wish" at the start of each standard turn: none is its pass
    passes={"capital": plain(moves.Capital(steps=0))},
    passes_text="raise no capital")
"""Programmed moves (bot/table/programs.py): the standard game's turn-order auction, and capital."""


async def bid(ctx: UIContext, args: dict) -> Apply:
    """``/steam bid``: bid ``amount`` dollars in the turn-order auction (the engine checks it)."""
    return Apply(plain(moves.Bid(amount=args["amount"])))


async def grow(ctx: UIContext, args: dict) -> Apply:
    """``/steam grow``: City Growth on ``city`` (a hex or name); raises ``IllegalAction`` for an unknown place."""
    return Apply(plain(moves.Grow(city=_hex(ctx.view(), args["city"]))))


async def urbanize(ctx: UIContext, args: dict) -> Apply | Reply:
    """``urbanize Lodi A``; without the tile, the menu of the New City tiles left."""
    view = ctx.view()
    if not args.get("tile"):
        _prompt(ctx, prompts.Build)
        return build_menus.new_city_menu(view, _hex(view, args["town"]))
    return Apply(plain(moves.Urbanize(town=_hex(view, args["town"]), tile=args["tile"])))


async def produce(ctx: UIContext, args: dict) -> Apply | Reply:
    """``produce 3 A``; one space while two are empty: the menu of the second."""
    spaces = args["spaces"].replace(",", " ").upper().split()
    view = ctx.view()
    if len(spaces) == 1 and len(view["production_spaces"]) > 1:
        _prompt(ctx, prompts.Build)
        return build_menus.second_space_menu(view, spaces[0])
    return Apply(plain(moves.Produce(spaces=spaces)))


async def score(ctx: UIContext, args: dict) -> Apply:
    """``/steam score``: take this delivery's track points as ``income`` or ``vp``."""
    return Apply(plain(moves.Score(take=args["take"])))


async def capital(ctx: UIContext, args: dict) -> Apply | Reply:
    """``capital 2``: raise $10; without steps, buttons for the steps you may take."""
    if args.get("steps") is None:
        income = ctx.view()["players"][ctx.seat]["income"]
        steps = [a["steps"] for a in ctx.legal_actions() if a["type"] == "capital" and not a.get("always")]
        if not steps:
            raise IllegalAction("It is not the time to raise capital (or you have decided).")
        return private("Raise capital for this turn: $5 a step down the income track.", components=[
            Button(f"Raise ${5 * k} (income {income} → {income - k})" if k else "No capital",
                   plain(moves.Capital(steps=k)), "primary" if k else "secondary") for k in steps]
            + [Button(NEVER[0].upper() + NEVER[1:], plain(moves.Capital(steps=0, always=True)))])
    return Apply(plain(moves.Capital(steps=args["steps"], always=bool(args.get("always")))))


NEVER = "no capital, don't ask again"


def capital_buttons(ctx: UIContext, prompt: prompts.Capital) -> list[Button]:
    """Each deciding player's own buttons, named (all decide at once on one message): every step
    while they fit (three players), else **raise capital…** (a menu); always **no capital** and
    **no capital, don't ask again** (money is still raised at any payment that needs it)."""
    view = ctx.view()
    name = view["players"][prompt.seat]["name"]
    steps = [a["steps"] for a in ctx.legal_actions() if a["type"] == "capital" and not a.get("always")]
    never = Button(f"{name}: {NEVER}", plain(moves.Capital(steps=0, always=True)))
    if len(view["capital"] or []) > 3 and len(steps) > 2:
        return [Button(f"{name}: no capital", plain(moves.Capital(steps=0))), never,
                Button(f"{name}: raise capital…", {"type": "_cmd", "name": "capital"}, "primary")]
    return [Button(f"{name}: raise ${5 * k}" if k else f"{name}: no capital", plain(moves.Capital(steps=k)),
                   "primary" if k else "secondary") for k in steps] + [never]


_HEX = "a hex like F7, or a town's name (none: the menu of hexes)"
_EXITS = SIDE_HELP + " (none: the menu of ways)"
_PAGE = Param("page", int, "the menu's page", local_only=True)
COMMANDS = {c.name: c for c in (
    Command("tile", "list the action tiles, or take one: `tile engineer`", tile,
            (Param("tile", str, "an action tile", discord_description="An action tile, e.g. Engineer"),
             Param("pass_option", bool, "take it without paying or acting")),
            discord_description="List the action tiles, or take one"),
    Command("build", "lay track: `build F7 W E` (a town: its exits, `build Midton W E NE`); `build`: menus", build,
            (Param("hex", str, _HEX, discord_description="A hex like F7, or a town (none: the menu of hexes)"),
             Param("exits", str, _EXITS, rest=True,
                   discord_description="Hex sides: E SE SW W NW NE (none: the menu of ways)"), _PAGE,
             Param("preview", bool, "show the preview and ask before building", local_only=True)),
            discord_description="Lay track: a hex and its exits, e.g. F7 W E (none: menus)"),
    Command("redirect", "turn the last tile of an unfinished link: `redirect F7 W NE`; `redirect`: a menu",
            redirect, (Param("hex", str, _HEX, discord_description="The hex of the tile (none: the menu)"),
                       Param("exits", str, _EXITS, rest=True, discord_description="Its new exits (none: the menu)"),
                       _PAGE),
            discord_description="Turn the last tile of an unfinished link (preview first)"),
    Command("grow", "City Growth: a city's goods supply cubes onto it", grow,
            (Param("city", str, "a city", required=True, rest=True),)),
    Command("urbanize", "Urbanization: a New City on a town", urbanize,
            (Param("town", str, "a town", required=True),
             Param("tile", str, "a New City letter or colour (none: a menu)",
                   choices=(*"abcdefgh", "red", "yellow", "purple", "blue", "gray"))),
            discord_description="Urbanization: a New City tile on a town"),
    Command("produce", "Production: 2 cubes from the bag onto empty supply spaces: `produce 3 A`", produce,
            (Param("spaces", str, "empty goods supply spaces", required=True, rest=True,
                   discord_description="Two empty spaces, like 3 A"),),
            discord_description="Production: 2 cubes onto empty goods supply spaces"),
    _cmd("done", moves.Done(), "end your build"),
    Command("deliver", "menu of the goods cubes you can deliver, your points as income or VP", deliver,
            (Param("from", str, "a city", discord_name="origin"),
             Param("colour", str, "a goods colour", choices=("red", "yellow", "blue", "purple", "gray")),
             Param("take", str, "your track points: income or vp", choices=("income", "vp"),
                   discord_description="Your track points as income or VP"))),
    _cmd("locomotive", moves.Locomotive(), "improve your locomotive instead of moving a cube (once a turn)"),
    _cmd("pass", moves.Pass(), "pass (an auction, or a move goods round)"),
    Command("bid", "bid in dollars in a turn-order auction", bid,
            (Param("amount", int, "dollars", required=True, min=1, max=999),),
            discord_description="Bid in dollars for the turn order"),
    program_command("steam", "dollars", PROGRAMS),
    Command("score", "take this delivery's track points as `income` or `vp`", score,
            (Param("take", str, "income or vp", required=True, choices=("income", "vp"),
                   discord_description="Income or VP"),),
            discord_description="Take your track points as income or VP"),
    Command("capital", "standard game: raise $5 per step down the income track (0: none)", capital,
            (Param("steps", int, "how many $5 steps (none: buttons)", min=0, max=20),
             Param("always", bool, "with 0 steps: no capital in later turns either, without being asked"))),
)}


class SteamUI(EngineOptions, GameUI):
    """Steam's ``GameUI`` (``/steam``, ``steam``): money in dollars, points in VP."""

    group_description = "Steam moves"
    game_id = "steam"
    prefix = "steam"
    programs = PROGRAMS
    commands = COMMANDS
    options_type = Options                      # /game new's options (bot/game_options.py)
    option_suggestions = {"map": (available_maps, None)}
    # A bid, a pass, the end of a build, whose move it is: a text line; a board when the board changes.
    focus = close_view                          # the close view beside a move's board (focus.py)
    quiet_keys = ("bidding", "auction", "actor", "capital", "scoring", "move", "build", "last", "phase", "takes")
    summary = ("**Steam** (3-6 players): each turn, everyone takes an action tile (`/steam tile`), builds up to 3 "
               "track tiles (`/steam build F7 W E`), then moves goods in two rounds (`/steam deliver`): each link a "
               "cube travels scores its owner a track point, taken as income or as VP. Money comes from income or "
               "is raised by moving down the income track. Most VP after the last turn wins.")

    def render(self, view: dict, **kwargs) -> bytes | None:
        """See ``GameUI.render``: the board PNG from ``render.steam``, or ``None`` without it."""
        return render_steam.board_png(view, **kwargs)

    def typed_names(self) -> list[str]:
        """See ``GameUI.typed_names``: every map's cities and towns and the action tiles."""
        from railhead.engine.games.steam.data import load_rules
        maps = [load_map(m) for m in available_maps()]
        return [c.name for m in maps for c in m.cities.values()] + [h.town for m in maps for h in m.hexes.values()
                                                                    if h.town] + [t.name for t in load_rules().action]

    def render_options(self, prefs: dict) -> dict:
        """See ``GameUI.render_options`` and the module's ``render_options``."""
        return render_options(prefs)

    def prompt_text(self, view: dict, prompt: Prompt, who: str) -> str:
        """See ``GameUI.prompt_text``: action tile, build (tiles laid of the limit, what the tile
        asks), move goods, income or VP, capital ($5 a step) or a bid in dollars."""
        when = f"turn {view['turn']} of {view['turns']}" + (", **the last turn of the game**"
                                                          if view["turn"] == view["turns"] else "")
        if isinstance(prompt, prompts.Select):
            return f"{who}, choose an action tile ({when}): the menu, or `/steam tile`."
        if isinstance(prompt, prompts.Build):
            todo = "".join({"city-growth": " Grow a city first (the menu, or `/steam grow`).",
                            "urbanization": " Put a New City on a town (the menu, or `/steam urbanize`).",
                            "production": " Produce 2 cubes (the menu, or `/steam produce`)."}[t]
                           for t in prompt.todo)
            if prompt.laid >= prompt.limit:
                return f"{who}, your {prompt.limit} tiles are laid ({when}).{todo} Press **Done building**."
            return (f"{who}, build track ({when}): tile {prompt.laid + 1} of {prompt.limit}, with **Build "
                    f"track…** or e.g. `/steam build F7 W E`; **Done building** when finished.{todo}")
        if isinstance(prompt, prompts.Move):
            p = view["players"][prompt.seat]
            loco = "" if p["loco_done"] or p["loco"] >= view["locomotive_max"] else " improve your locomotive,"
            return f"{who}, move goods (round {prompt.round} of 2, {when}): deliver a cube,{loco} or pass."
        if isinstance(prompt, prompts.Score):
            return f"{who}, take your {prompt.points} track point(s) as income or as VP."
        if isinstance(prompt, prompts.Capital):
            return f"{who}, raise capital for this turn ($5 a step down the income track), or none."
        if isinstance(prompt, prompts.Bid):
            return f"{who}, bid at least ${prompt.floor} for the turn order, or pass."
        return f"{who}, your move."

    def prompt_components(self, ctx: UIContext, prompt: Prompt) -> list[Button | Select]:
        """See ``GameUI.prompt_components``: the tile menu, income/VP or capital buttons,
        bid buttons (floor, +1, +3 dollars), the deliveries with income/VP (``delivery_offers``;
        **Deliver…**, the first button whenever deliveries are possible), locomotive and pass, or
        build menus."""
        if isinstance(prompt, prompts.Select):
            return tile_menu(ctx)
        if isinstance(prompt, prompts.Score):
            n = prompt.points
            name = ctx.view()["players"][prompt.seat]["name"]
            return [Button(f"{name}: Income +{n}", plain(moves.Score(take="income")), "primary"),
                    Button(f"{name}: VP +{n}", plain(moves.Score(take="vp")), "success")]
        if isinstance(prompt, prompts.Capital):
            return capital_buttons(ctx, prompt)
        if isinstance(prompt, prompts.Bid):
            f = prompt.floor
            return [Button(f"Bid ${k}", plain(moves.Bid(amount=k)), "primary") for k in (f, f + 1, f + 3)] + \
                [Button("Pass", plain(moves.Pass()), "danger")] + \
                ([program_button()] if PROGRAMS.auction(ctx.view(None)) is not None else [])
        if isinstance(prompt, prompts.Move):
            acts = ctx.legal_actions()
            out: list[Button | Select] = delivery_offers(ctx, seat_deliveries(ctx))
            if not any(isinstance(c, Button) for c in out) and any(a["type"] == "deliver" for a in acts):
                # the first button whenever deliveries are possible, menus shown or not: `click 1`
                # must not mean Improve locomotive in one turn and Deliver… in the next (play-test)
                out.append(Button("Deliver…", {"type": "_cmd", "name": "deliver"}, "primary"))
            if plain(moves.Locomotive()) in acts:
                out.append(Button("Improve locomotive", plain(moves.Locomotive())))
            return out + [Button("Pass", plain(moves.Pass()), "danger")]
        if isinstance(prompt, prompts.Build):
            acts = ctx.legal_actions()
            out = []
            grows = [a for a in acts if a["type"] == "grow"]
            if grows:
                view = ctx.view()
                out += build_menus.selects("City Growth: choose the city", [Option(node_name(view, a["city"]), a)
                                                                             for a in grows])
            out += build_menus.prompt_offers(ctx, acts)
            if plain(moves.Done()) in acts:
                out.append(Button("Done building", plain(moves.Done()), "danger"))
            return out
        return []

    def start_text(self, view: dict, names: list[str]) -> str:
        """See ``GameUI.start_text``: the first turn's order as drawn (not the seats), or who bids
        first when the order is auctioned."""
        order = ", ".join(names[s] for s in view["order"])
        if view["options"].get("standard"):
            return f"The turn order is bid for each turn, after raising capital; the first bids go {order}."
        if view["phase"] == "auction" and view["actor"] is not None:
            return f"The first turn's order is auctioned; {names[view['actor']]} bids first."
        return f"Turn order, drawn at random: {order}." if order else super().start_text(view, names)

    def public_players(self, view: dict) -> list[str]:
        """See ``GameUI.public_players``: cash, income, VP, locomotive, links, the action tile."""
        return [f"${p['cash']} · income {p['income']} · {p['vp']} VP · locomotive {p['loco']} · {p['links']} link(s)"
                + (f" · {p['tile_name']}" if p["tile"] else "") + (" · out of the game" if p["out"] else "")
                for p in view["players"]]

    def status_text(self, view: dict) -> str:
        """See ``GameUI.status_text``: per player cash in dollars, income, VP, locomotive, links, tile."""
        lines = [f"**Steam** on {view['map_name']}: turn {view['turn']} of {view['turns']}, {view['phase']}."]
        for seat in view["order"] or range(len(view["players"])):
            p = view["players"][seat]
            tile = f", {p['tile_name']}" + (" (pass option)" if p["passed_tile"] else "") if p["tile"] else ""
            out = " — out of the game" if p["out"] else ""
            lines.append(f"- **{p['name']}**: ${p['cash']}, income {p['income']}, {p['vp']} VP, locomotive "
                         f"{p['loco']}, {p['links']} link(s){tile}{out}")
        return "\n".join(lines)

    def outcome_text(self, view: dict, outcome: dict) -> str:
        """See ``GameUI.outcome_text``: VP + income/2 (−2 per point of negative income) + 1 per
        complete link, tiebreaks and the winner."""
        lines = ["**Final scores** (VP + income/2, or -2 per point of negative income, + 1 per complete link):"]
        for row in outcome["table"]:
            lines.append(f"{row['rank']}. **{row['name']}**: {row['score']} ({row['vp']} VP, income {row['income']} "
                         f"→ {row['income_vp']:+d}, {row['links']} links)" + (" — bankrupt" if row["out"] else ""))
        lines += outcome["tiebreaks"]
        lines.append(f"🏆 {outcome['winner']} wins!")
        return "\n".join(lines)


UI = SteamUI()
