"""The real bot driven offline by simcord: slash commands, buttons, selects, ephemeral
replies, attachments and a restart (DESIGN.md, "Tests": Discord tests)."""


SEED = 1   # with 3 players, Lille holds a red cube and Brussel is red (checked below)


async def setup_game(env):
    guild = env.create_guild()
    channel = guild.create_text_channel("railways")
    ann, bob, cat = (guild.add_member(env.create_user(name)) for name in ("Ann", "Bob", "Cat"))
    env.bot.table.seeds = lambda: SEED
    await ann.slash(channel, "game new", game="rotw")
    assert "opened a table" in channel.last_message.content
    await bob.click(channel.last_message, label="Join")
    await cat.slash(channel, "game join")
    await ann.slash(channel, "game start")
    return guild, channel, ann, bob, cat


def private(result):
    """The ephemeral answer to an interaction: the deferred response or its last follow-up."""
    answer = result.followups[-1] if result.followups else result.response
    assert answer is not None and answer.ephemeral
    return answer


def board_attached(message) -> bool:
    return any(a.filename == "board.png" for a in message.attachments)


async def test_lobby_auction_build_and_delivery(simcord_env):
    env = simcord_env
    guild, channel, ann, bob, cat = await setup_game(env)
    start = channel.last_message
    assert "begins" in start.content and ann.mention in start.content and board_attached(start)

    # Auction: Ann bids by button, Bob passes by slash command, Cat passes by button.
    await ann.click(start, label="Bid $1,000")
    assert "Ann bids $1,000" in channel.last_message.content
    result = await bob.slash(channel, "rotw pass")
    assert result.acknowledged
    await cat.click(channel.last_message, label="Pass")
    msg = channel.last_message
    assert "Ann pays $1,000 (issuing 1 bond) and becomes first player" in msg.content
    assert ann.mention in msg.content and board_attached(msg)

    # Build "from city to city": a private preview with Confirm/Cancel, then the public message.
    result = await ann.slash(channel, "rotw link", **{"from": "Lille", "to": "Brussel"})
    preview = private(result)
    assert preview.ephemeral and "Build preview" in preview.content and "$4,000" in preview.content
    assert any(a.filename == "preview.png" for a in preview.attachments)
    await ann.click(preview.message, label="Confirm")
    assert "completes link #1 Lille–Brussel" in channel.last_message.content
    assert bob.mention in channel.last_message.content

    await bob.click(channel.last_message, label="Upgrade engine to 2 ($4,000)")
    assert "Bob upgrades to engine level 2; pays $4,000 (issuing 1 bond)." in channel.last_message.content
    await cat.slash(channel, "rotw pass")

    # Round 2: Ann opens the delivery menu and picks the Lille -> Brussel red cube.
    state = env.bot.table._states[next(iter(env.bot.table._states))]
    assert "red" in state["cities"]["C7"]["cubes"] and state["cities"]["E6"]["colour"] == "red"
    result = await ann.click(channel.last_message, label="Deliver…")
    menu = private(result)
    assert menu.ephemeral
    option = next(o for o in menu.message.components[0].children[0].options if o.label.startswith("red cube: Lille"))
    await ann.select(menu.message, [option.value])
    assert "Ann delivers a red cube Lille → Brussel (1 link): Ann +1" in channel.last_message.content
    assert "The Railroad Era Begins" in channel.last_message.content


async def test_player_errors_are_private_and_change_nothing(simcord_env):
    env = simcord_env
    guild, channel, ann, bob, cat = await setup_game(env)
    before = channel.last_message
    result = await bob.slash(channel, "rotw bid", amount=3)            # Ann bids first
    assert private(result).ephemeral and "not your turn" in private(result).content
    stranger = guild.add_member(env.create_user("Dan"))
    result = await stranger.slash(channel, "rotw pass")
    assert "not seated" in private(result).content
    await ann.slash(channel, "rotw bid", amount=2)
    result = await ann.click(before, label="Pass")                    # a button from an older state
    assert "earlier moment" in private(result).content
    result = await bob.slash(channel, "rotw link", **{"from": "Lille", "to": "Atlantis"})
    assert "not your turn" in private(result).content or "no city" in private(result).content
    table = env.bot.table
    state = next(iter(table._states.values()))
    assert state["n"] == 1 and state["auction"]["high"] == 2


async def test_restart_loses_nothing_and_old_buttons_work(simcord_env, make_bot):
    env = simcord_env
    guild, channel, ann, bob, cat = await setup_game(env)
    await ann.slash(channel, "rotw bid", amount=2)
    last = channel.last_message
    await env.restart_bot(make_bot())
    assert env.bot.table._states == {}
    await bob.click(last, label="Pass")                # a button posted before the restart
    assert "Bob passes" in channel.last_message.content
    result = await cat.slash(channel, "game status")
    status = private(result).content
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
