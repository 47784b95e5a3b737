"""What kept operations cards do, and the Major Lines.

railways-of-the-world.txt, "E. SELECT RAILROAD OPERATIONS CARD" (hand of cards: kept until used,
using one is not an action; purple diamond: once per turn, not an action; no symbol: for the
rest of the game), "Card & Map Revisions and Clarifications" (Government Land Grant, Perfect
Engineering, Railroad Executives, Major Lines) and "Hotels". Money in thousands of dollars.

Player state: ``cards`` (kept card ids), ``armed`` (hand cards readied for this action's build),
``used`` (purple-diamond cards used this turn). ``state.major_lines`` holds each Major Line's
owner (a seat, or ``None`` while open), in the order of ``ctx.map_cards.major_lines``.
"""
from __future__ import annotations

from collections.abc import Set as AbstractSet

from ...common.hexgrid import edge_key, neighbor
from ...common.names import fold
from ...common.text import plural
from ...core.errors import IllegalAction
from . import cards as ops
from .context import Context
from .features import SNOW_SURCHARGE, snow_tiles
from .network import connected, own_graph
from .periods import is_warp
from .state import RotwState

WARP_SURCHARGE = 1
"""Thousands of dollars more for connecting track to a time warp ("RAILWAYS through TIME")."""

BUILD_CARDS = ("land_grant", "perfect_engineering", "ferry_line", "tunnel_engineer")
"""Hand cards readied for a Build Track action."""
UPGRADE_CARDS = ("coal_fueled", "boost")
"""Hand cards readied for an Upgrade Engine action (Coal-fueled Engines, Boost)."""
BOOST = 5
"""Thousands of dollars Boost takes off an engine upgrade ("RAILWAYS through TIME")."""


def effects(state: RotwState, ctx: Context, seat: int) -> dict[str, str]:
    """The seat's kept cards by effect (the first card of each effect)."""
    out: dict[str, str] = {}
    for card in state.players[seat].cards:
        effect = ops.spec(ctx, card).effect
        if effect is not None:                  # a card without an effect is never looked up
            out.setdefault(effect, card)
    return out


def kept_card(state: RotwState, ctx: Context, seat: int, ref: str) -> str:
    """The kept card a player names (id, kind or name, any case). Raises ``IllegalAction``."""
    mine = state.players[seat].cards
    wanted = fold(ref or "")
    for card in mine:
        if ref == card or card.split(":")[0] == ref or wanted in (fold(ops.describe(ctx, card)["name"]),
                                                                  fold(ops.spec(ctx, card).name)):
            return card
    have = ", ".join(ops.describe(ctx, c)["name"] for c in mine) or "none"
    raise IllegalAction(f"You hold no card called {ref!r} (your cards: {have}).")


# ------------------------------------------------------------ hand of cards
def use(state: RotwState, ctx: Context, seat: int, ref: str, events: list) -> bool:
    """Use a hand card (not an action). Land Grant, Perfect Engineering, Ferry Line and Tunnel
    Engineer get ready for this action's build, Coal-fueled Engines and Boost for this action's
    engine upgrade (returned to the hand if the action is something else); a Railroad Executive,
    on the seat's turn in a first-player auction, makes it first player; a Railway Inspector is
    played only when asked, during another player's delivery (``inspector.py``). Returns whether
    the auction ended. Raises ``IllegalAction``."""
    card = kept_card(state, ctx, seat, ref)
    s = ops.spec(ctx, card)
    player = state.players[seat]
    name = ops.describe(ctx, card)["name"]
    if s.kind != "held":
        raise IllegalAction(f"{name} works by itself: there is nothing to use.")
    if s.effect == "executive":
        if state.phase != "auction":
            raise IllegalAction(f"{name} is used in a first-player auction, on your turn to bid.")
        _discard(state, seat, card)
        events.append({"type": "card", "seat": seat,
                       "text": f"{player.name} uses {name}: the auction ends and nobody pays."})
        return True
    if s.effect == "inspector":
        raise IllegalAction(f"{name} is played during another player's delivery: you are asked then, with a button.")
    what = "upgrade" if s.effect in UPGRADE_CARDS else "build"
    if state.phase != "actions":
        raise IllegalAction(f"{name} is used with {'an Upgrade Engine' if what == 'upgrade' else 'a Build Track'} "
                            "action, on your turn in a round.")
    if what == "upgrade" and player.engine >= 8:
        raise IllegalAction(f"Your engine is already at level 8: {name} has no upgrade to lower.")
    if s.effect in (ops.spec(ctx, c).effect for c in player.armed):
        raise IllegalAction(f"{name} is already ready for your {what}.")
    player.armed.append(card)
    events.append({"type": "card", "seat": seat, "text": f"{player.name} readies {name} for this {what}."})
    return False


def build_perks(state: RotwState, ctx: Context, seat: int) -> set[str]:
    """What applies to the seat's next build: readied hand cards, and the purple-diamond cards not
    used this turn."""
    player = state.players[seat]
    perks = {e for c in player.armed if (e := ops.spec(ctx, c).effect) is not None}
    perks |= {e for e, c in effects(state, ctx, seat).items() if e in ("bridge", "tunnel") and c not in player.used}
    return perks


def max_tiles(perks: AbstractSet[str]) -> int:
    """Perfect Engineering: 5 tiles in the build instead of 4."""
    return 5 if "perfect_engineering" in perks else 4


def open_tile(ctx: Context, hexname: str, sides: list[int]) -> bool:
    """Completely open terrain ("Government Land Grant"): an open hex whose track crosses no ridge."""
    if ctx.map.terrain[hexname] != "open":
        return False
    return not any(edge_key(hexname, neighbor(hexname, side)) in ctx.map.ridges for side in sides)


def priced(ctx: Context, plan, perks: AbstractSet[str] = frozenset()) -> tuple[int, list[str]]:
    """A build's cost in thousands and the cards that lowered it: terrain per tile (a redirected
    tile again), +$4,000 per ridge crossed ("A. BUILD TRACK"), +$1,000 per tile north of the Snow
    Line ("Snow Line"); Land Grant makes completely open tiles free (the Snow Line surcharge
    stays), Bridge Company prices one water tile as open, Tunnel Company waives one ridge; a Ferry
    Line makes the ferry hex free (its terrain costs nothing) and waives the whole build's Snow Line
    surcharge ("Ferry Line"); Tunnel Engineer halves every mountain tile and every ridge ($2,000
    each, "RAILWAYS of EUROPE", "New Operations Cards"); +$1,000 for connecting to a time warp
    (``warp_surcharge``)."""
    money = ctx.tables.money
    tiles = list(plan.tiles) + ([plan.redirect] if plan.redirect else [])
    cost, used, water = 0, [], 0
    engineer = "tunnel_engineer" in perks
    ridge = (money.ridge + 1) // 2 if engineer else money.ridge
    for hexname, sides in tiles:
        if "land_grant" in perks and open_tile(ctx, hexname, sides):
            continue
        terrain = ctx.map.terrain[hexname]
        cost += (money.terrain_mountain + 1) // 2 if engineer and terrain == "mountain" else \
            ctx.tables.terrain_cost(terrain)
        water += terrain == "water"
    if engineer:
        used.append("tunnel_engineer")
    if "land_grant" in perks:
        used.append("land_grant")
    if "perfect_engineering" in perks and len(tiles) > 4:
        used.append("perfect_engineering")
    cost += plan.ridges * ridge
    if "ferry_line" in perks:
        used.append("ferry_line")
    else:
        cost += SNOW_SURCHARGE * snow_tiles(ctx.map, plan)
    if "bridge" in perks and water:
        cost -= money.terrain_water - money.terrain_open
        used.append("bridge")
    if "tunnel" in perks and plan.ridges:
        cost -= ridge
        used.append("tunnel")
    return cost + warp_surcharge(ctx.map, plan), used


def warp_surcharge(mapdata, plan) -> int:
    """Thousands more for a build that connects track to a time warp: a new link out of one, or
    track ending in one ("RAILWAYS through TIME", "New Gameplay": +$1,000, even with a Government
    Land Grant)."""
    ends = ([plan.start_city] if plan.link is None else []) + ([plan.end_city] if plan.end_city else [])
    return WARP_SURCHARGE * sum(1 for h in ends if is_warp(mapdata, h))


def after_build(state: RotwState, ctx: Context, seat: int, perks_used: list[str]) -> list[str]:
    """Spend what the build used: readied hand cards are discarded (even unneeded ones: they were
    played), purple-diamond cards are marked used for this turn. Returns the card names."""
    player = state.players[seat]
    names = []
    for card in list(player.armed):
        names.append(ops.describe(ctx, card)["name"])
        _discard(state, seat, card)
    player.armed = []
    kept = effects(state, ctx, seat)
    for effect in ("bridge", "tunnel"):
        if effect in perks_used:
            player.used.append(kept[effect])
            names.append(ops.describe(ctx, kept[effect])["name"])
    return names


def disarm(state: RotwState, seat: int) -> None:
    """An action other than a build: readied hand cards go back to the hand, unused."""
    state.players[seat].armed = []


def disarm_others(state: RotwState, ctx: Context, seat: int, kind: str) -> None:
    """Before an action of ``kind``: readied hand cards that are not for it (build cards for a
    ``build``, upgrade cards for an ``upgrade``) go back to the hand, unused."""
    keep = BUILD_CARDS if kind == "build" else UPGRADE_CARDS if kind == "upgrade" else ()
    player = state.players[seat]
    player.armed = [c for c in player.armed if ops.spec(ctx, c).effect in keep]


def upgrade_price(state: RotwState, ctx: Context, seat: int, cost: int, spend: bool = True) -> tuple[int, list[str]]:
    """An engine upgrade's price in thousands with the seat's readied upgrade cards, which are spent
    (discarded; not with ``spend`` false, for a quote): Coal-fueled Engines, half rounded up
    ("RAILWAYS of the WESTERN U.S.", "RAILWAYS of NIPPON"), then Boost, $5,000 less, at least $0
    ("RAILWAYS through TIME"). Returns ``(price, the names of the cards played)``."""
    player = state.players[seat]
    names = []
    for effect in UPGRADE_CARDS:
        card = next((c for c in player.armed if ops.spec(ctx, c).effect == effect), None)
        if card is None:
            continue
        cost = (cost + 1) // 2 if effect == "coal_fueled" else max(0, cost - BOOST)
        names.append(ops.describe(ctx, card)["name"])
        if spend:
            player.armed.remove(card)
            _discard(state, seat, card)
    return cost, names


def new_turn(state: RotwState) -> None:
    """Purple-diamond cards may be used again."""
    for player in state.players:
        player.used = []


def _discard(state: RotwState, seat: int, card: str) -> None:
    state.players[seat].cards.remove(card)
    state.cards.discard.append(card)


# ------------------------------------------------------------ hotels, major lines
def hotels_after_delivery(state: RotwState, ctx: Context, destination: str, events: list) -> None:
    """"Hotels": each holder of the destination's Hotel gains 1 point."""
    card = f"hotel:{destination}"
    for seat, player in enumerate(state.players):
        if card in player.cards:
            player.points += 1
            events.append({"type": "hotel", "seat": seat, "text": f"{player.name}'s hotel in "
                                                                  f"{ctx.map.cities[destination].name}: +1 point."})


def check_major_lines(state: RotwState, ctx: Context, seat: int, events: list) -> None:
    """"Major Lines": after ``seat`` completes a link, each open line whose two cities its own
    complete links now join scores for it, and for nobody else afterwards."""
    owners = state.major_lines
    if all(o is not None for o in owners):
        return
    edges = own_graph(state, seat)
    for i, (a, b, points) in enumerate(ctx.map_cards.major_lines):
        if owners[i] is None and connected(edges, a, b):
            owners[i] = seat
            player = state.players[seat]
            player.points += points
            events.append({"type": "major_line", "seat": seat,
                           "text": f"{player.name} completes the Major Line {ctx.map.cities[a].name}–"
                                   f"{ctx.map.cities[b].name}: +{plural(points, 'point')}."})


def major_lines_view(state: RotwState, ctx: Context) -> list[dict]:
    """``[{"cities": [name, name], "hexes": [hex, hex], "points", "owner": seat|None}]``."""
    return [{"cities": [ctx.map.cities[a].name, ctx.map.cities[b].name], "hexes": [a, b], "points": points,
             "owner": owner}
            for (a, b, points), owner in zip(ctx.map_cards.major_lines, state.major_lines)]
