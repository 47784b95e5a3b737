"""Turning table Replies into Discord messages, and the persistent button/select items.

Every interaction is deferred first (Discord wants an answer within 3 s). A Reply's channel
message goes to the game's channel (with the board and the turn's buttons), the caller's part
as an ephemeral answer (``edit_original_response`` for slash commands), and private messages
by DM. A DM refused with error 50007 marks the seat (the table posts a neutral notice once)
and never holds the game up. Buttons carry only a short token stored in SQLite, so they keep
working after a restart. Errors in callbacks reach the player as an ephemeral message.
"""
from __future__ import annotations

import asyncio
import hashlib
import io
import logging
import re
from datetime import UTC, datetime

import discord
from discord.ext import commands

from .replies import BUTTON_LABEL, PLACEHOLDER, Button, Caller, Message, Picture, Reply, Select, TableCard, shorten

log = logging.getLogger("railhead.discord")
STYLES = {"primary": discord.ButtonStyle.primary, "secondary": discord.ButtonStyle.secondary,
          "success": discord.ButtonStyle.success, "danger": discord.ButtonStyle.danger}
LIMIT = 2000
V2_COMPONENTS = 40       # Discord's limit on a Components V2 message, nested components counted
SCROLLED = 20            # the table is re-posted once this many messages came after it (the players' guide)
NO_PINGS = discord.AllowedMentions.none()
OOPS = ("Something went wrong on our side. If you were making a move, `/game status` shows whether it counted; "
        "please try again.")


def caller_of(interaction: discord.Interaction) -> Caller:
    """Who sent ``interaction``, from where, and whether they have Manage Channel (a ``Caller``)."""
    perms = interaction.permissions
    return Caller(channel_id=interaction.channel_id, user_id=interaction.user.id,
                  name=interaction.user.display_name, guild_id=interaction.guild_id,
                  can_manage=bool(perms and perms.manage_channels),
                  dm=isinstance(interaction.channel, discord.DMChannel), sent_at=interaction.created_at,
                  received_at=interaction.extras.get("received_at"))


def received(interaction: discord.Interaction) -> None:
    """Note when this host received ``interaction`` (``Caller.received_at``), before deferring it
    or waiting on a game's lock: how long it then waits must not make it look sent later."""
    interaction.extras.setdefault("received_at", datetime.now(UTC))


class OfferButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rh:o:(?P<token>[0-9a-f]+)"):
    """A button whose action is stored in the ``offers`` table under ``token``."""

    def __init__(self, token: str, label: str = "…", style: discord.ButtonStyle = discord.ButtonStyle.secondary):
        super().__init__(discord.ui.Button(label=shorten(label, BUTTON_LABEL), style=style, custom_id=f"rh:o:{token}"))
        self.token = token

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        """Rebuild the button from a pressed component (after a restart too)."""
        return cls(match["token"], item.label or "…", item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        """A press: ``press`` with the button's offer token."""
        await press(interaction, self.token)


class OfferSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"rh:s:(?P<token>[0-9a-f]+)"):
    """A select menu whose option values are offer tokens."""

    def __init__(self, custom_id: str, placeholder: str = "Choose", options: list | None = None):
        select = discord.ui.Select(custom_id=custom_id, placeholder=shorten(placeholder, PLACEHOLDER),
                                   options=options or [discord.SelectOption(label="…")])
        super().__init__(select)

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        """Rebuild the menu from a used component (after a restart too)."""
        return cls(item.custom_id, item.placeholder or "Choose",
                   [discord.SelectOption(label=o.label, value=o.value) for o in item.options])

    async def callback(self, interaction: discord.Interaction) -> None:
        """A choice: ``press`` with the chosen option's offer token."""
        await press(interaction, interaction.data["values"][0])


async def press(interaction: discord.Interaction, token: str) -> None:
    """A button press or a menu choice: defer, ask the table, deliver; errors answer privately.
    One log line each (bot/logs.py); refused while the bot shuts down (bot/service.py)."""
    from .service import handling

    received(interaction)
    async with handling(interaction) as entry:
        if entry is None:
            return
        await interaction.response.defer()
        try:
            reply = await interaction.client.table.click(caller_of(interaction), token)
        except Exception:
            entry.result = "error"
            log.exception("button %s failed", token)
            await interaction.followup.send(OOPS, ephemeral=True)
            return
        await deliver(interaction, reply)


def make_view(components: list[Button | Select]) -> discord.ui.View | None:
    """The components as a persistent view (discord.py lays them out: a select takes a row, buttons
    fill rows of 5). What does not fit Discord's limits (5 rows, 25 options a select) is left out
    and logged, never sent to be refused: the UIs page their menus themselves."""
    if not components:
        return None
    view = discord.ui.View(timeout=None)
    for c in components:
        item = _item(c)
        try:
            view.add_item(item)
        except ValueError:
            log.error("no room for %d more components (Discord allows 5 rows)", len(components) - len(view.children))
            break
    return view


def _item(c: Button | Select) -> OfferButton | OfferSelect:
    """A table component as its persistent discord.py item (an offer token in its custom id)."""
    if isinstance(c, Button):
        return OfferButton(c.custom_id.split(":")[-1], c.label, STYLES[c.style])
    if len(c.options) > 25:
        log.error("select %r has %d options; the first 25 are shown", c.placeholder, len(c.options))
    options = [discord.SelectOption(label=o.label, value=o.value, description=o.description or None)
               for o in c.options[:25]]
    return OfferSelect(c.custom_id, c.placeholder, options)


def _rows(components: list[Button | Select]) -> list[list[Button | Select]]:
    """Components in action rows as Discord lays them out: a select alone, buttons five a row."""
    rows: list[list[Button | Select]] = []
    for c in components:
        if isinstance(c, Select) or not rows or isinstance(rows[-1][0], Select) or len(rows[-1]) == 5:
            rows.append([c])
        else:
            rows[-1].append(c)
    return rows


def make_layout(card: TableCard, pictures: list[tuple[str, str]]) -> discord.ui.LayoutView:
    """The table card as a Components V2 layout: one container in the active player's colour with
    the title and prompt, a gallery of ``pictures`` (``(file name, alt text)``, attached to the
    message), a line per player and the prompt's buttons and menus. Within Discord's limits: 40
    components counting nested ones (the prompt's last components give way, never **My hand**,
    and are logged), 4,000 characters of text (``TableCard.texts``)."""
    head, players = card.texts()
    parts: list[discord.ui.Item] = [discord.ui.TextDisplay(head)]
    if pictures:
        parts.append(discord.ui.MediaGallery(*[discord.MediaGalleryItem(f"attachment://{name}", description=alt)
                                               for name, alt in pictures[:10]]))
    parts.append(discord.ui.Separator())
    parts += [discord.ui.TextDisplay(line) for line in players]
    components = list(card.components) if not card.final else []
    room = V2_COMPONENTS - 1 - len(parts) - 1          # the container, and a separator before the rows
    rows = _rows(components)
    while rows and sum(len(r) + 1 for r in rows) > room:
        keep = components[-1:] if len(components) > 1 and isinstance(components[-1], Button) else []
        log.error("table card: no room for %r (Discord allows %d components)", components[-1 - len(keep)],
                  V2_COMPONENTS)
        components = components[:-1 - len(keep)] + keep
        rows = _rows(components)
    if rows:
        parts.append(discord.ui.Separator(visible=False))
        parts += [discord.ui.ActionRow(*[_item(c) for c in row]) for row in rows]
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*parts, accent_colour=card.colour))
    return view


def pointer_layout(url: str) -> discord.ui.LayoutView:
    """What an old table message becomes when the table is re-posted below: one line and a link."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(f"The table moved down the channel: {url}"))
    return view


_table_locks: dict[int, asyncio.Lock] = {}
_table_seq: dict[int, int] = {}
_table_shown: dict[int, dict[str, bytes]] = {}    # per game: file name -> digest of the picture on its table


def _kept_pictures(message: discord.Message) -> list[tuple[str, str]]:
    """The ``(file name, alt text)`` of the pictures ``message``'s gallery shows (its attachments)."""
    alts: dict[str, str] = {}
    stack = list(message.components)
    while stack:
        c = stack.pop()
        stack += list(getattr(c, "children", []) or [])
        for item in getattr(c, "items", []) or []:
            url = (getattr(item, "media", None) and item.media.url or "").split("?")[0]
            alts[url.rsplit("/", 1)[-1]] = item.description or ""
    return [(a.filename, alts.get(a.filename, "")) for a in message.attachments]


def _picture_files(pictures: list[Picture]) -> list[discord.File]:
    return [discord.File(io.BytesIO(p.data), filename=p.name) for p in pictures if p.data]


async def _scrolled(channel: discord.abc.Messageable, message: discord.Message) -> bool:
    """Whether ``SCROLLED`` messages or more came after ``message`` (one history call)."""
    later = [m async for m in channel.history(limit=SCROLLED, after=message)]
    return len(later) >= SCROLLED


async def show_table(client: discord.Client, channel: discord.abc.Messageable, reply: Reply) -> str | None:
    """Post or edit the game's table message for ``reply.table``; returns its link (``None`` when it
    could not be shown). The first card of a game is posted and its id stored
    (``Table.set_table_message``); later ones edit it in place, uploading pictures only when the
    board changed, and of those only the ones that differ from the pictures shown (a board drawn the
    same as before stays attached; remembered per game while the bot runs). When ``SCROLLED``
    messages came after it, or ``/game board`` asks
    (``TableCard.repost``), the table is posted anew at the bottom and the old message becomes a
    one-line pointer to it, without buttons or pictures. A card older than the one shown (two
    moves delivered out of order) leaves the message as it is."""
    card, game_id = reply.table, reply.game_id
    lock = _table_locks.setdefault(game_id, asyncio.Lock())
    async with lock:
        old_id = await client.table.table_message(game_id)
        old = None
        if old_id is not None:
            try:
                old = await channel.fetch_message(old_id)
            except discord.NotFound:
                old = None
        if old is not None and card.seq < _table_seq.get(game_id, -1):
            return old.jump_url
        _table_seq[game_id] = card.seq
        new_files = _picture_files(card.images)
        pictures = [(p.name, p.alt) for p in card.images if p.data]
        shown = _table_shown.get(game_id, {}) if old is not None else {}
        digests = {p.name: hashlib.blake2b(p.data, digest_size=16).digest() for p in card.images if p.data}
        if old is not None and not card.repost and not await _scrolled(channel, old):
            if new_files:            # a picture the same as the one shown stays: only the others go up
                attached = {a.filename: a for a in old.attachments}
                files = [attached[f.filename] if shown.get(f.filename) == digests[f.filename]
                         and f.filename in attached else f for f in new_files]
                await old.edit(view=make_layout(card, pictures), attachments=files, allowed_mentions=NO_PINGS)
                _table_shown[game_id] = digests
            else:
                await old.edit(view=make_layout(card, _kept_pictures(old)), allowed_mentions=NO_PINGS)
            return old.jump_url
        if not new_files and old is not None:        # the board did not change: the same pictures, below
            pictures = _kept_pictures(old)
            new_files = [discord.File(io.BytesIO(await a.read()), filename=a.filename) for a in old.attachments]
        else:
            _table_shown[game_id] = digests
        new = await channel.send(view=make_layout(card, pictures), files=new_files, allowed_mentions=NO_PINGS)
        await client.table.set_table_message(game_id, new.id)
        if old is not None:
            try:
                await old.edit(view=pointer_layout(new.jump_url), attachments=[])
            except discord.HTTPException:
                log.warning("game %s: the old table message was not turned into a pointer", game_id)
        return new.jump_url


async def send_public(client: discord.Client, channel: discord.abc.Messageable, reply: Reply) -> None:
    """The public part of ``reply`` in ``channel``: the table card (``show_table``), then the
    turn's short message with a link to the table."""
    message = reply.channel
    if reply.table is not None and reply.game_id is not None:
        try:
            url = await show_table(client, channel, reply)
        except discord.HTTPException:
            log.exception("game %s: table message not shown", reply.game_id)
            url = None
        if message is not None and url and not reply.table.final:      # the final table is just above
            message = Message(f"{message.text}\n[↪ The table]({url})", mentions=message.mentions)
    if message is not None:
        await send_to(channel, message)


def _line_pieces(line: str, size: int) -> list[str]:
    """A line longer than ``size`` in pieces of at most ``size`` characters, broken between words
    (a single word longer than ``size`` is broken where it must)."""
    pieces = []
    while len(line) > size:
        cut = line.rfind(" ", 0, size + 1)
        cut = cut if cut > 0 else size
        pieces.append(line[:cut].rstrip())
        line = line[cut:].lstrip(" ")
    return [*pieces, line]


def pages(text: str) -> list[str]:
    """``text`` in parts of at most 2,000 characters (Discord's limit on a message's content),
    split between lines where possible (discord.py's Paginator), a longer line between words."""
    paginator = commands.Paginator(prefix=None, suffix=None, max_size=LIMIT)
    for line in (text or "").split("\n"):
        for piece in _line_pieces(line, LIMIT - 2):
            paginator.add_line(piece)
    return [p.strip("\n") or "\u200b" for p in paginator.pages] or ["\u200b"]


def _files(message: Message) -> list[discord.File]:
    first = [(message.image_name, message.image)] if message.image else []
    return [discord.File(io.BytesIO(data), filename=name) for name, data in first + message.more]


async def send_to(target: discord.abc.Messageable, message: Message) -> None:
    """Post ``message`` (paged, mentions limited to those it names) to a channel or a user."""
    parts = pages(message.text)
    mentions = discord.AllowedMentions(users=[discord.Object(i) for i in message.mentions], roles=False,
                                       everyone=False)
    for part in parts[:-1]:
        await target.send(part, allowed_mentions=mentions)
    view = make_view(message.components)
    await target.send(parts[-1], files=_files(message), allowed_mentions=mentions, **({"view": view} if view else {}))


async def _answer_caller(interaction: discord.Interaction, message: Message | None, slash: bool) -> None:
    if message is None:
        if slash:
            await interaction.delete_original_response()
        return
    parts = pages(message.text)
    view = make_view(message.components)
    extra = {"view": view} if view else {}
    if slash:
        await interaction.edit_original_response(content=parts[0], attachments=_files(message) if len(parts) == 1
                                                 else [], **(extra if len(parts) == 1 else {}))
        rest = parts[1:]
    else:
        rest = parts
    for i, part in enumerate(rest):
        last = i == len(rest) - 1
        await interaction.followup.send(part, ephemeral=True, **({"files": _files(message), **extra} if last else {}))


async def deliver(interaction: discord.Interaction, reply: Reply, *, slash: bool = False) -> None:
    """Deliver a Reply for an interaction that was already deferred."""
    client = interaction.client
    if reply.channel is not None or reply.table is not None:
        channel = interaction.channel
        if reply.channel_id is not None and reply.channel_id != interaction.channel_id:
            channel = client.get_channel(reply.channel_id) or await client.fetch_channel(reply.channel_id)
        try:
            await send_public(client, channel, reply)
        except discord.HTTPException:
            log.exception("channel message not sent")
            note = Message("Your action went through, but the bot could not post in the channel (check its "
                           "permissions there); `/game board` shows the game.")
            reply.caller = note if reply.caller is None else Message(reply.caller.text + "\n" + note.text)
    await _answer_caller(interaction, reply.caller, slash)
    for user_id, message in reply.direct.items():
        await send_direct(client, reply, user_id, message)


async def send_direct(client: discord.Client, reply: Reply, user_id: int, message: Message) -> None:
    """DM ``message``; a closed DM (50007) marks the seat and posts the table's notice, once."""
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        await send_to(user, message)
    except discord.Forbidden as exc:
        if exc.code != 50007 or reply.game_id is None:
            log.warning("DM to %s refused: %s", user_id, exc)
            return
        notice = await client.table.dm_failed(reply.game_id, user_id)
        if notice is not None and notice.channel is not None:
            channel = client.get_channel(notice.channel_id) or await client.fetch_channel(notice.channel_id)
            await send_to(channel, notice.channel)
    except discord.HTTPException:
        log.exception("DM to %s failed", user_id)


async def answer(interaction: discord.Interaction, work) -> None:
    """Defer a slash command privately, run ``work()`` (a coroutine giving a Reply), deliver it.
    One log line each (bot/logs.py); refused while the bot shuts down (bot/service.py)."""
    from .service import handling

    received(interaction)
    async with handling(interaction) as entry:
        if entry is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            reply = await work()
        except Exception:
            entry.result = "error"
            log.exception("command failed")
            await interaction.edit_original_response(content=OOPS)
            return
        await deliver(interaction, reply, slash=True)


async def post(client: discord.Client, reply: Reply) -> None:
    """Deliver a Reply that answers no interaction (a reminder, a time-limit notice): the channel
    message to ``reply.channel_id`` and the DMs."""
    if (reply.channel is not None or reply.table is not None) and reply.channel_id is not None:
        try:
            channel = client.get_channel(reply.channel_id) or await client.fetch_channel(reply.channel_id)
            await send_public(client, channel, reply)
        except discord.HTTPException:
            log.exception("channel %s: notice not sent", reply.channel_id)
    for user_id, message in reply.direct.items():
        await send_direct(client, reply, user_id, message)
