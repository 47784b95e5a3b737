"""The local table: the same commands as in Discord, typed in a terminal.

For trying Railhead without a Discord bot, and for tests. Everyone plays in one terminal;
``as NAME`` switches who is typing. Private messages (what Discord sends by DM) wait for
their player and are shown when that player takes the keyboard. Boards are written as PNGs.
The game commands, their arguments and their help come from each game's command spec.
"""
from __future__ import annotations

import asyncio
import os
import re
import shlex
import sys
import threading
import zlib
from pathlib import Path

from railhead.engine import IllegalAction

from . import registry
from .replies import Button, Caller, Message, Reply, Select
from .service import stop_on_signals
from .store import open_store
from .table import Table
from .typed_args import command_args, lobby_args
from .ui import CLOCK_OPTIONS, Param

LOCAL_CHANNEL = 1
GUIDE = """\
Railhead local table: type the same commands as in Discord (without the leading slash).
Quick start, three players at one keyboard:
  as Ann              act as Ann (any new name is a new player)
  game new rotw       open a Railways of the World table (Ann sits down)
  as Bob              then: game join
  as Cat              then: game join
  as Ann              then: game start
Then follow the prompts: "click N" presses button N of the last message, "pick N" picks
option N of a menu, "rotw link Köln Frankfurt" builds, "help" lists everything.
Solo: "game new railways" starts Railways at once (objective=mayor, cards=5,6,7,8 optional).
Railway Workers: "game new workers" (2-4 players); secret menus come as private messages.
Steam: "game new steam" (3-6 players): "steam build F7 W E" lays track, "steam deliver" opens a menu."""

LOBBY_HELP = """\
Players:  as NAME  |  who
Lobby:    game new [game=]GAME [OPTION=VALUE ...]  (the options of each game below)  |  game join | leave | start
          game status | game board [[zoom=]ZOOM: a city, hex or space] | game hand | game undo | game stats
          game vote [answer=]agree|refuse | game kick [player=]NAME | game health
          game abandon (asks first; `game abandon yes` or `confirm=yes` at once)
          game timing [[remind_hours=]6] [[reminders=]2] [[time_limit_hours=]48|none]  (creator)
          game history [[page=]PAGE] | game export (writes a JSON file) | game import [path=]PATH
          game rules [[game=]GAME] | game leaderboard [[game=]GAME]
          game settings [colourblind=true] [dm=false] [layout=phone|desktop] [confirm_pass=false]
Typing:   every argument by position or as name=value (`[zoom=]ZOOM`: `game board D7` or `game board zoom=D7`);
          names need no quotes and no accents: `rotw link Praha Hradec Kralove`, `rotw card Hotel: Frankfurt`
Buttons:  click N (button N of the last message)  |  pick N (option N of the last menu; pick 2.N: of menu 2)
Quit:     quit"""


def option_usage(param: Param) -> str:
    """``[name=VALUE]`` for a ``/game new`` option: its choices or suggestions, ``true`` for a
    yes/no, else its kind."""
    values = list(param.choices) or (list(param.suggest()) if param.suggest else [])
    shown = "|".join(values) or param.example or ("true" if param.kind is bool else param.kind.__name__.upper())
    return f"[{param.name}={shown}]"


def new_game_help() -> list[str]:
    """The local table's help for ``game new``: one entry per game with its options (from its
    UI's ``new_options``) and the clock options all games take."""
    lines = []
    for gid, ui in registry.UIS.items():
        game = registry.games().get(gid)
        if game is None:
            continue
        players = "solo: starts at once" if game.max_seats == 1 else f"{game.min_seats}-{game.max_seats} players"
        words = [f"game new {gid}", *(option_usage(p) for p in ui.new_options), f"({players})"]
        line = "         "
        for word in words:
            if len(line) + len(word) > 110:
                lines.append(line)
                line = "             "
            line += " " + word
        lines.append(line)
    lines.append("          any game: " + " ".join(option_usage(p) for p in CLOCK_OPTIONS))
    return lines


def user_id(name: str) -> int:
    """A stable made-up user id for a name typed at the local table."""
    return zlib.crc32(name.lower().encode()) + 1000


class LocalTable:
    """The local table: lines typed in a terminal become table calls as on Discord; replies are
    printed, images written to the boards folder."""
    def __init__(self, table: Table, out_dir: Path):
        self.table = table
        self.out_dir = out_dir
        self.user = "Ann"
        self.buttons: list[Button] = []
        self.selects: list[Select] = []
        self.names: dict[int, str] = {}
        self.inbox: dict[int, list[Message]] = {}
        self.images = 0

    def caller(self) -> Caller:
        """The ``Caller`` of the current typist in the local channel."""
        self.names[user_id(self.user)] = self.user
        return Caller(LOCAL_CHANNEL, user_id(self.user), self.user, guild_id=None, can_manage=True)

    def help(self) -> str:
        """The help text: the lobby and every game's commands from their specs."""
        lines = [LOBBY_HELP, "New games:", *new_game_help()]
        for ui in registry.UIS.values():
            lines.append(f"{registry.game(ui.game_id).name} (`{ui.prefix} ...`, in your turn):")
            lines += [f"  {line}" for line in ui.help_lines()]
        return "\n".join(lines)

    async def handle(self, line: str) -> list[str]:
        """Run one typed line; returns the lines to print."""
        try:
            words = shlex.split(line)
        except ValueError as exc:
            return [f"Could not read that: {exc}"]
        if not words:
            return []
        head, rest = words[0].lower().lstrip("/"), words[1:]
        if head == "help":
            return [self.help()]
        if head == "as" and rest:
            self.user = " ".join(rest)
            out = [f"You are now {self.user}."]
            for message in self.inbox.pop(user_id(self.user), []):
                out += self._message(message, f"(private to {self.user}) ")
            return out
        if head == "who":
            return [f"You are {self.user}."]
        if head in ("click", "pick"):
            return await self._press(head, rest)
        if head == "game" and rest:
            return await self._game(rest[0].lower(), rest[1:])
        ui = next((u for u in registry.UIS.values() if u.prefix == head), None)
        if ui is not None and rest:
            return self.show(await self.table.command(self.caller(), rest[0].lower(), command_args(ui, rest)))
        return [f"Unknown command {line!r}; type help."]

    async def _game(self, verb: str, rest: list[str]) -> list[str]:
        c = self.caller()
        if verb == "new":
            rest = [w.partition("=")[2] if w.lower().startswith("game=") else w for w in rest]   # game=rotw
            game = rest[0].lower() if rest and "=" not in rest[0] else "rotw"
            given = {}
            for word in rest[1:] if rest and "=" not in rest[0] else rest:
                key, eq, value = word.partition("=")
                if not eq:
                    return [f"Options are typed `name=value` (not {word!r}); type help for each game's options."]
                given[key.lower()] = value
            return self.show(await self.table.open(c, game, given))
        try:                  # each argument by position or as name=value (bot/typed_args.py LOBBY)
            args = lobby_args(verb, rest)
        except IllegalAction as exc:
            return [str(exc)]
        if verb == "settings":
            return self.show(await self.table.settings(c, args))
        if verb == "kick":
            return self.show(await self.table.kick(c, user_id(args["player"])))
        if verb == "timing":
            return self.show(await self.table.game_timing(c, args.get("remind_hours"), args.get("reminders"),
                                                          args.get("time_limit_hours")))
        if verb == "abandon" and args.get("confirm"):
            return self.show(await self.table.abandon(c, confirm=True))
        if verb == "vote":
            return self.show(await self.table.vote(c, args["answer"] == "agree"))
        if verb == "board" and args.get("zoom"):
            return self.show(await self.table.board(c, args["zoom"]))
        if verb == "leaderboard":
            return self.show(await self.table.leaderboard(c, args.get("game")))
        if verb == "rules":
            return self.show(await self.table.rules(c, args.get("game")))
        if verb == "history":
            return self.show(await self.table.history(c, args.get("page", 1)))
        if verb == "import":
            try:
                data = Path(args["path"]).expanduser().read_bytes()
            except OSError as exc:
                return [f"Could not read {args['path']}: {exc.strerror}"]
            return self.show(await self.table.import_game(c, data))
        handlers = {"join": self.table.join, "export": self.table.export, "leave": self.table.leave,
                    "start": self.table.start,
                    "status": self.table.status, "board": self.table.board, "abandon": self.table.abandon,
                    "hand": self.table.hand, "undo": self.table.undo, "stats": self.table.stats,
                    "health": self.table.health}
        if verb not in handlers:
            return [f"Unknown game command {verb!r}; type help."]
        return self.show(await handlers[verb](c))

    async def _press(self, head: str, rest: list[str]) -> list[str]:
        if not rest or not rest[0].replace(".", "", 1).isdigit():
            return [f"Say which: {head} 1" + (" (or 2.1: option 1 of menu 2)" if head == "pick" else "")]
        i = int(rest[0].split(".")[0]) - 1
        if head == "click":
            if not 0 <= i < len(self.buttons):
                return ["There is no such button in the last message."]
            token = self.buttons[i].custom_id.split(":")[-1]
        else:
            menu, _, option = rest[0].partition(".")
            m, i = (int(menu) - 1, int(option) - 1) if option.isdigit() else (0, i)
            if not 0 <= m < len(self.selects) or not 0 <= i < len(self.selects[m].options):
                return ["There is no such option in the last menus."]
            token = self.selects[m].options[i].value
        return self.show(await self.table.click(self.caller(), token))

    def show(self, reply: Reply) -> list[str]:
        """Print a reply's messages (private ones marked) and remember its buttons and menus for ``click``/``pick``."""
        lines: list[str] = []
        if reply.channel is not None:
            lines += self._message(reply.channel, "")
        if reply.caller is not None:
            lines += self._message(reply.caller, "(only you see this) ")
        me = user_id(self.user)
        for uid, message in reply.direct.items():
            if uid == me:
                lines += self._message(message, f"(private to {self.user}) ")
            else:
                self.inbox.setdefault(uid, []).append(message)
        return lines

    def _message(self, message: Message, prefix: str) -> list[str]:
        text = re.sub(r"<@(\d+)>", lambda m: self.names.get(int(m.group(1)), "someone"), message.text)
        text = re.sub(r"<#\d+>", "this table", text)
        lines = [prefix + text]
        if message.image:
            self.images += 1
            self.out_dir.mkdir(parents=True, exist_ok=True)
            path = self.out_dir / f"{self.images:04d}-{message.image_name}"
            path.write_bytes(message.image)
            lines.append(f"[{'image' if message.image_name.endswith('.png') else 'file'}: {path}]")
        buttons = [c for c in message.components if isinstance(c, Button)]
        selects = [c for c in message.components if isinstance(c, Select)]
        if message.components:                  # a new set of choices replaces the last one
            self.buttons, self.selects = buttons, selects
        if buttons:
            lines.append("Buttons: " + "  ".join(f"[{i + 1}] {b.label}" for i, b in enumerate(buttons)))
        for m, select in enumerate(selects):
            head = f"Menu {m + 1}, " if len(selects) > 1 else ""
            pick = f"pick {m + 1}.N" if m else "pick N"
            lines.append(f"{head}{select.placeholder} ({pick}):")
            lines += [f"  ({i + 1}) {o.label}" + (f" — {o.description}" if o.description else "")
                      for i, o in enumerate(select.options)]
        return lines


async def run_local(db_path: str, out_dir: str = "railhead-boards") -> None:
    """The local table on stdin/stdout until ``quit``, the end of input, SIGTERM or SIGINT (Ctrl+C):
    a signal lets the line being handled finish, then the store closes. Raises ``StoreError``
    for a database that cannot be used."""
    store = await open_store(db_path)
    local = LocalTable(Table(store), Path(out_dir))
    print(GUIDE)
    print(f"\nGames are saved in {db_path}; board images go to {out_dir}/.")
    print("To connect to Discord instead, set DISCORD_TOKEN (see README, 'Connecting to Discord').\n")
    stop = None
    try:
        with stop_on_signals() as stop:
            lines = _stdin_lines()
            while True:
                sys.stdout.write(f"{local.user}> ")
                sys.stdout.flush()
                line = await _next_line(lines, stop)
                if line is None or line.strip().lower() in ("quit", "exit"):
                    break
                for out in await local.handle(line.strip()):
                    print(out)
            if stop.is_set():
                print(f"\n{stop.signal}: stopping; the games are saved in {db_path}.", file=sys.stderr, flush=True)
    finally:
        await store.close()
    if stop is not None and stop.is_set():
        print("Stopped.", file=sys.stderr, flush=True)


def _stdin_lines() -> asyncio.Queue:
    """Lines of stdin as they come (``None`` at the end), read by a daemon thread with ``os.read``:
    a signal never waits for a line, and a thread blocked in a raw read does not hold the exit up."""
    loop, queue = asyncio.get_running_loop(), asyncio.Queue()

    def put(item: str | None) -> bool:
        try:
            loop.call_soon_threadsafe(queue.put_nowait, item)
            return True
        except RuntimeError:                  # the loop has closed: nobody reads any more
            return False

    def read() -> None:
        pending = b""
        while True:
            try:
                chunk = os.read(sys.stdin.fileno(), 65536)
            except (OSError, ValueError, AttributeError):      # closed or no stdin: the end
                chunk = b""
            if not chunk:
                if pending:
                    put(pending.decode(errors="replace"))
                put(None)
                return
            *complete, pending = (pending + chunk).split(b"\n")
            if not all(put(c.decode(errors="replace") + "\n") for c in complete):
                return

    threading.Thread(target=read, name="railhead-stdin", daemon=True).start()
    return queue


async def _next_line(lines: asyncio.Queue, stop: asyncio.Event) -> str | None:
    """The next line, or ``None`` at the end of input or once ``stop`` is set."""
    get, halt = asyncio.ensure_future(lines.get()), asyncio.ensure_future(stop.wait())
    await asyncio.wait({get, halt}, return_when=asyncio.FIRST_COMPLETED)
    for waiter in (get, halt):
        waiter.cancel()
    return None if stop.is_set() or not get.done() or get.cancelled() else get.result()
