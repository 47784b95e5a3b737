"""Discord's documented limits (bot/discord_limits.py): the whole command tree as the bot syncs it,
the checker itself (it refuses what Discord refuses), the hook that checks every request of every
simcord test (tests/conftest.py), and a refused sync that leaves the bot running (issue "Railhead
starts on real Discord")."""
import io
import logging

import discord
import pytest
from discord import app_commands
from typer.testing import CliRunner

from railhead.bot import registry
from railhead.bot.cli import app
from railhead.bot.discord_io import make_view, pages
from railhead.bot.discord_limits import (
    UPLOAD_MAX,
    check_command,
    check_commands,
    check_components,
    check_message,
    check_request,
    command_characters,
    valid_name,
)
from railhead.bot.replies import Button, Option, Select, shorten
from railhead.bot.sync import explain, payload, where

from .helpers_discord import table_in_channel, table_of


def command(description="A command", options=()):
    return {"name": "test", "type": 1, "description": description, "options": list(options)}


def option(name="opt", description="An option", **extra):
    return {"name": name, "type": 3, "description": description, **extra}


def select(n, **extra):
    return {"type": 1, "components": [{"type": 3, "custom_id": "s", "options": [
        {"label": f"Option {i}", "value": str(i)} for i in range(n)], **extra}]}


def button(label="Go", custom_id="b"):
    return {"type": 2, "style": 1, "label": label, "custom_id": custom_id}


# ------------------------------------------------------------------ the command tree
async def test_the_whole_command_tree_is_within_discords_limits(simcord_env):
    commands = payload(simcord_env.bot)
    assert check_commands(commands) == []
    groups = {c["name"] for c in commands}
    assert {"game", *(ui.prefix for ui in registry.UIS.values())} <= groups
    subcommands = [(c["name"], o) for c in commands for o in c.get("options", []) if o["type"] == 1]
    assert len(subcommands) > 50                     # every command of every game is in the payload
    for group, sub in subcommands:
        assert 1 <= len(sub["description"]) <= 100, (group, sub["name"], len(sub["description"]))
    assert max(command_characters(c) for c in commands) < 4000


# ------------------------------------------------------------------ the checker is not vacuous
def test_a_101_character_description_is_refused():
    assert check_command(command("x" * 100)) == []
    assert check_command(command("x" * 101)) == ["/test.description: 101 characters (allowed 1-100)"]
    assert check_command(command(options=[option(description="y" * 101)]))
    assert check_command(command(""))


def test_names_options_choices_and_the_4000_total_are_checked():
    assert valid_name("deliver") and valid_name("time_limit_hours") and valid_name("köln")
    assert not valid_name("Deliver") and not valid_name("two words") and not valid_name("x" * 33)
    assert check_command(command(options=[option(f"o{i}") for i in range(25)])) == []
    assert "26 options" in " ".join(check_command(command(options=[option(f"o{i}") for i in range(26)])))
    choices = [{"name": f"choice {i}", "value": f"v{i}"} for i in range(26)]
    assert "26 choices" in " ".join(check_command(command(options=[option(choices=choices)])))
    late = [option("a", required=False), option("b", required=True)]
    assert "after an optional one" in " ".join(check_command(command(options=late)))
    big = command("d" * 100, [option(f"o{i}", "e" * 100, choices=[{"name": "n" * 100, "value": "v" * 60}] * 2)
                              for i in range(25)])
    assert any("characters in names, descriptions and choices" in e for e in check_command(big))
    assert "101 global slash commands" in " ".join(check_commands([dict(command(), name=f"c{i}")
                                                                   for i in range(101)]))


def test_a_2001_character_message_is_refused():
    assert check_message({"content": "x" * 2000}) == []
    assert check_message({"content": "x" * 2001}) == ["content: 2001 characters (at most 2000)"]
    assert check_message({"content": ""}) == ["an empty message (no content, embed, component, file or sticker)"]


def test_a_26_option_select_is_refused():
    assert check_components([select(25)]) == []
    assert check_components([select(26)]) == ["components[0][0].options: 26 options (allowed 1-25)"]
    assert check_components([select(0)])


def test_components_embeds_mentions_flags_and_files_are_checked():
    assert check_components([{"type": 1, "components": [button(custom_id=f"b{i}") for i in range(5)]}]) == []
    assert "6 buttons" in " ".join(check_components([{"type": 1, "components": [
        button(custom_id=f"b{i}") for i in range(6)]}]))
    assert "6 action rows" in " ".join(check_components([{"type": 1, "components": [button(custom_id=f"r{i}")]}
                                                         for i in range(6)]))
    assert "label: 81" in " ".join(check_components([{"type": 1, "components": [button("x" * 81)]}]))
    assert "custom_id: 101" in " ".join(check_components([{"type": 1, "components": [button(custom_id="c" * 101)]}]))
    assert "twice" in " ".join(check_components([{"type": 1, "components": [button(), button()]}]))
    assert "placeholder: 151" in " ".join(check_components([select(3, placeholder="p" * 151)]))
    long_option = select(1)
    long_option["components"][0]["options"][0]["description"] = "d" * 101
    assert "description: 101" in " ".join(check_components([long_option]))
    assert "max_values 4 with 3 options" in " ".join(check_components([select(3, max_values=4)]))
    assert "shares its row" in " ".join(check_components([{"type": 1, "components": [
        select(2)["components"][0], button()]}]))
    embed = {"title": "t" * 257, "description": "d" * 4097, "fields": [{"name": "n", "value": "v" * 1025}]}
    problems = " ".join(check_message({"embeds": [embed]}))
    assert "title: 257" in problems and "description: 4097" in problems and "value: 1025" in problems
    assert "11 embeds" in " ".join(check_message({"embeds": [{"title": "t"}] * 11}))
    assert "6000" in " ".join(check_message({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}))
    assert "EPHEMERAL on a channel message" in " ".join(check_message({"content": "x", "flags": 64}))
    assert check_message({"content": "x", "flags": 64}, interaction=True) == []
    assert "both in parse and listed" in " ".join(check_message(
        {"content": "x", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}))
    big = discord.File(io.BytesIO(b"\0" * (UPLOAD_MAX + 1)), filename="board.png")
    assert "at most 10,485,760" in " ".join(check_message({"content": "x"}, [big]))
    files = [discord.File(io.BytesIO(b"png"), filename=f"b{i}.png") for i in range(11)]
    assert "files: 11" in " ".join(check_message({"content": "x"}, files))
    assert "the name" in " ".join(check_message({"content": "x"}, [discord.File(io.BytesIO(b"1"), "a b.png")]))
    modal = {"type": 9, "data": {"title": "t" * 46, "custom_id": "m", "components": []}}
    assert len(check_request("POST", "/interactions/1/tok/callback", modal)) == 2


def test_requests_are_routed_to_the_right_check():
    assert check_request("PUT", "/applications/1/commands", [command("x" * 101)])
    assert check_request("POST", "/channels/1/messages", {"content": "x" * 2001})
    assert check_request("PATCH", "/channels/1/messages/2", {"content": "x" * 2001})
    assert check_request("PATCH", "/webhooks/1/tok/messages/@original", {"content": "x" * 2001})
    assert check_request("POST", "/webhooks/1/tok", {"content": "x" * 2001, "flags": 64})
    assert check_request("POST", "/interactions/1/tok/callback", {"type": 4, "data": {"content": "x" * 2001}})
    assert check_request("POST", "/interactions/1/tok/callback", {"type": 8, "data": {"choices": [
        {"name": "c", "value": "v"}] * 26}})
    assert check_request("POST", "/interactions/1/tok/callback", {"type": 5, "data": {"flags": 64}}) == []
    assert check_request("PATCH", "/channels/1/messages/2", {"components": []}) == []     # an edit may clear
    assert check_request("GET", "/users/@me", None) == []


# ------------------------------------------------------------------ the hook over simcord
async def test_the_hook_refuses_what_discord_would_refuse(simcord_env, discord_limits):
    guild = simcord_env.create_guild()
    channel = simcord_env.bot.get_channel(guild.create_text_channel("limits").id)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send("x" * 2001)
    assert refused.value.code == 50035
    view = discord.ui.View()
    view.add_item(discord.ui.Select(custom_id="s", options=[discord.SelectOption(label=str(i)) for i in range(26)]))
    with pytest.raises(discord.HTTPException):
        await channel.send("Choose", view=view)
    assert [r.split(": ", 1)[1] for r in discord_limits.expect()] == [
        "content: 2001 characters (at most 2000)", "components[0][0].options: 26 options (allowed 1-25)"]
    await channel.send("x" * 2000)                   # the edge itself is fine
    assert discord_limits.checked > 3 and discord_limits.refused == []


# ------------------------------------------------------------------ long texts
def test_long_texts_split_between_lines_and_words():
    text = "\n".join(f"Line {i}: " + "word " * 30 for i in range(200))
    parts = pages(text)
    assert len(parts) > 1 and all(len(p) <= 2000 for p in parts)
    assert "\n".join(parts).split() == text.split()                   # nothing lost or cut mid-word
    one_line = "wagon " * 900
    parts = pages(one_line)
    assert all(len(p) <= 2000 for p in parts) and " ".join(parts).split() == one_line.split()


def test_component_texts_are_shortened_with_an_ellipsis_at_a_word():
    option = Option("red cube: " + " → ".join(["Sankt Pölten"] * 12), {"type": "x"}, "track points: " + "Ann 1, " * 30)
    assert len(option.label) <= 100 and option.label.endswith(" Sankt Pölten…")
    assert len(option.description) <= 100 and option.description.endswith("1…")
    assert len(Button("Keep " + "Cornelius Vanderbilt " * 5, {}).label) <= 80
    assert len(Select("p" * 200, []).placeholder) == 150
    assert shorten("short", 100) == "short"
    assert shorten("Upgrade engine to level 2", 16) == "Upgrade engine…"


# ------------------------------------------------------------------ a refused sync
async def restart_with_a_new_command(env, make_bot, caplog, description: str) -> list[str]:
    """Restart the bot (a new process on the same database) with one more slash command, so that
    it syncs at start; returns the sync's error log lines."""
    bot = make_bot()

    async def extra(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hello")

    bot.tree.add_command(app_commands.Command(name="extra", description=description, callback=extra))
    caplog.set_level(logging.INFO, "railhead.sync")
    await env.bot.store.close()                 # the old process ends (and releases the database)
    env.bot.store = None
    await env.restart_bot(bot)
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_tree_over_the_limits_is_not_sent_and_the_bot_keeps_running(simcord_env, make_bot, caplog):
    channel, (ann, bob) = await table_in_channel(simcord_env, "rotw", ["Ann", "Bob"], "sync", 3, barons=False)
    refusals = await restart_with_a_new_command(simcord_env, make_bot, caplog, "x" * 101)
    assert refusals == ["Discord refused the slash commands, so it keeps the ones it already has: "
                        "/extra.description: 101 characters (allowed 1-100)."]
    result = await ann.slash(channel, "game status")            # the commands Discord had still work
    assert "Railways of the World" in (result.followups[-1] if result.followups else result.response).content


async def test_a_sync_discord_refuses_leaves_the_bot_running(simcord_env, make_bot, caplog):
    channel, (ann, bob) = await table_in_channel(simcord_env, "rotw", ["Ann", "Bob"], "sync", 3, barons=False)
    simcord_env.inject_error("PUT", "/applications/*/commands", status=400, code=50035, message="Invalid Form Body")
    refusals = await restart_with_a_new_command(simcord_env, make_bot, caplog, "A new command")
    assert refusals == ["Discord refused the slash commands, so it keeps the ones it already has: "
                        "HTTP 400, error 50035: Invalid Form Body."]
    await ann.click(table_of(channel), label="Bid $1,000")        # the game goes on
    assert "Ann bids $1,000" in channel.last_message.content


def refusal(path: str, message: str) -> discord.HTTPException:
    class Response:
        status, reason = 400, "Bad Request"
    errors: dict = {}
    node = errors
    for part in path.split("."):
        node = node.setdefault(part, {})
    node["_errors"] = [{"code": "BASE_TYPE_MAX_LENGTH", "message": message}]
    return discord.HTTPException(Response(), {"code": 50035, "message": "Invalid Form Body", "errors": errors})


def test_discords_error_path_is_named_in_command_words():
    commands = [{"name": "game", "options": [{"name": "new"}]},
                {"name": "rotw", "options": [{"name": "bid"}, {"name": "use", "options": [{"name": "card"}]}]}]
    assert where("1.options.1.description", commands) == "/rotw use.description"
    assert where("1.options.1.options.0.name", commands) == "/rotw use card.name"
    assert where("0.description", commands) == "/game.description"
    assert str(explain(refusal("1.options.1.description", "Must be 100 or fewer in length."), commands)) == (
        "Discord refused the slash commands, so it keeps the ones it already has: /rotw use.description: "
        "Must be 100 or fewer in length.")


def test_railhead_sync_prints_the_sentence_and_exits_1(db_path, monkeypatch):
    async def login(self, token):
        await self.setup_hook()                # loads the cogs, as a real login does

    async def sync(self, *, guild=None):
        commands = [c.to_dict(self) for c in self.get_commands()]
        rotw = next(i for i, c in enumerate(commands) if c["name"] == "rotw")
        use = next(i for i, o in enumerate(commands[rotw]["options"]) if o["name"] == "use")
        raise refusal(f"{rotw}.options.{use}.description", "Must be 100 or fewer in length.")

    monkeypatch.setenv("DISCORD_TOKEN", "fake.token.for-tests")
    monkeypatch.setattr(discord.Client, "login", login)
    monkeypatch.setattr(app_commands.CommandTree, "sync", sync)
    result = CliRunner().invoke(app, ["sync", "--db", db_path])
    assert result.exit_code == 1, result.output
    assert result.stderr.strip() == ("Discord refused the slash commands, so it keeps the ones it already has: "
                                     "/rotw use.description: Must be 100 or fewer in length.")


def test_a_view_never_holds_more_than_discord_allows(caplog):
    too_many = [Button(f"Button {i}", {}, custom_id=f"rh:o:{i:x}") for i in range(27)]
    too_many.insert(0, Select("Choose", [Option(f"Option {i}", {}, value=f"{i:x}") for i in range(30)],
                              custom_id="rh:s:ab"))
    view = make_view(too_many)
    assert check_components(view.to_components()) == []
    assert "no room for" in caplog.text and "has 30 options" in caplog.text
