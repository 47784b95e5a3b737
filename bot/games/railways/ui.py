"""Railways (solo) for the table: ``/railways ...`` in Discord, ``railways ...`` at the local table.

Every action is a button on the turn message that opens a private menu of the legal ways to
take it, built from the hand: each choice shows the slots and cards it plays and what it does
to the tracks (pollution, capital, profit, railworkers), from a dry run of the move. The same
commands take a ``slots`` argument (``1.2 2.3``) to act at once.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from railhead.engine import IllegalAction
from railhead.engine.core import Action
from railhead.engine.games.railways import actions as moves
from railhead.engine.games.railways import prompts
from railhead.engine.games.railways.data import KIND_NAMES, cards
from railhead.engine.games.railways.options import Options

from ...actions import plain
from ...game_options import EngineOptions
from ...hints import hint_command
from ...replies import Apply, Button, Option, Reply, Select, private
from ...ui import Command, GameUI, Param, UIContext

ICON_WORDS = {"ticket": "ticket", "rail": "1 rail", "rail2": "2 rails", "passenger": "passenger",
              "worker": "railworker", "upgrade": "upgrade", "clean": "clean", "build": "build"}
ACTION_NAMES = {"buy_link": "Buy a link", "build": "Build", "move": "Move a passenger", "hire": "Hire a railworker",
                "capital": "Capital", "clean": "Clean", "add_passenger": "Add a passenger", "upgrade": "Upgrade a link"}
COMMAND_OF = {"buy_link": "buy", "build": "build", "move": "move", "hire": "hire", "capital": "capital",
              "clean": "clean", "add_passenger": "add", "upgrade": "upgrade"}
OBJECTIVES = {"economist": "the Economist (best score)", "mayor": "the Mayor (move every passenger)",
              "conductor": "the Train Conductor (deliver to all four kinds)",
              "engineer": "the Engineer (buy and upgrade every complete link)", "baron": "the Rail Baron"}
MENU = 25


def icon_word(icon: str) -> str:
    """A card icon in words: ``rail2`` -> ``2 rails``, ``$2`` -> ``2 capital``, a building kind -> ``dest``."""
    if icon in KIND_NAMES:
        return f"{icon} dest"
    return ICON_WORDS.get(icon, f"{icon[1:]} capital" if icon.startswith("$") else icon)


def card_line(card: dict) -> str:
    """A hand card as one line: ``**4 Name**: 1 [icons] · 2 [icons]`` (slots numbered from 1)."""
    slots = " · ".join(f"{i} [{' + '.join(icon_word(x) for x in s)}]" for i, s in enumerate(card["slots"], 1))
    return f"**{card['number']} {card['name']}**: {slots}"


def _slots(text: str | None) -> list[str] | None:
    return [s for s in text.replace(",", " ").split() if s] if text else None


SLOT_REF = re.compile(r"^\s*(\d+)\s*[.:/]\s*(\d+)\s*$")


def hand_slots(view: dict) -> str:
    """The hand's slots as ``card.slot``, card by card, e.g. ``4.1–4.4 (Name); 7.1–7.4 (Name)``."""
    return "; ".join(f"{c['number']}.1–{c['number']}.{len(c['slots'])} ({c['name']})" for c in view["hand"])


def check_slots(view: dict, slots: list[str] | None) -> None:
    """Raises ``IllegalAction`` naming the hand's slots when a named slot is none of them."""
    have = {(c["number"], i) for c in view["hand"] for i in range(1, len(c["slots"]) + 1)}
    for ref in slots or ():
        m = SLOT_REF.match(ref)
        if not m or (int(m.group(1)), int(m.group(2))) not in have:
            raise IllegalAction(f"{ref[:20]!r} is not a slot of your hand. Write card.slot; your slots are "
                                f"{hand_slots(view)}.")


def _cards_of(refs: list[str]) -> str:
    numbers = sorted({int(r.split(".")[0]) for r in refs})
    return ", ".join(f"{cards()[n].name} ({n})" for n in numbers)


def delta_words(delta: dict) -> str:
    """A move's effect on the tracks, e.g. ``pollution +1, profit +3``; pollution always first,
    zero changes left out."""
    words = [f"{k} {v:+d}" for k, v in delta.items() if v and k != "pollution"]
    words.insert(0, f"pollution {delta.get('pollution', 0):+d}")
    return ", ".join(words).replace("workers", "railworkers")


def _delta(ctx: UIContext, action: dict) -> dict:
    _, events = ctx.dry_run(action)
    return next((e["delta"] for e in events if "delta" in e), {})


def _my_turn(ctx: UIContext) -> dict:
    prompt = ctx.prompt()
    if not isinstance(prompt, prompts.Action):
        raise IllegalAction("Place the passenger dice first." if prompt else "The game is over.")
    return ctx.view()


def buildings_of(view: dict) -> dict[str, str]:
    """Each building space of ``view`` -> the id of the building on it."""
    return {s: b["id"] for b in view["buildings"] for s in b["spaces"]}


def trip_words(view: dict, action: dict) -> str:
    """``A2 → D2 → H2 (I)``: the buildings a move visits."""
    of = buildings_of(view)
    links = {link["id"]: link for link in view["links"]}
    here, stops = of[action["from"]], [action["from"]]
    for lid in action["links"]:
        a, b = (of[e] for e in links[lid]["ends"])
        here = b if a == here else a
        stops.append(here)
    kind = next(b["kind"] for b in view["buildings"] if b["id"] == here)
    return f"{' → '.join(stops)} ({kind})"


def target_words(view: dict, action: dict) -> str:
    """What a legal action acts on, in words: a link, a trip, a die and space, a space, or the
    action's name."""
    kind = action["type"]
    if kind in ("buy_link", "upgrade"):
        link = next(link for link in view["links"] if link["id"] == action["link"])
        return f"{link['id']} ({link['length']}, {'–'.join(link['kinds'])})"
    if kind == "move":
        extra = "" if action.get("convert") is None else f", buy {action['convert']} profit"
        return trip_words(view, action) + extra
    if kind == "build":
        return f"die {action['die']} on {action['at']} ({2 * action['die']} capital)"
    if kind == "add_passenger":
        return f"on {action['at']}"
    return ACTION_NAMES[kind]


def _cards_set(action: dict) -> frozenset[int]:
    return frozenset(int(r.split(".")[0]) for r in action["slots"])


def worth_showing(actions: list[dict]) -> list[dict]:
    """Drop payments no player wants: for the same move (everything but the slots), one that plays
    more cards for no less pollution than another (cards go to the discards whole, so which of
    their icons were used does not matter)."""
    def pollution(a: dict) -> int:
        per: dict[int, int] = {}
        for r in a["slots"]:
            per[int(r.split(".")[0])] = per.get(int(r.split(".")[0]), 0) + 1
        return sum(n - 1 for n in per.values())

    out: list[dict] = []
    for a in sorted(actions, key=lambda a: (pollution(a), len(_cards_set(a)), a["slots"])):
        same = [b for b in out if {k: v for k, v in b.items() if k != "slots"} == {k: v for k, v in a.items()
                                                                                  if k != "slots"}]
        if any(pollution(b) <= pollution(a) and _cards_set(b) <= _cards_set(a) for b in same):
            continue
        out.append(a)
    return out


def menu(ctx: UIContext, actions: list[dict], title: str, order=None, narrow: str = "") -> Reply:
    """A private select of ``actions``, each with its slots, cards and effect on the tracks;
    ``narrow``: how to ask for fewer when they do not all fit (e.g. "`/railways move from:C5`")."""
    view = ctx.view()
    actions = worth_showing(actions)
    rated = [(a, _delta(ctx, a)) for a in actions[:60]]
    if order:
        rated.sort(key=lambda ad: order(ad[1]))
    options = [Option(f"{target_words(view, a)} · slots {' + '.join(a['slots'])}", a,
                      f"{delta_words(d)} · plays {_cards_of(a['slots'])}") for a, d in rated[:MENU]]
    how = f", e.g. {narrow}" if narrow else ""
    more = f" (the first {MENU} of {len(actions)}; name a target to see fewer{how})" if len(actions) > MENU else ""
    return private(f"**{title}**: choose how to pay{more}.", components=[Select(title, options)])


def _legal(ctx: UIContext, kind: str, **match) -> list[dict]:
    return [a for a in ctx.legal_actions() if a["type"] == kind and all(a.get(k) == v for k, v in match.items())]


Make = Callable[[dict, list[str]], Action]
"""An action paid for at once: its struct from the typed targets (upper case) and the slots."""


def _act_or_menu(kind: str, title: str, keys: tuple[str, ...] = (), order=None, make: Make | None = None):
    """A command's handler: with ``slots`` and every target of ``keys``, ``make`` pays for it at once
    (a move names only its slots: the trips they pay for); else a menu of the legal ways."""
    command = {"buy_link": "buy", "add_passenger": "add"}.get(kind, kind)          # the command's word

    async def handler(ctx: UIContext, args: dict) -> Apply | Reply:
        view = _my_turn(ctx)
        fields = {k: args[k].upper() if isinstance(args[k], str) else args[k] for k in keys if args.get(k)}
        slots = _slots(args.get("slots"))
        check_slots(view, slots)
        if slots and make is not None and all(k in fields for k in keys):
            return Apply(plain(make(fields, slots)))
        found = _legal(ctx, kind, **fields)
        if slots:                                 # a move names its slots: the trips they pay for
            wanted = sorted(s.replace(":", ".").replace("/", ".") for s in slots)
            found = [a for a in found if sorted(a["slots"]) == wanted]
            if kind == "move" and len({(a["from"], tuple(a["links"])) for a in found}) == 1 and len(found) >= 1:
                return Apply(found[0])
        if not found:
            raise IllegalAction(_why_not(view, kind, fields, slots))
        narrow = next((f"`/railways {command} {key}:{found[0][key]}`" for key in keys
                       if key not in fields and isinstance(found[0].get(key), str)), "")
        return menu(ctx, found, title, order, narrow)
    return handler


def _why_not(view: dict, kind: str, fields: dict, slots: list[str] | None) -> str:
    """Why no legal move matches: the most specific reason first."""
    if kind == "move" and fields.get("from"):
        at = fields["from"]
        die = view["dice"].get(at)
        if die is None or die["n"] < 1:
            return f"There is no passenger on {at}."
        of = buildings_of(view)
        if at in of and not any(link["marker"] and of.get(link["ends"][0]) == of[at] or link["marker"]
                                and of.get(link["ends"][1]) == of[at] for link in view["links"]):
            return f"No bought link leaves the building at {at}: buy one first."
        if slots:
            return f"Those slots pay for no trip from {at} (a ticket and the destination's kind, or two destinations)."
    if slots:
        return f"Those slots pay for no {ACTION_NAMES[kind].lower()} here."
    return f"You cannot {ACTION_NAMES[kind].lower()} now{_why(view, kind)}."


def _why(view: dict, kind: str) -> str:
    hand = ", ".join(f"{c['name']} ({c['number']})" for c in view["hand"])
    reasons = {"buy_link": f" (railworkers {view['workers']}, link markers left {view['markers_left']})",
               "build": f" (capital {view['capital']}, Building dice left: "
                        f"{', '.join(map(str, view['building_dice'])) or 'none'})",
               "upgrade": " (only bought links can be upgraded)"}
    return reasons.get(kind, "") + f": your hand is {hand}"


def by_gain(delta: dict) -> tuple:
    """Menu order for moves and capital: most profit, then most capital, then least pollution."""
    return (-delta.get("profit", 0), -delta.get("capital", 0), delta.get("pollution", 0))


def by_cost(delta: dict) -> tuple:
    """Menu order for the rest: least pollution first (the payments come fewest cards first)."""
    return (delta.get("pollution", 0),)


async def place(ctx: UIContext, args: dict) -> Apply | Reply:
    """``/railways place``: put a passenger die (``at``, ``passengers``) during setup; without ``at`` a
    private menu. Raises ``IllegalAction`` after setup or when the die value is ambiguous."""
    prompt = ctx.prompt()
    if not isinstance(prompt, prompts.Place):
        raise IllegalAction("The passenger dice are all placed.")
    left = sorted(set(prompt.left), reverse=True)
    if not args.get("at"):
        view = ctx.view()
        kinds = {s: b["kind"] for b in view["buildings"] for s in b["spaces"]}
        options = [Option(f"{a['at']}: {KIND_NAMES[kinds[a['at']]]} building — {a['passengers']} passengers", a)
                   for a in ctx.legal_actions() if a["type"] == "place"][:MENU]
        return private("Choose a building and a die:", components=[Select("Place a passenger die", options)])
    passengers = args.get("passengers") or (left[0] if len(left) == 1 else None)
    if passengers is None:
        raise IllegalAction(f"Say which die: the dice left show {' and '.join(map(str, left))}, e.g. "
                            f"`place {args['at'].upper()} {left[0]}`.")
    return Apply(plain(moves.Place(at=args["at"].upper(), passengers=passengers)))


async def build(ctx: UIContext, args: dict) -> Apply | Reply:
    """``/railways build``: with ``at``, ``die`` and ``slots`` build at once; with ``at`` a menu of ways to
    pay; alone a menu of spaces. Raises ``IllegalAction`` (with the reason) when no build is legal."""
    view = _my_turn(ctx)
    slots = _slots(args.get("slots"))
    check_slots(view, slots)
    if args.get("at") and args.get("die") and slots:
        return Apply(plain(moves.Build(at=args["at"].upper(), die=args["die"], slots=slots)))
    if args.get("at"):
        found = _legal(ctx, "build", at=args["at"].upper(), **({"die": args["die"]} if args.get("die") else {}))
        if not found:
            raise IllegalAction(f"You cannot build on {args['at'].upper()} now{_why(view, 'build')}.")
        return menu(ctx, found, f"Build on {args['at'].upper()}")
    if not _legal(ctx, "build"):
        raise IllegalAction(f"You cannot build now{_why(view, 'build')}.")
    options = [Option(f"{space}: {what}", {"type": "_cmd", "name": "build", "args": {"at": space}})
               for space, what in ctx.query("build_spaces")[:MENU]]
    return private("**Build**: choose a space (or `/railways build at:<space>` for any other).",
                   components=[Select("Where to build", options)])


async def end(ctx: UIContext, args: dict) -> Apply:
    """``/railways end``: end the decade after the first action (the engine refuses it otherwise)."""
    return Apply(plain(moves.EndDecade()))


async def hand(ctx: UIContext, args: dict) -> Reply:
    """``/railways hand``: the hand and pool, privately (``RailwaysUI.hand_text``)."""
    return private(RailwaysUI().hand_text(ctx.view()))


_SLOTS = Param("slots", str, "the slots to play, like `1.2 2.3` (without it: a menu of the ways to pay)", rest=True,
               discord_description="Slots to play, like 1.2 2.3 (leave out for a menu of the ways to pay)")
_LINK = Param("link", str, "a link by its end rail spaces, like E2-G2")
COMMANDS = {c.name: c for c in (
    Command("place", "put a passenger die on a building (setup)", place,
            (Param("at", str, "a printed building's space, like A2 (without it: a menu)"),
             Param("passengers", int, "3 or 2 (not needed when one value is left)", min=1, max=6))),
    Command("buy", "buy a complete rail link", _act_or_menu(
        "buy_link", "Buy a link", ("link",), by_cost, lambda f, slots: moves.BuyLink(link=f["link"], slots=slots)),
            (_LINK, _SLOTS)),
    Command("build", "build a Building die (choose a space, then the die and slots)", build,
            (Param("at", str, "a space, like D3"),
             Param("die", int, "2, 3 or 4 passengers", min=1, max=6,
                   discord_description="The Building die: 2, 3 or 4 passengers"), _SLOTS),
            discord_description="Build a Building die (a menu of spaces without arguments)"),
    Command("move", "move a passenger along your links", _act_or_menu("move", "Move a passenger", ("from",), by_gain),
            (Param("from", str, "the space of the passenger's die"), _SLOTS),
            discord_description="Move a passenger along your links (a menu of trips)"),
    Command("hire", "hire a railworker", _act_or_menu(
        "hire", "Hire a railworker", (), by_cost, lambda f, slots: moves.Hire(slots=slots)), (_SLOTS,)),
    Command("capital", "increase your capital", _act_or_menu(
        "capital", "Capital", (), by_gain, lambda f, slots: moves.Capital(slots=slots)), (_SLOTS,)),
    Command("clean", "decrease pollution", _act_or_menu(
        "clean", "Clean", (), by_cost, lambda f, slots: moves.Clean(slots=slots)), (_SLOTS,),
            discord_description="Decrease pollution by one"),
    Command("add", "add a passenger to a building", _act_or_menu(
        "add_passenger", "Add a passenger", ("at",), by_cost,
        lambda f, slots: moves.AddPassenger(at=f["at"], slots=slots)),
            (Param("at", str, "a building's space"), _SLOTS)),
    Command("upgrade", "upgrade a bought link", _act_or_menu(
        "upgrade", "Upgrade a link", ("link",), by_cost, lambda f, slots: moves.Upgrade(link=f["link"], slots=slots)),
            (_LINK, _SLOTS), discord_description="Upgrade a bought link (its capital counts double)"),
    Command("end", "end the decade after one action", end,
            discord_description="End the decade after your first action"),
    Command("hand", "your cards and their slots", hand),
    hint_command("a suggested action and the final score it leads to (only you see it)",
                 "A suggested action and its expected final score (only you see it)"),
)}


def objective_words(view: dict) -> str:
    """The game's objective in words; a Rail Baron game names the objectives it combines."""
    if view["objective"] == "baron":
        return "the Rail Baron: " + " + ".join(OBJECTIVES[g].split(" (")[0] for g in view["combine"])
    return OBJECTIVES[view["objective"]]


def goals(view: dict) -> list[str]:
    """The objectives the game is played for (a Rail Baron's combined ones)."""
    return list(view["combine"]) if view["objective"] == "baron" else [view["objective"]]


def progress(view: dict, goal: str) -> str:
    """How far one objective has come (railways-solo.txt, "Objectives"), from the view."""
    if goal == "mayor":
        left = sum(d["n"] for d in view["dice"].values())
        return f"Mayor, {left} passenger{'' if left == 1 else 's'} left on the map"
    if goal == "conductor":
        done = [KIND_NAMES[k] for k, n in view["delivered"].items() if n]
        todo = [KIND_NAMES[k] for k, n in view["delivered"].items() if not n]
        return (f"Train Conductor, delivered to {len(done)} of 4 kinds ({', '.join(done) or 'none yet'}"
                + (f"; still {', '.join(todo)}" if todo else "") + ")")
    if goal == "engineer":
        bought = sum(1 for link in view["links"] if link["marker"])
        upgraded = sum(1 for link in view["links"] if link["upgraded"])
        n = len(view["links"])
        return (f"Engineer, of {n} complete link{'' if n == 1 else 's'} on the map {bought} bought and "
                f"{upgraded} upgraded")
    return f"Economist, score so far {view['score_now']}"


class RailwaysUI(EngineOptions, GameUI):
    """Railways (solo)'s ``GameUI`` (``/railways``, ``railways``), playable in DMs; capital,
    profit and pollution are counted on their tracks, not in dollars."""

    group_description = "Railways (solo) moves"
    in_dms = True
    game_id = "railways"
    prefix = "railways"
    commands = COMMANDS
    options_type = Options                      # /game new's options (bot/game_options.py)
    summary = ("**Railways** (solo, Alban Viard): 12 decades of up to two actions each, paid with icons of the "
               "cards in your hand (`card.slot`, a second slot of one card costs 1 pollution): buy rail links "
               "between buildings, build buildings, move passengers along your links for profit and bonuses, hire "
               "railworkers, raise capital, clean up, add passengers, upgrade links. Score: profit + 3 per link "
               "- pollution. Play in a channel or in a DM with the bot: `/game new game:railways`.")

    def render(self, view: dict, **kwargs) -> bytes:
        """See ``GameUI.render``: the board PNG from ``render/railways/board.py``."""
        from railhead.render import railways as render_railways
        return render_railways.board_png(view, **kwargs)

    def variant(self, view: dict, outcome: dict) -> str:
        """``map 5-6-7-8, Economist``: scores compare on one map and objective."""
        final = outcome["final"]
        goals = " + ".join(OBJECTIVES[g].split(" (")[0].removeprefix("the ") for g in final["goals"])
        return f"map {final['map']}, {goals}"

    def prompt_text(self, view: dict, prompt: prompts.Place | prompts.Action, who: str) -> str:
        """See ``GameUI.prompt_text``: place a passenger die, or decade and action number."""
        if isinstance(prompt, prompts.Place):
            left = " and ".join(str(v) for v in prompt.left)
            return (f"{who}, place a passenger die on a building of each map card (dice left: {left}): "
                    "choose below, or `/railways place`.")
        return (f"{who}, decade {prompt.decade} of {view['decades']}, action {prompt.action} of 2: "
                "choose an action below.")

    def prompt_components(self, ctx: UIContext, prompt: prompts.Place | prompts.Action) -> list[Button | Select]:
        """See ``GameUI.prompt_components``: the die placement menu, else a button per
        legal action kind (opening its menu) and **End the decade**."""
        acts = ctx.legal_actions()
        if isinstance(prompt, prompts.Place):
            view = ctx.view()
            high = max(prompt.left)
            kinds = {s: b["kind"] for b in view["buildings"] for s in b["spaces"]}
            card_of = {cell: f"card {c['number']} {c['name']}" for c, cell in
                       ((view["layout"][(int(a["at"][1:]) - 1) // 4 * 2 + (ord(a["at"][0]) - 65) // 5], a["at"])
                        for a in acts)}
            options = [Option(f"{a['at']}: {KIND_NAMES[kinds[a['at']]]} building — {high} passengers", a,
                              card_of[a["at"]]) for a in acts if a["passengers"] == high][:MENU]
            return [Select(f"Place a die showing {high}", options)]
        kinds = {a["type"] for a in acts}
        out: list[Button | Select] = []
        for kind, label in ACTION_NAMES.items():
            if kind in kinds:
                style = "primary" if kind in ("move", "buy_link") else "secondary"
                out.append(Button(label + "…", {"type": "_cmd", "name": COMMAND_OF[kind]}, style))
        if "end_decade" in kinds:
            out.append(Button("End the decade", plain(moves.EndDecade()), "danger"))
        return out

    def public_players(self, view: dict) -> list[str]:
        """See ``GameUI.public_players``: the solo player's capital, profit, pollution and score now."""
        return [f"capital {view['capital']}/20 · profit {view['profit']} · pollution {view['pollution']}/13 · "
                f"score now {view['score_now']}"]

    def status_text(self, view: dict) -> str:
        """See ``GameUI.status_text``: objective, phase, capital, profit, pollution, railworkers,
        markers, dice, the score now and the hand."""
        when = "placing passenger dice" if view["phase"] == "place" else (
            "over" if view["phase"] == "over" else f"decade {view['decade']} of {view['decades']}, "
                                                   f"action {view['action']} of 2")
        return "\n".join([
            f"**Railways** (solo), objective {objective_words(view)}: {when}.",
            f"Capital {view['capital']}/20 · profit {view['profit']} · pollution {view['pollution']}/13 · "
            f"railworkers {view['workers']} · link markers left {view['markers_left']}/6 · "
            f"Building dice {', '.join(map(str, view['building_dice'])) or 'none'} · "
            f"passenger dice above the map {view['spare_dice']}",
            f"Score now: {view['score_now']} (profit + 3 per link − pollution).",
            "Objective so far: " + "; ".join(progress(view, g) for g in goals(view)) + ".",
            *(card_line(c) for c in view["hand"]),
        ])

    def hand_text(self, view: dict) -> str:
        """See ``GameUI.hand_text``: the hand's cards and slots, the pool and the discards."""
        lines = ["Your hand (pay with `card.slot`, e.g. `4.2`; two slots of one card add 1 pollution):"]
        lines += [card_line(c) for c in view["hand"]]
        nxt = view["pool"]["next"]
        lines.append(f"Pool: {view['pool']['count']} card(s)" + (f", next {cards()[nxt].name} ({nxt})" if nxt else "")
                     + f"; discards: {len(view['discard'])}.")
        return "\n".join(lines)

    def outcome_text(self, view: dict, outcome: dict) -> str:
        """See ``GameUI.outcome_text``: score = profit + 3 per link − pollution, and each
        objective met or not."""
        f = outcome["final"]
        lines = [f"**Final score: {f['score']}** = profit {f['profit']} + 3 × {f['links']} links − "
                 f"pollution {f['pollution']} (map {f['map']}; the same map again: `/game new game:railways "
                 f"cards:{f['map'].replace('-', ' ')}`).",
                 f"Objective: {objective_words(view)}."]
        for goal in f["goals"]:
            test = f["tests"][goal]
            if test is not None:
                lines.append(f"- {OBJECTIVES[goal].split(' (')[0]}: {'met ✅' if test else 'not met ❌'}")
        if f["success"] is not None:
            lines.append("🏆 Objective achieved!" if f["success"] else "The objective was not achieved.")
        return "\n".join(lines)


UI = RailwaysUI()
