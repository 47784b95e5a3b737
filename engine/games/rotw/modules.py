"""The four add-on modules of Railways of the World: Mines, Switch Tracks, Fuel Depots and City
Rotors (railways-of-the-world.txt, "Mines", "Switch Tracks", "Fuel Depots", "Rotor Cities and
Color Wheel Chart"; "RAILWAYS of the WESTERN U.S.", Set Up, for the recommended rotor cities).

Each module is an option, off by default; with any on, ``state.modules`` (``state.Modules``)
holds what they change, and a game without them has no such key (its bytes are as before).
Mines, switches and depots are add-ons of the Build Track action (``Build.mine``, ``.switch``,
``.depot``), each at most ``USES`` times per player per game; deliveries through depots and to
rotor cities are in ``routing.py``. Money is in thousands of dollars. Our own figures (the
colour wheel, the rotor cities of maps without a list, where a mined repeat goes, ...) are in
docs/rules-assumptions.md, "Modules (issue 21)".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...common.goods import COLOURS, draw
from ...common.hexgrid import neighbor, normalize
from ...common.track import BuildPlan
from ...core.errors import IllegalAction
from ...core.record import UNSET
from ...core.rng import Stream
from . import transcontinental
from .actions import Build
from .context import Context
from .data import City as CitySpec
from .data import city_hex
from .money import pay, pay_text
from .network import cities_reached
from .state import Depot, Modules, RotwState, Switch

if TYPE_CHECKING:
    from .options import Options

OPTIONS = ("mines", "switch_tracks", "fuel_depots", "city_rotors")
KINDS = {"mine": "mines", "switch": "switch_tracks", "depot": "fuel_depots"}
"""Add-on -> the option that allows it."""
COST = {"mine": 10, "switch": 5, "depot": 5}
"""Thousands of dollars per add-on ("Mines": $10,000; "Switch Tracks", "Fuel Depots": $5,000)."""
USES = 2
"""Each add-on is available to each player two times in the game."""
MINE_DRAWS = 5
DEPOT_TOKENS = 2
WHEEL = COLOURS
"""Our colour wheel (red, yellow, blue, black, purple, then red again): the order a City Rotor's
slice shows the colours in, turning one step after every delivery to its city."""
ROTORS = 6
"""Rotor cities on a map without its own list: the six largest coloured cities."""
NAMES = {"mine": "Mine", "switch": "Switch Track", "depot": "Fuel Depot"}


def on(state: RotwState, option: str) -> bool:
    """Whether the game was set up with ``option`` (one of ``OPTIONS``)."""
    chosen = state.options
    return {"mines": chosen.mines, "switch_tracks": chosen.switch_tracks, "fuel_depots": chosen.fuel_depots,
            "city_rotors": chosen.city_rotors}[option] is True


def of(state: RotwState) -> Modules:
    """``state.modules`` of a game the flow knows has an add-on module on (an add-on's use was
    checked, a depot or a switch is on the board, a cube is kept at a depot)."""
    assert state.modules is not UNSET, "only a game with an add-on module gets this far"
    return state.modules


def rotor_cities(ctx: Context) -> list[str]:
    """The city hexes that carry a City Rotor: the map's own list in ``data/cards/rotw/maps.toml``
    (``rotors``), else the ``ROTORS`` coloured cities with the most starting cubes (ties: by
    name). "Rotor Cities and Color Wheel Chart": players may choose other cities and more or
    fewer than six."""
    if ctx.map_cards.rotors:
        return list(ctx.map_cards.rotors)
    coloured = [h for h, c in ctx.map.cities.items() if c.colour != "gray"]
    coloured.sort(key=lambda h: (-ctx.map.cities[h].cubes, ctx.map.cities[h].name))
    return sorted(coloured[:ROTORS])


def setup(state: dict[str, Any], ctx: Context, options: Options) -> None:
    """Record the module options that are on and add ``modules`` (the JSON of ``state.Modules``) to
    the new state's JSON ``state`` when any is: no uses yet, no mines, depots or switches, every
    rotor showing its base colour ("Rotate the Rotor City so that the revealed color matches the
    Rotor City color")."""
    chosen = [o for o in OPTIONS if getattr(options, o)]
    if not chosen:
        return
    for option in chosen:
        state["options"][option] = True
    n = len(state["seats"])
    rotors: dict[str, dict[str, str]] = {}
    if options.city_rotors:
        for h in rotor_cities(ctx):
            colour = ctx.map.cities[h].colour
            rotors[h] = {"base": colour, "shows": colour}
    state["modules"] = {"used": {k: [0] * n for k, o in KINDS.items() if o in chosen}, "mines": {}, "depots": {},
                        "switches": {}, "rotors": rotors, "carried": {}}


def wanted(action: Build) -> list[str]:
    """The add-ons a ``Build`` asks for, in the order they are carried out."""
    return [k for k in ("switch", "mine", "depot") if getattr(action, k, None)]


def check_use(state: RotwState, seat: int, kind: str) -> None:
    """Refuse an add-on whose option is off or that the seat has used ``USES`` times.
    Raises ``IllegalAction``."""
    option = KINDS[kind]
    if not on(state, option):
        raise IllegalAction(f"This game is played without the {NAMES[kind]} module (option `{option}`).")
    if of(state).used[kind][seat] >= USES:
        raise IllegalAction(f"You have used your {NAMES[kind]}s both times already: each player may add one "
                            f"to a Build Track action {USES} times per game.")


def left(state: RotwState, kind: str, seat: int) -> int:
    """How many more times ``seat`` may use add-on ``kind`` (0 when its option is off)."""
    if state.modules is UNSET or kind not in state.modules.used:
        return 0
    return USES - state.modules.used[kind][seat]


def _spend(state: RotwState, ctx: Context, seat: int, kind: str, event: dict[str, Any]) -> str:
    player = state.players[seat]
    issued = pay(player, COST[kind], ctx.tables.money.bond)
    of(state).used[kind][seat] += 1
    event.update(paid=COST[kind], bonds=issued)
    return pay_text("", COST[kind], issued).strip()


# ------------------------------------------------------------------ mines
def mine_target(state: RotwState, ctx: Context, ref: str | None) -> str:
    """The gray city hex a Mine goes on. Raises ``IllegalAction`` for an unknown city, a coloured
    (or urbanized) city, or one mined already ("Mines")."""
    hexname = city_hex(ctx.map, ref or "")
    if hexname is None:
        raise IllegalAction(f"There is no city called {ref!r} on this map.")
    transcontinental.check_growth(state, ctx.map, hexname)
    name = ctx.map.cities[hexname].name
    colour = state.cities[hexname].colour
    if colour != "gray":
        raise IllegalAction(f"{name} is {colour}: a Mine goes on a gray city.")
    if hexname in of(state).mines:
        raise IllegalAction(f"{name} was mined already: its Mine marker shows it is depleted.")
    return hexname


def place_mine(state: RotwState, ctx: Context, seat: int, hexname: str, rng: Stream,
               events: list[dict[str, Any]]) -> None:
    """railways-of-the-world.txt, "Mines": draw cubes one at a time (at most 5) until a colour
    repeats; the cubes before the repeat go on the city, the repeated one goes back into the bag
    (our figure: cubes stay 125 in play). The city keeps the Mine marker; an empty city marker on
    it goes back to the supply when cubes arrive. Event ``mine``: ``city``, ``cubes``, ``discarded``."""
    drawn: list[str] = []
    repeat = None
    for _ in range(MINE_DRAWS):
        got = draw(state.bag, rng, 1)
        if not got:
            break
        if got[0] in drawn:
            repeat = got[0]
            state.bag[repeat] += 1
            break
        drawn.append(got[0])
    city = state.cities[hexname]
    city.cubes = sorted(city.cubes + drawn)
    of(state).mines[hexname] = seat
    event: dict[str, Any] = {"type": "mine", "seat": seat, "city": hexname, "cubes": drawn, "discarded": repeat}
    paid = _spend(state, ctx, seat, "mine", event)
    name = ctx.map.cities[hexname].name
    text = f"{state.seats[seat]} opens a Mine in {name} ({paid}): {', '.join(drawn) or 'no cube'} placed"
    if repeat:
        text += f", the repeated {repeat} cube goes back into the bag"
    if city.marker and city.cubes:
        city.marker = False
        state.markers.placed -= 1
        text += "; its empty city marker is removed"
    events.append({**event, "text": text + "."})


# ------------------------------------------------------------------ depots
def place_depot(state: RotwState, ctx: Context, seat: int, ref: str | None, events: list[dict[str, Any]]) -> str:
    """railways-of-the-world.txt, "Fuel Depots": ``DEPOT_TOKENS`` tokens on a city the seat's
    complete links reach that holds no depot tokens. Returns the city hex. Raises
    ``IllegalAction``. Event ``depot``: ``city``, ``tokens``."""
    transcontinental.check_depot(state)
    hexname = city_hex(ctx.map, ref or "")
    if hexname is None:
        raise IllegalAction(f"There is no city called {ref!r} on this map.")
    name = ctx.map.cities[hexname].name
    depots = of(state).depots
    if hexname in depots:
        raise IllegalAction(f"{name} already holds Fuel Depot tokens (of {state.seats[depots[hexname].seat]}); "
                            "a depot goes on a city with none.")
    if hexname not in cities_reached(state, seat):
        raise IllegalAction(f"You are not connected to {name}: a Fuel Depot goes on a city one of your complete "
                            "links reaches.")
    depots[hexname] = Depot(seat=seat, tokens=DEPOT_TOKENS)
    event: dict[str, Any] = {"type": "depot", "seat": seat, "city": hexname, "tokens": DEPOT_TOKENS}
    paid = _spend(state, ctx, seat, "depot", event)
    events.append({**event, "text": f"{state.seats[seat]} builds a Fuel Depot in {name} with {DEPOT_TOKENS} "
                                    f"tokens ({paid})."})
    return hexname


def use_token(state: RotwState, hexname: str) -> None:
    """Take one depot token off ``hexname``; the depot goes when its last token is used."""
    depots = of(state).depots
    depots[hexname].tokens -= 1
    if depots[hexname].tokens <= 0:
        del depots[hexname]


def tokens(state: RotwState, seat: int, hexname: str) -> int:
    """The seat's depot tokens on city ``hexname`` (0 without the option)."""
    depot = state.modules.depots.get(hexname) if state.modules is not UNSET else None
    return depot.tokens if depot is not None and depot.seat == seat else 0


# ------------------------------------------------------------------ switches
@dataclass(frozen=True)
class _Junction:
    """A switch hex seen as the city a branch leaves from (``track.plan_build`` reads ``spurs``, ``name``)."""
    spurs: frozenset[int]
    name: str


@dataclass(frozen=True)
class SwitchBoard:
    """The map with one switch hex standing in for a city, for planning the branch's first build."""
    terrain: dict[str, str]
    ridges: frozenset[str]
    cities: dict[str, CitySpec | _Junction]


def switch_target(state: RotwState, ctx: Context, seat: int, ref: str, path: list[str]) -> tuple[str, str]:
    """Check a switch: ``ref`` is a hex holding a tile of one of the seat's complete links that is
    no branch itself, no crossing and no switch yet, and the build's path starts there.
    Returns ``(switch hex, link id it sits on)``. Raises ``IllegalAction`` ("Switch Tracks")."""
    hexname = normalize(ref) if isinstance(ref, str) else None
    if hexname is None or hexname not in ctx.map.terrain:
        raise IllegalAction(f"{ref!r} is not a hex of the board (hexes are named like C7).")
    if not path or normalize(path[0]) != hexname:
        raise IllegalAction(f"A Switch Track starts a new link: give the path starting at the switch hex {hexname}.")
    segs = state.track.get(hexname, [])
    if not segs:
        raise IllegalAction(f"{hexname} has no track: a Switch Track goes on a tile of your own track.")
    if hexname in of(state).switches:
        raise IllegalAction(f"{hexname} already holds a Switch Track.")
    if len(segs) > 1:
        raise IllegalAction(f"{hexname} holds a crossing: a Switch Track needs a tile with one track.")
    lid = segs[0].link
    link = state.links[lid]
    if link.owner != seat:
        raise IllegalAction(f"The track in {hexname} belongs to {state.seats[link.owner]}: a Switch Track goes "
                            "on your own track.")
    if link.to is None or is_branch(state, lid):
        raise IllegalAction(f"A Switch Track goes on a tile of one of your complete links (not on unfinished track "
                            f"nor on another switch's branch); link #{lid} in {hexname} is not one.")
    return hexname, lid


def switch_board(ctx: Context, state: RotwState, hexname: str) -> SwitchBoard:
    """The board on which a branch leaves switch ``hexname``: its free sides (those its tile's
    track does not use) act as the spurs of a city there."""
    used = set(state.track[hexname][0].sides)
    spurs = frozenset(s for s in range(6) if s not in used and neighbor(hexname, s) in ctx.map.terrain)
    cities: dict[str, CitySpec | _Junction] = {**ctx.map.cities, hexname: _Junction(spurs, f"the switch in {hexname}")}
    return SwitchBoard(ctx.map.terrain, ctx.map.ridges, cities)


def place_switch(state: RotwState, ctx: Context, seat: int, hexname: str, on_link: str, branch: str,
                 events: list[dict[str, Any]]) -> None:
    """Record the switch on ``hexname`` (on link ``on_link``) with the ``branch`` link just started
    from it, and pay for it. Event ``switch``: ``hex``, ``on``."""
    of(state).switches[hexname] = Switch(seat=seat, on=on_link, branch=branch)
    event: dict[str, Any] = {"type": "switch", "seat": seat, "hex": hexname, "on": on_link}
    paid = _spend(state, ctx, seat, "switch", event)
    events.append({**event, "text": f"{state.seats[seat]} puts a Switch Track on link #{on_link} in {hexname} "
                                    f"({paid}); a new link branches off it."})


def is_branch(state: RotwState, lid: str) -> bool:
    """Whether link ``lid`` was built from a Switch Track."""
    return state.modules is not UNSET and any(s.branch == lid for s in state.modules.switches.values())


def check_plan(state: RotwState, plan: BuildPlan) -> None:
    """No tile may be laid in a hex holding a Switch Track, and no other link may end at a
    switch's branch (extend the branch from its own open end). Raises ``IllegalAction``."""
    switches = of(state).switches
    for hexname, _ in plan.tiles:
        if hexname in switches:
            raise IllegalAction(f"{hexname} holds a Switch Track: no other track fits there.")
    if plan.end_city in switches:
        raise IllegalAction("That would end a link at a Switch Track; extend the switch's branch from its own open "
                            "end instead.")


def place_name(ctx: Context, hexname: str) -> str:
    """A city's name, or "the switch in <hex>" for a branch's starting hex."""
    city = ctx.map.cities.get(hexname)
    return city.name if city is not None else f"the switch in {hexname}"


def after_income(state: RotwState, removed: list[str], events: list[dict[str, Any]]) -> None:
    """railways-of-the-world.txt, "Switch Tracks": a branch still unfinished at the income phase
    is removed with the unfinished track, and its Switch Track too; the switch goes back to its
    owner (our figure: the use is given back, the money is not). Event ``switch_removed``."""
    mods = state.modules
    if mods is UNSET:
        return
    for hexname in sorted(mods.switches):
        sw = mods.switches[hexname]
        if sw.branch in removed:
            del mods.switches[hexname]
            mods.used["switch"][sw.seat] -= 1
            events.append({"type": "switch_removed", "seat": sw.seat, "hex": hexname, "link": sw.branch,
                           "text": f"The Switch Track in {hexname} is removed with its unfinished branch; "
                                   f"{state.seats[sw.seat]} may place it again."})


# ------------------------------------------------------------------ rotors
def accepts(state: RotwState, hexname: str, colour: str) -> bool:
    """Whether city ``hexname`` takes ``colour`` cubes now: its colour, or the colour its City
    Rotor shows ("Rotor Cities and Color Wheel Chart")."""
    if state.cities[hexname].colour == colour:
        return True
    rotor = state.modules.rotors.get(hexname) if state.modules is not UNSET else None
    return rotor is not None and rotor.shows == colour


def turn_rotor(state: RotwState, ctx: Context, hexname: str, events: list[dict[str, Any]]) -> None:
    """After every delivery to a rotor city its rotor turns one step of ``WHEEL``. Event ``rotor``."""
    rotor = state.modules.rotors.get(hexname) if state.modules is not UNSET else None
    if rotor is None:
        return
    rotor.shows = WHEEL[(WHEEL.index(rotor.shows) + 1) % len(WHEEL)]
    shown = rotor.base if rotor.shows == rotor.base else f"{rotor.base} and {rotor.shows}"
    events.append({"type": "rotor", "city": hexname, "shows": rotor.shows,
                   "text": f"The rotor of {ctx.map.cities[hexname].name} turns: it now takes {shown} cubes."})


# ------------------------------------------------------------------ view, legal add-ons
def view(state: RotwState) -> dict[str, Any]:
    """``{"options": [on], "costs": {kind: thousands}, "left": {kind: [uses left per seat]},
    "tokens": [depot tokens on the board per seat], "mines": {city hex: seat}, "depots": {city hex:
    {"seat", "tokens"}}, "switches": {hex: {"seat", "on", "branch"}}, "rotors": {city hex: {"base",
    "shows", "accepts": [colours], "next"}}, "carried": {seat: {"colour", "origin", "at", "links",
    "cities"}}}``."""
    mods = of(state)
    n = len(state.seats)
    counts = [0] * n
    for d in mods.depots.values():
        counts[d.seat] += d.tokens
    rotors = {}
    for h, r in sorted(mods.rotors.items()):
        nxt = WHEEL[(WHEEL.index(r.shows) + 1) % len(WHEEL)]
        rotors[h] = {"base": r.base, "shows": r.shows, "accepts": sorted({r.base, r.shows}), "next": nxt}
    return {
        "options": [o for o in OPTIONS if on(state, o)],
        "costs": {k: COST[k] for k in mods.used},
        "left": {k: [USES - u for u in used] for k, used in mods.used.items()},
        "tokens": counts,
        "mines": dict(mods.mines),
        "depots": {h: {"seat": d.seat, "tokens": d.tokens} for h, d in sorted(mods.depots.items())},
        "switches": {h: {"seat": s.seat, "on": s.on, "branch": s.branch} for h, s in sorted(mods.switches.items())},
        "rotors": rotors,
        "carried": {s: {"colour": c.colour, "origin": c.origin, "at": c.at, "links": list(c.links),
                        "cities": list(c.cities)} for s, c in sorted(mods.carried.items())},
    }


def addon_builds(state: RotwState, ctx: Context, seat: int) -> list[dict[str, Any]]:
    """Add-on-only builds for ``legal_actions``: a Mine on each gray city not mined, a Fuel Depot on
    each city the seat reaches that holds none, while uses are left."""
    mods = state.modules
    if mods is UNSET:
        return []
    acts: list[dict[str, Any]] = []
    if left(state, "mine", seat) > 0:
        acts += [{"type": "build", "mine": h} for h, city in sorted(state.cities.items())
                 if city.colour == "gray" and h not in mods.mines]
    if left(state, "depot", seat) > 0:
        acts += [{"type": "build", "depot": h} for h in sorted(cities_reached(state, seat))
                 if h not in mods.depots]
    return acts
