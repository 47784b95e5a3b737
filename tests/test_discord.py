"""The real bot driven offline by simcord: slash commands, buttons, selects, ephemeral
replies, DMs, attachments and a restart (DESIGN.md, "Tests": Discord tests)."""
import discord

from .helpers_discord import board_attached, controls, said, table_of

SEED = 6   # with 3 players, Lille (C7) holds a red cube; Brussel (E6) is red (checked below)


async def setup_game(env, game="rotw", names=("Ann", "Bob", "Cat"), seed=SEED, options=None, **users):
    """A started game; Railways of the World without baron cards unless ``options`` say so (the
    baron choice is tested in tests/rotw/test_barons_discord.py)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("railways")
    members = [guild.add_member(env.create_user(name, **users.get(name, {}))) for name in names]
    env.bot.table.seeds = lambda: seed
    if options is None:
        options = {"barons": False} if game == "rotw" else {}
    await members[0].slash(channel, "game new", game=game, **options)
    assert "opened a table" in channel.last_message.content
    await members[1].click(channel.last_message, label="Join")
    for m in members[2:]:
        await m.slash(channel, "game join")
    await members[0].slash(channel, "game start")
    return guild, channel, members


def private(result):
    """The ephemeral answer to an interaction: the deferred response or its last follow-up."""
    answer = result.followups[-1] if result.followups else result.response
    assert answer is not None and answer.ephemeral
    return answer


def match_of(env):
    return next(iter(env.bot.table._matches.values()))


async def test_lobby_auction_build_and_delivery(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob, cat) = await setup_game(env)
    start = channel.last_message
    assert "begins" in start.content and ann.mention in start.content and board_attached(table_of(channel))

    await ann.click(table_of(channel), label="Bid $1,000")
    assert "Ann bids $1,000" in channel.last_message.content
    result = await bob.slash(channel, "rotw pass")
    assert result.acknowledged
    await cat.click(table_of(channel), label="Pass")
    msg = channel.last_message
    assert "Ann pays $1,000 (issuing 1 bond) and becomes first player" in msg.content
    assert ann.mention in msg.content and board_attached(table_of(channel))

    state = match_of(env).state
    assert "red" in state.cities["C7"].cubes and state.cities["E6"].colour == "red"
    result = await ann.slash(channel, "rotw link", **{"from": "Lille", "to": "Brussel"})
    preview = private(result)
    assert "Build preview" in preview.content and "$4,000" in preview.content
    assert any(a.filename == "preview.png" for a in preview.attachments)
    await ann.click(preview.message, label="Confirm")
    assert "completes link #1 Lille–Brussel" in channel.last_message.content
    assert bob.mention in channel.last_message.content

    asked = private(await bob.click(table_of(channel), label="Upgrade engine to 2 ($4,000)"))
    assert "1 bond will be issued" in asked.content                # paid with a bond: asked first
    await bob.click(asked, label="Confirm")
    assert "Bob upgrades to engine level 2; pays $4,000 (issuing 1 bond)." in channel.last_message.content
    await cat.slash(channel, "rotw pass")

    result = await ann.click(table_of(channel), label="Deliver…")
    menu = private(result)
    option = next(o for o in menu.message.components[0].children[0].options if o.label.startswith("red cube: Lille"))
    await ann.select(menu.message, [option.value])
    assert "Ann delivers a red cube Lille → Brussel (1 link): Ann +1" in channel.last_message.content


async def test_player_errors_are_private_and_change_nothing(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob, cat) = await setup_game(env)
    before = private(await ann.click(table_of(channel), label="My hand")).message    # her prompt's buttons
    result = await bob.slash(channel, "rotw bid", amount=3)            # Ann bids first
    assert "not your turn" in private(result).content
    stranger = guild.add_member(env.create_user("Dan"))
    result = await stranger.slash(channel, "rotw pass")
    assert "not seated" in private(result).content
    await ann.slash(channel, "rotw bid", amount=2)
    result = await ann.click(before, label="Pass")                    # a button of an older prompt
    assert "earlier moment" in private(result).content
    await bob.click(table_of(channel), label="Pass")                   # Bob's own button, made for his prompt
    assert "Bob passes" in channel.last_message.content
    result = await cat.slash(channel, "rotw link", **{"from": "Lille", "to": "Atlantis"})
    text = private(result).content
    assert "not your turn" in text or "no city called 'Atlantis'" in text
    assert len(match_of(env).log) == 2


async def test_restart_loses_nothing_and_old_buttons_work(simcord_env, make_bot):
    env = simcord_env
    guild, channel, (ann, bob, cat) = await setup_game(env)
    await ann.slash(channel, "rotw bid", amount=2)
    last = table_of(channel)
    await env.bot.store.close()                 # the old process ends (and releases the database)
    env.bot.store = None
    await env.restart_bot(make_bot())
    assert env.bot.table._matches == {}
    await bob.click(last, label="Pass")
    assert "Bob passes" in channel.last_message.content
    status = private(await cat.slash(channel, "game status")).content
    assert "Ann" in status and "Waiting for Cat" in status


async def test_lobby_rights(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("railways")
    ann, bob = (guild.add_member(env.create_user(name)) for name in ("Ann", "Bob"))
    await ann.slash(channel, "game new")
    await bob.slash(channel, "game join")
    result = await bob.slash(channel, "game start")
    assert "Only the game's creator" in private(result).content
    result = await bob.slash(channel, "game new")
    assert "already has a game" in private(result).content
    await bob.slash(channel, "game leave")
    assert "leaves" in channel.last_message.content
    await ann.slash(channel, "game abandon")
    assert "abandoned" in channel.last_message.content


async def test_new_game_names_the_missing_permissions(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    deny = discord.PermissionOverwrite(attach_files=False, embed_links=False)
    channel = guild.create_text_channel("no-files", overwrites={env.bot.user: deny})
    ann = guild.add_member(env.create_user("Ann"))
    result = await ann.slash(channel, "game new")
    text = private(result).content
    assert "missing the permissions Attach Files, Embed Links" in text
    assert await env.bot.store.active_game(channel.id) is None


async def test_secret_bids_by_dm_with_a_closed_dm_falling_back_to_my_hand(simcord_env, sealed):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("sealed")
    ann_user = env.create_user("Ann")
    bob_user = env.create_user("Bob", bot=True)   # Discord refuses DMs to it with 50007, like closed DMs
    ann, bob = guild.add_member(ann_user), guild.add_member(bob_user)
    env.bot.table.seeds = lambda: 4
    await ann.slash(channel, "game new", game="sealed")
    await bob.slash(channel, "game join")
    assert "Bob's DMs are closed; use **My hand**" in channel.last_message.content
    await ann.slash(channel, "game start")
    start = channel.last_message
    assert ann.mention in start.content and bob.mention in start.content
    labels = [b.label for b in controls(table_of(channel))]
    assert labels == ["My hand"]                       # secret choices never go to the channel
    # Ann's choices came by DM; she bids 3 there.
    dm = ann_user.dm_channel.last_message
    assert "bid in secret" in dm.content
    result = await ann_user.click(dm, label="Bid 3")
    assert private(result).content == "You bid 3 coins."
    assert "Ann has placed a bid." in channel.last_message.content
    assert "3" not in said(channel.last_message).replace("round 1", "")
    # Bob, whose DMs are closed, uses My hand: an ephemeral with his choices.
    hand = private(await bob.click(table_of(channel), label="My hand"))
    assert "no bid yet" in hand.content
    await bob.click(hand.message, label="Bid 2")
    assert "Bids: Ann 3, Bob 2. Ann pays 3" in channel.last_message.content
    for message in channel.history():
        assert "You bid" not in message.content


async def test_undo_own_move_and_by_consent(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob, cat) = await setup_game(env)
    await ann.slash(channel, "rotw bid", amount=2)
    await ann.slash(channel, "game undo")
    assert "Ann takes back their last move" in channel.last_message.content
    assert match_of(env).state.auction.high == 0
    await ann.slash(channel, "rotw bid", amount=2)
    await bob.slash(channel, "rotw pass")
    await ann.slash(channel, "game undo")               # Bob moved since: everyone else must agree
    ask = channel.last_message
    assert "Ann asks to take back their last move and the 1 after it" in ask.content
    assert bob.mention in ask.content and cat.mention in ask.content
    await bob.click(table_of(channel), label="Agree to undo")
    assert "Bob agrees" in channel.last_message.content
    await cat.click(table_of(channel), label="Agree to undo")
    assert "Everyone agreed" in channel.last_message.content
    assert match_of(env).state.auction.high == 0 and ann.mention in channel.last_message.content
    await ann.slash(channel, "rotw bid", amount=1)
    await bob.slash(channel, "rotw pass")
    await bob.slash(channel, "game undo")               # his own last move, nothing since: alone
    assert "Bob takes back their last move" in channel.last_message.content


async def test_a_long_reply_is_paged_not_refused(simcord_env):
    env = simcord_env
    guild, channel, (ann, bob, cat) = await setup_game(env)
    result = await ann.slash(channel, "rotw build", path="Lille " + "K6 " * 2000)
    answer = private(result)
    assert answer.content and len(answer.content) <= 2000


async def test_a_failing_button_answers_privately(simcord_env, monkeypatch):
    env = simcord_env
    guild, channel, (ann, bob, cat) = await setup_game(env)

    async def broken(caller, token):
        raise RuntimeError("boom")

    monkeypatch.setattr(env.bot.table, "click", broken)
    result = await ann.click(table_of(channel), label="Pass")
    assert "Something went wrong on our side" in private(result).content


async def test_commands_sync_at_start_only_when_the_tree_changed(simcord_env, make_bot):
    from railhead.bot.sync import KEY, sync_if_changed, tree_hash

    env = simcord_env
    assert await env.bot.store.meta_get(KEY) == tree_hash(env.bot)      # synced at the first start
    assert await sync_if_changed(env.bot) is False                      # unchanged: no sync
    async with env.bot.store.transaction() as tx:
        await tx.meta_set(KEY, "an older tree")
    assert await sync_if_changed(env.bot) is True
