"""Deliveries with the add-on modules on (``modules.py``): rotor cities take the colour their
rotor shows, a player's Fuel Depot lets a cube go on through a city of its colour or stop there
for the next action, and a Switch Track's branch joins its city to both cities of the link the
switch sits on (railways-of-the-world.txt, "D. DELIVER GOODS CUBE", "Rotor Cities and Color Wheel
Chart", "Fuel Depots", "Switch Tracks"). Games without the modules use ``common/routes.py``.

A route is a list of link ids. A complete branch ``K`` (switch on link ``L`` from ``A`` to ``B``,
branch to ``C``) is one link from ``C`` to ``A`` or to ``B`` (a "3-way connection for 3 cities"):
one point, one engine level; a delivery may use at most one of ``L`` and its branches (the cube
would cross the switch twice). When a branch leaves the destination open, the action's ``to``
names it. Depot tokens are used as the route needs them: one per city passed through although it
takes the cube's colour, one at the start of a continued delivery (the depot it waited at).
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from ...core.errors import IllegalAction
from ...core.record import UNSET
from .context import Context
from .data import city_hex
from .modules import accepts, tokens, use_token
from .network import branch_roots
from .state import Carried, Modules, RotwState


def _modules(state: RotwState) -> Modules:
    assert state.modules is not UNSET, "routing serves only games with the add-on modules"
    return state.modules


def graph(state: RotwState) -> tuple[dict[str, list[tuple[str, str]]], dict[str, str]]:
    """``(adjacency, family)``: ``{city hex: [(link id, other city hex)]}`` over complete links, a
    branch once towards each end of its switch's link; ``family``: link id -> the id of the link
    whose track it shares (a branch's switch link, else itself)."""
    roots = branch_roots(state)
    links = state.links
    adj: dict[str, list[tuple[str, str]]] = {}
    family: dict[str, str] = {}
    for lid in sorted(links, key=int):
        link = links[lid]
        to = link.to
        if to is None:
            continue
        if lid in roots:
            root = links[roots[lid]]
            pairs = [(end, to) for end in (root.from_, root.to) if end is not None and end != to]
        else:
            pairs = [(link.from_, to)]
        family[lid] = roots.get(lid, lid)
        for a, b in pairs:
            adj.setdefault(a, []).append((lid, b))
            adj.setdefault(b, []).append((lid, a))
    return adj, family


def routes(state: RotwState, seat: int, origin: str, colour: str, max_links: int, first_own: bool = True,
           before: tuple[str, ...] = (), before_links: tuple[str, ...] = (), stops: bool = True,
           net: tuple | None = None) -> Iterator[dict]:
    """Every legal leg of a ``colour`` cube from ``origin`` for ``seat``: ``{"links", "cities"
    (after origin), "through" (depot cities passed although of the cube's colour), "stop"}``;
    ``before``/``before_links``: the cities and links of the leg before a stop (not used again);
    ``stops``: also the legs that stop at one of the seat's depots."""
    adj, family = graph(state) if net is None else net
    fams0 = frozenset(family[lid] for lid in before_links if lid in family)

    def walk(city, ids, seen, through, fams):
        if len(ids) == max_links:
            return
        for lid, nxt in adj.get(city, []):
            if nxt in seen or lid in before_links or family[lid] in fams:
                continue
            if first_own and not ids and state.links[lid].owner != seat:
                continue
            step = ids + [lid]
            depot = tokens(state, seat, nxt) > 0
            if accepts(state, nxt, colour):
                yield {"links": step, "cities": seen[len(before) + 1:] + [nxt], "through": through, "stop": False}
                if depot:
                    yield from walk(nxt, step, seen + [nxt], through + [nxt], fams | {family[lid]})
            else:
                yield from walk(nxt, step, seen + [nxt], through, fams | {family[lid]})
            if stops and depot:
                yield {"links": step, "cities": seen[len(before) + 1:] + [nxt], "through": through, "stop": True}

    yield from walk(origin, [], [*before, origin], [], fams0)


def check(state: RotwState, ctx: Context, seat: int, origin: str, colour: str, ids, max_links: int, stop: bool = False,
          to: str | None = None, first_own: bool = True, before: tuple[str, ...] = (),
          before_links: tuple[str, ...] = ()) -> dict:
    """Validate a leg (``ids``: link ids in order) and return it as ``routes`` gives it.
    Raises ``IllegalAction`` explaining the first broken rule."""
    if not isinstance(ids, list) or not ids:
        raise IllegalAction("Name the links the cube travels along, in order.")
    if len(ids) > max_links:
        raise IllegalAction(f"Your engine level is {max_links}: a cube may travel at most {max_links} link(s).")
    ids = [str(x) for x in ids]
    if len(set(ids)) != len(ids) or set(ids) & set(before_links):
        raise IllegalAction("A cube cannot travel along the same link twice.")
    names = ctx.map.cities
    dest = None
    if to is not None:
        dest = city_hex(ctx.map, to)
        if dest is None:
            raise IllegalAction(f"There is no city called {to!r} on this map.")
    for lid in ids:
        link = state.links.get(lid)
        if link is None or link.to is None:
            raise IllegalAction(f"There is no complete link #{lid}.")
    if first_own and state.links[ids[0]].owner != seat:
        raise IllegalAction("The first link of a delivery must be your own.")
    adj, family = graph(state)
    errors: list[str] = []
    found: list[dict] = []

    def walk(i, city, seen, through, fams):
        lid = ids[i]
        options = [o for lk, o in adj.get(city, []) if lk == lid]
        if not options:
            errors.append(f"Link #{lid} does not leave {names[city].name}.")
        for nxt in options:
            if family[lid] in fams:
                errors.append(f"Link #{lid} is a Switch Track's branch off link #{family[lid]}, or that link: a cube "
                              "uses only one of them (it would cross the switch twice).")
                continue
            if nxt in seen:
                errors.append(f"A cube cannot pass through {names[nxt].name} twice.")
                continue
            last = i == len(ids) - 1
            if not last:
                if accepts(state, nxt, colour):
                    if tokens(state, seat, nxt) < 1:
                        errors.append(f"The {colour} cube must stop at {names[nxt].name}, the first city taking "
                                      f"{colour} it reaches (a Fuel Depot of yours there would let it go on).")
                        continue
                    walk(i + 1, nxt, seen + [nxt], through + [nxt], fams | {family[lid]})
                else:
                    walk(i + 1, nxt, seen + [nxt], through, fams | {family[lid]})
                continue
            if dest is not None and nxt != dest:
                errors.append(f"These links end at {names[nxt].name}, not {names[dest].name}.")
            elif stop and tokens(state, seat, nxt) < 1:
                errors.append(f"To stop with the cube, end at a city holding your Fuel Depot tokens; "
                              f"{names[nxt].name} has none of yours.")
            elif not stop and not accepts(state, nxt, colour):
                errors.append(f"{names[nxt].name} does not take {colour} cubes: a cube must end at a city of its "
                              "colour.")
            else:
                found.append({"links": ids, "cities": seen[len(before) + 1:] + [nxt], "through": through,
                              "stop": stop})

    walk(0, origin, [*before, origin], [], frozenset(family[lid] for lid in before_links if lid in family))
    if not found:
        raise IllegalAction(errors[-1] if errors else "These links do not make a delivery.")
    if len(found) > 1:
        ends = " or ".join(names[f["cities"][-1]].name for f in found)
        raise IllegalAction(f"These links can end at {ends} (a Switch Track's branch): name the destination (`to`).")
    return found[0]


def use_through(state: RotwState, leg: dict) -> None:
    """Take one depot token off each city the leg passed through although of the cube's colour."""
    for hexname in leg["through"]:
        use_token(state, hexname)


def keep(state: RotwState, ctx: Context, seat: int, origin: str, colour: str, leg: dict, prior: Carried | None,
         events: list) -> None:
    """railways-of-the-world.txt, "Fuel Depots": the cube stops at the seat's depot and waits, kept
    by the player, for their next action (no points yet). Event ``depot_stop``."""
    at = leg["cities"][-1]
    links = (list(prior.links) if prior is not None else []) + leg["links"]
    cities = (list(prior.cities) if prior is not None else []) + leg["cities"]
    _modules(state).carried[str(seat)] = Carried(colour=colour, origin=origin, at=at, links=links, cities=cities)
    name = ctx.map.cities[at].name
    events.append({"type": "depot_stop", "seat": seat, "city": at, "colour": colour, "links": leg["links"],
                   "text": f"{state.seats[seat]} takes a {colour} cube {len(leg['links'])} link"
                           f"{'s' if len(leg['links']) > 1 else ''} to the Fuel Depot in {name} and keeps it: it goes "
                           "on with their next action (a delivery with `kept`), or is discarded."})


def drop(state: RotwState, seat: int, events: list) -> None:
    """railways-of-the-world.txt, "Fuel Depots": a kept cube not continued on the seat's next
    action is discarded (back into the bag). Event ``cube_discarded``."""
    if state.modules is UNSET:
        return
    carried = state.modules.carried.pop(str(seat), None)
    if carried is None:
        return
    state.bag[carried.colour] += 1
    events.append({"type": "cube_discarded", "seat": seat, "colour": carried.colour,
                   "text": f"{state.seats[seat]} did not go on with the {carried.colour} cube kept at a Fuel "
                           "Depot: it is discarded into the bag."})


def drop_all(state: RotwState, events: list) -> None:
    """At the end of the game the kept cubes go back into the bag."""
    if state.modules is not UNSET:
        for seat in sorted(state.modules.carried, key=int):
            drop(state, int(seat), events)


def _legs(state: RotwState, seat: int) -> Iterator[tuple[dict, dict, Carried | None]]:
    """``(action, leg, carried)`` for every delivery of ``seat``: the continuations of a cube kept
    at a depot first (``carried``: that cube), then the deliveries from cities (``carried`` None)."""
    engine = state.players[seat].engine
    net = graph(state)
    carried = _modules(state).carried.get(str(seat))
    if carried is not None:
        for leg in routes(state, seat, carried.at, carried.colour, engine, first_own=False,
                          before=(carried.origin, *carried.cities[:-1]), before_links=tuple(carried.links),
                          net=net):
            yield ({"type": "deliver", "from": carried.at, "colour": carried.colour, "kept": True,
                    "links": leg["links"], "to": leg["cities"][-1], **({"stop": True} if leg["stop"] else {})},
                   leg, carried)
    if not any(link.owner == seat and link.to for link in state.links.values()):
        return
    for origin in sorted(net[0]):
        for colour in sorted(set(state.cities[origin].cubes)):
            for leg in routes(state, seat, origin, colour, engine, net=net):
                yield ({"type": "deliver", "from": origin, "colour": colour, "links": leg["links"],
                        "to": leg["cities"][-1], **({"stop": True} if leg["stop"] else {})}, leg, None)


def legal(state: RotwState, seat: int, limit: int = 400) -> list[dict]:
    """The seat's deliveries for ``legal_actions`` (at most ``limit``): ``deliver`` actions (with
    ``to``, and ``stop`` where the cube stops at a depot) and, while a cube waits at a depot, its
    continuations (``kept: true``)."""
    return [action for action, _, _ in islice(_legs(state, seat), limit)]


def menu(state: RotwState, seat: int) -> Iterator[dict]:
    """``legal``'s deliveries for a player's menu, lazily, each with ``"cities"`` (the hexes the
    cube passes, from where it starts this action to where it ends) and ``"points"`` (``{seat as
    text: points}``: a link's owner scores one per link once the cube arrives, both legs of a
    continued cube then; a stop scores nothing yet)."""
    links = state.links
    for action, leg, carried in _legs(state, seat):
        points: dict[str, int] = {}
        if not action.get("stop"):
            for lid in (list(carried.links) if carried is not None else []) + leg["links"]:
                owner = str(links[lid].owner)
                points[owner] = points.get(owner, 0) + 1
        yield {**action, "cities": [action["from"], *leg["cities"]], "points": points}
