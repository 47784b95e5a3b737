"""Railway Workers in words: what a move does, who is where, for buttons, menus and messages.
Built only from views (DESIGN.md: a game's UI sees views and legal actions)."""
from __future__ import annotations

from railhead.engine.games.workers.data import SLOTS, action_cards, commands

KIND_WORD = {"structures": "structure", "tracks": "track", "plans": "plan"}
TILE_WORD = {"S": "structures", "P": "plans", "T": "tracks"}


def card_name(card: str | None) -> str:
    """An action card's name from its id (``"—"`` for ``None``)."""
    return action_cards()[card].name if card else "—"


def command_name(number: int) -> str:
    """A command card as its name and what it does: ``Foreman: move a waiting worker to another
    warehouse (1 coin)``."""
    card = commands()[number]
    return f"{card.name}: {COMMAND_DOES[card.effect]}"


def count_of(n: int, kind: str) -> str:
    """``n`` of a resource kind in words: ``1 track``, ``3 plans``, ``2 workers``."""
    word = KIND_WORD.get(kind, kind) + ("" if n == 1 else "s")
    return f"{n} {word}"


def site_word(view: dict, number: int) -> str:
    """A site or route by number with its cities, e.g. ``site 4 (A–B)`` (bare ``site N`` if unknown)."""
    site = next((s for s in view["sites"] if s["number"] == number), None)
    if site is None:
        return f"site {number}"
    what = "route" if site["status"] == "route" else "site"
    return f"{what} {number} ({'–'.join(site['between'])})"


def action_label(view: dict, a: dict) -> str:
    """One line (at most 100 characters) for a legal action."""
    kind = a["type"]
    if kind == "buy":
        me = view["turn"]["card"] if view.get("turn") else "plans"
        price, bulk = buy_price(view, me)
        if a.get("site"):
            return f"Buy 1 {KIND_WORD[me]} into the warehouse of {site_word(view, a['site'])} ({coins(price)}{bulk})"
        n = a.get("count", 1)
        return f"Buy {count_of(n, me)} into your Facilities ({coins(price * n)} at {price}{bulk})"
    if kind == "worker":
        if a["do"] == "hire":
            return "Hire a worker from your Union"
        if a["do"] == "recall":
            return "Bring a worker home from the Houses (1 coin)"
        return f"Send a worker to {site_word(view, a['site'])}, {a['kind']}"
    if kind == "share":
        site = next(s for s in view["sites"] if s["number"] == a["site"])
        free = (view.get("turn") or {}).get("free_share")
        return f"Share on {site_word(view, a['site'])} ({'free: Broker' if free else coins(share_cost(site))})"
    if kind == "train":
        t = next(t for t in view["trains"] if t["id"] == a["train"])
        if a.get("toward"):
            go = " and run it" if a.get("go", True) else " (do not run it)"
            return f"Train {t['id']} in {t['city']}: turn toward {a['toward']}{go}"
        return f"Train {t['id']} in {t['city']}: run it on"
    if kind == "store":
        return f"Store {count_of(a.get('count', 1), a['kind'])} on {site_word(view, a['site'])}"
    if kind == "send":
        parts = [count_of(a[k], "worker") + f" to {k}" for k in ("structures", "tracks") if a.get(k)]
        return f"{site_word(view, a['site'])}: " + ", ".join(parts).replace("workers to", "workers to")
    if kind == "subsidy":
        row = next(r for r in view["subsidy"]["table"] if sorted(r["tiles"]) == sorted(a["tiles"]))
        extra = 5 if row["face"] in view["subsidy"]["dice"] else 0
        extra += 4 if (view.get("turn") or {}).get("grant_subsidy") else 0
        return f"Subsidy: trade {'+'.join(a['tiles'])} for {coins(row['coins'] + extra)}"
    if kind == "invest":
        return "Investment: " + investment_offer(view)
    if kind == "command":
        return command_label(view, a)
    if kind == "pass":
        return "Pass (+1 coin)"
    if kind == "end":
        return "End your turn"
    if kind == "choose":
        return choice_label(a["option"], into=(view.get("question") or {}).get("kind") == "train_city")
    return kind


def coins(n: int) -> str:
    """``1 coin``, ``3 coins``."""
    return f"{n} coin{'' if n == 1 else 's'}"


def buy_price(view: dict, kind: str) -> tuple[int, str]:
    """What one resource of ``kind`` costs the seat whose turn it is now (the market's price less
    Bulk Order's discount once used) and ``", Bulk Order -1"`` words for the discount, else ``""``."""
    price = view["market"][kind]["price"]
    off = (view.get("turn") or {}).get("discount", 0)
    return max(0, price - off), (f", Bulk Order -{off}" if off else "")


def share_cost(site: dict) -> int:
    """A share on ``site`` costs 1 coin per share on it, the new one included ("Share")."""
    return sum(site["shares"].values()) + 1


def investment_offer(view: dict) -> str:
    """The next step of the investment marker of the seat whose turn it is and its price:
    ``move your marker to step 7 (5 coins)``; the first player on a step pays more than later
    ones (``data/tables/workers/country.toml``); Grants Office makes one step free. A step where
    a train still stands is closed ("Investment": it opens when a new route takes that train),
    and a price above the player's coins says so: the words never offer a move the buttons lack."""
    from railhead.engine.games.workers.data import country
    turn = view.get("turn") or {}
    me = view["players"][turn["seat"]] if turn else None
    steps = view["investment"]["steps"]
    if me is None or me["marker"] + 1 >= len(steps):
        return "your marker is on the last step"
    step = steps[me["marker"] + 1]
    standing = next((t for t in view.get("table_trains", []) if t.get("step") == step), None)
    if standing is not None:
        return (f"your marker cannot move yet: train {standing['id']} still stands on step {step} (the step opens "
                "when a new route takes that train)")
    if turn.get("free_invest"):
        return f"move your marker to step {step} (free: Grants Office)"
    inv = country().investment
    first = step not in view["investment"]["visited"]
    cost = (inv.first if first else inv.later)[str(step)]
    short = f"; you have {coins(me['coins'])}" if me["coins"] < cost else ""
    return f"move your marker to step {step} ({coins(cost)}{', first there' if first else ''}{short})"


def command_detail(view: dict, a: dict) -> str:
    """What a legal ``command`` action does now, in a player's words (at most about 60
    characters): ``buy 1 plan for 1 coin``, ``each structure 3 coins instead of 4``, ``your Sum
    6 → 7``, ``run train 2 on from Porto``; the command's own text (``data/cards/workers/
    commands.toml``) says the rest."""
    effect = commands()[a["number"]].effect
    turn = view.get("turn") or {}
    if effect == "discount":
        if turn.get("card") in KIND_WORD:
            price, _ = buy_price(view, turn["card"])
            return f"each {KIND_WORD[turn['card']]} {coins(max(0, price - 1))} instead of {price}"
    if effect == "plus_one" and turn:
        return f"your Sum {turn['sum_now']} → {turn['sum_now'] + 1}"
    if effect == "run_train":
        t = next((t for t in view["trains"] if t["id"] == a.get("train")), None)
        return f"run train {a.get('train')} on" + (f" from {t['city']}" if t else "")
    if effect == "token":
        return f"take a {'+1' if a.get('token') == 'plus' else 'reroll'} token"
    if effect == "swap_cards":
        return f"swap your face-down cards under +{a['slots'][0]} and +{a['slots'][1]}"
    if effect == "shift_worker":
        who = view["players"][a["owner"]]["name"]
        return f"{who}'s worker from site {a['site']}'s {a['kind']} to site {a['to_site']}'s {a['to_kind']} (1 coin)"
    if effect == "file_plan":
        return f"a plan from your Facilities onto {site_word(view, a['site'])} (5 coins)"
    return COMMAND_DOES.get(effect, "")


COMMAND_DOES = {"rest": "a worker home from the Houses, free", "cheap_plan": "buy 1 plan for 1 coin",
                "pair_bonus": "each pair formed this turn pays 10 coins, not 8",
                "free_share": "your share this turn costs nothing",
                "grant": "a subsidy pays 4 more, an investment step is free",
                "express": "5 coins instead of your 7+ action", "hire": "hire a worker from your Union",
                "shed": "room for 1 more structure or track", "plus_one": "+1 to your Sum",
                "discount": "each resource bought this turn 1 coin less", "run_train": "run a black train on",
                "token": "take a reroll or +1 token", "swap_cards": "swap two of your face-down cards",
                "shift_worker": "move a waiting worker to another warehouse (1 coin)",
                "file_plan": "a plan from your Facilities onto a site (5 coins)"}
"""What a command does when it takes no target (the effects of ``data/cards/workers/commands.toml``)."""


def command_label(view: dict, a: dict) -> str:
    """A command's button or menu line: what it does first, then its name and its price, a
    director (``Buy 1 plan for 1 coin: Survey Office, uses a director``)."""
    does = command_detail(view, a)
    return f"{does[:1].upper()}{does[1:]}: {commands()[a['number']].name}, uses a director"


CHOICES = {"tile": "Take the reward tile", "share": "Take a free share", "reroll": "A reroll token",
           "plus": "A +1 token", "director": "Get a used director back (1 more command)"}


def choice_label(option: str, into: bool = False) -> str:
    """A button's words for answering a question: a reward, a bonus, or a city: a new route's train
    is put *in* a city (``into``), a train at a junction runs *toward* one."""
    if option in CHOICES or not option:
        return CHOICES.get(option, option)
    return f"In {option}" if into else f"Toward {option}"


def sums_line(view: dict) -> str:
    """``Tim 9, Leo 7, Maria 6`` for the current place, in turn order."""
    i = SLOTS.index(view["slot"]) if view.get("slot") else None
    if i is None:
        return ""
    parts = []
    for s in view["order"]:
        p = view["players"][s]
        c = p["cards"][i]
        parts.append(f"{p['name']} {card_name(c['card'])} {c.get('sum', '?')}")
    return ", ".join(parts)


def player_line(view: dict, p: dict) -> str:
    """One status line of a player ``p`` of ``view``: coins, workers, Facilities, tiles, step, tokens."""
    w = p["workers"]
    fac = p["facilities"]
    tiles = " ".join(f"{t}×{n}" for t, n in p["tiles"].items() if n) or "none"
    flags = (" 🎽Baton" if p["baton"] else "") + (" ✅ready" if p["ready"] else "")
    return (f"**{p['name']}**{flags}: {coins(p['coins'])} · workers union {w['union']}, home {w['facilities']}, "
            f"houses {w['houses']}, at sites {w['warehouses']} · Facilities S{fac['structures']} T{fac['tracks']} "
            f"P{fac['plans']} · reward tiles {tiles} · investment step {p['step']} · directors {p['directors']} · "
            f"tokens reroll {p['reroll']}, +1 {p['plus_tokens']}")


def site_line(site: dict, names: list[str]) -> str:
    """One status line of a site or route: tables filled and waiting goods/workers, shares by
    player (``names`` indexed by seat)."""
    if site["status"] == "route":
        owners = ", ".join(f"{names[int(s)]} {n}" for s, n in site["shares"].items()) or "no shares"
        return f"Route {site['number']} {'–'.join(site['between'])}: {owners}"
    parts = []
    for kind, t in site["tables"].items():
        if not t["reward"]:
            parts.append(f"{kind} done")
            continue
        waiting = ""
        if kind in site["warehouses"]:
            h = site["warehouses"][kind]
            items = [f"{names[int(s)]} {n}w" for s, n in h["workers"].items()]
            items += [f"{names[int(s)]} {n}{kind[0].upper()}" for s, n in h["goods"].items()]
            waiting = f" (waiting: {', '.join(items)})" if items else ""
        parts.append(f"{kind} {len(t['placed'])}/{len(t['placed']) + t['free']}{waiting}")
    shares = ", ".join(f"{names[int(s)]} {n}" for s, n in site["shares"].items())
    return f"Site {site['number']} {'–'.join(site['between'])}: " + "; ".join(parts) + (
        f"; shares {shares}" if shares else "")


def route_lead(view: dict, project: int) -> str:
    """Why the seat asked to place a new route's train decides: the most shares on it, or a tie
    (no shares counts as a tie of all) broken by the Baton, as the engine breaks it."""
    site = next((s for s in view["sites"] if s["number"] == project), {"shares": {}})
    counts = [site["shares"].get(str(p["seat"]), 0) for p in view["players"]]
    best = max(counts)
    tied = [p["name"] for p, n in zip(view["players"], counts) if n == best]
    if len(tied) == 1:
        return f"you hold the most shares on new route {project}"
    held = "no shares" if best == 0 else f"{best} share{'' if best == 1 else 's'} each"
    who = ", ".join(tied[:-1]) + " and " + tied[-1]
    return f"{who} tie on new route {project} ({held}); you sit nearest the Baton, so you decide"
