"""One legal action drawn at random, for a search player's playouts (issue 32, "Search hooks").

``sample_round`` draws a round's action without listing every legal action (``search.legal_actions``
lists them, its builds a sample): first an action kind, uniformly among the kinds legal now, then
one action of that kind. Each kind is tried in the order drawn; a kind with no legal action now
(found only when it is tried) is set aside and another kind drawn, so the kind comes out uniform
over the kinds that have one. A pass is always legal, so a draw always ends. Every action drawn
is one ``search.legal_actions`` lists (same candidates, same filters), so it is legal.

A build is drawn over the slots of ``search.build_sample`` in a random order (each complete-link
corridor, each ferry corridor with a readied Ferry Line, each unfinished link's open end, each city
of the seat's network for a long corridor; with the add-on modules, each Mine, Fuel Depot and
Switch Track build): the first slot that gives a legal build gives the action, so only as many
slots are checked as it takes to find one.
"""
from __future__ import annotations

from collections.abc import Callable

from ...common.routes import adjacency, routes
from ...common.track import MAX_TILES
from ...core.record import UNSET
from ...core.rng import Stream
from . import eventdeck, holdings, modules, periods, transcontinental, western
from .context import Context
from .network import cities_reached
from .paths import corridors, long_corridors
from .search import (
    FreeCorridor,
    bond_issues,
    build_action,
    build_cards,
    card_takes,
    card_uses,
    delivery_actions,
    from_open_end,
    grays_and_tiles,
    switch_builds,
)
from .state import RotwState


def sample_round(state: RotwState, ctx: Context, seat: int, rng: Stream) -> dict:
    """One legal action of ``seat``, the seat to act in a round of actions (the kinds and filters of
    ``search.legal_actions``: this turn's embargo, the Transcontinental phase's limits, only builds,
    build cards and a pass while a Hot Spring build is due)."""
    limited = state.transcontinental is not UNSET

    def allowed(acts: list[dict]) -> list[dict]:
        acts = eventdeck.allowed(state, acts)
        return [a for a in acts if transcontinental.allowed(state, ctx.map, a)] if limited else acts

    def one_of(make: Callable[[], list[dict]]) -> Callable[[], dict | None]:
        def draw() -> dict | None:
            acts = allowed(make())
            return acts[rng.below(len(acts))] if acts else None
        return draw

    def uses() -> list[dict]:
        return [a for a in card_uses(state, ctx, seat, holdings.effects(state, ctx, seat)) if a["type"] == "use_card"]

    kinds: list[Callable[[], dict | None]] = [lambda: {"type": "pass"},
                                              lambda: _build(state, ctx, seat, rng)]
    if state.hot_spring is not UNSET:                 # mapcards.only_now: builds and build cards
        cards = build_cards(holdings.effects(state, ctx, seat))
        kinds.append(one_of(lambda: [a for a in uses() if a["card"] in cards]))
    else:
        kinds += [one_of(lambda: bond_issues(state, seat)), one_of(uses),
                  lambda: _delivery(state, seat, rng, allowed),
                  one_of(lambda: [{"type": "urbanize", "city": h, "colour": c} for h, c in _urbanizations(state)]),
                  one_of(lambda: [{"type": "western_link", "city": h} for h in western.buildable(state, ctx, seat)]),
                  one_of(lambda: card_takes(state, ctx, seat, *grays_and_tiles(state)))]
        if state.players[seat].engine < 8:
            kinds.append(lambda: {"type": "upgrade"})
    while True:
        draw = kinds.pop(rng.below(len(kinds)))
        action = draw()
        if action is not None:
            return action


def _urbanizations(state: RotwState) -> list[tuple[str, str]]:
    grays, tiles = grays_and_tiles(state)
    return [(h, c) for h in grays for c in tiles]


def _delivery(state: RotwState, seat: int, rng: Stream, allowed: Callable[[list[dict]], list[dict]]) -> dict | None:
    """A legal delivery of ``seat``: on a plain map, a cube (a colour in a city at an end of one of
    the seat's complete links: the first link is the mover's own) drawn at random among those that
    have one, then one of its deliveries; with the add-on modules or
    through time, one of the whole list (``search.delivery_actions``)."""
    if state.modules is not UNSET or periods.is_composed(state.options.map):
        acts = allowed(delivery_actions(state, seat))
        return acts[rng.below(len(acts))] if acts else None
    links = state.links
    starts: set[str] = set()         # a cube leaves along one of the seat's own complete links
    for link in links.values():
        if link.owner == seat and link.to:
            starts.update((link.from_, link.to))
    if not starts:
        return None
    cities = state.cities
    adj = adjacency(links)
    engine = state.players[seat].engine
    cubes = [(origin, colour) for origin in sorted(starts) for colour in sorted(set(cities[origin].cubes))]
    while cubes:
        origin, colour = cubes.pop(rng.below(len(cubes)))
        acts = allowed([{"type": "deliver", "from": origin, "colour": colour, "links": ids}
                        for ids, _ in routes(links, origin, colour, engine, seat, lambda h: cities[h].colour, adj)])
        if acts:
            return acts[rng.below(len(acts))]
    return None


def _build(state: RotwState, ctx: Context, seat: int, rng: Stream) -> dict | None:
    """A legal build of ``seat`` from the slots of ``search.build_sample`` (and the add-on modules'
    builds), checked in a random order; ``None`` when no slot gives one."""
    perks = holdings.build_perks(state, ctx, seat) & {"ferry_line"}
    tiles: dict[str, list[str]] = {}         # one pass over the links: their end tiles at each city,
    ends: list[str] = []                     # the seat's unfinished links and the cities it reaches
    reached: set[str] = set()
    for lid, link in state.links.items():
        owner, start, to, hexes = link.owner, link.from_, link.to, link.hexes
        if hexes:
            tiles.setdefault(start, []).append(hexes[0])
            if to is not None:
                tiles.setdefault(to, []).append(hexes[-1])
        if owner == seat:
            if to is None:
                ends.append(lid)
            elif to:
                reached.update((start, to))
    ends.sort(key=int)
    free = FreeCorridor(ctx, state, seat, perks, tiles)
    if state.modules is not UNSET:           # a Switch Track's branch reaches the cities of its link
        extra = modules.addon_builds(state, ctx, seat) + switch_builds(state, ctx, seat)
        network = sorted(cities_reached(state, seat))
    else:
        extra = []
        cities = state.cities
        network = sorted(c for c in reached if cities[c].colour != "warp")
    plain = corridors(ctx.map.id)
    ferry = corridors(ctx.map.id, ferry=True) if perks else ()
    sizes = (len(extra), len(plain), len(ferry), len(ends), len(network))
    total = sum(sizes)
    order = list(range(total))
    long = None
    for i in range(total):
        j = i + rng.below(total - i)
        order[i], order[j] = order[j], order[i]
        k = order[i]
        action = None
        if k < sizes[0]:
            action = extra[k]
        elif (k := k - sizes[0]) < sizes[1]:
            action = build_action(plain[k]) if free(plain[k]) else None
        elif (k := k - sizes[1]) < sizes[2]:
            action = build_action(ferry[k]) if free(ferry[k]) else None
        elif (k := k - sizes[2]) < sizes[3]:
            acts = from_open_end(state, ctx, seat, ends[k], perks)
            action = acts[rng.below(len(acts))] if acts else None
        else:
            long = long if long is not None else long_corridors(ctx.map.id)
            city = network[k - sizes[3]]
            path = next((p for p in long[city] if free(p[:MAX_TILES + 1], p[MAX_TILES + 1])), None)
            action = build_action(path[:MAX_TILES + 1], path[MAX_TILES + 1]) if path is not None else None
        if action is not None and transcontinental.allowed(state, ctx.map, action):
            return action
    return None
