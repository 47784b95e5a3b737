"""The Event deck (issue 21; railways-of-the-world.txt, "Events Deck", "How to use the Event Deck
Expansion"): our own 50 events (data/cards/rotw/events.toml, engine/games/rotw/eventdeck.py). One
scenario per kind of effect, on a ``Table`` whose current or future event is set in the state; the
draw rules (the first draw skips a Future Event, future -> current, a Future Event acts once as it
is drawn and not again); the data file; a random playout with events on; the view; and one game
through the real bot under simcord."""
from __future__ import annotations

from collections import Counter

import pytest

from railhead.ai.policy import play
from railhead.engine import IllegalAction, canonical
from railhead.engine.common.goods import COLOURS
from railhead.engine.core import UNSET
from railhead.engine.games.rotw import eventdeck
from railhead.engine.games.rotw.state import Carried, Modules

from ..helpers_discord import answer_of, table_in_channel
from .helpers import CTX, GAME, HEX, MAP, Table


def started(players: int = 3, current: str | None = None, seed: int = 1) -> Table:
    """A game with the Event deck in its first round of actions (seat 1 first, every seat
    $60,000), with ``current`` forced into the Current Event slot."""
    t = Table(players, seed=seed, events=True)
    t.all_pass_auction()
    for seat in range(players):
        t.give_cash(seat, 60)
    if current is not None:
        t.state.event_deck.current = current
    return t


def top(t: Table, card: str) -> None:
    """Put ``card`` on top of the event deck (the next one drawn)."""
    deck = t.state.event_deck.deck
    if card in deck:
        deck.remove(card)
    deck.insert(0, card)


def cubes_in_play(state) -> Counter:
    out = Counter(state.bag)
    for city in state.cities.values():
        out.update(city.cubes)
    return out


# ------------------------------------------------------------------ data and setup
def test_the_data_file_holds_50_valid_events():
    deck = eventdeck.deck()
    assert len(deck) == 50 and len(set(deck)) == 50
    assert all(e.kind in eventdeck.KINDS for e in deck.values())
    assert all(e.kind in eventdeck.INSTANT for e in deck.values() if e.future)
    kinds = Counter(e.kind for e in deck.values())
    assert set(kinds) == set(eventdeck.KINDS), "every kind has at least one event"
    assert all(e.text and e.name for e in deck.values())
    assert all(abs(e.amount) <= 3 and e.points <= 2 for e in deck.values()), "effects stay small"


def test_the_option_is_off_by_default_and_adds_no_state():
    """Without ``events`` a game has no ``event_deck`` key and the same options record as before
    (tests/test_fixtures.py replays the stored games byte for byte)."""
    t = Table(3)
    assert t.state.event_deck is UNSET and t.state.options.events is UNSET
    assert "events" not in GAME.view(t.state, None)


def test_the_first_draw_discards_future_events_and_nothing_acts_on_turn_1():
    """railways-of-the-world.txt, Events Deck: shuffle, draw one card into the Future Event slot; a card marked
    Future Event drawn then is discarded and another drawn. The first event takes effect on turn 2."""
    skipped = 0
    for seed in range(1, 30):
        ed = Table(3, seed=seed, events=True).state.event_deck
        assert ed.current is None and not eventdeck.deck()[ed.future].future
        assert all(eventdeck.deck()[c].future for c in ed.discard)
        assert sorted([*ed.deck, *ed.discard, ed.future]) == sorted(eventdeck.deck())
        skipped += len(ed.discard)
    assert skipped > 0, "some seed drew a Future Event first"


def test_each_turn_the_future_event_becomes_current_and_a_new_one_is_drawn():
    """railways-of-the-world.txt, Events Deck: the current event is discarded, the future one moves to current, a new
    one is drawn."""
    t = started()
    ed = t.state.event_deck
    first, nxt = ed.future, ed.deck[0]
    t.finish_turn()
    assert (ed := t.state.event_deck).current == first and ed.future == nxt
    assert any(e["type"] == "event_current" and eventdeck.deck()[first].name in e["text"] for e in t.events)
    t.all_pass_auction()
    t.finish_turn()
    assert t.state.event_deck.discard[-1] == first and t.state.event_deck.current == nxt


def test_an_event_waiting_in_the_future_slot_says_next_turn():
    """Its card says "this turn" (the turn it is current); shown in the Future Event slot, the view
    and the draw's message say "next turn"."""
    t = started()
    top(t, "fast-mail")
    t.finish_turn()
    future = GAME.view(t.state, None)["events"]["future"]
    assert future["id"] == "fast-mail" and "next turn" in future["text"] and "this turn" not in future["text"]
    assert any(e["type"] == "event_future" and "links next turn" in e["text"] for e in t.events)
    t.all_pass_auction()
    t.finish_turn()
    assert "this turn" in GAME.view(t.state, None)["events"]["current"]["text"]


def test_a_future_event_acts_once_when_drawn_and_not_again_when_current():
    """railways-of-the-world.txt, Events Deck: cards marked Future Event trigger as they enter the Future Event slot
    and not again in the Current Event slot (that turn has no event)."""
    t = started()
    top(t, "federal-subsidy")                                  # every player receives $2,000
    cash = [p.cash for p in t.state.players]
    t.finish_turn()
    income = {e["seat"]: e["income"] for e in t.events if e["type"] == "income"}
    assert [p.cash for p in t.state.players] == [c + income[s] + 2 for s, c in enumerate(cash)]
    assert [e["type"] for e in t.events].count("event_acts") == 1
    t.all_pass_auction()
    top(t, "iron-shortage")
    cash = [p.cash for p in t.state.players]
    t.finish_turn()
    assert t.state.event_deck.current == "federal-subsidy"
    assert "event_acts" not in [e["type"] for e in t.events]
    income = {e["seat"]: e["income"] for e in t.events if e["type"] == "income"}
    assert [p.cash for p in t.state.players] == [c + income[s] for s, c in enumerate(cash)]
    assert GAME.view(t.state, None)["events"]["acting"] is False
    assert eventdeck.current(t.state) is None


# ------------------------------------------------------------------ one scenario per kind
def test_track_cost_raises_every_tile_and_the_quote_matches():
    """railways-of-the-world.txt, Events Deck (Iron Shortage, ours): +$1,000 a track tile; the cheapest-link quote
    says the same."""
    t = started(current="iron-shortage")
    t.pass_until(1)
    quote = GAME.query(t.state, 1, "cheapest_link", {"from": "Frankfurt", "to": "Fulda"})
    assert quote["cost"] == 3                                  # one open tile: $2,000 + $1,000
    t.build(1, "Frankfurt", "M7", "Fulda")
    assert t.player(1).cash == 57


def test_a_tile_a_card_makes_free_stays_free_under_a_track_cost_event():
    """Government Land Grant makes Frankfurt-Fulda's open tile free; Iron Shortage (+$1,000 a tile the
    player pays for) adds nothing to it, and Cheap Bessemer Steel takes nothing off the rest."""
    for event in ("iron-shortage", "bessemer-steel"):
        t = started(current=event)
        t.player(1).cards.append("land-grant:1")
        t.pass_until(1)
        t.act(1, type="use_card", card="land-grant")
        t.build(1, "Frankfurt", "M7", "Fulda")
        assert t.player(1).cash == 60, event


def test_track_cost_of_one_terrain_leaves_the_others():
    """railways-of-the-world.txt, Events Deck (Low Water Season, ours): river and lake tiles $1,000 less, open tiles
    as usual."""
    t = started(current="low-water")
    assert MAP.terrain["J7"] == "water"
    t.build(1, "Köln", "J7", "Koblenz")
    assert t.player(1).cash == 58                           # $3,000 - $1,000
    t.build(2, "Frankfurt", "M7", "Fulda")
    assert t.player(2).cash == 58                           # open: $2,000


def test_track_tiles_allow_one_more_tile():
    """railways-of-the-world.txt, Events Deck (Railroad Fever, ours): a Build Track action may lay 5 track tiles."""
    path = ["Köln", "J6", "K6", "L6", "M6", "N6"]
    plain = started()
    with pytest.raises(IllegalAction, match="at most 4 tiles"):
        plain.build(1, *path)
    t = started(current="railroad-fever")
    t.build(1, *path)
    assert t.state.links["1"].hexes[-1] == "N6"


def test_engine_cost_changes_the_upgrade_and_its_quote():
    """railways-of-the-world.txt, Events Deck (Locomotive Works Opens, ours): an Upgrade Engine action costs $2,000
    less."""
    t = started(current="locomotive-works")
    assert GAME.view(t.state, None)["players"][1]["next_engine_cost"] == CTX.tables.engine_cost[2] - 2
    t.pass_until(1)
    t.act(1, type="upgrade")
    assert t.player(1).cash == 60 - (CTX.tables.engine_cost[2] - 2)


def test_urbanize_cost_changes_the_urbanize_price():
    """railways-of-the-world.txt, Events Deck (Fire Codes, ours): an Urbanize action costs $2,000 more."""
    t = started(current="fire-codes")
    t.pass_until(1)
    t.act(1, type="urbanize", city="Koblenz", colour="red")
    assert t.player(1).cash == 60 - CTX.tables.money.urbanize - 2


def _red_delivery(current: str | None) -> tuple[Table, list[dict]]:
    t = started(current=current)
    t.build(1, "Frankfurt", "M7", "Fulda")                       # Frankfurt is red
    t.city("Fulda").cubes = ["red"]
    t.pass_until(1)
    return t, t.act(1, type="deliver", **{"from": "Fulda", "colour": "red", "links": ["1"]})


def test_delivery_bonus_for_the_colour_and_not_for_short_hauls():
    """railways-of-the-world.txt, Events Deck (Cattle Drive, Fast Mail Contract, ours): +1 point for a red cube; a
    1-link delivery gains nothing from a bonus for 3 links or more."""
    plain, _ = _red_delivery(None)
    t, events = _red_delivery("cattle-drive")
    assert t.player(1).points == plain.player(1).points + 1
    assert any(e["type"] == "event_bonus" and "Cattle Drive" in e["text"] for e in events)
    t, _ = _red_delivery("fast-mail")
    assert t.player(1).points == plain.player(1).points


def test_the_delivery_menu_shows_the_bonus():
    """The deliveries question (the bot's menu) counts this turn's bonus in the mover's points."""
    t = started(current="cattle-drive")
    t.build(1, "Frankfurt", "M7", "Fulda")
    t.city("Fulda").cubes = ["red"]
    t.pass_until(1)
    (option,) = GAME.query(t.state, 1, "deliveries", {"from": "Fulda"})
    assert option["points"] == {"1": 2}
    t.act(1, type="deliver", **{"from": "Fulda", "colour": "red", "links": ["1"]})


def test_a_cube_going_on_from_a_fuel_depot_counts_all_its_links_for_a_bonus():
    """Fast Mail Contract (3 links or more) and a cube kept at a Fuel Depot after 2 links: the menu's
    continuation over 1 more link shows the bonus its delivery will pay ("Fuel Depots": the links of
    both legs count)."""
    t = started(current="fast-mail")
    kept = Carried(colour="red", origin=HEX["Paris"], at=HEX["Troyes"], links=["4", "5"],
                   cities=[HEX["Reims"], HEX["Troyes"]])
    t.state.modules = Modules(used={}, mines={}, depots={}, switches={}, rotors={}, carried={"1": kept})
    option = {"colour": "red", "links": ["6"], "kept": True, "points": {"1": 3}}
    assert eventdeck.with_bonus(t.state, 1, option)["points"] == {"1": 4}
    assert eventdeck.with_bonus(t.state, 1, {**option, "kept": False})["points"] == {"1": 3}


def test_embargo_refuses_the_colour_and_legal_actions_leave_it_out():
    """railways-of-the-world.txt, Events Deck (Cattle Quarantine, ours): no red goods cube may be delivered this
    turn."""
    t = started(current="cattle-quarantine")
    t.build(1, "Frankfurt", "M7", "Fulda")
    t.city("Fulda").cubes = ["red"]
    t.pass_until(1)
    assert "The Cattle Quarantine (this turn's event) stops red deliveries." in t.refused(
        1, type="deliver", **{"from": "Fulda", "colour": "red", "links": ["1"]})
    assert not [a for a in GAME.legal_actions(t.state, 1) if a["type"] == "deliver"]
    assert GAME.query(t.state, 1, "can_deliver", {}) is False
    t.state.event_deck.current = "grain-embargo"
    assert [a for a in GAME.legal_actions(t.state, 1) if a["type"] == "deliver"]


def test_income_rises_and_a_cut_never_goes_below_zero():
    """railways-of-the-world.txt, Events Deck (Boom Year, Bank Panic, ours): +$2,000 at this turn's income phase;
    -$2,000 but never below $0."""
    t = started(current="boom-year")
    t.player(0).points = 3                                   # income $3,000
    t.finish_turn()
    assert {e["seat"]: e["income"] for e in t.events if e["type"] == "income"}[0] == 5
    t = started(current="bank-panic")
    t.player(0).points, t.player(1).points = 1, 10        # $1,000 and $6,000
    assert GAME.view(t.state, None)["players"][1]["income"] == 4
    t.finish_turn()
    income = {e["seat"]: e["income"] for e in t.events if e["type"] == "income"}
    assert (income[0], income[1]) == (0, 4)


def test_cash_charge_per_bond_takes_only_the_cash_there_is():
    """railways-of-the-world.txt, Events Deck (Interest Due, ours): $1,000 per bond as it comes into force, as far as
    the cash goes; no bond is issued for it."""
    t = started()
    t.state.event_deck.future = "interest-due"
    for seat, (cash, bonds) in enumerate([(10, 3), (1, 3), (5, 0)]):
        t.give_cash(seat, cash)
        t.player(seat).bonds = bonds
    t.finish_turn()                                             # income (0 points: $0), dividends, then the event
    assert [(p.cash, p.bonds) for p in t.state.players][2] == (5, 0)
    paid = {e["seat"]: (e["paid"], e["bonds"]) for e in t.events if e["type"] == "income"}
    assert t.player(0).cash == 10 - paid[0][0] + 5 * paid[0][1] - 3
    assert t.player(1).cash == 0 and t.player(1).bonds == 3 + paid[1][1]


def test_growth_draws_cubes_into_cities_of_the_colour_deterministically():
    """railways-of-the-world.txt, Events Deck (Gold Rush, ours, a Future Event): 3 coloured cities each draw a cube
    from the bag, with the game's seeded stream: the same game grows the same cities; every cube stays in play."""
    results = []
    for _ in range(2):
        t = started()
        top(t, "gold-rush")
        before = {h: list(c.cubes) for h, c in t.state.cities.items()}
        t.finish_turn()
        grown = {h for h, c in t.state.cities.items() if len(c.cubes) == len(before[h]) + 1}
        assert len(grown) == 3 and all(t.state.cities[h].colour in COLOURS for h in grown)
        assert sum(cubes_in_play(t.state).values()) == 125
        results.append(canonical(t.state))
    assert results[0] == results[1]
    t = started()
    top(t, "mining-camps")                                       # gray cities only
    before = {h: len(c.cubes) for h, c in t.state.cities.items()}
    t.finish_turn()
    assert all(t.state.cities[h].colour == "gray" for h, c in t.state.cities.items()
               if len(c.cubes) > before[h])


def test_award_gives_points_to_the_highest_engine():
    """railways-of-the-world.txt, Events Deck (Speed Trials, ours): the highest engine level gains 1 point as it
    comes into force."""
    t = started()
    t.state.event_deck.future = "speed-trials"
    t.player(2).engine = 3
    points = [p.points for p in t.state.players]
    t.finish_turn()
    assert [p.points for p in t.state.players] == [points[0], points[1], points[2] + 1]
    assert any(e["type"] == "event_acts" and "P2 gains 1 point" in e["text"] for e in t.events)


def test_worst_is_first_orders_by_the_scores_after_the_event_acts():
    """Longest Line Prize (+2, ours) comes into force at the start of turn 2; Worst is First
    (railways-of-the-world-online-help.txt) then orders by the scores it leaves: P0, who had the
    fewest points, is no longer the lowest."""
    t = Table(3, events=True, bidding="worst_is_first")
    t.all_pass_auction()
    t.give_cash(t.actor, 60)
    builder = t.actor
    t.build(builder, "Frankfurt", "M7", "Fulda")
    t.state.event_deck.future = "longest-line-prize"
    others = [s for s in range(3) if s != builder]
    for seat, points in ((builder, 3), (others[0], 4), (others[1], 6)):
        t.player(seat).points = points
    while t.state.turn == 1:
        t.act(type="pass")
    assert t.player(builder).points == 5
    assert t.state.order == [others[0], builder, others[1]]


def test_longest_link_award_counts_track_tiles():
    t = started()
    t.build(1, "Frankfurt", "M7", "Fulda")
    t.build(2, "Köln", "J7", "Koblenz")
    t.state.links["2"].hexes = ["J7", "J8"]                # seat 2's link is longer
    t.state.event_deck.future = "longest-line-prize"
    points = t.player(2).points
    t.finish_turn()
    assert t.player(2).points == points + 2 and eventdeck.longest(t.state, 2) == 2


# ------------------------------------------------------------------ view, draws, playout
def test_every_seat_sees_the_same_events_and_a_draw_reveals():
    t = started(current="bumper-harvest")
    views = [GAME.view(t.state, s)["events"] for s in (None, 0, 1, 2)]
    assert all(v == views[0] for v in views)
    assert views[0]["current"]["name"] == "Bumper Harvest" and views[0]["acting"]
    assert "order" not in views[0] and isinstance(views[0]["deck"], int)
    before = t.state
    t.finish_turn()
    assert GAME.reveals(before, t.state, {"type": "pass"})


def test_a_random_game_with_events_reaches_the_end_and_replays():
    names, state, log = play(GAME, 3, 5, options={"events": True, "map": "rhine-alps"})
    assert GAME.outcome(state) is not None
    assert state.event_deck.discard, "events came and went"
    for colour in COLOURS:
        assert sum(c.cubes.count(colour) for c in state.cities.values()) + state.bag[colour] == 25
    again = GAME.setup({"events": True, "map": "rhine-alps"}, names, 5)
    for seat, action in log:
        again, _ = GAME.apply(again, seat, action)
    assert canonical(again) == canonical(state)


# ------------------------------------------------------------------ the bot
async def test_game_new_with_events_shows_them_in_the_status(simcord_env):
    channel, (ann, bob) = await table_in_channel(simcord_env, "rotw", ["Ann", "Bob"], "events", 3,
                                                 events=True, barons=False)
    status = answer_of(await ann.slash(channel, "game status")).content
    assert "Current event: none (the first event comes into force on turn 2)." in status
    match = next(iter(simcord_env.bot.table._matches.values()))
    future = eventdeck.deck()[match.state.event_deck.future]
    assert f"Future event (next turn): **{future.name}**: {future.text}" in status


def test_the_board_panel_names_both_events():
    """The board's panel draws the Event deck's box (render/rotw/panel.py, ``events_box``); without
    the option the panel is as before."""
    from PIL import Image, ImageDraw

    from railhead.render.rotw.panel import events_box

    t = started(current="bumper-harvest")
    view = GAME.view(t.state, None)
    img = Image.new("RGB", (420, 120), (255, 255, 255))
    bottom = events_box(ImageDraw.Draw(img), view["events"], 16, 10, 408, lambda v: round(v))
    assert 60 <= bottom <= 80
    assert img.getpixel((20, 30)) != (255, 255, 255)          # the box is filled


async def test_the_link_preview_quotes_the_price_the_event_charges():
    """A build preview is a dry run: under Iron Shortage it quotes $3,000 for one open tile, what
    the build then charges (bot/games/rotw/ui.py, ``link``)."""
    from railhead.bot.games.rotw.ui import link
    from railhead.bot.ui import UIContext
    from railhead.engine import Match

    t = started(current="iron-shortage")
    t.pass_until(1)
    ctx = UIContext(Match(GAME, {}, t.state.seats, 1, [], t.state), 1, t.state.seats)
    reply = await link(ctx, {"from": "Frankfurt", "to": "Fulda"})
    assert "Cost $3,000; you have $60,000" in reply.caller.text


def test_the_income_line_shows_the_event_s_cut():
    """The income line says what is paid and why (issue 31, newcomer games: "earns $4,000 for 10 points"
    under Bank Panic read as the track's figure): railways-of-the-world.txt, "3 - Income and Dividends"
    and Events Deck (Bank Panic, ours: $2,000 less, never below $0); plurals counted (1 point)."""
    t = started(current="bank-panic")
    t.player(0).points, t.player(1).points = 1, 10        # $1,000 and $6,000
    t.finish_turn()
    text = {e["seat"]: e["text"] for e in t.events if e["type"] == "income"}
    assert "earns $4,000 ($6,000 for 10 points on the income track, less $2,000: Bank Panic)" in text[1]
    assert "earns $0 ($1,000 for 1 point on the income track, less $1,000: Bank Panic)" in text[0]
    t = started()
    t.player(0).points = 1
    t.finish_turn()
    assert "earns $1,000 for 1 point on the income track" in {e["seat"]: e["text"] for e in t.events
                                                              if e["type"] == "income"}[0]


def test_the_last_turn_shows_no_future_event_for_a_next_turn(monkeypatch):
    """On the last turn there is no next turn (railways-of-the-world.txt, "Ending the Game": one more
    full turn after the last marker, then the game ends): the status and the board's panel say the
    event waiting in the Future Event slot never comes into force (issue 31: "Future event (next
    turn)" was shown on the last turn)."""
    from PIL import ImageDraw

    from railhead.bot.games.rotw.status import events_lines
    from railhead.render import rotw as render

    t = started(current="bumper-harvest")
    t.state.end_turn = t.state.turn
    view = GAME.view(t.state, None)
    future = view["events"]["future"]["name"]
    lines = "\n".join(events_lines(view))
    assert "next turn" not in lines.lower() and "Future event" not in lines
    assert f"This is the last turn: the game ends after it, so **{future}** never comes into force" in lines
    seen: list[str] = []
    real = ImageDraw.ImageDraw.text
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", lambda self, xy, text, *a, **k: (seen.append(text),
                                                                                       real(self, xy, text, *a, **k)))
    render.draw_board(view)
    assert not any("next turn" in s.lower() for s in seen)
    assert "the game ends after it: no next event" in seen
    t.state.end_turn = None
    assert "Future event (next turn)" in "\n".join(events_lines(GAME.view(t.state, None)))
