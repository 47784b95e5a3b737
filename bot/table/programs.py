"""Programmed moves (issue 33): a player enters ahead of time "bid up to $N, then pass", "pass this
auction" or "pass until my next turn", and the table plays it as the player's own move when their
turn comes (a part of ``Table``).

- A program is kept in the store (``programs``: one per game and seat, migration 9), so it survives
  restarts; it is secret: only its owner sees it (the command's private answer, ``/game hand``,
  the private menu), never the channel, another seat or the history, until it is played; and even
  then the log and the channel show a plain bid or pass, as if pressed.
- It is played in ``Moves._autoplay`` (beside the passes of removed seats), after every move and in
  the same commit, through ``Match.play`` as a button press is: so a chain of programmed bids
  resolves at once, and a seat whose program answers is never prompted, pinged or sent a turn DM
  for that prompt (``turn`` is built after the programs have played).
- An auction program names its auction (the game turn of the auction open when it was made, or of
  the next one: ``ProgramSpec.auction``/``upcoming``) and plays only in it; "bid up to" bids the
  lowest bid allowed whenever asked while that is within its cap, and passes once the floor is
  above it (or the bid is refused). It ends when its seat leaves the auction or the auction ends.
  "Pass until my next turn" answers the game's optional prompts (``ProgramSpec.passes``) and ends
  when its seat is prompted for anything else after it was made. Every program ends with the game
  (``Writes.set_status``) or when its owner cancels it.
"""
from __future__ import annotations

import logging

from railhead.engine import IllegalAction, Match

from ..program_spec import ProgramSpec
from ..replies import Caller, Message, Option, Refusal, Reply, Select, answered, private
from ..session import Session
from ..store import GameRow, Offer, iso
from .offers import bind

log = logging.getLogger("railhead.table")

MENU_CAPS = 20           # "bid up to" choices in the private menu (a larger cap: the command)


def spec_of(ui) -> ProgramSpec | None:
    """The game UI's ``ProgramSpec`` (its ``programs``), or ``None`` for a game without programs."""
    spec = getattr(ui, "programs", None)
    return spec if isinstance(spec, ProgramSpec) else None


def describe(spec: ProgramSpec, program: dict) -> str:
    """A program in words, for its owner only ("bid up to $12,000 in turn 4's auction, then pass")."""
    if program["do"] == "bid":
        return f"bid up to {spec.money(program['cap'])} in turn {program['auction']}'s auction, then pass"
    if program["do"] == "pass":
        return f"pass in turn {program['auction']}'s auction"
    return f"pass until your next turn ({spec.passes_text})"


def live(spec: ProgramSpec, match: Match, seat: int, program: dict) -> bool:
    """Whether ``program`` still stands in ``match``: its auction is open (and ``seat`` still in it)
    or still to come; for "pass until my next turn", ``seat`` was not prompted for anything else
    since it was made."""
    if match.outcome() is not None:
        return False
    if program["do"] == "pass_turn":
        prompt = next((p for p in match.prompts() if p["seat"] == seat), None)
        return prompt is None or prompt["kind"] in spec.passes or prompt["kind"] == "undo_vote" \
            or prompt["stamp"] <= program["seq"]
    view = match.view(None)
    now = spec.auction(view)
    if now is not None:
        return now == program["auction"] and not spec.out(view, seat)
    return spec.upcoming(view) == program["auction"]


def answers(spec: ProgramSpec, match: Match, prompt: dict, program: dict) -> list[dict]:
    """The actions ``program`` would play for ``prompt``, the first that the engine takes (a
    "bid up to" whose bid is refused passes instead); none when it does not answer that prompt."""
    if program["do"] == "pass_turn":
        return [dict(spec.passes[prompt["kind"]])] if prompt["kind"] in spec.passes else []
    if prompt["kind"] != "bid" or spec.auction(match.view(None)) != program["auction"]:
        return []
    floor = prompt.get("floor")
    if program["do"] == "bid" and isinstance(floor, int) and floor <= program["cap"]:
        return [{"type": "bid", "amount": floor}, {"type": "pass"}]
    return [{"type": "pass"}]


class Plans:
    """The programs of one game while a move is committed: ``play`` makes the next programmed move,
    ``save`` drops the programs that were used up or ended, in the move's transaction."""

    def __init__(self, spec: ProgramSpec | None, programs: dict[int, dict]):
        self.spec = spec
        self.programs = dict(programs) if spec is not None else {}
        self.dropped: set[int] = set()
        self.played: dict[int, list[dict]] = {}

    def play(self, match: Match) -> tuple[Match, list[dict], int] | None:
        """The next programmed move in ``match``: ``(match after it, its events, seat)``, or ``None``
        when no prompted seat's program answers. A program none of whose moves the engine takes
        is dropped (its seat is asked as usual)."""
        if not self.programs:
            return None
        for prompt in match.prompts():
            seat = prompt["seat"]
            program = self.programs.get(seat)
            if program is None or not live(self.spec, match, seat, program):
                continue
            for action in answers(self.spec, match, prompt, program):
                try:
                    new, events = match.play(seat, action)
                except IllegalAction:
                    continue
                self.played.setdefault(seat, []).append(action)
                return new, events, seat
            if answers(self.spec, match, prompt, program):
                self._drop(seat)
        return None

    def _drop(self, seat: int) -> None:
        self.programs.pop(seat, None)
        self.dropped.add(seat)

    def settle(self, match: Match) -> None:
        """Drop the programs ``match`` has ended (their auction is over, their seat's next turn came)."""
        for seat, program in list(self.programs.items()):
            if not live(self.spec, match, seat, program):
                self._drop(seat)

    async def save(self, tx, game_id: int, match: Match) -> None:
        """Inside the move's transaction: forget the programs that ended."""
        self.settle(match)
        if self.dropped:
            await tx.drop_programs(game_id, sorted(self.dropped))

    def tell(self, session: Session, reply: Reply) -> None:
        """A private line by DM to each owner whose program played (never in the channel), added to
        the DM they get anyway (their turn's notice, private events)."""
        self.settle(session.match)
        for seat, actions in self.played.items():
            info = session.seats[seat]
            if info.dm_closed:
                continue
            moves = ", then ".join(self._said(a) for a in actions)
            line = f"Your programmed move was played in <#{session.row.channel_id}>: {moves}." + \
                ("" if seat in self.programs else " Your program has ended.")
            old = reply.direct.get(info.user_id)
            if old is None:
                reply.direct[info.user_id] = Message(line)
            else:
                old.text, old.notice = f"{old.text}\n{line}", False

    def _said(self, action: dict) -> str:
        if action["type"] == "bid":
            return f"a bid of {self.spec.money(action['amount'])}"
        return "a pass"


class Programs:
    """``/rotw program``, ``/steam program`` and the auction prompt's **Program…** menu: enter,
    show or cancel a programmed move (a part of ``Table``; see the module docstring)."""

    async def _plans(self, session: Session) -> Plans:
        """The game's programs, ready for ``Moves._autoplay`` (none for a game without them)."""
        spec = spec_of(self.ui(session.row.game))
        return Plans(spec, await self.store.programs(session.row.id) if spec is not None else {})

    @answered
    async def program(self, caller: Caller, action: dict, row: GameRow | None = None,
                      offer: Offer | None = None) -> Reply:
        """Enter (``do``: ``bid`` with ``cap``, ``pass``, ``pass_turn``), ``cancel`` or show
        (``menu``) the caller's programmed move; the answer is private. A program that answers the
        caller's prompt now is played at once (a commit like any move). Raises ``Refusal``."""
        row = row or await self.store.active_game(caller.channel_id)
        if row is None or row.status != "running":
            raise Refusal("There is no running game in this channel.")
        spec = spec_of(self.ui(row.game))
        if spec is None:
            raise Refusal("This game has no programmed moves.")
        async with self.lock(row.id):
            session = await self.loaded(row)
            seat = session.seat_of(caller.user_id)
            if seat is None:
                raise Refusal("You are not seated in this game.")
            do = action.get("do")
            if do != "menu" and offer is not None and offer.seat is not None and offer.seat != seat:
                raise Refusal("That menu is another player's: **Program…** opens yours.")
            mine = (await self.store.programs(row.id)).get(seat)
            if do == "menu":
                reply = self._program_menu(session, spec, seat, mine)
                await self.store_offers_now(row.id, reply)
                return reply
            if do == "cancel":
                async with self.store.transaction() as tx:
                    await tx.drop_programs(row.id, [seat])
                return private(f"Your program ({describe(spec, mine)}) is cancelled." if mine else
                               "You have no programmed move to cancel.")
            program = self._new_program(session, spec, seat, action)
            async with self.store.transaction() as tx:
                await tx.set_program(row.id, seat, program, iso(self.clock()))
            said = f"Programmed, in secret: {describe(spec, program)}." + \
                (f" (It replaces: {describe(spec, mine)}.)" if mine else "") + \
                f" Only you see it (`/game hand`); `/{self.ui(row.game).prefix} program cancel:true` forgets it."
            plans = Plans(spec, {seat: program})
            if plans.play(session.match) is None:
                return private(said)
            reply = await self._commit(session, [], session.match, [])
            if reply.channel is None and reply.table is None:
                return reply                                # not saved: the table's own sentence
            mine_now = (await self.store.programs(row.id)).get(seat)
            said += " It answered your prompt at once" + ("." if mine_now else "; it has ended.")
            text = f"{said}\n{reply.caller.text}" if reply.caller is not None else said
            reply.caller = Message(text)
            return reply

    def _new_program(self, session: Session, spec: ProgramSpec, seat: int, action: dict) -> dict:
        """The stored program for ``action``; raises ``Refusal`` when it cannot stand."""
        match, do = session.match, action.get("do")
        if do == "pass_turn":
            if not spec.passes:
                raise Refusal("This game has no optional move to pass ahead of time.")
            return {"do": "pass_turn", "seq": match.core.seq}
        if do not in ("bid", "pass"):
            raise Refusal("A program bids up to a cap, passes this auction or passes until your next turn.")
        view = match.view(None)
        key = spec.auction(view)
        if key is not None and spec.out(view, seat):
            raise Refusal("You have left this auction already; a program can be made for the next one once "
                          "this one ends.")
        key = key if key is not None else spec.upcoming(view)
        if key is None:
            raise Refusal("There is no auction open or to come that a program could answer.")
        if do == "pass":
            return {"do": "pass", "auction": key}
        cap = action.get("cap")
        if not isinstance(cap, int) or isinstance(cap, bool) or cap < 1:
            raise Refusal("A programmed bid needs a cap: the most you will bid.")
        floor = next((p.get("floor") for p in match.prompts() if p["kind"] == "bid"), None) \
            if spec.auction(view) == key else None
        if isinstance(floor, int) and cap < floor:
            raise Refusal(f"The lowest bid now is {spec.money(floor)}: a cap of {spec.money(cap)} could only "
                          "pass (program a pass for that).")
        return {"do": "bid", "cap": cap, "auction": key}

    def _program_menu(self, session: Session, spec: ProgramSpec, seat: int, mine: dict | None) -> Reply:
        """The caller's private menu: pass this auction, bid up to one of ``MENU_CAPS`` caps,
        pass until the next turn, cancel; with their program now, if any."""
        match = session.match
        view = match.view(None)
        key = spec.auction(view)
        options: list[Option] = []
        if key is not None and not spec.out(view, seat) or key is None and spec.upcoming(view) is not None:
            floor = next((p.get("floor") for p in match.prompts() if p["kind"] == "bid"), None) \
                if key is not None else None
            low = floor if isinstance(floor, int) else 1
            options.append(Option("Pass this auction", {"type": "_program", "do": "pass"},
                                  "Drop out when your turn to bid comes"))
            options += [Option(f"Bid up to {spec.money(cap)}, then pass", {"type": "_program", "do": "bid", "cap": cap},
                               "The lowest bid allowed each time you are asked, up to this")
                        for cap in range(low, low + MENU_CAPS)]
        if spec.passes:
            options.append(Option("Pass until my next turn", {"type": "_program", "do": "pass_turn"},
                                  spec.passes_text[:100]))
        if mine:
            options.append(Option("Cancel my program", {"type": "_program", "do": "cancel"}))
        prefix = self.ui(session.row.game).prefix
        now = f"Your program now: **{describe(spec, mine)}**." if mine else "You have no program now."
        text = (f"{now} Choose a move for the table to play for you when your turn comes; nobody else sees it "
                f"until it is played. A larger cap: `/{prefix} program up_to:N`.")
        components = [Select("Program your move", options)] if options else []
        bind(components, seat, None)
        return private(text, components=components)

    async def hand(self, caller: Caller, row: GameRow | None = None) -> Reply:
        """``/game hand`` (``Information.hand``) with the caller's programmed move, seen by them only."""
        reply = await super().hand(caller, row)
        row = row or await self.store.active_game(caller.channel_id)
        spec = spec_of(self.ui(row.game)) if row is not None and row.status == "running" else None
        if spec is None or reply.caller is None or reply.caller.open:
            return reply
        seat = next((s.seat for s in await self.store.seats(row.id) if s.user_id == caller.user_id), None)
        mine = (await self.store.programs(row.id)).get(seat) if seat is not None else None
        if mine:
            reply.caller.text += f"\n\n**Your programmed move** (only you see it): {describe(spec, mine)}."
        return reply
