"""One declarative spec per game (issue 19): each game's slash command group is generated from
its command spec (bot/cogs/spec.py), so Discord and the local table offer the same commands with
the same options, and the tree stays within Discord's limits."""
import discord
import pytest
from discord import app_commands

from railhead import engine
from railhead.bot import create_bot, registry
from railhead.bot.cogs.spec import discord_name, game_group, slash_command, slash_params
from railhead.bot.discord_limits import check_commands
from railhead.bot.sync import payload
from railhead.bot.ui import Command, Param

KINDS = {str: discord.AppCommandOptionType.string.value, int: discord.AppCommandOptionType.integer.value,
         bool: discord.AppCommandOptionType.boolean.value}


@pytest.fixture
async def tree_payload():
    """The four game groups as Discord receives them, by name."""
    bot = create_bot(":memory:")
    for ui in game_uis():
        bot.tree.add_command(game_group(ui))
    yield {c["name"]: c for c in payload(bot)}
    await bot.close()


def game_uis():
    """The registered game UIs with a Discord group (a test-only game has none)."""
    return [ui for gid, ui in registry.UIS.items() if gid in engine.GAMES]


def test_every_game_has_a_group(tree_payload):
    assert sorted(tree_payload) == sorted(ui.prefix for ui in game_uis())


@pytest.mark.parametrize("ui", game_uis(), ids=lambda ui: ui.prefix)
def test_discord_offers_what_the_spec_says(tree_payload, ui):
    group = tree_payload[ui.prefix]
    subcommands = {c["name"]: c for c in group["options"]}
    offered = [c for c in ui.commands.values() if not c.local_only]
    assert list(subcommands) == [c.name for c in offered]
    for command in offered:
        options = subcommands[command.name].get("options", [])
        params = slash_params(command)
        assert [o["name"] for o in options] == [discord_name(p) for p in params], command.name
        for option, param in zip(options, params):
            where = f"/{ui.prefix} {command.name} {option['name']}"
            assert option["type"] == KINDS[param.kind], where
            assert option.get("required", False) == param.required, where
            assert [c["value"] for c in option.get("choices", [])] == list(param.choices), where
            assert option.get("min_value") == param.min and option.get("max_value") == param.max, where
            assert option.get("autocomplete", False) == bool(param.autocomplete), where


def test_the_tree_is_within_discords_limits(tree_payload):
    assert check_commands(list(tree_payload.values())) == []


def test_railways_works_in_dms_too(tree_payload):
    """In guilds and in the bot's DM (contexts 0 and 1); not in private channels (2), which only a
    user-installable app can reach (issue 31, part 4); /game (bot/cogs/lobby.py) declares the same."""
    assert tree_payload["railways"]["contexts"] == [0, 1]
    assert tree_payload["rotw"]["contexts"] == [0]            # declared: servers only (tests/test_turns.py)
    assert all(2 not in (command["contexts"] or []) for command in tree_payload.values())
    assert all(command.get("integration_types") in (None, [0]) for command in tree_payload.values())


async def test_the_callback_hands_named_options_to_the_table(monkeypatch):
    """Options left out are dropped; ``from`` (a Python keyword) reaches the table as ``from``."""
    handed = []

    async def fake_answer(interaction, call):
        handed.append(call())

    class FakeTable:
        def command(self, caller, name, args):
            return (caller, name, args)

    monkeypatch.setattr("railhead.bot.cogs.spec.answer", fake_answer)
    monkeypatch.setattr("railhead.bot.cogs.spec.caller_of", lambda interaction: "caller")
    spec = Command("deliver", "deliver a cube", None, (Param("from", str, "a city"), Param("n", int, "a number")))
    command = slash_command("test", spec)
    assert isinstance(command, app_commands.Command)
    interaction = type("Interaction", (), {"client": type("Client", (), {"table": FakeTable()})()})()
    await command.callback(interaction, from_="Lodi", n=None)
    assert handed == [("caller", "deliver", {"from": "Lodi"})]


# ----------------------------------------------------------------------------------- the local table
def local_parsed(ui, command: Command) -> dict:
    """What the local table's parser makes of ``command`` typed with every argument by name."""
    from railhead.bot.typed_args import command_args

    words = [command.name, *(f"{p.name}={'true' if p.kind is bool else (p.choices or ('x',))[0]}"
                              for p in command.params)]
    return command_args(ui, words)


@pytest.mark.parametrize("ui", game_uis(), ids=lambda ui: ui.prefix)
def test_discord_and_the_local_table_expose_the_same_commands_and_options(tree_payload, ui):
    """Every slash subcommand and option is a command and argument of the local table (its help
    lists the command; its parser takes each option by name), and the local table has no other
    command than those Discord offers and the ``local_only`` ones."""
    from railhead.bot.local import LocalTable

    help_text = LocalTable(None, None).help()
    discord_side = {c["name"]: {o["name"] for o in c.get("options", [])} for c in tree_payload[ui.prefix]["options"]}
    local_side = {}
    for command in ui.commands.values():
        assert f"{ui.prefix} {command.name}" in help_text
        parsed = local_parsed(ui, command)
        assert set(parsed) == {p.name for p in command.params}, command.name
        if not command.local_only:
            local_side[command.name] = {discord_name(p) for p in command.params if not p.local_only}
    assert local_side == discord_side


# ------------------------------------------------------------------------------------------ /game new
async def test_game_new_offers_every_games_options_from_their_specs(simcord_env):
    """``/game new`` as synced: ``game``, then each game's ``new_options`` (described with the
    games that take them), then the clock options; nothing listed by hand."""
    from railhead.bot.sync import payload as tree
    group = next(c for c in tree(simcord_env.bot) if c["name"] == "game")
    new = next(c for c in group["options"] if c["name"] == "new")
    options = {o["name"]: o for o in new["options"]}
    expected = ["game"] + [p.name for p, _ in registry.new_game_params()]
    assert list(options) == expected
    assert {"map", "barons", "standard", "objective", "first_player", "time_limit_hours"} <= set(options)
    assert options["map"]["description"] == "The map (/rotw, /steam)"
    assert options["map"]["autocomplete"] and options["game"]["autocomplete"]
    assert [c["value"] for c in options["bidding"]["choices"]][:2] == ["traditional", "first_to_pass"]
    assert options["bidding"]["choices"][0]["name"].startswith("Traditional: the winner pays")
    assert options["time_limit_hours"]["type"] == discord.AppCommandOptionType.number.value
    assert options["first_player"]["min_value"] == 0 and options["first_player"]["max_value"] == 3


def test_new_game_args_split_options_and_clock_and_refuse_another_games_option():
    options, clock = registry.new_game_args("rotw", {"map": "vistula-danube", "short_game": "true",
                                                     "time_limit_hours": "48", "reminders": None})
    assert options == {"map": "vistula-danube", "short_game": True}
    assert clock == {"time_limit_hours": 48.0}
    assert registry.new_game_args("railways", {"cards": "5 6 7 8"})[0] == {"cards": [5, 6, 7, 8]}
    assert registry.new_game_args("workers", {"first_player": "1"})[0] == {"first_player": 1}
    with pytest.raises(engine.IllegalAction, match="`standard` is an option of Steam, not of Railways of the World"):
        registry.new_game_args("rotw", {"standard": True})
    with pytest.raises(engine.IllegalAction, match="has no option `colour`"):
        registry.new_game_args("steam", {"colour": "red"})
    with pytest.raises(engine.IllegalAction, match="must be a number"):
        registry.new_game_args("steam", {"remind_hours": "soon"})


async def test_game_new_on_discord_and_at_the_local_table_open_the_same_game(simcord_env, tmp_path):
    """The same options by both roads give the same stored options and clocks."""
    from pathlib import Path

    from railhead.bot.local import LocalTable
    from railhead.bot.store import open_store
    from railhead.bot.table import Table

    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("steam")
    ann = guild.add_member(simcord_env.create_user("Ann"))
    await ann.slash(channel, "game new", game="steam", standard=True, first_order="auction", time_limit_hours=48.0)
    on_discord = await simcord_env.bot.store.active_game(channel.id)

    store = await open_store(str(tmp_path / "local.db"))
    local = LocalTable(Table(store, render=False, seeds=lambda: 1), Path(tmp_path / "boards"))
    refused = await local.handle("game new steam barons=true")
    assert refused == ["(only you see this) `barons` is an option of Railways of the World, not of Steam."]
    await local.handle("game new steam standard=true first_order=auction time_limit_hours=48")
    at_the_table = await store.active_game(1)
    assert on_discord.options == at_the_table.options
    assert on_discord.options["standard"] is True and on_discord.options["first_order"] == "auction"
    assert on_discord.timing == at_the_table.timing and on_discord.timing["limit_hours"] == 48.0
    await store.close()


def test_no_time_limit_can_be_said_at_game_new():
    """Found in review: `game new ... time_limit_hours=none` was refused as not a number, while
    `game timing` takes it."""
    assert registry.new_game_args("steam", {"time_limit_hours": "none"})[1] == {"time_limit_hours": None}
