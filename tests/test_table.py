"""The table with simultaneous secret moves, undo, private deliveries and the lobby under races
(the issue "One house for many games"; DESIGN.md, "Hidden information", "Turns, undo, timing")."""
import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhead.bot.replies import Caller
from railhead.bot.store import open_store
from railhead.bot.table import NOT_SAVED, STALE, Table

from .helpers_table import board_of, seated, token


async def test_secret_bids_go_by_dm_and_one_seat_never_stales_another(store_url, sealed):
    store, table, (ann, bob), start = await seated(store_url, "sealed")
    # Both are prompted at once; the channel pings both, the choices go to each by DM.
    assert set(start.channel.mentions) == {ann.user_id, bob.user_id}
    assert set(start.direct) == {ann.user_id, bob.user_id}
    bob_button = token(start.direct[bob.user_id], "Bid 1")
    ann_reply = await table.click(ann, token(start.direct[ann.user_id], "Bid 3"))
    # Ann's amount reaches only Ann; the channel learns only that she has bid.
    assert "Ann has placed a bid" in ann_reply.channel.text and "3" not in ann_reply.channel.text
    assert ann_reply.caller.text == "You bid 3 coins."
    assert bob.user_id not in ann_reply.direct                  # Bob's prompt did not change: no new DM
    assert "Still waiting for Bob" in ann_reply.channel.text
    # Bob's button, made before Ann moved, still works: another seat's move never stales it.
    bob_reply = await table.click(bob, bob_button)
    assert "Bids: Ann 3, Bob 1" in bob_reply.channel.text
    # A button of Ann's first prompt is stale now (her prompt is a new round's).
    stale = await table.click(ann, token(start.direct[ann.user_id], "Bid 0"))
    assert stale.caller.text == STALE
    await store.close()


async def test_pressing_another_seats_button_is_refused(store_url, sealed):
    store, table, (ann, bob), start = await seated(store_url, "sealed")
    reply = await table.click(bob, token(start.direct[ann.user_id], "Bid 2"))
    assert reply.caller.text == "That choice is for Ann (a button or menu of theirs)."
    await store.close()


async def test_hand_shows_only_your_secret_and_your_choices(store_url, sealed):
    store, table, (ann, bob), start = await seated(store_url, "sealed")
    await table.act(ann, {"type": "bid", "coins": 2})
    mine = await table.hand(ann)
    theirs = await table.hand(bob)
    assert "your bid: 2" in mine.caller.text and not mine.caller.components
    assert "no bid yet" in theirs.caller.text and any(c.label == "Bid 0" for c in theirs.caller.components)
    await store.close()


async def test_closed_dm_marks_the_seat_once_and_hand_takes_over(store_url, sealed):
    store, table, (ann, bob), start = await seated(store_url, "sealed")
    notice = await table.dm_failed(start.game_id, bob.user_id)
    assert "Bob's DMs are closed; use **My hand**" in notice.channel.text
    assert await table.dm_failed(start.game_id, bob.user_id) is None       # only once
    reply = await table.act(ann, {"type": "bid", "coins": 1})
    assert "Bids" not in reply.channel.text
    reply = await table.act(bob, {"type": "bid", "coins": 2})
    assert bob.user_id not in reply.direct                                # no DM to a closed seat
    assert "My hand" in [c.label for c in reply.table.components]
    hand = await table.hand(bob)
    assert any(c.label.startswith("Bid") for c in hand.caller.components)
    await store.close()


async def test_undo_alone_then_by_consent(store_url, sealed):
    store, table, (ann, bob), start = await seated(store_url, "sealed")
    await table.act(ann, {"type": "bid", "coins": 3})
    reply = await table.undo(ann)                      # nothing revealed, nobody moved since: alone
    assert "Ann takes back their last move" in reply.channel.text
    assert "no bid yet" in (await table.hand(ann)).caller.text
    await table.act(ann, {"type": "bid", "coins": 3})
    await table.act(bob, {"type": "bid", "coins": 1})  # reveals the bids: consent needed now
    ask = await table.undo(bob)
    assert "Bob asks to take back" in ask.channel.text and ann.user_id in ask.channel.mentions
    refused = await table.act(bob, {"type": "bid", "coins": 0})
    assert "undo vote is open" in refused.caller.text
    agree = token(ask.table, "Agree to undo")
    assert "You asked for this undo" in (await table.click(bob, agree)).caller.text   # Bob asked: no vote
    done = await table.click(ann, agree)
    assert "Everyone agreed" in done.channel.text
    assert "your bid: 3" in (await table.hand(ann)).caller.text
    # The log keeps everything; a fresh table on the same file restores the same game.
    await store.close()
    store2 = await open_store(store_url)
    table2 = Table(store2, render=False)
    session = await table2.session(7)
    assert session.match.state["bids"] == [3, None] and len(session.match.log) == 6
    await store2.close()


async def test_an_abandoned_games_turn_buttons_never_act_in_the_next_game(store_url):
    store, table, (ann, bob), start = await seated(store_url)
    old_bid = token(start.table, "Bid $1,000")
    await table.abandon(ann, confirm=True)
    await table.new(ann, "rotw")
    await table.join(bob)
    await table.start(ann)
    reply = await table.click(ann, old_bid)
    assert reply.channel is None
    assert reply.caller.text in ("That button has expired.", "That button belongs to a game that has ended.")
    session = await table.session(7)
    assert session.match.log == []
    await store.close()


async def test_two_joins_at_once_seat_each_player_once(store_url):
    store = await open_store(store_url)
    table = Table(store, render=False)
    ann, bob, cat = (Caller(7, i, n) for i, n in ((1, "Ann"), (2, "Bob"), (3, "Cat")))
    await table.new(ann, "rotw")
    replies = await asyncio.gather(table.join(bob), table.join(bob), table.join(cat))
    texts = [r.channel.text if r.channel else r.caller.text for r in replies]
    assert sum("joins" in t for t in texts) == 2 and "You are already seated." in texts
    row = await store.active_game(7)
    assert [(s.seat, s.name) for s in await store.seats(row.id)] == [(0, "Ann"), (1, "Bob"), (2, "Cat")]
    await store.close()


async def test_two_new_games_at_once_open_one_lobby(store_url):
    store = await open_store(store_url)
    table = Table(store, render=False)
    replies = await asyncio.gather(table.new(Caller(7, 1, "Ann"), "rotw"), table.new(Caller(7, 2, "Bob"), "rotw"))
    assert sum(r.channel is not None for r in replies) == 1
    assert any(r.caller and "already has a game" in r.caller.text for r in replies)
    await store.close()


async def test_a_double_start_starts_once(store_url):
    store = await open_store(store_url)
    table = Table(store, render=False)
    ann, bob = Caller(7, 1, "Ann"), Caller(7, 2, "Bob")
    await table.new(ann, "rotw")
    await table.join(bob)
    replies = await asyncio.gather(table.start(ann), table.start(ann))
    assert sum(r.channel is not None and "begins" in r.channel.text for r in replies) == 1
    session = await table.session(7)
    assert session.match.seats == ["Ann", "Bob"]
    await store.close()


async def test_a_final_move_racing_abandon_keeps_the_finished_game(store_url, sealed):
    store, table, (ann, bob), start = await seated(store_url, "sealed")
    for _ in range(2):
        await table.act(ann, {"type": "bid", "coins": 0})
        await table.act(bob, {"type": "bid", "coins": 0})
    await table.act(ann, {"type": "bid", "coins": 0})
    final, abandon = await asyncio.gather(table.act(bob, {"type": "bid", "coins": 0}), table.abandon(ann, confirm=True))
    row = await store.last_game(7)
    assert "wins" in final.channel.text
    assert row.status == "finished" and "already ended" in abandon.caller.text
    await store.close()


async def test_abandon_after_the_last_move_says_the_game_has_ended(store_url, sealed):
    """The order the race above may take on a busy store (PostgreSQL): the final move commits first,
    then the abandon finds no running game; it says the game ended, not that there never was one."""
    store, table, (ann, bob), start = await seated(store_url, "sealed")
    for _ in range(2):
        await table.act(ann, {"type": "bid", "coins": 0})
        await table.act(bob, {"type": "bid", "coins": 0})
    await table.act(ann, {"type": "bid", "coins": 0})
    assert "wins" in (await table.act(bob, {"type": "bid", "coins": 0})).channel.text
    abandon = await table.abandon(ann, confirm=True)
    assert "already ended" in abandon.caller.text and (await store.last_game(7)).status == "finished"
    await store.close()


async def test_cancel_voids_its_confirm(store_url):
    store, table, (ann, bob), start = await seated(store_url, seed=3)
    await table.act(ann, {"type": "bid", "amount": 1})
    await table.act(bob, {"type": "pass"})
    preview = await table.command(ann, "link", {"from": "Lille", "to": "Brussel"})
    assert "Build preview" in preview.caller.text, preview.caller.text
    confirm, cancel = token(preview.caller, "Confirm"), token(preview.caller, "Cancel")
    assert "Cancelled" in (await table.click(ann, cancel)).caller.text
    assert "expired" in (await table.click(ann, confirm)).caller.text
    assert (await table.session(7)).match.state.links == {}
    await store.close()


async def test_a_failed_commit_says_nothing_changed_and_changes_nothing(store_url, monkeypatch):
    import sqlite3

    store, table, (ann, bob), start = await seated(store_url)
    original = store.transaction

    def full_disk():
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "transaction", full_disk)
    reply = await table.act(ann, {"type": "bid", "amount": 2})
    assert reply.caller.text == NOT_SAVED and reply.channel is None
    monkeypatch.setattr(store, "transaction", original)
    assert (await table.session(7)).match.log == []
    assert "Ann bids $2,000" in (await table.act(ann, {"type": "bid", "amount": 2})).channel.text
    await store.close()


async def test_a_failure_after_the_commit_says_the_move_was_made(store_url, monkeypatch):
    store, table, (ann, bob), start = await seated(store_url)
    table.render = True

    def broken(view, **kwargs):
        raise OSError("font missing")

    monkeypatch.setattr(table.ui("rotw"), "render", broken)
    await table.act(ann, {"type": "bid", "amount": 2})         # a bid posts no board: nothing to draw
    reply = await table.act(bob, {"type": "pass"})               # the auction ends: the board is drawn
    assert "becomes first player" in reply.channel.text and "The move was made" in reply.channel.text
    assert len((await table.session(7)).match.log) == 2
    await store.close()


@pytest.mark.parametrize("args", [
    {"path": None}, {"path": 3}, {"path": ["K6"]}, {"amount": "lots"}, {"amount": []}, {"from": {"x": 1}},
    {"nonsense": 1}, "not a dict", {"colour": "plaid"}, {"path": "x" * 6000},
])
async def test_bad_command_arguments_get_a_sentence(store_url, args):
    store, table, (ann, bob), start = await seated(store_url)
    for name in ("bid", "build", "link", "deliver", "urbanize", "card"):
        reply = await table.command(ann, name, args)
        text = reply.caller.text if reply.caller else reply.channel.text
        assert text.endswith((".", ")", ":")) and len(text) < 600, (name, args, text)
    await store.close()


async def test_bad_actions_get_a_sentence_and_change_nothing(store_url):
    store, table, (ann, bob), start = await seated(store_url)
    for action in ({"type": "bid", "amount": "3"}, {"type": "bid", "amount": 3, "x": 1}, {"type": "fly"},
                   {"amount": 3}, [], None, {"type": "build", "path": None}):
        reply = await table.act(ann, action)
        assert reply.channel is None and reply.caller.text.endswith("."), (action, reply.caller.text)
    assert (await table.session(7)).match.log == []
    await store.close()


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                    max_leaves=6)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(["bid", "pass", "build", "link", "deliver", "urbanize", "upgrade", "card", "bonds", "x"]),
       args=st.one_of(JSON, st.dictionaries(st.sampled_from(["amount", "path", "from", "to", "city", "colour",
                                                             "card", "toward"]), JSON, max_size=3)),
       action=JSON)
def test_fuzzed_commands_and_actions_always_get_a_sentence(name, args, action):
    """Whatever a client sends, the table answers with a sentence and nothing crashes."""
    async def run():
        store, table, (ann, bob), start = await seated(":memory:")
        try:
            for reply in (await table.command(ann, name, args), await table.act(ann, action)):
                message = reply.caller or reply.channel
                assert message.text and len(message.text) < 2000
        finally:
            await store.close()
    asyncio.run(run())


def test_pages_split_long_lines_and_never_send_an_empty_part():
    from railhead.bot.discord_io import pages

    parts = pages("short\n" + "x" * 6000 + "\nend")
    assert all(0 < len(p) <= 2000 for p in parts) and "".join(parts).replace("\n", "").count("x") == 6000


async def test_a_game_saved_under_older_rules_is_refused_with_a_sentence(store_url):
    """Replaying an old log with the new random stream would silently give another game."""
    store, table, (ann, bob), start = await seated(store_url)
    await store._run("UPDATE games SET rules_version = 1")
    table2 = Table(store, render=False)
    reply = await table2.act(ann, {"type": "bid", "amount": 2})
    assert "older version of Railways of the World's rules" in reply.caller.text and reply.channel is None
    assert "`/game abandon`" in (await table2.status(ann)).caller.text
    assert "abandoned by **Ann**" in (await table2.abandon(ann, confirm=True)).channel.text      # and it can be closed
    await store.close()


async def test_a_preview_never_shows_the_goods_cubes_a_move_would_draw(store_url):
    """Urbanizing draws 2 cubes; a preview that named them made peeking at the bag free (Cancel)."""
    store, table, (ann, bob), start = await seated(store_url)
    await table.act(ann, {"type": "bid", "amount": 1})
    await table.act(bob, {"type": "pass"})
    session = await table.session(7)
    gray = next(h for h, c in session.match.state.cities.items() if c.colour == "gray")
    preview = await table.command(ann, "urbanize", {"city": gray, "colour": "red"})
    assert "Urbanize preview" in preview.caller.text and "draws 2 goods cubes from the bag" in preview.caller.text
    assert "new cubes" not in preview.caller.text and "$10,000" in preview.caller.text
    done = await table.click(ann, token(preview.caller, "Confirm"))
    assert "new cubes" in done.channel.text
    await store.close()


async def test_every_message_of_a_vote_carries_the_vote_buttons(store_url):
    store, table, (ann, bob, cat), start = await seated(store_url, names=("Ann", "Bob", "Cat"))
    await table.act(ann, {"type": "bid", "amount": 1})
    await table.act(bob, {"type": "pass"})
    await table.undo(ann)
    agreed = await table.act(bob, {"type": "undo_vote", "agree": True})
    assert "Still waiting for Cat" in agreed.channel.text
    assert "Agree to undo" in [c.label for c in agreed.table.components]
    refused = await table.act(cat, {"type": "undo_vote", "agree": False})
    assert "Pass" in [c.label for c in refused.table.components]          # Cat's bid buttons are back
    await store.close()


async def test_a_card_without_its_city_asks_for_one(store_url):
    store, table, (ann, bob), start = await seated(store_url, seed=5)     # City Growth is face up
    await table.act(ann, {"type": "bid", "amount": 1})
    await table.act(bob, {"type": "pass"})
    reply = await table.act(ann, {"type": "take_card", "card": "city-growth"})
    assert reply.caller.text == "City Growth needs a city: name the city that grows (`city:`)."
    await store.close()


async def test_a_damaged_snapshot_falls_back_to_replaying_the_log(store_url):
    store, table, (ann, bob), start = await seated(store_url)
    await table.act(ann, {"type": "bid", "amount": 2})
    await table.act(bob, {"type": "pass"})
    before = (await table.session(7)).match.state
    await store._run("UPDATE snapshots SET state = '{\"players\": [tru'")      # a torn write
    session = await Table(store, render=False).session(7)
    assert session.match.state == before and len(session.match.log) == 2
    await store.close()


async def test_bids_get_a_text_line_and_the_board_comes_when_it_changes(store_url):
    """Issue "Play-by-chat that people keep playing", "Fewer posts": an auction bid or pass is a short
    line; the board image is posted when the board changes (the auction's end pings the first player)."""
    store, table, (ann, bob), start = await seated(store_url, "rotw", render=True)
    assert board_of(start) is not None
    bid = await table.act(ann, {"type": "bid", "amount": 1})
    assert "Ann bids" in bid.channel.text and board_of(bid) is None
    end = await table.act(bob, {"type": "pass"})
    assert "becomes first player" in end.channel.text and board_of(end) is not None
    await store.close()
