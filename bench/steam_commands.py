"""How many commands a whole Steam game takes at the table, as a player presses the quickest way
offered: a button or menu of the channel's prompt when it holds the move, else the private menu
behind a button (**Deliver…**), else the typed command (a track tile: the command and Confirm).

Moves are the steady player's (``ai/steam/steady.py``; its first "no capital" is "don't ask
again" where the game offers it, and its track points are chosen with the delivery where the
game allows it); the count is by kind, with the board images the table would post
(``GameUI.board_changed``). ``python -m bench.steam_commands`` prints
a 3-player standard game's; ``tests/steam/test_commands.py`` holds the figures.
"""
from __future__ import annotations

import asyncio
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path

from railhead.ai.steam import steady as steam_player
from railhead.bot.games.steam.ui import UI
from railhead.bot.replies import Button, Caller, Select
from railhead.bot.store import open_store
from railhead.bot.table import Table
from railhead.engine.games.steam import actions

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
CHANNEL = 7


def _offers(message, seat: int | None = None) -> list[tuple[object, dict, str]]:
    """``(component, action, token)`` of every button and menu option of a message that ``seat``
    may press (any seat's: ``None``)."""
    out = []
    for c in (message.components if message is not None else []):
        if seat is not None and getattr(c, "seat", None) not in (None, seat):
            continue
        if isinstance(c, Button):
            out.append((c, c.action, c.custom_id.split(":")[-1]))
        elif isinstance(c, Select):
            out += [(o, o.action, o.value) for o in c.options]
    return out


def _typed(action: dict) -> tuple[str, dict]:
    """The typed command (name, arguments) for an engine action."""
    kind = action["type"]
    if kind in ("build", "redirect"):
        return kind, {"hex": action["hex"], "exits": " ".join(action["exits"])}
    if kind == "select":
        return "tile", {"tile": action["tile"], "pass_option": bool(action.get("pass_option"))}
    if kind == "produce":
        return "produce", {"spaces": " ".join(action["spaces"])}
    if kind == "urbanize":
        return "urbanize", {"town": action["town"], "tile": action["tile"]}
    if kind == "grow":
        return "grow", {"city": action["city"]}
    if kind in ("bid", "capital", "score"):
        key = {"bid": "amount", "capital": "steps", "score": "take"}[kind]
        return kind, {key: action[key]}
    return kind, {}


async def play(players: int = 3, standard: bool = True, seed: int = 21, folder: str | None = None) -> dict:
    """A whole game; returns ``{"commands": n, "boards": n, "moves": n, "over": bool, "turns": (turn,
    turns)}`` and Counters by kind of move: ``by_kind`` (commands), ``moves_by_kind`` (moves made by
    a player, not those the game made by itself) and ``boards_by_kind`` (board images)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(str(Path(folder or tmp) / "count.sqlite3"))
        table = Table(store, render=False, seeds=lambda: seed)
        callers = [Caller(CHANNEL, 700 + i, n) for i, n in enumerate(NAMES[:players])]
        await table.new(callers[0], "steam", {"standard": True} if standard else {})
        for c in callers[1:]:
            await table.join(c)
        started = await table.start(callers[0])
        channel = started.table or started.channel          # the buttons are on the table message
        rng = random.Random(seed)
        with_take = "take" in actions.Deliver.__struct_fields__
        counted: Counter = Counter()
        boards = moves = 0
        boarded: Counter = Counter()
        kinds: Counter = Counter()
        try:
            for _ in range(5000):
                session = await table.session(CHANNEL)
                if session is None:
                    break
                match = session.match
                prompt = rng.choice(match.prompts())
                seat, state = prompt["seat"], match.state
                acts = [a for a in match.legal_actions(seat) if a["type"] not in ("undo", "undo_vote")]
                action = dict(steam_player.choose(rng, state, seat, acts, prompt["kind"]))
                if action["type"] == "deliver" and with_take:
                    action["take"] = steam_player.choose(rng, state, seat, [{"type": "score", "take": "income"},
                                                                            {"type": "score", "take": "vp"}],
                                                         "score")["take"]
                if action == {"type": "capital", "steps": 0} and {**action, "always": True} in acts:
                    action["always"] = True           # a player who never raises ahead is not asked again
                before, me, n = match.view(None), callers[seat], len(match.log)
                reply, pressed = None, 0
                direct = [t for _, a, t in _offers(channel, seat) if a == action]
                if direct:
                    reply, pressed = await table.click(me, direct[0]), 1
                elif action["type"] == "deliver":
                    (menu,) = [t for c, a, t in _offers(channel, seat) if a == {"type": "_cmd", "name": "deliver"}]
                    private = (await table.click(me, menu)).caller
                    token = next(t for _, a, t in _offers(private) if a == action)
                    reply, pressed = await table.click(me, token), 2
                else:
                    name, args = _typed(action)
                    reply, pressed = await table.command(me, name, args), 1
                    confirm = [t for c, a, t in _offers(reply.caller) if getattr(c, "label", "") == "Confirm"]
                    if confirm:
                        reply, pressed = await table.click(me, confirm[0]), 2
                after = await table.session(CHANNEL)
                new = after.match if after is not None else (await table.finished(CHANNEL)).match
                assert len(new.log) == n + 1, (action, reply.caller and reply.caller.text)
                counted[action["type"]] += pressed
                kinds[action["type"]] += 1
                moves += 1
                if UI.board_changed(before, new.view(None)):
                    boards += 1
                    boarded[action["type"]] += 1
                if reply.table is not None or reply.channel is not None:
                    channel = reply.table or reply.channel
            over = await table.session(CHANNEL) is None
            last = (await table.finished(CHANNEL)).match.state if over else None
        finally:
            await store.close()
    return {"commands": sum(counted.values()), "boards": boards, "by_kind": counted, "moves": moves, "over": over,
            "boards_by_kind": boarded, "moves_by_kind": kinds,
            "turns": (last.turn, last.turns) if last is not None else None}


if __name__ == "__main__":
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    result = asyncio.run(play(players))
    print(f"{players} players, standard game: {result['commands']} commands for {result['moves']} moves, "
          f"{result['boards']} board images; commands by kind: {dict(result['by_kind'].most_common())}; "
          f"boards by kind: {dict(result['boards_by_kind'].most_common())}; turn reached {result['turns']}")
