"""Railways of the World: setup, the five actions, income and the end (the first-player auction
and whose turn it is: ``bidding.py``).

Sources are railways-of-the-world.txt sections, named on each function. Money in
thousands of dollars, points are income-track points (= victory points). ``ctx`` is the
game's ``Context`` (map, tables, cards); actions arrive decoded (``actions.py``). Every
``do_*`` raises ``IllegalAction`` with a player's sentence and is only called on a copy.
"""
from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from ...common.goods import COLOURS, draw, new_bag
from ...common.hexgrid import normalize
from ...common.track import apply_build, remove_incomplete
from ...core.errors import IllegalAction
from ...core.record import UNSET
from ...core.rng import Stream
from . import barons, charters, eventdeck, holdings, modules, periods, routing, timelines, transcontinental
from . import cards as ops
from .actions import Build, TakeCard, Urbanize
from .bidding import (
    bidding_order,
    first_turn_without_auction,
    new_auction,
    start_rounds,
    style_for,
    worst_first_order,
)
from .cities import add_cubes
from .context import Context, context, of
from .data import DataError, available_maps, city_hex, load_map, load_tables
from .features import planned
from .money import dollars, pay, pay_text
from .options import Options
from .state import Link, RotwState, Segment

ROUNDS = 3


# ------------------------------------------------------------------ setup
def setup(options: Options, seats: list[str], rng: Stream) -> dict[str, Any]:
    """railways-of-the-world.txt, "Starting the Game": random cubes per city (one fewer, at least
    one, at the player counts of the map's row of the "Cube Reduction Chart"), start cards plus 2
    per player face up, no money, engine 1.
    Returns the new state's JSON (the engine makes it a ``RotwState``; the cards, the auction and
    the barons are their records already).
    Raises ``IllegalAction`` for an unknown map (checked before any file is opened), another
    bidding style, or a player count the map does not take."""
    map_id = options.map or default_map(len(seats))
    try:
        if map_id == periods.THROUGH_TIME:                  # the boards are chosen first
            map_id = periods.choose(list(options.periods), len(seats), rng)
        elif options.periods:
            raise IllegalAction("Period boards go with the Railways Through Time map (map: through-time).")
        if periods.is_composed(map_id) and (options.barons or options.switch_tracks or options.fuel_depots
                                            or options.city_rotors):
            raise IllegalAction("Railways Through Time is played without baron cards, Switch Tracks, Fuel Depots "
                                "and City Rotors (its own rules have Time Lines and deliveries through time).")
        ctx = context(map_id)
    except DataError as exc:
        raise IllegalAction(str(exc)) from None
    mapdata = ctx.map
    transcontinental.check_options(mapdata, options)
    n = len(seats)
    if not mapdata.min_players <= n <= mapdata.max_players:
        raise IllegalAction(f"{mapdata.name} is for {mapdata.min_players}-{mapdata.max_players} players.")
    bag = new_bag()
    cities = {}
    for hexname in sorted(mapdata.cities):
        city = mapdata.cities[hexname]
        count = max(1, city.cubes - 1) if n in mapdata.cube_reduction else city.cubes
        count = 0 if transcontinental.closed(mapdata, hexname) else count      # the West is populated later
        cities[hexname] = {"colour": city.colour, "cubes": sorted(draw(bag, rng, count)),
                           "marker": False, "urbanized": False}
    markers = mapdata.empty_city_markers[n] - (2 if options.short_game else 0)
    bidding = style_for(options.bidding, periods.is_composed(map_id))
    state: dict[str, Any] = {
        "options": {"map": map_id, "bidding": bidding, "short_game": options.short_game},
        "seats": seats,
        "players": [{"name": name, "cash": 0, "bonds": 0, "points": 0, "engine": 1, "cards": [], "armed": [],
                     "used": []} for name in seats],
        "cities": cities,
        "bag": bag,
        "new_city_tiles": dict(ctx.tables.new_city_tiles),
        "track": {},
        "links": {},
        "next_link": 1,
        "markers": {"total": markers, "placed": 0},
        "cards": ops.setup_cards(ctx, n, rng, executives=options.bidding != "worst_is_first",
                                 bounties=not options.bounty_queue),
        "major_lines": [None] * len(ctx.map_cards.major_lines),
        "turn": 1,
        "phase": "auction",
        "round": 0,
        "first": 0,
        "order": [],
        "at": 0,
        "auction": new_auction(bidding, list(range(n))),
        "end_turn": None,
        "last": [],
    }
    if options.bidding == "variant1":
        first_turn_without_auction(state)
    if options.cut_throat:
        state["options"]["cut_throat"] = True
    if options.hidden_money:
        state["options"]["hidden_money"] = True
    if options.bounty_queue:
        state["options"]["bounty_queue"] = True
        state["bounties"] = ops.queue_bounties(state["cards"], ctx, rng)
    if mapdata.western_link is not None:
        state["western_links"] = {}
    if options.deals_barons(periods.is_composed(map_id)):
        state["options"]["barons"] = True
        state["barons"] = barons.deal(n, rng, later=options.baron_later, map_id=transcontinental.EAST_BARONS
                                      if mapdata.east_column else map_id)
        if options.baron_later:
            state["options"]["baron_later"] = True
    modules.setup(state, ctx, options)
    eventdeck.setup(state, options, rng)
    if periods.time_of(mapdata) is not None:
        state["time_lines"] = {}
    transcontinental.setup(state, mapdata, options.faster)
    return state


FIRST_MAPS = ("rhine-alps", "vistula-danube")
"""Tried first when a game names no map, in this order: the maps shipped before any other, so that a
game saved with no map replays on the map it was played on whatever maps are added later."""


def default_map(players: int) -> str:
    """The map of a game that names none: the first of ``FIRST_MAPS``, then of the other shipped maps
    in id order, that takes ``players`` (``rhine-alps`` for 2-4, ``vistula-danube`` for 5-6).
    Raises ``IllegalAction`` when no map takes them."""
    for map_id in [*FIRST_MAPS, *(m for m in available_maps() if m not in FIRST_MAPS)]:
        m = load_map(map_id)
        if m.min_players <= players <= m.max_players:
            return map_id
    raise IllegalAction(f"No map takes {players} players.")


# ---------------------------------------------------------------- actions
def build_cost(ctx: Context, plan, perks: AbstractSet[str] = frozenset()) -> int:
    """Cost in thousands: terrain per tile, a redirected tile again, +$4,000 per ridge crossed,
    +$1,000 per tile north of the Snow Line, less what the cards in ``perks`` save
    (``holdings.priced``). railways-of-the-world.txt, "A. BUILD TRACK" and "Snow Line"."""
    return holdings.priced(ctx, plan, perks)[0]


def do_build(state: RotwState, ctx: Context, seat: int, action: Build, events: list, rng: Stream) -> None:
    """railways-of-the-world.txt, "A. BUILD TRACK": up to 4 tiles in one link; the map's walls,
    ferry hexes and Western Link hexes are checked by ``features.check_plan``. The add-ons of the
    modules ride on the same action (``modules.py``): a switch first (the path starts at it), then
    the track, a mine (drawn with ``rng``) and a depot (its city reached after this track)."""
    addons = modules.wanted(action)
    for kind in addons:
        modules.check_use(state, seat, kind)
    if not action.path:
        if not addons:
            raise IllegalAction("Give a path: where the track starts, then the hexes to build in.")
        if action.toward is not None:
            raise IllegalAction("`toward` goes with a path of track.")
        holdings.disarm(state, seat)
    else:
        switch = modules.switch_target(state, ctx, seat, action.switch, action.path) if action.switch else None
        lay_track(state, ctx, seat, action, events, switch)
    if action.mine:
        hexname = modules.mine_target(state, ctx, action.mine)
        modules.place_mine(state, ctx, seat, hexname, rng, events)
        touched(state, [*(state.touched or []), hexname])
    if action.depot:
        hexname = modules.place_depot(state, ctx, seat, action.depot, events)
        touched(state, [*(state.touched or []), hexname])


def lay_track(state: RotwState, ctx: Context, seat: int, action: Build, events: list,
              switch: tuple[str, str] | None = None) -> str:
    """The track of a build; from ``switch`` (its hex and link, "Switch Tracks") a new link leaves
    that hex as from a city, and the switch is recorded with it before anything reads the network
    (Major Lines, goal cards, Time Lines: a complete branch joins its city to both cities of the
    switch's link). Returns the id of the link built or extended."""
    mapdata = ctx.map
    perks = holdings.build_perks(state, ctx, seat)
    board = modules.switch_board(ctx, state, switch[0]) if switch else None
    plan = planned(ctx, state, seat, list(action.path), action.toward,
                   holdings.max_tiles(perks) + eventdeck.extra_tiles(state), perks, board)
    if cut_throat_refuses(state, plan):
        raise IllegalAction("Cut Throat variant: the last tile of an unfinished link cannot be redirected; extend it "
                            "the way it points.")
    cost, perks_used = holdings.priced(ctx, plan, perks)
    cost = eventdeck.track_price(state, ctx, plan, cost, perks)
    player = state.players[seat]
    issued = pay(player, cost, ctx.tables.money.bond)
    lid = str(state.next_link)
    used = apply_build(state.track, state.links, seat, plan, lid, _new_link, _new_segment)
    if used == lid:
        state.next_link += 1
    link = state.links[used]
    start = modules.place_name(ctx, link.from_)
    tiles = len(plan.tiles) + (1 if plan.redirect else 0)
    laid = f"lays {tiles} tile{'s' if tiles != 1 else ''}"
    if link.to is not None:                         # the build completed it (``plan.completes``)
        done = f"{laid} and completes link #{used} {start}–{mapdata.cities[link.to].name}"
    else:
        done = f"{laid} from {start} towards {link.hexes[-1]} (unfinished: removed at the end of the turn"
        if plan.blocked:
            done += f"; it points into {mapdata.cities[plan.blocked].name}, which has no free spur on that side"
        done += ")"
    played = holdings.after_build(state, ctx, seat, perks_used)
    if played:
        done += f" (with {', '.join(played)})"
    told = len(events)
    events.append({"type": "build", "seat": seat, "link": used, "paid": cost, "bonds": issued,
                   "text": f"{player.name} {done}, and {pay_text('', cost, issued).strip()}."})
    if switch:
        modules.place_switch(state, ctx, seat, switch[0], switch[1], used, events)
        events.insert(told, events.pop())            # the switch is told before the track built from it
    if plan.completes:
        lines_before = any(o is not None for o in state.major_lines)
        holdings.check_major_lines(state, ctx, seat, events)
        if not lines_before and barons.choosing(state):
            events.append({"type": "baron_choice", "text": "The first Major Line is complete: everyone now keeps one "
                                                           "of their two barons, in secret, before play goes on."})
        ops.check_network_goals(state, ctx, seat, events)
        charters.after_link(state, ctx, link, events)
        time = periods.time_of(mapdata)
        if time is not None:
            timelines.check(state, time, seat, {h: c.name for h, c in mapdata.cities.items()}, events)
    path = [h for raw in action.path if (h := normalize(raw)) is not None]     # all of them: plan_build checked
    touched(state, path + ([plan.end_city] if plan.end_city and plan.end_city not in path else []))
    return used


def _new_link(seat: int, start: str) -> Link:
    """A new unfinished link of ``seat`` from city hex ``start`` (``track.apply_build`` extends it)."""
    return Link(owner=seat, from_=start, to=None, hexes=[], exit=None)


def _new_segment(lid: str, sides: list[int]) -> Segment:
    """A track tile's piece of link ``lid`` joining ``sides``."""
    return Segment(link=lid, sides=sides)


def cut_throat_refuses(state: RotwState, plan) -> bool:
    """railways-of-the-world.txt, "Cut Throat Variant for Blocking": no redirecting the final tile
    of an unfinished link."""
    return state.options.cut_throat is True and bool(plan.redirect)


def urbanize_target(state: RotwState, ctx: Context, action: Urbanize | TakeCard) -> tuple[str, str]:
    """Check an urbanize request (or New Industry card); returns ``(city hex, colour)``.
    Raises ``IllegalAction``."""
    mapdata = ctx.map
    if not action.city:
        raise IllegalAction("Name the gray city to urbanize (`city:`) and its New City colour (`colour:`).")
    hexname = city_hex(mapdata, action.city)
    if hexname is None:
        raise IllegalAction(f"There is no city called {action.city!r} on this map.")
    city = state.cities[hexname]
    name = mapdata.cities[hexname].name
    if city.colour != "gray":
        raise IllegalAction(f"{name} is already {city.colour}: only gray cities can be urbanized.")
    transcontinental.check_growth(state, mapdata, hexname)
    colour = action.colour
    if colour not in COLOURS:
        raise IllegalAction(f"Choose a New City colour: {', '.join(COLOURS)}.")
    if state.new_city_tiles.get(colour, 0) <= 0:
        left = [c for c, k in state.new_city_tiles.items() if k > 0]
        raise IllegalAction(f"No {colour} New City tile is left; available: {', '.join(left) or 'none'}.")
    return hexname, colour


def urbanize(state: RotwState, ctx: Context, seat: int, action: Urbanize | TakeCard, rng: Stream,
             free: bool = False, event: dict | None = None) -> str:
    """railways-of-the-world.txt, "B. URBANIZE": a gray city takes a New City colour and 2 cubes.
    Records the payment in ``event`` (``paid``, ``bonds``). Returns the sentence's end."""
    hexname, colour = urbanize_target(state, ctx, action)
    city = state.cities[hexname]
    name = ctx.map.cities[hexname].name
    paid = ""
    if not free:
        cost = eventdeck.urbanize_price(state, ctx.tables.money.urbanize)
        issued = pay(state.players[seat], cost, ctx.tables.money.bond)
        paid = "; " + pay_text("", cost, issued).strip()
        if event is not None:
            event.update(paid=cost, bonds=issued)
    state.new_city_tiles[colour] -= 1
    city.colour, city.urbanized = colour, True
    touched(state, [hexname])
    cubes, removed = add_cubes(state, hexname, rng, 2)
    text = f"urbanizes {name} as a {colour} city (new cubes: {', '.join(cubes) or 'none left in the bag'}){paid}"
    if removed:
        text += "; its empty city marker is removed"
    return text


def do_urbanize(state: RotwState, ctx: Context, seat: int, action: Urbanize, rng: Stream, events: list) -> None:
    event = {"type": "urbanize", "seat": seat}
    text = urbanize(state, ctx, seat, action, rng, event=event)
    events.append({**event, "text": f"{state.seats[seat]} {text}."})


def do_upgrade(state: RotwState, ctx: Context, seat: int, events: list) -> None:
    """railways-of-the-world.txt, "C. UPGRADE ENGINE": one level per action, up to 8; readied
    upgrade cards lower the price (``holdings.upgrade_price``)."""
    player = state.players[seat]
    if player.engine >= 8:
        raise IllegalAction("Your engine is already at level 8, the highest.")
    level = player.engine + 1
    price = eventdeck.engine_price(state, ctx.tables.engine_cost[level])      # this turn's event, if any
    cost, played = holdings.upgrade_price(state, ctx, seat, price)
    issued = pay(player, cost, ctx.tables.money.bond)
    shown: list[dict] = []
    barons.raise_engine(state, seat, 1, shown)
    with_ = f" with {', '.join(played)}" if played else ""
    events.append({"type": "upgrade", "seat": seat, "paid": cost, "bonds": issued,
                   "text": f"{player.name} upgrades to engine level {level}{with_}; "
                           f"{pay_text('', cost, issued).strip()}."})
    events += shown


def issue_bonds(state: RotwState, ctx: Context, seat: int, count: int, events: list) -> None:
    """railways-of-the-world.txt, "Card & Map Revisions and Clarifications" (Daniel Drew and
    James Fisk): in the last round the holder of a most-bonds baron may issue as many bonds as
    they like to secure it; not an action. Their dividends come at the final income phase."""
    baron = barons.bonds_baron(state, seat)
    if baron is None:
        raise IllegalAction("Bonds are issued only to pay for something; only a player holding a baron for the most "
                            "bonds may issue more, in the last round of the game.")
    if not (state.round == ROUNDS and last_turn(state)):
        raise IllegalAction(f"With {baron.name} you may issue bonds at will only in the last round of the game "
                            f"(round {ROUNDS} of the last turn); until then bonds pay only for what you buy.")
    player = state.players[seat]
    player.bonds += count
    player.cash += count * ctx.tables.money.bond
    events.append({"type": "bonds_issued", "seat": seat, "bonds": count, "paid": 0,
                   "text": f"{player.name} issues {count} bond{'s' if count > 1 else ''} "
                           f"(+{dollars(count * ctx.tables.money.bond)})."})


def place_marker(state: RotwState, ctx: Context, hexname: str, events: list) -> None:
    """An emptied city gets an empty city marker while any are left; the last one triggers the end.
    railways-of-the-world.txt, "Ending the Game"."""
    markers = state.markers
    if markers.placed >= markers.total or not transcontinental.takes_marker(state, ctx.map, hexname):
        return
    state.cities[hexname].marker = True
    markers.placed += 1
    events.append({"type": "marker", "text": f"{ctx.map.cities[hexname].name} is empty: empty city marker "
                                             f"{markers.placed} of {markers.total}."})
    if markers.placed == markers.total and not transcontinental.last_marker(state, events) \
            and state.end_turn is None:
        state.end_turn = state.turn + 1
        events.append({"type": "end_triggered",
                       "text": f"The last empty city marker is placed: this turn is finished, then turn "
                               f"{state.end_turn} is the last."})


def do_take_card(state: RotwState, ctx: Context, seat: int, action: TakeCard, rng: Stream, events: list) -> None:
    card = ops.face_up_card(ctx, state.cards.face_up, action.card)
    growth = ops.spec(ctx, card).effect == "city_growth"
    city = city_hex(ctx.map, action.city or "") if growth else None
    if city is not None:
        transcontinental.check_growth(state, ctx.map, city)
    ops.take_card(state, ctx, seat, action, rng, events, urbanize)
    if city is not None:                  # City Growth (take_card refused it without a city); New Industry
        touched(state, [city])            # is recorded by ``urbanize``


def touched(state: RotwState, hexes: list[str]) -> None:
    """Record the hexes the current action touched; ``next_actor`` makes them the public ``last``
    move (boards highlight them). Actions that touch none (pass, upgrade) leave ``last`` empty."""
    state.touched = hexes


# -------------------------------------------------------------- turn flow
def next_actor(state: RotwState, ctx: Context, events: list, rng: Stream) -> None:
    """Move to the next player, the next round, or the income phase (``rng``: the action's stream,
    for the West opening at the end of a turn, ``transcontinental.py``)."""
    state.last, state.touched = state.touched or [], UNSET
    state.at += 1
    if state.at < len(state.order):
        return
    state.at = 0
    state.round += 1
    if state.round <= ROUNDS:
        last = " (the last round of the game)" if state.round == ROUNDS and last_turn(state) else ""
        events.append({"type": "round", "text": f"Round {state.round} of {ROUNDS}{last}."})
        return
    end_of_turn(state, ctx, events, rng)


def last_turn(state: RotwState) -> bool:
    """Whether this is the last turn: the last empty city marker was placed in an earlier turn
    (railways-of-the-world.txt, "Ending the Game")."""
    return state.end_turn is not None and state.turn >= state.end_turn


def income_of(points: int, ctx: Context | None = None) -> int:
    """Income in thousands at ``points``; the track wraps at 100 (railways-of-the-world.txt,
    "Scoring Track"). ``ctx`` defaults to the shipped tables."""
    return (ctx.tables if ctx is not None else load_tables()).income[points % 100]


def end_of_turn(state: RotwState, ctx: Context, events: list, rng: Stream) -> None:
    """railways-of-the-world.txt, "3 - Income and Dividends" and "Ending the Game" (and in the
    Transcontinental game, the pause between its phases, ``transcontinental.east_ends``)."""
    dividend = ctx.tables.money.bond_dividend
    for seat, player in enumerate(state.players):
        track = transcontinental.income(state, ctx, seat, income_of(player.points, ctx))
        income = eventdeck.income(state, track)
        player.cash += income
        owed = player.bonds * dividend
        issued = pay(player, owed, ctx.tables.money.bond) if owed else 0
        text = f"{player.name} earns {eventdeck.income_text(state, track, income, player.points)}"
        if owed:
            text += f", pays {dollars(owed)} bond dividends"
            if issued:
                text += f" (issuing {issued} new bond{'s' if issued > 1 else ''})"
        events.append({"type": "income", "seat": seat, "income": income, "paid": owed, "bonds": issued,
                       "text": text + "."})
    removed = remove_incomplete(state.track, state.links)
    if removed:                  # one line for all of them: a turn's end message stays short
        ids = sorted(removed, key=int)
        named = ", ".join(f"#{lid}" for lid in ids[:-1]) + (" and " if len(ids) > 1 else "") + f"#{ids[-1]}"
        events.append({"type": "removed", "links": ids,
                       "text": f"Unfinished track is removed (link{'s' if len(ids) > 1 else ''} {named})."})
    modules.after_income(state, removed, events)
    stalled, state.stalled = state.stalled is True, UNSET
    if last_turn(state) or stalled:
        routing.drop_all(state, events)
        state.phase, state.round, state.order, state.at = "over", 0, [], 0
        events.append({"type": "game_over", "text": "The game is over."})
        return
    if transcontinental.east_ends(state, events):
        transcontinental.resume(state, ctx, rng, events, next_turn)
        return
    next_turn(state, ctx, events, rng=rng)


def next_turn(state: RotwState, ctx: Context, events: list, reveal: bool = True, *, rng: Stream) -> None:
    """The next turn begins: cards readied for a turn come back, a bounty may wake, one more
    operations card is turned up (unless ``reveal`` is false: the West has just laid its cards out),
    the first-player auction opens (or Worst is First orders the players), and the Event deck turns
    (``eventdeck.turn_begins``, with ``rng``, the action's stream)."""
    holdings.new_turn(state)
    ops.next_bounty(state, ctx, events)
    card = ops.reveal_one(state.cards) if reveal else None
    if card:
        events.append({"type": "card_revealed", "text": f"New operations card: {ops.describe(ctx, card)['name']}."})
    state.turn += 1
    last = " is the last turn of the game" if last_turn(state) else ""
    style = state.options.bidding
    if style == "worst_is_first":                   # the scores after this turn's event acts set the order
        acted: list[dict] = []
        eventdeck.turn_begins(state, ctx, acted, rng)
        order = worst_first_order(state)
        start_rounds(state, order[0], order)
        events.append({"type": "turn", "text": f"Turn {state.turn}{last}: worst score first, the order is "
                                               + ", ".join(state.seats[s] for s in order) + "."})
        events.extend(acted)
        return
    auction = new_auction(style, bidding_order(state))        # the order of the turn just played, in Through Time
    state.phase, state.round, state.order, state.at, state.auction = "auction", 0, [], 0, auction
    events.append({"type": "turn", "text": f"Turn {state.turn}{last}: auction for first player, "
                                           f"{state.seats[state.auction.order[0]]} bids first."})
    eventdeck.turn_begins(state, ctx, events, rng)


def baron_results(state: RotwState) -> dict[int, dict]:
    """Each seat's kept baron and whether its goal is met, at the end (empty without barons)."""
    if state.barons is UNSET:
        return {}
    ctx = of(state)
    by_name = {c.name: h for h, c in ctx.map.cities.items()}
    return barons.final(state, lambda name: by_name[name], lambda h: state.cities[h].colour)
