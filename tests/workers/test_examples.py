"""The rulebook's worked examples with their own numbers (railway-workers.txt).

Maria, Tim and Leo sit clockwise in seats 0, 1, 2; Maria starts with the Baton (and 20 coins, the
others 22). The rulebook's board is not printed, so our country (data/tables/workers/country.toml)
stands in for it: its site numbers are used where the example names one, with their squares as we
designed them (site 4's plans table and site 2's tracks table are the example's 3 and 2 free squares
with the blocking cube of a 3-player game). The market's black prices (4 for structures, 3 for
plans) are the example's; its white structures price (3) is too.
"""
from __future__ import annotations

import pytest

from railhead.engine import IllegalAction
from tests.record_fields import set_fields

from .helpers import LEO, MARIA, TIM, Loaded, Table, hand, route, train


def test_fourth_die_lowest_sum_first_and_the_baton_breaks_ties(monkeypatch):
    """"Action Phase 1", step b: Maria (Baton) rolls 3,5,6 = 14, Tim 2,5,6 = 13, Leo 1,6,6 = 13.
    Tim and Leo tie for the lowest; Tim sits nearer the Baton, so he counts as lowest and turns his
    fourth die to 6, Leo to 5 and Maria to 4."""
    t = Table()
    Loaded(monkeypatch, [3, 5, 6, 2, 5, 6, 1, 6, 6])
    for seat in (MARIA, TIM, LEO):
        t.act(seat, type="place", cards=hand("structures"), ready=True)
    assert [sum(t.player(s).dice[:3]) for s in (MARIA, TIM, LEO)] == [14, 13, 13]
    assert [t.player(s).dice[3] for s in (MARIA, TIM, LEO)] == [4, 6, 5]
    assert "Fourth dice (lowest sum first): Tim 6, Leo 5, Maria 4." in t.text()
    assert t.state.step == "assign"             # no reroll tokens yet: straight to the screens


def test_turn_order_by_sum_with_the_baton_breaking_ties():
    """"Action Phase 1", step c: Sums 6 (Maria, Baton), 7 (Tim), 7 (Leo) on the cards under +1
    give the order Tim, Leo, Maria: highest first, Tim before Leo as nearer the Baton."""
    t = Table()
    t.to_play(cards={}, dice={MARIA: [5, 1, 1, 1], TIM: [6, 1, 1, 1], LEO: [6, 1, 1, 1]})
    assert t.state.order == [TIM, LEO, MARIA]
    assert [t.turn.seat, t.turn.sum] == [TIM, 7]
    reveal = next(e for e in t.events if e["type"] == "reveal")
    assert reveal["sums"] == [6, 7, 7] and reveal["order"] == [TIM, LEO, MARIA]


def test_first_structures_buyer_pays_12_for_3_and_a_later_one_6_for_2():
    """"Market": Leo, first to buy structures this round, buys 3 with his two actions for 12 coins
    (4 each, black side); the indicator turns white after his turn; Tim later buys 2 for 6 (3 each)."""
    t = Table()
    t.no_commands()
    site = int(next(iter(t.state.sites)))
    t.to_play(cards={LEO: hand("structures"), TIM: hand("structures")},
              dice={LEO: [6, 1, 1, 1], TIM: [4, 1, 1, 1]})
    assert t.turn.seat == LEO and t.turn.sum == 7
    t.act(LEO, type="buy", part="top", count=2)
    assert t.state.market.structures == "black"      # white only after his turn
    t.act(LEO, type="buy", part="bottom", site=site)
    assert t.player(LEO).coins == 22 - 12
    assert t.player(LEO).facilities.structures == 2
    assert t.site(site).warehouses.structures.goods == {str(LEO): 1}
    assert t.turn.seat == TIM and t.state.market.structures == "white"
    t.act(TIM, type="buy", part="top", count=2)
    assert t.player(TIM).coins == 22 - 6
    assert t.events[0]["paid"] == 6


def test_sum_7_buys_one_structure_home_and_one_into_a_warehouse_for_8():
    """"Buy Structures / Tracks": Leo has 1 structure at home and a Sum of 7 on Buy Structures;
    black price: 4 into his Facilities (now full) and 4 for one straight into a site's structures
    warehouse, 8 coins; the indicator turns white."""
    t = Table()
    t.no_commands()
    site = int(next(iter(t.state.sites)))
    t.player(LEO).facilities.structures = 1
    t.to_play(cards={LEO: hand("structures")}, dice={LEO: [6, 1, 1, 1]})
    with pytest.raises(IllegalAction, match="room for 1 structure more"):
        t.act(LEO, type="buy", part="top", count=2)
    t.act(LEO, type="buy", part="top", count=1)
    t.act(LEO, type="buy", part="bottom", site=site)
    assert t.player(LEO).coins == 22 - 8
    assert t.player(LEO).facilities.structures == 2
    assert t.site(site).warehouses.structures.goods == {str(LEO): 1}
    assert t.state.market.structures == "white"


def test_a_worker_works_twice_and_completes_the_structures_table_of_site_3():
    """"New Worker": Maria, Sum 9, first uses the 7+ action to bring a resting worker home from the
    Houses for 1 coin, then the 4+ action to send it to site 3's structures warehouse, where her
    structure waits: the pair pays 8 and fills the table's last free square before Leo can store
    his structure there."""
    t = Table()
    t.no_commands()
    t.sites_on_map(3, 5)
    maria = t.player(MARIA)
    set_fields(maria, union=3, houses=1)
    maria.facilities.workers = 0
    t.site(5).warehouses.tracks.workers = {str(MARIA): 1}
    t.site(3).tables.structures.placed = [MARIA, LEO]        # 3 free squares: 1 left
    t.site(3).warehouses.structures.goods = {str(MARIA): 1}
    t.player(LEO).facilities.structures = 1
    t.to_play(cards={MARIA: hand("plans", "tracks", "worker"), LEO: hand("plans", "tracks", "store")},
              dice={MARIA: [1, 1, 6, 1], LEO: [1, 1, 1, 1]})
    t.pass_until(MARIA, 3)
    assert t.turn.sum == 9
    coins = t.player(MARIA).coins
    t.act(MARIA, type="worker", part="bottom", do="recall")
    assert t.player(MARIA).coins == coins - 1 and t.player(MARIA).facilities.workers == 1
    t.act(MARIA, type="worker", part="top", do="send", site=3, kind="structures")
    assert t.player(MARIA).coins == coins - 1 + 8
    assert t.player(MARIA).houses == 1                         # resting again: it worked twice
    table = t.site(3).tables.structures
    assert table.reward is False and table.placed == []
    assert (t.question["seat"], t.question["kind"]) == (MARIA, "reward")    # 2 cubes to Leo's 1
    t.act(MARIA, type="choose", option="tile")
    assert t.player(MARIA).tiles.S == 1 and t.site(3).shares == {str(LEO): 1}
    t.pass_until(LEO, 3)
    with pytest.raises(IllegalAction, match="structures table of site 3 is completed"):
        t.act(LEO, type="store", part="top", kind="structures", site=3)


def test_a_share_costs_one_coin_per_share_on_the_site():
    """"Share": placing the third share on a site costs 3 coins."""
    t = Table()
    site = int(next(iter(t.state.sites)))
    t.site(site).shares = {str(MARIA): 1, str(LEO): 1}
    t.to_play(cards={TIM: hand("share")}, dice={TIM: [6, 1, 1, 1]})
    t.act(TIM, type="share", site=site)
    assert t.player(TIM).coins == 22 - 3
    assert t.site(site).shares == {str(MARIA): 1, str(LEO): 1, str(TIM): 1}


def _route_six(t: Table) -> None:
    """Route 6 (Setúbal–Faro in our country, the rulebook's Thiva–Athina) with train 1 in Setúbal
    facing it: Tim 3 shares, Maria 2, Leo 2; Tim and Maria on step 7, Leo on step 6."""
    t.sites_on_map(2)
    route(t, 6, {TIM: 3, MARIA: 2, LEO: 2})
    for seat, marker in ((MARIA, 2), (TIM, 2), (LEO, 1)):
        t.player(seat).marker = marker
    train(t, "Setúbal", came=None, facing=6)


def test_share_card_sends_a_train_and_pays_21_14_12():
    """"Share" 7+ example: Tim activates the train through route 6; Tim 3 shares x 7 = 21, Maria
    2 x 7 = 14, Leo 2 x 6 = 12. The train turns white in the next city."""
    t = Table()
    _route_six(t)
    t.to_play(cards={TIM: hand("share")}, dice={TIM: [6, 1, 1, 1]})
    before = t.coins()
    t.act(TIM, type="train", train=1)
    assert [c - b for c, b in zip(t.coins(), before)] == [14, 21, 12]
    assert "Tim 3×7=21" in t.text() and "Maria 2×7=14" in t.text() and "Leo 2×6=12" in t.text()
    train = t.state.trains[0]
    assert (train.city, train.black) == ("Faro", False)


def test_payments_phase_pays_3_shares_by_step_6_as_18():
    """"Payments Phase" a: a train still black at the end of the round runs by itself; 3 shares
    with the investment marker on step 6 earn 18 coins."""
    t = Table()
    _route_six(t)
    t.site(6).shares = {str(TIM): 3}
    t.player(TIM).marker = 1
    t.state.phase = 2
    t.to_play(cards={}, dice={})
    before = t.coins()
    for _ in range(12):
        t.act(t.turn.seat, type="pass")
    assert t.state.round == 2
    assert [c - b for c, b in zip(t.coins(), before)] == [4, 4 + 18, 4]
    assert "Tim 3×6=18" in t.text()


def test_store_up_3_plans_for_15_then_2_tracks_meeting_2_workers_for_16():
    """"Store Up": Leo (Sum 6) moves 3 plans to site 4, filling its 3 free squares: 15 coins. Tim
    (Sum 8) then stores 1 structure on site 4 with the 4+ action and 2 tracks on site 2 with the 7+
    action, where 2 of his workers wait: 16 coins, the workers go to rest, the table is complete."""
    t = Table()
    t.no_commands()
    t.sites_on_map(2, 4)
    t.player(LEO).facilities.plans = 3
    tim = t.player(TIM)
    set_fields(tim.facilities, structures=1, tracks=2, workers=0)
    t.site(2).warehouses.tracks.workers = {str(TIM): 2}
    t.to_play(cards={LEO: hand("store"), TIM: hand("plans", "store")},
              dice={LEO: [5, 1, 1, 1], TIM: [1, 6, 1, 1]})
    assert t.turn.seat == LEO and t.turn.sum == 6
    t.act(LEO, type="store", part="top", kind="plans", site=4, count=3)
    assert t.player(LEO).coins == 22 + 15
    assert t.site(4).tables.plans.reward is False         # 3 of 4 squares, 1 blocked
    t.act(LEO, type="choose", option="tile")
    assert t.player(LEO).tiles.P == 1
    t.pass_until(TIM, 2)
    assert t.turn.sum == 8
    coins = t.player(TIM).coins
    t.act(TIM, type="store", part="top", kind="structures", site=4, count=1)
    assert t.site(4).warehouses.structures.goods == {str(TIM): 1}
    t.act(TIM, type="store", part="bottom", kind="tracks", site=2, count=2)
    assert t.player(TIM).coins == coins + 16
    assert t.player(TIM).houses == 2 and t.player(TIM).facilities.tracks == 0
    assert t.site(2).tables.tracks.reward is False
    assert t.question["seat"] == TIM and t.question["kind"] == "reward"


def test_buy_plans_up_to_4_with_3_construction_sites():
    """"Buy Plans": Tim, Sum 8, 3 construction sites on the map: up to 3 plans with the 4+ action
    and 1 more with the 7+ action, at the indicator's price (3 on the black side): 12 coins."""
    t = Table()
    t.no_commands()
    t.sites_on_map(1, 2, 3)
    t.player(TIM).plus_tokens = 1
    t.to_play(cards={TIM: hand("plans")}, dice={TIM: [6, 1, 1, 1]}, plus={TIM: [1, 0, 0, 0]})
    assert t.turn.seat == TIM and t.turn.sum == 8
    with pytest.raises(IllegalAction, match="up to 3 plan"):
        t.act(TIM, type="buy", part="top", count=4)
    t.act(TIM, type="buy", part="top", count=3)
    t.act(TIM, type="buy", part="bottom")
    assert t.player(TIM).facilities.plans == 4
    assert t.player(TIM).coins == 22 - 12
    assert t.state.market.plans == "white"
