"""The table's lobby: opening, joining, leaving, starting, abandoning a game, removing a player
and the game's clocks (a part of ``Table``; the rights of the creator and of Manage Channel)."""
from __future__ import annotations

import logging

import msgspec

from railhead import engine
from railhead.engine import IllegalAction, Match, canonical

from .. import logs, registry, timing
from ..replies import Button, Caller, Message, Refusal, Reply, answered, private
from ..session import Session
from ..store import ChannelBusy, GameRow
from .common import options_text, require_manager, seated

log = logging.getLogger("railhead.table")

class Lobby:
    """The table's lobby: opening, joining, leaving, starting, abandoning a game, removing a player
    and the game's clocks (a part of ``Table``)."""

    @answered
    async def open(self, caller: Caller, game_id: str, given: dict) -> Reply:
        """``/game new`` as typed or chosen: ``given`` holds its options by name (text or Discord's
        values; see ``registry.new_game_args``), the game's and the clock's."""
        options, clock = registry.new_game_args(game_id, given)
        return await self.new(caller, game_id, options, clock)

    @answered
    async def new(self, caller: Caller, game_id: str, options: dict | None = None,
                  timing_: dict | None = None) -> Reply:
        """``/game new``: open a lobby in this channel; the creator takes the first seat.
        ``timing_``: ``remind_hours``, ``reminders``, ``time_limit_hours`` (see ``timing.timing_from``)."""
        game = registry.game(game_id)
        opts = msgspec.to_builtins(game.options(options))
        self._check_options(game, opts)
        clock = timing.timing_from(**(timing_ or {}))
        solo = game.max_seats == 1
        if caller.dm and not solo:
            raise Refusal(f"{game.name} is played by several people in a server channel; in a DM with me you "
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
            raise Refusal("This channel already has a game. Finish it, or `/game abandon` it first.") from None
        logs.note(game=f"{game.id}#{gid}", seats={caller.user_id: 0})
        if solo:                                  # nobody to wait for: the game begins at once
            return await self.start(caller)
        players = f"{game.min_seats}-{game.max_seats} players" if game.max_seats > 1 else "solo"
        return Reply(channel=Message(
            f"**{caller.name}** opened a table for **{game.name}** ({players}; {timing.describe(clock)}).\n"
            f"Options: {options_text(game, opts)}.\n"
            "Hints: off (its creator may allow them now, `/game hint allow:true`).\n"
            "Press **Join** or use `/game join`; the creator presses **Start** (or `/game start`) when everyone "
            "is seated: nobody can join once the game has begun.", components=buttons),
            channel_id=caller.channel_id, game_id=gid,
            direct={caller.user_id: self._welcome(game, caller.channel_id)})

    @staticmethod
    def _check_options(game: engine.Game, opts: dict) -> None:
        """Set the game up with ``opts`` for the smallest table they allow (a map may need more
        players than the game's minimum: Vistula & Danube takes 3-6). Raises ``IllegalAction``
        when no player count fits; the count itself is checked again at Start."""
        refused = None
        for count in range(game.min_seats, game.max_seats + 1):
            try:
                game.setup(opts, [f"seat {i}" for i in range(count)], 0)
                return
            except IllegalAction as exc:
                refused = exc
        raise refused

    @staticmethod
    def _welcome(game: engine.Game, channel_id: int) -> Message:
        return Message(f"You have a seat at **{game.name}** in <#{channel_id}>. Private information (your hand, "
                       "secret choices) will come here.", notice=True)

    async def _lobby(self, caller: Caller, row: GameRow | None = None) -> GameRow:
        """The channel's game (or ``row``). Raises ``Refusal`` when there is none."""
        row = row or await self.store.active_game(caller.channel_id)
        if row is None:
            raise Refusal("There is no game here. Open one with `/game new`.")
        logs.note(game=f"{row.game}#{row.id}")
        return row

    @answered
    async def join(self, caller: Caller, row: GameRow | None = None) -> Reply:
        """``/game join`` or **Join**: take a seat at the channel's table in the lobby; in a running
        game, a player whose seat an AI plays takes it back (``/game join``)."""
        row = await self._lobby(caller, row)
        if row.status == "running" and any(s.user_id == caller.user_id and s.ai is not None
                                           for s in await self.store.seats(row.id)):
            return await self.rejoin(caller)
        game = registry.game(row.game)
        async with self.lock(row.id):
            async with self.store.transaction() as tx:
                current = await tx.game(row.id)
                seats = await tx.seats(row.id)
                if any(s.user_id == caller.user_id for s in seats):
                    raise Refusal("You are already seated.")
                if current is None or current.status != "lobby":
                    raise Refusal("This game has already started or ended; you can watch, and join the next one.")
                if len(seats) >= game.max_seats:
                    raise Refusal(f"The table is full ({game.max_seats} players).")
                await tx.add_seat(row.id, caller.user_id, caller.name)
        names = ", ".join([s.name for s in seats] + [caller.name])
        return Reply(channel=Message(f"**{caller.name}** joins. Seated ({seated(game, len(seats) + 1)}): {names}."),
                     channel_id=row.channel_id,
                     game_id=row.id, direct={caller.user_id: self._welcome(game, row.channel_id)})

    @answered
    async def leave(self, caller: Caller, row: GameRow | None = None) -> Reply:
        """``/game leave`` or **Leave**: give up one's seat before the start."""
        row = await self._lobby(caller, row)
        async with self.lock(row.id):
            async with self.store.transaction() as tx:
                current = await tx.game(row.id)
                if current is None or current.status != "lobby":
                    raise Refusal("You can only leave a game before it starts. A running game can be abandoned "
                                  "by its creator or a member with Manage Channel.")
                if not await tx.remove_seat(row.id, caller.user_id):
                    raise Refusal("You are not seated at this table.")
                empty = not any(s.ai is None for s in await tx.seats(row.id))      # AI players alone: closed
                if empty:
                    await tx.set_status(row.id, "abandoned")
        text = f"**{caller.name}** leaves; the table is empty and closed." if empty else \
            f"**{caller.name}** leaves the table."
        return Reply(channel=Message(text), channel_id=row.channel_id, game_id=row.id)

    @answered
    async def start(self, caller: Caller, row: GameRow | None = None) -> Reply:
        """``/game start`` or **Start**: start the game (its creator or Manage Channel), post the first turn."""
        row = await self._lobby(caller, row)
        if row.status != "lobby":
            raise Refusal("This game is already running.")
        require_manager(caller, row, "start it")
        game = registry.game(row.game)
        seats = await self.store.seats(row.id)
        if not any(s.ai is None for s in seats):
            raise Refusal("A game needs at least one person beside its AI players: press **Join** (or "
                          "`/game join`) first.")
        refused = self.ui(row.game).start_refusal(row.options, len(seats))
        if refused:                 # a map for another number of players: name the maps that fit
            return private(refused)
        async with self.lock(row.id):
            current = await self.store.game(row.id)
            if current is None or current.status != "lobby":
                raise Refusal("This game is already running or has ended.")
            seats = await self.store.seats(row.id)
            seed = self.seeds()
            match = Match.start(game, row.options, [s.name for s in seats], seed)
            session = Session(row, seats, match)
            names = [s.name for s in seats]
            header = f"**{game.name}** begins for **{', '.join(names)}**." if game.max_seats == 1 else \
                f"**{game.name}** begins! {self.ui(row.game).start_text(match.view(None), names)}"
            reply = self.turn(session, [], header=header)
            await self._turn_dms(session, reply)
            try:
                async with self.store.transaction() as tx:
                    if not await tx.set_status(row.id, "running", expect=("lobby",)):
                        raise Refusal("This game is already running or has ended.")
                    await tx.start_game(row.id, seed, canonical(match.state).decode())
                    await self._store_reply_offers(tx, row.id, reply)
                    await timing.sync(tx, session, self.clock())
            except Refusal:
                raise
            except Exception:
                log.exception("game %s: start not saved", row.id)
                return private("The game could not be started (the bot's database refused it); nothing changed.")
            self._matches[row.id] = match
            self._ai_wake(session)                 # an AI seat moves first
        return await self.with_board(session, reply)

    @answered
    async def abandon(self, caller: Caller, confirm: bool = False) -> Reply:
        """``/game abandon``: end the channel's game without scoring (its creator or Manage Channel).
        A running game ends only with ``confirm`` (``game abandon yes``, or the **Abandon** button
        of the answer it gets without); a lobby closes at once (nothing is lost)."""
        row = await self.store.active_game(caller.channel_id)
        if row is None:                 # a game may have ended a moment ago, as the abandon was sent
            last = await self.store.last_game(caller.channel_id)
            raise Refusal("There is no game here." if last is None else
                          "The last game here has already ended; there is no game to abandon.")
        require_manager(caller, row, "abandon it")
        if row.status == "running" and not confirm:
            name = registry.game(row.game).name
            reply = private(f"Abandon this game of {name}? It ends at once for everyone, without scores or "
                            "ratings, and cannot be taken back.",
                            components=[Button("Abandon the game", {"type": "_abandon"}, "danger"),
                                        Button("Keep playing", {"type": "_cancel"}, "secondary")])
            await self.store_offers_now(row.id, reply)
            return reply
        async with self.lock(row.id):
            session = await self.session_for(await self.store.game(row.id))    # its table loses its buttons
            async with self.store.transaction() as tx:
                changed = await tx.set_status(row.id, "abandoned")
            self._matches.pop(row.id, None)
        if not changed:
            raise Refusal("This game has already ended.")
        said = f"The game was abandoned by **{caller.name}**."
        return Reply(channel=Message(said), channel_id=row.channel_id, game_id=row.id,
                     table=self.ended_card(session, said + " Nothing more can be played in it.")
                     if session is not None else None)

    @answered
    async def kick(self, caller: Caller, user_id: int) -> Reply:
        """``/game kick``: the creator or a member with Manage Channel takes a player's seat away.
        Before the start the seat is freed; in a running game the player is removed and passes
        whenever prompted (as after a vote, bot/timing.py)."""
        row = await self.store.active_game(caller.channel_id)
        if row is None:
            raise Refusal("There is no game here.")
        require_manager(caller, row, "remove a player")
        async with self.lock(row.id):
            current = await self.store.game(row.id)
            seats = await self.store.seats(row.id)
            target = next((s for s in seats if s.user_id == user_id), None)
            if current is None or current.status not in ("lobby", "running"):
                raise Refusal("This game has already ended.")
            if target is None:
                raise Refusal("That player is not seated in this game.")
            if current.status == "lobby":
                async with self.store.transaction() as tx:
                    await tx.remove_seat(row.id, user_id)
                    empty = not any(s.ai is None for s in await tx.seats(row.id))
                    if empty:
                        await tx.set_status(row.id, "abandoned")
                text = f"**{caller.name}** removed **{target.name}** from the table."
                return Reply(channel=Message(text + (" The table is empty and closed." if empty else "")),
                             channel_id=row.channel_id, game_id=row.id)
            if target.removed:
                raise Refusal(f"{target.name} was already removed: they pass whenever it is their turn.")
            session = await self.loaded(current)
            async with self.store.transaction() as tx:
                await tx.set_removed(row.id, target.seat)
            seats = [s if s.seat != target.seat else type(s)(**{**s.__dict__, "removed": True}) for s in session.seats]
            session = Session(current, seats, session.match)
            header = f"**{caller.name}** removed **{target.name}**, who will pass whenever it is their turn."
            if any(p["seat"] == target.seat for p in session.match.prompts()):
                return await self.act_for(session, target.seat, header)
            return Reply(channel=Message(header), channel_id=row.channel_id, game_id=row.id)

    @answered
    async def allow_hints(self, caller: Caller, on: bool) -> Reply:
        """``/game hint allow:``: the creator or a member with Manage Channel allows or forbids
        hints (``bot/hints.py``) at the channel's table, in the lobby only; the channel is told."""
        row = await self._lobby(caller)
        if registry.game(row.game).max_seats == 1:
            raise Refusal("Hints are always allowed in a solo game: ask with `/game hint`.")
        if row.status != "lobby":
            raise Refusal("Hints are set in the lobby, before the start: this game has them "
                          f"{'on' if row.hints else 'off'}.")
        require_manager(caller, row, "set hints")
        async with self.lock(row.id):
            async with self.store.transaction() as tx:
                current = await tx.game(row.id)
                if current is None or current.status != "lobby":
                    raise Refusal("Hints are set in the lobby, before the start; this game has started.")
                await tx.set_hints(row.id, on)
        said = ("each player may ask `/game hint` on their turn for a suggested move, answered privately"
                if on else "nobody can ask for a suggested move")
        return Reply(channel=Message(f"**{caller.name}** turned hints {'on' if on else 'off'} for this game: {said}."),
                     channel_id=row.channel_id, game_id=row.id)

    @answered
    async def game_timing(self, caller: Caller, remind_hours=None, reminders=None, time_limit_hours=None) -> Reply:
        """``/game timing``: the creator or a member with Manage Channel changes the game's
        reminders and move time limit; the clocks of the players to move start again."""
        row = await self.store.active_game(caller.channel_id)
        if row is None:
            raise Refusal("There is no game here.")
        if remind_hours is None and reminders is None and time_limit_hours is None:
            return private(f"This game: {timing.describe(row.timing)}. Change it with `remind_hours`, `reminders` "
                           "or `time_limit_hours` (`none` for no limit).")
        require_manager(caller, row, "change its settings")
        now = {**timing.DEFAULTS, **row.timing}
        clock = timing.timing_from(now["remind_hours"] if remind_hours is None else remind_hours,
                                   now["reminders"] if reminders is None else reminders,
                                   now["limit_hours"] if time_limit_hours is None else time_limit_hours)
        async with self.lock(row.id):
            current = await self.store.game(row.id)
            session = await self.session_for(current, "running")
            async with self.store.transaction() as tx:
                await tx.set_timing(row.id, clock)
                if session is not None:
                    changed = type(current)(**{**current.__dict__, "timing": clock})
                    await tx.drop_timers(row.id, [])
                    await timing.sync(tx, Session(changed, session.seats, session.match), self.clock())
        return Reply(channel=Message(f"**{caller.name}** changed this game's timing: {timing.describe(clock)}."),
                     channel_id=row.channel_id, game_id=row.id)

