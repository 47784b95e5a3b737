"""The table: ``(channel, user, command, args) -> Reply``.

Knows games, seats, turns, locks and the store; knows nothing of Discord. The cogs and
the local terminal table both drive it. One lock per game; each action is committed to
the store before the reply that announces it is built.
"""
from __future__ import annotations

import asyncio
import json
import logging
import secrets
from dataclasses import dataclass
from typing import Any, Callable

import msgspec

import engine
from engine import IllegalAction, canonical

from .registry import GAME_COMMANDS, RENDERERS
from .replies import Apply, Button, Caller, Reply, Select, private
from .store import GameRow, SeatRow, Store

log = logging.getLogger("railhead.table")


@dataclass
class Session:
    """A loaded running game: the row, seats and current state."""

    row: GameRow
    seats: list[SeatRow]
    state: dict

    @property
    def game(self) -> engine.Game:
        return engine.get_game(self.row.game)

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def mention(self, seat: int) -> str:
        return f"<@{self.seats[seat].user_id}>"


class Table:
    def __init__(self, store: Store, *, render: bool = True, seeds: Callable[[], int] | None = None):
        self.store = store
        self.render = render
        self.seeds = seeds or (lambda: secrets.randbits(62))
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: dict[int, dict] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # --------------------------------------------------------------- lobby
    async def new(self, caller: Caller, game_id: str, options: dict | None = None) -> Reply:
        """``/game new``: open a lobby in this channel; the creator takes the first seat."""
        if await self.store.active_game(caller.channel_id):
            return private("This channel already has a game. Finish it, or `/game abandon` it first.")
        try:
            game = engine.get_game(game_id)
            opts = msgspec.to_builtins(game.options(options or {}))
            game.setup(opts, [f"seat {i}" for i in range(game.min_seats)], 0)   # validates map and style
        except IllegalAction as exc:
            return private(str(exc))
        gid = await self.store.create_game(caller.channel_id, caller.guild_id, game.id, game.rules_version,
                                           opts, 0, caller.user_id)
        await self.store.add_seat(gid, caller.user_id, caller.name)
        return Reply(
            f"**{caller.name}** opened a table for **{game.name}** ({game.min_seats}-{game.max_seats} players).\n"
            f"Press **Join** or use `/game join`; the creator presses **Start** (or `/game start`) when everyone is seated.",
            components=await self._lobby_buttons(gid),
        )

    async def _lobby_buttons(self, gid: int) -> list[Button]:
        tokens = await self.store.add_offers(gid, -1, [{"type": "_lobby", "do": d} for d in ("join", "leave", "start")])
        return [Button("Join", f"rh:o:{tokens[0]}", "primary"), Button("Leave", f"rh:o:{tokens[1]}"),
                Button("Start", f"rh:o:{tokens[2]}", "success")]

    async def join(self, caller: Caller) -> Reply:
        row = await self.store.active_game(caller.channel_id)
        if row is None:
            return private("There is no game here. Open one with `/game new`.")
        if row.status != "lobby":
            return private("This game has already started; you can watch, and join the next one.")
        seats = await self.store.seats(row.id)
        game = engine.get_game(row.game)
        if any(s.user_id == caller.user_id for s in seats):
            return private("You are already seated.")
        if len(seats) >= game.max_seats:
            return private(f"The table is full ({game.max_seats} players).")
        await self.store.add_seat(row.id, caller.user_id, caller.name)
        names = ", ".join(s.name for s in seats + [SeatRow(len(seats), caller.user_id, caller.name)])
        return Reply(f"**{caller.name}** joins. Seated: {names}.")

    async def leave(self, caller: Caller) -> Reply:
        row = await self.store.active_game(caller.channel_id)
        if row is None or row.status != "lobby":
            return private("You can only leave a game before it starts. A running game can be abandoned by its "
                           "creator or a member with Manage Channel.")
        seats = await self.store.seats(row.id)
        if not any(s.user_id == caller.user_id for s in seats):
            return private("You are not seated at this table.")
        await self.store.remove_seat(row.id, caller.user_id)
        if len(seats) == 1:
            await self.store.set_status(row.id, "abandoned")
            return Reply(f"**{caller.name}** leaves; the table is empty and closed.")
        return Reply(f"**{caller.name}** leaves the table.")

    async def start(self, caller: Caller) -> Reply:
        row = await self.store.active_game(caller.channel_id)
        if row is None:
            return private("There is no game here. Open one with `/game new`.")
        if row.status != "lobby":
            return private("This game is already running.")
        if caller.user_id != row.creator_id and not caller.can_manage:
            return private("Only the game's creator or a member with Manage Channel can start it.")
        seats = await self.store.seats(row.id)
        game = engine.get_game(row.game)
        seed = self.seeds()
        try:
            state = game.setup(row.options, [s.name for s in seats], seed)
        except IllegalAction as exc:
            return private(str(exc))
        async with self.lock(row.id):
            await self.store.start_game(row.id, seed, canonical(state).decode())
            self._states[row.id] = state
        session = await self.session(caller.channel_id)
        names = ", ".join(f"{s.name}" for s in seats)
        return await self.turn_reply(session, [], header=f"**{game.name}** begins! Players in seat order: {names}.")

    async def abandon(self, caller: Caller) -> Reply:
        row = await self.store.active_game(caller.channel_id)
        if row is None:
            return private("There is no game here.")
        if caller.user_id != row.creator_id and not caller.can_manage:
            return private("Only the game's creator or a member with Manage Channel can abandon it.")
        await self.store.set_status(row.id, "abandoned")
        self._states.pop(row.id, None)
        return Reply(f"The game was abandoned by **{caller.name}**.")

    # ------------------------------------------------------------- running
    async def session(self, channel_id: int) -> Session | None:
        row = await self.store.active_game(channel_id)
        if row is None or row.status != "running":
            return None
        return await self._load(row)

    async def _load(self, row: GameRow) -> Session:
        seats = await self.store.seats(row.id)
        state = self._states.get(row.id)
        if state is None:
            state = await self._restore(row, seats)
            self._states[row.id] = state
        return Session(row, seats, state)

    async def _restore(self, row: GameRow, seats: list[SeatRow]) -> dict:
        """Latest snapshot, checked against the log; replayed from the log when they disagree."""
        log_ = await self.store.actions(row.id)
        snap = await self.store.snapshot(row.id)
        if snap and snap[0] == len(log_):
            return json.loads(snap[1])
        game = engine.get_game(row.game)
        log.warning("game %s: snapshot stale, replaying %d actions", row.id, len(log_))
        return engine.replay(game, row.options, [s.name for s in seats], row.seed, log_)

    async def status(self, caller: Caller) -> Reply:
        row = await self.store.active_game(caller.channel_id)
        if row is None:
            return private("There is no game in this channel. Open one with `/game new`.")
        seats = await self.store.seats(row.id)
        game = engine.get_game(row.game)
        if row.status == "lobby":
            names = ", ".join(s.name for s in seats)
            return private(f"{game.name}: waiting to start. Seated ({len(seats)}/{game.max_seats}): {names}.")
        session = await self._load(row)
        return private(GAME_COMMANDS[row.game].status_text(session))

    async def board(self, caller: Caller) -> Reply:
        session = await self.session(caller.channel_id)
        if session is None:
            return private("There is no running game in this channel.")
        return await self.turn_reply(session, [], header="The board:")

    async def command(self, caller: Caller, name: str, args: dict[str, Any]) -> Reply:
        """A game command (``/rotw build ...``): answered by the game's command module."""
        session = await self.session(caller.channel_id)
        if session is None:
            return private("There is no running game in this channel.")
        seat = session.seat_of(caller.user_id)
        if seat is None:
            return private("You are not seated in this game.")
        handler = GAME_COMMANDS[session.row.game].COMMANDS.get(name)
        if handler is None:
            return private(f"Unknown command {name!r}.")
        try:
            result = await handler(self, session, seat, args)
        except IllegalAction as exc:
            return private(str(exc))
        if isinstance(result, Apply):
            return await self.act(caller, result.action)
        return result

    async def click(self, caller: Caller, token: str) -> Reply:
        """A button or select option: the action stored behind ``token``."""
        offer = await self.store.offer(token)
        if offer is None:
            return private("That button has expired.")
        game_id, n, action = offer
        row = await self.store.game(game_id)
        if row is None or row.channel_id != caller.channel_id:
            return private("That button belongs to another game.")
        kind = action["type"]
        if kind == "_lobby":
            active = await self.store.active_game(caller.channel_id)
            if active is None or active.id != game_id:
                return private("That button belongs to an earlier game in this channel.")
            return await {"join": self.join, "leave": self.leave, "start": self.start}[action["do"]](caller)
        if kind == "_cancel":
            return private("Cancelled; nothing was changed.")
        if kind == "_cmd":
            return await self.command(caller, action["name"], action.get("args", {}))
        return await self.act(caller, action, state_no=n)

    async def act(self, caller: Caller, action: dict, state_no: int | None = None) -> Reply:
        """Apply ``action`` for the caller's seat, commit it, and build the turn message."""
        row = await self.store.active_game(caller.channel_id)
        if row is None or row.status != "running":
            return private("There is no running game in this channel.")
        async with self.lock(row.id):
            session = await self._load(row)
            seat = session.seat_of(caller.user_id)
            if seat is None:
                return private("You are not seated in this game.")
            state = session.state
            if state_no is not None and state_no != state["n"]:
                return private("That button belongs to an earlier moment of the game; the board has moved on. "
                               "Use the newest message, or `/game board`.")
            try:
                new, events = session.game.apply(state, seat, action)
            except IllegalAction as exc:
                return private(str(exc))
            over = session.game.outcome(new) is not None
            await self.store.append_action(row.id, state["n"], seat, caller.user_id, action,
                                           canonical(new).decode(), status="finished" if over else None)
            self._states[row.id] = new
            session.state = new
        return await self.turn_reply(session, events)

    async def turn_reply(self, session: Session, events: list[dict], header: str = "") -> Reply:
        """The channel message after a turn: what happened, who is next (mentioned), the board."""
        game = session.game
        state = session.state
        lines = [header] if header else []
        lines += [e["text"] for e in events]
        module = GAME_COMMANDS[session.row.game]
        outcome = game.outcome(state)
        mentions: list[int] = []
        components: list[Button | Select] = []
        if outcome is not None:
            lines.append(module.outcome_text(session, outcome))
            self._states.pop(session.row.id, None)
        else:
            for prompt in game.prompts(state):
                mentions.append(session.seats[prompt["seat"]].user_id)
                lines.append(module.prompt_text(session, prompt))
            offers = module.prompt_offers(session)
            if offers:
                components = await self.offer_buttons(session, offers)
        image = await self.render_board(session) if self.render else None
        return Reply("\n".join(lines), image=image, components=components, mentions=mentions)

    async def render_board(self, session: Session, **kwargs) -> bytes:
        view = session.game.view(session.state, None)
        return await asyncio.to_thread(RENDERERS[session.row.game], view, **kwargs)

    async def offer_buttons(self, session: Session, offers: list[tuple[str, dict, str]]) -> list[Button]:
        tokens = await self.store.add_offers(session.row.id, session.state["n"], [a for _, a, _ in offers])
        return [Button(label, f"rh:o:{t}", style) for (label, _, style), t in zip(offers, tokens)]

    async def offer_select(self, session: Session, placeholder: str,
                           options: list[tuple[str, dict, str]]) -> Select:
        tokens = await self.store.add_offers(session.row.id, session.state["n"], [a for _, a, _ in options])
        return Select(f"rh:s:{session.row.id}:{session.state['n']}", placeholder,
                      [(label[:100], t, desc[:100]) for (label, _, desc), t in zip(options, tokens)])
