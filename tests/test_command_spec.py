"""One declarative spec per game (issue 19): each game's slash command group is generated from
its command spec (bot/cogs/spec.py), so Discord and the local table offer the same commands with
the same options, and the tree stays within Discord's limits."""
import discord
import pytest
from discord import app_commands

import engine
from bot import create_bot, registry
from bot.cogs.spec import discord_name, game_group, slash_command, slash_params
from bot.discord_limits import check_commands
from bot.sync import payload
from bot.ui import Command, Param

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
    assert tree_payload["railways"]["contexts"] == [0, 1, 2]
    assert tree_payload["rotw"]["contexts"] is None


async def test_the_callback_hands_named_options_to_the_table(monkeypatch):
    """Options left out are dropped; ``from`` (a Python keyword) reaches the table as ``from``."""
    handed = []

    async def fake_answer(interaction, call):
        handed.append(call())

    class FakeTable:
        def command(self, caller, name, args):
            return (caller, name, args)

    monkeypatch.setattr("bot.cogs.spec.answer", fake_answer)
    monkeypatch.setattr("bot.cogs.spec.caller_of", lambda interaction: "caller")
    spec = Command("deliver", "deliver a cube", None, (Param("from", str, "a city"), Param("n", int, "a number")))
    command = slash_command("test", spec)
    assert isinstance(command, app_commands.Command)
    interaction = type("Interaction", (), {"client": type("Client", (), {"table": FakeTable()})()})()
    await command.callback(interaction, from_="Lodi", n=None)
    assert handed == [("caller", "deliver", {"from": "Lodi"})]
