"""A game's slash command group, generated from its command spec (``GameUI.commands``).

The spec (``bot.ui.Command`` and ``Param``) is the one source of a game's commands: it builds
the local table's parser and help, and here the Discord group. Each spec command becomes an
``app_commands.Command`` whose callback hands the given options to the table, as a typed
command does; a ``local_only`` command or argument is left out.
"""
from __future__ import annotations

import inspect
import keyword
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from railhead.engine.common.names import fold

from .. import registry
from ..choosing import known_players
from ..discord_io import answer, caller_of
from ..replies import OPTION_TEXT, shorten
from ..ui import Command, GameUI, Param, Suggestion
from .base import AUTOCOMPLETES


def discord_name(param: Param) -> str:
    """The Discord option's name for ``param``."""
    return param.discord_name or param.name


def discord_description(text: str, override: str) -> str:
    """``override``, or ``text`` with a capital letter: a Discord description."""
    return override or text[:1].upper() + text[1:]


def slash_params(command: Command) -> list[Param]:
    """The arguments of ``command`` that Discord offers, in order."""
    return [p for p in command.params if not p.local_only]


def _annotation(param: Param) -> Any:
    if param.autocomplete:
        if param.kind is not str or param.autocomplete not in AUTOCOMPLETES:
            raise ValueError(f"{param.name}: unknown autocomplete {param.autocomplete!r} for a {param.kind.__name__}")
        return AUTOCOMPLETES[param.autocomplete]
    if param.kind in (int, float) and (param.min is not None or param.max is not None):
        return app_commands.Range[param.kind, param.min, param.max]
    if param.kind not in (str, int, float, bool):
        raise ValueError(f"{param.name}: a Discord option is str, int, float or bool, not {param.kind!r}")
    return param.kind


def _identifier(name: str) -> str:
    return name + "_" if keyword.iskeyword(name) or not name.isidentifier() else name


def slash_command(prefix: str, command: Command) -> app_commands.Command:
    """The slash command ``/prefix command.name``: one option per argument Discord offers, and a
    callback that hands the given options (those left out dropped) to ``bot.table.command``.
    Raises ``ValueError`` for an argument Discord cannot take."""
    params = slash_params(command)
    idents = {_identifier(p.name): p for p in params}

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        args = {idents[k].name: v for k, v in values.items() if v is not None}
        await answer(interaction, lambda: interaction.client.table.command(caller_of(interaction), command.name,
                                                                           args))

    callback.__name__ = callback.__qualname__ = f"{prefix}_{_identifier(command.name)}"
    callback.__doc__ = None
    callback.__signature__ = _signature(idents, [])
    func: Any = callback
    func = app_commands.describe(**{ident: discord_description(p.description, p.discord_description)
                                    for ident, p in idents.items()})(func)
    renames = {ident: discord_name(p) for ident, p in idents.items() if discord_name(p) != ident}
    if renames:
        func = app_commands.rename(**renames)(func)
    func = _with_choices(func, idents)
    return app_commands.Command(name=command.name, callback=func,
                                description=discord_description(command.description, command.discord_description))


def _with_choices(func: Any, idents: dict[str, Param]) -> Any:
    """``func`` with Discord choices for the parameters that have ``choices`` (named by their
    ``labels`` when given)."""
    choices = {ident: [app_commands.Choice(name=label, value=value)
                       for value, label in zip(p.choices, p.labels or p.choices, strict=True)]
               for ident, p in idents.items() if p.choices}
    return app_commands.choices(**choices)(func) if choices else func


def _signature(idents: dict[str, Param], first: list[inspect.Parameter]) -> inspect.Signature:
    return inspect.Signature([
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
        *first,
        *(inspect.Parameter(ident, inspect.Parameter.KEYWORD_ONLY, annotation=_annotation(p),
                            default=inspect.Parameter.empty if p.required else None)
          for ident, p in idents.items())])


NewGame = Callable[[discord.Interaction, str, dict[str, Any]], Awaitable[Any]]


def new_game_command(params: list[tuple[Param, tuple[str, ...]]], game_names: dict[str, str],
                     run: NewGame) -> app_commands.Command:
    """``/game new``: ``game`` (autocompleted from ``game_names``, id -> name; default ``rotw``),
    then one option per ``params`` entry (``bot.registry.new_game_params``: a game's option is
    described with the command groups of the games that take it, ``(/rotw, /steam)``, and
    autocompletes from the chosen game's ``suggest``). The callback hands ``run(interaction, game
    id, {name: value given})``."""
    idents = {_identifier(p.name): p for p, _ in params}
    takers = {_identifier(p.name): ids for p, ids in params}

    async def callback(interaction: discord.Interaction, game: str = "rotw", **values: Any) -> None:
        await run(interaction, game, {idents[k].name: v for k, v in values.items() if v is not None})

    callback.__name__ = callback.__qualname__ = "game_new"
    callback.__doc__ = None
    callback.__signature__ = _signature(idents, [inspect.Parameter(
        "game", inspect.Parameter.KEYWORD_ONLY, annotation=str, default="rotw")])
    func: Any = callback

    def described(ident: str, p: Param) -> str:
        text = discord_description(p.description, p.discord_description)
        # the games' command groups (``/rotw``), short: Discord counts every character of /game
        return f"{text} (/{', /'.join(takers[ident])})" if takers[ident] else text

    func = app_commands.describe(game="Which game", **{i: described(i, p) for i, p in idents.items()})(func)
    func = _with_choices(func, idents)
    command = app_commands.Command(name="new", callback=func,
                                   description="Open a game in this channel; you take the first seat")

    @command.autocomplete("game")
    async def _games(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=name, value=gid) for gid, name in game_names.items()
                if current.lower() in name.lower() or current.lower() in gid][:25]

    for ident, p in idents.items():
        if p.suggest is not None:
            command.autocomplete(ident)(_suggester(p.name, params))
    return command


def _suggester(name: str, params: list[tuple[Param, tuple[str, ...]]]):
    """Autocomplete for option ``name`` of ``/game new``: the values the chosen game suggests
    (``game`` typed so far, default ``rotw``), matched with what is typed (any case, accents
    optional); a game's ``suggest_for`` is asked with the channel's player count when known
    (``choosing.known_players``) and labels its values."""
    async def suggest(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        gid = getattr(interaction.namespace, "game", None) or "rotw"
        ui = registry.UIS.get(gid)
        param = next((p for p in (ui.new_options if ui else ()) if p.name == name and p.suggest), None)
        if param is not None and param.suggest_for is not None:
            players = await known_players(interaction.client.table, interaction.channel_id)
            found = list(param.suggest_for(players))
        else:
            found = [Suggestion(v, v) for v in (param.suggest() if param else ())]
        typed = fold(current)
        return [app_commands.Choice(name=shorten(s.label, OPTION_TEXT), value=s.value) for s in found
                if typed in fold(s.value) or typed in fold(s.words)][:25]
    return suggest


def slash_group(ui: GameUI, description: str, **group_options: Any) -> app_commands.Group:
    """``/ui.prefix``: one slash command per spec command Discord offers (``slash_command``).
    ``group_options`` pass through to ``app_commands.Group`` (``allowed_contexts``). Raises
    ``ValueError`` for an argument Discord cannot take."""
    group = app_commands.Group(name=ui.prefix, description=description, **group_options)
    for command in ui.commands.values():
        if not command.local_only:
            group.add_command(slash_command(ui.prefix, command))
    return group


def game_group(ui: GameUI) -> app_commands.Group:
    """The slash command group of a game's UI: ``slash_group`` with the UI's ``group_description``.
    Installed with the bot in a server only (a game posts in its channel, where a user install
    cannot); usable in servers, and in DMs with the bot too when the UI says so (``in_dms``: a solo
    game). Never in private channels (group DMs, other DMs): only a command installed to a user
    reaches them, and of Railhead's only ``/railhead`` is (bot/cogs/railhead.py)."""
    return slash_group(ui, ui.group_description,
                       allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
                       allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=ui.in_dms,
                                                                       private_channel=False))
