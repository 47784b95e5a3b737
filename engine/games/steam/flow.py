"""Steam's turn: setup, the first turn's order, selecting action tiles, income and the end.

steam.txt, "Getting Started", "The Order of Turns", "Playing the Game" (six phases: select action
tiles, build track, move goods in two rounds, collect income and pay expenses, determine turn
order, set up a new turn) and "The Game's End". Money in dollars, points are VP. Building and
moving goods are in ``build.py`` and ``moves.py``; when a build ends or both rounds of moving
goods are over, ``game.py`` goes on here (``next_builder``, ``income``): the phases never call
back into the turn.
"""
from __future__ import annotations

from typing import Any

from ...common import auction as auc
from ...common.goods import draw
from ...common.names import fold
from ...common.seats import clockwise
from ...core.errors import IllegalAction
from ...core.game import Event
from ...core.record import Core
from ...core.rng import Stream
from .build import building
from .data import COLOURS, CUBES, NEW_CITY_LETTERS, SUPPLY_SPACES, ActionTile, MapData, Rules, load_manifest
from .money import Bankrupt, Payment, can_raise, pay, pay_or_refuse, record
from .moves import moving, start_moves
from .seats import acting, active, first_then_order
from .standard import bidder, goods_growth, start_turn
from .state import Build, Chosen, City, FirstOrder, Player, SteamState

OPENING_BID = 1


def setup(mapdata: MapData, rules: Rules, options: Chosen, seats: list[str], rng: Stream) -> SteamState:
    """steam.txt, "Getting Started": cubes per city from the bag (one fewer on maps that say so at
    this player count), cubes on each goods supply space (one fewer with three players), income and
    VP 0, locomotive 1; the first turn's order at random (then $1, $2... to the 2nd, 3rd...) or by
    an auction per place. The engine's own fields (``seed``, ``core``) are placeholders here:
    ``Game.setup`` sets them."""
    n = len(seats)
    bag = {c: CUBES[c] for c in COLOURS}
    cities = {}
    for h in sorted(mapdata.cities):
        city = mapdata.cities[h]
        count = max(1, city.cubes - 1) if n in mapdata.cube_reduction else city.cubes
        cities[h] = City(colour=city.colour, cubes=sorted(draw(bag, rng, count, COLOURS)), growth=False, tile=None)
    per_space = rules.goods_per_space - (1 if n == 3 else 0)
    supply = {}
    for space in [str(i) for i in range(1, SUPPLY_SPACES + 1)] + list(NEW_CITY_LETTERS):
        supply[space] = sorted(draw(bag, rng, per_space, COLOURS))
    manifest = load_manifest()
    state = SteamState(
        game="steam", seed=0, core=Core(),
        options=options,
        seats=seats,
        players=[Player(name=name, cash=0, income=0, vp=0, loco=1, out=False, tile=None, passed_tile=False,
                        loco_done=False) for name in seats],
        cities=cities,
        supply=supply,
        bag=bag,
        new_cities=list(NEW_CITY_LETTERS),
        tiles={t: manifest.count(t) for t in manifest.types},
        track={},
        links={},
        next_link=1,
        turn=1,
        turns=rules.turns[str(n)],
        phase="select",
        order=[],
        at=0,
        build=None,
        move=None,
        scoring=None,
        auction=None,
        last_tiles={},
        capital=None,
        bidding=None,
        skip=[],
        last=[],
    )
    if options.standard:
        order = list(range(n))
        rng.shuffle(order)
        state.order = order                      # who bids first in the first turn-order auction
        start_turn(state, [])
    elif options.first_order == "auction":
        first = rng.below(n)
        state.phase = "auction"
        state.auction = FirstOrder(order=auc.start(clockwise(first, n)), placed=[])
    else:
        order = list(range(n))
        rng.shuffle(order)
        for k, seat in enumerate(order):
            state.players[seat].cash += k
        state.order = order
    return state


def first_order(state: SteamState) -> FirstOrder:
    """The first turn's auction for places (``auction`` phase only: the steps call this then)."""
    assert state.auction is not None, "the auction phase keeps its record"
    return state.auction


def actor(state: SteamState) -> int | None:
    """The one seat to act (``None`` while several choose their points, and at the end)."""
    phase = state.phase
    if phase == "auction":
        return auc.bidder(first_order(state).order)
    if phase == "select":
        return active(state)[state.at]
    if phase == "build":
        return building(state).seat
    if phase == "move":
        m = moving(state)
        return m.order[m.at]
    if phase == "order":
        return bidder(state)
    return None


# ------------------------------------------------------------ first-turn auctions
def auction_bid(state: SteamState, rules: Rules, seat: int, amount: int, events: list[Event]) -> None:
    """Bid ``amount`` dollars for the place auctioned ("The Order of Turns"). Raises
    ``IllegalAction`` for a bid the seat cannot raise or below the lowest allowed."""
    a = first_order(state).order
    if amount > can_raise(state.players[seat], rules):
        raise IllegalAction(f"You cannot raise ${amount}.")
    auc.bid(a, seat, amount, OPENING_BID, auc.dollars)
    events.append({"type": "bid", "seat": seat, "text": f"{state.seats[seat]} bids ${amount}."})
    _close_auction(state, rules, events)


def auction_pass(state: SteamState, rules: Rules, seat: int, events: list[Event]) -> None:
    """Drop out of the place auctioned (for good)."""
    auc.pass_(first_order(state).order, seat)
    events.append({"type": "pass", "seat": seat, "text": f"{state.seats[seat]} passes."})
    _close_auction(state, rules, events)


def _close_auction(state: SteamState, rules: Rules, events: list[Event]) -> None:
    """A place is won (the winner pays, raising money as needed; if nobody bid, the first bidder
    takes it for nothing); the next place's auction starts left of the winner; the last player
    takes the last place."""
    box = first_order(state)
    a = box.order
    if not auc.finished(a):
        return
    won = auc.winner(a)
    winner = a.order[0] if won is None else won[0]
    text = f"{state.seats[winner]} takes place {len(box.placed) + 1}"
    book = []
    if won is not None:
        paid = pay_or_refuse(state, winner, won[1], rules, "That bid")
        text += " and " + paid.text
        book.append(paid.record)
    events.append({"type": "order", "seat": winner, "money": book, "text": text + "."})
    box.placed.append(winner)
    n = len(state.seats)
    left = [s for s in clockwise(winner, n) if s not in box.placed]
    if len(left) == 1:
        box.placed.append(left[0])
        state.order, state.auction, state.phase, state.at = box.placed, None, "select", 0
        events.append({"type": "order", "text": auc.order_text(state.seats, box.placed)})
        return
    box.order = auc.start(left)


# ------------------------------------------------------------ action tiles
def tiles_for(state: SteamState, rules: Rules) -> list[ActionTile]:
    """The action tiles of this game (the standard game adds Production)."""
    standard = state.options.standard
    return [t for t in rules.action if standard or not t.standard]


def free_tiles(state: SteamState, rules: Rules) -> list[ActionTile]:
    """The action tiles nobody took this turn."""
    taken = {p.tile for p in state.players}
    return [t for t in tiles_for(state, rules) if t.id not in taken]


def find_tile(state: SteamState, rules: Rules, ref: str) -> ActionTile:
    """The action tile ``ref`` names (its id or its name, any case). Raises ``IllegalAction``."""
    wanted = fold(ref)
    for t in tiles_for(state, rules):
        if ref == t.id or wanted == fold(t.name):
            return t
    raise IllegalAction(f"There is no action tile {ref!r}: " + ", ".join(t.name for t in tiles_for(state, rules)) + ".")


def select(state: SteamState, rules: Rules, seat: int, ref: str, pass_option: bool, events: list[Event]) -> None:
    """steam.txt, "Phase 1 – Select Action Tiles": one tile each, in turn order, paid when taken; a
    tile with the pass option may be taken without paying or acting. Locomotive acts at once."""
    tile = find_tile(state, rules, ref)
    if tile.id not in {t.id for t in free_tiles(state, rules)}:
        raise IllegalAction(f"{tile.name} is already taken this turn.")
    if pass_option and not tile.pass_option:
        raise IllegalAction(f"{tile.name} has no pass option.")
    player = state.players[seat]
    if tile.id == "locomotive" and not pass_option and player.loco >= rules.locomotive_max:
        raise IllegalAction(f"Your locomotive is already at level {rules.locomotive_max}.")
    text = f"{player.name} takes {tile.name}"
    book = []
    if pass_option:
        text += " with the pass option (no cost, no action)"
    elif tile.cost:
        paid = pay_or_refuse(state, seat, tile.cost, rules, tile.name)
        text += " and " + paid.text
        book.append(paid.record)
    player.tile, player.passed_tile = tile.id, pass_option
    if tile.id == "locomotive" and not pass_option:
        player.loco += 1
        text += f"; locomotive level {player.loco}"
    events.append({"type": "select", "seat": seat, "money": book, "text": text + "."})
    state.at += 1
    if state.at >= len(active(state)):
        start_build(state, rules, events)


def start_build(state: SteamState, rules: Rules, events: list[Event]) -> None:
    """Phase 2: the builders in turn order, First Build's holder first."""
    order = first_then_order(state, "first-build")
    state.phase, state.at = "build", 0
    state.build = _builder(state, rules, order, 0)
    events.append({"type": "phase", "text": "Build track: " + ", ".join(state.seats[s] for s in order) + "."})


def _builder(state: SteamState, rules: Rules, order: list[int], at: int) -> Build:
    """The build of ``order[at]``: no tile laid, its limit (Engineer's more), the action tile it
    must still use."""
    seat = order[at]
    p = state.players[seat]
    return Build(order=order, at=at, seat=seat, laid=0,
                 limit=rules.engineer_tiles if acting(state, "engineer") == seat else rules.build_tiles,
                 todo=[t for t in ("city-growth", "urbanization", "production") if p.tile == t and not p.passed_tile],
                 extended=[])


def next_builder(state: SteamState, rules: Rules, events: list[Event]) -> None:
    """The next seat builds; after the last, Phase 3 (moving goods) starts."""
    b = building(state)
    if b.at + 1 < len(b.order):
        state.build = _builder(state, rules, b.order, b.at + 1)
        return
    state.build = None
    start_moves(state, events)


# ------------------------------------------------------------ income, order, end
def income_reason(p: Player, standard: bool) -> str:
    """Why a player earns or pays what they do at income: "income 1 on the income track, less $3
    locomotive upkeep (level 3)" (upkeep in the standard game only; dollars)."""
    text = f"income {p.income} on the income track"
    return text + f", less ${p.loco} locomotive upkeep (level {p.loco})" if standard else text


def income(state: SteamState, mapdata: MapData, rules: Rules, rng: Stream, events: list[Event]) -> None:
    """steam.txt, "Step 4: Get Paid and Pay Your Bills", then, in the standard game, Goods Growth
    (``standard.goods_growth``), then "Phase 5 – Determine Turn Order", "Phase 6 – Set Up New
    Turn" and "The Game's End". Each payment names its reason (the income track, less the
    locomotive's upkeep in the standard game)."""
    standard = state.options.standard
    for seat in active(state):
        p = state.players[seat]
        due = p.income - (p.loco if standard else 0)
        why = income_reason(p, standard)
        if due >= 0:
            p.cash += due
            events.append({"type": "income", "seat": seat, "money": [record(seat, earned=due)],
                           "text": f"{p.name} earns ${due} ({why})."})
            continue
        try:
            steps, vp = pay(p, -due, rules)
        except Bankrupt:
            events.append({"type": "income", "seat": seat, "text": f"{p.name} owes ${-due} ({why})."})
            eliminate(state, seat, events)
            continue
        paid = Payment(p, seat, -due, steps, vp, rules)
        events.append({"type": "income", "seat": seat, "money": [paid.record],
                       "text": f"{p.name} pays ${-due} ({why}){paid.text[len(f'pays ${-due}'):]}."})
    if state.turn >= state.turns or len(active(state)) <= 1:
        state.phase, state.build, state.move = "over", None, None
        events.append({"type": "game_over", "text": "The game is over."})
        return
    if standard:
        goods_growth(state, mapdata, rng, events)
    state.last_tiles = {str(s): p.tile for s, p in enumerate(state.players)}
    state.skip = [s for s in active(state) if acting(state, "turn-order") == s]
    value = {t.id: t.value for t in rules.action}
    order = sorted(active(state), key=lambda s: value[_chosen(state.players[s])])
    for p in state.players:
        p.tile, p.passed_tile, p.loco_done = None, False, False
    state.turn, state.at, state.move = state.turn + 1, 0, None
    if state.options.standard:
        start_turn(state, events)
        return
    state.order, state.phase = order, "select"
    events.append({"type": "turn", "text": f"Turn {state.turn} of {state.turns}: "
                                           + ", ".join(state.seats[s] for s in order) + "."})


def _chosen(p: Player) -> str:
    """The action tile a seat still in the game chose this turn (every one has one at income)."""
    assert p.tile is not None, "every seat in the game takes an action tile in Phase 1"
    return p.tile


def eliminate(state: SteamState, seat: int, events: list[Event]) -> None:
    """Bankrupt (steam.txt, "Step 4"): out of the game; its links stay on the board, owned by nobody."""
    p = state.players[seat]
    p.out = True
    for link in state.links.values():
        if link.owner == seat:
            link.owner = None
    events.append({"type": "eliminated", "seat": seat, "text": f"{p.name} is bankrupt and leaves the game; "
                                                               "their links now belong to nobody."})


def final_scores(state: SteamState, rules: Rules) -> dict[str, Any]:
    """steam.txt, "Calculating Victory Points": +1 VP per 2 income (or -2 VP per point of negative
    income), +1 VP per complete link owned; ties: higher income, then the lower action tile value
    of the last turn. A player eliminated ranks last."""
    value = {t.id: t.value for t in rules.action}
    rows: list[dict[str, Any]] = []
    for seat, p in enumerate(state.players):
        links = sum(1 for link in state.links.values() if link.owner == seat and link.to is not None)
        inc = p.income // 2 if p.income > 0 else 2 * p.income
        score = p.vp + inc + links
        tile = (state.last_tiles.get(str(seat)) if p.tile is None else p.tile)
        rows.append({"seat": seat, "name": p.name, "score": score, "vp": p.vp, "income": p.income,
                     "income_vp": inc, "links": links, "out": p.out,
                     "tile_value": 99 if tile is None else value.get(tile, 99)})
    order = sorted(rows, key=lambda r: (r["out"], -r["score"], -r["income"], r["tile_value"]))
    tiebreaks = []
    for i, row in enumerate(order):
        row["rank"] = i + 1
        prev = order[i - 1] if i else None
        if prev and prev["score"] == row["score"] and not prev["out"] and not row["out"]:
            why = "higher income" if prev["income"] != row["income"] else "the lower action tile in the last turn"
            tiebreaks.append(f"{prev['name']} and {row['name']} tie on {row['score']}: {prev['name']} ranks higher "
                             f"with {why}.")
    return {"scores": {r["seat"]: r["score"] for r in rows}, "ranking": [r["seat"] for r in order], "table": order,
            "tiebreaks": tiebreaks, "winner": order[0]["name"]}
