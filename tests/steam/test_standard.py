"""Steam's standard game: capital, the turn-order auction and its payments, Production, locomotive
upkeep. steam.txt names the standard game; its rules here are the published game's in our
figures (docs/rules-assumptions.md, engine/games/steam/standard.py)."""
import pytest

from railhead.engine import IllegalAction
from railhead.engine.games.steam.game import GAME

from .helpers import Table


def standard(players=4, seed=3):
    t = Table(players, seed=seed, standard=True)
    assert t.state["phase"] == "capital"
    return t


def test_capital_is_raised_by_everyone_at_once_five_dollars_a_step(tiny):
    t = standard()
    assert sorted(p["seat"] for p in GAME._prompts(t.state)) == [0, 1, 2, 3]
    t.act(2, type="capital", steps=3)
    assert (t.player(2)["cash"], t.player(2)["income"]) == (15, -3)
    with pytest.raises(IllegalAction, match="not your turn: P0, P1 or P3 are to act"):
        t.act(2, type="capital", steps=1)
    with pytest.raises(IllegalAction, match="0 to 10 steps"):
        t.act(0, type="capital", steps=11)
    for seat in (0, 1, 3):
        t.act(seat, type="capital", steps=2)
    assert t.state["phase"] == "order"


def test_the_turn_order_auction_and_its_payments(tiny):
    """First to drop out: last, free; the last to drop out and the winner pay in full; the others half."""
    t = standard()
    for seat in range(4):
        t.act(seat, type="capital", steps=2)
    bidders = list(t.state["bidding"]["order"])
    a, b, c, d = bidders
    t.act(a, type="bid", amount=1)
    t.act(b, type="bid", amount=2)
    t.act(c, type="pass")                  # first out: nothing
    t.act(d, type="bid", amount=3)
    t.act(a, type="bid", amount=5)
    t.act(b, type="pass")                  # second out: half of 2
    t.act(d, type="pass")                  # last out: 3 in full
    assert t.state["order"] == [a, d, b, c] and t.state["phase"] == "select"
    cash = {s: t.player(s)["cash"] for s in range(4)}
    assert (cash[a], cash[d], cash[b], cash[c]) == (10 - 5, 10 - 3, 10 - 1, 10)


def test_turn_order_lets_its_holder_let_one_bid_go_by(tiny):
    t = standard(3)
    t.state["skip"] = [t.state["order"][0]]
    for seat in range(3):
        t.act(seat, type="capital", steps=0)
    first = t.actor
    t.act(first, type="pass")
    assert first not in t.state["bidding"]["passed"] and t.state["skip"] == []
    assert "uses Turn Order" in t.events[0]["text"]


def test_production_puts_two_drawn_cubes_on_empty_spaces(tiny):
    t = standard(3)
    for seat in range(3):
        t.act(seat, type="capital", steps=2)
    while t.state["phase"] == "order":
        t.act(type="pass")
    producer = t.state["order"][0]
    t.state["supply"]["4"] = []
    t.state["supply"]["B"] = []
    t.select_all({producer: "production"})
    t.builder(producer)
    with pytest.raises(IllegalAction, match="Production"):
        t.done(producer)
    with pytest.raises(IllegalAction, match="empty goods supply spaces"):
        t.act(producer, type="produce", spaces=["4", "1"])
    bag = sum(t.state["bag"].values())
    t.act(producer, type="produce", spaces=["4", "b"])
    assert len(t.state["supply"]["4"]) == 1 and len(t.state["supply"]["B"]) == 1
    assert sum(t.state["bag"].values()) == bag - 2


def test_locomotive_upkeep_is_paid_with_income(tiny):
    t = standard(3)
    for seat in range(3):
        t.act(seat, type="capital", steps=0)
    while t.state["phase"] == "order":
        t.act(type="pass")
    t.select_all()
    for p in t.state["players"]:
        p.update(cash=10, income=3, loco=2)
    t.end_builds()
    while t.state["phase"] == "move":
        t.act(type="pass")
    assert [p["cash"] for p in t.state["players"]] == [11, 11, 11]      # +3 income, -2 upkeep
    assert t.state["phase"] == "capital" and t.state["turn"] == 2
