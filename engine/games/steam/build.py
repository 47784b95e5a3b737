"""Steam's build phase: track tiles, redirects, City Growth and Urbanization.

steam.txt, "Phase 2 – Building the Track", "Paying for Your First Tracks", "What about Terrain?",
"Towns", "Improving Existing Track", "Changing Direction", "Unowned Track", "City Life" and
"Expanding Cities". The track rules shared with other tile games are in
``engine/common/tilenet.py``. Money in dollars.
"""
from __future__ import annotations

from collections.abc import Callable

from ...common import tilenet
from ...common.hexgrid import SIDES
from ...common.names import fold
from ...core.errors import IllegalAction
from ...core.game import Event
from .data import NEW_CITY_LETTERS, Hex, MapData, Rules, load_manifest, place
from .money import pay_or_refuse
from .state import Build, City, Link, SteamState, Track


class SteamBoard:
    """The map as ``tilenet`` sees it now: New Cities turn towns into cities."""

    hexes: dict[str, Hex]
    impassable: frozenset[str]

    def __init__(self, mapdata: MapData, state: SteamState):
        self.map = mapdata
        self.state = state
        self.hexes = mapdata.hexes
        self.impassable = mapdata.impassable
        self._cities = state.cities             # the state's own dict: a New City is seen at once

    def node(self, hexname: str) -> str | None:
        if hexname in self._cities:
            return "city"
        h = self.hexes.get(hexname)
        return "town" if h is not None and h.town else None

    def name(self, hexname: str) -> str:
        if hexname in self.map.cities:
            return self.map.cities[hexname].name
        h = self.map.hexes.get(hexname)
        return h.town if h is not None and h.town else hexname


def sides_of(names: list[str]) -> list[int]:
    """``["W", "ne"]`` -> ``[3, 5]``. Raises ``IllegalAction`` for a name that is not a side."""
    out = []
    for name in names:
        key = str(name).strip().upper()
        if key not in SIDES:
            raise IllegalAction(f"{name!r} is not a hex side: sides are {', '.join(SIDES)}.")
        out.append(SIDES.index(key))
    return out


def building(state: SteamState) -> Build:
    """The build in progress (``build`` phase only: the steps and the build's rules call this then)."""
    assert state.build is not None, "the build phase keeps its record"
    return state.build


def builder(state: SteamState, seat: int) -> Build:
    """The build in progress (``Build``: seat, tiles laid, limit, action tiles to do). The core's
    steps make sure it is the build phase and ``seat``'s turn (``game.STEPS``)."""
    return building(state)


def _new_id(state: SteamState) -> Callable[[], str]:
    def make() -> str:
        lid = str(state.next_link)
        state.next_link += 1
        return lid
    return make


def tile_words(tile: str) -> str:
    """A track tile's id in a player's words: ``town-2-gentle`` -> ``town tile with 2 exits, gentle curve``."""
    return load_manifest().name(tile)


def _count_tile(b: Build) -> None:
    if b.laid >= b.limit:
        raise IllegalAction(f"You have laid your {b.limit} tiles this turn.")


def lay(state: SteamState, mapdata: MapData, rules: Rules, seat: int, hexname: str, exits: list[str],
        events: list[Event]) -> None:
    """A track tile: a piece of track in a plain hex, or a town tile's exits."""
    b = builder(state, seat)
    _count_tile(b)
    board = SteamBoard(mapdata, state)
    h = place(mapdata, hexname) or hexname
    sides = sides_of(exits)
    manifest = load_manifest()
    if board.node(h) == "town":
        # the new exits' links are numbered clockwise from E whatever order the exits were typed in,
        # so a menu's preview and the typed command give each exit the same link number
        plan = _planned(tilenet.plan_town, board, state.track, state.links, manifest, state.tiles, h,
                        sorted(set(sides)))
    else:
        if len(sides) != 2:
            raise IllegalAction("A piece of track joins two sides of the hex: give two exits"
                                f"{tilenet.faces(board, state.track, h)}.")
        plan = _planned(tilenet.plan_segment, board, state.track, state.links, manifest, state.tiles, seat, h,
                        sides)
    tilenet.connect(plan, board, state.links, seat, state.track)
    cost, terrain = tile_cost(plan, mapdata, rules)
    player = state.players[seat]
    paid = pay_or_refuse(state, seat, cost, rules, "That tile")
    before = set(state.links)
    net = tilenet.Net(state.track, state.links, Track, Link, _new_id(state))
    done = tilenet.apply_placement(plan, net, state.tiles, seat, state.turn)
    b.laid += 1
    links = state.links
    started = [lid for lid in links if lid not in before and links[lid].to is None]
    opened = "".join(f"; link #{lid} from {board.name(links[lid].from_)} begins, unfinished"
                     + (f", heading {SIDES[_exit(links[lid])]}" if len(started) > 1 else "")
                     for lid in started)
    what = (f"improves the track in {board.name(h)} into a {tile_words(plan.tile)}" if plan.improves
            else f"lays a {tile_words(plan.tile)} in {board.name(h)}")
    events.append({"type": "build", "seat": seat, "hex": h, "money": [paid.record],
                   "text": f"{player.name} {what}{terrain} and {paid.text}{_completed(state, board, done)}"
                           f"{opened}."})


def _exit(link: Link) -> int:
    """The side an unfinished link's open end points through."""
    assert link.exit is not None, "an unfinished link has an open end"
    return link.exit


def _planned(plan: Callable[..., tilenet.Placement], *args: object) -> tilenet.Placement:
    """``plan(*args)`` (a ``tilenet`` check of a tile); when it refuses, the refusal is made again with
    the details that name what each side of the hex faces (worked out only then: they cost more
    than the check)."""
    try:
        return plan(*args)
    except IllegalAction:
        return plan(*args, True)


def tile_cost(plan: tilenet.Placement, mapdata: MapData, rules: Rules) -> tuple[int, str]:
    """A tile's cost in dollars and the words for its terrain: its track ($1 an exit, +$1 a town);
    a new tile on hills +$2, with a river +$1 ("Paying for Your First Tracks", "What about
    Terrain?"); an improvement pays no terrain."""
    cost, terrain = plan.track_cost, ""
    if not plan.improves:
        info = mapdata.hexes[plan.hex]
        extra = (rules.hills if info.terrain == "hills" else 0) + (rules.river if info.river else 0)
        cost += extra
        if extra:
            terrain = " (with " + " and ".join(w for w, on in (("hills", info.terrain == "hills"),
                                                                 ("a river", info.river)) if on) + ")"
    return cost, terrain


def redirect(state: SteamState, mapdata: MapData, rules: Rules, seat: int, hexname: str, exits: list[str],
             events: list[Event]) -> None:
    """Turn the last tile of an unfinished link of the seat's (or one it may claim) to leave by
    another side (steam.txt, "Changing Direction"); it counts as a tile laid. Raises ``IllegalAction``."""
    b = builder(state, seat)
    _count_tile(b)
    board = SteamBoard(mapdata, state)
    h = place(mapdata, hexname) or hexname
    lid, plan = tilenet.plan_redirect(board, state.track, state.links, load_manifest(), state.tiles, seat, h,
                                      sides_of(exits))
    player = state.players[seat]
    paid = pay_or_refuse(state, seat, plan.track_cost, rules, "Redirecting")
    done = tilenet.apply_redirect(lid, plan, state.track, state.links, state.tiles, seat, state.turn)
    b.laid += 1
    events.append({"type": "build", "seat": seat, "hex": h, "money": [paid.record],
                   "text": f"{player.name} redirects the track in {h} and {paid.text}"
                           f"{_completed(state, board, done)}."})


def _completed(state: SteamState, board: SteamBoard, done: list[str]) -> str:
    if not done:
        return ""
    links = state.links
    return "; " + ", ".join(f"link #{lid} {board.name(links[lid].from_)}–{board.name(_to(links[lid]))}"
                            for lid in done) + " complete"


def _to(link: Link) -> str:
    """The far node of a complete link."""
    assert link.to is not None, "a complete link has both its nodes"
    return link.to


def grow(state: SteamState, mapdata: MapData, seat: int, ref: str, events: list[Event]) -> None:
    """City Growth (steam.txt, "Expanding Cities"): the cubes of the city's goods supply space go onto
    it with a City Growth marker; never twice on a city, never on a New City."""
    b = builder(state, seat)
    if "city-growth" not in b.todo:
        raise IllegalAction("You did not take City Growth this turn (or you have used it).")
    h = place(mapdata, ref)
    if h is None or h not in mapdata.cities:
        raise IllegalAction(f"{ref!r} is not a city printed on the map (New Cities cannot grow).")
    city = state.cities[h]
    if city.growth:
        raise IllegalAction(f"{mapdata.cities[h].name} already has a City Growth marker.")
    if not mapdata.cities[h].supply:
        raise IllegalAction(f"{mapdata.cities[h].name} has no goods supply space: it cannot grow.")
    space = str(mapdata.cities[h].supply)
    cubes = state.supply[space]
    city.cubes = sorted(city.cubes + cubes)
    city.growth = True
    state.supply[space] = []
    b.todo.remove("city-growth")
    events.append({"type": "grow", "seat": seat, "hex": h,
                   "text": f"{state.seats[seat]} grows {mapdata.cities[h].name}: "
                           f"{', '.join(cubes) or 'its goods supply space is empty'}."})


def urbanize(state: SteamState, mapdata: MapData, rules: Rules, seat: int, ref: str, letter: str,
             events: list[Event]) -> None:
    """Urbanization (steam.txt, "City Life"): a New City tile on a town, with the cubes of its goods
    supply space and a City Growth marker; links pointing into the town are complete."""
    b = builder(state, seat)
    if "urbanization" not in b.todo:
        raise IllegalAction("You did not take Urbanization this turn (or you have used it).")
    board = SteamBoard(mapdata, state)
    h = place(mapdata, ref)
    if h is None or board.node(h) != "town":
        raise IllegalAction(f"{ref!r} is not a town (a New City goes on a town).")
    tile = _new_city_tile(state, rules, letter)
    colour = rules.new_city_colours[NEW_CITY_LETTERS.index(tile)]
    state.new_cities.remove(tile)
    cubes = state.supply[tile]
    state.supply[tile] = []
    owners = {lid: link.owner for lid, link in state.links.items()}
    done, direct, removed = tilenet.new_city(state.track, state.links, state.tiles, h)
    state.cities[h] = City(colour=colour, cubes=sorted(cubes), growth=True, tile=tile)
    b.todo.remove("urbanization")
    notes = [f"link #{lid} {board.name(h)}–{board.name(_other(state.links[lid], h))} now joins the two cities "
             "directly" for lid in direct]
    notes += [f"the unfinished link #{lid}" + (f" of {state.seats[o]}" if (o := owners[lid]) is not None else "")
              + " was only the town tile's track and is gone" for lid in removed]
    events.append({"type": "urbanize", "seat": seat, "hex": h,
                   "text": f"{state.seats[seat]} puts New City {tile} ({colour}) on {board.name(h)}: "
                           f"{', '.join(cubes) or 'no cubes'}{_completed(state, board, done)}"
                           + "".join(f"; {n}" for n in notes) + "."})


def _other(link: Link, h: str) -> str:
    return _to(link) if link.from_ == h else link.from_


def _new_city_tile(state: SteamState, rules: Rules, ref: str) -> str:
    key = (ref or "").strip()
    if key.upper() in state.new_cities:
        return key.upper()
    for letter in state.new_cities:
        if fold(rules.new_city_colours[NEW_CITY_LETTERS.index(letter)]) == fold(key):
            return letter
    left = ", ".join(f"{x} ({rules.new_city_colours[NEW_CITY_LETTERS.index(x)]})" for x in state.new_cities)
    raise IllegalAction(f"No New City tile {ref!r} is left; left: {left or 'none'}.")


def can_grow(state: SteamState, mapdata: MapData) -> bool:
    """Whether a printed city with a goods supply space has no City Growth marker yet."""
    return any(not state.cities[h].growth and c.supply for h, c in mapdata.cities.items())


def can_urbanize(state: SteamState, mapdata: MapData) -> bool:
    """Whether a New City tile is left and a town to put it on."""
    board = SteamBoard(mapdata, state)
    return bool(state.new_cities) and any(board.node(h) == "town" for h in mapdata.hexes)


def fed_spaces(state: SteamState, mapdata: MapData) -> list[str]:
    """The goods supply spaces whose cubes can still reach the map: the numbered space of each city
    of this map (Goods Growth's dice and City Growth take from it) and the letter of each New City
    tile not yet placed (Urbanization takes its cubes)."""
    numbered = sorted({c.supply for c in mapdata.cities.values() if c.supply})
    return [str(n) for n in numbered] + sorted(state.new_cities)


def production_spaces(state: SteamState, mapdata: MapData) -> list[str]:
    """The empty goods supply spaces Production may fill now (``fed_spaces`` that are empty)."""
    return [k for k in fed_spaces(state, mapdata) if not state.supply[k]]


def can_produce(state: SteamState, mapdata: MapData) -> bool:
    """Whether Production could put a cube now: an empty space it may fill and a cube in the bag."""
    return bool(production_spaces(state, mapdata)) and sum(state.bag.values()) > 0


def unfinished(state: SteamState, mapdata: MapData) -> str | None:
    """What the build's action tile still asks and can still be done (City Growth, Urbanization,
    Production), as the sentence refusing to end the build; ``None`` when nothing is left."""
    todo = building(state).todo
    if "city-growth" in todo and can_grow(state, mapdata):
        return "You took City Growth: grow a city before you end your build."
    if "urbanization" in todo and can_urbanize(state, mapdata):
        return "You took Urbanization: put a New City on a town before you end your build."
    if "production" in todo and can_produce(state, mapdata):
        return "You took Production: put 2 cubes from the bag on empty goods supply spaces first."
    return None


def done(state: SteamState, mapdata: MapData, rules: Rules, seat: int, events: list[Event]) -> None:
    """End the build: a City Growth or Urbanization taken must have been used when it can be
    (``unfinished``); the seat's unfinished links not extended this turn lose their owner."""
    builder(state, seat)
    reason = unfinished(state, mapdata)
    if reason:
        raise IllegalAction(reason)
    lost = tilenet.expire(state.links, seat, state.turn)
    text = f"{state.seats[seat]} ends their build"
    if lost:
        text += f"; unfinished link{'s' if len(lost) > 1 else ''} #{', #'.join(lost)} not extended: now unowned"
    events.append({"type": "build_done", "seat": seat, "text": text + "."})
