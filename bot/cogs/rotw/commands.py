"""Railways of the World commands for the table: ``/rotw ...`` in Discord, ``rotw ...`` locally.

Each command is ``async (table, session, seat, args) -> Reply | Apply``. Building and
urbanizing answer with a private preview (cost, bonds to issue, the board with the path
highlighted) and Confirm/Cancel buttons; the rest act at once. Money is shown in dollars;
the engine counts thousands.
"""
from __future__ import annotations

from itertools import islice

from engine import IllegalAction
from engine.common.hexgrid import normalize
from engine.games.rotw import rules, search
from engine.games.rotw.cards import describe
from engine.games.rotw.data import city_hex, load_map, load_tables
from engine.games.rotw.money import bonds_needed, dollars

from ...replies import Apply, Reply, private

MENU_SCAN = 2000
ACTIONS_HELP = ("`/rotw link` or `/rotw build` to lay track, `/rotw deliver`, `/rotw urbanize`, "
                "`/rotw upgrade`, `/rotw card`, or pass")


def _names(session) -> list[str]:
    return [s.name for s in session.seats]


def _cost_line(player: dict, cost: int) -> str:
    bonds = bonds_needed(player["cash"], cost)
    text = f"Cost {dollars(cost)}; you have {dollars(player['cash'])}"
    if bonds:
        text += f": **{bonds} bond{'s' if bonds > 1 else ''} will be issued** (+$5,000 each, $1,000 dividend " \
                "each income phase, -1 point each at the end)"
    return text + "."


async def _confirm(table, session, action: dict, text: str, highlight: list[str] | None = None) -> Reply:
    buttons = await table.offer_buttons(session, [("Confirm", action, "success"),
                                                  ("Cancel", {"type": "_cancel"}, "secondary")])
    image = await table.render_board(session, highlight=highlight) if table.render else None
    return Reply(text, ephemeral=True, image=image, image_name="preview.png", components=buttons)


def _parse_path(text: str) -> list[str]:
    parts = [p for p in text.replace(",", " ").replace("-", " ").replace(">", " ").split() if p]
    return parts


def _resolve_place(mapdata, text: str) -> str:
    """A city name or a hex name -> hex name (city names allowed at the ends of a path)."""
    hexname = city_hex(mapdata, text)
    if hexname:
        return hexname
    hexname = normalize(text)
    if hexname is None:
        raise IllegalAction(f"{text!r} is neither a hex (like C7) nor a city on this map.")
    return hexname


async def build(table, session, seat, args) -> Reply:
    """``path``: hexes from a city or your open end, e.g. ``Köln J6 K6 L7 Frankfurt``; ``toward``:
    where an unfinished end points (default straight on)."""
    mapdata = load_map(session.state["options"]["map"])
    raw = _parse_path(args.get("path", ""))
    if len(raw) < 2:
        raise IllegalAction("Give the path as hexes separated by spaces, starting at a city or at the open end "
                            "of your unfinished link, e.g. `Köln J6 K6 L7 Frankfurt`.")
    path = [_resolve_place(mapdata, p) for p in raw]
    action = {"type": "build", "path": path}
    if args.get("toward"):
        action["toward"] = normalize(args["toward"]) or args["toward"]
    return await _preview_build(table, session, seat, action)


async def link(table, session, seat, args) -> Reply:
    """``from``/``to``: two cities; finds the cheapest single build that links them."""
    mapdata = load_map(session.state["options"]["map"])
    a, b = city_hex(mapdata, args.get("from", "")), city_hex(mapdata, args.get("to", ""))
    for name, hexname in ((args.get("from"), a), (args.get("to"), b)):
        if hexname is None:
            raise IllegalAction(f"There is no city called {name!r} on this map.")
    path, _ = search.cheapest_link(session.state, seat, a, b)
    return await _preview_build(table, session, seat, {"type": "build", "path": path})


async def _preview_build(table, session, seat, action: dict) -> Reply:
    state = session.state
    if rules.actor(state) != seat or state["phase"] != "actions":
        raise IllegalAction("It is not your turn to act.")
    mapdata, plan = rules.plan_for(state, seat, action)
    cost = rules.build_cost(mapdata, plan)
    tiles = len(plan.tiles) + (1 if plan.redirect else 0)
    start = mapdata.cities[plan.start_city].name
    if plan.completes:
        what = f"completes a link {start} – {mapdata.cities[plan.end_city].name}"
    else:
        what = "leaves the link unfinished (it is removed at the end of the turn unless you complete it)"
    ridge = f", crossing {plan.ridges} ridge{'s' if plan.ridges > 1 else ''}" if plan.ridges else ""
    route = " → ".join(f"{mapdata.cities[h].name} ({h})" if h in mapdata.cities else h for h in action["path"])
    text = (f"**Build preview** {route}: {tiles} tile{'s' if tiles != 1 else ''}{ridge}; "
            f"{what}.\n{_cost_line(state['players'][seat], cost)}")
    return await _confirm(table, session, action, text, highlight=action["path"])


async def deliver(table, session, seat, args) -> Reply:
    """A private select menu of every legal delivery, with the points each owner gets.
    Optional ``from``/``colour`` narrow the list."""
    state = session.state
    if rules.actor(state) != seat or state["phase"] != "actions":
        raise IllegalAction("It is not your turn to act.")
    mapdata = load_map(state["options"]["map"])
    origin = city_hex(mapdata, args["from"]) if args.get("from") else None
    colour = (args.get("colour") or "").lower()
    wanted = (o for o in search.iter_deliveries(state, seat)
              if (origin is None or o["from"] == origin) and (not colour or o["colour"] == colour))
    options = list(islice(wanted, MENU_SCAN))      # bounded: a dense network has very many routes
    if not options:
        return private("No delivery is possible for you now: a cube needs a route of complete links, the first "
                       "one yours, to a city of its colour within your engine level "
                       f"({state['players'][seat]['engine']}).")
    names = _names(session)
    options.sort(key=lambda o: (-o["points"].get(str(seat), 0), -sum(o["points"].values()), o["from"], o["colour"]))
    shown = options[:25]
    entries = []
    for o in shown:
        route = " → ".join([mapdata.cities[o["from"]].name] + _route_cities(state, mapdata, o))
        points = ", ".join(f"{names[int(s)]} +{p}" for s, p in sorted(o["points"].items()))
        action = {"type": "deliver", "from": o["from"], "colour": o["colour"], "links": o["links"]}
        entries.append((f"{o['colour']} cube: {route}", action, f"{len(o['links'])} link(s): {points}"))
    select = await table.offer_select(session, "Choose a delivery", entries)
    total = f"{len(options)}+" if len(options) == MENU_SCAN else str(len(options))
    more = f" (showing the best 25 of {total}; narrow with `from:` or `colour:`)" if len(options) > 25 else ""
    return Reply(f"Choose a goods cube to deliver{more}:", ephemeral=True, components=[select])


def _route_cities(state, mapdata, option) -> list[str]:
    city, out = option["from"], []
    for lid in option["links"]:
        link = state["links"][lid]
        city = link["to"] if link["from"] == city else link["from"]
        out.append(mapdata.cities[city].name)
    return out


async def urbanize(table, session, seat, args) -> Reply:
    state = session.state
    if rules.actor(state) != seat or state["phase"] != "actions":
        raise IllegalAction("It is not your turn to act.")
    mapdata = load_map(state["options"]["map"])
    action = {"type": "urbanize", "city": args.get("city", ""), "colour": (args.get("colour") or "").lower()}
    hexname, _ = rules.urbanize_target(state, mapdata, action)
    cost = load_tables().money.urbanize
    text = (f"**Urbanize preview**: {mapdata.cities[hexname].name} becomes a {action['colour']} city and draws "
            f"2 goods cubes.\n{_cost_line(state['players'][seat], cost)}")
    return await _confirm(table, session, {**action, "city": hexname}, text, highlight=[hexname])


async def upgrade(table, session, seat, args) -> Apply:
    return Apply({"type": "upgrade"})


async def bid(table, session, seat, args) -> Apply:
    amount = args.get("amount")
    if isinstance(amount, str):
        digits = amount.replace("$", "").replace(",", "").strip().lower().removesuffix("k")
        if not digits.isdigit():
            raise IllegalAction("Bid a whole number of thousands: `bid 3` for $3,000.")
        amount = int(digits)
    if isinstance(amount, int) and amount >= 1000 and amount % 1000 == 0:
        amount //= 1000            # "3000" means $3,000
    return Apply({"type": "bid", "amount": amount})


async def pass_(table, session, seat, args) -> Apply:
    return Apply({"type": "pass"})


async def card(table, session, seat, args) -> Apply | Reply:
    mapdata = load_map(session.state["options"]["map"])
    if not args.get("card"):
        lines = [f"**{c['name']}** (`{c['id']}`, {'goal' if c['kind'] == 'goal' else 'take it'}): {c['text']}"
                 for c in (describe(mapdata, c) for c in session.state["cards"]["face_up"])]
        return private("Face-up operations cards:\n" + "\n".join(lines))
    action = {"type": "take_card", "card": args["card"]}
    for key in ("city", "colour"):
        if args.get(key):
            action[key] = args[key].lower() if key == "colour" else args[key]
    return Apply(action)


async def bonds(table, session, seat, args) -> Reply:
    p = session.state["players"][seat]
    return private(
        f"You hold {p['bonds']} bond{'s' if p['bonds'] != 1 else ''} and {dollars(p['cash'])}.\n"
        "Bonds are issued for you automatically, only as many as a payment needs: each gives $5,000, costs a "
        "$1,000 dividend every income phase, is never repaid, and takes 1 point off your final score. "
        "Previews tell you before you confirm how many bonds a move would issue.")


COMMANDS = {"build": build, "link": link, "deliver": deliver, "urbanize": urbanize, "upgrade": upgrade,
            "bid": bid, "pass": pass_, "card": card, "bonds": bonds}


# --------------------------------------------------------------- turn text
def prompt_text(session, prompt: dict) -> str:
    state = session.state
    who = session.mention(prompt["seat"])
    if prompt["kind"] == "bid":
        a = state["auction"]
        floor = rules.bid_floor(state)
        high = f"high bid {dollars(a['high'])} by {state['seats'][a['high_seat']]}" if a["high_seat"] is not None \
            else "no bid yet"
        return f"{who}, bid at least {dollars(floor)} or pass in the first-player auction ({high})."
    return (f"{who}, your action (turn {state['turn']}, round {state['round']} of 3): {ACTIONS_HELP}.")


def prompt_offers(session) -> list[tuple[str, dict, str]]:
    """Buttons under the turn message: ``(label, action, style)``."""
    state = session.state
    seat = rules.actor(state)
    if seat is None:
        return []
    if state["phase"] == "auction":
        floor = rules.bid_floor(state)
        return [(f"Bid {dollars(k)}", {"type": "bid", "amount": k}, "primary") for k in (floor, floor + 1, floor + 3)] \
            + [("Pass", {"type": "pass"}, "danger")]
    offers = []
    if search.can_deliver(state, seat):
        offers.append(("Deliver…", {"type": "_cmd", "name": "deliver"}, "primary"))
    player = state["players"][seat]
    if player["engine"] < 8:
        cost = load_tables().engine_cost[player["engine"] + 1]
        offers.append((f"Upgrade engine to {player['engine'] + 1} ({dollars(cost)})", {"type": "upgrade"}, "secondary"))
    offers.append(("Cards", {"type": "_cmd", "name": "card"}, "secondary"))
    offers.append(("Pass", {"type": "pass"}, "danger"))
    return offers


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def status_text(session) -> str:
    state = session.state
    view = session.game.view(state, None)
    lines = [f"**Railways of the World** on {view['map_name']}: turn {view['turn']}, "
             + ("auction" if view["phase"] == "auction" else f"round {view['round']} of 3")
             + f"; empty city markers {view['markers']['placed']}/{view['markers']['total']}"
             + (f"; the last turn is {view['end_turn']}" if view["end_turn"] else "") + "."]
    for p in view["players"]:
        first = " (first player)" if view["first"] == p["seat"] and view["phase"] == "actions" else ""
        lines.append(f"- **{p['name']}**{first}: {dollars(p['cash'])}, {_n(p['bonds'], 'bond')}, "
                     f"{_n(p['points'], 'point')} (income {dollars(p['income'])}), engine {p['engine']}, "
                     f"{_n(p['links'], 'link')}")
    prompts = session.game.prompts(state)
    if prompts:
        lines.append(f"Waiting for {state['seats'][prompts[0]['seat']]}.")
    return "\n".join(lines)


def outcome_text(session, outcome: dict) -> str:
    lines = ["**Final scores** (points minus one per bond):"]
    for row in outcome["table"]:
        lines.append(f"{row['rank']}. **{row['name']}**: {row['score']} ({row['points']} points, {row['bonds']} bonds,"
                     f" {row['links']} links, {dollars(row['cash'])})")
    lines += outcome["tiebreaks"]
    lines.append(f"🏆 {outcome['winner']} wins!")
    return "\n".join(lines)
