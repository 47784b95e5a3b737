"""A game's slash command group, generated from its command spec (``GameUI.commands``).

The spec (``bot.ui.Command`` and ``Param``) is the one source of a game's commands: it builds
the local table's parser and help, and here the Discord group. Each spec command becomes an
``app_commands.Command`` whose callback hands the given options to the table, as a typed
command does; a ``local_only`` command or argument is left out.
"""
from __future__ import annotations

import inspect
import keyword
from typing import Any

import discord
from discord import app_commands

from ..discord_io import answer, caller_of
from ..ui import Command, GameUI, Param
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
    if param.kind is int and (param.min is not None or param.max is not None):
        return app_commands.Range[int, param.min, param.max]
    if param.kind not in (str, int, bool):
        raise ValueError(f"{param.name}: a Discord option is str, int or bool, not {param.kind!r}")
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
    callback.__signature__ = inspect.Signature([
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
        *(inspect.Parameter(ident, inspect.Parameter.KEYWORD_ONLY, annotation=_annotation(p),
                            default=inspect.Parameter.empty if p.required else None)
          for ident, p in idents.items())])
    func: Any = callback
    func = app_commands.describe(**{ident: discord_description(p.description, p.discord_description)
                                    for ident, p in idents.items()})(func)
    renames = {ident: discord_name(p) for ident, p in idents.items() if discord_name(p) != ident}
    if renames:
        func = app_commands.rename(**renames)(func)
    choices = {ident: [app_commands.Choice(name=c, value=c) for c in p.choices]
               for ident, p in idents.items() if p.choices}
    if choices:
        func = app_commands.choices(**choices)(func)
    return app_commands.Command(name=command.name, callback=func,
                                description=discord_description(command.description, command.discord_description))


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
    """The slash command group of a game's UI: ``slash_group`` with the UI's ``group_description``;
    usable in DMs with the bot too when the UI says so (``in_dms``: a solo game)."""
    options = {"allowed_contexts": app_commands.AppCommandContext(guild=True, dm_channel=True,
                                                                  private_channel=True)} if ui.in_dms else {}
    return slash_group(ui, ui.group_description, **options)
