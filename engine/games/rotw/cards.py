"""Railroad Operations cards: the deck, the face-up row, goal cards and taking a card.

railways-of-the-world.txt, "Set Up Railroad Operations Cards", "E. SELECT RAILROAD OPERATIONS
CARD" and "Card & Map Revisions and Clarifications". Card instances are ids ``"<kind>:<n>"``;
per-map cards are ``"service-bounty:<city hex>"`` and ``"hotel:<city hex>"``. Kept cards (hand
of cards, purple diamond, no symbol) are in ``players[seat]["cards"]``; their effects are in
``holdings.py``. ``ctx`` is the game's ``Context``.
"""
from __future__ import annotations

from ...common.names import fold
from ...common.text import plural
from ...core.errors import IllegalAction
from ...core.record import UNSET
from ...core.rng import Stream
from . import barons
from .actions import TakeCard
from .cities import add_cubes
from .context import Context
from .data import CardSpec, city_hex
from .network import cities_reached, own_graph
from .periods import is_warp, time_data, time_of
from .state import Bounties, Cards, RotwState

SYMBOL = {"goal": "green circle", "immediate": "red X", "held": "hand of cards", "per_turn": "purple diamond",
          "permanent": "no symbol"}
KEPT = ("held", "per_turn", "permanent")


def spec(ctx: Context, card: str) -> CardSpec:
    """The kind of card instance ``card``."""
    return ctx.cards[card.split(":")[0]]


def _city(ctx: Context, card: str) -> str:
    return ctx.map.cities[card.split(":")[1]].name


def bounty_points(ctx: Context, card: str) -> int:
    """The points of a Service Bounty or a "first to" start card (Transcontinental)."""
    hexname = card.split(":")[1]
    if spec(ctx, card).goal == "first_to_city":
        return dict(ctx.map_cards.first_to)[hexname]
    return dict(ctx.map.service_bounties)[hexname]


def describe(ctx: Context, card: str) -> dict:
    """Public description of a card instance: ``{"id", "name", "kind", "symbol", "text"}``."""
    s = spec(ctx, card)
    name, text = s.name, s.text
    if s.goal == "first_to_city":
        city = _city(ctx, card)
        name = f"{s.name} {city}"
        text = f"The first player to deliver a goods cube to {city} gains {plural(bounty_points(ctx, card), 'point')}."
    elif s.goal == "deliver_to_city":
        city = _city(ctx, card)
        name = f"{s.name}: {city}"
        text = f"The next player to deliver a goods cube to {city} gains {plural(bounty_points(ctx, card), 'point')}."
    elif s.effect == "hotel":
        city = _city(ctx, card)
        name = f"{s.name}: {city}"
        text = f"Each time any player delivers a goods cube to {city}, you gain 1 point."
    elif s.per_map in ("local_campaigns", "gold_rush", "capital_charters", "city_charters"):
        city = _city(ctx, card)
        name = f"{s.name}: {city}"
        text = s.text.replace("the named city", city).replace("the gold-rush city", city)
    elif s.per_map == "periods":
        period = next(p.name for p in time_data(ctx.map).periods if p.id == card.split(":")[1])
        name = f"{s.name}: {period}"
        text = s.text.replace("the named period", period)
    return {"id": card, "name": name, "kind": s.kind, "symbol": SYMBOL[s.kind], "text": text}


def _instances(ctx: Context, s: CardSpec) -> list[str]:
    if s.per_map == "service_bounties":
        return [f"{s.id}:{hexname}" for hexname, _ in ctx.map.service_bounties]
    if s.per_map == "hotels":
        return [f"{s.id}:{hexname}" for hexname in ctx.map_cards.hotels]
    if s.per_map == "local_campaigns":
        return [f"{s.id}:{hexname}" for hexname in ctx.map_cards.local_campaigns]
    if s.per_map == "gold_rush":
        return [f"{s.id}:{ctx.map_cards.sutters_mill}"] if ctx.map_cards.sutters_mill else []
    if s.per_map == "periods":
        return [f"{s.id}:{p.id}" for p in time_data(ctx.map).periods]
    if s.per_map == "first_to":
        return [f"{s.id}:{hexname}" for hexname, _ in ctx.map_cards.first_to]
    if s.per_map in ("capital_charters", "city_charters"):
        return [f"{s.id}:{hexname}" for hexname in getattr(ctx.map_cards, s.per_map)]
    return [f"{s.id}:{i}" for i in range(1, s.copies + 1)]


def in_game(ctx: Context, s: CardSpec) -> bool:
    """Whether card kind ``s`` is in a game on ``ctx``'s map: one that ``needs`` ferries only on a map
    with ferry hexes ("Ferry Line"), one that needs ``time`` only in Railways Through Time; one with
    ``maps`` only on those maps (the expansions' "New Operations Cards"); and not a card another card
    in the game ``replaces`` (New Train, where Passenger Lines is a start card)."""
    if (s.needs == "ferries" and not ctx.map.ferries) or (s.needs == "time" and time_of(ctx.map) is None):
        return False
    if s.maps and ctx.map.id.split(":")[0] not in s.maps:
        return False
    return not any(o.replaces == s.id and o is not s and in_game(ctx, o) for o in ctx.cards.values())


def setup_cards(ctx: Context, players: int, rng: Stream, executives: bool = True, bounties: bool = True) -> Cards:
    """Start cards face up (every copy), the rest shuffled (``rng.shuffle``, the deck order is hidden);
    then 2 cards per player face up. Only the cards ``in_game`` on the map are used. A Railroad
    Executive among those is replaced by the next card and
    shuffled back into the deck ("Railroad Executives"); without ``executives`` (Worst is First,
    where nobody bids) they leave the game; without ``bounties`` the Service Bounties are not in the
    deck (``queue_bounties``). Returns the ``Cards`` record."""
    face_up: list[str] = []
    deck: list[str] = []
    for s in ctx.cards.values():
        if not in_game(ctx, s):
            continue
        if s.start:
            face_up += _instances(ctx, s)
        elif (executives or s.effect != "executive") and (bounties or s.goal != "deliver_to_city"):
            deck += _instances(ctx, s)
    rng.shuffle(deck)
    cards = Cards(face_up=face_up, deck=deck, discard=[])
    lay_out(ctx, cards, 2 * players, rng)
    return cards


def lay_out(ctx: Context, cards: Cards, count: int, rng: Stream) -> None:
    """Turn ``count`` cards of the deck face up (fewer if it runs out); a Railroad Executive among
    them is replaced by the next card and shuffled back into the deck ("Railroad Executives")."""
    deck = cards.deck
    drawn: list[str] = []
    back: list[str] = []
    while len(drawn) < count and deck:
        card = deck.pop(0)
        (back if spec(ctx, card).effect == "executive" else drawn).append(card)
    if back:
        deck += back
        rng.shuffle(deck)
    cards.face_up += drawn


def queue_bounties(cards: Cards, ctx: Context, rng: Stream) -> Bounties:
    """railways-of-the-world.txt, "Variants: Service Bounties": all the bounties are shuffled and laid
    out for everyone to see; the first is active (face up with the other ``cards``); returns the row
    of the others (at setup)."""
    row = [f"{s.id}:{hexname}" for s in ctx.cards.values() if s.goal == "deliver_to_city"
           for hexname, _ in ctx.map.service_bounties]
    rng.shuffle(row)
    cards.face_up.append(row.pop(0))
    return Bounties(row=row, wake=None)


def bounty_claimed(state: RotwState) -> None:
    """A bounty was won: the next one wakes at the end of the next full turn."""
    if state.bounties is not UNSET and state.bounties.row:
        state.bounties.wake = state.turn + 1


def next_bounty(state: RotwState, ctx: Context, events: list) -> None:
    """End of a turn: the next bounty of the row becomes active when its time has come."""
    b = state.bounties
    if b is UNSET or b.wake is None or state.turn < b.wake:
        return
    card = b.row.pop(0)
    b.wake = None
    state.cards.face_up.append(card)
    events.append({"type": "card_revealed", "text": f"The next Service Bounty is active: {describe(ctx, card)['name']} "
                                                    f"({plural(bounty_points(ctx, card), 'point')})."})


def reveal_one(cards: Cards) -> str | None:
    """End of turn: one more card from the deck goes face up."""
    if not cards.deck:
        return None
    card = cards.deck.pop(0)
    cards.face_up.append(card)
    return card


def claim(state: RotwState, ctx: Context, seat: int, card: str, points: int, events: list) -> None:
    """``seat`` wins goal card ``card``: its points (and free engine level), then it is discarded."""
    s = spec(ctx, card)
    player = state.players[seat]
    cards = state.cards
    reward = []
    shown: list[dict] = []
    if s.engine:
        if player.engine < 8:
            barons.raise_engine(state, seat, s.engine, shown)
            reward.append(f"a free engine upgrade to level {player.engine}")
        else:
            points += 2
    if points:
        player.points += points
        reward.append(plural(points, "point"))
    cards.face_up.remove(card)
    cards.discard.append(card)
    events.append({"type": "goal", "seat": seat,
                   "text": f"{player.name} claims {describe(ctx, card)['name']}: {' and '.join(reward)}."})
    events += shown


def check_goals(state: RotwState, ctx: Context, seat: int, delivery_links: int, destination: str,
                events: list, through_time: bool = False) -> None:
    """After a delivery by ``seat``: award every face-up delivery goal it meets, then discard it.
    The goals count only deliveries made while they are face up ("Service Bounty Cards").
    ``through_time``: the delivery jumped between periods (Time Blazer, "RAILWAYS through TIME")."""
    for card in list(state.cards.face_up):
        s = spec(ctx, card)
        met = (
            s.goal == "first_delivery"
            or (s.goal == "through_time" and through_time)
            or (s.goal == "delivery_links_exactly" and delivery_links == s.links)
            or (s.goal == "delivery_links_at_least" and delivery_links >= s.links)
            or (s.goal in ("deliver_to_city", "first_to_city") and card.split(":")[1] == destination)
        )
        if s.kind == "goal" and met:
            points = bounty_points(ctx, card) if s.goal in ("deliver_to_city", "first_to_city") else s.points
            claim(state, ctx, seat, card, points, events)
            if s.goal == "deliver_to_city":
                bounty_claimed(state)


def check_network_goals(state: RotwState, ctx: Context, seat: int, events: list) -> None:
    """After ``seat`` completes a link: the face-up goals about a player's network (so many
    complete links, so many cities reached, a complete link of so many tiles: Long Distance). A
    player past the mark when the card appears wins it
    with their next completed link (our reading of "the next player to accomplish the goal")."""
    for card in list(state.cards.face_up):
        s = spec(ctx, card)
        if s.goal == "links_owned" and len({e[0] for e in own_graph(state, seat)}) >= s.count or \
                s.goal == "cities_reached" and len(cities_reached(state, seat)) >= s.count or \
                s.goal == "link_tiles" and any(link.owner == seat and link.to and len(link.hexes) >= s.count
                                               for link in state.links.values()):
            claim(state, ctx, seat, card, s.points, events)


def face_up_card(ctx: Context, face_up: list[str], ref: str) -> str:
    """The face-up card a player names: its id (``"city-growth:2"``), its kind (``"city-growth"``)
    or its name as shown (``"City Growth"``, any case, accents optional), the first face-up copy
    for a kind or a name. Raises ``IllegalAction`` listing the face-up cards."""
    if ref in face_up:
        return ref
    wanted = fold(ref or "")
    for card in face_up:
        if card.split(":")[0] == ref or wanted in (fold(describe(ctx, card)["name"]), fold(spec(ctx, card).name)):
            return card
    raise IllegalAction(f"No face-up operations card is called {ref!r}. Face-up cards: "
                        + ", ".join(describe(ctx, c)["name"] for c in face_up) + ".")


def take_card(state: RotwState, ctx: Context, seat: int, action: TakeCard, rng: Stream, events: list,
              urbanize) -> None:
    """Action E: take a face-up card: use a red X card now, keep any other. ``urbanize`` is
    ``rules.urbanize`` (New Industry urbanizes for free). Raises ``IllegalAction``."""
    cards = state.cards
    card = face_up_card(ctx, cards.face_up, action.card)
    s = spec(ctx, card)
    name = describe(ctx, card)["name"]
    if s.kind == "goal":
        raise IllegalAction(f"{name} is a goal card: it cannot be taken. {describe(ctx, card)['text']}")
    player = state.players[seat]
    if s.kind in KEPT:
        player.cards.append(card)
        cards.face_up.remove(card)
        use = {"held": "keeps it until they use it", "per_turn": "may use it once per turn",
               "permanent": "keeps it for the rest of the game"}[s.kind]
        events.append({"type": "card", "seat": seat, "text": f"{player.name} takes {name} and {use}."})
        return
    shown: list[dict] = []
    if s.effect == "engine_upgrade":
        if player.engine >= 8:
            raise IllegalAction("Your engine is already at level 8.")
        barons.raise_engine(state, seat, 1, shown)
        text = f"upgrades their engine to level {player.engine} for free"
    elif s.effect == "city_growth":
        if not action.city:
            raise IllegalAction(f"{s.name} needs a city: name the city that grows (`city:`).")
        hexname = city_hex(ctx.map, action.city)
        if hexname is None:
            raise IllegalAction(f"There is no city called {action.city!r} on this map.")
        if is_warp(ctx.map, hexname):
            raise IllegalAction(f"{ctx.map.cities[hexname].name} is a time warp, not a city: no goods grow there.")
        drawn, removed = add_cubes(state, hexname, rng, s.cubes)
        text = f"grows {ctx.map.cities[hexname].name}: {', '.join(drawn) or 'no cubes left in the bag'}"
        if removed:
            text += " (its empty city marker is removed)"
    else:  # new_industry
        text = urbanize(state, ctx, seat, action, rng, free=True)
    spend(state, ctx, seat, card, text, events)
    events += shown


def spend(state: RotwState, ctx: Context, seat: int, card: str, text: str, events: list) -> None:
    """A red X card taken and used: off the row into the discard pile; the event says "<player>
    takes <card> and <text>."."""
    state.cards.face_up.remove(card)
    state.cards.discard.append(card)
    events.append({"type": "card", "seat": seat,
                   "text": f"{state.players[seat].name} takes {describe(ctx, card)['name']} and {text}."})
