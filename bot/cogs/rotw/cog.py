"""``/rotw``: Railways of the World moves. Each command is translated into a table command."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from engine.common.goods import COLOURS
from engine.games.rotw.data import fold, load_map

from ...discord_io import answer, caller_of

COLOUR_CHOICES = [app_commands.Choice(name=c, value=c) for c in COLOURS]


class RailwaysOfTheWorld(commands.GroupCog, group_name="rotw", group_description="Railways of the World moves"):
    def __init__(self, bot: commands.Bot):
        self.bot = bot
        super().__init__()

    def _run(self, interaction: discord.Interaction, name: str, **args):
        args = {k: v for k, v in args.items() if v is not None}
        return answer(interaction, lambda: self.bot.table.command(caller_of(interaction), name, args))

    async def _cities(self, interaction: discord.Interaction, current: str):
        session = await self.bot.table.session(interaction.channel_id)
        map_id = session.state["options"]["map"] if session else "rhine-alps"
        cities = sorted(c.name for c in load_map(map_id).cities.values())
        return [app_commands.Choice(name=c, value=c) for c in cities if fold(current) in fold(c)][:25]

    @app_commands.command(name="bid", description="Bid in the first-player auction (in thousands: 3 = $3,000)")
    async def bid(self, interaction: discord.Interaction, amount: app_commands.Range[int, 1, 999]) -> None:
        await self._run(interaction, "bid", amount=amount)

    @app_commands.command(name="pass", description="Pass in the auction, or pass your action this round")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, "pass")

    @app_commands.command(name="link", description="Build the cheapest single link between two cities (preview first)")
    @app_commands.rename(origin="from", destination="to")
    async def link(self, interaction: discord.Interaction, origin: str, destination: str) -> None:
        await self._run(interaction, "link", **{"from": origin, "to": destination})

    @app_commands.command(name="build", description="Lay track along hexes, e.g. Köln J6 K6 L7 Frankfurt (preview first)")
    @app_commands.describe(path="Start city or your open end, then hexes (and the end city)",
                           toward="Hex the last tile points to, if the link stays unfinished")
    async def build(self, interaction: discord.Interaction, path: str, toward: str | None = None) -> None:
        await self._run(interaction, "build", path=path, toward=toward)

    @app_commands.command(name="deliver", description="Choose a goods cube to deliver from a menu")
    @app_commands.rename(origin="from")
    @app_commands.choices(colour=COLOUR_CHOICES)
    async def deliver(self, interaction: discord.Interaction, origin: str | None = None,
                      colour: str | None = None) -> None:
        await self._run(interaction, "deliver", **{"from": origin, "colour": colour})

    @app_commands.command(name="urbanize", description="Turn a gray city into a New City colour ($10,000, preview first)")
    @app_commands.choices(colour=COLOUR_CHOICES)
    async def urbanize(self, interaction: discord.Interaction, city: str, colour: str) -> None:
        await self._run(interaction, "urbanize", city=city, colour=colour)

    @app_commands.command(name="upgrade", description="Upgrade your engine one level")
    async def upgrade(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, "upgrade")

    @app_commands.command(name="card", description="List the face-up operations cards, or take one")
    @app_commands.choices(colour=COLOUR_CHOICES)
    async def card(self, interaction: discord.Interaction, card: str | None = None, city: str | None = None,
                   colour: str | None = None) -> None:
        await self._run(interaction, "card", card=card, city=city, colour=colour)

    @card.autocomplete("card")
    async def _cards(self, interaction: discord.Interaction, current: str):
        session = await self.bot.table.session(interaction.channel_id)
        if session is None:
            return []
        from engine.games.rotw.cards import describe

        mapdata = load_map(session.state["options"]["map"])
        cards = [describe(mapdata, c) for c in session.state["cards"]["face_up"]]
        return [app_commands.Choice(name=c["name"][:100], value=c["id"]) for c in cards
                if c["kind"] != "goal" and current.lower() in c["name"].lower()][:25]

    @app_commands.command(name="bonds", description="How bonds work and how many you hold")
    async def bonds(self, interaction: discord.Interaction) -> None:
        await self._run(interaction, "bonds")

    link.autocomplete("origin")(_cities)
    link.autocomplete("destination")(_cities)
    deliver.autocomplete("origin")(_cities)
    urbanize.autocomplete("city")(_cities)
    card.autocomplete("city")(_cities)
