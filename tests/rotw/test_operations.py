"""The operations deck's kept cards, network goals and Major Lines. Sources: railways-of-the-world.txt,
"Set Up Railroad Operations Cards", "E. SELECT RAILROAD OPERATIONS CARD" (the symbols), "Card & Map
Revisions and Clarifications" (Government Land Grant, Railroad Executives, Major Lines), "Hotels";
railways-of-the-world-online-help.txt, "Worst is First". The cards' texts and figures are ours
(data/cards/rotw/operations.toml, maps.toml)."""
from collections import Counter

import pytest

from railhead.engine import IllegalAction
from railhead.engine.games.rotw import cards as ops
from railhead.engine.games.rotw.state import Link

from .helpers import CTX, GAME, HEX, MAP
from .test_build import started

OPEN_FIVE = ["Amsterdam", "G2", "H2", "I3", "I4", "J4", "Münster"]   # 5 tiles, all open, no ridge


def holding(t, seat: int, *cards: str) -> None:
    t.player(seat).cards += list(cards)


def fake_link(t, seat: int, a: str, b: str) -> None:
    """A complete link between two cities, for network tests (its tiles do not matter there)."""
    lid = str(t.state.next_link)
    t.state.next_link += 1
    t.state.links[lid] = Link(owner=seat, from_=HEX[a], to=HEX[b], hexes=[], exit=None)


def test_the_deck_has_every_kind_and_no_executive_starts_face_up():
    """"Set Up Railroad Operations Cards" and "Railroad Executives": the start cards and 2 per player
    face up; an Executive drawn for the row is replaced and shuffled back into the deck."""
    kinds = Counter(ops.spec(CTX, c).kind for c in ops._instances(CTX, ops.spec(CTX, "hotel:x")))
    assert kinds == {"permanent": 4}
    for seed in range(40):
        state = GAME.setup({}, ["a", "b", "c"], seed)
        cards = state.cards
        assert len(cards.face_up) == 3 + 6
        assert not [c for c in cards.face_up if c.startswith("railroad-executive")]
        every = cards.face_up + cards.deck
        assert sorted(c for c in every if c.startswith("railroad-executive")) == \
            ["railroad-executive:1", "railroad-executive:2"]
        assert len(every) == 33 and len(set(every)) == 33
        assert {ops.spec(CTX, c).kind for c in every} == {"goal", "immediate", "held", "per_turn", "permanent"}


def test_worst_is_first_plays_without_railroad_executives():
    """railways-of-the-world-online-help.txt, "Worst is First": the Executives are discarded."""
    state = GAME.setup({"bidding": "worst_is_first"}, ["a", "b", "c"], 3)
    every = state.cards.face_up + state.cards.deck
    assert len(every) == 31 and not [c for c in every if c.startswith("railroad-executive")]


def test_a_kept_card_is_taken_as_the_action_and_shown_to_everyone():
    """Taking any card is action E; a hand-of-cards card stays in front of its owner until used."""
    t = started()
    t.state.cards.face_up = ["land-grant:1"]
    t.pass_until(1)
    t.act(1, type="take_card", card="Government Land Grant")
    assert t.player(1).cards == ["land-grant:1"] and "land-grant:1" not in t.state.cards.face_up
    assert t.actor == 2                                  # it was the action
    for seat in (None, 0, 1):
        (card,) = GAME.view(t.state, seat)["players"][1]["cards"]
        assert (card["name"], card["symbol"], card["ready"]) == ("Government Land Grant", "hand of cards", False)


def test_land_grant_makes_open_tiles_free_and_is_spent():
    """"Government Land Grant": completely open tiles are free; the card is discarded once used."""
    t = started()
    holding(t, 1, "land-grant:1")
    t.pass_until(1)
    events = t.act(1, type="use_card", card="land-grant")
    assert t.actor == 1 and "readies Government Land Grant" in events[0]["text"]   # not an action
    t.build(1, "Frankfurt", "M7", "Fulda")
    assert t.player(1).cash == 60 and t.player(1).cards == []
    assert "land-grant:1" in t.state.cards.discard and "with Government Land Grant" in t.events[0]["text"]


def test_land_grant_does_not_cover_a_river_or_a_ridge():
    """"Open terrain means completely open, even following a river doesn't count": a water tile, a
    mountain and a ridge crossing cost the full price."""
    t = started()
    holding(t, 1, "land-grant:1", "land-grant:2")
    t.pass_until(1)
    t.act(1, type="use_card", card="land-grant")
    t.build(1, "Köln", "J7", "Koblenz")                         # J7 is water: $3,000
    assert MAP.terrain["J7"] == "water" and t.player(1).cash == 57
    t.pass_until(1)
    t.act(1, type="use_card", card="land-grant")
    t.build(1, "J18", "K17", "K16", "L16")                       # Bern-Zürich through the Alps
    assert t.player(1).cash == 57 - 12


def test_a_readied_card_goes_back_to_the_hand_when_the_action_is_not_a_build():
    t = started()
    holding(t, 1, "perfect-engineering:1")
    t.pass_until(1)
    t.act(1, type="use_card", card="Perfect Engineering")
    with pytest.raises(IllegalAction, match="already ready"):
        t.act(1, type="use_card", card="perfect-engineering")
    t.act(1, type="upgrade")
    assert t.player(1).cards == ["perfect-engineering:1"] and t.player(1).armed == []


def test_perfect_engineering_lays_a_fifth_tile_and_with_land_grant_five_free():
    """"You can combine this with Perfect Engineering to get up to five free tiles"."""
    t = started()
    with pytest.raises(IllegalAction, match="at most 4 tiles"):
        t.build(1, *OPEN_FIVE)
    holding(t, 1, "perfect-engineering:1", "land-grant:1")
    t.act(1, type="use_card", card="perfect-engineering")
    t.act(1, type="use_card", card="land-grant")
    t.build(1, *OPEN_FIVE)
    link = t.state.links["1"]
    assert (link.from_, link.to, len(link.hexes)) == (HEX["Amsterdam"], HEX["Münster"], 5)
    assert t.player(1).cash == 60 and t.player(1).cards == []


def test_the_cheapest_link_counts_the_fifth_tile_of_perfect_engineering():
    """"Perfect Engineering": a build of up to 5 tiles; ``rotw link`` (the engine's cheapest_link
    query) said "No single build of up to 4 tiles" with the card readied (found in play)."""
    t = started()
    a, b = HEX["Torino"], HEX["Lyon"]                  # 5 tiles apart (J22 I22 I21 H21 G21)
    with pytest.raises(IllegalAction, match="up to 4 tiles"):
        GAME.query(t.state, 1, "cheapest_link", {"from": a, "to": b})
    holding(t, 1, "perfect-engineering:1")
    t.act(1, type="use_card", card="perfect-engineering")
    found = GAME.query(t.state, 1, "cheapest_link", {"from": a, "to": b})
    assert len(found["path"]) - 2 == 5 and found["path"][0] == a and found["path"][-1] == b
    t.build(1, *found["path"])
    assert t.state.links["1"].to == b


def test_build_cards_are_used_on_ones_own_turn_in_a_round_only():
    t = started()
    holding(t, 2, "land-grant:1")
    with pytest.raises(IllegalAction, match="not your turn"):
        t.act(2, type="use_card", card="land-grant")
    with pytest.raises(IllegalAction, match="You hold no card called 'hotel'"):
        t.act(1, type="use_card", card="hotel")
    t.finish_turn()
    holding(t, t.actor, "land-grant:2")
    with pytest.raises(IllegalAction, match="used with a Build Track action"):
        t.act(type="use_card", card="land-grant")


def test_a_railroad_executive_wins_the_auction_for_nobody_pays():
    """Our Railroad Executive: used on one's turn to bid, its owner is first player; nobody pays."""
    t = started()
    t.finish_turn()                            # turn 2: seat 1 (last turn's first player) bids first
    holding(t, 2, "railroad-executive:1")
    t.act(1, type="bid", amount=5)
    cash = [p.cash for p in t.state.players]
    events = t.act(2, type="use_card", card="Railroad Executive")
    assert t.state.phase == "actions" and t.state.order == [2, 0, 1]
    assert [p.cash for p in t.state.players] == cash and t.player(2).cards == []
    assert "nobody pays" in events[0]["text"]
    with pytest.raises(IllegalAction, match="first-player auction"):
        holding(t, 2, "railroad-executive:2")
        t.act(2, type="use_card", card="railroad-executive")


def test_with_first_to_pass_an_executive_leaves_those_who_passed_last():
    t = started(4, bidding="first_to_pass")
    t.finish_turn()
    first = t.actor
    t.act(first, type="bid", amount=4)
    t.act(type="pass")                         # pays half its bid (nothing: it never bid) and goes last
    passed = t.state.auction.passed[0]
    user = t.actor
    holding(t, user, "railroad-executive:1")
    t.act(user, type="use_card", card="railroad-executive")
    order = t.state.order
    assert order[0] == user and order[-1] == passed and sorted(order) == [0, 1, 2, 3]


def test_bridge_company_prices_one_water_tile_as_open_once_per_turn():
    t = started()
    holding(t, 1, "bridge-company:1")
    t.build(1, "Köln", "J7", "Koblenz")
    assert t.player(1).cash == 58 and "with Bridge Company" in t.events[0]["text"]
    t.pass_until(1)
    t.build(1, "Frankfurt", "M8", "N9", "Würzburg")            # N9 is water: full price this time
    assert t.player(1).cash == 58 - 5
    t.finish_turn()
    assert t.player(1).used == []


def test_tunnel_company_waives_one_ridge():
    t = started()
    holding(t, 1, "tunnel-company:1")
    t.build(1, "J18", "K17", "K16", "L16")
    assert t.player(1).cash == 60 - 12 + 4


def test_a_hotel_pays_its_owner_for_every_delivery_to_its_city():
    """"Hotels": extra income when goods are delivered to the hotel's city, by anyone."""
    t = started()
    t.build(1, "Frankfurt", "M7", "Fulda")
    t.state.cards.face_up = [f"hotel:{HEX['Frankfurt']}"]
    t.act(2, type="take_card", card="Hotel: Frankfurt")
    assert t.player(2).cards == [f"hotel:{HEX['Frankfurt']}"]
    t.city("Fulda").cubes = ["red"]
    t.pass_until(1)
    points = t.player(2).points
    events = t.act(1, type="deliver", **{"from": "Fulda", "colour": "red", "links": ["1"]})
    assert t.player(2).points == points + 1
    assert any(e["type"] == "hotel" and "hotel in Frankfurt: +1" in e["text"] for e in events)


def test_a_major_line_scores_once_for_the_first_to_join_it_with_own_links():
    """"Major Lines": links owned by a single player join the two cities; the line then cannot be
    scored by anyone else."""
    t = started()
    line = next(i for i, (a, b, _) in enumerate(CTX.map_cards.major_lines) if {a, b} == {HEX["Frankfurt"],
                                                                                         HEX["München"]})
    fake_link(t, 1, "Würzburg", "München")
    fake_link(t, 2, "Würzburg", "München")
    points = t.player(1).points
    t.build(1, "Frankfurt", "M8", "N9", "Würzburg")
    assert t.state.major_lines[line] == 1 and t.player(1).points == points + 6
    assert any(e["type"] == "major_line" and "Frankfurt–München: +6" in e["text"] for e in t.events)
    t.build(2, "Frankfurt", "L9", "Mannheim")
    points2 = t.player(2).points
    fake_link(t, 2, "Mannheim", "Würzburg")
    t.pass_until(2)
    t.build(2, "Köln", "J7", "Koblenz")
    assert t.player(2).points == points2 and t.state.major_lines[line] == 1
    assert GAME.view(t.state, None)["major_lines"][line]["owner"] == 1


def test_network_goals_go_to_the_next_player_to_complete_a_link_past_the_mark():
    """Green circle: "the first player to accomplish the goal printed on the card (after the card
    becomes available)": Golden Spike (6 links) and Grand Tour (8 cities)."""
    t = started()
    t.state.cards.face_up += ["golden-spike:1", "grand-tour:1"]
    for a, b in [("Paris", "Troyes"), ("Troyes", "Dijon"), ("Dijon", "Lyon"), ("Lyon", "Genève"),
                 ("Genève", "Bern")]:
        fake_link(t, 1, a, b)
    points = t.player(1).points
    t.build(1, "Frankfurt", "M7", "Fulda")           # the 6th link and the 8th city
    assert t.player(1).points == points + 6
    assert {"golden-spike:1", "grand-tour:1"} <= set(t.state.cards.discard)


def test_long_haul_needs_five_links():
    t = started()
    t.state.cards.face_up = ["long-haul:1"]
    events: list = []
    ops.check_goals(t.state, CTX, 0, 4, HEX["Paris"], events)
    assert not events
    ops.check_goals(t.state, CTX, 0, 5, HEX["Paris"], events)
    assert t.player(0).points == 4 and "claims Long Haul: 4 points" in events[0]["text"]


def test_legal_actions_offer_taking_and_using_cards():
    t = started()
    t.state.cards.face_up += ["hotel:" + HEX["Paris"]]
    holding(t, 1, "land-grant:1")
    acts = GAME.legal_actions(t.state, 1)
    assert {"type": "take_card", "card": "hotel:" + HEX["Paris"]} in acts
    assert {"type": "use_card", "card": "land-grant:1"} in acts
