"""Steam's standard game: capital, the turn-order auction and its payments, Production, locomotive
upkeep. steam.txt names the standard game; its rules here are the published game's in our
figures (docs/rules-assumptions.md, engine/games/steam/standard.py)."""
import pytest

from railhead.engine import IllegalAction
from railhead.engine.games.steam.game import GAME

from .helpers import Table


def standard(players=4, seed=3):
    t = Table(players, seed=seed, standard=True)
    assert t.state.phase == "capital"
    return t


def test_capital_is_raised_by_everyone_at_once_five_dollars_a_step(tiny):
    t = standard()
    assert sorted(p["seat"] for p in GAME._prompts(t.state)) == [0, 1, 2, 3]
    t.act(2, type="capital", steps=3)
    assert (t.player(2).cash, t.player(2).income) == (15, -3)
    with pytest.raises(IllegalAction, match="not your turn: P0, P1 or P3 are to act"):
        t.act(2, type="capital", steps=1)
    with pytest.raises(IllegalAction, match="0 to 10 steps"):
        t.act(0, type="capital", steps=11)
    for seat in (0, 1, 3):
        t.act(seat, type="capital", steps=2)
    assert t.state.phase == "order"


def test_the_turn_order_auction_and_its_payments(tiny):
    """First to drop out: last, free; the last to drop out and the winner pay in full; the others half."""
    t = standard()
    for seat in range(4):
        t.act(seat, type="capital", steps=2)
    bidders = list(t.state.bidding.order)
    a, b, c, d = bidders
    t.act(a, type="bid", amount=1)
    t.act(b, type="bid", amount=2)
    t.act(c, type="pass")                  # first out: nothing
    t.act(d, type="bid", amount=3)
    t.act(a, type="bid", amount=5)
    t.act(b, type="pass")                  # second out: half of 2
    t.act(d, type="pass")                  # last out: 3 in full
    assert t.state.order == [a, d, b, c] and t.state.phase == "select"
    cash = {s: t.player(s).cash for s in range(4)}
    assert (cash[a], cash[d], cash[b], cash[c]) == (10 - 5, 10 - 3, 10 - 1, 10)


def test_turn_order_lets_its_holder_let_one_bid_go_by(tiny):
    t = standard(3)
    t.state.skip = [t.state.order[0]]
    for seat in range(3):
        t.act(seat, type="capital", steps=0)
    first = t.actor
    t.act(first, type="pass")
    assert first not in t.state.bidding.passed and t.state.skip == []
    assert "uses Turn Order" in t.events[0]["text"]


def test_production_puts_two_drawn_cubes_on_empty_spaces(tiny):
    t = standard(3)
    for seat in range(3):
        t.act(seat, type="capital", steps=2)
    while t.state.phase == "order":
        t.act(type="pass")
    producer = t.state.order[0]
    t.state.supply["4"] = []
    t.state.supply["B"] = []
    t.select_all({producer: "production"})
    t.builder(producer)
    with pytest.raises(IllegalAction, match="Production"):
        t.done(producer)
    with pytest.raises(IllegalAction, match="empty goods supply spaces"):
        t.act(producer, type="produce", spaces=["4", "1"])
    bag = sum(t.state.bag.values())
    t.act(producer, type="produce", spaces=["4", "b"])
    assert len(t.state.supply["4"]) == 1 and len(t.state.supply["B"]) == 1
    assert sum(t.state.bag.values()) == bag - 2


def test_locomotive_upkeep_is_paid_with_income(tiny):
    t = standard(3)
    for seat in range(3):
        t.act(seat, type="capital", steps=0)
    while t.state.phase == "order":
        t.act(type="pass")
    t.select_all()
    for seat in range(3):
        t.set_player(seat, cash=10, income=3, loco=2)
    t.end_builds()
    while t.state.phase == "move":
        t.act(type="pass")
    assert [p.cash for p in t.state.players] == [11, 11, 11]      # +3 income, -2 upkeep
    assert t.state.phase == "capital" and t.state.turn == 2


class Dice:
    """A stand-in for the game's random stream that rolls the given faces (1-6), in order."""

    def __init__(self, *faces):
        self.faces = list(faces)

    def below(self, n):
        assert n == 6
        return self.faces.pop(0) - 1


def test_goods_growth_moves_one_cube_per_die_from_its_space_to_its_city(tiny):
    """The published standard game's Goods Growth (issue 31: Production's cubes sat on the supply
    panel to the end): a light die per player for spaces 1-6, a dark die per player for 7-12; each
    moves one cube of its space onto the city of that number. On the tiny board Alpha is space 1,
    Beta 2; spaces 7-12 have no city."""
    from railhead.engine.games.steam import standard as std
    from railhead.engine.games.steam.data import read_map

    from .conftest import TINY
    t = standard(3)
    mapdata = read_map(TINY)
    t.state.supply["1"] = ["blue", "yellow"]
    t.state.supply["2"] = []
    alpha, beta = (list(t.state.cities[h].cubes) for h in ("B2", "F2"))
    events = []
    std.goods_growth(t.state, mapdata, Dice(1, 1, 2, 1, 4, 6), events)
    assert t.state.cities["B2"].cubes == sorted(alpha + ["blue", "yellow"])
    assert t.state.cities["F2"].cubes == beta                  # space 2 was empty
    assert t.state.supply["1"] == []
    assert [m["space"] for m in events[0]["moves"]] == ["1", "1"]
    assert events[0]["rolled"] == ["1", "1", "2", "7", "10", "12"]
    assert "blue from space 1 to Alpha" in events[0]["text"] and "nothing from spaces 2, 7, 10, 12" in events[0]["text"]


def test_a_produced_cube_reaches_the_map(tiny, monkeypatch):
    """Production's cube on an emptied city space goes onto that city at the turn's Goods Growth
    (issue 31; the published standard game): space 1 (Alpha) emptied by City Growth, refilled by
    Production, rolled at the end of the turn. A space whose cubes cannot reach the map (no city
    has number 5 on the tiny board) is refused."""
    from railhead.engine.games.steam import flow
    from railhead.engine.games.steam import standard as std
    t = standard(3)
    for seat in range(3):
        t.act(seat, type="capital", steps=2)
    while t.state.phase == "order":
        t.act(type="pass")
    producer = t.state.order[0]
    t.state.supply["1"] = []
    t.state.supply["5"] = []
    t.select_all({producer: "production"})
    t.builder(producer)
    with pytest.raises(IllegalAction, match=r"empty: 1\)"):
        t.act(producer, type="produce", spaces=["1", "5"])
    t.act(producer, type="produce", spaces=["1"])                   # the only space that can take it
    produced = t.state.supply["1"][0]
    before = t.state.cities["B2"].cubes.count(produced)
    monkeypatch.setattr(flow, "goods_growth", lambda state, mapdata, rng, events:
                        std.goods_growth(state, mapdata, Dice(1, 3, 3, 1, 1, 1), events))
    t.end_builds()
    while t.state.phase == "move":
        t.act(type="pass")
    assert t.state.turn == 2
    assert t.state.cities["B2"].cubes.count(produced) == before + 1
    assert t.state.supply["1"] == []
    assert any(e["type"] == "goods_growth" for e in t.events)


def test_an_income_payment_says_why(tiny):
    """Issue 31 (a newcomer): "P0 pays $3." at income gave no reason when the locomotive's upkeep
    was above the income. Each income line now names the income track and the upkeep (steam.txt,
    "Step 4: Get Paid and Pay Your Bills"; upkeep is the standard game's)."""
    t = standard(3)
    for seat in range(3):
        t.act(seat, type="capital", steps=0)
    while t.state.phase == "order":
        t.act(type="pass")
    t.select_all()
    t.set_player(0, cash=10, income=1, loco=4)
    t.set_player(1, cash=10, income=5, loco=2)
    t.end_builds()
    while t.state.phase == "move":
        t.act(type="pass")
    said = {e["seat"]: e["text"] for e in t.events if e["type"] == "income"}
    assert said[0] == "P0 pays $3 (income 1 on the income track, less $4 locomotive upkeep (level 4))."
    assert said[1] == "P1 earns $3 (income 5 on the income track, less $2 locomotive upkeep (level 2))."


def test_no_capital_for_good_is_not_asked_again(tiny):
    """Issue 31: capital took three commands a turn when nobody raised. "No capital, don't ask
    again" answers for the later turns too (money is still raised at any payment that needs it, at
    the same $5 a step); the others are still asked; when all chose it, the turn goes straight to
    the turn-order auction."""
    t = standard(3)
    t.act(0, type="capital", steps=0, always=True)
    with pytest.raises(IllegalAction, match="Only no capital"):
        t.act(1, type="capital", steps=1, always=True)
    t.act(1, type="capital", steps=0, always=True)
    t.act(2, type="capital", steps=0)
    while t.state.phase == "order":
        t.act(type="pass")
    t.select_all()
    t.end_builds()
    while t.state.phase == "move":
        t.act(type="pass")
    assert t.state.turn == 2 and [p["seat"] for p in GAME._prompts(t.state)] == [2]
    t.act(2, type="capital", steps=0, always=True)
    assert t.state.phase == "order"
    t.state.turn = 2
    from railhead.engine.games.steam import standard as std
    events = []
    std.start_turn(t.state, events)
    assert t.state.phase == "order" and "nobody raises capital" in events[0]["text"]


def test_a_choice_that_changes_no_board_posts_no_board():
    """Issue 31: a remembered income/VP choice alone (``takes``) changes nothing drawn, so the
    table posts a text line, not a new board (``GameUI.board_changed`` with ``quiet_keys``)."""
    from railhead.bot.games.steam.ui import UI
    view = GAME.view(GAME.setup({"standard": True}, ["A", "B", "C"], 1), None)
    assert not UI.board_changed(view, {**view, "takes": {"0": "vp"}})
    assert UI.board_changed(view, {**view, "turn": 2})
