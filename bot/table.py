"""The table: ``(channel, user, command, args) -> Reply``.

Knows games, seats, turns, locks and the store; knows nothing of Discord. The cogs and the
local terminal table both drive it. One lock per game serializes its lobby and its moves; each
move is committed in one transaction with its snapshot, its status and the offers (buttons)
that announce it, before anyone is told. Games in different channels never wait for each other
except for the store's own short transactions.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from functools import partial
from typing import Any

import msgspec

import engine
from engine import IllegalAction, Match, canonical, events_for

from . import logs, records, registry, timing
from .replies import Apply, Button, Caller, Message, Reply, Select, private
from .session import Session
from .store import ChannelBusy, GameRow, Offer, ResultRow, SeatRow, Store, new_token
from .ui import GameUI, UIContext

_LAST_ERROR: list[str] = []


class _Remember(logging.Handler):
    """Keeps the last error logged anywhere in Railhead, for ``/game health``."""

    def emit(self, record: logging.LogRecord) -> None:
        _LAST_ERROR[:] = [f"{datetime.fromtimestamp(record.created, UTC):%Y-%m-%d %H:%M} UTC: "
                          f"{record.getMessage()[:200]}"]


def last_error() -> str | None:
    return _LAST_ERROR[0] if _LAST_ERROR else None


_handler = _Remember(logging.ERROR)
logging.getLogger("railhead").addHandler(_handler)
log = logging.getLogger("railhead.table")

NOT_SAVED = ("Your move could not be saved (the bot's database refused it); nothing was changed. "
             "Please try again in a moment.")
STALE = "That button belongs to an earlier moment of the game; the board has moved on. Use the newest message."
ENDED = "That button belongs to a game that has ended."


SETTINGS = {
    "colourblind": (bool, "letters on goods cubes and buildings, owners named on track (boards you ask for)"),
    "dm": (bool, "a DM when it is your turn and with reminders (channel pings always)"),
    "layout": (("phone", "desktop"), "board image shape for boards you ask for"),
    "confirm_pass": (bool, "ask before passing while a better move is on offer"),
}
SETTING_DEFAULTS = {"colourblind": False, "dm": True, "layout": "desktop", "confirm_pass": True}


class Table:
    def __init__(self, store: Store, *, render: bool = True, seeds: Callable[[], int] | None = None,
                 clock: Callable[[], datetime] | None = None):
        self.store = store
        self.render = render
        self.seeds = seeds or (lambda: secrets.randbits(62))
        self.clock = clock or (lambda: datetime.now(UTC))
        self.started = self.clock()
        self._locks: dict[int, asyncio.Lock] = {}
        self._matches: dict[int, Match] = {}
        self._prefs: dict[int, dict] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    @staticmethod
    def ui(game_id: str) -> GameUI:
        return registry.UIS[game_id]

    # ----------------------------------------------------------------- lobby
    async def new(self, caller: Caller, game_id: str, options: dict | None = None,
                  timing_: dict | None = None) -> Reply:
        """``/game new``: open a lobby in this channel; the creator takes the first seat.
        ``timing_``: ``remind_hours``, ``reminders``, ``limit_hours`` (see ``timing``)."""
        try:
            game = registry.game(game_id)
            opts = msgspec.to_builtins(game.options(options))
            game.setup(opts, [f"seat {i}" for i in range(game.min_seats)], 0)   # validates the options
            clock = timing.timing_from(**(timing_ or {}))
        except IllegalAction as exc:
            return private(str(exc))
        solo = game.max_seats == 1
        if caller.dm and not solo:
            return private(f"{game.name} is played by several people in a server channel; in a DM with me you "
                           "can play a solo game (`/game new game:railways`).")
        buttons = [Button("Join", {"type": "_lobby", "do": "join"}, "primary"),
                   Button("Leave", {"type": "_lobby", "do": "leave"}),
                   Button("Start", {"type": "_lobby", "do": "start"}, "success")]
        try:
            async with self.store.transaction() as tx:
                gid = await tx.create_game(caller.channel_id, caller.guild_id, game.id, game.rules_version, opts,
                                           caller.user_id, clock)
                await tx.add_seat(gid, caller.user_id, caller.name)
                if not solo:
                    await self._store_offers(tx, gid, buttons)
        except ChannelBusy:
            return private("This channel already has a game. Finish it, or `/game abandon` it first.")
        logs.note(game=f"{game.id}#{gid}", seats={caller.user_id: 0})
        if solo:                                  # nobody to wait for: the game begins at once
            return await self.start(caller)
        players = f"{game.min_seats}-{game.max_seats} players" if game.max_seats > 1 else "solo"
        return Reply(channel=Message(
            f"**{caller.name}** opened a table for **{game.name}** ({players}; {timing.describe(clock)}).\n"
            "Press **Join** or use `/game join`; the creator presses **Start** (or `/game start`) when everyone "
            "is seated.", components=buttons), channel_id=caller.channel_id, game_id=gid,
            direct={caller.user_id: self._welcome(game, caller.channel_id)})

    @staticmethod
    def _welcome(game: engine.Game, channel_id: int) -> Message:
        return Message(f"You have a seat at **{game.name}** in <#{channel_id}>. Private information (your hand, "
                       "secret choices) will come here.")

    async def _lobby(self, caller: Caller, row: GameRow | None = None) -> GameRow | Reply:
        row = row or await self.store.active_game(caller.channel_id)
        if row is None:
            return private("There is no game here. Open one with `/game new`.")
        logs.note(game=f"{row.game}#{row.id}")
        return row

    async def join(self, caller: Caller, row: GameRow | None = None) -> Reply:
        row = await self._lobby(caller, row)
        if isinstance(row, Reply):
            return row
        game = registry.game(row.game)
        async with self.lock(row.id):
            async with self.store.transaction() as tx:
                current = await tx.game(row.id)
                seats = await tx.seats(row.id)
                if any(s.user_id == caller.user_id for s in seats):
                    return private("You are already seated.")
                if current is None or current.status != "lobby":
                    return private("This game has already started or ended; you can watch, and join the next one.")
                if len(seats) >= game.max_seats:
                    return private(f"The table is full ({game.max_seats} players).")
                await tx.add_seat(row.id, caller.user_id, caller.name)
        names = ", ".join([s.name for s in seats] + [caller.name])
        return Reply(channel=Message(f"**{caller.name}** joins. Seated: {names}."), channel_id=row.channel_id,
                     game_id=row.id, direct={caller.user_id: self._welcome(game, row.channel_id)})

    async def leave(self, caller: Caller, row: GameRow | None = None) -> Reply:
        row = await self._lobby(caller, row)
        if isinstance(row, Reply):
            return row
        async with self.lock(row.id):
            async with self.store.transaction() as tx:
                current = await tx.game(row.id)
                if current is None or current.status != "lobby":
                    return private("You can only leave a game before it starts. A running game can be abandoned "
                                   "by its creator or a member with Manage Channel.")
                if not await tx.remove_seat(row.id, caller.user_id):
                    return private("You are not seated at this table.")
                empty = not await tx.seats(row.id)
                if empty:
                    await tx.set_status(row.id, "abandoned")
        text = f"**{caller.name}** leaves; the table is empty and closed." if empty else \
            f"**{caller.name}** leaves the table."
        return Reply(channel=Message(text), channel_id=row.channel_id, game_id=row.id)

    async def start(self, caller: Caller, row: GameRow | None = None) -> Reply:
        row = await self._lobby(caller, row)
        if isinstance(row, Reply):
            return row
        if row.status != "lobby":
            return private("This game is already running.")
        if caller.user_id != row.creator_id and not caller.can_manage:
            return private("Only the game's creator or a member with Manage Channel can start it.")
        game = registry.game(row.game)
        async with self.lock(row.id):
            current = await self.store.game(row.id)
            if current is None or current.status != "lobby":
                return private("This game is already running or has ended.")
            seats = await self.store.seats(row.id)
            seed = self.seeds()
            try:
                match = Match.start(game, row.options, [s.name for s in seats], seed)
            except IllegalAction as exc:
                return private(str(exc))
            session = Session(row, seats, match)
            names = ", ".join(s.name for s in seats)
            header = f"**{game.name}** begins for **{names}**." if game.max_seats == 1 else \
                f"**{game.name}** begins! Players in seat order: {names}."
            reply = self.turn(session, [], header=header)
            await self._turn_dms(session, reply)
            try:
                async with self.store.transaction() as tx:
                    if not await tx.set_status(row.id, "running", expect=("lobby",)):
                        return private("This game is already running or has ended.")
                    await tx.start_game(row.id, seed, canonical(match.state).decode())
                    await self._store_reply_offers(tx, row.id, reply)
                    await timing.sync(tx, session, self.clock())
            except Exception:
                log.exception("game %s: start not saved", row.id)
                return private("The game could not be started (the bot's database refused it); nothing changed.")
            self._matches[row.id] = match
        return await self.with_board(session, reply)

    async def abandon(self, caller: Caller) -> Reply:
        row = await self.store.active_game(caller.channel_id)
        if row is None:
            return private("There is no game here.")
        if caller.user_id != row.creator_id and not caller.can_manage:
            return private("Only the game's creator or a member with Manage Channel can abandon it.")
        async with self.lock(row.id):
            async with self.store.transaction() as tx:
                changed = await tx.set_status(row.id, "abandoned")
            self._matches.pop(row.id, None)
        if not changed:
            return private("This game has already ended.")
        return Reply(channel=Message(f"The game was abandoned by **{caller.name}**."), channel_id=row.channel_id)

    async def kick(self, caller: Caller, user_id: int) -> Reply:
        """``/game kick``: the creator or a member with Manage Channel takes a player's seat away.
        Before the start the seat is freed; in a running game the player is removed and passes
        whenever prompted (as after a vote, bot/timing.py)."""
        row = await self.store.active_game(caller.channel_id)
        if row is None:
            return private("There is no game here.")
        if caller.user_id != row.creator_id and not caller.can_manage:
            return private("Only the game's creator or a member with Manage Channel can remove a player.")
        async with self.lock(row.id):
            current = await self.store.game(row.id)
            seats = await self.store.seats(row.id)
            target = next((s for s in seats if s.user_id == user_id), None)
            if current is None or current.status not in ("lobby", "running"):
                return private("This game has already ended.")
            if target is None:
                return private("That player is not seated in this game.")
            if current.status == "lobby":
                async with self.store.transaction() as tx:
                    await tx.remove_seat(row.id, user_id)
                    empty = not await tx.seats(row.id)
                    if empty:
                        await tx.set_status(row.id, "abandoned")
                text = f"**{caller.name}** removed **{target.name}** from the table."
                return Reply(channel=Message(text + (" The table is empty and closed." if empty else "")),
                             channel_id=row.channel_id, game_id=row.id)
            if target.removed:
                return private(f"{target.name} was already removed: they pass whenever it is their turn.")
            session = await self.loaded(current)
            if isinstance(session, Reply):
                return session
            async with self.store.transaction() as tx:
                await tx.set_removed(row.id, target.seat)
            seats = [s if s.seat != target.seat else type(s)(**{**s.__dict__, "removed": True}) for s in session.seats]
            session = Session(current, seats, session.match)
            header = f"**{caller.name}** removed **{target.name}**, who will pass whenever it is their turn."
            if any(p["seat"] == target.seat for p in session.match.prompts()):
                return await self.act_for(session, target.seat, header)
            return Reply(channel=Message(header), channel_id=row.channel_id, game_id=row.id)

    async def game_timing(self, caller: Caller, remind_hours=None, reminders=None, limit_hours=None) -> Reply:
        """``/game timing``: the creator or a member with Manage Channel changes the game's
        reminders and move time limit; the clocks of the players to move start again."""
        row = await self.store.active_game(caller.channel_id)
        if row is None:
            return private("There is no game here.")
        if remind_hours is None and reminders is None and limit_hours is None:
            return private(f"This game: {timing.describe(row.timing)}. Change it with `remind_hours`, `reminders` "
                           "or `time_limit_hours` (`none` for no limit).")
        if caller.user_id != row.creator_id and not caller.can_manage:
            return private("Only the game's creator or a member with Manage Channel can change its settings.")
        try:
            now = {**timing.DEFAULTS, **row.timing}
            clock = timing.timing_from(now["remind_hours"] if remind_hours is None else remind_hours,
                                       now["reminders"] if reminders is None else reminders,
                                       now["limit_hours"] if limit_hours is None else limit_hours)
        except IllegalAction as exc:
            return private(str(exc))
        async with self.lock(row.id):
            current = await self.store.game(row.id)
            session = await self.loaded(current) if current is not None and current.status == "running" else None
            async with self.store.transaction() as tx:
                await tx.set_timing(row.id, clock)
                if isinstance(session, Session):
                    changed = type(current)(**{**current.__dict__, "timing": clock})
                    await tx.drop_timers(row.id, [])
                    await timing.sync(tx, Session(changed, session.seats, session.match), self.clock())
        return Reply(channel=Message(f"**{caller.name}** changed this game's timing: {timing.describe(clock)}."),
                     channel_id=row.channel_id, game_id=row.id)

    # --------------------------------------------------------------- loading
    async def session(self, channel_id: int) -> Session | None:
        """The channel's running game, loaded (``None`` if there is none or it cannot be loaded)."""
        return await self._session_if(await self.store.active_game(channel_id), "running")

    async def _session_if(self, row: GameRow | None, status: str) -> Session | None:
        if row is None or row.status != status:
            return None
        session = await self.loaded(row)
        return session if isinstance(session, Session) else None

    async def channel_game(self, channel_id: int) -> str | None:
        """The id of the channel's game (its active one, else its last), for commands that default to it."""
        row = await self.store.active_game(channel_id) or await self.store.last_game(channel_id)
        return row.game if row is not None else None

    async def _load(self, row: GameRow) -> Session:
        """Raises ``IllegalAction`` for a game saved under other rules (its log would replay differently)."""
        game = registry.game(row.game)
        if row.rules_version != game.rules_version:
            raise IllegalAction(f"This game was played under an older version of {game.name}'s rules "
                                f"({row.rules_version}; now {game.rules_version}) and cannot go on here. "
                                "`/game abandon` it and open a new one.")
        seats = await self.store.seats(row.id)
        logs.note(game=f"{row.game}#{row.id}", seats={s.user_id: s.seat for s in seats})
        match = self._matches.get(row.id)
        if match is None:
            match = await self._restore(row, seats)
            self._matches[row.id] = match
        return Session(row, seats, match)

    async def _restore(self, row: GameRow, seats: list[SeatRow]) -> Match:
        """The latest snapshot when it includes the whole log; otherwise (stale or damaged) a replay."""
        entries = [(e.seat, e.action) for e in await self.store.log(row.id)]
        snap = await self.store.snapshot(row.id)
        state = None
        if snap and snap[0] == len(entries):
            try:
                state = json.loads(snap[1])
            except ValueError:
                log.warning("game %s: damaged snapshot, replaying %d entries", row.id, len(entries))
        game = registry.game(row.game)
        return await asyncio.to_thread(Match.restore, game, row.options, [s.name for s in seats], row.seed,
                                       entries, state)

    async def loaded(self, row: GameRow) -> Session | Reply:
        """The session of ``row``, or a private refusal when it cannot be loaded."""
        try:
            return await self._load(row)
        except IllegalAction as exc:
            return private(str(exc))

    def _context(self, session: Session, seat: int | None) -> UIContext:
        ui = self.ui(session.row.game)
        return UIContext(session.match, seat, session.names, render_board=partial(self._render, ui))

    # ----------------------------------------------------------- information
    async def finished(self, channel_id: int) -> Session | None:
        """The channel's last game when it finished (its final scores and board stay visible)."""
        return await self._session_if(await self.store.last_game(channel_id), "finished")

    async def status(self, caller: Caller) -> Reply:
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
            return private(f"{game.name}: waiting to start. Seated ({len(seats)}/{game.max_seats}): {names}.")
        session = await self.loaded(row)
        if isinstance(session, Reply):
            return session
        # a private answer: a seated caller sees it from their own seat (their own money when it is hidden)
        text = self.ui(row.game).status_text(session.match.view(session.seat_of(caller.user_id)))
        waiting = [session.names[p["seat"]] for p in session.match.prompts()]
        if waiting:
            text += f"\nWaiting for {', '.join(waiting)}."
        return private(text)

    async def rules(self, caller: Caller, game_id: str | None = None) -> Reply:
        """``/game rules``: the short guide of ``game_id`` (default: this channel's game, else all)."""
        if game_id is None:
            game_id = await self.channel_game(caller.channel_id)
        if game_id is not None:
            try:
                registry.game(game_id)
            except IllegalAction as exc:
                return private(str(exc))
            return private(self.ui(game_id).rules_text())
        return private("\n\n".join(self.ui(g).rules_text() for g in sorted(registry.games())))

    async def tick(self, now: datetime | None = None) -> list[Reply]:
        """Reminders and time-limit notices now due (see ``timing``); the bot's background task
        delivers them."""
        return await timing.tick(self, now or self.clock())

    async def stats(self, caller: Caller) -> Reply:
        """``/game stats`` (see ``records.stats``)."""
        return await records.stats(self, caller)

    async def leaderboard(self, caller: Caller, game_id: str | None = None) -> Reply:
        """``/game leaderboard`` (see ``records.leaderboard``)."""
        return await records.leaderboard(self, caller, game_id)

    async def health(self, caller: Caller) -> Reply:
        """``/game health`` for admins: uptime, games, database size, the last error."""
        if not caller.can_manage:
            return private("Only members with Manage Channel can see the bot's health.")
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

    async def history(self, caller: Caller, page: int = 1) -> Reply:
        """``/game history`` (see ``records.history``)."""
        return await records.history(self, caller, page)

    async def export(self, caller: Caller) -> Reply:
        """``/game export`` (see ``records.export``)."""
        return await records.export(self, caller)

    async def import_game(self, caller: Caller, data: bytes) -> Reply:
        """``/game import`` (see ``records.import_game``)."""
        return await records.import_game(self, caller, data)

    async def board(self, caller: Caller, zoom: str | None = None) -> Reply:
        """``/game board``: the board in the channel, drawn with the caller's settings
        (colour-blind aids, phone or desktop layout); ``zoom``: a close view around a city, hex or
        space."""
        session = await self.session(caller.channel_id)
        header = "The board:"
        if session is None:
            session, header = await self.finished(caller.channel_id), "The final board of the last game here:"
        if session is None:
            return private("There is no running game in this channel.")
        ui = self.ui(session.row.game)
        options = ui.render_options(await self.prefs(caller.user_id))
        if zoom:
            if not self.render:
                return private("Board images are turned off here.")
            try:
                image = await self._render(ui, session.match.view(None), **options, zoom=str(zoom)[:60])
            except IllegalAction as exc:
                return private(str(exc))
            return Reply(channel=Message(f"A close view of {str(zoom)[:60]}:", image=image, image_name="zoom.png"),
                         channel_id=session.row.channel_id, game_id=session.row.id)
        reply = self.turn(session, [], header=header, remind=False)
        await self.store_offers_now(session.row.id, reply)
        return await self.with_board(session, reply, **options)

    async def hand(self, caller: Caller, row: GameRow | None = None) -> Reply:
        """``/game hand`` and the **My hand** button: the caller's private view, fresh, with the
        choices of a secret prompt."""
        row = row or await self.store.active_game(caller.channel_id)
        if row is None or row.status != "running":
            return private("There is no running game here.")
        session = await self.loaded(row)
        if isinstance(session, Reply):
            return session
        seat = session.seat_of(caller.user_id)
        if seat is None:
            return private("You are not seated in this game; everything you may see is on the board.")
        ctx = self._context(session, seat)
        text = self.ui(row.game).hand_text(ctx.view())
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
        if seat is None or seat.dm_closed:
            return None
        async with self.store.transaction() as tx:
            await tx.set_dm_closed(game_id, user_id, True)
        return Reply(channel=Message(f"{seat.name}'s DMs are closed; use **My hand** (or `/game hand`) to see "
                                     "private information."), channel_id=row.channel_id)

    # -------------------------------------------------------------- commands
    async def command(self, caller: Caller, name: str, args: Any, row: GameRow | None = None) -> Reply:
        """A game command (``/rotw build ...``), answered by the game's UI module."""
        row = row or await self.store.active_game(caller.channel_id)
        if row is not None and row.status == "lobby":
            return private("The game has not started yet: when everyone is seated, its creator presses **Start**.")
        if row is None or row.status != "running":
            return private("There is no running game in this channel.")
        ui = self.ui(row.game)
        spec = ui.commands.get(name) if isinstance(name, str) else None
        if spec is None:
            return private(f"Unknown command {name!r}; commands: {', '.join(ui.commands)}.")
        try:
            args = spec.check(args)
        except IllegalAction as exc:
            return private(str(exc))
        session = await self.loaded(row)
        if isinstance(session, Reply):
            return session
        seat = session.seat_of(caller.user_id)
        if seat is None:
            return private("You are not seated in this game.")
        try:
            ctx = self._context(session, seat)
            ctx.prefs = {**SETTING_DEFAULTS, **await self.prefs(caller.user_id)}
            result = await spec.handler(ctx, args)
        except IllegalAction as exc:
            return private(str(exc))
        if isinstance(result, Apply):
            return await self.act(caller, result.action, row=row)
        prompt = session.prompt_of(seat)
        for message in result.messages():
            _bind(message.components, seat, prompt["stamp"] if prompt else None)
        await self.store_offers_now(row.id, result)
        return result

    async def undo(self, caller: Caller) -> Reply:
        """``/game undo``: take back your last move (alone, or by asking the others)."""
        return await self.act(caller, {"type": "undo"})

    async def click(self, caller: Caller, token: str) -> Reply:
        """A button or select option: the action stored behind ``token``."""
        offer = await self.store.offer(token)
        if offer is None:
            return private("That button has expired.")
        row = await self.store.game(offer.game_id)
        if row is None or row.status not in ("lobby", "running"):
            return private(ENDED)
        action = offer.action
        kind = action.get("type")
        logs.note(game=f"{row.game}#{row.id}", action=action.get("do") or action.get("name") or kind)
        if kind == "_lobby":
            return await {"join": self.join, "leave": self.leave, "start": self.start}[action["do"]](caller, row)
        if kind == "_cancel":
            async with self.store.transaction() as tx:
                await tx.void_offers([token, *action.get("voids", [])])
            return private("Cancelled; nothing was changed.")
        if kind == "_cmd":
            if row.status == "running":
                session = await self.loaded(row)
                if isinstance(session, Reply):
                    return session
                refused = _refusal(session, session.seat_of(caller.user_id), offer)
                if refused:
                    return private(refused)
            return await self.command(caller, action["name"], action.get("args", {}), row=row)
        if kind == "_hand":
            return await self.hand(caller, row)
        if kind == "_timeout":
            return await timing.vote(self, caller, action)
        return await self.act(caller, action, row=row, offer=offer)

    # ----------------------------------------------------------------- moves
    async def act(self, caller: Caller, action: Any, row: GameRow | None = None, offer: Offer | None = None) -> Reply:
        """Play ``action`` for the caller's seat, commit it, and build the messages that announce it."""
        row = row or await self.store.active_game(caller.channel_id)
        if row is None or row.status != "running":
            return private("There is no running game in this channel.")
        async with self.lock(row.id):
            current = await self.store.game(row.id)
            if current is None or current.status != "running":
                return private(ENDED if offer else "This game has ended.")
            session = await self.loaded(current)
            if isinstance(session, Reply):
                return session
            seat = session.seat_of(caller.user_id)
            if seat is None:
                return private("You are not seated in this game.")
            refused = _refusal(session, seat, offer) if offer is not None else None
            if refused:
                return private(refused)
            try:
                new, events = session.match.play(seat, action)
            except IllegalAction as exc:
                return private(str(exc))
            return await self._commit(session, [(seat, caller.user_id)], new, events, actor=seat)

    async def act_for(self, session: Session, seat: int, header: str) -> Reply:
        """The table's move for ``seat`` (a skipped move after a time limit): the game's
        ``timeout_action``. The caller holds the game's lock."""
        action = session.match.game.timeout_action(session.match.state, seat)
        if action is None:
            return private("This game has no move to make for a player at this point.")
        new, events = session.match.play(seat, action)
        return await self._commit(session, [(seat, session.seats[seat].user_id)], new, events, header=header)

    def _autoplay(self, session: Session, new: Match, events: list[dict],
                  who: list[tuple[int, int]]) -> tuple[Match, list[dict]]:
        """Removed seats pass whenever they are prompted (``timeout_action``), until someone else
        is to move; each pass is another log entry."""
        removed = {s.seat for s in session.seats if s.removed}
        for _ in range(200):
            if new.outcome() is not None:
                break
            seat = next((p["seat"] for p in new.prompts() if p["seat"] in removed), None)
            action = new.game.timeout_action(new.state, seat) if seat is not None else None
            if action is None:
                break
            new, more = new.play(seat, action)
            events = events + more
            who.append((seat, session.seats[seat].user_id))
        return new, events

    async def _commit(self, session: Session, who: list[tuple[int, int]], new: Match, events: list[dict],
                      actor: int | None = None, header: str = "") -> Reply:
        """Save the new log entries (one per ``(seat, user_id)`` in ``who``, then the passes of
        removed seats), the offers, timers and results in one transaction; then the messages."""
        match, row = session.match, session.row
        new, events = self._autoplay(session, new, events, who)
        after = Session(row, session.seats, new)
        reply = self.turn(after, events, header=header, actor=actor)
        await self._turn_dms(after, reply)
        over = new.outcome() is not None
        results = self._results(after) if over else []
        if over and len(session.seats) == 1:
            reply.channel.text += await self._personal_best(results[0])
        try:
            async with self.store.transaction() as tx:
                state = canonical(new.state).decode()
                for i, (seat, user_id) in enumerate(who):
                    n = len(match.log) + i
                    await tx.append(row.id, n, seat, user_id, new.log[n][1], state)
                await self._store_reply_offers(tx, row.id, reply)
                await timing.sync(tx, after, self.clock(), before=match.prompts())
                if over:                      # after the offers: finishing prunes them all
                    await tx.set_status(row.id, "finished", expect=("running",))
                    await tx.add_results(results)
        except Exception:
            log.exception("game %s: move not saved", row.id)
            return private(NOT_SAVED)
        if over:
            self._matches.pop(row.id, None)
        else:
            self._matches[row.id] = new
        if not self.ui(row.game).board_changed(match.view(None), new.view(None)):
            return reply                          # a bid, a pass, a vote: a short line, no new image
        return await self.with_board(after, reply)

    async def _turn_dms(self, session: Session, reply: Reply) -> None:
        """A DM to each player newly pinged in the channel whose settings ask for one (``dm``, on
        by default; never in a solo game or for closed DMs)."""
        if len(session.seats) < 2 or reply.channel is None:
            return
        ui = registry.UIS[session.row.game]
        for seat, info in enumerate(session.seats):
            if info.user_id not in reply.channel.mentions or info.dm_closed or info.user_id in reply.direct:
                continue
            if (await self.prefs(info.user_id)).get("dm", True):
                note = ui.turn_note(session.match.view(seat))
                reply.direct[info.user_id] = Message(f"Your move in <#{session.row.channel_id}> "
                                                     f"({session.match.game.name}).{' ' + note if note else ''}")

    async def prefs(self, user_id: int) -> dict:
        """A user's settings, cached (``settings`` updates the cache when it saves)."""
        if user_id not in self._prefs:
            if len(self._prefs) > 10_000:
                self._prefs.clear()
            self._prefs[user_id] = await self.store.prefs(user_id)
        return self._prefs[user_id]

    async def settings(self, caller: Caller, changes: dict | None = None) -> Reply:
        """``/game settings``: show or change the caller's settings (see ``SETTINGS``)."""
        prefs = await self.prefs(caller.user_id)
        changes = {k: v for k, v in (changes or {}).items() if v is not None}
        for key, value in changes.items():
            if key not in SETTINGS:
                return private(f"There is no setting `{key}`; settings: {', '.join(SETTINGS)}.")
            kind, _ = SETTINGS[key]
            if kind is bool and not isinstance(value, bool):
                return private(f"`{key}` is true or false.")
            if isinstance(kind, tuple) and value not in kind:
                return private(f"`{key}` is one of: {', '.join(kind)}.")
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

    def _results(self, session: Session) -> list[ResultRow]:
        """One row per seat of a finished game: score, rank (ties share it), objective met."""
        outcome = session.match.outcome()
        row = session.row
        variant = self.ui(row.game).variant(session.match.view(None), outcome)
        scores = outcome["scores"]
        final = outcome.get("final")
        success = final.get("success") if isinstance(final, dict) else None     # a solo objective, if any
        out = []
        for info in session.seats:
            score = scores.get(info.seat, scores.get(str(info.seat), 0))
            rank = 1 + sum(1 for s in scores.values() if s > score)
            out.append(ResultRow(row.id, info.seat, info.user_id, row.game, row.guild_id, variant, int(score), rank,
                                 success))
        return out

    async def _personal_best(self, result: ResultRow) -> str:
        """The line telling a solo player how this score compares with their best on the same
        variant (map and objective)."""
        earlier = [r for r in await self.store.results(user_id=result.user_id, game=result.game)
                   if r.variant == result.variant and r.game_id != result.game_id]
        if not earlier:
            return f"\nFirst game recorded on {result.variant}: {result.score} is your personal best."
        best = max(r.score for r in earlier)
        if result.score > best:
            return f"\n🎉 New personal best on {result.variant}: {result.score} (before: {best})."
        return f"\nYour personal best on {result.variant}: {best} ({len(earlier) + 1} games)."

    # -------------------------------------------------------------- messages
    def turn(self, session: Session, events: list[dict], header: str = "", actor: int | None = None,
              remind: bool = True) -> Reply:
        """What everyone is told after a move: the channel message (public events, prompts with
        mentions of newly prompted seats, buttons), private events and secret prompts by DM, and
        the actor's private events as an ephemeral answer. ``remind=False`` (``/game board``)
        lists every prompt by name, pings nobody and sends no DMs."""
        match = session.match
        ui = self.ui(session.row.game)
        public_view = match.view(None)
        lines = [header] if header else []
        lines += [e["text"] for e in events_for(events, None) if e.get("text")]
        channel = Message("", components=[])
        direct: dict[int, Message] = {}
        caller: Message | None = None
        for seat, info in enumerate(session.seats):
            mine = [e["text"] for e in events if "to" in e and seat in e["to"] and e.get("text")]
            if not mine:
                continue
            if seat == actor:
                caller = Message("\n".join(mine))
            elif not info.dm_closed:
                direct[info.user_id] = Message("\n".join(mine))
        outcome = match.outcome()
        if outcome is not None:
            lines.append(ui.outcome_text(public_view, outcome))
        else:
            seq = match.state["core"]["seq"]
            waiting = []
            for prompt in match.prompts():
                info = session.seats[prompt["seat"]]
                if remind and prompt["stamp"] != seq:
                    waiting.append(info.name)      # pinged when their prompt began; its buttons again
                    if not prompt.get("secret"):
                        channel.components += self._prompt_components(session, prompt)
                    continue
                who = f"**{info.name}**"
                # the player who just moved and moves on (a turn of several moves) is not pinged again;
                # a secret prompt always comes by DM with its menu
                going_on = prompt["seat"] == actor and len(session.seats) > 1 and not prompt.get("secret")
                if remind and not going_on:
                    channel.mentions.append(info.user_id)
                    who = f"<@{info.user_id}>"
                if prompt["kind"] == "undo_vote":
                    lines.append(f"{who}, do you agree to take back {session.names[prompt['by']]}'s move?")
                else:
                    lines.append(ui.prompt_text(public_view, prompt, who))
                components = self._prompt_components(session, prompt)
                if prompt.get("secret"):
                    if remind and not going_on and not info.dm_closed and components:
                        direct.setdefault(info.user_id, Message(""))
                        dm = direct[info.user_id]
                        dm.text = "\n".join(t for t in (dm.text, f"Your move in <#{session.row.channel_id}>: "
                                                       + ui.prompt_text(match.view(prompt["seat"]), prompt, "you"))
                                            if t)
                        dm.components += components
                else:
                    channel.components += components
            if waiting:
                lines.append(f"Still waiting for {', '.join(waiting)}.")
            channel.components = _dedupe(channel.components)[:20]
            channel.components.append(Button("My hand", {"type": "_hand"}))
        channel.text = "\n".join(lines)
        return Reply(channel=channel, caller=caller, direct=direct, channel_id=session.row.channel_id,
                     game_id=session.row.id)

    def _prompt_components(self, session: Session, prompt: dict) -> list[Button | Select]:
        seat = prompt["seat"]
        if prompt["kind"] == "undo_vote":
            components: list[Button | Select] = [
                Button("Agree to undo", {"type": "undo_vote", "agree": True}, "success"),
                Button("Refuse", {"type": "undo_vote", "agree": False}, "danger")]
            for c in components:
                c.stamp = prompt["stamp"]
            return components
        components = self.ui(session.row.game).prompt_components(self._context(session, seat), prompt)
        return _bind(components, seat, prompt["stamp"])

    async def with_board(self, session: Session, reply: Reply, **options) -> Reply:
        """Attach the board to the channel message; a failure here comes after the commit, so the
        message says the move was made and the board will follow."""
        if not self.render or reply.channel is None:
            return reply
        try:
            image = await self._render(self.ui(session.row.game), session.match.view(None), **options)
        except Exception:
            log.exception("game %s: board not drawn", session.row.id)
            reply.channel.text += "\n(The move was made; the board image could not be drawn. `/game board` will " \
                                  "try again.)"
            return reply
        reply.channel.image = image
        return reply

    async def _render(self, ui: GameUI, view: dict, **kwargs) -> bytes | None:
        if not self.render:
            return None
        return await asyncio.to_thread(ui.render, view, **kwargs)

    # ---------------------------------------------------------------- offers
    async def _store_offers(self, tx, game_id: int, components: list[Button | Select]) -> None:
        offers = []
        for c in components:
            if isinstance(c, Button):
                if c.action.get("type") == "_cancel":
                    continue
                token = new_token()
                c.custom_id = f"rh:o:{token}"
                offers.append(Offer(token, game_id, c.seat, c.stamp, c.action))
            else:
                c.custom_id = f"rh:s:{new_token()}"
                for o in c.options:
                    o.value = new_token()
                    offers.append(Offer(o.value, game_id, c.seat, c.stamp, o.action))
        for c in components:          # a Cancel voids the buttons of its message
            if isinstance(c, Button) and c.action.get("type") == "_cancel":
                token = new_token()
                c.custom_id = f"rh:o:{token}"
                voids = [b.custom_id.split(":")[-1] for b in components if isinstance(b, Button) and b is not c]
                offers.append(Offer(token, game_id, c.seat, None, {"type": "_cancel", "voids": voids}))
        await tx.add_offers(offers)

    async def _store_reply_offers(self, tx, game_id: int, reply: Reply) -> None:
        for message in reply.messages():
            await self._store_offers(tx, game_id, message.components)

    async def store_offers_now(self, game_id: int, reply: Reply) -> None:
        if any(m.components for m in reply.messages()):
            async with self.store.transaction() as tx:
                await self._store_reply_offers(tx, game_id, reply)


def _bind(components: list[Button | Select], seat: int, stamp: int | None) -> list[Button | Select]:
    """Offers made for ``seat``'s prompt: only that seat may press them, only for that prompt
    (a Cancel stays pressable)."""
    for c in components:
        if c.seat is None:
            c.seat = seat
        if c.stamp is None and not (isinstance(c, Button) and c.action.get("type") == "_cancel"):
            c.stamp = stamp
    return components


def _refusal(session: Session, seat: int | None, offer: Offer) -> str | None:
    """Why ``seat`` may not press ``offer`` now, or ``None``."""
    if seat is None:
        return "You are not seated in this game."
    if offer.seat is not None and offer.seat != seat:
        return f"That choice is for {session.names[offer.seat]} (a button or menu of theirs)."
    if offer.stamp is not None:
        prompt = session.prompt_of(seat)
        vote = session.match.state["core"]["vote"]
        if offer.action.get("type") == "undo_vote" and vote is not None and seat in vote["agreed"]:
            return "You asked for this undo or agreed to it already; the others answer it."
        if prompt is None or prompt["stamp"] != offer.stamp:
            return STALE
    return None


def _dedupe(components: list[Button | Select]) -> list[Button | Select]:
    """One "Agree"/"Refuse" pair for all voters: buttons with the same label and action are merged."""
    seen, out = set(), []
    for c in components:
        key = (c.label, json.dumps(c.action, sort_keys=True), c.stamp) if isinstance(c, Button) else id(c)
        if key in seen:
            continue
        seen.add(key)
        if isinstance(c, Button) and c.action.get("type") == "undo_vote":
            c.seat = None          # any voter may press it; the stamp still checks their vote prompt
        out.append(c)
    return out


__all__ = ["Table", "Session"]
