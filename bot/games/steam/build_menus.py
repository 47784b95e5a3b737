"""Steam's build phase from menus: track, redirects, Urbanization and Production without typing.

Track is three private steps, each a menu whose options re-run a command with more arguments
(``{"type": "_cmd", ...}``), so Discord and the local table share them: **Build track…** lists
the hexes the engine says can take track (your unfinished links first, then by nearest city,
paged), a hex lists the ways to lay track there with their cost, and a way opens the usual
preview with Confirm. **Redirect…** lists the ways to turn the last tile of an unfinished link.
Only the engine's legal actions are offered, with their costs (the engine's ``track_costs``
question); what a tile would do comes from dry runs. Money in dollars.
"""
from __future__ import annotations

from railhead.engine.common.hexgrid import SIDES, neighbor, parse, side_towards
from railhead.engine.games.steam import actions as moves
from railhead.engine.games.steam.data import load_map

from ...actions import plain
from ...replies import OPTION_TEXT, Button, Option, Reply, Select, private
from ...ui import UIContext

PER_MENU = 25          # Discord: at most 25 options in a select menu
MENUS_PER_PAGE = 4     # at most 5 action rows: four menus and a row of page buttons
SHAPES = {1: "sharp curve", 2: "gentle curve", 3: "straight"}


# ----------------------------------------------------------------------------- places
def distance(a: str, b: str) -> int:
    """Hexes between ``a`` and ``b`` on the board (odd-r offset coordinates as cube coordinates)."""
    (ca, ra), (cb, rb) = parse(a), parse(b)
    xa, xb = ca - (ra - (ra & 1)) // 2, cb - (rb - (rb & 1)) // 2
    return max(abs(xa - xb), abs(ra - rb), abs(xa + ra - xb - rb))


def nearest_city(view: dict, h: str) -> tuple[str, int]:
    """The name of the city (printed or New City) nearest to hex ``h`` and its distance in hexes."""
    d, name = min((distance(h, c), city["name"]) for c, city in view["cities"].items())
    return name, d


def where(view: dict, h: str) -> str:
    """``"SE of Milano"`` for a hex next to a city (the city's side it touches), else
    ``"3 hexes from Milano"``."""
    name, d = nearest_city(view, h)
    if d == 1:
        city = next(c for c, x in view["cities"].items() if x["name"] == name and distance(c, h) == 1)
        return f"{SIDES[side_towards(city, h)]} of {name}"
    return f"{d} hexes from {name}"


def hex_label(view: dict, h: str) -> str:
    """A hex as the hex menu names it: ``"G7: SE of Milano"``, a town ``"F8: Pavia, 2 hexes from
    Alessandria"``."""
    town = view["towns"].get(h)
    return f"{h}: {town + ', ' if town else ''}{where(view, h)}"


def open_ends(view: dict) -> dict[str, dict]:
    """Hexes the open end of an unfinished link points into: ``{hex: link}`` (with its ``id``)."""
    out = {}
    for lid, link in sorted(view["links"].items(), key=lambda kv: int(kv[0])):
        if link["to"] is None and link["exit"] is not None:
            out.setdefault(neighbor(link["path"][-1][0], link["exit"]), {**link, "id": lid})
    return out


def _link_words(view: dict, link: dict, seat: int | None) -> str:
    owner = "your" if link["owner"] == seat else "unowned" if link["owner"] is None else \
        f"{view['players'][link['owner']]['name']}'s"
    start = view["cities"].get(link["from"], {}).get("name") or view["towns"].get(link["from"], link["from"])
    return f"{owner} link #{link['id']} from {start}"


def heading(view: dict, h: str, seat: int | None) -> str:
    """Where the unfinished links through hex ``h`` head now (``view``: after the move), e.g.
    ``"your link #3 from Milano now heads E toward Pavia"`` or ``"... heads SE toward the open end
    at K7 (2 hexes from Novara)"``; ``""`` when every link there is complete."""
    out = []
    for lid, link in sorted(view["links"].items(), key=lambda kv: int(kv[0])):
        if link["to"] is not None or link["exit"] is None or not link["path"]:
            continue
        if h not in [step[0] for step in link["path"]]:
            continue
        nxt = neighbor(link["path"][-1][0], link["exit"])
        named = (view["cities"].get(nxt) or {}).get("name") or view["towns"].get(nxt)
        toward = f"{named} ({nxt})" if named else f"the open end at {nxt} ({where(view, nxt)})"
        out.append(f"{_link_words(view, {**link, 'id': lid}, seat)} now heads {SIDES[link['exit']]} toward {toward}")
    return "; ".join(out)


# ----------------------------------------------------------------------------- the engine's answers
def priced(offers: list[dict], kind: str, h: str | None = None) -> list[tuple[dict, int]]:
    """The ``build`` (or ``redirect``) actions among ``offers`` (the engine's ``track_costs``), in
    hex ``h`` or anywhere, with their costs."""
    return [(t["action"], t["cost"]) for t in offers if t["action"]["type"] == kind and h in (None, t["action"]["hex"])]


def _said(ctx: UIContext, action: dict) -> str:
    """What a track action would do to the links, in few words from a dry run (the tile, hex and
    cost are in the option's label already): ``"completes #1 Alpha–Midton; starts #2 heading E, #3
    heading SE"``, ``"#3 heads E toward Pavia (F8)"``, and the income given up when it raises
    money (``"income 0 → -1 to pay"``). Each new link's number is the one it gets when the tile is
    laid."""
    before = ctx.view()
    after, events = ctx.dry_run(action)
    if after is None:
        return ""
    links, old = after["links"], before["links"]

    def name(h: str) -> str:
        return (after["cities"].get(h) or {}).get("name") or after["towns"].get(h) or before["towns"].get(h, h)
    done = [f"#{lid} {name(x['from'])}–{name(x['to'])}" for lid, x in sorted(links.items(), key=_by_id)
            if x["to"] is not None and (lid not in old or old[lid]["to"] is None)]
    new = [lid for lid, x in sorted(links.items(), key=_by_id) if lid not in old and x["to"] is None]
    starts = ["starts " + ", ".join(f"#{lid} heading {SIDES[links[lid]['exit']]}" for lid in new)] if new else []
    me, now = before["players"][ctx.seat], after["players"][ctx.seat]
    pay = [f"income {me['income']} → {now['income']} to pay"] if now["income"] < me["income"] else []
    if done or len(new) > 1:
        said = "; ".join(["completes " + ", ".join(done)] * bool(done) + starts + pay)
        if len(said) > OPTION_TEXT:                 # many links: the completed ones by number only
            said = "; ".join(["completes " + ", ".join(d.split()[0] for d in done)] * bool(done) + starts + pay)
        return said
    for where_too in (True, False):                 # the places' sides only while the line fits a menu
        said = "; ".join(_heads(after, action["hex"], where_too) + pay)
        if len(said) <= OPTION_TEXT:
            break
    return said


def _heads(view: dict, h: str, where_too: bool = True) -> list[str]:
    """``heading``'s words, short enough for a menu line: ``"#3 heads SE toward J11 (SW of Parma)"``
    (without ``where_too``: ``"#3 heads SE toward J11"``)."""
    out = []
    for lid, link in sorted(view["links"].items(), key=_by_id):
        if link["to"] is not None or link["exit"] is None or h not in [step[0] for step in link["path"]]:
            continue
        nxt = neighbor(link["path"][-1][0], link["exit"])
        named = (view["cities"].get(nxt) or {}).get("name") or view["towns"].get(nxt)
        place = f" ({nxt if named else where(view, nxt)})" if where_too else ""
        out.append(f"#{lid} heads {SIDES[link['exit']]} toward {named or nxt}{place}")
    return out


def _by_id(item: tuple[str, dict]) -> int:
    return int(item[0])


def _dollars(costs: list[int]) -> str:
    low, high = min(costs), max(costs)
    return f"${low}" if low == high else f"${low}–${high}"


def _terrain(view: dict, h: str) -> str:
    info = load_map(view["map"]).hexes[h]
    if h in view["track"]:
        return "has track"
    return " and ".join(w for w, on in (("hills", info.terrain == "hills"), ("river", info.river)) if on)


# ----------------------------------------------------------------------------- paging
def pack(groups: list[tuple[str, list[Option]]]) -> list[tuple[list[str], list[Option]]]:
    """Menus of at most 25 options: whole groups together while they fit, a longer group split.
    Returns ``(group titles, options)`` per menu."""
    menus: list[tuple[list[str], list[Option]]] = []
    for title, options in groups:
        for i in range(0, len(options), PER_MENU):
            chunk = options[i:i + PER_MENU]
            if menus and len(menus[-1][1]) + len(chunk) <= PER_MENU:
                menus[-1][0].append(title)
                menus[-1][1].extend(chunk)
            else:
                menus.append(([title], list(chunk)))
    return menus


def selects(placeholder: str, options: list[Option]) -> list[Select]:
    """``options`` in menus of at most 25, numbered in their placeholders when there are several."""
    menus = pack([("", options)])
    return [Select(placeholder + (f" ({i + 1} of {len(menus)})" if len(menus) > 1 else ""), opts)
            for i, (_, opts) in enumerate(menus)]


def paged(menus: list[Select], page: int, command: str, what: str) -> tuple[list[Button | Select], str]:
    """Page ``page`` (from 1) of ``menus``, four a page, with buttons to the pages before and after
    (re-running ``command`` with ``page``); also the words saying which page this is."""
    pages = max(1, -(-len(menus) // MENUS_PER_PAGE))
    page = min(max(1, page), pages)
    out: list[Button | Select] = list(menus[(page - 1) * MENUS_PER_PAGE:page * MENUS_PER_PAGE])
    if page > 1:
        out.append(Button(f"‹ {what}, page {page - 1}", {"type": "_cmd", "name": command, "args": {"page": page - 1}}))
    if page < pages:
        out.append(Button(f"More {what}: page {page + 1} of {pages} ›",
                          {"type": "_cmd", "name": command, "args": {"page": page + 1}}, "primary"))
    return out, (f" (page {page} of {pages})" if pages > 1 else "")


# ----------------------------------------------------------------------------- track
def hex_menu(ctx: UIContext, page: int = 1) -> Reply:
    """Step 1: the hexes where track may be laid now, each with its ways and costs; the hexes at
    the open ends of your unfinished links first, the others grouped by their nearest city."""
    view = ctx.view()
    offers = ctx.query("track_costs")
    acts, redirects = priced(offers, "build"), bool(priced(offers, "redirect"))
    if not acts:
        return private("No track can be laid now: your tiles are laid, or no hex next to a city or an open end "
                       "of a link you may extend takes track you can pay for."
                       + (" You may still redirect a link: **Redirect…**." if redirects else ""),
                       components=[_REDIRECT] if redirects else [])
    costs: dict[str, list[int]] = {}
    for a, cost in acts:
        costs.setdefault(a["hex"], []).append(cost)
    ends = open_ends(view)
    mine, others = [], {}
    for h in sorted(costs, key=lambda x: (nearest_city(view, x)[1], parse(x)[1], parse(x)[0])):
        end = ends.get(h)
        ways = len(costs[h])
        bits = [f"{ways} way{'s' * (ways > 1)}, {_dollars(costs[h])}", _terrain(view, h)]
        if end is not None:
            bits.append("end of " + _link_words(view, end, ctx.seat))
        option = Option(hex_label(view, h), {"type": "_cmd", "name": "build", "args": {"hex": h}},
                        "; ".join(b for b in bits if b))
        if end is not None and end["owner"] == ctx.seat:
            mine.append(option)
        else:
            others.setdefault(nearest_city(view, h)[0], []).append(option)
    menus = selects("Continue your unfinished links", mine) if mine else []
    menus += [Select("Near " + ", ".join(titles), options)
              for titles, options in pack(sorted(others.items()))]
    components, pages = paged(menus, page, "build", "hexes")
    if redirects:
        components.append(_REDIRECT)
    me, build = view["players"][ctx.seat], view["build"]
    return private(f"**Build track**{pages}, tile {build['laid'] + 1} of {build['limit']}: choose a hex "
                   f"({len(costs)} can take track; your cash ${me['cash']}). Then choose how the track runs, see "
                   "the preview and confirm.", components=components)


def way_label(view: dict, action: dict, cost: int) -> str:
    """``"W E: straight, $3"``; a town tile ``"W E: town tile with 2 exits, straight, $4"``."""
    exits = action["exits"]
    shape = ""
    if len(exits) == 2:
        turn = (SIDES.index(exits[1]) - SIDES.index(exits[0])) % 6
        shape = SHAPES[min(turn, 6 - turn)]
    if action["hex"] in view["towns"]:
        shape = f"town tile with {len(exits)} exit{'s' * (len(exits) > 1)}" + (f", {shape}" if shape else "")
    return f"{' '.join(exits)}: {shape}, ${cost}"


def ways_menu(ctx: UIContext, h: str, acts: list[tuple[dict, int]]) -> Reply:
    """Step 2: the ways to lay track in ``h`` (``acts``: the legal ones with their costs, from
    ``priced``): the sides each joins, its shape, its cost and what it does; each opens the preview."""
    view = ctx.view()
    back = Button("‹ Other hexes", {"type": "_cmd", "name": "build"})
    if not acts:
        return private(f"No track can be laid in {h} now: only hexes next to a city or at the open end of a link "
                       "you may extend take track, and only what you can pay for.", components=[back])
    options = [Option(way_label(view, a, cost), {"type": "_cmd", "name": "build",
                                                 "args": {"hex": h, "exits": " ".join(a["exits"]), "preview": True}},
                      _said(ctx, a))
               for a, cost in sorted(acts, key=lambda x: x[1])]
    menus = selects(f"Track in {h}: the sides it joins", options)
    terrain = _terrain(view, h)
    return private(f"**{hex_label(view, h)}**{' (' + terrain + ')' if terrain else ''}: choose the sides the "
                   f"track joins (sides E SE SW W NW NE); a preview follows.", components=[*menus[:MENUS_PER_PAGE],
                                                                                           back])


# ----------------------------------------------------------------------------- redirects
_REDIRECT = Button("Redirect…", {"type": "_cmd", "name": "redirect"})


def redirect_menu(ctx: UIContext, h: str | None = None, page: int = 1) -> Reply:
    """The ways to turn the last tile of an unfinished link (in ``h``, or anywhere), each with
    its cost; each opens the preview."""
    view = ctx.view()
    acts = priced(ctx.query("track_costs"), "redirect", h)
    if not acts:
        return private("No link can be redirected now: only the last tile of an unfinished link of yours, or of "
                       "an unowned one you may claim, can be turned, and only when you can pay for it.")
    ends = {link["path"][-1][0]: {**link, "id": lid} for lid, link in view["links"].items()
            if link["to"] is None and link["exit"] is not None}
    groups: dict[str, list[Option]] = {}
    for a, cost in acts:
        link = ends.get(a["hex"])
        now = f"{SIDES[link['exit']]} → " if link else ""
        title = _link_words(view, link, ctx.seat) if link else a["hex"]
        groups.setdefault(title, []).append(Option(
            f"{a['hex']}: turn the end {now}{a['exits'][1]}, ${cost}",
            {"type": "_cmd", "name": "redirect", "args": {"hex": a["hex"], "exits": " ".join(a["exits"])}},
            _said(ctx, a)))
    menus = [Select("Redirect " + ", ".join(titles), options) for titles, options in pack(list(groups.items()))]
    components, pages = paged(menus, page, "redirect", "redirects")
    return private(f"**Redirect**{pages}: turn the last tile of an unfinished link to leave by another side; a "
                   "preview follows.", components=components)


# ----------------------------------------------------------------------------- the prompt
def prompt_offers(ctx: UIContext, acts: list[dict]) -> list[Button | Select]:
    """The build prompt's menus besides City Growth and **Done building**: **Build track…**,
    **Redirect…**, Urbanization's towns and Production's spaces, as far as they are legal."""
    view = ctx.view()
    out: list[Button | Select] = []
    towns = sorted({a["town"] for a in acts if a["type"] == "urbanize"})
    if towns:
        out += selects("Urbanization: choose the town", [
            Option(f"{view['towns'].get(t, t)} ({t})", {"type": "_cmd", "name": "urbanize", "args": {"town": t}},
                   where(view, t)) for t in towns])
    produce = [a for a in acts if a["type"] == "produce"]
    if len(produce) == 1 and len(produce[0]["spaces"]) == 1:
        out.append(Button(f"Produce onto space {produce[0]['spaces'][0]}", produce[0], "primary"))
    elif produce:
        spaces = sorted({s for a in produce for s in a["spaces"]}, key=_space_order)
        out += selects("Production: the first empty goods supply space", [
            Option(space_label(view, s), {"type": "_cmd", "name": "produce", "args": {"spaces": s}}) for s in spaces])
    if any(a["type"] == "build" for a in acts):
        out.append(Button("Build track…", {"type": "_cmd", "name": "build"}, "primary"))
    if any(a["type"] == "redirect" for a in acts):
        out.append(Button("Redirect…", {"type": "_cmd", "name": "redirect"}))
    return out


# ----------------------------------------------------------------------------- Urbanization, Production
def new_city_menu(view: dict, town: str) -> Reply:
    """Urbanization's second step: which New City tile goes on ``town`` (its colour and the cubes
    of its goods supply space)."""
    options = [Option(f"New City {x['letter']} ({x['colour']})", plain(moves.Urbanize(town=town, tile=x["letter"])),
                      "cubes: " + (", ".join(view["supply"].get(x["letter"], [])) or "none"))
               for x in view["new_cities"]]
    return private(f"Which New City goes on {view['towns'].get(town, town)} ({town})?",
                   components=selects("Choose the New City tile", options))


def _space_order(space: str) -> tuple[int, str]:
    return (0, f"{int(space):02d}") if space.isdigit() else (1, space)


def space_label(view: dict, space: str) -> str:
    """``"Space 3 (Milano)"``, ``"Space A (New City A)"``."""
    owner = next((c["name"] for c in view["cities"].values() if str(c["supply"]) == space), None)
    return f"Space {space} ({owner or 'New City ' + space})"


def second_space_menu(view: dict, first: str) -> Reply:
    """Production's second step: the other empty goods supply space."""
    empty = sorted((k for k in view["production_spaces"] if k != first), key=_space_order)
    options = [Option(space_label(view, s), plain(moves.Produce(spaces=[first, s]))) for s in empty]
    return private(f"Production: the first cube goes on space {first}; where does the second go?",
                   components=selects("The second empty goods supply space", options))


__all__ = ["priced", "hex_menu", "ways_menu", "redirect_menu", "prompt_offers", "new_city_menu",
           "second_space_menu"]
