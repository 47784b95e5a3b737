"""Turn timing: reminders, a move time limit, skipping or removing a late player.

Each game has its ``timing`` (set at ``/game new``): ``remind_hours`` (0: no reminders),
``reminders`` (how many at most per move) and ``limit_hours`` (``None``: no limit). Each
prompted seat has a timer in SQLite, reset whenever its prompt changes (a new stamp), so
deadlines survive restarts. A background task calls ``tick`` every minute (``bot.__init__``);
tests call it with a clock of their own (time-machine).

After the time limit, the channel is told and the other players may vote, by button, to skip
the late move (the game's ``timeout_action``, a pass), to remove the player (a removed seat passes
automatically whenever it is prompted) or to replace them with an AI (``bot/table/robots.py``:
the AI plays the seat until its person takes it back with ``/game join``). A vote passes when
every other person still seated agrees (AI seats do not vote). AI seats have no timers: no
reminders, no time limit.
"""
from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from railhead.engine import IllegalAction

from .hosts import TimingHost
from .replies import Button, Message, Refusal, Reply
from .session import Session
from .store import TimerRow, iso

DEFAULTS = {"remind_hours": 12.0, "reminders": 3, "limit_hours": None}


def parse_iso(text: str) -> datetime:
    """The ``datetime`` of ISO-8601 UTC text as the store writes it."""
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def timing_from(remind_hours: Any = None, reminders: Any = None, time_limit_hours: Any = None) -> dict:
    """Checked timing settings (missing ones take the defaults), as stored: ``{"remind_hours",
    "reminders", "limit_hours"}``. Raises ``IllegalAction``."""
    out = dict(DEFAULTS)
    try:
        if remind_hours is not None:
            out["remind_hours"] = float(remind_hours)
        if reminders is not None:
            out["reminders"] = int(reminders)
        if time_limit_hours not in (None, "", "none", 0, "0"):
            out["limit_hours"] = float(time_limit_hours)
    except (TypeError, ValueError):
        raise IllegalAction("Timing settings are numbers: `remind_hours:12`, `reminders:3`, "
                            "`time_limit_hours:48`.") from None
    if not 0 <= out["remind_hours"] <= 720 or not 0 <= out["reminders"] <= 10:
        raise IllegalAction("Reminders come every 0-720 hours (0: none), at most 10 times a move.")
    if out["limit_hours"] is not None and not 1 <= out["limit_hours"] <= 720:
        raise IllegalAction("A move time limit is 1-720 hours (or none).")
    return out


def describe(timing: dict) -> str:
    """The clocks of a game in words ("reminders every 12 h (at most 3), no time limit")."""
    t = {**DEFAULTS, **timing}
    remind = f"reminders every {t['remind_hours']:g} h (at most {t['reminders']})" if t["remind_hours"] and \
        t["reminders"] else "no reminders"
    limit = f"a {t['limit_hours']:g} h time limit per move" if t["limit_hours"] else "no time limit"
    return f"{remind}, {limit}"


async def sync(tx, session: Session, now: datetime, before: list[dict] | None = None) -> None:
    """Inside a transaction: one timer per prompted seat, reset when its prompt's stamp changed.
    ``before``: the prompts before the move, when known (saves reading the timers back)."""
    row, match = session.row, session.match
    t = {**DEFAULTS, **row.timing}
    people = {s.seat for s in session.seats if s.ai is None}       # an AI seat has no clock
    prompts = [] if match.outcome() is not None else [p for p in match.prompts() if p["seat"] in people]
    if before is not None:
        old_stamps = {p["seat"]: p["stamp"] for p in before if p["seat"] in people}
        if {p["seat"]: p["stamp"] for p in prompts} == old_stamps:
            return                                            # nobody's prompt changed: the clocks run on
    else:
        old_stamps = {timer.seat: timer.stamp for timer in await tx.timers(row.id)}
    for p in prompts:
        if old_stamps.get(p["seat"]) == p["stamp"]:
            continue
        remind = iso(now + timedelta(hours=t["remind_hours"])) if t["remind_hours"] and t["reminders"] else None
        limit = iso(now + timedelta(hours=t["limit_hours"])) if t["limit_hours"] else None
        await tx.set_timer(TimerRow(row.id, p["seat"], p["stamp"], iso(now), remind, 0, limit))
    if set(old_stamps) - {p["seat"] for p in prompts}:
        await tx.drop_timers(row.id, [p["seat"] for p in prompts])


async def tick(table: TimingHost, now: datetime | None = None) -> list[Reply]:
    """Send the reminders and time-limit notices that are due; returns the replies to deliver."""
    now = now or datetime.now(UTC)
    replies = []
    for timer in await table.store.due_timers(iso(now)):
        async with table.lock(timer.game_id):
            row = await table.store.game(timer.game_id)
            session = await table.session_for(row)
            if session is None:
                continue
            prompt = session.prompt_of(timer.seat)
            current = next((t for t in await table.store.timers(row.id) if t.seat == timer.seat), None)
            if prompt is None or current is None or current.stamp != prompt["stamp"]:
                continue                                      # the move was made meanwhile
            info = session.seats[timer.seat]
            if info.ai is not None:
                continue                                      # an AI plays the seat now: no reminder
            dm = not info.dm_closed and (await table.store.prefs(info.user_id)).get("dm", True)
            found = _notice(table, session, current, now, dm)
            if found is not None:
                reply, update = found
                async with table.store.transaction() as tx:
                    await tx.set_timer(update)
                await table.store_offers_now(row.id, reply)     # the vote's buttons work once posted
                replies.append(reply)
    return replies


def voters(session: Session, late: int) -> list[int]:
    """The seats that vote on ``late``'s time-limit notice: the other people still seated (an AI
    seat does not vote)."""
    return [s.seat for s in session.seats if s.seat != late and not s.removed and s.ai is None]


def _notice(table: TimingHost, session: Session, timer: TimerRow, now: datetime,
            dm: bool) -> tuple[Reply, TimerRow] | None:
    """The reminder or time-limit notice due for ``timer`` and the timer after it."""
    t = {**DEFAULTS, **session.row.timing}
    info = session.seats[timer.seat]
    waited = (now - parse_iso(timer.since)).total_seconds() / 3600
    ui = table.ui(session.row.game)
    game = session.match.game
    if timer.limit_at is not None and not timer.late and timer.limit_at <= iso(now):
        others = voters(session, timer.seat)
        buttons = []
        if others:
            buttons = [Button(f"Replace {info.name} with AI", {"type": "_timeout", "do": "replace",
                                                                 "seat": timer.seat, "stamp": timer.stamp},
                              "primary")]
        if game.timeout_action(session.match.state, timer.seat) is not None and others:
            buttons = [Button(f"Skip {info.name}'s move", {"type": "_timeout", "do": "skip", "seat": timer.seat,
                                                            "stamp": timer.stamp}), *buttons,
                       Button(f"Remove {info.name}", {"type": "_timeout", "do": "remove", "seat": timer.seat,
                                                      "stamp": timer.stamp}, "danger")]
        text = (f"⌛ **{info.name}**'s time for this move is up ({t['limit_hours']:g} h)."
                + (" The other players may vote to skip the move (a pass), to replace them with an AI (it plays "
                   "their seat until they `/game join`) or to remove them (they then pass whenever it is their "
                   "turn)." if len(buttons) > 1 else
                   " The other players may vote to replace them with an AI (it plays their seat until they "
                   "`/game join`); the move cannot be skipped at this point." if buttons else
                   " Nothing can be skipped at this point of the game."))
        return (Reply(channel=Message(text, components=buttons), channel_id=session.row.channel_id,
                      game_id=session.row.id), TimerRow(**{**timer.__dict__, "late": True}))
    if timer.remind_at is None or timer.remind_at > iso(now):
        return None
    count = timer.reminders + 1
    # after a pause (the bot was down), the next reminder counts from now: no burst of catch-ups
    nxt = max(parse_iso(timer.remind_at), now) + timedelta(hours=t["remind_hours"])
    update = TimerRow(**{**timer.__dict__, "reminders": count,
                         "remind_at": iso(nxt) if count < t["reminders"] else None})
    prompt = session.prompt_of(timer.seat)
    line = ui.prompt_text(session.match.view(None), session.match.game.read_prompt(prompt), f"<@{info.user_id}>") \
        if prompt["kind"] != "undo_vote" \
        else f"<@{info.user_id}>, an undo vote waits for your answer."
    reply = Reply(channel=Message(f"⏰ Reminder ({count} of {t['reminders']}, waiting {waited:.0f} h): {line}",
                                  mentions=[info.user_id]), channel_id=session.row.channel_id, game_id=session.row.id)
    if dm:
        reply.direct[info.user_id] = Message(f"⏰ Your move is waiting in <#{session.row.channel_id}> "
                                             f"({game.name}, {waited:.0f} h).")
    return reply, update


async def vote(table: TimingHost, caller, action: dict) -> Reply:
    """A press of *Skip X's move*, *Replace X with AI* or *Remove X* after a time limit. Raises
    ``Refusal`` for a vote that is not (or no longer) the caller's to cast."""

    row = await table.store.active_game(caller.channel_id)
    if row is None or row.status != "running":
        raise Refusal("There is no running game in this channel.")
    async with table.lock(row.id):
        session = await table.loaded(row)
        voter = session.seat_of(caller.user_id)
        late = action["seat"]
        if voter is None:
            raise Refusal("Only the players seated in this game vote.")
        if voter == late:
            raise Refusal("You can still make your move: it is not too late for you.")
        timer = next((t for t in await table.store.timers(row.id) if t.seat == late), None)
        if timer is None or timer.stamp != action["stamp"] or not timer.late:
            raise Refusal("That vote is over: the move was made meanwhile.")
        if session.seats[voter].ai is not None:
            raise Refusal("An AI plays your seat since the time-limit vote; `/game join` takes it back.")
        votes = {**timer.votes, voter: action["do"]}
        seats = voters(session, late)
        name = session.names[late]
        if not all(votes.get(s) == action["do"] for s in seats):
            async with table.store.transaction() as tx:
                await tx.set_timer(TimerRow(**{**timer.__dict__, "votes": votes}))
            waiting = ", ".join(session.names[s] for s in seats if votes.get(s) != action["do"])
            what = {"skip": f"skip {name}'s move", "replace": f"replace {name} with an AI"}.get(action["do"],
                                                                                           f"remove {name}")
            return Reply(channel=Message(f"**{session.names[voter]}** votes to {what}; waiting for {waiting}."),
                         channel_id=row.channel_id, game_id=row.id)
        if action["do"] == "replace":
            return await table.replace_with_ai(
                session, late, f"The players voted: an AI plays {name}'s seat from now on. {name} may take it back "
                "at any time with `/game join`.")
        if action["do"] == "remove":
            async with table.store.transaction() as tx:
                await tx.set_removed(row.id, late)
            seats = [s if s.seat != late else type(s)(**{**s.__dict__, "removed": True}) for s in session.seats]
            session = Session(row, seats, session.match)
        header = f"The players voted: {name}'s move is skipped." if action["do"] == "skip" else \
            f"The players voted: {name} is removed and will pass whenever it is their turn."
        return await table.act_for(session, late, header)
