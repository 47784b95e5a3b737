"""Issue 33, "Done when": a whole game of each multiplayer game played through simcord on the living
table message, in which at least one auction is decided by programmed bids. Moves are made the way
people make them (slash commands, the table message's buttons and menus); programs are entered
with ``/rotw program`` / ``/steam program`` and the table's **Program…** menu before the auction
they answer; ``tests/table_watch.py`` checks, move by move, that the table message was edited in
place and that each move added one short line to the channel.

Railway Workers has no auction: its whole game through Discord (tests/workers/test_discord.py)
runs under the same watch.

Sources: railways-of-the-world.txt, "1 - First Player Auction" (outbid or pass, a pass is final,
the last bidder wins and pays); Steam's standard turn-order auction, our reading of the published
game (engine/games/steam/standard.py, docs/rules-assumptions.md: the first to drop out pays
nothing and goes last, the winner and the last to drop out pay their bids).
"""
from __future__ import annotations

import io
import random

from railhead.bot.discord_io import post
from railhead.bot.replies import Picture, Reply, TableCard
from railhead.engine.games.steam.game import GAME as STEAM

from .helpers_discord import answer_of, table_in_channel, table_of
from .rotw.helpers import GAME as ROTW
from .steam.test_bot import _play_by_menus, pick
from .table_watch import TableWatch
from .test_full_game import NAMES, play_through_discord


async def program_by_menu(member, channel, label: str, command: str = "") -> str:
    """Press **Program…** on the table message (an auction's prompt), or type ``command`` without
    options (``/rotw program``: before the auction opens), and pick ``label`` in the private menu
    that answers; the answer to the pick."""
    result = await member.slash(channel, command) if command else \
        await member.click(table_of(channel), label="Program…")
    menu = answer_of(result).message
    option = next(o for o in menu.components[0].children[0].options if o.label == label)
    return answer_of(await member.select(menu, [option.value])).content


def auction_moves(log: list, start: int) -> list[tuple[int, dict]]:
    """The bids and passes of the log from ``start`` on, up to the first other move."""
    moves = []
    for seat, action in log[start:]:
        if action["type"] not in ("bid", "pass"):
            break
        moves.append((seat, action))
    return moves


async def test_railways_of_the_world_on_the_table_with_two_auctions_by_programs(simcord_env, monkeypatch):
    """Three players, the short game (two fewer empty city markers), barons dealt. Turn 1's auction:
    Bob types ``/rotw program up_to:4``, Cat picks "Bid up to $7,000" from **Program…**, then Ann,
    the first bidder, types ``/rotw program pass:auction``: the table plays the whole auction at
    once and Cat wins at $4,000 (Bob's cap: he passes rather than bid $5,000). Turn 2's auction is programmed during
    turn 1's actions, before it opens (Ann "Bid up to $3,000" from the menu of ``/rotw program``,
    Bob ``pass:auction``, Cat ``up_to:2``): it is played the moment it opens, in the commit of the
    move that opened it, and nobody is asked to bid: Ann wins at $2,000."""
    env, seen = simcord_env, {}
    bot = env.bot.table

    async def before(channel):
        seen["watch"] = TableWatch(channel).install(monkeypatch)

    async def each(channel, members, state) -> bool:
        ann, bob, cat = members
        log = (await bot.session(channel.id)).match.log
        bidding = any(p["kind"] == "bid" for p in ROTW.prompts(state))     # the barons are kept first
        if "turn1" not in seen and bidding:
            assert "bid up to $4,000" in answer_of(await bob.slash(channel, "rotw program", up_to=4)).content
            assert "bid up to $7,000" in await program_by_menu(cat, channel, "Bid up to $7,000, then pass")
            answer = answer_of(await ann.slash(channel, "rotw program", **{"pass": "auction"})).content
            assert "answered your prompt at once" in answer
            after = (await bot.session(channel.id)).match.state
            moves = auction_moves((await bot.session(channel.id)).match.log, len(log))
            assert moves == [(0, {"type": "pass"}), (1, {"type": "bid", "amount": 1}),
                             (2, {"type": "bid", "amount": 2}), (1, {"type": "bid", "amount": 3}),
                             (2, {"type": "bid", "amount": 4}), (1, {"type": "pass"})]   # Bob's cap: 4
            assert after.first == 2 and "Cat pays $4,000" in channel.history()[-1].content
            seen["turn1"] = True
            return True
        if "turn1" in seen and "turn2" not in seen and state.phase == "actions" and state.turn == 1:
            assert "bid up to $3,000" in await program_by_menu(ann, channel, "Bid up to $3,000, then pass",
                                                                "rotw program")
            await bob.slash(channel, "rotw program", **{"pass": "auction"})
            await cat.slash(channel, "rotw program", up_to=2)
            seen["turn2"] = len(log)
            return True
        if "turn2" in seen and "checked" not in seen and state.turn == 2:
            assert state.phase == "actions"            # the auction was over as soon as it opened
            opened = next(i for i in range(seen["turn2"], len(log)) if auction_moves(log, i))
            moves = auction_moves(log, opened)
            seen["turn2 moves"], seen["checked"] = moves, True
            # Cat, first player, opens; Ann's cap (3) beats Cat's (2): she wins at Cat's cap
            assert moves == [(2, {"type": "bid", "amount": 1}), (0, {"type": "bid", "amount": 2}),
                             (1, {"type": "pass"}), (2, {"type": "pass"})]
            assert state.first == 0
        return False

    state = await play_through_discord(env, NAMES[:3], 11, before=before, each=each, short_game=True)
    assert seen.get("checked"), "turn 2's auction was not reached"
    watch: TableWatch = seen["watch"]
    watch.check(state.core.seq)
    assert not any("program" in line.lower() for line in watch.lines)      # a program is never named


async def test_steam_standard_game_on_the_table_with_an_auction_by_programs(simcord_env, monkeypatch):
    """Three players on Po Valley, the standard game (the first turn's order drawn at random, then a
    turn-order auction each turn), every move by the table's buttons and menus. During turn 1, before
    turn 2's auction: Ann types ``/steam program up_to:3``, Bob picks "Bid up to $5" from the menu of
    ``/steam program``, Cat types ``/steam program pass:auction``. Once capital is raised the auction
    opens and the programs play it through in that commit: Cat drops out first (last, pays
    nothing); Ann, who took the Turn Order tile in turn 1, lets one bid go by, then drops out above
    her cap; Bob wins at $4."""
    env = simcord_env
    channel, members = await table_in_channel(env, "steam", NAMES[:3], "steam", 21, standard=True)
    watch = TableWatch(channel).install(monkeypatch)
    ann, bob, cat = members
    table = env.bot.table
    rng = random.Random(21)
    seen: dict = {}
    for i in range(4000):
        if i % 10 == 9:        # private menus' views expire after 15 minutes (discord.py), else they pile up
            await env.advance_time(15 * 60 + 1)
        session = await table.session(channel.id)
        if session is None:
            break
        state, log = session.match.state, session.match.log
        if "programmed" not in seen and state.turn == 1 and state.phase not in ("capital", "order"):
            assert "bid up to $3" in answer_of(await ann.slash(channel, "steam program", up_to=3)).content
            assert "bid up to $5" in await program_by_menu(bob, channel, "Bid up to $5, then pass", "steam program")
            await cat.slash(channel, "steam program", **{"pass": "auction"})
            seen["programmed"] = len(log)
            continue
        if "programmed" in seen and "checked" not in seen and state.turn == 2 and state.phase != "capital":
            opened = next(i for i in range(seen["programmed"], len(log)) if auction_moves(log, i))
            seen["checked"] = True
            # Cat drops out at once; Ann, holding last turn's Turn Order tile, lets the bid go by once
            # (her program's first pass), then drops out over her cap: Bob wins at $4
            assert auction_moves(log, opened) == [
                (1, {"type": "bid", "amount": 1}), (2, {"type": "pass"}), (0, {"type": "bid", "amount": 2}),
                (1, {"type": "bid", "amount": 3}), (0, {"type": "pass"}), (1, {"type": "bid", "amount": 4}),
                (0, {"type": "pass"})]
            said = "\n".join(watch.lines[-3:])
            assert "Ann uses Turn Order" in said and "Turn order: Bob, Ann, Cat" in said, said
        prompt = rng.choice(STEAM.prompts(state))
        action = pick(rng, state, prompt)
        await _play_by_menus(env.bot, members[prompt["seat"]], channel, state, prompt, action)
        done = table._matches.get(session.row.id)       # the move, then any programmed moves it woke
        assert done is None or len(done.log) > len(session.match.log), action
    assert "Final scores" in "\n".join(m.content for m in channel.history()[-3:])
    assert seen.get("checked"), "turn 2's auction was not reached"
    watch.check(state.core.seq)
    assert not any("program" in line.lower() for line in watch.lines)


def png_of(colour: str) -> bytes:
    """A small PNG of one colour."""
    from PIL import Image
    buf = io.BytesIO()
    Image.new("RGB", (8, 8), colour).save(buf, "PNG")
    return buf.getvalue()


async def test_a_picture_the_same_as_the_one_shown_is_not_uploaded_again(simcord_env):
    """Fewer image bytes (issue 33, "What measurement found": a fresh board PNG of about 120 KB a
    move): when a move's board comes out the same as the one the table message shows (its view
    changed, its picture did not: tests/footprint.py saw 3 of 64 boards so), the edit keeps the
    attachment already there and uploads only the close view that changed."""
    env = simcord_env
    channel, _ = await table_in_channel(env, "rotw", ["Ann", "Bob"], "rails", 6, barons=False)
    game_id = (await env.bot.table.session(channel.id)).row.id

    def card(seq: int, close: bytes) -> Reply:
        pictures = [Picture("board.png", png_of("green"), "the board"), Picture("close.png", close, "near")]
        return Reply(channel_id=channel.id, game_id=game_id, table=TableCard("t", "p", images=pictures, seq=seq))

    await post(env.bot, card(100, png_of("red")))
    before = {a.filename: a.id for a in table_of(channel).attachments}
    await post(env.bot, card(101, png_of("blue")))
    after = {a.filename: a.id for a in table_of(channel).attachments}
    assert sorted(after) == ["board.png", "close.png"]
    assert after["board.png"] == before["board.png"] and after["close.png"] != before["close.png"]
