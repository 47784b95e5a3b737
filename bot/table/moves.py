"""Moves at the table: commands, button presses, actions, undo, the table's own moves after a
time limit, and committing a move with what announces it (a part of ``Table``)."""
from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from railhead.engine import IllegalAction, Match, canonical

from .. import hints, logs, registry, story, timing
from ..replies import Apply, Button, Caller, Message, Option, Refusal, Reply, Select, answered, private
from ..session import Session
from ..store import GameRow, Offer, ResultRow, iso
from .arrivals import outdated, refuse_outdated
from .common import ENDED, NOT_SAVED, OUTDATED, SETTING_DEFAULTS
from .offers import bind, refusal
from .programs import Plans

log = logging.getLogger("railhead.table")


def refuse_ai_played(session: Session, seat: int) -> None:
    """Raise ``Refusal`` when an AI plays ``seat`` (handed to it by a time-limit vote): its
    person takes it back first."""
    if session.seats[seat].ai is not None:
        raise Refusal("An AI plays your seat since the time-limit vote; `/game join` takes it back.")


class Moves:
    """Moves at the table: commands, button presses, actions, undo, the table's own moves after a
    time limit, and committing a move with what announces it (a part of ``Table``)."""

    @answered
    async def command(self, caller: Caller, name: str, args: Any, row: GameRow | None = None) -> Reply:
        """A game command (``/rotw build ...``), answered by the game's UI module. A command sent
        before the caller's prompt last changed is refused (``arrivals``): a double tap moves once."""
        sent = self._sent(caller) if row is None else None
        row = row or await self.store.active_game(caller.channel_id)
        # the name first (a typo is called one even after the game ended), against the commands of
        # this game, else of the channel's last one
        game_id = row.game if row is not None else await self.channel_game(caller.channel_id)
        if game_id is not None:
            ui = self.ui(game_id)
            if not isinstance(name, str) or name not in ui.commands:
                raise Refusal(f"Unknown command {name!r}; commands: {', '.join(ui.commands)}.")
        if row is not None and row.status == "lobby":
            raise Refusal("The game has not started yet: when everyone is seated, its creator presses **Start**.")
        if row is None or row.status != "running":
            raise Refusal("There is no running game in this channel.")
        ui = self.ui(row.game)
        spec = ui.commands[name]
        args = spec.check(args)
        session = await self.loaded(row)
        seat = session.seat_of(caller.user_id)
        if seat is None:
            raise Refusal("You are not seated in this game.")
        refuse_ai_played(session, seat)
        ctx = self._context(session, seat)
        ctx.prefs = {**SETTING_DEFAULTS, **await self.prefs(caller.user_id)}
        late = await outdated(self.store, session, seat, sent, caller.sent_at)
        try:
            result = await spec.handler(ctx, args)
        except IllegalAction:
            if late:                          # a repeat: say so rather than why the repeat is not legal
                raise Refusal(OUTDATED) from None
            raise
        if isinstance(result, Apply):
            return await self.act(caller, result.action, row=row, sent=sent)
        if late and any(message.components for message in result.messages()):
            raise Refusal(OUTDATED)           # a menu or preview for a move is checked as the move is
        prompt = session.prompt_of(seat)
        for message in result.messages():
            bind(message.components, seat, prompt["stamp"] if prompt else None)
        await self.store_offers_now(row.id, result)
        return result

    @answered
    async def undo(self, caller: Caller) -> Reply:
        """``/game undo``: take back your last move (alone, or by asking the others)."""
        return await self.act(caller, {"type": "undo"}, sent=self._sent(caller))

    @answered
    async def vote(self, caller: Caller, agree: bool) -> Reply:
        """``/game vote``: answer the open undo vote by name (as its **Agree**/**Refuse** buttons do,
        for as long as the vote is open)."""
        session = await self.session(caller.channel_id)
        if session is None:
            raise Refusal("There is no running game in this channel.")
        seat = session.seat_of(caller.user_id)
        if seat is None:
            raise Refusal("You are not seated in this game.")
        vote = session.match.core.vote
        if vote is None:
            raise Refusal("There is no undo vote to answer: `/game undo` asks for one.")
        if seat in vote.agreed:
            raise Refusal("You asked for this undo or agreed to it already; the others answer it.")
        return await self.act(caller, {"type": "undo_vote", "agree": bool(agree)},
                              sent=self._sent(caller))

    @answered
    async def click(self, caller: Caller, token: str) -> Reply:
        """A button or select option: the action stored behind ``token``."""
        offer = await self.store.offer(token)
        if offer is None:
            raise Refusal("That button has expired.")
        row = await self.store.game(offer.game_id)
        if row is None or row.status not in ("lobby", "running"):
            raise Refusal(ENDED)
        action = offer.action
        kind = action.get("type")
        logs.note(game=f"{row.game}#{row.id}", action=action.get("do") or action.get("name") or kind)
        if kind == "_lobby":
            if action["do"] == "remove_ai":          # an AI seat's Remove button (robots.py)
                return await self.kick(caller, action["user_id"])
            return await {"join": self.join, "leave": self.leave, "start": self.start}[action["do"]](caller, row)
        if kind == "_cancel":
            async with self.store.transaction() as tx:
                await tx.void_offers([token, *action.get("voids", [])])
            return private("Cancelled; nothing was changed.")
        if kind == "_cmd":
            if row.status == "running":
                session = await self.loaded(row)
                refused = refusal(session, session.seat_of(caller.user_id), offer)
                if refused:
                    raise Refusal(refused)
            return await self.command(caller, action["name"], action.get("args", {}), row=row)
        if kind == "_abandon":
            return await self.abandon(caller, confirm=True)
        if kind == "_hand":
            return await self.hand(caller, row)
        if kind == "_menu":
            return await self._submenu(caller, row, offer)
        if kind == "_timeout":
            return await timing.vote(self, caller, action)
        return await self.act(caller, action, row=row, offer=offer)

    async def _submenu(self, caller: Caller, row: GameRow, offer: Offer) -> Reply:
        """The second step of a long menu (``replies.submenu``): the options its first step
        stored, as a private menu for the same seat and prompt."""
        if row.status == "running":
            session = await self.loaded(row)
            refused = refusal(session, session.seat_of(caller.user_id), offer)
            if refused:
                raise Refusal(refused)
        action = offer.action
        options = [Option(label, choice) for label, choice in action["options"]]
        reply = private(action["title"], components=[Select(action["title"], options, seat=offer.seat,
                                                            stamp=offer.stamp),
                                                     Button("Cancel", {"type": "_cancel"})])
        await self.store_offers_now(row.id, reply)
        return reply

    def _sent(self, caller: Caller) -> datetime | None:
        """When the caller's interaction was sent, on this host's clock (``arrivals``), or ``None``."""
        return self.arrivals.sent(caller.sent_at, caller.received_at or self.clock())

    # ----------------------------------------------------------------- moves
    @answered
    async def act(self, caller: Caller, action: Any, row: GameRow | None = None, offer: Offer | None = None,
                  sent: datetime | None = None) -> Reply:
        """Play ``action`` for the caller's seat, commit it, and build the messages that announce it.
        ``offer``: the button pressed (checked against the seat's prompt by its stamp); ``sent``: when
        a typed command was sent (host clock; refused if the seat's prompt changed since)."""
        if isinstance(action, dict) and action.get("type") == "_program":      # a programmed move (programs.py)
            return await self.program(caller, action, row=row, offer=offer)
        if isinstance(action, dict) and action.get("type") == "_hint":         # a game's hint command (hints.py)
            return await hints.ask(self, caller, row=row)
        row = row or await self.store.active_game(caller.channel_id)
        if row is None or row.status != "running":
            raise Refusal("There is no running game in this channel.")
        async with self.lock(row.id):
            current = await self.store.game(row.id)
            if current is None or current.status != "running":
                raise Refusal(ENDED if offer else "This game has ended.")
            session = await self.loaded(current)
            seat = session.seat_of(caller.user_id)
            if seat is None:
                raise Refusal("You are not seated in this game.")
            refuse_ai_played(session, seat)
            refused = refusal(session, seat, offer) if offer is not None else None
            if refused:
                raise Refusal(refused)
            await refuse_outdated(self.store, session, seat, sent, caller.sent_at)
            new, events = session.match.play(seat, action)
            return await self._commit(session, [(seat, caller.user_id)], new, events, actor=seat,
                                      sent=caller.sent_at)

    async def act_for(self, session: Session, seat: int, header: str) -> Reply:
        """The table's move for ``seat`` (a skipped move after a time limit): the game's
        ``timeout_action``. The caller holds the game's lock. Raises ``Refusal`` when the game
        has none."""
        action = session.match.game.timeout_action(session.match.state, seat)
        if action is None:
            raise Refusal("This game has no move to make for a player at this point.")
        new, events = session.match.play(seat, action)
        return await self._commit(session, [(seat, session.seats[seat].user_id)], new, events, header=header)

    def _autoplay(self, session: Session, new: Match, events: list[dict],
                  who: list[tuple[int, int]], plans: Plans | None = None) -> tuple[Match, list[dict]]:
        """Removed seats pass whenever they are prompted (``timeout_action``), and programmed moves
        are played (``plans``, bot/table/programs.py), until someone else is to move; each is
        another log entry."""
        removed = {s.seat for s in session.seats if s.removed}
        for _ in range(200):
            if new.outcome() is not None:
                break
            seat = next((p["seat"] for p in new.prompts() if p["seat"] in removed), None)
            action = new.game.timeout_action(new.state, seat) if seat is not None else None
            if action is not None:
                new, more = new.play(seat, action)
            elif plans is not None and (programmed := plans.play(new)) is not None:
                new, more, seat = programmed
            else:
                break
            events = events + more
            who.append((seat, session.seats[seat].user_id))
        return new, events

    async def _commit(self, session: Session, who: list[tuple[int, int]], new: Match, events: list[dict],
                      actor: int | None = None, header: str = "", sent: datetime | None = None) -> Reply:
        """Save the new log entries (one per ``(seat, user_id)`` in ``who``, then the passes of
        removed seats), the offers, timers and results in one transaction; then the messages.
        ``sent``: when Discord created the interaction that made the first entry (kept with it, so
        a repeat of that interaction is known, ``arrivals.outdated``)."""
        match, row = session.match, session.row
        plans = await self._plans(session)
        new, events = self._autoplay(session, new, events, who, plans)
        after = Session(row, session.seats, new)
        reply = self.turn(after, events, header=header, actor=actor)
        await self._turn_dms(after, reply)
        await self._follower_dms(after, reply)
        plans.tell(after, reply)
        over = new.outcome() is not None
        results = self._results(after) if over else []
        if over and len(session.seats) == 1:
            reply.channel.text += await self._personal_best(results[0])
        try:
            async with self.store.transaction() as tx:
                state, at = canonical(new.state).decode(), iso(self.clock())
                for i, (seat, user_id) in enumerate(who):
                    n = len(match.log) + i
                    await tx.append(row.id, n, seat, user_id, new.log[n][1], state, at=at,
                                    sent=iso(sent) if sent is not None and i == 0 else None)
                await self._store_reply_offers(tx, row.id, reply)
                await timing.sync(tx, after, self.clock(), before=match.prompts())
                await plans.save(tx, row.id, new)
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
            self._ai_wake(after)                  # an AI seat to move next thinks off the loop (robots.py)
        ui, before_view, after_view = self.ui(row.game), match.view(None), new.view(None)
        if over:                              # the score chart and the replay with the final scores
            reply = await story.with_story(self, after, reply)
        if not ui.board_changed(before_view, after_view):
            return reply                          # a bid, a pass, a vote: a short line, no new image
        return await self.with_board(after, reply, close=ui.focus(before_view, after_view, events))

    async def _turn_dms(self, session: Session, reply: Reply) -> None:
        """A DM to each player newly pinged in the channel whose settings ask for one (``dm``, on
        by default; never in a solo game or for closed DMs)."""
        if len(session.seats) < 2 or reply.channel is None:
            return
        ui = registry.UIS[session.row.game]
        for seat, info in enumerate(session.seats):
            if not info.reachable or info.user_id not in reply.channel.mentions or info.dm_closed \
                    or info.user_id in reply.direct:
                continue
            if (await self.prefs(info.user_id)).get("dm", True):
                note = ui.turn_note(session.match.view(seat))
                reply.direct[info.user_id] = Message(f"Your move in <#{session.row.channel_id}> "
                                                     f"({session.match.game.name}).{' ' + note if note else ''}",
                                                     notice=not note)

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
            score = scores.get(info.seat, 0)            # outcome scores are keyed by the seat number
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
