"""Hints at the table (issue 34, "Hints"): a suggested move for the caller's own prompt, answered
privately, with a **Play it** button bound to that prompt.

- ``/railways hint`` (the solo game; ``hint_command`` makes a game's ``hint`` command, whose
  ``{"type": "_hint"}`` the table hands to ``ask``) and ``/game hint`` in any game: the move, in
  the game's own words (the texts its log would show, from a dry run), and what the playouts after
  it gave: alone the expected final score, with others the share of playouts won
  (``railhead.ai.hints``).
- In a game of several players hints are a table option, off by default: its creator (or Manage
  Channel) turns them on in the lobby (``/game hint allow:true``, ``Table.allow_hints``), and the
  channel is told. Asked when they are off, or when the game does not wait on the caller, the
  answer is a refusal.
- The thinking runs in the AI pool (``bot/ai_pool.py``: worker processes, or a thread with
  ``RAILHEAD_AI_PROCESSES=0``), never on the event loop and without the game's lock. It sees the
  whole state, as the engine does, but decides only from the caller's seat: its candidates and
  playouts come from determinizations for that seat (``game.determinize``), so no other seat's
  secret shapes the hint. The random stream is keyed by the game, the log's length and the seat:
  asking again for the same prompt gives the same hint (within the time limit, ``SECONDS``).
"""
from __future__ import annotations

import asyncio
from typing import Protocol

from railhead.ai.hints import Hint, hint_json
from railhead.engine import IllegalAction, canonical

from . import ai_pool
from .replies import Apply, Button, Caller, Refusal, Reply, answered, private
from .session import Session
from .store import GameRow, Store
from .ui import Command, GameUI, UIContext

PLAYOUTS = 120
"""Playouts per hint (``railhead.ai.hints.hint``): about 4 s of Railways (solo) on a 2-core machine."""
SECONDS = 8.0
"""A hint stops thinking after this many seconds of a worker's time, whatever its playouts."""
TEXT_MAX = 1500
"""The move's words are cut to this many characters (the whole answer stays within Discord's 2,000)."""

_thinking: set[tuple[int, int]] = set()        # (game id, user id) of hints being thought out


class HintsHost(Protocol):
    """What a hint needs of the table: the store, a game's session, and storing the **Play it**
    button as an offer (``Table`` satisfies it)."""

    store: Store

    def ui(self, game_id: str) -> GameUI:
        """The UI module of a game id."""

    async def loaded(self, row: GameRow) -> Session:
        """The session of ``row``; raises ``IllegalAction`` for a game saved under other rules."""

    async def store_offers_now(self, game_id: int, reply: Reply) -> None:
        """Store the buttons and menus of ``reply`` as the game's current offers."""


def hint_command(description: str, discord_description: str = "") -> Command:
    """A game's ``hint`` command (``/railways hint``): the table answers it with ``ask``."""
    async def handler(ctx: UIContext, args: dict) -> Apply:
        return Apply({"type": "_hint"})
    return Command("hint", description, handler, discord_description=discord_description)


def move_words(ui: GameUI, session: Session, seat: int, action: dict) -> str:
    """``action`` of ``seat`` in the game's words: the texts its log would show (a dry run, as the
    seat may see them); for a move that draws at random (its texts withheld) the label of the
    prompt's button or menu option that plays it (**End the decade**); else its kind and fields
    (``select: tile first-move``). Raises ``IllegalAction`` when the move is refused now."""
    ctx = UIContext(session.match, seat, session.names)
    _, events = ctx.dry_run(action)
    texts = [e["text"] for e in events if e.get("text")]
    if texts:
        words = " ".join(texts)
        return words if len(words) <= TEXT_MAX else words[:TEXT_MAX - 1] + "…"
    prompt = session.prompt_of(seat)
    offered = ui.prompt_components(ctx, session.match.game.read_prompt(prompt)) if prompt else []
    wanted = canonical(action)
    for component in offered:
        choices = [component] if isinstance(component, Button) else component.options
        for choice in choices:
            if canonical(choice.action) == wanted:
                return choice.label
    fields = ", ".join(f"{k} {v}" for k, v in action.items() if k != "type")
    return f"{action.get('type', 'move')}" + (f": {fields}" if fields else "")


def refusal(session: Session, seat: int | None) -> str | None:
    """Why the caller at ``seat`` may not have a hint now, or ``None``: not seated, hints off at
    a table of several players, the game does not wait on them, or an undo vote is open."""
    if seat is None:
        return "You are not seated in this game: hints are for the players' own moves."
    if session.match.game.max_seats > 1 and not session.row.hints:
        return ("Hints are off at this table. Its creator can turn them on in the lobby, before the start "
                "(`/game hint allow:true`), so everyone knows.")
    if session.prompt_of(seat) is None:
        return "It is not your turn: a hint is for your own move, when the game waits on you."
    if session.match.core.vote is not None:
        return "An undo vote is open: answer it first (`/game vote`); a hint is for a move of the game."
    return None


async def think(session: Session, seat: int) -> Hint:
    """The hint for ``seat`` now, thought out in the AI pool (``PLAYOUTS``, ``SECONDS``)."""
    match, row = session.match, session.row
    loop = asyncio.get_running_loop()
    key = f"hint:{row.id}:{len(match.log)}:{seat}"
    return await loop.run_in_executor(ai_pool.executor(), hint_json, match.game.id, canonical(match.state), seat,
                                      PLAYOUTS, SECONDS, key)


@answered
async def ask(table: HintsHost, caller: Caller, row: GameRow | None = None) -> Reply:
    """``/game hint``, ``/railways hint``: a suggested move for the caller's prompt, privately,
    with a **Play it** button. Refused (privately) as ``refusal`` says, or when the game moved on
    while the hint was thought out."""
    row = row or await table.store.active_game(caller.channel_id)
    if row is not None and row.status == "lobby":
        raise Refusal("The game has not started yet: a hint is for your own move, once it has.")
    if row is None or row.status != "running":
        raise Refusal("There is no running game in this channel.")
    session = await table.loaded(row)
    seat = session.seat_of(caller.user_id)
    refused = refusal(session, seat)
    if refused:
        raise Refusal(refused)
    if (row.id, caller.user_id) in _thinking:
        raise Refusal("I am still thinking about your last hint; it comes in a few seconds.")
    stamp = session.prompt_of(seat)["stamp"]
    _thinking.add((row.id, caller.user_id))
    try:
        found = await think(session, seat)
    except ValueError:                      # the seat may not act after all (the engine's last word)
        raise Refusal("There is no move to suggest to you now.") from None
    finally:
        _thinking.discard((row.id, caller.user_id))
    now = await table.loaded(await table.store.game(row.id) or row)
    prompt = now.prompt_of(seat)
    if prompt is None or prompt["stamp"] != stamp or len(now.match.log) != len(session.match.log):
        raise Refusal("The game moved on while I was thinking: ask again for a hint on your move now.")
    try:
        words = move_words(table.ui(row.game), now, seat, found.action)
    except IllegalAction:
        raise Refusal("I could not find a move I am sure is legal here; choose from the buttons.") from None
    why = found.reason[:1].upper() + found.reason[1:] if found.solo else f"Why: {found.reason}"
    reply = private(f"💡 **Hint**: {words}\n{why}.",
                    components=[Button("Play it", found.action, "success", seat=seat, stamp=stamp)])
    await table.store_offers_now(row.id, reply)
    return reply
