"""AI seats (issue 34, "Seats in the bot and at the local table"; a part of ``Table``).

Who: a seat whose ``SeatRow.ai`` holds a level (``easy``, ``normal``, ``hard``). ``/game add-ai``
seats one in the lobby under a name that says it is a bot ("Bot Ada (normal)") and a negative
user id (no Discord id is negative, so it can never be pinged or sent a DM by mistake); a time-limit
vote may hand a person's seat to an AI (``replace_with_ai``), and that person alone takes it back
with ``/game join``. An AI seat is never pinged or DMed (``SeatRow.reachable``), gets no timers,
reminders or time limits (``timing.sync``), and its prompt shows no buttons. A game starts only
with at least one person seated (``Lobby.start``).

How an AI move flows (docs/architecture.md, "The path of an AI move"):

1. After every commit, at the start, on loading a game and on each clock tick (so a restart
   resumes a pending move), ``_ai_wake`` starts one task per game (never two) when a prompt waits
   on an AI seat.
2. The task takes the match as it stands (a ``Match`` is never changed in place, so it is a
   snapshot) and, outside the game's lock, asks ``ai_pool.think`` for each waiting AI seat's move
   (in worker processes, off the event loop). The player of each level is ``Table.ai_levels``
   (``railhead.ai.LEVELS`` unless a test or host sets another); the key of its random choices is
   the game's id and seed, the prompt's stamp and the seat, so the same game makes the same move
   whenever the other seats' simultaneous moves (secret choices) land.
   An undo vote is answered "agree" without thinking.
3. The move is submitted as a button press is: under the lock, bound to the prompt's stamp
   (``offers.refusal``), played by ``Match.play`` and committed by ``Moves._commit``, with a
   one-line header: the bot's name and its ``Choice.reason``. A move thought out for a prompt
   that has changed meanwhile is dropped, and the loop thinks again from the new state; a seat
   taken back by its person (or removed) is not moved for.
4. The reply goes to ``Table.post`` (the Discord bot posts it in the channel, the local table
   prints it); without one it is kept in ``Table.posted``. The task loops until no prompt waits
   on an AI seat, so several AI seats chain (AI after AI) and secret choices of several AI seats
   at once are each made.

Hidden information: the AI is handed the true state only through ``ai_pool`` (the players'
contract: a player reads its own seat's view and what ``determinize`` makes of it). The header of
a secret choice says only that the choice was made; its reason stays unsaid.
"""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from railhead.ai import Choice
from railhead.engine import IllegalAction
from railhead.engine.core import rng_for

from .. import ai_pool, registry, timing
from ..replies import Button, Caller, Message, Refusal, Reply, answered, shorten
from ..session import Session
from ..store import Offer, SeatRow
from .common import require_manager, seated
from .offers import refusal

log = logging.getLogger("railhead.table")

LEVELS = ("easy", "normal", "hard")
"""The levels a player may choose (``railhead.ai.LEVELS``: easy is the game's heuristic player,
normal and hard search with more playouts)."""
REPLACE_LEVEL = "normal"
"""The level of the AI that takes a late player's seat after a time-limit vote."""
BOT_NAMES = ("Ada", "Brunel", "Crampton", "Daimler", "Ericsson", "Fowler")
"""First names of AI seats, in order (six: the most seats a game has)."""
REASON = 200
"""The most characters of an AI's reason said in the channel."""


def bot_name(first: str, level: str) -> str:
    """The seat name of an AI: ``"Bot Ada (normal)"`` (at most 20 characters, within Discord's 32
    for a display name, and in the board fonts' characters: no emoji on a drawn board)."""
    return f"Bot {first} ({level})"


def plays_for(info: SeatRow) -> bool:
    """Whether the table moves for this seat by its AI: an AI seat that was not removed."""
    return info.ai is not None and not info.removed


class Robots:
    """AI seats: seating them, handing a seat to one and back, and moving for them (see the
    module docstring; a part of ``Table``)."""

    ai_levels: dict[str, tuple[str, float | None]] | None

    def levels_of(self, game_id: str) -> dict[str, tuple[str, float | None]]:
        """The AI levels' players and budgets at this table for ``game_id``: ``ai_levels`` when set
        (a test's), else the game's own (``ai_pool.levels``)."""
        return self.ai_levels if self.ai_levels is not None else ai_pool.levels(game_id)
    post: Callable[[Reply], Awaitable[None]] | None
    posted: list[Reply]
    _ai_tasks: dict[int, asyncio.Task]
    _ai_again: set[int]

    # ---------------------------------------------------------------- seating
    @answered
    async def add_ai(self, caller: Caller, level: str = "normal") -> Reply:
        """``/game add-ai``: seat an AI player of ``level`` at the channel's table in the lobby (its
        creator or Manage Channel); its **Remove** button (or ``game kick`` at the local table)
        frees the seat again."""
        level = (level or "normal").lower()
        if level not in LEVELS:
            raise Refusal(f"An AI player's level is {', '.join(LEVELS)} (not {level!r}).")
        row = await self._lobby(caller)
        game = registry.game(row.game)
        if game.max_seats == 1:
            raise Refusal(f"{game.name} is a solo game: there is no seat for an AI player.")
        if row.status != "lobby":
            raise Refusal("AI players are seated before the start. In a running game, the time-limit vote may "
                          "hand a late player's seat to an AI.")
        require_manager(caller, row, "seat an AI player")
        levels = self.levels_of(row.game)
        player = levels[level][0]
        if not ai_pool.ready(row.game, player):
            ready = [lv for lv in LEVELS if ai_pool.ready(row.game, levels[lv][0])]
            raise Refusal(f"There is no {level} AI player for {game.name} yet; choose {' or '.join(ready)}.")
        async with self.lock(row.id):
            async with self.store.transaction() as tx:
                current = await tx.game(row.id)
                if current is None or current.status != "lobby":
                    raise Refusal("This game has already started or ended.")
                seats = await tx.seats(row.id)
                if len(seats) >= game.max_seats:
                    raise Refusal(f"The table is full ({game.max_seats} players).")
                taken = {s.name for s in seats}
                first = next((f for f in BOT_NAMES if not any(n.startswith(f"Bot {f} ") for n in taken)),
                             f"#{len(seats) + 1}")
                name = bot_name(first, level)
                used = {s.user_id for s in seats}
                user_id = next(-k for k in range(1, len(seats) + 2) if -k not in used)
                await tx.add_seat(row.id, user_id, name, ai=level)
        names = ", ".join([s.name for s in seats] + [name])
        reply = Reply(channel=Message(f"**{caller.name}** seats an AI player: 🤖 **{name}**. "
                                      f"Seated ({seated(game, len(seats) + 1)}): {names}.",
                                      components=[Button(f"Remove {name}", {"type": "_lobby", "do": "remove_ai",
                                                                            "user_id": user_id})]),
                      channel_id=row.channel_id, game_id=row.id)
        await self.store_offers_now(row.id, reply)
        return reply

    @answered
    async def rejoin(self, caller: Caller) -> Reply:
        """``/game join``: take back one's own seat from the AI that plays it since a time-limit
        vote. Only that seat's person can; the AI's move being thought out is dropped."""
        row = await self.store.active_game(caller.channel_id)
        if row is None or row.status != "running":
            raise Refusal("There is no running game in this channel.")
        async with self.lock(row.id):
            session = await self.loaded(row)
            seat = session.seat_of(caller.user_id)
            if seat is None:
                raise Refusal("You have no seat in this game to take back.")
            info = session.seats[seat]
            if info.ai is None:
                raise Refusal("Your seat is yours already: no AI plays it.")
            if info.removed:
                raise Refusal("You were removed from this game; it goes on without you.")
            seats = [s if s.seat != seat else SeatRow(**{**s.__dict__, "ai": None}) for s in session.seats]
            after = Session(row, seats, session.match)
            reply = self.turn(after, [], header=f"**{info.name}** takes their seat back from the AI.")
            await self._turn_dms(after, reply)
            async with self.store.transaction() as tx:
                await tx.set_ai(row.id, seat, None)
                await self._store_reply_offers(tx, row.id, reply)
                await timing.sync(tx, after, self.clock())
        return reply

    async def replace_with_ai(self, session: Session, seat: int, header: str) -> Reply:
        """Hand ``seat`` to an AI of ``REPLACE_LEVEL`` (a passed time-limit vote); the caller holds
        the game's lock. Its timer goes; the AI moves for it from now on."""
        row = session.row
        async with self.store.transaction() as tx:
            await tx.set_ai(row.id, seat, REPLACE_LEVEL)
            await tx.drop_programs(row.id, [seat])            # the person's programmed move is not the AI's
            keep = [t.seat for t in await tx.timers(row.id) if t.seat != seat]
            await tx.drop_timers(row.id, keep)
        seats = [s if s.seat != seat else SeatRow(**{**s.__dict__, "ai": REPLACE_LEVEL}) for s in session.seats]
        self._ai_wake(Session(row, seats, session.match))
        return Reply(channel=Message(header), channel_id=row.channel_id, game_id=row.id)

    # ---------------------------------------------------------------- moving
    def _ai_wake(self, session: Session) -> None:
        """Start the game's AI task when a prompt of ``session`` waits on an AI seat (or note that
        the running task must look again)."""
        if session.match.outcome() is not None:
            return
        if not any(plays_for(session.seats[p["seat"]]) for p in session.match.prompts()
                   if 0 <= p["seat"] < len(session.seats)):
            return
        game_id = session.row.id
        task = self._ai_tasks.get(game_id)
        if task is not None and not task.done():
            self._ai_again.add(game_id)
            return
        self._ai_tasks[game_id] = asyncio.get_running_loop().create_task(self._ai_run(game_id),
                                                                         name=f"railhead-ai-{game_id}")

    async def resume_ai(self) -> int:
        """Start the AI moves that wait in running games (after a restart: the clock's tick and the
        local table call it); returns how many games have an AI task now."""
        for game_id in await self.store.ai_games():
            task = self._ai_tasks.get(game_id)
            if task is not None and not task.done():
                continue
            session = await self.session_for(await self.store.game(game_id))
            if session is not None:
                self._ai_wake(session)
        return sum(1 for t in self._ai_tasks.values() if not t.done())

    async def ai_idle(self) -> None:
        """Wait until no AI task runs (the local table before it reads the next line; tests)."""
        while True:
            running = [t for t in self._ai_tasks.values() if not t.done()]
            if not running:
                return
            await asyncio.gather(*running, return_exceptions=True)

    def stop_ai(self) -> None:
        """Cancel the AI tasks (the bot's shutdown); a restart resumes their moves."""
        for task in self._ai_tasks.values():
            task.cancel()
        self._ai_tasks.clear()

    async def _ai_run(self, game_id: int) -> None:
        """Move for the game's AI seats until no prompt waits on one (see the module docstring)."""
        tried: dict[tuple[int, int], int] = {}
        try:
            while True:
                self._ai_again.discard(game_id)
                session = await self.session_for(await self.store.game(game_id))
                if session is None or session.match.outcome() is not None:
                    return
                waiting = [p for p in session.match.prompts() if 0 <= p["seat"] < len(session.seats)
                           and plays_for(session.seats[p["seat"]]) and tried.get((p["seat"], p["stamp"]), 0) < 2]
                if not waiting:
                    if game_id in self._ai_again:
                        continue
                    return
                match = session.match
                choices = await asyncio.gather(*(self._ai_think(session, match, p) for p in waiting))
                for prompt, choice in zip(waiting, choices, strict=True):
                    key = (prompt["seat"], prompt["stamp"])
                    tried[key] = tried.get(key, 0) + 1
                    reply = await self._ai_submit(game_id, prompt, choice)
                    if reply is not None:
                        await self._ai_post(reply)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the AI could not move", game_id)

    async def _ai_think(self, session: Session, match, prompt: dict) -> Choice:
        """The move of the AI seat ``prompt`` waits on, thought out off the event loop. A player
        that fails is logged and replaced, for this move, by a random legal one."""
        seat = prompt["seat"]
        if prompt["kind"] == "undo_vote":
            return Choice({"type": "undo_vote", "agree": True}, "agrees to take the moves back")
        row = session.row
        player, budget = self.levels_of(row.game)[session.seats[seat].ai]
        key = f"{row.id}:{row.seed}:{prompt['stamp']}:{seat}"
        try:
            return await ai_pool.think(match.game, match.state, seat, player, budget, key)
        except Exception:
            log.exception("game %s: the %s player failed for seat %s; a random move instead", row.id, player, seat)
            action = match.game.random_action(match.state, seat, rng_for(key, 1)) or \
                match.game.timeout_action(match.state, seat)
            return Choice(action or {"type": "pass"}, "a random move (its player failed)")

    async def _ai_submit(self, game_id: int, prompt: dict, choice: Choice) -> Reply | None:
        """Play ``choice`` for the AI seat of ``prompt`` as a press of a button made for that
        prompt: ``None`` when the prompt has changed (the game moved on, the seat was taken back or
        removed) or the move was refused; else the committed move's reply."""
        seat = prompt["seat"]
        async with self.lock(game_id):
            current = await self.store.game(game_id)
            if current is None or current.status != "running":
                return None
            session = await self.loaded(current)
            info = session.seats[seat]
            if not plays_for(info):
                return None
            if refusal(session, seat, Offer("", game_id, seat, prompt["stamp"], choice.action)) is not None:
                return None                               # thought out for an earlier moment: think again
            try:
                new, events = session.match.play(seat, choice.action)
            except IllegalAction as exc:
                log.error("game %s: the AI's move for seat %s was refused (%s): %s", game_id, seat, exc,
                          choice.action)
                return None
            return await self._commit(session, [(seat, info.user_id)], new, events,
                                      header=self._ai_header(info, prompt, choice))

    @staticmethod
    def _ai_header(info: SeatRow, prompt: dict, choice: Choice) -> str:
        """The one line an AI move is announced with: who (a bot, or a person's seat an AI plays)
        and why; a secret choice only says it was made."""
        who = f"🤖 **{info.name}**" + (" (played by the AI)" if info.user_id > 0 else "")
        if prompt.get("secret"):
            return f"{who} has made its secret choice."
        reason = shorten(" ".join(str(choice.reason).split()), REASON)
        return f"{who}: {reason}" if reason else who

    async def _ai_post(self, reply: Reply) -> None:
        """Deliver an AI move's reply (``Table.post``), or keep it (``Table.posted``)."""
        if self.post is None:
            self.posted.append(reply)
            return
        try:
            await self.post(reply)
        except Exception:
            log.exception("game %s: an AI move's message was not delivered", reply.game_id)
