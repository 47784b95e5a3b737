"""Shared pieces of the game cogs: autocomplete for cities and face-up cards from the channel's
public view (a spec ``Param`` names one in ``autocomplete``; bot/cogs/spec.py)."""
from __future__ import annotations

import discord
from discord import app_commands

from railhead.engine.common.names import fold

from ..replies import OPTION_TEXT, shorten


async def public_view(interaction: discord.Interaction) -> dict | None:
    """The public view of the interaction channel's game, or ``None`` when the channel has none."""
    session = await interaction.client.table.session(interaction.channel_id)
    return session.match.view(None) if session else None


class CityName(app_commands.Transformer):
    """A city of the channel's map: autocompletes names (any case, accents optional)."""

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        """The typed value unchanged (the engine resolves city names)."""
        return value

    async def autocomplete(self, interaction: discord.Interaction, value: str):
        """Up to 25 choices: the map's city names containing ``value`` (accents and case folded)."""
        view = await public_view(interaction)
        names = sorted(c["name"] for c in (view or {}).get("cities", {}).values())
        return [app_commands.Choice(name=n, value=n) for n in names if fold(value) in fold(n)][:25]


class CardName(app_commands.Transformer):
    """A face-up operations card that can be taken."""

    async def transform(self, interaction: discord.Interaction, value: str) -> str:
        """The chosen value unchanged (a card id, or the typed text)."""
        return value

    async def autocomplete(self, interaction: discord.Interaction, value: str):
        """Up to 25 choices: takeable face-up cards whose name contains ``value`` (accents and case
        folded; value: the id)."""
        view = await public_view(interaction)
        cards = (view or {}).get("cards", {}).get("face_up", [])
        return [app_commands.Choice(name=shorten(c["name"], OPTION_TEXT), value=c["id"]) for c in cards
                if c["kind"] != "goal" and fold(value) in fold(c["name"])][:25]


City = app_commands.Transform[str, CityName]
Card = app_commands.Transform[str, CardName]
AUTOCOMPLETES = {"city": City, "card": Card}    # ``Param.autocomplete`` names (bot/ui.py)
