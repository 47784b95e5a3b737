"""No accidental moves (issue 23, part 3): abandoning a running game asks first, an undo vote
is answerable by name while it is open, and the same slash command sent twice at once (a double
tap, two devices) is applied once."""
from __future__ import annotations

from tests.helpers_discord import table_in_channel, table_of
from tests.test_discord import match_of, private, setup_game


async def test_abandon_asks_first_and_the_button_abandons(simcord_env):
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    before = channel.last_message
    answer = private(await ann.slash(channel, "game abandon"))
    assert "cannot be taken back" in answer.content
    assert channel.last_message.id == before.id                          # nothing public yet
    row = await simcord_env.bot.table.store.active_game(channel.id)
    assert row.status == "running"
    kept = private(await ann.click(answer, label="Keep playing"))
    assert "nothing was changed" in kept.content
    assert (await simcord_env.bot.table.store.active_game(channel.id)).status == "running"
    answer = private(await ann.slash(channel, "game abandon"))
    await ann.click(answer, label="Abandon the game")
    assert "abandoned by **Ann**" in channel.last_message.content
    assert (await simcord_env.bot.table.store.game(row.id)).status == "abandoned"


async def test_only_the_creator_may_press_abandon(simcord_env):
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    answer = private(await bob.slash(channel, "game abandon"))
    assert "Only the game's creator" in answer.content and not answer.components


async def test_an_undo_vote_is_answered_by_name(simcord_env):
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    await ann.slash(channel, "rotw bid", amount=2)
    await bob.slash(channel, "rotw pass")
    none_yet = private(await cat.slash(channel, "game vote", choice="agree"))
    assert "There is no undo vote" in none_yet.content
    await ann.slash(channel, "game undo")
    asked = private(await ann.slash(channel, "game vote", choice="agree"))
    assert "agreed to it already" in asked.content
    await bob.slash(channel, "game vote", choice="agree")
    assert "Bob agrees" in channel.last_message.content
    await cat.slash(channel, "game vote", choice="agree")
    assert "Everyone agreed" in channel.last_message.content
    assert match_of(simcord_env).state.auction.high == 0


async def test_an_undo_vote_refused_by_name(simcord_env):
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    await ann.slash(channel, "rotw bid", amount=2)
    await bob.slash(channel, "rotw pass")
    await ann.slash(channel, "game undo")
    await cat.slash(channel, "game vote", choice="refuse")
    assert match_of(simcord_env).state.core.vote is None
    assert match_of(simcord_env).state.auction.high == 2


# ------------------------------------------------------------------ the same slash command twice at once
async def twice(clock, member, channel, command: str, **options):
    """The same slash command sent twice at once (a double tap, two devices): both interactions
    are created in the same millisecond, before either is answered (simcord runs one operation at
    a time, so the second is delivered after the first is answered, as a slower network would).
    Returns the two private answers' texts (``""`` for none)."""
    with clock.stopped():
        results = [await member.slash(channel, command, **options), await member.slash(channel, command, **options)]
    return [private(r).content if (r.followups or r.response) and private(r).ephemeral else "" for r in results]


OUTDATED = "Not done: that command was sent before your last prompt changed"


async def test_two_identical_rotw_passes_pass_once(simcord_env, discord_clock):
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    await ann.slash(channel, "rotw bid", amount=2)
    before = len(match_of(simcord_env).log)
    answers = await twice(discord_clock, bob, channel, "rotw pass")
    assert len(match_of(simcord_env).log) == before + 1
    assert OUTDATED in answers[1], answers
    await cat.slash(channel, "rotw pass")                     # a command sent later is never refused
    assert len(match_of(simcord_env).log) == before + 2


async def test_two_identical_railways_placements_place_once(simcord_env, discord_clock):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("solo")
    ann = guild.add_member(simcord_env.create_user("Ann"))
    simcord_env.bot.table.seeds = lambda: 5
    await ann.slash(channel, "game new", game="railways", cards="5 6 7 8")
    match = match_of(simcord_env)
    before = match.prompts()[0]["left"]
    place = match.game.legal_actions(match.state, 0)[0]
    answers = await twice(discord_clock, ann, channel, "railways place", at=place["at"], passengers=place["passengers"])
    assert OUTDATED in answers[1], answers
    left = list(before)
    left.remove(place["passengers"])
    assert match_of(simcord_env).prompts()[0]["left"] == left, "placed once"
    assert len(match_of(simcord_env).log) == 1


async def test_two_identical_workers_placements_count_once(simcord_env, discord_clock):
    channel, (ann, bob) = await table_in_channel(simcord_env, "workers", ["Ann", "Bob"], "workers", 5)
    match = match_of(simcord_env)
    hand = match.view(0)["players"][0]["hand"][:4]
    answers = await twice(discord_clock, ann, channel, "workers place", cards=" ".join(hand))
    assert OUTDATED in answers[1], answers
    assert len(match_of(simcord_env).log) == 1
    assert [p["seat"] for p in match_of(simcord_env).prompts()] == [1]


async def test_two_identical_steam_tile_choices_count_once(simcord_env, discord_clock):
    channel, members = await table_in_channel(simcord_env, "steam", ["Ann", "Bob", "Cat"], "steam", 5)
    seat = match_of(simcord_env).prompts()[0]["seat"]
    answers = await twice(discord_clock, members[seat], channel, "steam tile", tile="first-move")
    assert OUTDATED in answers[1], answers
    assert len(match_of(simcord_env).log) == 1


async def test_an_undo_sent_twice_takes_back_one_move(simcord_env, discord_clock):
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    await ann.slash(channel, "rotw bid", amount=2)
    await bob.slash(channel, "rotw bid", amount=3)
    answers = await twice(discord_clock, bob, channel, "game undo")
    assert OUTDATED in answers[1], answers
    assert match_of(simcord_env).state.auction.high == 2


async def test_a_railways_action_legal_twice_is_applied_once(simcord_env, discord_clock):
    """A move that stays legal after it is made (hiring, raising capital, adding a passenger: the
    slots they name stay playable) doubled by a double tap: the issue saw two passengers and
    two payments."""
    import random

    from railhead.bot.replies import Caller

    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("solo")
    ann = guild.add_member(simcord_env.create_user("Ann"))
    simcord_env.bot.table.seeds = lambda: 0
    await ann.slash(channel, "game new", game="railways", cards="5 6 7 8")
    table, rng = simcord_env.bot.table, random.Random(0)
    commands = {"hire": ("railways hire", ()), "capital": ("railways capital", ()),
                "add_passenger": ("railways add", ("at",))}
    for _ in range(300):
        match = match_of(simcord_env)
        legal = match.game.legal_actions(match.state, 0)
        twice_legal = []
        for action in legal:
            if action["type"] in commands:
                after, _events = match.play(0, action)
                if action in after.game.legal_actions(after.state, 0):
                    twice_legal.append(action)
        if twice_legal:
            break
        await table.act(Caller(channel.id, ann.id, "Ann"), rng.choice(legal))
    action = twice_legal[0]
    name, keys = commands[action["type"]]
    before = len(match_of(simcord_env).log)
    answers = await twice(discord_clock, ann, channel, name, slots=" ".join(action["slots"]),
                          **{k: action[k] for k in keys})
    assert OUTDATED in answers[1], answers
    assert len(match_of(simcord_env).log) == before + 1


def test_arrivals_estimate_sending_times_from_the_smallest_recent_lag():
    """The estimate never falls before the true sending time while the skew holds (so a command
    sent after a prompt changed is never refused), and a clock that jumps starts afresh."""
    from datetime import UTC, datetime, timedelta

    from railhead.bot.table.arrivals import Arrivals

    ms = timedelta(milliseconds=1)
    skew = timedelta(days=300)                          # the host's clock runs 300 days ahead of Discord's
    discord = datetime(2026, 1, 1, tzinfo=UTC)
    arrivals = Arrivals()
    assert arrivals.sent(None, discord + skew) is None  # the terminal: nothing to estimate
    # a quiet network: 40 ms; the first interaction arrives late (900 ms)
    assert arrivals.sent(discord, discord + skew + 900 * ms) == discord + skew + 900 * ms
    sent = arrivals.sent(discord + 1000 * ms, discord + skew + 1040 * ms)
    assert sent == discord + skew + 1040 * ms               # never before the truth (1,000 ms + the skew)
    # a double tap: created 30 ms after the first of a pair, arriving 500 ms late behind a busy network
    assert arrivals.sent(discord + 1030 * ms, discord + skew + 1530 * ms) == discord + skew + 1070 * ms
    # the host's clock jumps an hour forward: the first interaction after it starts the window afresh
    jump = timedelta(hours=1)
    assert arrivals.sent(discord + 2000 * ms, discord + skew + jump + 2040 * ms) == discord + skew + jump + 2040 * ms
    assert arrivals.sent(discord + 2100 * ms, discord + skew + jump + 2150 * ms) == discord + skew + jump + 2140 * ms


# ------------------------------------------------------------------ a move that issues a bond asks first
def _buttons(message):
    return [b for row in message.components for b in row.children]


async def test_an_upgrade_that_issues_a_bond_asks_first(simcord_env):
    """railways-of-the-world.txt, "Bonds": a payment above cash issues $5,000 bonds (-1 point each
    at the end). Three players upgraded by accident; now the button asks with the cost first."""
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    match_of(simcord_env).state.players[0].cash = 5
    await ann.slash(channel, "rotw bid", amount=2)            # paid in cash when she wins: $3,000 are left
    await bob.slash(channel, "rotw pass")
    await cat.slash(channel, "rotw pass")
    assert match_of(simcord_env).prompts()[0]["seat"] == 0
    assert match_of(simcord_env).state.players[0].cash == 3
    before = len(match_of(simcord_env).log)
    asked = private(await ann.click(table_of(channel), label="Upgrade engine to 2 ($4,000)"))
    assert "Cost $4,000; you have $3,000: **1 bond will be issued**" in asked.content, asked.content
    assert len(match_of(simcord_env).log) == before                       # nothing done yet
    await ann.click(asked, label="Confirm")
    player = match_of(simcord_env).state.players[0]
    assert player.engine == 2 and player.bonds == 1 and len(match_of(simcord_env).log) == before + 1


async def test_an_upgrade_paid_in_cash_is_made_at_once(simcord_env):
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    match_of(simcord_env).state.players[0].cash = 11
    await ann.slash(channel, "rotw bid", amount=2)
    await bob.slash(channel, "rotw pass")
    await cat.slash(channel, "rotw pass")
    await ann.slash(channel, "rotw upgrade")
    player = match_of(simcord_env).state.players[0]
    assert player.engine == 2 and player.cash == 5 and player.bonds == 0


async def test_a_typed_upgrade_that_issues_a_bond_asks_first(simcord_env):
    guild, channel, (ann, bob, cat) = await setup_game(simcord_env)
    match_of(simcord_env).state.players[0].cash = 2
    await ann.slash(channel, "rotw bid", amount=2)
    await bob.slash(channel, "rotw pass")
    await cat.slash(channel, "rotw pass")
    asked = private(await ann.slash(channel, "rotw upgrade"))
    assert "1 bond will be issued" in asked.content
    assert [b.label for b in _buttons(asked.message)] == ["Confirm", "Cancel"]
    assert match_of(simcord_env).state.players[0].engine == 1


async def test_a_build_preview_names_the_major_line_it_completes():
    """Found in play: the Torino–Lyon preview said nothing of the +8 Major Line the build completed
    (railways-of-the-world.txt, "Major Lines"); the preview shows every line of the build's dry run
    that says what the build does."""
    from types import SimpleNamespace

    from railhead.bot.games.rotw.ui import _preview

    async def render(view, **kwargs):
        return b""

    events = [{"type": "build", "seat": 0, "paid": 6, "text": "Ann lays 5 tiles and completes link #14 Torino–Lyon."},
              {"type": "major_line", "seat": 0, "text": "Ann completes the Major Line Lyon–Milano: +8 points."},
              {"type": "income", "seat": 0, "paid": 3, "text": "Income."}]
    ctx = SimpleNamespace(seat=0, prefs={}, render=render, view=lambda: {"players": [{"cash": 10}]},
                          dry_run=lambda action: ({"players": [{"cash": 4}]}, events))   # a dry run shown in full
    reply = await _preview(ctx, {"type": "build", "path": []}, "Build preview", [])
    assert "completes the Major Line Lyon–Milano: +8 points" in reply.caller.text
    assert "Income." not in reply.caller.text and "Cost $6,000" in reply.caller.text


# ------------------------------------------------------------------ a burst queued behind slow moves
async def _stays_legal(table, caller_of, rng, limit=400):
    """Random legal moves until some seat has a move that leaves it the actor with the same move
    legal again (a Workers slot action, a Railways hire); returns ``(seat, action)``."""
    from railhead.bot.replies import Caller

    for _ in range(limit):
        match = (await table.session(caller_of(0).channel_id)).match
        for prompt in match.prompts():
            seat = prompt["seat"]
            for action in match.game.legal_actions(match.state, seat):
                if action["type"] in ("undo", "undo_vote"):
                    continue
                after, _events = match.play(seat, action)
                if after.outcome() is None and any(p["seat"] == seat for p in after.prompts()) \
                        and action in after.game.legal_actions(after.state, seat):
                    return seat, action
        prompt = rng.choice(match.prompts())
        reply = await table.act(caller_of(prompt["seat"]),
                                rng.choice(match.game.legal_actions(match.state, prompt["seat"])))
        assert not isinstance(reply, Caller)
    raise AssertionError("no move stays legal for its seat")


async def test_a_burst_queued_behind_slow_moves_moves_once(tmp_path):
    """Issue 31, part 2 (a repeated command that counts twice): the same move sent three times at
    one moment, by a seat that stays the actor after it (Workers' slot actions, Railways' hire and
    add), each call reaching the table 3 s after the one before, as on a busy machine where they
    wait behind slow moves. The first moves; the others are refused as sent before it counted,
    whether the host noted when each arrived or not."""
    import random
    from dataclasses import replace
    from datetime import UTC, datetime, timedelta

    from railhead.bot.replies import Caller
    from railhead.bot.store import open_store
    from railhead.bot.table import Table

    for game, names, options in (("workers", ("Ann", "Bob"), None), ("railways", ("Ann",), {"cards": [5, 6, 7, 8]})):
        for received in (False, True):
            clock = [datetime(2026, 11, 28, 12, tzinfo=UTC)]
            store = await open_store(str(tmp_path / f"{game}-{received}.sqlite3"))
            table = Table(store, render=False, seeds=lambda: 4, clock=lambda clock=clock: clock[0])
            callers = [Caller(9, 900 + i, name) for i, name in enumerate(names)]
            await table.new(callers[0], game, options)
            for c in callers[1:]:
                await table.join(c)
            if len(callers) > 1:
                await table.start(callers[0])
            seat, action = await _stays_legal(table, callers.__getitem__, random.Random(3))
            clock[0] += timedelta(seconds=30)
            created = clock[0]                            # Discord's clock and the host's agree here
            burst = replace(callers[seat], sent_at=created,
                            received_at=created + timedelta(milliseconds=40) if received else None)
            before = len((await table.session(9)).match.log)
            answers = []
            for _ in range(3):
                clock[0] += timedelta(seconds=3)
                answers.append(await table.act(burst, action, sent=table._sent(burst)))
            log = (await table.session(9)).match.log
            assert len(log) == before + 1, (game, received, action, [a.caller and a.caller.text for a in answers])
            assert all(OUTDATED in a.caller.text for a in answers[1:]), (game, [a.caller.text for a in answers[1:]])
            clock[0] += timedelta(seconds=3)
            later = replace(burst, sent_at=clock[0], received_at=None)
            if action in (await table.session(9)).match.game.legal_actions((await table.session(9)).match.state, seat):
                await table.act(later, action, sent=table._sent(later))   # sent after it counted: moves
                assert len((await table.session(9)).match.log) == before + 2, game
            await store.close()
