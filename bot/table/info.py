"""What the table tells on request: status, rules, records, health, history, export and import,
the board, a seat's hand, closed DMs and the players' settings (a part of ``Table``)."""
from __future__ import annotations

import asyncio
import logging
from datetime import datetime

from .. import records, registry, timing
from ..replies import Button, Caller, Message, Refusal, Reply, Select, answered, private
from ..session import Session
from ..store import GameRow
from .common import SETTING_DEFAULTS, SETTINGS, last_error, options_text, seated
from .personal import notes_text

log = logging.getLogger("railhead.table")

class Information:
    """What the table tells on request: status, rules, records, health, history, export and import,
    the board, a seat's hand, closed DMs and the players' settings (a part of ``Table``)."""

    async def finished(self, channel_id: int) -> Session | None:
        """The channel's last game when it finished (its final scores and board stay visible)."""
        return await self.session_for(await self.store.last_game(channel_id), "finished")

    @answered
    async def status(self, caller: Caller) -> Reply:
        """``/game status``: scores, money and whose turn it is, from the caller's own view when
        seated (only they see it)."""
        row = await self.store.active_game(caller.channel_id)
        if row is None:
            done = await self.finished(caller.channel_id)
            if done is None:
                return private("There is no game in this channel. Open one with `/game new`.")
            ui, view = self.ui(done.row.game), done.match.view(None)
            return private("The last game here is over.\n" + ui.status_text(view) + "\n"
                           + ui.outcome_text(view, done.match.outcome()))
        game = registry.game(row.game)
        if row.status == "lobby":
            seats = await self.store.seats(row.id)
            names = ", ".join(s.name for s in seats)
            return private(f"{game.name}: waiting to start. Seated ({seated(game, len(seats))}): {names}.\n"
                           f"Options: {options_text(game, row.options)}.")
        session = await self.loaded(row)
        # a private answer: a seated caller sees it from their own seat (their own money when it is hidden)
        text = self.ui(row.game).status_text(session.match.view(session.seat_of(caller.user_id)))
        waiting = [session.names[p["seat"]] for p in session.match.prompts()]
        if waiting:
            text += f"\nWaiting for {', '.join(waiting)}."
        return private(text)

    @answered
    async def rules(self, caller: Caller, game_id: str | None = None) -> Reply:
        """``/game rules``: the short guide of ``game_id`` (default: this channel's game, else all)."""
        if game_id is None:
            game_id = await self.channel_game(caller.channel_id)
        if game_id is not None:
            registry.game(game_id)
            return private(self.ui(game_id).rules_text())
        return private("\n\n".join(self.ui(g).rules_text() for g in sorted(registry.games())))

    async def tick(self, now: datetime | None = None) -> list[Reply]:
        """Reminders and time-limit notices now due (see ``timing``); the bot's background task
        delivers them. Also starts the AI moves that wait (after a restart, ``Robots.resume_ai``)."""
        await self.resume_ai()
        return await timing.tick(self, now or self.clock())

    @answered
    async def stats(self, caller: Caller) -> Reply:
        """``/game stats`` (see ``records.stats``)."""
        return await records.stats(self, caller)

    @answered
    async def leaderboard(self, caller: Caller, game_id: str | None = None) -> Reply:
        """``/game leaderboard`` (see ``records.leaderboard``)."""
        return await records.leaderboard(self, caller, game_id)

    @answered
    async def health(self, caller: Caller) -> Reply:
        """``/game health`` for admins: uptime, games, database size, the last error."""
        if not caller.can_manage:
            raise Refusal("Only members with Manage Channel can see the bot's health.")
        up = self.clock() - self.started
        counts = await self.store.game_counts()
        size = await self.store.size()
        error = last_error()
        lines = [f"Up {up.days} d {up.seconds // 3600} h {up.seconds % 3600 // 60} min; games running "
                 f"{counts.get('running', 0)}, in lobby {counts.get('lobby', 0)}, "
                 f"finished {counts.get('finished', 0)}, abandoned {counts.get('abandoned', 0)}; "
                 f"{len(self._matches)} loaded in memory.",
                 f"Database: {size / 1e6:.1f} MB.",
                 f"Last error: {error}" if error else "No error since the start."]
        return private("\n".join(lines))

    @answered
    async def history(self, caller: Caller, page: int = 1, story: bool = False) -> Reply:
        """``/game history`` (see ``records.history``); ``story``: the chart and the replay."""
        return await records.history(self, caller, page, story)

    @answered
    async def export(self, caller: Caller) -> Reply:
        """``/game export`` (see ``records.export``)."""
        return await records.export(self, caller)

    @answered
    async def import_game(self, caller: Caller, data: bytes) -> Reply:
        """``/game import`` (see ``records.import_game``)."""
        return await records.import_game(self, caller, data)

    @answered
    async def board(self, caller: Caller, zoom: str | None = None) -> Reply:
        """``/game board``: the board in the channel, drawn with the caller's settings
        (colour-blind aids, phone or desktop layout); ``zoom``: a close view around a city, hex or
        space."""
        session = await self.session(caller.channel_id)
        header = "The board:"
        if session is None:
            session, header = await self.finished(caller.channel_id), "The final board of the last game here:"
        if session is None:
            raise Refusal("There is no running game in this channel.")
        ui = self.ui(session.row.game)
        options = ui.render_options(await self.prefs(caller.user_id))
        if zoom:
            if not self.render:
                raise Refusal("Board images are turned off here.")
            image = await self._render(ui, session.match.view(None), **options, zoom=str(zoom)[:60])
            return Reply(channel=Message(f"A close view of {str(zoom)[:60]}:", image=image, image_name="zoom.png"),
                         channel_id=session.row.channel_id, game_id=session.row.id)
        reply = self.turn(session, [], header=header, remind=False)
        await self.store_offers_now(session.row.id, reply)
        return await self.with_board(session, reply, **options)

    @answered
    async def hand(self, caller: Caller, row: GameRow | None = None) -> Reply:
        """``/game hand`` and the **My hand** button: the caller's private view, fresh, with the
        choices of a secret prompt."""
        row = row or await self.store.active_game(caller.channel_id)
        if row is None or row.status != "running":
            raise Refusal("There is no running game here.")
        session = await self.loaded(row)
        seat = session.seat_of(caller.user_id)
        if seat is None:
            raise Refusal("You are not seated in this game; everything you may see is on the board.")
        ctx = self._context(session, seat)
        text = self.ui(row.game).hand_text(ctx.view())
        notes = await self.store.notes(row.id, caller.user_id)
        if notes:
            text += "\n\n" + notes_text(notes)
        components: list[Button | Select] = []
        prompt = session.prompt_of(seat)
        if prompt is not None:
            components = self._prompt_components(session, prompt)
        reply = private(text, components=components)
        if self.render:
            try:
                reply.caller.image = await asyncio.to_thread(self.ui(row.game).hand_image, ctx.view())
                reply.caller.image_name = "hand.png"
            except Exception:
                log.exception("game %s: hand image not drawn", row.id)
        await self.store_offers_now(row.id, reply)
        return reply

    async def dm_failed(self, game_id: int, user_id: int) -> Reply | None:
        """A DM to ``user_id`` was refused (closed DMs): mark the seat and return the channel notice,
        once. The seat gets private information through **My hand** from then on."""
        row = await self.store.game(game_id)
        if row is None:
            return None
        seats = await self.store.seats(game_id)
        seat = next((s for s in seats if s.user_id == user_id), None)
        if seat is None:                       # a follower whose DMs are closed follows no more
            async with self.store.transaction() as tx:
                await tx.set_follow(game_id, user_id, False, "")
            return None
        if seat.dm_closed:
            return None
        async with self.store.transaction() as tx:
            await tx.set_dm_closed(game_id, user_id, True)
        return Reply(channel=Message(f"{seat.name}'s DMs are closed; use **My hand** (or `/game hand`) to see "
                                     "private information."), channel_id=row.channel_id)

    async def prefs(self, user_id: int) -> dict:
        """A user's settings, cached (``settings`` updates the cache when it saves)."""
        if user_id not in self._prefs:
            if len(self._prefs) > 10_000:
                self._prefs.clear()
            self._prefs[user_id] = await self.store.prefs(user_id)
        return self._prefs[user_id]

    @answered
    async def settings(self, caller: Caller, changes: dict | None = None) -> Reply:
        """``/game settings``: show or change the caller's settings (see ``SETTINGS``)."""
        prefs = await self.prefs(caller.user_id)
        changes = {k: v for k, v in (changes or {}).items() if v is not None}
        for key, value in changes.items():
            if key not in SETTINGS:
                raise Refusal(f"There is no setting `{key}`; settings: {', '.join(SETTINGS)}.")
            kind, _ = SETTINGS[key]
            if kind is bool and not isinstance(value, bool):
                raise Refusal(f"`{key}` is true or false.")
            if isinstance(kind, tuple) and value not in kind:
                raise Refusal(f"`{key}` is one of: {', '.join(kind)}.")
        if changes:
            prefs = {**prefs, **changes}
            async with self.store.transaction() as tx:
                await tx.set_prefs(caller.user_id, prefs)
            self._prefs[caller.user_id] = prefs
        lines = ["Your settings" + (" (saved)" if changes else "") + ":"]
        for key, (_, text) in SETTINGS.items():
            value = prefs.get(key, SETTING_DEFAULTS[key])
            shown = ("on" if value else "off") if isinstance(value, bool) else value
            lines.append(f"- `{key}`: **{shown}** — {text}")
        return private("\n".join(lines))
