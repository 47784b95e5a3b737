"""Finding legal moves: deliveries, and the legal-action list with its sample of builds.

Build paths are unbounded in general; ``legal_actions`` offers the sample of ``build_sample``
(documented in docs/actions/rotw.md): every kind of build, few enough for random playouts.
"""
from __future__ import annotations

from collections.abc import Set as AbstractSet

import msgspec

from ...common.auction_step import bid_actions
from ...common.goods import COLOURS
from ...common.hexgrid import neighbor, side_of, side_towards
from ...common.routes import adjacency, routes
from ...common.track import MAX_TILES, crosses, shape_ok
from ...core.errors import IllegalAction
from ...core.record import UNSET
from . import (
    barons,
    bidding,
    charters,
    eventdeck,
    holdings,
    inspector,
    mapcards,
    modules,
    paths,
    periods,
    routing,
    rules,
    timetravel,
    transcontinental,
    western,
)
from . import cards as ops
from .context import Context
from .features import planned
from .network import cities_reached
from .paths import city_stop, corridors, end_of, from_end, long_corridors
from .rules import build_cost
from .state import Barons, RotwState


def iter_deliveries(state: RotwState, seat: int):
    """Every legal delivery of ``seat``, lazily: ``{"type": "deliver", "from", "colour", "links"}``
    with a ``"points"`` preview (``{seat: points}``) and ``"to"`` (destination hex). With the add-on
    modules: ``routing.routes`` (deliveries that end at a city taking the colour; no stops)."""
    engine = state.players[seat].engine
    links = state.links
    if periods.is_composed(state.options.map):     # before the modules: only mines go with it
        yield from _time_deliveries(state, seat, engine)
        return
    if state.modules is not UNSET:
        yield from _module_deliveries(state, seat, engine)
        return
    if not any(link.owner == seat and link.to for link in links.values()):
        return
    adj = adjacency(links)
    for origin in sorted(adj):
        for colour in sorted(set(state.cities[origin].cubes)):
            for ids, passed in routes(links, origin, colour, engine, seat,
                                      lambda h: state.cities[h].colour, adj):
                gains: dict[str, int] = {}
                for lid in ids:
                    owner = str(links[lid].owner)
                    gains[owner] = gains.get(owner, 0) + 1
                yield {"type": "deliver", "from": origin, "colour": colour, "links": ids,
                       "to": passed[-1], "points": gains}


def _time_deliveries(state: RotwState, seat: int, engine: int):
    """Railways Through Time: over the seat's own links, jumping between periods
    (``timetravel.time_routes``); a jump's two links score one point."""
    time = periods.compose(state.options.map)[1]
    warps, links = time.warps(), state.links
    adj = timetravel.own_adjacency(links, seat)
    for origin in sorted(adj):
        if origin in warps:
            continue
        for colour in sorted(set(state.cities[origin].cubes)):
            for ids, passed in timetravel.time_routes(links, origin, colour, engine, seat,
                                                      lambda h: state.cities[h].colour, time.period_of, warps,
                                                      adj):
                yield {"type": "deliver", "from": origin, "colour": colour, "links": ids, "to": passed[-1],
                       "points": {str(seat): timetravel.counted(ids, links, warps)}}


def _module_deliveries(state: RotwState, seat: int, engine: int):
    links = state.links
    if not any(link.owner == seat and link.to for link in links.values()):
        return
    net = routing.graph(state)
    for origin in sorted(net[0]):
        for colour in sorted(set(state.cities[origin].cubes)):
            for leg in routing.routes(state, seat, origin, colour, engine, stops=False, net=net):
                gains: dict[str, int] = {}
                for lid in leg["links"]:
                    owner = str(links[lid].owner)
                    gains[owner] = gains.get(owner, 0) + 1
                yield {"type": "deliver", "from": origin, "colour": colour, "links": leg["links"],
                       "to": leg["cities"][-1], "points": gains}


def switch_builds(state: RotwState, ctx: Context, seat: int) -> list[dict]:
    """Switch Track builds for ``legal_actions`` ("Switch Tracks"): on each tile of the seat's
    complete links where a switch may go, a one-tile branch out of each free side."""
    if modules.left(state, "switch", seat) <= 0:
        return []
    acts = []
    for lid in sorted((k for k, link in state.links.items() if link.owner == seat and link.to), key=int):
        for hexname in state.links[lid].hexes:
            try:
                modules.switch_target(state, ctx, seat, hexname, [hexname])
            except IllegalAction:
                continue
            board = modules.switch_board(ctx, state, hexname)
            for side in sorted(board.cities[hexname].spurs):
                path = [hexname, neighbor(hexname, side)]
                try:
                    planned(ctx, state, seat, path, board=board)
                except IllegalAction:
                    continue
                acts.append({"type": "build", "switch": hexname, "path": path})
    return acts


def deliveries(state: RotwState, seat: int) -> list[dict]:
    """All of ``iter_deliveries`` as a list."""
    return list(iter_deliveries(state, seat))


def can_deliver(state: RotwState, seat: int) -> bool:
    """Whether ``seat`` has any legal delivery (stops at the first one found)."""
    return next(iter_deliveries(state, seat), None) is not None


def _legal(ctx: Context, state: RotwState, seat: int, path: list[str], toward: str | None = None,
           perks: AbstractSet[str] = frozenset(), spurs=None):
    """The plan of a build, or ``None`` when it is refused (``perks``: the seat's readied cards,
    which decide whether ferry hexes may be built on; ``spurs``: ``track.plan_build``'s cache)."""
    try:
        plan = planned(ctx, state, seat, path, toward, perks=perks, spurs=spurs)
    except IllegalAction:
        return None
    return None if rules.cut_throat_refuses(state, plan) else plan


def build_action(path, toward: str | None = None) -> dict:
    """The JSON ``build`` action of ``path`` (hexes), pointing ``toward`` a hex where given."""
    return {"type": "build", "path": list(path), **({"toward": toward} if toward else {})}


class FreeCorridor:
    """Whether a corridor (a path from a city, checked on an empty board) is legal now, without
    asking ``plan_build`` when its track tiles only meet empty hexes or cross single tracks:
    then what remains to check is the spurs (``track.plan_build`` is the rule)."""

    def __init__(self, ctx: Context, state: RotwState, seat: int, perks: AbstractSet[str] = frozenset(),
                 ends: dict[str, list[str]] | None = None):
        """``ends``: city hex -> the end tiles (hexes) of the links at it, where the caller has read them."""
        self.ctx, self.state, self.seat, self.perks = ctx, state, seat, perks
        self.ends = ends
        self.used: dict[str, set[int]] = {}

    def spurs(self, city: str) -> set[int]:
        """``track.used_spurs`` of the city on this state: the links' end tiles at each city are
        read in one pass over the links, the sides worked out only for the cities asked about."""
        used = self.used.get(city)
        if used is None:
            if self.ends is None:
                self.ends = {}
                for link in self.state.links.values():
                    hexes = link.hexes
                    if hexes:
                        self.ends.setdefault(link.from_, []).append(hexes[0])
                        to = link.to
                        if to is not None:
                            self.ends.setdefault(to, []).append(hexes[-1])
            used = self.used[city] = {side_of(city, tile) for tile in self.ends.get(city, ())}
        return used

    def _spur_free(self, city: str, tile: str) -> bool:
        return side_towards(city, tile) not in self.spurs(city)

    def __call__(self, path, toward: str | None = None) -> bool:
        track, cities = self.state.track, self.ctx.map.cities
        mods = self.state.modules
        if mods is not UNSET and any(h in mods.switches for h in path):
            return False                                        # no track into a Switch Track's hex
        if any(charters.barred(self.state, self.ctx, self.seat, h) is not None for h in (path[0], path[-1])):
            return False                                        # another player's City Charter
        if path[-1] not in cities and path[-1] in track:        # it may join an open end: ask the rules
            return _legal(self.ctx, self.state, self.seat, list(path), toward, self.perks, self.spurs) is not None
        for i in range(1, len(path) - (path[-1] in cities)):
            segs = track.get(path[i])
            if segs:                  # never the last hex: a path ending in track was asked above
                sides = [side_of(path[i], path[i - 1]), side_of(path[i], path[i + 1])]
                if len(segs) > 1 or not crosses(segs[0].sides, sides):
                    return False
        return self._spur_free(path[0], path[1]) and (path[-1] not in cities or self._spur_free(path[-1], path[-2]))


def build_sample(state: RotwState, ctx: Context, seat: int) -> list[dict]:
    """The builds ``legal_actions`` offers ``seat``, each legal now, one action per path:

    1. complete links: for each pair of cities one build can join, the cheapest path on an empty
       board (``paths.corridors``), while it is still free; with a readied Ferry Line, also the
       cheapest over a ferry hex;
    2. for each open end of the seat's unfinished links: the cheapest build that completes it at
       each city (or joins it to the seat's other open end) within one build, redirecting the end
       tile where needed, and each one-tile extension that leaves it unfinished;
    3. an unfinished link: from each city the seat's complete links reach, the first 4 tiles of
       the cheapest path still free to a city two builds can reach (``paths.long_corridors``),
       pointing on along it.
    """
    links = state.links
    perks = holdings.build_perks(state, ctx, seat) & {"ferry_line"}
    free = FreeCorridor(ctx, state, seat, perks)
    acts = [build_action(path) for path in corridors(ctx.map.id) if free(path)]
    if perks:
        acts += [build_action(path) for path in corridors(ctx.map.id, ferry=True) if free(path)]
    for lid in sorted(lid for lid, link in links.items() if link.owner == seat and link.to is None):
        acts += from_open_end(state, ctx, seat, lid, perks)
    network = cities_reached(state, seat)
    long = long_corridors(ctx.map.id)
    for city in sorted(network):
        path = next((p for p in long[city] if free(p[:MAX_TILES + 1], p[MAX_TILES + 1])), None)
        if path is not None:
            acts.append(build_action(path[:MAX_TILES + 1], path[MAX_TILES + 1]))
    return acts


def from_open_end(state: RotwState, ctx: Context, seat: int, lid: str,
                  perks: AbstractSet[str] = frozenset()) -> list[dict]:
    """Part 2 of ``build_sample`` for unfinished link ``lid`` (over ferry hexes with a readied Ferry Line)."""
    mapdata, track, links = ctx.map, state.track, state.links
    link = links[lid]
    ferry = "ferry_line" in perks

    def free(h: str) -> bool:
        return len(track.get(h, [])) < 2 and (ferry or h not in mapdata.ferries)

    ends = {other.hexes[-1]: other.exit for o, other in links.items()
            if o != lid and other.owner == seat and other.to is None and other.hexes}
    to_city = city_stop(mapdata, links, [c for c in mapdata.cities if c != link.from_])
    best: dict[str, tuple] = {}
    for path in from_end(mapdata, links, lid, free,
                         lambda h, frm: to_city(h, frm) or ends.get(h, -1) == side_towards(h, frm)):
        plan = _legal(ctx, state, seat, path, perks=perks)
        if plan is not None:
            key = (build_cost(ctx, plan, perks), len(path), path)
            best[path[-1]] = min(best.get(path[-1], key), key)
    acts = [build_action(k[2]) for _, k in sorted(best.items())]
    end, entry, _ = end_of(links, lid)
    for side in range(6):
        nxt = neighbor(end, side)
        if shape_ok(entry, side) and nxt in mapdata.terrain and nxt not in mapdata.cities and free(nxt):
            plan = _legal(ctx, state, seat, [end, nxt], perks=perks)
            if plan is not None and not plan.completes:
                acts.append(build_action([end, nxt]))
    return acts


def legal_actions(state: RotwState, ctx: Context, seat: int) -> list[dict]:
    """Legal actions of ``seat`` now, as JSON actions (builds: ``build_sample``; bids: the floor
    and the nine amounts above it; while barons are chosen, keeping either; while a delivery waits
    for a Railway Inspector, its holder's two answers; after Hot Spring, builds and a pass)."""
    if state.inspection is not UNSET:
        return inspector.legal(state, seat)
    if seat in barons.choosing(state):
        return baron_keeps(state, seat)
    if seat in transcontinental.pending(state):
        return bond_returns(state, seat)
    if barons.choosing(state) or bidding.actor(state) != seat:
        return []
    kept = holdings.effects(state, ctx, seat)
    if state.phase == "auction":
        return auction_actions(state, ctx, kept)
    acts: list[dict] = [{"type": "pass"}] + bond_issues(state, seat) + card_uses(state, ctx, seat, kept)
    acts += delivery_actions(state, seat)
    if state.modules is not UNSET:
        acts += modules.addon_builds(state, ctx, seat) + switch_builds(state, ctx, seat)
    acts += build_sample(state, ctx, seat)
    grays, tiles = grays_and_tiles(state)
    acts += [{"type": "urbanize", "city": h, "colour": c} for h in grays for c in tiles]
    acts += [{"type": "western_link", "city": h} for h in western.buildable(state, ctx, seat)]
    acts += card_takes(state, ctx, seat, grays, tiles)
    acts = [a for a in eventdeck.allowed(state, acts) if transcontinental.allowed(state, ctx.map, a)]
    return mapcards.only_now(state, acts, build_cards(kept))


def _barons(state: RotwState) -> Barons:
    assert state.barons is not UNSET, "barons are chosen only in a game with barons"
    return state.barons


def baron_keeps(state: RotwState, seat: int) -> list[dict]:
    """Keeping either of the seat's two barons."""
    return [{"type": "keep_baron", "baron": b} for b in _barons(state).hands[str(seat)]]


def bond_returns(state: RotwState, seat: int) -> list[dict]:
    """Between the Transcontinental phases: each number of bonds the seat can afford to return."""
    return [{"type": "return_bonds", "count": n} for n in range(state.players[seat].bonds + 1)
            if transcontinental.return_cost(n) <= state.players[seat].points]


def auction_actions(state: RotwState, ctx: Context, kept: dict[str, str]) -> list[dict]:
    """In the auction: a pass, the floor and the nine bids above it, a kept Railroad Executive."""
    executive = [{"type": "use_card", "card": kept["executive"]}] if "executive" in kept else []
    return bid_actions(bidding.bid_floor(state, ctx), 10) + executive


def bond_issues(state: RotwState, seat: int) -> list[dict]:
    """The most-bonds baron's holder may issue a bond as a free action in the game's last round."""
    if barons.bonds_baron(state, seat) and state.round == rules.ROUNDS and rules.last_turn(state):
        return [{"type": "issue_bonds", "count": 1}]
    return []


def card_uses(state: RotwState, ctx: Context, seat: int, kept: dict[str, str]) -> list[dict]:
    """Readying kept build cards not ready yet; below engine level 8, the upgrade and the upgrade cards."""
    ready = {ops.spec(ctx, c).effect for c in state.players[seat].armed}
    acts = [{"type": "use_card", "card": kept[e]} for e in holdings.BUILD_CARDS if e in kept and e not in ready]
    if state.players[seat].engine < 8:
        acts.append({"type": "upgrade"})
        acts += [{"type": "use_card", "card": kept[e]} for e in holdings.UPGRADE_CARDS if e in kept and e not in ready]
    return acts


def build_cards(kept: dict[str, str]) -> set[str]:
    """The ids of the kept build cards (``holdings.BUILD_CARDS``)."""
    return {kept[e] for e in holdings.BUILD_CARDS if e in kept}


def delivery_actions(state: RotwState, seat: int) -> list[dict]:
    """The seat's deliveries as JSON actions (with the add-on modules: ``routing.legal``, stops
    at Fuel Depots included; not through time), before the embargo's filter."""
    if state.modules is not UNSET and not periods.is_composed(state.options.map):
        return routing.legal(state, seat)
    return [{k: v for k, v in d.items() if k not in ("to", "points")} for d in deliveries(state, seat)]


def grays_and_tiles(state: RotwState) -> tuple[list[str], list[str]]:
    """The gray cities (hexes, sorted) and the New City tile colours left, for urbanizing."""
    grays = sorted(h for h, city in state.cities.items() if city.colour == "gray")
    tiles = state.new_city_tiles
    return grays, [c for c in COLOURS if tiles.get(c, 0) > 0]


def card_takes(state: RotwState, ctx: Context, seat: int, grays: list[str], tiles: list[str]) -> list[dict]:
    """Taking each face-up operations card (with its city, and colour, where the card needs them)."""
    acts: list[dict] = []
    for card in state.cards.face_up:
        s = ops.spec(ctx, card)
        if s.effect == "engine_upgrade" and state.players[seat].engine < 8:
            acts.append({"type": "take_card", "card": card})
        elif s.effect == "city_growth":
            acts += [{"type": "take_card", "card": card, "city": h} for h in sorted(state.cities)
                     if state.cities[h].colour != "warp"]
        elif s.kind in ops.KEPT:
            acts.append({"type": "take_card", "card": card})
        elif s.effect == "new_industry":
            acts += [{"type": "take_card", "card": card, "city": h, "colour": c} for h in grays for c in tiles]
        elif s.effect in mapcards.IMMEDIATE:
            acts += mapcards.take_options(state, ctx, seat, card, grays, tiles)
    return acts


MOVES = ("deliver", "urbanize", "upgrade", "take_card", "western_link")
"""Actions that change the game for good when ``legal_actions`` offers them (its builds are a
sample, and an unfinished link is removed at the end of the turn: ``stalled`` looks at builds
itself)."""
GROWS = ("growth", "track_tiles")
"""Event kinds that may open a move nobody has now (``eventdeck``)."""


def stalled(state: RotwState, ctx: Context) -> bool:
    """Whether, at the end of a turn, no seat could change the game any more: no operations card
    left to turn up, no event to come that adds goods cubes or tiles, and for every seat (asked as
    if it were its turn) no delivery (an embargo ends), urbanization, upgrade, card to take or
    Western Link, and no link it could complete in one build: a link between two cities one build
    joins on an empty board (``paths.cheapest_link``, on the track as it is), or from one of its
    unfinished links. The rules end a game only by its empty city markers (railways-of-the-world.txt,
    "Ending the Game"); ours also ends it here (docs/rules-assumptions.md, "A game nobody can move")."""
    if state.cards.deck or any(eventdeck.deck()[e].kind in GROWS for e in eventdeck.coming(state)):
        return False
    pairs = sorted({(p[0], p[-1]) for p in corridors(ctx.map.id)})
    for i, seat in enumerate(state.order):
        asked = msgspec.structs.replace(state, at=i)
        if any(True for _ in iter_deliveries(asked, seat)):
            return False
        if any(a["type"] in MOVES for a in legal_actions(asked, ctx, seat)):
            return False
        for lid in sorted(lid for lid, link in state.links.items() if link.owner == seat and not link.to):
            if any(_completes(ctx, asked, seat, a) for a in from_open_end(asked, ctx, seat, lid, frozenset())):
                return False
        for a, b in pairs:
            try:
                paths.cheapest_link(asked, ctx, seat, a, b)
                return False
            except IllegalAction:
                continue
    return True


def _completes(ctx: Context, state: RotwState, seat: int, action: dict) -> bool:
    plan = _legal(ctx, state, seat, action["path"], action.get("toward"))
    return plan is not None and plan.completes
