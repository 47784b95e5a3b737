"""Bidding styles of the first-player auction (options at ``/game new``): the online edition's
Traditional, First to pass and Worst is First (railways-of-the-world-online-help.txt, "Bidding
Style") and the rulebook's First Player Auction Variants 1 and 2 (railways-of-the-world.txt,
"Variants"). Money is in thousands of dollars."""

import pytest

from railhead.ai.policy import play
from railhead.engine import IllegalAction, canonical, replay

from ..helpers_discord import table_of
from .helpers import GAME, Table


def test_unknown_bidding_style_is_refused_with_the_choices():
    with pytest.raises(IllegalAction, match="bidding"):
        GAME.setup({"bidding": "dutch"}, ["A", "B"], 1)


def test_first_to_pass_passers_pay_half_their_bid_and_go_last_in_passing_order():
    """Online help, "First to pass": the winner pays in full and goes first; each passer pays half
    their bid rounded up; the first to pass is last, the second to pass second to last."""
    t = Table(players=4, bidding="first_to_pass")
    t.act(0, type="bid", amount=1)
    t.act(1, type="bid", amount=3)
    t.act(2, type="pass")                           # never bid: pays nothing, goes last
    events = t.act(3, type="bid", amount=4)
    events = t.act(0, type="pass")                  # bid 1: pays 1 (half rounded up), issuing a bond
    assert "pays $1,000" in events[0]["text"] and ", half their bid, and passes." in events[0]["text"]
    events = t.act(1, type="pass")                  # bid 3: pays 2
    assert events[0]["paid"] == 2
    assert t.state.order == [3, 1, 0, 2]
    assert t.state.players[3].bonds == 1 and t.state.players[2].bonds == 0
    assert [p.cash for p in t.state.players] == [4, 3, 0, 1]   # bonds give $5,000 each
    assert any(e["text"] == "Turn order: P3, P1, P0, P2." for e in events)


def test_first_to_pass_when_everyone_passes_the_last_to_pass_goes_first():
    t = Table(players=3, bidding="first_to_pass")
    for seat in (0, 1, 2):
        t.act(seat, type="pass")
    assert t.state.order == [2, 1, 0]
    assert all(p.cash == 0 and p.bonds == 0 for p in t.state.players)


def test_variant_2_plays_like_first_to_pass():
    """railways-of-the-world.txt, "First Player Auction Variant 2": passers pay half their bid
    rounded up and are ordered in reverse of dropping out; the winner pays in full, goes first."""
    t = Table(players=3, bidding="variant2")
    t.act(0, type="bid", amount=5)
    t.act(1, type="pass")
    t.act(2, type="bid", amount=6)
    events = t.act(0, type="pass")
    assert events[0]["paid"] == 3
    assert t.state.order == [2, 0, 1]


def test_variant_1_first_turn_has_no_auction_and_later_players_are_paid():
    """railways-of-the-world.txt, "First Player Auction Variant 1": clockwise from the first seat;
    the second player receives $1,000, the third $2,000; turn 2 has the usual auction, opened by
    the player who went first."""
    t = Table(players=4, bidding="variant1")
    assert t.state.phase == "actions" and t.state.order == [0, 1, 2, 3]
    assert [p.cash for p in t.state.players] == [0, 1, 2, 3]
    for _ in range(3 * 4):
        t.act(type="pass")
    assert t.state.phase == "auction" and t.actor == 0


def test_worst_is_first_opens_with_an_auction_then_orders_by_score():
    """Online help, "Worst is First": an opening bid, then each turn the lowest score goes first;
    on a tie the player later in the last order goes first."""
    t = Table(players=3, bidding="worst_is_first")
    t.act(0, type="pass")
    t.act(1, type="bid", amount=1)
    t.act(2, type="pass")
    assert t.state.order == [1, 2, 0]
    t.state.players[1].points = 5
    t.state.players[0].points = 2
    t.state.players[2].points = 2            # ties P0, who was later (3rd) in the order
    for _ in range(3 * 3):
        events = t.act(type="pass")
    assert t.state.phase == "actions" and t.state.order == [0, 2, 1]
    assert t.state.auction is None and "worst score first" in events[-1]["text"]


@pytest.mark.parametrize("style", ["first_to_pass", "worst_is_first", "variant1", "variant2"])
def test_every_bidding_style_plays_to_the_end_and_replays(style):
    names, state, log = play(_Styled(style), 3, 77)
    assert GAME.outcome(state) is not None
    assert canonical(replay(GAME, {"bidding": style}, names, 77, log)) == canonical(state)


class _Styled:
    """The game with one option set, for the shared random player (``railhead.ai.policy.play``)."""

    def __init__(self, style):
        self.style = style

    def __getattr__(self, name):
        return getattr(GAME, name)

    def setup(self, options, names, seed):
        return GAME.setup({**(options or {}), "bidding": self.style}, names, seed)


async def test_first_to_pass_through_the_bot(simcord_env):
    """``/game new bidding:first_to_pass``: the bid prompt says what passing costs."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("bids")
    ann, bob = (guild.add_member(env.create_user(n)) for n in ("Ann", "Bob"))
    await ann.slash(channel, "game new", game="rotw", bidding="first_to_pass", barons=False)
    await bob.slash(channel, "game join")
    await ann.slash(channel, "game start")
    await ann.click(table_of(channel), label="Bid $2,000")
    assert "Passing costs nothing yet (you have not bid)" in channel.last_message.content
    await bob.slash(channel, "rotw bid", amount=3)
    assert "Passing costs half your bid ($1,000)" in channel.last_message.content
    asked = await ann.slash(channel, "rotw pass")           # with no cash, the $1,000 is a bond: asked first
    question = (asked.followups[-1] if asked.followups else asked.response).message
    assert "**Pass**: passing costs half your bid. Cost $1,000; you have $0: **1 bond" in question.content
    await ann.click(question, label="Confirm")
    text = channel.last_message.content
    assert "Ann pays $1,000" in text and ", half their bid, and passes" in text and "Turn order: Bob, Ann." in text
