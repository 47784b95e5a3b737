"""Railway Workers for the table: ``/workers ...`` in Discord, ``workers ...`` at the local table.

The secret steps (placing cards, assigning dice) are private menus, one place at a time, ending
with a **Ready** button; the turn is buttons and menus on the channel message built from the legal
moves; the questions (a reward, a train's city or way, a bonus) are buttons for whoever answers.
Every move is also a command with arguments.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from railhead.engine import IllegalAction
from railhead.engine.common.names import fold
from railhead.engine.core import Action
from railhead.engine.core.actions import tag_of
from railhead.engine.core.prompts import Prompt
from railhead.engine.games.workers import actions as moves
from railhead.engine.games.workers import prompts
from railhead.engine.games.workers.board import plural
from railhead.engine.games.workers.data import SLOTS, action_cards
from railhead.engine.games.workers.options import Options

from ...actions import plain
from ...game_options import EngineOptions
from ...replies import Apply, Button, Option, Reply, Select, private
from ...ui import Command, GameUI, Param, UIContext
from . import words
from .menus import halves_left, turn_components


def card_id(word: str) -> str:
    """An action card from its id or name, any case (``store``, ``Store Up``, ``buy tracks``)."""
    w = word.strip().lower()
    for cid, card in action_cards().items():
        if w in (cid, card.name.lower()) or card.name.lower().startswith(w) or w.endswith(cid):
            return cid
    raise IllegalAction(f"There is no action card {word!r}; cards: {', '.join(action_cards())}.")


def card_words(text: str) -> list[str]:
    """Action card ids from ``text`` (comma- or space-separated names or ids, in order); raises
    ``IllegalAction`` naming the cards when a word is no card."""
    parts = [p for p in text.split(",")] if "," in text else text.split()
    return [card_id(p) for p in parts if p.strip()]


def numbers(text: str) -> list[int]:
    """The whole numbers in ``text`` (separated by spaces, commas or ``+``), e.g. dice ``6 2 5 1``;
    raises ``IllegalAction`` (``'x' is not a number.``) for any other word."""
    out = []
    for w in str(text).replace(",", " ").replace("+", " ").split():
        if not w.isdigit():
            raise IllegalAction(f"{w!r} is not a number.")
        out.append(int(w))
    return out


P = TypeVar("P", bound=Prompt)


def _step_word(kind: type[Prompt] | Prompt) -> str:
    """A prompt kind in words for a refusal: ``low roll``, ``train city``."""
    return str(tag_of(kind if isinstance(kind, type) else type(kind))).replace("_", " ")


def _prompt(ctx: UIContext, *kinds: type[P]) -> P:
    """The seat's prompt when it is one of ``kinds`` (``prompts.Turn``, ...); raises
    ``IllegalAction`` saying whom the game waits on, or which step the seat is in."""
    prompt = ctx.prompt()
    if prompt is None:
        waiting = [ctx.names[p["seat"]] for p in ctx.prompts()]
        ready = " (you are ready)" if ctx.view()["players"][ctx.seat]["ready"] else ""
        raise IllegalAction(f"It is not your move now{ready}: waiting for {', '.join(waiting) or 'nobody'}.")
    if not isinstance(prompt, kinds):
        wanted = " or ".join(_step_word(k) for k in kinds)
        raise IllegalAction(f"That is for the {wanted} step; your move now: {_step_word(prompt)}.")
    return prompt


# ------------------------------------------------------------------ secret steps
async def place(ctx: UIContext, args: dict) -> Apply | Reply:
    """``/workers place`` / ``workers place``: see ``place_step``."""
    return place_step(ctx, args)


def place_step(ctx: UIContext, args: dict) -> Apply | Reply:
    """``cards``: four cards for +1, +2, +3, +6 (placed and declared ready); from the private menu,
    fewer cards: the next place's menu."""
    _prompt(ctx, prompts.Place)
    me = ctx.view()["players"][ctx.seat]
    chosen = card_words(args.get("cards", ""))
    if len(chosen) == 4 and not args.get("menu"):
        return Apply(plain(moves.Place(cards=chosen, ready=True)))
    if len(chosen) > 4 or len(set(chosen)) != len(chosen):
        raise IllegalAction("Name four different cards, in the order +1, +2, +3, +6.")
    left = [c for c in me["hand"] if c not in chosen]
    if len(chosen) == 3 and len(left) == 1:
        chosen.append(left.pop())            # the second action phase's last card has one place left
    shown = "; ".join(f"+{s}: {words.card_name(c)}" for s, c in zip(SLOTS, chosen)) or "nothing yet"
    if len(chosen) == 4:
        return private(f"Your cards: {shown}. Press **Ready** to lock them in (or start over).", components=[
            Button("Ready", plain(moves.Place(cards=chosen, ready=True)), "success"),
            Button("Start over", {"type": "_cmd", "name": "place", "args": {"menu": True}})])
    slot = SLOTS[len(chosen)]
    options = [Option(words.card_name(c), {"type": "_cmd", "name": "place",
                                           "args": {"cards": " ".join([*chosen, c]), "menu": True}},
                      action_cards()[c].top) for c in left]
    return private(f"Placed so far: {shown}. Which card goes under **+{slot}**?",
                   components=[Select(f"Card under +{slot}", options)])


async def assign(ctx: UIContext, args: dict) -> Apply | Reply:
    """``/workers assign`` / ``workers assign``: see ``assign_step``."""
    return assign_step(ctx, args)


def assign_step(ctx: UIContext, args: dict) -> Apply | Reply:
    """``dice``: your four dice for +1, +2, +3, +6; ``plus``: +1 tokens per place (``0 1 0 0``)."""
    _prompt(ctx, prompts.Assign)
    me = ctx.view()["players"][ctx.seat]
    dice = numbers(args.get("dice", ""))
    plus = numbers(args["plus"]) if args.get("plus") else None
    if len(dice) > 4:
        raise IllegalAction(f"Give four dice, one for each place +1 +2 +3 +6 (you gave {len(dice)} numbers); "
                            "+1 tokens go in the `plus` option, one number per place: `plus:0 0 1 0` (at the local "
                            "table `plus=0,0,1,0`).")
    if len(dice) == 4 and not args.get("menu"):
        return Apply(plain(moves.Assign(dice=dice, plus=plus, ready=True)))
    left = list(me["dice"])
    for d in dice:
        if d not in left:
            raise IllegalAction(f"Your dice are {sorted(me['dice'])}.")
        left.remove(d)
    while len(dice) < 4 and len(set(left)) == 1:
        dice.append(left.pop())              # dice of one value left: nothing to choose
    cards = [c["card"] for c in me["cards"]]
    shown = "; ".join(f"+{s} {words.card_name(c)}: {d}" for s, c, d in zip(SLOTS, cards, dice)) or "nothing yet"
    if len(dice) < 4:
        slot = SLOTS[len(dice)]
        options = [Option(f"Die {d} → sum {d + slot}", {"type": "_cmd", "name": "assign",
                                                       "args": {"dice": " ".join(map(str, [*dice, d])), "menu": True}})
                   for d in sorted(set(left), reverse=True)]
        return private(f"Your dice so far: {shown}. Which die goes on **+{slot} {words.card_name(cards[len(dice)])}**?",
                       components=[Select(f"Die on +{slot}", options)])
    plus = plus or [0, 0, 0, 0]
    base = {"dice": " ".join(map(str, dice)), "menu": True}
    sums = [s + d + k for s, d, k in zip(SLOTS, dice, plus)]
    total = "; ".join(f"+{s} {words.card_name(c)}: sum {x}" for s, c, x in zip(SLOTS, cards, sums))
    components: list = [Button("Ready", plain(moves.Assign(dice=dice, plus=plus, ready=True)), "success"),
                        Button("Start over", {"type": "_cmd", "name": "assign", "args": {"menu": True}})]
    if sum(plus) < me["plus_tokens"]:
        options = []
        for i, s in enumerate(SLOTS):
            more = list(plus)
            more[i] += 1
            options.append(Option(f"+1 token on +{s} {words.card_name(cards[i])} (sum {sums[i] + 1})",
                                  {"type": "_cmd", "name": "assign",
                                   "args": {**base, "plus": " ".join(map(str, more))}}))
        components.insert(0, Select(f"+1 tokens ({me['plus_tokens'] - sum(plus)} left)", options))
    return private(f"Your Sums: {total}. Press **Ready** to lock them in.", components=components)


async def ready(ctx: UIContext, args: dict) -> Apply:
    """``workers ready`` (local table only): declare the placed cards or dice ready; raises
    ``IllegalAction`` outside the place and assign steps."""
    _prompt(ctx, prompts.Place, prompts.Assign)
    return Apply(plain(moves.Ready()))


async def reroll(ctx: UIContext, args: dict) -> Apply:
    """``all``/``keep`` after a low roll; dice positions (``2 4``) or ``keep`` with reroll tokens."""
    prompt = _prompt(ctx, prompts.LowRoll, prompts.Reroll)
    word = str(args.get("dice", "")).strip().lower()
    if isinstance(prompt, prompts.LowRoll):
        if word not in ("all", "keep"):
            raise IllegalAction("After a low roll: `all` rerolls your three dice, `keep` keeps them.")
        return Apply(plain(moves.LowRoll(reroll=word == "all")))
    return Apply(plain(moves.Reroll(dice=[] if word in ("", "keep", "none") else numbers(word))))


# ------------------------------------------------------------------ the turn
def _part(ctx: UIContext, args: dict) -> str:
    prompt = _prompt(ctx, prompts.Turn)
    if args.get("part"):
        part = {"4": "top", "4+": "top", "7": "bottom", "7+": "bottom"}.get(args["part"], args["part"])
        if part not in ("top", "bottom"):
            raise IllegalAction("`part` is top (4+) or bottom (7+).")
        return part
    return "bottom" if prompt.top else "top"


def _given(args: dict, key: str, default=None):
    """``args[key]``, or ``default`` (the action struct's) when the player left it out."""
    return default if args.get(key) is None else args[key]


def _turn(make: Callable[[dict, str], Action], half: bool = True):
    """A turn command's handler: ``make(args, part)`` is its engine action (``part`` is ``""`` for
    a move of no half: a share, a train, a pass); raises ``IllegalAction`` off the seat's turn."""
    async def handler(ctx: UIContext, args: dict) -> Apply:
        if half:
            return Apply(plain(make(args, _part(ctx, args))))
        _prompt(ctx, prompts.Turn)
        return Apply(plain(make(args, "")))
    return handler


buy = _turn(lambda a, part: moves.Buy(part=part, count=_given(a, "count", 1), site=a.get("site")))
worker = _turn(lambda a, part: moves.Worker(part=part, do=a["do"], site=a.get("site"), kind=a.get("kind")))
share = _turn(lambda a, _: moves.Share(site=a["site"]), half=False)
train = _turn(lambda a, _: moves.Train(train=a["train"], toward=a.get("toward"), go=_given(a, "go", True)),
              half=False)
store = _turn(lambda a, part: moves.Store(part=part, kind=a["kind"], site=a["site"], count=_given(a, "count", 1)))
send = _turn(lambda a, part: moves.Send(part=part, site=a["site"], structures=_given(a, "structures", 0),
                                        tracks=_given(a, "tracks", 0)))
invest = _turn(lambda a, part: moves.Invest(part=part))
pass_ = _turn(lambda a, _: moves.Pass(), half=False)


async def subsidy(ctx: UIContext, args: dict) -> Apply:
    """``/workers subsidy``: ``tiles`` two reward tiles (``S T``, ``S+T`` or ``ST``) traded for coins,
    with ``part``; raises ``IllegalAction`` off the seat's turn or for a bad ``part``."""
    tiles = [t for t in str(args.get("tiles", "")).upper().replace("+", " ").replace(",", " ").split()]
    if len(tiles) == 1 and len(tiles[0]) == 2:
        tiles = list(tiles[0])
    return Apply(plain(moves.Subsidy(part=_part(ctx, args), tiles=tiles)))


async def command(ctx: UIContext, args: dict) -> Apply:
    """``/workers command``: use an Available Command with a director; ``number`` and its targets
    (``slots`` like ``3 6``) pass through; raises ``IllegalAction`` when it is not the seat's turn."""
    _prompt(ctx, prompts.Turn)
    return Apply(plain(moves.Command(
        number=args["number"], site=args.get("site"), kind=args.get("kind"), train=args.get("train"),
        token=args.get("token"), slots=numbers(args["slots"]) if args.get("slots") else None,
        owner=args.get("owner"), to_site=args.get("to_site"), to_kind=args.get("to_kind"))))


async def end(ctx: UIContext, args: dict) -> Apply | Reply:
    """``/workers end``: end the turn; while a half of the card (4+ or 7+) can still be done, a
    private question first, with that half's buttons and menus beside **End turn anyway**, so the
    choice a player missed is where they look (issue 31: one pressed End turn and lost a 7+).
    Raises ``IllegalAction`` when it is not the seat's turn."""
    prompt = _prompt(ctx, prompts.Turn)
    acts = ctx.legal_actions()
    left = halves_left(acts)
    if not left or not any(a["type"] == "end" for a in acts):
        return Apply(plain(moves.End()))
    card = action_cards()[prompt.card]
    what = {"4+": card.top, "7+": card.bottom}
    lines = "\n".join(f"{half}: {what[half]}" for half in left)
    halves = [a for a in acts if a["type"] not in ("pass", "end", "command")]
    return private(f"You can still do the {' and '.join(left)} of **{card.name}**:\n{lines}\nEnd your turn without "
                   f"{'it' if len(left) == 1 else 'them'}?", components=[*turn_components(ctx, halves),
                                      Button("End turn anyway", plain(moves.End()), "danger"),
                                      Button("Cancel", {"type": "_cancel"})])


async def choose(ctx: UIContext, args: dict) -> Apply:
    """``/workers choose``: answer the seat's question (``option``, any case, e.g. ``tile`` or a city);
    raises ``IllegalAction`` when there is no question or the answer is not one of its options."""
    prompt = ctx.prompt()
    if not isinstance(prompt, prompts.Question):
        raise IllegalAction("There is no question for you now.")
    word = str(args.get("option", "")).strip()
    found = next((o for o in prompt.options if fold(o) == fold(word)), None)
    if found is None:
        raise IllegalAction(f"Answer one of: {', '.join(prompt.options)}.")
    return Apply(plain(moves.Choose(option=found)))


PART = Param("part", str, "top (the 4+ action) or bottom (7+); default: top, then bottom", choices=("top", "bottom"))
SITE = Param("site", int, "a construction site (or route) by project number", min=1, max=7)
KINDS = ("structures", "tracks", "plans")
KIND = Param("kind", str, "structures, tracks or plans", choices=KINDS)
MENU_ARG = Param("menu", bool, "show the private menu", local_only=True)
MOVE_PARAMS = (Param("site", int, "project number", required=True, min=1, max=7),
               Param("structures", int, "workers to structures", min=0, max=5),
               Param("tracks", int, "workers to tracks", min=0, max=5), PART)
"""Move Workers is typed ``move`` as the card reads, or ``send`` (its first name; the action's type)."""
COMMANDS = {c.name: c for c in (
    Command("place", "place four cards face down under +1 +2 +3 +6 and declare ready", place,
            (Param("cards", str, "four cards in order, like `structures worker store share`", rest=True,
                   discord_description="Four cards in order, like: structures worker store share (leave out for a "
                                       "menu)"), MENU_ARG),
            discord_description="Place four cards face down under +1 +2 +3 +6 (secret)"),
    Command("assign", "put your four dice on your cards behind the screen and declare ready", assign,
            (Param("dice", str, "four die values in place order, like `6 2 5 1`", rest=True,
                   discord_description="Four die values in place order, like 6 2 5 1 (leave out for a menu)"),
             Param("plus", str, "+1 tokens per place, like `0 0 1 0` (`plus=0,0,1,0` at the local table)",
                   discord_description="+1 tokens per place, like 0 0 1 0"), MENU_ARG),
            discord_description="Put your dice on your cards behind the screen (secret)"),
    Command("ready", "declare your placed cards or dice ready", ready, local_only=True),
    Command("reroll", "reroll after a low roll (`all`/`keep`) or spend reroll tokens (dice positions)", reroll,
            (Param("dice", str, "`all`, `keep`, or dice positions like `2 4`", rest=True,
                   discord_description="all, keep, or dice positions like 2 4"),),
            discord_description="After a low roll: all or keep; with tokens: dice positions"),
    Command("buy", "Buy Structures/Tracks/Plans: top into your Facilities, bottom 1 into a warehouse",
            buy,
            (Param("count", int, "how many", min=1, max=20, discord_description="How many (top)"),
             Param("site", int, SITE.description, min=1, max=7,
                   discord_description="A site's warehouse (bottom, structures/tracks)"), PART)),
    Command("worker", "New Worker: hire, recall (1 coin) or send a worker to a warehouse",
            worker,
            (Param("do", str, "hire, recall or send", required=True, choices=("hire", "recall", "send")),
             SITE, KIND, PART)),
    Command("share", "Share (4+): put a share on a site or route", share,
            (Param("site", int, "project number", required=True, min=1, max=7),),
            discord_description="Share (4+): a share on a construction site or route"),
    Command("train", "Share (7+): turn a black train and/or run it",
            train,
            (Param("train", int, "the train's number", required=True, min=1, max=6),
             Param("toward", str, "a neighbouring city to face"), Param("go", bool, "run it (default yes)"))),
    Command("store", "Store Up: resources of one kind from your Facilities to a site", store,
            (Param("kind", str, "structures, tracks or plans", required=True, choices=KINDS,
                   discord_description="Which resource"),
             Param("site", int, "project number", required=True, min=1, max=7),
             Param("count", int, "how many", min=1, max=20), PART)),
    Command("move", "Move Workers: workers from your Facilities to one site's warehouses", send, MOVE_PARAMS),
    Command("send", "the same as `move` (Move Workers)", send, MOVE_PARAMS),
    Command("subsidy", "Subsidy: trade two reward tiles for coins", subsidy,
            (Param("tiles", str, "two tiles, like `S T`", required=True, rest=True,
                   discord_description="Two tiles, like S T"), PART)),
    Command("invest", "Investment: move your marker one step right", invest, (PART,)),
    Command("command", "use an Available Command with a director", command,
            (Param("number", int, "the command card's number", required=True, min=1, max=16), SITE, KIND,
             Param("train", int, "a train", min=1, max=6),
             Param("token", str, "reroll or plus", choices=("reroll", "plus")),
             Param("slots", str, "two places to swap, like `3 6`", discord_description="Two places to swap, like 3 6"),
             Param("owner", int, "a worker's owner (seat)", min=0, max=3,
                   discord_description="A worker's owner (seat number)"),
             Param("to_site", int, "where the worker goes", min=1, max=7),
             Param("to_kind", str, "structures or tracks", choices=KINDS,
                   discord_description="Which warehouse it goes to"))),
    Command("pass", "pass your turn for 1 coin", pass_),
    Command("end", "end your turn (asks first while your card's 4+ or 7+ can still be done)", end),
    Command("choose", "answer the game's question (tile/share, a city, a bonus)", choose,
            (Param("option", str, "your answer", required=True, rest=True),)),
)}


class WorkersUI(EngineOptions, GameUI):
    """Railway Workers' ``GameUI`` (``/workers``, ``workers``): money in coins, secret steps as private menus."""

    group_description = "Railway Workers moves"
    game_id = "workers"
    prefix = "workers"
    commands = COMMANDS
    options_type = Options                      # /game new's options (bot/game_options.py)
    summary = ("**Railway Workers** (2-4 players, Marios Axiotis and Nikos Chondropoulos): four rounds of two action "
               "phases. Each phase you place four of your eight action cards face down under +1, +2, +3 and +6 "
               "(in secret), roll dice, and put one die on each card behind your screen. Cards are revealed one "
               "place at a time; the highest Sum plays first; a Sum of 4 does the card's top action, 7 its bottom "
               "one too. Buy resources, send workers to construction sites, store up, complete tables for rewards, "
               "buy shares in the routes the sites become, and ride the trains. Most coins wins.")

    def render(self, view: dict, **kwargs) -> bytes | None:
        """See ``GameUI.render``: the board PNG from ``render/workers.py``, or ``None`` without it."""
        try:
            from railhead.render import workers as render_workers
        except ImportError:
            return None
        return render_workers.board_png(view, **kwargs)

    def hand_image(self, view: dict) -> bytes | None:
        """Your placed cards, dice and Sums as a picture (``render/workers.py``)."""
        try:
            from railhead.render import workers as render_workers
        except ImportError:
            return None
        return render_workers.hand_png(view)

    def board_changed(self, before: dict, after: dict) -> bool:
        """One board per turn, not one per click: a new board when the move passes to another
        player, another place, step or round, or the game ends; a player declaring ready,
        rerolling, or going on with their own turn gets a text line."""
        def moment(view: dict) -> tuple:
            turn = view["turn"] or {}
            return (turn.get("seat"), view["slot"], view["step"], view["phase"], view["round"], view["final"] is None)
        return moment(before) != moment(after)

    def typed_names(self) -> list[str]:
        """See ``GameUI.typed_names``: the cities and the action cards."""
        from railhead.engine.games.workers.data import country
        return [c.name for c in country().city] + [c.name for c in action_cards().values()]

    def render_options(self, prefs: dict) -> dict:
        """See ``GameUI.render_options``: ``colourblind`` (bool) and ``layout`` (default desktop)."""
        return {"colourblind": bool(prefs.get("colourblind")), "layout": prefs.get("layout", "desktop")}

    def prompt_text(self, view: dict, prompt: Prompt, who: str) -> str:
        """See ``GameUI.prompt_text``: the place/assign steps (menus in DMs unless ``who`` is
        ``you``), low rolls, rerolls, the turn (card, Sum, 4+/7+ text, order) and the questions;
        ``prompt`` is one of ``engine/games/workers/prompts.py``."""
        where = "choose below" if who == "you" else "the menu is in your DMs (or press **My hand**)"
        match prompt:
            case prompts.Place():
                return (f"{who}: round {prompt.round}, action phase {prompt.phase}. Place four action cards face "
                        f"down under +1, +2, +3 and +6: {where}.")
            case prompts.Assign():
                dice = view["players"][prompt.seat]["dice"]
                return f"{who}: put your dice {', '.join(map(str, dice))} on your cards behind the screen: {where}."
            case prompts.LowRoll():
                return f"{who}: your dice sum to {sum(prompt.dice)}. Reroll all three, or keep them?"
            case prompts.Reroll():
                return (f"{who}: your dice are {', '.join(map(str, prompt.dice))}; you may spend "
                        f"{plural(prompt.left, 'reroll token')}, one die each.")
            case prompts.Turn():
                return self._turn_text(view, prompt, who)
            case prompts.Reward():
                return (f"{who}: you lead the {prompt.table} table of site {prompt.site}. Take the reward tile "
                        "or a free share (the runner-up gets the other)?")
            case prompts.TrainCity():
                return (f"{who}: {words.route_lead(view, prompt.project)}. Put its train in "
                        f"{' or '.join(prompt.options)}?")
            case prompts.Junction():
                ways = " or ".join(prompt.options)
                return f"{who}: train {prompt.train} is where three routes meet. Toward {ways}?"
            case prompts.Bonus():
                return f"{who}: take a bonus: {', '.join(words.choice_label(o) for o in prompt.options)}."
        return f"{who}, your move."

    @staticmethod
    def _turn_text(view: dict, prompt: prompts.Turn, who: str) -> str:
        """The turn's line: the card under its place, the Sum (with Overtime's +1), what 4+ and 7+
        do, the Investment offer with Subsidy / Investment, and the order of play at this place."""
        card = action_cards()[prompt.card]
        order = words.sums_line(view)
        below = f" (below 4: pay {plural(4 - prompt.sum, 'coin')} to do the 4+)."
        extra = " 7+ too." if prompt.sum >= 7 else (" (4+ only)." if prompt.sum >= 4 else below)
        total: int | str = prompt.sum
        if prompt.overtime:
            total = f"{prompt.sum - prompt.overtime} + {prompt.overtime} Overtime = {prompt.sum}"
        invest = (f"\nInvestment: {words.investment_offer(view)}."
                  if prompt.card == "subsidy" and view.get("turn") else "")
        return (f"{who}, your turn: **{card.name}** under +{prompt.slot}, Sum {total}.{extra}\n"
                f"4+: {card.top}\n7+: {card.bottom}{invest}" + (f"\nOrder: {order}." if order else ""))

    def prompt_components(self, ctx: UIContext, prompt: Prompt) -> list[Button | Select]:
        """See ``GameUI.prompt_components``: the secret steps' first private menu, reroll
        buttons, the turn's buttons and menus (``turn_components``) or the answers."""
        if isinstance(prompt, prompts.Secret):
            reply = _menu_now(ctx, prompt)
            return reply.caller.components if reply and reply.caller else []
        if isinstance(prompt, prompts.LowRoll):
            return [Button("Reroll all three", plain(moves.LowRoll(reroll=True)), "primary"),
                    Button("Keep them", plain(moves.LowRoll(reroll=False)))]
        acts = ctx.legal_actions()
        if isinstance(prompt, prompts.Reroll):
            return [Button(f"Reroll die {a['dice'][0]} ({prompt.dice[a['dice'][0] - 1]})", a, "primary")
                    for a in acts if a["dice"]] + [Button("Keep my dice", plain(moves.Reroll(dice=[])))]
        if isinstance(prompt, prompts.Turn):
            return turn_components(ctx, acts)
        into = isinstance(prompt, prompts.TrainCity)
        return [Button(words.choice_label(a["option"], into=into), a, "primary") for a in acts]

    def public_players(self, view: dict) -> list[str]:
        """See ``GameUI.public_players``: coins, investment step, directors, workers in the union,
        the Baton and whether the player is ready."""
        return [f"{words.coins(p['coins'])} · investment step {p['step']} · directors {p['directors']} · "
                f"union workers {p['workers']['union']}" + (" · 🎽 Baton" if p["baton"] else "")
                + (" · ready" if p["ready"] else "") for p in view["players"]]

    def status_text(self, view: dict) -> str:
        """See ``GameUI.status_text``: round, phase and step, a line per player (coins, workers,
        tokens) and per site, then market, commands, subsidy dice and trains."""
        step = {"place": "placing cards", "low": "low rolls", "tokens": "reroll tokens", "assign": "assigning dice",
                "play": f"resolving the cards under +{view['slot']}", "payments": "payments", "over": "over"}
        names = [p["name"] for p in view["players"]]
        lines = [f"**Railway Workers**, round {view['round']} of {view['rounds']}, action phase {view['phase']}: "
                 f"{step.get(view['step'], view['step'])}."]
        lines += [words.player_line(view, p) for p in view["players"]]
        lines += [words.site_line(s, names) for s in view["sites"]]
        market = ", ".join(f"{k} {m['price']} ({m['side']})" for k, m in view["market"].items())
        c = view["commands"]
        avail = ", ".join(f"{x['number']} {x['name']}" for x in c["available"]) or "none"
        unavail = f"{c['unavailable']['number']} {c['unavailable']['name']}" if c["unavailable"] else "none"
        trains = ", ".join(f"{t['id']} in {t['city']} ({'black' if t['black'] else 'white'})" for t in view["trains"])
        lines.append(f"Market: {market}. Commands: {avail} (unavailable: {unavail}). Subsidy dice on "
                     f"{view['subsidy']['dice']}. Trains: {trains or 'none on the map'}.")
        return "\n".join(lines)

    def hand_text(self, view: dict) -> str:
        """See ``GameUI.hand_text``: the seat's cards in hand and placed (dice, +1s, Sums), dice,
        coins and tokens."""
        me = view["players"][view["you"]]
        placed = [c for c in me["cards"] if c["card"]]
        free = [c for c in me["hand"] if c not in {p["card"] for p in placed}]
        lines = [f"In your hand: {', '.join(words.card_name(c) for c in free) or 'nothing'}."]
        if placed:
            lines.append("Placed: " + "; ".join(
                f"+{c['slot']} {words.card_name(c['card'])}" + (f" (die {c['die']}" + (f" +{c['plus']}" if c.get("plus")
                                                                                      else "") + f", sum {c['sum']})"
                                                                if "die" in c else "") for c in placed) + ".")
        if me["dice"]:
            lines.append(f"Your dice: {', '.join(map(str, me['dice']))}.")
        lines.append(f"Coins {me['coins']} · reroll tokens {me['reroll']} · +1 tokens {me['plus_tokens']} · "
                     f"directors {me['directors']}.")
        return "\n".join(lines)

    def outcome_text(self, view: dict, outcome: dict) -> str:
        """See ``GameUI.outcome_text``: each player's total in coins with its parts, and the winner."""
        lines = ["**Final score** (coins after selling resources, reward tiles, five workers home, shares on "
                 "unbuilt sites):"]
        for s in outcome["ranking"]:
            f = outcome["final"][s]
            lines.append(f"- {view['players'][s]['name']}: **{f['total']}** (cash {f['coins']}, resources "
                         f"{f['resources']}, tiles {f['tiles']}, workers {f['workers']}, shares {f['shares']})")
        verb = "share the victory" if len(outcome["winners"]) > 1 else "wins"
        lines.append(f"🏆 {outcome['winner']} {verb}!")
        return "\n".join(lines)

    def help_lines(self) -> list[str]:
        """See ``GameUI.help_lines``; ``ready`` (local table only) is listed last, bare."""
        return [c.usage(self.prefix) for c in self.commands.values() if c.name != "ready"] + [
            f"{self.prefix} ready"]



def _menu_now(ctx: UIContext, prompt: prompts.Secret) -> Reply | None:
    """The first private menu of a secret step (for DMs and **My hand**)."""
    reply = (place_step if isinstance(prompt, prompts.Place) else assign_step)(ctx, {"menu": True})
    return reply if isinstance(reply, Reply) else None


UI = WorkersUI()
