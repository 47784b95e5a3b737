"""``/rotw``: Railways of the World moves, each handed to the table as a command
(bot/cogs/rotw/commands.py holds the command spec these mirror)."""
from __future__ import annotations

import discord
from discord import app_commands

from engine.common.goods import COLOURS

from ..base import Card, City, GameCog

COLOUR_CHOICES = [app_commands.Choice(name=c, value=c) for c in COLOURS]


class RailwaysOfTheWorld(GameCog, group_name="rotw", group_description="Railways of the World moves"):
    @app_commands.command(name="bid", description="Bid in the first-player auction (in thousands: 3 = $3,000)")
    async def bid(self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, 999]) -> None:
        await self.run(interaction, "bid", amount=amount)

    @app_commands.command(name="pass", description="Pass in the auction, or pass your action this round")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "pass")

    @app_commands.command(name="link", description="Build the cheapest single link between two cities (preview first)")
    @app_commands.rename(origin="from", destination="to")
    async def link(self, interaction: discord.Interaction, origin: City, destination: City) -> None:
        await self.run(interaction, "link", **{"from": origin, "to": destination})

    @app_commands.command(name="build",
                          description="Lay track along hexes, e.g. Köln J6 K6 L7 Frankfurt (preview first)")
    @app_commands.describe(path="Start city or your open end, then hexes (and the end city)",
                           toward="Hex the last tile points to, if the link stays unfinished")
    async def build(self, interaction: discord.Interaction, path: str, toward: str | None = None) -> None:
        await self.run(interaction, "build", path=path, toward=toward)

    @app_commands.command(name="deliver", description="Choose a goods cube to deliver from a menu")
    @app_commands.rename(origin="from")
    @app_commands.choices(colour=COLOUR_CHOICES)
    async def deliver(self, interaction: discord.Interaction, origin: City | None = None,
                      colour: str | None = None) -> None:
        await self.run(interaction, "deliver", **{"from": origin, "colour": colour})

    @app_commands.command(name="urbanize",
                          description="Turn a gray city into a New City colour ($10,000, preview first)")
    @app_commands.choices(colour=COLOUR_CHOICES)
    async def urbanize(self, interaction: discord.Interaction, city: City, colour: str) -> None:
        await self.run(interaction, "urbanize", city=city, colour=colour)

    @app_commands.command(name="baron", description="Your secret baron card; at the start, keep one of your two")
    @app_commands.describe(name="The baron to keep (at the start)")
    async def baron(self, interaction: discord.Interaction, name: str | None = None) -> None:
        await self.run(interaction, "baron", name=name)

    @app_commands.command(name="upgrade", description="Upgrade your engine one level")
    async def upgrade(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "upgrade")

    @app_commands.command(name="card", description="List the face-up operations cards, or take one")
    @app_commands.choices(colour=COLOUR_CHOICES)
    async def card(self, interaction: discord.Interaction, card: Card | None = None, city: City | None = None,
                   colour: str | None = None) -> None:
        await self.run(interaction, "card", card=card, city=city, colour=colour)

    @app_commands.command(name="use", description="Play a card you hold (Land Grant, Perfect Engineering, "
                                                  "Railroad Executive)")
    @app_commands.describe(card="Land Grant or Perfect Engineering before a build; Railroad Executive instead of "
                                "a bid")
    async def use(self, interaction: discord.Interaction, card: str) -> None:
        await self.run(interaction, "use", card=card)

    @app_commands.command(name="bonds", description="How bonds work and how many you hold")
    async def bonds(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "bonds")
