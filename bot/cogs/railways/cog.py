"""``/railways``: Railways (solo) moves, each handed to the table as a command
(bot/cogs/railways/commands.py holds the command spec these mirror). Usable in a server
channel and in a DM with the bot."""
from __future__ import annotations

import discord
from discord import app_commands

from ..base import GameCog

SLOTS = "Slots to play, like 1.2 2.3 (leave out for a menu of the ways to pay)"


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class Railways(GameCog, group_name="railways", group_description="Railways (solo) moves"):
    @app_commands.command(name="place", description="Put a passenger die on a building (setup)")
    @app_commands.describe(at="A printed building's space, like A2", passengers="3 or 2")
    async def place(self, interaction: discord.Interaction, at: str | None = None,
                    passengers: app_commands.Range[int, 1, 6] | None = None) -> None:
        await self.run(interaction, "place", at=at, passengers=passengers)

    @app_commands.command(name="buy", description="Buy a complete rail link")
    @app_commands.describe(link="A link by its end rail spaces, like E2-G2", slots=SLOTS)
    async def buy(self, interaction: discord.Interaction, link: str | None = None, slots: str | None = None) -> None:
        await self.run(interaction, "buy", link=link, slots=slots)

    @app_commands.command(name="build", description="Build a Building die (a menu of spaces without arguments)")
    @app_commands.describe(at="A space, like D3", die="The Building die: 2, 3 or 4 passengers", slots=SLOTS)
    async def build(self, interaction: discord.Interaction, at: str | None = None,
                    die: app_commands.Range[int, 1, 6] | None = None, slots: str | None = None) -> None:
        await self.run(interaction, "build", at=at, die=die, slots=slots)

    @app_commands.command(name="move", description="Move a passenger along your links (a menu of trips)")
    @app_commands.rename(origin="from")
    @app_commands.describe(origin="The space of the passenger's die", slots=SLOTS)
    async def move(self, interaction: discord.Interaction, origin: str | None = None,
                   slots: str | None = None) -> None:
        await self.run(interaction, "move", **{"from": origin, "slots": slots})

    @app_commands.command(name="hire", description="Hire a railworker")
    @app_commands.describe(slots=SLOTS)
    async def hire(self, interaction: discord.Interaction, slots: str | None = None) -> None:
        await self.run(interaction, "hire", slots=slots)

    @app_commands.command(name="capital", description="Increase your capital")
    @app_commands.describe(slots=SLOTS)
    async def capital(self, interaction: discord.Interaction, slots: str | None = None) -> None:
        await self.run(interaction, "capital", slots=slots)

    @app_commands.command(name="clean", description="Decrease pollution by one")
    @app_commands.describe(slots=SLOTS)
    async def clean(self, interaction: discord.Interaction, slots: str | None = None) -> None:
        await self.run(interaction, "clean", slots=slots)

    @app_commands.command(name="add", description="Add a passenger to a building")
    @app_commands.describe(at="A building's space", slots=SLOTS)
    async def add(self, interaction: discord.Interaction, at: str | None = None, slots: str | None = None) -> None:
        await self.run(interaction, "add", at=at, slots=slots)

    @app_commands.command(name="upgrade", description="Upgrade a bought link (its capital counts double)")
    @app_commands.describe(link="A link by its end rail spaces, like E2-G2", slots=SLOTS)
    async def upgrade(self, interaction: discord.Interaction, link: str | None = None,
                      slots: str | None = None) -> None:
        await self.run(interaction, "upgrade", link=link, slots=slots)

    @app_commands.command(name="end", description="End the decade after your first action")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "end")

    @app_commands.command(name="hand", description="Your cards and their slots")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, "hand")
