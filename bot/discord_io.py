"""Turning table Replies into Discord messages, and the persistent button/select items.

Every interaction is deferred first (Discord wants an answer within 3 s). Public replies go
to the channel as a normal message (with the board attached and the turn's buttons);
private ones go back as ephemeral follow-ups. Buttons carry only a short token stored in
SQLite, so they keep working after a restart.
"""
from __future__ import annotations

import io
import logging
import re

import discord

from .replies import Button, Caller, Reply, Select

log = logging.getLogger("railhead.discord")
STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}
LIMIT = 2000


def caller_of(interaction: discord.Interaction) -> Caller:
    perms = interaction.permissions
    return Caller(channel_id=interaction.channel_id, user_id=interaction.user.id,
                  name=interaction.user.display_name, guild_id=interaction.guild_id,
                  can_manage=bool(perms and perms.manage_channels))


class OfferButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rh:o:(?P<token>[0-9a-f]+)"):
    """A button whose action is stored in the ``offers`` table under ``token``."""

    def __init__(self, token: str, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary):
        super().__init__(discord.ui.Button(label=label[:80], style=style, custom_id=f"rh:o:{token}"))
        self.token = token

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(match["token"], item.label or "…", item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        reply = await interaction.client.table.click(caller_of(interaction), self.token)
        await send(interaction, reply)


class OfferSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"rh:s:(?P<game>\d+):(?P<n>\d+)"):
    """A select menu whose option values are offer tokens."""

    def __init__(self, custom_id: str, placeholder: str = "Choose", options: list | None = None):
        select = discord.ui.Select(custom_id=custom_id, placeholder=placeholder[:150],
                                   options=options or [discord.SelectOption(label="…")])
        super().__init__(select)

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return cls(item.custom_id, item.placeholder or "Choose",
                   [discord.SelectOption(label=o.label, value=o.value) for o in item.options])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        token = interaction.data["values"][0]
        reply = await interaction.client.table.click(caller_of(interaction), token)
        await send(interaction, reply)


def make_view(components: list[Button | Select]) -> discord.ui.View | None:
    if not components:
        return None
    view = discord.ui.View(timeout=None)
    for c in components:
        if isinstance(c, Button):
            view.add_item(OfferButton(c.custom_id.split(":")[-1], c.label, STYLES[c.style]))
        else:
            options = [discord.SelectOption(label=label, value=value, description=desc or None)
                       for label, value, desc in c.options]
            view.add_item(OfferSelect(c.custom_id, c.placeholder, options))
    return view


def chunks(text: str) -> list[str]:
    out, current = [], ""
    for line in text.split("\n"):
        if len(current) + len(line) + 1 > LIMIT:
            out.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line[:LIMIT]
    return out + [current]


async def send(interaction: discord.Interaction, reply: Reply, *, slash: bool = False) -> None:
    """Deliver a Reply for an interaction that was already deferred."""
    parts = chunks(reply.text)
    view = make_view(reply.components)

    def files() -> list[discord.File]:
        return [discord.File(io.BytesIO(reply.image), filename=reply.image_name)] if reply.image else []

    if reply.ephemeral:
        for part in parts[:-1]:
            await interaction.followup.send(part, ephemeral=True)
        kwargs = {"view": view} if view else {}
        await interaction.followup.send(parts[-1], ephemeral=True, files=files(), **kwargs)
        return
    mentions = discord.AllowedMentions(users=[discord.Object(i) for i in reply.mentions], roles=False,
                                       everyone=False)
    channel = interaction.channel
    for part in parts[:-1]:
        await channel.send(part, allowed_mentions=mentions)
    kwargs = {"view": view} if view else {}
    await channel.send(parts[-1], files=files(), allowed_mentions=mentions, **kwargs)
    if slash:
        await interaction.delete_original_response()


async def answer(interaction: discord.Interaction, work) -> None:
    """Defer a slash command privately, run ``work()`` (a coroutine giving a Reply), deliver it."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    reply = await work()
    await send(interaction, reply, slash=True)
