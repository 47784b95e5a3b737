"""The maps' own operations cards (issue 21; docs/rules-assumptions.md, "Map operations cards
(issue 21)"): each card is in the decks of the maps the rulebook names, and does what its text
says. Sources: railways-of-the-world.txt, the "New Operations Cards" of "RAILWAYS of MEXICO",
"RAILWAYS of EUROPE", "RAILWAYS of GREAT BRITAIN", "RAILWAYS of NIPPON", "RAILWAYS of the WESTERN
U.S." and "RAILWAYS through TIME"."""
from __future__ import annotations

import pytest

from railhead.ai.policy import play
from railhead.engine import IllegalAction, canonical
from railhead.engine.core import UNSET
from railhead.engine.games.rotw import mapcards
from railhead.engine.games.rotw.context import context
from railhead.engine.games.rotw.data import available_maps, load_cards
from railhead.engine.games.rotw.features import planned
from railhead.engine.games.rotw.paths import corridors
from railhead.engine.games.rotw.periods import time_of

from .helpers import GAME, Table


class MapTable(Table):
    """A game on ``map_id`` straight on ``GAME.apply``; tests may edit the state between moves."""

    def __init__(self, map_id: str, players: int = 3, seed: int = 1, **options):
        super().__init__(players, seed, map=map_id, **options)
        self.ctx = context(self.state.options.map)
        self.hex = {c.name: h for h, c in self.ctx.map.cities.items()}

    def ready(self, seat: int) -> None:
        """Everyone passes (auction and actions) until it is ``seat``'s action."""
        while self.state.phase != "actions" or self.actor != seat:
            self.act(type="pass")

    def hold(self, seat: int, card: str) -> None:
        """``seat`` holds ``card`` (taken out of the row or the deck)."""
        self._unplace(card)
        self.state.players[seat].cards.append(card)

    def face_up(self, card: str) -> None:
        self._unplace(card)
        self.state.cards.face_up.append(card)

    def _unplace(self, card: str) -> None:
        for pile in ("face_up", "deck", "discard"):
            if card in getattr(self.state.cards, pile):
                getattr(self.state.cards, pile).remove(card)

    def link(self, seat: int, a: str, b: str) -> str:
        """``seat`` builds the cheapest single link ``a``–``b`` (money given first); returns its id."""
        self.ready(seat)
        path = GAME.query(self.state, seat, "cheapest_link", {"from": a, "to": b})["path"]
        self.state.players[seat].cash += 40
        events = self.act(seat, type="build", path=path)
        return next(e["link"] for e in events if e["type"] == "build")

    def deliver(self, seat: int, origin: str, colour: str, links: list[str]) -> list[dict]:
        self.ready(seat)
        return self.act(seat, type="deliver", **{"from": origin, "colour": colour, "links": links})


def kinds(state: dict) -> set[str]:
    return {c.split(":")[0] for c in state.cards.face_up + state.cards.deck}


NEW = {"passenger-line", "tunnel-engineer", "railway-inspector", "long-distance", "hot-spring", "local-campaign",
       "coal-fueled-engines", "heavy-locomotive", "boomtown", "sutters-mill", "boost", "time-bounty",
       "passenger-lines", "capital-charter", "city-charter"}


# ------------------------------------------------------------------ decks
@pytest.mark.parametrize(("map_id", "cards"), [
    ("mexico", {"passenger-line"}),
    ("europe", {"passenger-line", "tunnel-engineer", "capital-charter", "city-charter"}),
    ("great-britain", {"passenger-line", "tunnel-engineer", "railway-inspector"}),
    ("nippon", {"long-distance", "hot-spring", "local-campaign", "coal-fueled-engines", "heavy-locomotive"}),
    ("western-us", {"boomtown", "sutters-mill", "coal-fueled-engines"}),
    ("through-time", {"boost", "time-bounty", "passenger-lines"}),
    ("rhine-alps", set()), ("vistula-danube", set()), ("eastern-us", set()), ("north-america", set()),
])
def test_each_map_card_is_in_the_decks_of_its_maps_only(map_id, cards):
    """Each expansion's "New Operations Cards" belong to that map's deck."""
    players = 3 if map_id != "vistula-danube" else 4
    t = MapTable(map_id, players)
    assert kinds(t.state) & NEW == cards
    if map_id != "through-time":
        assert "new-train" in kinds(t.state)


def test_every_card_names_real_maps():
    known = set(available_maps()) | {"through-time"}
    for spec in load_cards().values():
        assert set(spec.maps) <= known, spec.id


def test_through_time_has_four_start_cards_with_passenger_lines_and_one_time_bounty_per_period():
    """"RAILWAYS through TIME", Starting the Game: The Railroad Era Begins, Time Blazer, Speed Record
    and Passenger Lines face up; the Time Bounties of the periods in the game only."""
    t = MapTable("through-time", 3, periods=["egypt", "rome", "napoleon"])
    start = [c for c in t.state.cards.face_up if load_cards()[c.split(":")[0]].start]
    assert sorted(start) == ["passenger-lines:1", "railroad-era:1", "speed-record:1", "time-blazer:1"]
    bounties = sorted(c for c in t.state.cards.face_up + t.state.cards.deck if c.startswith("time-bounty"))
    assert bounties == ["time-bounty:egypt", "time-bounty:napoleon", "time-bounty:rome"]
    shown = {c["id"]: c for c in GAME.view(t.state, None)["cards"]["face_up"]}
    assert "4 different colours" in shown["passenger-lines:1"]["text"]


def test_nippon_start_cards_and_per_city_cards_are_described():
    """"RAILWAYS of NIPPON": Long Distance and Heavy Locomotive are available from the start; each
    Local Campaign names its city."""
    t = MapTable("nippon", 3)
    assert {"long-distance:1", "heavy-locomotive:1"} <= set(t.state.cards.face_up)
    t.face_up(f"local-campaign:{t.hex['Kochi']}")
    shown = {c["id"]: c for c in GAME.view(t.state, 0)["cards"]["face_up"]}
    card = shown[f"local-campaign:{t.hex['Kochi']}"]
    assert card["name"] == "Local Campaign: Kochi" and "from Kochi gains 3 points" in card["text"]


# ------------------------------------------------------------------ Passenger Line
def test_passenger_line_goes_to_the_first_player_with_four_colours():
    """"RAILWAYS of GREAT BRITAIN", New Operations Cards, Passenger Line: 4 of the 5 goods colours;
    then every count goes back to nothing."""
    t = MapTable("great-britain", 3)
    t.face_up("passenger-line:1")
    lid = t.link(1, "Glasgow", "Edinburgh")
    t.state.cities[t.hex["Glasgow"]].cubes = ["yellow", "yellow"]
    t.deliver(1, "Glasgow", "yellow", [lid])
    assert GAME.view(t.state, None)["passengers"] == {"1": ["yellow"]}
    from railhead.bot.games.rotw.cards import cards_text
    assert "Colours delivered towards the Passenger Line: P1 yellow" in cards_text(GAME.view(t.state, 0), 0)
    t.state.passengers = {"1": ["black", "red", "yellow"], "2": ["blue"]}
    t.state.cities[t.hex["Glasgow"]].cubes = ["yellow"]
    before = t.state.players[1].points
    t.deliver(1, "Glasgow", "yellow", [lid])          # yellow again: still 3 colours
    assert t.state.players[1].points == before + 1 and "passenger-line:1" in t.state.cards.face_up
    t.state.cities[t.hex["Ayr"]].cubes = ["blue"]
    other = t.link(1, "Ayr", "Glasgow")
    before = t.state.players[1].points
    events = t.deliver(1, "Ayr", "blue", [other])
    assert t.state.players[1].points == before + 1 + 3
    assert "passenger-line:1" in t.state.cards.discard and t.state.passengers is UNSET
    assert any(e["type"] == "goal" and "Passenger Line" in e["text"] for e in events)


# ------------------------------------------------------------------ Tunnel Engineer
def test_tunnel_engineer_halves_mountains_and_ridges_for_one_build():
    """"RAILWAYS of EUROPE" (and of GREAT BRITAIN), Tunnel Engineer: one future build, mountains
    and ridges at half price ($2,000 each)."""
    t = MapTable("europe", 3)
    t.hold(0, "tunnel-engineer:1")
    t.ready(0)
    path = list(next(p for p in corridors("europe") if planned(t.ctx, t.state, 0, list(p)).ridges
                     and "mountain" in (t.ctx.map.terrain[h] for h in p)))
    terrain = [t.ctx.map.terrain[h] for h in path[1:-1]]
    mountains, others = terrain.count("mountain"), [x for x in terrain if x != "mountain"]
    full = {"open": 2, "water": 3}
    with_card, _ = GAME.apply(t.state, 0, {"type": "use_card", "card": "tunnel-engineer"})
    t.state.players[0].cash = 40
    with_card.players[0].cash = 40
    ridges = planned(t.ctx, t.state, 0, path).ridges
    _, plain = GAME.apply(t.state, 0, {"type": "build", "path": path})
    after, cheap = GAME.apply(with_card, 0, {"type": "build", "path": path})
    plain, cheap = (next(e for e in events if e["type"] == "build") for events in (plain, cheap))
    assert mountains and ridges
    assert plain["paid"] == sum(full[x] for x in others) + 4 * mountains + 4 * ridges
    assert cheap["paid"] == sum(full[x] for x in others) + 2 * mountains + 2 * ridges
    assert "Tunnel Engineer" in cheap["text"] and "tunnel-engineer:1" in after.cards.discard


# ------------------------------------------------------------------ Railway Inspector
def _inspected_table():
    t = MapTable("great-britain", 3)
    lid = t.link(0, "Glasgow", "Edinburgh")
    t.state.cities[t.hex["Glasgow"]].cubes = ["yellow", "yellow"]
    t.hold(1, "railway-inspector:1")
    t.hold(2, "railway-inspector:2")
    return t, lid


def test_railway_inspector_stops_a_delivery_once_per_player():
    """"RAILWAYS of GREAT BRITAIN", Railway Inspector: played during another player's delivery, it
    prevents it, that player loses the action, the cube stays; an Inspector may not stop any player
    more than once per game."""
    t, lid = _inspected_table()
    points = t.state.players[0].points
    events = t.deliver(0, "Glasgow", "yellow", [lid])
    assert events[-1]["type"] == "inspection"
    (prompt,) = GAME.prompts(t.state)
    assert prompt["seat"] == 1 and prompt["kind"] == "inspector" and "Edinburgh" in prompt["text"]
    assert GAME.view(t.state, None)["actor"] == 1          # the board's arrow: the holder, not the deliverer
    assert GAME.legal_actions(t.state, 1) == [{"type": "inspect", "stop": True}, {"type": "inspect", "stop": False}]
    assert GAME.legal_actions(t.state, 0) == []
    with pytest.raises(IllegalAction, match="Railway Inspector"):
        GAME.apply(t.state, 0, {"type": "pass"})
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(t.state, 2, {"type": "inspect", "stop": True})
    events = t.act(1, type="inspect", stop=True)
    assert any(e["type"] == "inspected" and e["stopped"] == 0 for e in events)
    assert t.state.cities[t.hex["Glasgow"]].cubes == ["yellow", "yellow"]
    assert t.state.players[0].points == points and t.actor != 0
    assert "railway-inspector:1" in t.state.cards.discard and t.state.inspected == [0]
    assert GAME.view(t.state, None)["inspected"] == [0]
    from railhead.bot.games.rotw.cards import cards_text
    assert "Stopped by a Railway Inspector (no Inspector can stop them again): P0" in \
        cards_text(GAME.view(t.state, 1), 1)
    t.deliver(0, "Glasgow", "yellow", [lid])      # seat 2's Inspector may not stop seat 0 again
    assert t.state.inspection is UNSET and t.state.cities[t.hex["Glasgow"]].cubes == ["yellow"]
    assert "railway-inspector:2" in t.state.players[2].cards


def test_every_holder_may_let_the_delivery_pass_then_it_is_made():
    t, lid = _inspected_table()
    t.deliver(0, "Glasgow", "yellow", [lid])
    t.act(1, type="inspect", stop=False)
    assert GAME.prompts(t.state)[0]["seat"] == 2
    events = t.act(2, type="inspect", stop=False)
    assert any(e["type"] == "deliver" for e in events) and t.state.inspection is UNSET
    assert t.state.cities[t.hex["Glasgow"]].cubes == ["yellow"]
    assert [c.split(":")[0] for c in t.state.players[1].cards] == ["railway-inspector"]


def test_an_illegal_delivery_is_refused_at_once_and_holders_are_not_asked_about_their_own():
    t, lid = _inspected_table()
    t.ready(0)
    before = canonical(t.state)
    with pytest.raises(IllegalAction, match="no purple cube"):
        GAME.apply(t.state, 0, {"type": "deliver", "from": "Glasgow", "colour": "purple", "links": [lid]})
    assert canonical(t.state) == before
    t.state.players[1].cards = []
    t.state.players[0].cards.append("railway-inspector:1")
    t.state.players[2].cards = []
    with pytest.raises(IllegalAction, match="played during another player's delivery"):
        GAME.apply(t.state, 0, {"type": "use_card", "card": "railway-inspector"})
    t.deliver(0, "Glasgow", "yellow", [lid])          # the only holder is the deliverer: made at once
    assert t.state.inspection is UNSET and t.state.cities[t.hex["Glasgow"]].cubes == ["yellow"]


# ------------------------------------------------------------------ Nippon
def test_long_distance_goes_to_the_first_link_of_four_tiles():
    """"RAILWAYS of NIPPON", Long Distance: the first player to lay 4 or more track segments in a
    single link gains 2 points."""
    t = MapTable("nippon", 3)
    t.link(0, "Nagasaki", "Fukuoka")
    assert "long-distance:1" in t.state.cards.face_up
    points = t.state.players[1].points
    t.link(1, "Nagasaki", "Kagoshima")
    assert t.state.players[1].points == points + 2 and "long-distance:1" in t.state.cards.discard


def test_hot_spring_builds_at_once_and_scores_mountain_tiles():
    """"RAILWAYS of NIPPON", Hot Spring: the taker plays the build track action at once and gains a
    point per hex built on a mountain."""
    t = MapTable("nippon", 3)
    t.face_up("hot-spring:1")
    t.ready(0)
    t.act(0, type="take_card", card="hot-spring")
    (prompt,) = GAME.prompts(t.state)
    assert prompt["seat"] == 0 and prompt.get("hot_spring") and GAME.view(t.state, None)["hot_spring"] == 0
    assert {a["type"] for a in GAME.legal_actions(t.state, 0)} <= {"build", "pass", "use_card"}
    before = canonical(t.state)
    with pytest.raises(IllegalAction, match="Hot Spring"):
        GAME.apply(t.state, 0, {"type": "upgrade"})
    assert canonical(t.state) == before
    path = GAME.query(t.state, 0, "cheapest_link", {"from": "Okayama", "to": "Osaka"})["path"]
    mountains = sum(t.ctx.map.terrain[h] == "mountain" for h in path[1:-1])
    t.state.players[0].cash = 40
    points = t.state.players[0].points
    t.act(0, type="build", path=path)
    assert mountains >= 2 and t.state.players[0].points == points + mountains
    assert t.state.hot_spring is UNSET and t.actor != 0


def test_local_campaign_scores_when_its_city_is_cleared():
    """"RAILWAYS of NIPPON", Local Campaign: three points when X city is cleared of cubes."""
    t = MapTable("nippon", 3)
    card = f"local-campaign:{t.hex['Kochi']}"
    t.face_up(card)
    lid = t.link(0, "Kochi", "Tokushima")
    t.state.cities[t.hex["Kochi"]].cubes = ["blue", "blue"]
    t.deliver(0, "Kochi", "blue", [lid])
    assert card in t.state.cards.face_up
    points = t.state.players[0].points
    t.deliver(0, "Kochi", "blue", [lid])
    assert t.state.players[0].points == points + 1 + 3 and card in t.state.cards.discard


def test_coal_fueled_engines_halve_one_upgrade():
    """"RAILWAYS of NIPPON" and "RAILWAYS of the WESTERN U.S.", Coal-fueled Engines: half price,
    rounded up, on a single future engine upgrade; readied before another action it stays in hand."""
    t = MapTable("nippon", 3)
    t.hold(0, "coal-fueled-engines:1")
    t.ready(0)
    t.act(0, type="use_card", card="coal-fueled-engines")
    assert GAME.view(t.state, 0)["players"][0]["next_engine_cost"] == 2
    t.act(0, type="pass")
    assert t.state.players[0].cards == ["coal-fueled-engines:1"] and t.state.players[0].armed == []
    t.state.players[0].engine = 4
    t.ready(0)
    t.act(0, type="use_card", card="coal-fueled-engines")
    events = t.act(0, type="upgrade")
    assert events[0]["paid"] == 4 and "Coal-fueled Engines" in events[0]["text"]   # level 5: $7,000 -> $4,000
    assert t.state.players[0].cards == [] and "coal-fueled-engines:1" in t.state.cards.discard


def test_heavy_locomotive_goes_to_the_first_engine_of_level_four():
    """"RAILWAYS of NIPPON", Heavy Locomotive: the first player to upgrade to a Level 4 train gains 4 points."""
    t = MapTable("nippon", 3)
    t.state.players[2].engine = 3
    t.ready(2)
    points = t.state.players[2].points
    t.state.players[2].cash = 20
    t.act(2, type="upgrade")
    assert t.state.players[2].points == points + 4 and "heavy-locomotive:1" in t.state.cards.discard


# ------------------------------------------------------------------ Western U.S.
def test_boomtown_puts_a_free_new_city_without_cubes():
    """"RAILWAYS of the WESTERN U.S.", Boomtown: a free New City tile on a gray city of your choice,
    no goods cubes added."""
    t = MapTable("western-us", 3)
    t.face_up("boomtown:1")
    t.ready(0)
    before = canonical(t.state)
    with pytest.raises(IllegalAction, match="only gray cities"):
        GAME.apply(t.state, 0, {"type": "take_card", "card": "boomtown", "city": "Denver", "colour": "red"})
    assert canonical(t.state) == before
    assert {"type": "take_card", "card": "boomtown:1", "city": t.hex["Cheyenne"], "colour": "red"} in \
        GAME.legal_actions(t.state, 0)
    cubes, tiles = list(t.state.cities[t.hex["Cheyenne"]].cubes), t.state.new_city_tiles["red"]
    t.act(0, type="take_card", card="boomtown", city="Cheyenne", colour="red")
    city = t.state.cities[t.hex["Cheyenne"]]
    assert city.colour == "red" and city.cubes == cubes and t.state.new_city_tiles["red"] == tiles - 1
    assert cash_free(t)


def cash_free(t: MapTable) -> bool:
    return t.state.players[0].cash == 0 and t.state.players[0].bonds == 0


def test_sutters_mill_draws_three_cubes_onto_its_city():
    """"RAILWAYS of the WESTERN U.S.", Sutter's Mill: 3 new random goods cubes to Sacramento (our
    map's nearest city to it: Chico)."""
    t = MapTable("western-us", 3)
    card = f"sutters-mill:{t.hex['Chico']}"
    t.face_up(card)
    shown = {c["id"]: c for c in GAME.view(t.state, None)["cards"]["face_up"]}
    assert shown[card]["name"] == "Sutter's Mill: Chico"
    t.ready(0)
    count, bag = len(t.state.cities[t.hex["Chico"]].cubes), sum(t.state.bag.values())
    t.act(0, type="take_card", card="sutters-mill")
    assert len(t.state.cities[t.hex["Chico"]].cubes) == count + 3 and sum(t.state.bag.values()) == bag - 3


# ------------------------------------------------------------------ Railways Through Time
def test_boost_takes_five_thousand_off_one_upgrade():
    """"RAILWAYS through TIME", Boost: an engine upgrade costs $5,000 less, down to $0."""
    t = MapTable("through-time", 3, periods=["egypt", "rome", "napoleon"])
    t.hold(0, "boost:1")
    t.ready(0)
    t.act(0, type="use_card", card="boost")
    events = t.act(0, type="upgrade")
    assert events[0]["paid"] == 0 and t.state.players[0].engine == 2 and "boost:1" in t.state.cards.discard


def test_time_bounty_needs_a_cube_from_another_period():
    """"RAILWAYS through TIME", Time Bounty: a goods cube from another period delivered to a city of
    the card's period: +1 point. Checked on the delivery's cities (``mapcards.after_delivery``, as
    ``delivery.arrive`` calls it)."""
    t = MapTable("through-time", 3, periods=["egypt", "rome", "napoleon"])
    t.face_up("time-bounty:rome")
    period_of = time_of(t.ctx.map).period_of
    city = {p: next(h for h in sorted(t.ctx.map.cities) if period_of[h] == p and
                    t.ctx.map.cities[h].colour != "warp") for p in ("egypt", "rome")}
    rome2 = next(h for h in sorted(t.ctx.map.cities) if period_of[h] == "rome" and h != city["rome"]
                 and t.ctx.map.cities[h].colour != "warp")
    events: list = []
    mapcards.after_delivery(t.state, t.ctx, 1, rome2, "red", city["rome"], events)
    assert "time-bounty:rome" in t.state.cards.face_up
    mapcards.after_delivery(t.state, t.ctx, 1, city["egypt"], "red", city["rome"], events)
    assert t.state.players[1].points == 1 and "time-bounty:rome" in t.state.cards.discard


# ------------------------------------------------------------------ the bot
def _ui(t: MapTable, seat: int):
    from railhead.bot.games.rotw.ui import RotwUI
    from railhead.bot.ui import UIContext
    from railhead.engine import Match
    return RotwUI(), UIContext(Match(GAME, {"map": t.state.options.map}, t.state.seats, 1, [], t.state),
                               seat, t.state.seats)


def test_the_inspector_question_reaches_its_holder_with_buttons():
    """The holder's prompt says what the delivery would do and offers Stop / Let it pass."""
    t, lid = _inspected_table()
    t.deliver(0, "Glasgow", "yellow", [lid])
    ui, ctx = _ui(t, 1)
    (prompt,) = map(GAME.read_prompt, GAME.prompts(t.state))
    text = ui.prompt_text(GAME.view(t.state, None), prompt, "@P1")
    assert text.startswith("@P1, P0 wants to make this delivery") and "Railway Inspector" in text
    buttons = ui.prompt_components(ctx, ctx.prompt())
    assert [(b.label, b.action) for b in buttons] == [
        ("Stop it (Railway Inspector)", {"type": "inspect", "stop": True}),
        ("Let it pass", {"type": "inspect", "stop": False})]


async def test_the_inspector_answer_can_be_typed():
    from railhead.bot.games.rotw.cards import INSPECT
    t, lid = _inspected_table()
    t.deliver(0, "Glasgow", "yellow", [lid])
    _, ctx = _ui(t, 1)
    reply = await INSPECT.handler(ctx, INSPECT.check({"stop": "false"}))
    assert reply.action == {"type": "inspect", "stop": False}


def test_held_map_cards_get_use_buttons_and_hot_spring_asks_for_a_build():
    t = MapTable("nippon", 3)
    t.hold(0, "coal-fueled-engines:1")
    t.face_up("hot-spring:1")
    t.ready(0)
    ui, ctx = _ui(t, 0)
    labels = [b.label for b in ui.prompt_components(ctx, ctx.prompt())]
    assert "Use Coal-fueled Engines (then upgrade)" in labels
    t.act(0, type="take_card", card="hot-spring")
    ui, ctx = _ui(t, 0)
    assert [b.label for b in ui.prompt_components(ctx, ctx.prompt())] == ["Pass"]   # no build card held
    assert "**Hot Spring**: build track now" in ui.prompt_text(GAME.view(t.state, 0), ctx.prompt(), "you")


# ------------------------------------------------------------------ playouts
@pytest.mark.parametrize(("map_id", "seed"), [("great-britain", 1), ("nippon", 2), ("western-us", 1), ("europe", 1)])
def test_a_random_game_with_the_map_cards_ends_and_replays(map_id, seed):
    """A random legal game (ai/policy.py) reaches the end and its log replays to the same state."""
    names, state, log = play(GAME, 3, seed, options={"map": map_id})
    assert GAME.outcome(state) is not None
    again = GAME.setup({"map": map_id}, names, seed)
    for seat, action in log:
        again, _ = GAME.apply(again, seat, action)
    assert canonical(again) == canonical(state)
    used = {a["card"].split(":")[0] for _, a in log if a["type"] in ("take_card", "use_card")}
    assert used & NEW, "the playout used none of the map's own cards"


# ------------------------------------------------------------------ Europe's charters (issue 31)
def test_europe_deals_capital_and_city_charters_one_per_city():
    """railways-of-the-world.txt, "RAILWAYS of EUROPE", "New Operations Cards": Capital Charter and
    City Charter cards are in Europe's deck, each naming its city (ours: data/cards/rotw/maps.toml),
    and no other map's."""
    t = MapTable("europe", 3)
    charters = sorted(c for c in t.state.cards.face_up + t.state.cards.deck if "charter" in c)
    ctx = t.ctx
    assert charters == sorted([f"capital-charter:{h}" for h in ctx.map_cards.capital_charters]
                              + [f"city-charter:{h}" for h in ctx.map_cards.city_charters])
    assert ctx.map_cards.capital_charters and ctx.map_cards.city_charters
    t.face_up(f"capital-charter:{t.hex['Paris']}")
    shown = {c["id"]: c for c in GAME.view(t.state, None)["cards"]["face_up"]}
    assert shown[f"capital-charter:{t.hex['Paris']}"]["name"] == "Capital Charter: Paris"
    assert not kinds(MapTable("great-britain", 3).state) & {"capital-charter", "city-charter"}


def test_a_capital_charter_scores_each_link_built_to_its_city_afterwards():
    """"RAILWAYS of EUROPE", "Capital Charter": taken (action E, kept for the game), it gives its
    holder 1 point for every link completed to or from its city afterwards, by any player; links
    there before it was taken score nothing."""
    t = MapTable("europe", 3)
    _no_goals(t)
    paris = t.hex["Paris"]
    t.ready(0)
    t.link(0, "Paris", "Brussels")                       # before the charter: nothing
    t.face_up(f"capital-charter:{paris}")
    t.ready(1)
    events = t.act(1, type="take_card", card="Capital Charter: Paris")
    assert f"capital-charter:{paris}" in t.player(1).cards
    assert any("Capital Charter" in e["text"] for e in events)
    points = t.player(1).points
    t.link(2, "Köln", "Paris")
    assert t.player(1).points == points + 1
    t.link(1, "Paris", "Amsterdam")
    assert t.player(1).points == points + 2
    t.link(0, "Brussels", "Köln")                        # not Paris: nothing
    assert t.player(1).points == points + 2


def test_a_city_charter_keeps_other_players_out_of_its_city():
    """"RAILWAYS of EUROPE", "City Charter": once taken, no other player may build into its city
    (neither a link ending there nor one starting there), its holder may; track built into the city
    before it was taken stays and may be finished. Refusals leave the state untouched, and the
    legal-action sample and the cheapest-link preview offer no such build."""
    t = MapTable("europe", 3)
    _no_goals(t)
    city = t.ctx.map_cards.city_charters[0]
    name = t.ctx.map.cities[city].name
    t.face_up(f"city-charter:{city}")
    t.ready(0)
    t.act(0, type="take_card", card=f"City Charter: {name}")
    other = next(h for h in sorted(t.ctx.map.cities) if h != city
                 and _one_build(t, 0, h, city) is not None)
    t.ready(1)
    t.player(1).cash += 40
    path = _one_build(t, 0, other, city)
    assert name in t.refused(1, type="build", path=path)
    assert name in t.refused(1, type="build", path=list(reversed(path)))
    for a in GAME.legal_actions(t.state, 1):
        if a["type"] == "build":
            assert city not in (a["path"][0], a["path"][-1]), a
    with pytest.raises(IllegalAction):
        GAME.query(t.state, 1, "cheapest_link", {"from": other, "to": city})
    t.ready(0)
    t.player(0).cash += 40
    t.act(0, type="build", path=path)                    # the holder may
    assert any(link.to == city and link.owner == 0 for link in t.state.links.values())


def test_a_city_charter_spares_track_built_before_it():
    """"RAILWAYS of EUROPE", "City Charter": no effect on track already built into the city when it
    was taken: another player's unfinished link out of the city may still be finished."""
    t = MapTable("europe", 3)
    _no_goals(t)
    city = t.ctx.map_cards.city_charters[0]
    other = next(h for h in sorted(t.ctx.map.cities) if h != city and _one_build(t, 1, city, h, 3) is not None)
    path = _one_build(t, 1, city, other, 3)
    t.ready(1)
    t.player(1).cash += 40
    t.act(1, type="build", path=path[:2], toward=path[2])        # unfinished, out of the city
    t.hold(0, f"city-charter:{city}")
    t.ready(1)
    t.act(1, type="build", path=path[1:])
    assert any(link.from_ == city and link.to == other and link.owner == 1
               for link in t.state.links.values())


def _no_goals(t: MapTable) -> None:
    """No goal card face up (none scores on top of the links these tests build)."""
    up = t.state.cards.face_up
    t.state.cards.face_up = [c for c in up if t.ctx.cards[c.split(":")[0]].kind != "goal"]


def _one_build(t: MapTable, seat: int, a: str, b: str, at_least: int = 2) -> list[str] | None:
    """The cheapest path from city ``a`` to city ``b`` that one build lays on an empty board (at
    least ``at_least`` tiles), when no track is in its way yet, or ``None``."""
    for path in corridors(t.ctx.map.id):
        path = list(path) if path[0] == a else list(reversed(path))
        if (path[0], path[-1]) == (a, b) and len(path) - 2 >= at_least and not any(
                t.state.track.get(h) for h in path[1:-1]):
            return path
    return None
