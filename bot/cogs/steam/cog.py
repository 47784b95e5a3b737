"""``/steam``: Steam moves, each handed to the table as a command (bot/cogs/steam/commands.py holds
the command spec these mirror). Tiles, deliveries and income/VP choices are mostly menus and
buttons; these commands do the same with arguments."""
from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands

from ..base import GameCog

Colour = Literal["red", "yellow", "blue", "purple", "gray"]


class Steam(GameCog, group_name="steam", group_description="Steam moves"):
    @app_commands.command(name="tile", description="List the action tiles, or take one")
    @app_commands.describe(tile="An action tile, e.g. Engineer", pass_option="Take it without paying or acting")
    async def tile(self, interaction: discord.Interaction, tile: str | None = None,
                   pass_option: bool | None = None) -> None:
        await self.run(interaction, "tile", tile=tile, pass_option=pass_option)

    @app_commands.command(name="build", description="Lay track (preview first): a hex and its exits, e.g. F7 W E")
    @app_commands.describe(hex="A hex like F7, or a town (none: the menu of hexes)",
                           exits="Hex sides: E SE SW W NW NE (none: the menu of ways)")
    async def build(self, interaction: discord.Interaction, hex: str | None = None, exits: str | None = None) -> None:
        await self.run(interaction, "build", hex=hex, exits=exits)

    @app_commands.command(name="redirect", description="Turn the last tile of an unfinished link (preview first)")
    @app_commands.describe(hex="The hex of the tile (none: the menu)", exits="Its new exits (none: the menu)")
    async def redirect(self, interaction: discord.Interaction, hex: str | None = None,
                       exits: str | None = None) -> None:
        await self.run(interaction, "redirect", hex=hex, exits=exits)

    @app_commands.command(name="grow", description="City Growth: a city's goods supply cubes onto it")
    async def grow(self, interaction: discord.Interaction, city: str) -> None:
        await self.run(interaction, "grow", city=city)

    @app_commands.command(name="urbanize", description="Urbanization: a New City tile on a town")
    @app_commands.describe(tile="A New City letter (A-H) or colour")
    async def urbanize(self, interaction: discord.Interaction, town: str, tile: str) -> None:
        await self.run(interaction, "urbanize", town=town, tile=tile)

    @app_commands.command(name="produce", description="Production: 2 cubes onto empty goods supply spaces")
    @app_commands.describe(spaces="Two empty spaces, like 3 A")
    async def produce(self, interaction: discord.Interaction, spaces: str) -> None:
        await self.run(interaction, "produce", spaces=spaces)

    @app_commands.command(name="done", description="End your build")
    async def done(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "done")

    @app_commands.command(name="deliver", description="Menu of the goods cubes you can deliver")
    async def deliver(self, interaction: discord.Interaction, origin: str | None = None,
                      colour: Colour | None = None) -> None:
        await self.run(interaction, "deliver", **{"from": origin, "colour": colour})

    @app_commands.command(name="locomotive", description="Improve your locomotive instead of moving a cube")
    async def locomotive(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "locomotive")

    @app_commands.command(name="pass", description="Pass (an auction, or a move goods round)")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "pass")

    @app_commands.command(name="bid", description="Bid in dollars for the turn order")
    async def bid(self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, 999]) -> None:
        await self.run(interaction, "bid", amount=amount)

    @app_commands.command(name="score", description="Take your track points as income or VP")
    async def score(self, interaction: discord.Interaction, take: Literal["income", "vp"]) -> None:
        await self.run(interaction, "score", take=take)

    @app_commands.command(name="capital", description="Standard game: raise $5 per step down the income track")
    async def capital(self, interaction: discord.Interaction, steps: app_commands.Range[int, 0, 20]) -> None:
        await self.run(interaction, "capital", steps=steps)
