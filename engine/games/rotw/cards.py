"""Railroad Operations cards (first subset): goal cards and immediate cards.

railways-of-the-world.txt, "Set Up Railroad Operations Cards" and
"E. SELECT RAILROAD OPERATIONS CARD". Card instances are ids ``"<kind>:<n>"``;
service bounties are ``"service-bounty:<city hex>"``. ``ctx`` is the game's ``Context``.
"""
from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.rng import Stream

from .actions import TakeCard
from .cities import add_cubes
from .context import Context
from .data import CardSpec, city_hex, fold


def spec(ctx: Context, card: str) -> CardSpec:
    """The kind of card instance ``card``."""
    return ctx.cards[card.split(":")[0]]


def bounty_points(ctx: Context, card: str) -> int:
    hexname = card.split(":")[1]
    return dict(ctx.map.service_bounties)[hexname]


def describe(ctx: Context, card: str) -> dict:
    """Public description of a card instance: ``{"id", "name", "kind", "text"}``."""
    s = spec(ctx, card)
    name, text = s.name, s.text
    if s.goal == "deliver_to_city":
        city = ctx.map.cities[card.split(":")[1]].name
        points = bounty_points(ctx, card)
        name = f"{s.name}: {city}"
        text = f"The first player to deliver a goods cube to {city} gains {points} points."
    return {"id": card, "name": name, "kind": s.kind, "text": text}


def setup_cards(ctx: Context, players: int, rng: Stream) -> dict:
    """Start cards face up, the rest shuffled (``rng.shuffle``, the deck order is hidden);
    then 2 cards per player face up. Returns ``{"face_up", "deck", "discard"}`` (card ids)."""
    face_up, deck = [], []
    for s in ctx.cards.values():
        if s.start:
            face_up.append(f"{s.id}:1")
        elif s.per_map == "service_bounties":
            deck += [f"{s.id}:{hexname}" for hexname, _ in ctx.map.service_bounties]
        else:
            deck += [f"{s.id}:{i}" for i in range(1, s.copies + 1)]
    rng.shuffle(deck)
    face_up += deck[: 2 * players]
    return {"face_up": face_up, "deck": deck[2 * players:], "discard": []}


def reveal_one(cards: dict) -> str | None:
    """End of turn: one more card from the deck goes face up."""
    if not cards["deck"]:
        return None
    card = cards["deck"].pop(0)
    cards["face_up"].append(card)
    return card


def check_goals(state: dict, ctx: Context, seat: int, delivery_links: int, destination: str,
                events: list) -> None:
    """After a delivery by ``seat``: award every face-up goal card it meets, then discard those."""
    cards = state["cards"]
    player = state["players"][seat]
    for card in list(cards["face_up"]):
        s = spec(ctx, card)
        met = (
            s.goal == "first_delivery"
            or (s.goal == "delivery_links_exactly" and delivery_links == s.links)
            or (s.goal == "delivery_links_at_least" and delivery_links >= s.links)
            or (s.goal == "deliver_to_city" and card.split(":")[1] == destination)
        )
        if s.kind != "goal" or not met:
            continue
        points = bounty_points(ctx, card) if s.goal == "deliver_to_city" else s.points
        reward = []
        if s.engine:
            if player["engine"] < 8:
                player["engine"] += s.engine
                reward.append(f"a free engine upgrade to level {player['engine']}")
            else:
                points += 2
        if points:
            player["points"] += points
            reward.append(f"{points} points")
        cards["face_up"].remove(card)
        cards["discard"].append(card)
        events.append({"type": "goal", "seat": seat,
                       "text": f"{player['name']} claims {describe(ctx, card)['name']}: {' and '.join(reward)}."})


def face_up_card(ctx: Context, face_up: list[str], ref: str) -> str:
    """The face-up card a player names: its id (``"city-growth:2"``), its kind (``"city-growth"``)
    or its name as shown (``"City Growth"``, any case, accents optional), the first face-up copy
    for a kind or a name. Raises ``IllegalAction`` listing the face-up cards."""
    if ref in face_up:
        return ref
    wanted = fold(ref or "")
    for card in face_up:
        if card.split(":")[0] == ref or fold(describe(ctx, card)["name"]) == wanted:
            return card
    raise IllegalAction(f"No face-up operations card is called {ref!r}. Face-up cards: "
                        + ", ".join(describe(ctx, c)["name"] for c in face_up) + ".")


def take_card(state: dict, ctx: Context, seat: int, action: TakeCard, rng: Stream, events: list,
              urbanize) -> None:
    """Action E: take a face-up card and use it now. ``urbanize`` is ``rules.urbanize`` (New
    Industry urbanizes for free). Raises ``IllegalAction``."""
    cards = state["cards"]
    card = face_up_card(ctx, cards["face_up"], action.card)
    s = spec(ctx, card)
    if s.kind == "goal":
        raise IllegalAction(f"{describe(ctx, card)['name']} is a goal card: it cannot be taken. "
                            f"{describe(ctx, card)['text']}")
    player = state["players"][seat]
    if s.effect == "engine_upgrade":
        if player["engine"] >= 8:
            raise IllegalAction("Your engine is already at level 8.")
        player["engine"] += 1
        text = f"upgrades their engine to level {player['engine']} for free"
    elif s.effect == "city_growth":
        if not action.city:
            raise IllegalAction(f"{s.name} needs a city: name the city that grows (`city:`).")
        hexname = city_hex(ctx.map, action.city)
        if hexname is None:
            raise IllegalAction(f"There is no city called {action.city!r} on this map.")
        cubes, removed = add_cubes(state, hexname, rng, s.cubes)
        text = f"grows {ctx.map.cities[hexname].name}: {', '.join(cubes) or 'no cubes left in the bag'}"
        if removed:
            text += " (its empty city marker is removed)"
    else:  # new_industry
        text = urbanize(state, ctx, seat, action, rng, free=True)
    cards["face_up"].remove(card)
    cards["discard"].append(card)
    events.append({"type": "card", "seat": seat,
                   "text": f"{player['name']} takes {describe(ctx, card)['name']} and {text}."})
