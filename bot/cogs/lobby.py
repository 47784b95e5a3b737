"""``/game``: open, join, leave, start, inspect and abandon the channel's game."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

import engine
from engine.games.rotw.data import available_maps

from ..discord_io import answer, caller_of


class Lobby(commands.GroupCog, group_name="game", group_description="Railhead games in this channel"):
    def __init__(self, bot: commands.Bot):
        self.bot = bot
        super().__init__()

    @property
    def table(self):
        return self.bot.table

    @app_commands.command(name="new", description="Open a game in this channel; you take the first seat")
    @app_commands.describe(game="Which game", map="Map (Railways of the World)", short_game="2 fewer empty city markers")
    @app_commands.choices(game=[app_commands.Choice(name=g.name, value=g.id) for g in engine.GAMES.values()])
    async def new(self, interaction: discord.Interaction, game: str = "rotw", map: str | None = None,
                  short_game: bool = False) -> None:
        options = {"short_game": short_game}
        if map:
            options["map"] = map
        await answer(interaction, lambda: self.table.new(caller_of(interaction), game, options))

    @new.autocomplete("map")
    async def _maps(self, interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=m, value=m) for m in available_maps() if current.lower() in m][:25]

    @app_commands.command(name="join", description="Take a seat at this channel's game")
    async def join(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda: self.table.join(caller_of(interaction)))

    @app_commands.command(name="leave", description="Leave the table before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda: self.table.leave(caller_of(interaction)))

    @app_commands.command(name="start", description="Start the game (creator or Manage Channel)")
    async def start(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda: self.table.start(caller_of(interaction)))

    @app_commands.command(name="status", description="Scores, money and whose turn it is (only you see it)")
    async def status(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda: self.table.status(caller_of(interaction)))

    @app_commands.command(name="board", description="Post the current board in the channel")
    async def board(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda: self.table.board(caller_of(interaction)))

    @app_commands.command(name="abandon", description="End this channel's game without scoring (creator or Manage Channel)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda: self.table.abandon(caller_of(interaction)))
