"""What one person keeps about a game: their private notes (``/game note``) and following a game by
DM without a seat (``/game follow``; issue 33, "Spectators" and "Private notes"). A part of ``Table``.

A follower receives, by DM, the text of each public channel message of a move (``_follower_dms``,
called by ``Moves._commit``): built only from public events and the public view, so never a secret.
"""
from __future__ import annotations

from ..replies import Caller, Message, Refusal, Reply, answered, private
from ..session import Session
from ..store import GameRow, iso

NOTE_LENGTH = 500        # characters in one note
NOTES_KEPT = 25          # notes per player and game


class Personal:
    """``/game note`` and ``/game follow`` (a part of ``Table``)."""

    async def _note_game(self, caller: Caller) -> GameRow:
        row = await self.store.active_game(caller.channel_id) or await self.store.last_game(caller.channel_id)
        if row is None or row.status == "abandoned":
            raise Refusal("There is no game in this channel to take notes on.")
        return row

    @answered
    async def note(self, caller: Caller, text: str | None = None, clear: bool = False) -> Reply:
        """``/game note``: add ``text`` to the caller's notes on the channel's game (running, in its
        lobby or the last finished one), ``clear`` them all, or, with neither, list them. Only a
        seated player keeps notes; only they see them (here and in ``/game hand``)."""
        row = await self._note_game(caller)
        if not any(s.user_id == caller.user_id for s in await self.store.seats(row.id)):
            raise Refusal("Notes are kept by the players seated in this game.")
        notes = await self.store.notes(row.id, caller.user_id)
        if clear:
            async with self.store.transaction() as tx:
                await tx.clear_notes(row.id, caller.user_id)
            return private(f"Your {len(notes)} note{'s' if len(notes) != 1 else ''} on this game "
                           f"{'are' if len(notes) != 1 else 'is'} deleted.")
        text = (text or "").strip()
        if not text:
            return private(notes_text(notes) if notes else "You have no notes on this game yet: `/game note` "
                           "with a text keeps one, only for you.")
        if len(text) > NOTE_LENGTH:
            raise Refusal(f"A note holds at most {NOTE_LENGTH} characters (this one has {len(text)}).")
        if len(notes) >= NOTES_KEPT:
            raise Refusal(f"You keep {NOTES_KEPT} notes on this game already; `/game note clear:true` deletes them.")
        async with self.store.transaction() as tx:
            await tx.add_note(row.id, caller.user_id, text, iso(self.clock()))
        count = len(notes) + 1
        return private(f"Noted ({count} note{'s' if count != 1 else ''} on this game). Only you see them, "
                       "here with `/game note` and in `/game hand`.")

    @answered
    async def follow(self, caller: Caller, stop: bool = False) -> Reply:
        """``/game follow``: receive the channel game's public moves by DM (``stop``: no more). For
        someone without a seat; what they receive is what the channel is told."""
        row = await self.store.active_game(caller.channel_id)
        if row is None:
            raise Refusal("There is no game in this channel to follow.")
        if any(s.user_id == caller.user_id for s in await self.store.seats(row.id)):
            raise Refusal("You are seated in this game: its moves reach you already.")
        async with self.store.transaction() as tx:
            changed = await tx.set_follow(row.id, caller.user_id, not stop, iso(self.clock()))
        if stop:
            return private("You no longer follow this game." if changed else "You were not following this game.")
        if not changed:
            return private("You follow this game already; `/game follow stop:true` ends it.")
        return private("You now follow this game: each public move comes to you by DM (never a player's "
                       "secret). `/game board` and `/game history` work for you too; `/game follow stop:true` ends it.")

    async def _follower_dms(self, session: Session, reply: Reply) -> None:
        """A DM to each follower with the text of the move's public channel message."""
        if reply.channel is None:
            return
        seated = {s.user_id for s in session.seats}
        for user_id in await self.store.followers(session.row.id):
            if user_id not in seated and user_id not in reply.direct:
                reply.direct[user_id] = Message(f"**{session.match.game.name}** in <#{session.row.channel_id}> "
                                                f"(you follow it):\n{reply.channel.text}")


def notes_text(notes: list[str]) -> str:
    """The caller's notes, numbered, under a heading."""
    return "**Your notes** (only you see them):\n" + "\n".join(f"{i}. {n}" for i, n in enumerate(notes, 1))
