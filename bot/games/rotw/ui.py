"""Railways of the World for the table: ``/rotw ...`` in Discord, ``rotw ...`` at the local table.

The UI sees views, legal actions and the engine's answers to questions (``ctx.query``), never
the raw state. Building and urbanizing answer with a private preview made by a dry run of the
move (cost, bonds to issue, the board with the path highlighted) and Confirm/Cancel buttons;
the rest act at once. Money is shown in dollars; the engine counts thousands.
"""
from __future__ import annotations

from railhead.engine import IllegalAction
from railhead.engine.common.goods import COLOURS
from railhead.engine.core.prompts import Prompt
from railhead.engine.games.rotw import actions as moves
from railhead.engine.games.rotw import periods, prompts
from railhead.engine.games.rotw.data import available_maps, load_tables
from railhead.engine.games.rotw.money import dollars
from railhead.engine.games.rotw.options import Options
from railhead.render import rotw as render_rotw

from ...actions import plain
from ...game_options import EngineOptions
from ...program_spec import ProgramSpec, program_button, program_command
from ...replies import Apply, Button, Option, Reply, Select, private
from ...ui import Command, GameUI, Param, UIContext, not_deliverable
from . import bonds, modules, spending, western
from .cards import INSPECT, NEEDS_CITY, cards_text, map_buttons, map_text, usable, use_button
from .focus import close_view
from .maps import MapChoice, suggestions
from .preview import bare_warp, render_options
from .preview import city as _city
from .preview import mapdata as _mapdata
from .preview import my_turn as _my_turn
from .preview import path as _path
from .preview import place as _place
from .preview import preview as _preview
from .preview import warps as _warps
from .status import ROUNDS, last_turn, money_hidden, plural, status_text

MENU_SCAN = 2000
ACTIONS_HELP = ("`/rotw link` or `/rotw build` to lay track, `/rotw deliver`, `/rotw urbanize`, "
                "`/rotw upgrade`, `/rotw card`, or pass (`/rotw use` plays a card you hold)")


async def build(ctx: UIContext, args: dict) -> Reply:
    """``path``: hexes from a city or your open end, e.g. ``Köln J6 K6 L7 Frankfurt``."""
    view = _my_turn(ctx)
    mapdata = _mapdata(view)
    raw = [p for p in args.get("path", "").replace(",", " ").replace(">", " ").split() if p]
    if len(raw) < 2:
        raise IllegalAction("Give the path as hexes separated by spaces, starting at a city or at the open end "
                            "of your unfinished link, e.g. `Köln J6 K6 L7 Frankfurt`.")
    path = _path(mapdata, raw)
    toward = _place(mapdata, args["toward"]) if args.get("toward") else None
    return await _preview(ctx, plain(moves.Build(path=path, toward=toward)), "Build preview", path)


async def link(ctx: UIContext, args: dict) -> Reply:
    """``from``/``to``: two cities; the engine finds the cheapest single build that links them. A
    bare ``Time warp`` (Railways Through Time) is the warp the cheapest such build reaches."""
    view = _my_turn(ctx)
    mapdata = _mapdata(view)
    ends = [None if bare_warp(args[k]) and _warps(mapdata) else [_city(mapdata, args[k])] for k in ("from", "to")]
    board = periods.time_of(mapdata).period_of if None in ends else {}
    for i, other in ((0, ends[1]), (1, ends[0])):
        if ends[i] is None:      # the warps of the other city's board (any, if that is a warp too)
            near = [w for w in _warps(mapdata) if other and board.get(w) == board.get(other[0])]
            ends[i] = near or _warps(mapdata)
    tries, refusal = [], None
    for a in ends[0]:
        for b in ends[1]:
            if a == b:
                continue
            try:
                tries.append(ctx.query("cheapest_link", **{"from": a, "to": b}))
            except IllegalAction as exc:
                refusal = refusal or exc
    if not tries:
        raise refusal or IllegalAction("Name two different places to link.")
    found = min(tries, key=lambda f: (f["cost"], len(f["path"])))
    return await _preview(ctx, plain(moves.Build(path=found["path"])), "Build preview", found["path"])


def _route(view: dict, option: dict) -> list[str]:
    """The names along a delivery; a jump through time (Railways Through Time) goes on out of the
    other warp, named too; with the modules, the engine's ``cities`` (a switch branch's ends)."""
    if "cities" in option:
        return [view["cities"][h]["name"] for h in option["cities"]]
    city, out = option["from"], [view["cities"][option["from"]]["name"]]
    for lid in option["links"]:
        link_ = view["links"][lid]
        if city not in (link_["from"], link_["to"]):         # the jump: out of the warp of this link
            city = next(e for e in (link_["from"], link_["to"]) if view["cities"][e]["colour"] == "warp")
            out.append(view["cities"][city]["name"])
        city = link_["to"] if link_["from"] == city else link_["from"]
        out.append(view["cities"][city]["name"])
    return out


def delivery_label(view: dict, option: dict) -> str:
    """The menu label of a delivery, e.g. ``red cube: Lille → Brussel``."""
    return f"{option['colour']} cube: {' → '.join(_route(view, option))}"


async def deliver(ctx: UIContext, args: dict) -> Apply | Reply:
    """A private menu of the legal deliveries (best first), with the points each owner gets; when
    ``from`` or ``colour`` narrow them to exactly one, that delivery at once."""
    view = _my_turn(ctx)
    origin = _city(_mapdata(view), args["from"]) if args.get("from") else None
    options = ctx.query("deliveries", **{"from": origin, "colour": args.get("colour"), "limit": MENU_SCAN})
    if not options:
        narrowed = origin is not None or args.get("colour")
        others = ctx.query("deliveries", limit=MENU_SCAN) if narrowed else []
        if others:
            count = f"{len(others)}+" if len(others) >= MENU_SCAN else len(others)
            return private(not_deliverable(view, origin, args.get("colour"), count, "/rotw deliver"))
        return private("No delivery is possible for you now: a cube needs a route of complete links, the first "
                       "one yours, to a city of its colour within your engine level "
                       f"({view['players'][ctx.seat]['engine']}).")
    if (origin or args.get("colour")) and len(options) == 1 and not options[0].get("stop"):   # a stop is asked
        (o,) = options
        return Apply(modules.delivery_action(view, o))
    names = [p["name"] for p in view["players"]]
    me = str(ctx.seat)
    options.sort(key=lambda o: (-o["points"].get(me, 0), -sum(o["points"].values()), o["from"], o["colour"]))
    entries = []
    for o in options[:25]:
        points = ", ".join(f"{names[int(s)]} +{p}" for s, p in sorted(o["points"].items()))
        counted = len(o["links"]) - (len(_route(view, o)) - 1 - len(o["links"]))      # a jump counts once
        entries.append(Option(delivery_label(view, o), modules.delivery_action(view, o),
                              f"{counted} link{'s' if counted != 1 else ''}: {points or 'no points yet'}"
                              f"{modules.delivery_note(view, o)}"))
    total = f"{len(options)}+" if len(options) >= MENU_SCAN else str(len(options))
    more = f" (showing the best 25 of {total}; narrow with `from:` or `colour:`)" if len(options) > 25 else ""
    return private(f"Choose a goods cube to deliver{more}:", components=[Select("Choose a delivery", entries)])


async def urbanize(ctx: UIContext, args: dict) -> Reply:
    """``/rotw urbanize``: a private preview of ``city`` becoming a ``colour`` New City ($10,000);
    raises ``IllegalAction`` when it is not the seat's action or there is no such city."""
    view = _my_turn(ctx)
    hexname = _city(_mapdata(view), args["city"])
    action = plain(moves.Urbanize(city=hexname, colour=args["colour"]))
    name = view["cities"][hexname]["name"]
    blind = f"{name} becomes a {args['colour']} city and draws 2 goods cubes from the bag."
    return await _preview(ctx, action, "Urbanize preview", [hexname], blind)


async def upgrade(ctx: UIContext, args: dict) -> Apply | Reply:
    """``/rotw upgrade``: upgrade the seat's engine one level (the engine checks the cost); one
    that issues bonds asks first (``spending``)."""
    return spending.upgrade(ctx)


async def bid(ctx: UIContext, args: dict) -> Apply | Reply:
    """``/rotw bid``: bid ``amount`` in thousands of dollars (``3`` or ``3000`` both mean $3,000)."""
    amount = args["amount"]
    if amount >= 1000 and amount % 1000 == 0:
        amount //= 1000            # "3000" means $3,000
    return Apply(plain(moves.Bid(amount=amount)))


async def pass_(ctx: UIContext, args: dict) -> Apply | Reply:
    """Pass; in the action phase while a delivery is possible, only after a Confirm (unless the
    player turned ``confirm_pass`` off in ``/game settings``)."""
    prompt = ctx.prompt()
    if isinstance(prompt, prompts.Bid):
        return spending.auction_pass(ctx)
    if not ctx.prefs.get("confirm_pass", True) or not isinstance(prompt, prompts.Action) \
            or not ctx.query("can_deliver"):
        return Apply(plain(moves.Pass()))
    view = ctx.view()
    example = ctx.query("deliveries", limit=1)[0]
    return private(f"You can still deliver a goods cube (for example the {delivery_label(view, example)}). "
                   "Pass anyway and use this action doing nothing?",
                   components=[Button("Confirm", plain(moves.Pass()), "danger"),
                               Button("Cancel", {"type": "_cancel"})])


async def card(ctx: UIContext, args: dict) -> Apply | Reply:
    """``card``: the cards, with a menu to take one that needs no city; ``card NAME [city] [colour]``
    takes it."""
    view = ctx.view()
    if not args.get("card"):
        takeable = [c for c in view["cards"]["face_up"]
                    if c["kind"] != "goal" and c["id"].split(":")[0] not in NEEDS_CITY]
        mine = isinstance(ctx.prompt(), prompts.Action)
        menu = [Select("Take a card (your action)", [Option(c["name"], plain(moves.TakeCard(card=c["id"])),
                                                             c["text"]) for c in takeable[:25]])] \
            if mine and takeable else []
        hint = "\nCity Growth needs a city (`/rotw card card:<name> city:<city>`); New Industry and Boomtown " \
            "also a colour (`... city:<city> colour:<colour>`)." \
            if any(c["id"].split(":")[0] in NEEDS_CITY for c in view["cards"]["face_up"]) else ""
        return private(cards_text(view, ctx.seat) + hint, components=menu)
    city = _city(_mapdata(view), args["city"]) if args.get("city") else None
    return Apply(plain(moves.TakeCard(card=args["card"], city=city, colour=args.get("colour") or None)))


async def use(ctx: UIContext, args: dict) -> Apply:
    """Use a card you hold (not an action): Government Land Grant, Perfect Engineering, Ferry Line or
    Tunnel Engineer before a build on your turn, Coal-fueled Engines or Boost before an upgrade,
    Railroad Executive on your turn to bid."""
    return Apply(plain(moves.UseCard(card=args["card"])))


async def baron(ctx: UIContext, args: dict) -> Apply | Reply:
    """``baron``: your baron card; ``baron NAME`` keeps one of the two dealt at the start."""
    view = ctx.view()
    b = view.get("barons")
    if b is None:
        raise IllegalAction("This game is played without baron cards.")
    if args.get("name"):
        return Apply(plain(moves.KeepBaron(baron=args["name"])))
    return private(baron_text(b))


def _thousands(typed: int) -> int:
    """A typed amount in thousands of dollars: ``3`` or ``3000`` both mean $3,000."""
    return typed // 1000 if typed >= 1000 and typed % 1000 == 0 else typed


PROGRAMS = ProgramSpec(
    # railways-of-the-world.txt, "1 - First Player Auction" (each turn's auction, in every bidding
    # style but Worst is First, which has none; Variant 1 skips the first turn's only)
    auction=lambda view: view["turn"] if view["phase"] == "auction" and view["auction"] is not None else None,
    upcoming=lambda view: view["turn"] + 1 if view["phase"] == "actions" and not last_turn(view)
    and view["options"]["bidding"] != "worst_is_first" else None,
    out=lambda view, seat: seat in view["auction"]["passed"],
    money=dollars, amount=_thousands,
    # "RAILWAYS of GREAT BRITAIN", "New Operations Cards": a Railway Inspector's holder may stop
    # another's delivery; letting it pass is the optional step's pass
    passes={"inspector": plain(moves.Inspect(stop=False))},
    passes_text="let every delivery pass that your Railway Inspector could stop")
"""Programmed moves (bot/table/programs.py): the first-player auction's bids and passes, and the
Railway Inspector's question."""

_CITY = "a city name (or its hex)"
_PLACE = "a city name or hex (Through Time: Time warp)"
COMMANDS = {c.name: c for c in (
    Command("bid", "bid in thousands: `bid 3` is $3,000", bid,
            (Param("amount", int, "a whole number of thousands of dollars", required=True, min=1, max=999),),
            discord_description="Bid in the first-player auction (in thousands: 3 = $3,000)"),
    Command("pass", "pass in the auction, or pass your action", pass_,
            discord_description="Pass in the auction, or pass your action this round"),
    Command("link", "cheapest single build linking two cities (preview first; a time warp: `Time warp`)", link,
            (Param("from", str, _PLACE, required=True, autocomplete="city"),
             Param("to", str, _PLACE, required=True, autocomplete="city")),
            discord_description="Build the cheapest single link between two cities (preview first)"),
    Command("build", "lay tiles along hexes: `build Köln J6 K6 L7 Frankfurt` (preview first; a time warp at an "
                     "end: `Time warp` or its hex)", build,
            (Param("path", str, "start city or your open end, then hexes (and the end city or Time warp)",
                   required=True, rest=True),
             Param("toward", str, "hex the last tile points to, if the link stays unfinished")),
            discord_description="Lay track along hexes, e.g. Köln J6 K6 L7 Frankfurt (preview first)"),
    Command("deliver", "menu of the goods cubes you can deliver", deliver,
            (Param("from", str, _CITY, autocomplete="city"), Param("colour", str, "a goods colour", choices=COLOURS)),
            discord_description="Choose a goods cube to deliver from a menu"),
    Command("urbanize", "turn a gray city into a New City colour ($10,000, preview first)", urbanize,
            (Param("city", str, _CITY, required=True, autocomplete="city"),
             Param("colour", str, "a New City colour", required=True, choices=COLOURS))),
    Command("upgrade", "upgrade your engine one level", upgrade),
    Command("card", "list the face-up operations cards, or take one", card,
            (Param("card", str, "a face-up card id or kind", autocomplete="card"),
             Param("city", str, _CITY, autocomplete="city"),
             Param("colour", str, "a New City colour", choices=COLOURS))),
    Command("use", "use a card you hold: a build card (Land Grant, Perfect Engineering, Ferry Line, Tunnel "
                   "Engineer) before a build, Coal-fueled Engines or Boost before an upgrade, Railroad Executive "
                   "instead of a bid", use,
            (Param("card", str, "the card's name or id", required=True, rest=True,
                   discord_description="A build card before a build, an engine card before an upgrade, "
                                       "Executive instead of a bid"),),
            discord_description="Play a card you hold (build cards, engine cards, Railroad Executive)"),
    Command("western", "build a Western Link from a city you reach (Eastern U.S.; asks first)", western.western,
            (Param("city", str, "the Western Link city", autocomplete="city"),),
            discord_description="Build a Western Link from a city your track reaches (Eastern U.S. map)"),
    Command("bonds", "how bonds work and how many you hold; `issue:N` in the last round with a most-bonds baron; "
                     "`return:N` between the Transcontinental phases", bonds.bonds, bonds.PARAMS,
            discord_description="How bonds work; issue some (most-bonds baron) or return some (Transcontinental)"),
    program_command("rotw", "thousands of dollars", PROGRAMS),
    Command("baron", "your secret baron card; at the start, `baron NAME` keeps one of your two", baron,
            (Param("name", str, "the baron's name or id", rest=True,
                   discord_description="The baron to keep (at the start)"),),
            discord_description="Your secret baron card; at the start, keep one of your two"),
    *modules.COMMANDS,
    INSPECT,
)}


def baron_text(b: dict) -> str:
    """The seat's baron (or its two to choose from), from its view's ``barons``."""
    if b["yours"]:
        c = b["yours"]
        return f"Your baron: **{c['name']}** ({c['points']} points at the end if met): {c['text']}"
    if b.get("later") and not b["choosing"]:
        return "You hold two barons until the first Major Line is completed; then you keep one:\n" + "\n".join(
            f"- **{c['name']}** ({c['points']} points): {c['text']}" for c in b["hand"])
    return "Keep one of your two barons:\n" + "\n".join(
        f"- **{c['name']}** ({c['points']} points): {c['text']}" for c in b["hand"])


def _when(view: dict) -> str:
    """``turn 7, round 2 of 3``, saying when it is the last turn, the last round or the last move."""
    if not last_turn(view):
        ends = f"; the game ends after turn {view['end_turn']}" if view["end_turn"] is not None else ""
        return f"turn {view['turn']}, round {view['round']} of {ROUNDS}{ends}"
    if view["round"] < ROUNDS:
        return f"turn {view['turn']}, **the last turn**, round {view['round']} of {ROUNDS}"
    final = ": the last action of the game" if view["order"] and view["actor"] == view["order"][-1] else ""
    return f"turn {view['turn']}, round {ROUNDS} of {ROUNDS}, **the last round of the game**{final}"


def bid_floor(view: dict) -> int:
    """The lowest bid allowed now, in thousands (railways-of-the-world.txt, "1 - First Player Auction")."""
    return max(load_tables().money.min_bid, view["auction"]["high"] + 1)


class RotwUI(MapChoice, EngineOptions, GameUI):
    """Railways of the World's ``GameUI`` (``/rotw``, ``rotw``): the engine counts thousands of
    dollars, shown as dollars; scores in points minus bonds."""

    group_description = "Railways of the World moves"
    game_id = "rotw"
    prefix = "rotw"
    commands = COMMANDS
    programs = PROGRAMS
    options_type = Options                      # /game new's options (bot/game_options.py)
    option_suggestions = {"map": (available_maps, suggestions)}
    focus = close_view                          # the close view beside a move's board (focus.py)
    quiet_keys = ("auction", "actor", "last")   # a bid or pass: a text line; the board comes when it changes
    summary = ("**Railways of the World** (2-6 players): each turn, an auction for first player, then three rounds "
               "of one action each: build track (`/rotw link`, `/rotw build`), deliver a goods cube (`/rotw "
               "deliver`: one point per link of yours it travels), upgrade your engine, urbanize a gray city, or "
               "take an operations card. Money comes from bonds (issued for you as payments need them, -1 point "
               "each at the end) and from income by points. The game ends a full turn after the last empty city "
               "marker is placed; most points minus bonds wins.")

    def render(self, view: dict, **kwargs) -> bytes:
        """See ``GameUI.render``: the board PNG from ``render/rotw/board.py``."""
        return render_rotw.board_png(view, **kwargs)

    def render_options(self, prefs: dict) -> dict:
        """See ``GameUI.render_options`` and the module's ``render_options``."""
        return render_options(prefs)

    def start_text(self, view: dict, names: list[str]) -> str:
        """See ``GameUI.start_text``; Railways Through Time also names the ages drawn, in board order."""
        text = super().start_text(view, names)
        ages = (view.get("through_time") or {}).get("periods") or []
        if ages:
            text += " The ages drawn: " + ", ".join(f"{p['name']} ({p['years']})" if p.get("years") else p["name"]
                                                    for p in ages) + "."
        return text

    def prompt_text(self, view: dict, prompt: Prompt, who: str) -> str:
        """See ``GameUI.prompt_text``: keep a baron, bid (floor and high bid in dollars) or the
        action round's choices."""
        if isinstance(prompt, prompts.Inspector) or (isinstance(prompt, prompts.Action) and prompt.hot_spring):
            return map_text(view, prompt, who)
        if isinstance(prompt, prompts.Baron):
            hand = (view.get("barons") or {}).get("hand") or []
            if who == "you" and hand:
                cards = "\n".join(f"- **{c['name']}** ({c['points']} points): {c['text']}" for c in hand)
                return f"keep one of your two baron cards (secret goals scored at the end):\n{cards}"
            return f"{who}, keep one of your two baron cards, in secret: the choice is in your DMs (or **My hand**)."
        if isinstance(prompt, prompts.Bid):
            a = view["auction"]
            high = f"high bid {dollars(a['high'])} by {view['players'][a['high_seat']]['name']}" \
                if a["high_seat"] is not None else "no bid yet"
            last = " **This is the last turn of the game.**" if last_turn(view) else ""
            cost = ""
            if "pass_costs" in a:
                down = ", rounded down" if view["options"]["bidding"] == "through_time" else ""
                own = a["pass_costs"].get(str(prompt.seat), 0)
                bid = a["bids"].get(str(prompt.seat), 0)
                what = "costs nothing yet (you have not bid)" if not bid else \
                    f"costs half your bid{down} ({dollars(own)})" if own else \
                    f"costs nothing (half your {dollars(bid)} bid{down})"
                cost = f" Passing {what} and puts you behind the others still bidding."
            return (f"{who}, bid at least {dollars(bid_floor(view))} or pass in the first-player auction "
                    f"({high}).{cost}{last}")
        if isinstance(prompt, prompts.ReturnBonds):
            return bonds.return_text(who, prompt)
        west = ", `/rotw western` for a Western Link" if view.get("western_link") else ""
        return f"{who}, your action ({_when(view)}): {ACTIONS_HELP}{west}{modules.hint(view)}." + \
            modules.waiting(view, prompt.seat)

    def prompt_components(self, ctx: UIContext, prompt: Prompt) -> list[Button | Select]:
        """See ``GameUI.prompt_components``: baron buttons, bid buttons (floor, +1, +3
        thousand), Pass, **Program…** (any player's programmed move, bot/table/programs.py) and
        Railroad Executive, or the action round's buttons."""
        view = ctx.view()
        if isinstance(prompt, prompts.Inspector) or (isinstance(prompt, prompts.Action) and prompt.hot_spring):
            return map_buttons(view, ctx.seat, prompt)
        if isinstance(prompt, prompts.Baron):
            return [Button(f"Keep {c['name']}", plain(moves.KeepBaron(baron=c["id"])), "primary")
                    for c in view["barons"]["hand"]]
        if isinstance(prompt, prompts.Bid):
            floor = bid_floor(view)
            return [Button(f"Bid {dollars(k)}", plain(moves.Bid(amount=k)), "primary")
                    for k in (floor, floor + 1, floor + 3)] + \
                [spending.guarded(ctx, Button("Pass", plain(moves.Pass()), "danger"), "pass"), program_button()] + \
                [Button(f"Use {c['name']}", plain(moves.UseCard(card=c["id"])), "success")
                 for c in usable(view, ctx.seat, "auction")]
        if isinstance(prompt, prompts.ReturnBonds):
            return bonds.return_buttons(view, prompt)
        if not isinstance(prompt, prompts.Action):
            return []
        offers: list[Button | Select] = []
        can_deliver = ctx.query("can_deliver")
        if can_deliver:
            offers.append(Button("Deliver…", {"type": "_cmd", "name": "deliver"}, "primary"))
        player = view["players"][ctx.seat]
        if player["next_engine_cost"] is not None:
            offers.append(spending.guarded(ctx, Button(
                f"Upgrade engine to {player['engine'] + 1} ({dollars(player['next_engine_cost'])})",
                plain(moves.Upgrade())), "upgrade"))
        offers += western.offers(view, ctx.seat)
        offers.append(Button("Cards", {"type": "_cmd", "name": "card"}))
        offers += [use_button(c) for c in usable(view, ctx.seat, "actions")]
        # While a delivery is possible, Pass asks for a Confirm first (the ``pass`` command).
        offers.append(Button("Pass", {"type": "_cmd", "name": "pass"} if can_deliver else plain(moves.Pass()),
                             "danger"))
        return offers

    def public_players(self, view: dict) -> list[str]:
        """See ``GameUI.public_players``: cash (unless money is hidden), bonds, points, income,
        engine level, links; the first player marked."""
        def line(p: dict) -> str:
            cash = "money hidden" if p["cash"] is None else dollars(p["cash"])
            first = "first player · " if view["first"] == p["seat"] and view["phase"] == "actions" else ""
            return (f"{first}{cash} · {plural(p['bonds'], 'bond')} · {plural(p['points'], 'point')} · earns "
                    f"{dollars(p['income'])} a turn · engine {p['engine']} · {plural(p['links'], 'link')}")
        return [line(p) for p in view["players"]]

    def status_text(self, view: dict) -> str:
        """See ``GameUI.status_text`` and ``status.status_text``."""
        return status_text(view)

    def turn_note(self, view: dict) -> str:
        """With hidden money, the player's own cash (only they see it): the DM is theirs alone."""
        if not money_hidden(view):
            return ""
        p = view["players"][view["you"]]
        return f"You have {dollars(p['cash'])} and {plural(p['bonds'], 'bond')}."

    def hand_text(self, view: dict) -> str:
        """See ``GameUI.hand_text``: the seat's baron card(s) and its money, bonds, points and engine."""
        p = view["players"][view["you"]]
        money = (f"You have {dollars(p['cash'])}, {plural(p['bonds'], 'bond')}, {plural(p['points'], 'point')} "
                 f"and engine level {p['engine']}.")
        if money_hidden(view):
            money += " Money is hidden in this game: only you see yours until the end."
        b = view.get("barons")
        if b is None:
            return ("" if money_hidden(view) else "Railways of the World has no hidden hand. ") + money
        return baron_text(b) + "\n" + money

    def outcome_text(self, view: dict, outcome: dict) -> str:
        """See ``GameUI.outcome_text``: each player's final score with its parts (the engine's
        ``formula``: points, bonds, Time Lines, met barons), links and money, the tiebreaks, the winner."""
        extra = [w for w, key in ((", plus met barons", "baron"), (", plus Time Lines", "time_lines"))
                 if any(key in row for row in outcome["table"])]
        lines = ["**Final scores** (points minus one per bond" + "".join(extra) + "):"]
        for row in outcome["table"]:
            baron = row.get("baron")
            goal = "" if not baron or baron["met"] else f"; baron {baron['name']} not met"
            lines.append(f"{row['rank']}. **{row['name']}**: {row['score']} = {row['formula']} "
                         f"({plural(row['links'], 'link')}, {dollars(row['cash'])}{goal})")
        lines += outcome["tiebreaks"]
        lines.append(f"🏆 {outcome['winner']} wins!")
        return "\n".join(lines)


UI = RotwUI()
