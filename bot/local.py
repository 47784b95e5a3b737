"""The local table: the same commands as in Discord, typed in a terminal.

For trying Railhead without a Discord bot, and for tests. Everyone plays in one terminal.
After each move the typist follows the game (the seat it waits on; ``as NAME`` switches by
hand, e.g. to act out of turn). Hot-seat mode (``railhead local``, the default there) shows
private text (what Discord shows "only you" or sends by DM) only behind a curtain for its
player and writes private images to a folder per player (``hotseat.py``); the open mode
(``railhead local --open``, and ``LocalTable``'s default for tests) prints everything on the
shared screen. Boards are written as PNGs. The game commands, their arguments and their help
come from each game's command spec.
"""
from __future__ import annotations

import asyncio
import os
import re
import shlex
import sys
import threading
import time
import zlib
from dataclasses import replace
from pathlib import Path

from railhead.engine import IllegalAction

from . import ai_pool, hints, registry
from .choosing import maps_reply, table_map
from .hotseat import Console, Curtain, folder_name, no_secret, open_if_public, present, waiting_note
from .letters import Letters
from .local_help import GUIDE, LOBBY_HELP, new_game_help
from .replies import Button, Caller, Message, Reply, Select
from .service import stop_on_signals
from .store import open_store
from .table import Table
from .typed_args import command_args, lobby_args

LOCAL_CHANNEL = 1
TYPIST_KEY = "local:typist"        # the store's meta key for who typed last (a restart goes on with them)
def user_id(name: str) -> int:
    """A stable made-up user id for a name typed at the local table."""
    return zlib.crc32(name.lower().encode()) + 1000


class LocalTable:
    """The local table: lines typed in a terminal become table calls as on Discord; replies are
    printed, images written to the boards folder. ``hotseat``: private text comes back as
    ``Curtain`` s (see ``hotseat.py``) and private images go to a folder per player; otherwise
    it is printed inline (the open mode). ``follow`` (default: as ``hotseat``): after a move the
    typist becomes the seat the game waits on."""
    def __init__(self, table: Table, out_dir: Path, hotseat: bool = False, follow: bool | None = None):
        self.table = table
        self.out_dir = out_dir
        self.hotseat = hotseat
        self.follow = hotseat if follow is None else follow
        self.user = "Ann"
        self._saved_typist: str | None = None
        self.names: dict[int, str] = {}
        self.inbox: dict[int, list[Message]] = {}
        self.inbox_game: int | None = None             # the game the waiting private messages belong to
        # numbered on from a folder used before, so no earlier board is overwritten
        self.images = max((int(p.name[:4]) for p in out_dir.rglob("[0-9][0-9][0-9][0-9]-*")), default=0) \
            if out_dir is not None and out_dir.is_dir() else 0
        self.shown = 0                                  # answers shown so far: orders the views
        self.public_view: tuple[int, list[Message]] = (0, [])
        self.views: dict[int, tuple[int, list[Message]]] = {}     # by user id: the last answer seen
        self.curtains: list[Curtain] = []
        self.solo = False                               # the table's game has one seat: no curtains
        self.letters = Letters()                        # the letters of the choices on screen (letters.py)

    def visible(self) -> list[Message]:
        """The messages of the last answer the typist saw (public and private parts of one reply,
        or a newer public message); ``click`` and ``pick`` act on these only."""
        mine = self.views.get(user_id(self.user), (-1, []))
        return max(mine, self.public_view, key=lambda view: view[0])[1]

    def chooser(self, kind: type) -> Message | None:
        """The message whose buttons (``kind`` ``Button``) or menus (``Select``) ``click``/``pick``
        use: the last of ``visible()`` that has any, else ``None``."""
        return next((m for m in reversed(self.visible()) if any(isinstance(c, kind) for c in m.components)), None)

    @property
    def buttons(self) -> list[Button]:
        """The buttons the typist can press (see ``chooser``)."""
        message = self.chooser(Button)
        return [c for c in message.components if isinstance(c, Button)] if message else []

    @property
    def selects(self) -> list[Select]:
        """The menus the typist can pick from (see ``chooser``)."""
        message = self.chooser(Select)
        return [c for c in message.components if isinstance(c, Select)] if message else []

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

    async def handle(self, line: str) -> list[str | Curtain]:
        """Run one typed line; returns the lines to print, then (hot-seat mode) the ``Curtain`` s
        of private text. With ``follow``, a line that moved the game ends with who types next."""
        row = await self.table.store.active_game(LOCAL_CHANNEL) if self.table is not None else None
        self.solo = row is not None and row.game in registry.games() and registry.game(row.game).max_seats == 1 \
            or await self._alone_with_ai()
        before = await self._waiting() if self.follow else None
        queued = sum(map(len, self.inbox.values()))
        out: list[str | Curtain] = list(await self._line(line))
        out += await self._ai_moves()
        if self.follow:
            out += await self._follow(before)
        waiting = [self.names.get(uid, "someone") for uid, box in self.inbox.items()
                   if box and uid != user_id(self.user)]
        if self.hotseat and waiting and sum(map(len, self.inbox.values())) > queued:
            out.append(f"(Private text waits for {', '.join(waiting)}: shown when they take the keyboard.)")
        out += self.curtains
        self.curtains = []
        if self.table is not None and self.user != self._saved_typist:
            async with self.table.store.transaction() as tx:        # a restart goes on with this typist
                await tx.meta_set(TYPIST_KEY, self.user)
            self._saved_typist = self.user
        return out

    async def _line(self, line: str) -> list[str]:
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
            before, self.user = self.user, " ".join(rest)
            return [f"You are now {self.user}.", *self._take_keyboard(before.lower() != self.user.lower())]
        if head == "who":
            return [f"You are {self.user}."]
        if head in ("click", "pick"):
            return await self._press(head, rest)
        if head == "game" and rest:
            return await self._game(rest[0].lower(), rest[1:])
        ui = next((u for u in registry.UIS.values() if u.prefix == head), None)
        if ui is not None and rest:
            map_id = await table_map(self.table, ui, LOCAL_CHANNEL)
            return self.show(await self.table.command(self.caller(), rest[0].lower(), command_args(ui, rest, map_id)))
        return [f"Unknown command {line!r}; type help."]

    async def _game(self, verb: str, rest: list[str]) -> list[str]:
        c = self.caller()
        if verb == "new":
            rest = [w.partition("=")[2] if w.lower().startswith("game=") else w for w in rest]   # game=rotw
            game = rest[0].lower() if rest and "=" not in rest[0] else "rotw"
            self.solo = game in registry.games() and registry.game(game).max_seats == 1
            given = {}
            for word in rest[1:] if rest and "=" not in rest[0] else rest:
                key, eq, value = word.partition("=")
                if not eq:
                    return [f"Options are typed `name=value` (not {word!r}); type help for each game's options."]
                given[key.lower()] = value
            bots = [level.strip().lower() for level in given.pop("ai", "").split(",") if level.strip()]
            out = self.show(await self.table.open(c, game, given))
            for level in bots:                    # `ai=normal,normal`: AI players seated at once
                out += self.show(await self.table.add_ai(c, level))
            return out
        try:                  # each argument by position or as name=value (bot/typed_args.py LOBBY)
            args = lobby_args(verb, rest)
        except IllegalAction as exc:
            return [str(exc)]
        if verb == "settings":
            return self.show(await self.table.settings(c, args))
        if verb == "maps":
            return self.show(await maps_reply(self.table, c, args.get("game")))
        if verb == "kick":
            return self.show(await self.table.kick(c, await self._seated_id(args["player"])))
        if verb == "add-ai":
            return self.show(await self.table.add_ai(c, args.get("level") or "normal"))
        if verb == "timing":
            return self.show(await self.table.game_timing(c, args.get("remind_hours"), args.get("reminders"),
                                                          args.get("time_limit_hours")))
        if verb == "abandon" and args.get("confirm"):
            return self.show(await self.table.abandon(c, confirm=True))
        if verb == "undo" and not rest and self.follow:
            return await self._undo_last_move()
        if verb == "vote":
            return self.show(await self.table.vote(c, args["answer"] == "agree"))
        if verb == "board" and args.get("zoom"):
            return self.show(await self.table.board(c, args["zoom"]))
        if verb in ("leaderboard", "rules", "status"):      # open when a spectator is told the same (hotseat.py)
            ask = {"leaderboard": lambda who: self.table.leaderboard(who, args.get("game")),
                   "rules": lambda who: self.table.rules(who, args.get("game")), "status": self.table.status}[verb]
            return self.show(await open_if_public(await ask(c), ask, LOCAL_CHANNEL) if self.hotseat else await ask(c))
        if verb == "history":
            return self.show(await self.table.history(c, args.get("page", 1), bool(args.get("story"))))
        if verb == "note":
            return self.show(await self.table.note(c, args.get("text"), bool(args.get("clear"))))
        if verb == "follow":
            return self.show(await self.table.follow(c, bool(args.get("stop"))))
        if verb == "hint":                   # the hint is private: behind the curtain in hot-seat mode
            return self.show(await (self.table.allow_hints(c, args["allow"]) if "allow" in args
                                    else hints.ask(self.table, c)))
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
                    "health": self.table.health, "rejoin": self.table.rejoin}
        if verb not in handlers:
            return [f"Unknown game command {verb!r}; type help."]
        return self.show(await handlers[verb](c))

    async def _seated_id(self, name: str) -> int:
        """The user id of the seat called ``name`` at the local table (an AI seat's too, "Bot Ada
        (normal)"; any case), else the made-up id of that name."""
        row = await self.table.store.active_game(LOCAL_CHANNEL)
        seats = await self.table.store.seats(row.id) if row is not None else []
        return next((s.user_id for s in seats if s.name.lower() == name.lower()), user_id(name))

    async def _ai_moves(self) -> list[str]:
        """The AI seats' moves made since the last line (``bot/table/robots.py``): waited for, then
        shown as the channel shows them, with how long the AI took."""
        if self.table is None:
            return []
        began = time.perf_counter()
        await self.table.ai_idle()
        replies, self.table.posted[:] = list(self.table.posted), []
        if not replies:
            return []
        # the table card once, as it stands after the last of them, with the newest pictures any of
        # them brought (a card whose board did not change brings none): each AI move's line stays
        out = [line for reply in replies[:-1] for line in self.show(replace(reply, table=None), typist_moved=False)]
        last = replies[-1]
        drawn = [r.table.images for r in replies if r.table is not None and any(p.data for p in r.table.images)]
        if last.table is not None and drawn and not any(p.data for p in last.table.images):
            last = replace(last, table=replace(last.table, images=drawn[-1]))
        out += self.show(last, typist_moved=False)
        seconds = time.perf_counter() - began
        return out + [f"(The AI took {seconds:.1f} s for {len(replies)} move{'s' if len(replies) > 1 else ''}.)"]

    async def _undo_last_move(self) -> list[str]:
        """``game undo`` when the typist follows the game: the keyboard has usually passed on
        since the move to take back, so the undo is asked for by whoever made the last move."""
        session = await self.table.session(LOCAL_CHANNEL)
        last = dict(session.match.core.last) if session else {}    # seat -> its last move in force
        mover = int(max(last, key=last.get)) if last else None
        if mover is None or session.names[mover].lower() == self.user.lower():
            return self.show(await self.table.undo(self.caller()))
        self.user = session.names[mover]
        out = [f"The last move was {self.user}'s: {self.user} asks to take it back.", *self._take_keyboard(True)]
        first = len(self.curtains)
        out += self.show(await self.table.undo(self.caller()))
        for curtain in self.curtains[first:]:
            curtain.pass_keyboard = True           # the keyboard changes hands before their text shows
        return out

    async def _press(self, head: str, rest: list[str]) -> list[str]:
        typed = re.fullmatch(r"([A-Za-z]?)(\d+)(?:\.(\d+))?", rest[0]) if rest else None
        if typed is None or (head == "click" and typed.group(3)):
            return [f"Say which: {head} 1" + (" (or 2.1: option 1 of menu 2)" if head == "pick" else "")
                    + f", or with the letter shown beside the {'buttons' if head == 'click' else 'menu'}: "
                    f"{head} B1"]
        letter = typed.group(1)
        rest = [rest[0][len(letter):]]
        message, why = self.letters.which(user_id(self.user), head, letter, self.visible(), list(self.public_view[1]))
        if message is None:
            return [why]
        public = any(message is m for m in self.public_view[1])
        where = "on the last message" if public else "on your last private message"
        if letter:
            where = f"on message {letter.upper()}"
        i = int(rest[0].split(".")[0]) - 1
        buttons = [c for c in message.components if isinstance(c, Button)]
        selects = [c for c in message.components if isinstance(c, Select)]
        if head == "click":
            if not 0 <= i < len(buttons):
                return [f"There is no such button {where} (it has {len(buttons)}); nothing was pressed."]
            token = buttons[i].custom_id.split(":")[-1]
            said = f"Pressed [{i + 1}] {buttons[i].label} {where}."
        else:
            menu, _, option = rest[0].partition(".")
            m, i = (int(menu) - 1, int(option) - 1) if option.isdigit() else (0, i)
            if not 0 <= m < len(selects) or not 0 <= i < len(selects[m].options):
                have = "; ".join(f"menu {k + 1} ({s.placeholder}): pick {k + 1}.1 to {k + 1}.{len(s.options)}"
                                 if len(selects) > 1 else f"{s.placeholder}: pick 1 to {len(s.options)}"
                                 for k, s in enumerate(selects))
                return [f"There is no option {rest[0]} {where} ({have}); nothing was picked."]
            token = selects[m].options[i].value
            said = f"Picked ({i + 1}) {selects[m].options[i].label} {where}."
        self.letters.used(user_id(self.user), message)
        shown = self.show(await self.table.click(self.caller(), token))
        if public or not self.hotseat or self.solo:
            return [said, *shown]
        mine = next((c for c in reversed(self.curtains) if c.name == self.user), None)
        if mine is None:                        # a secret choice's echo is as private as the choice
            self.curtains.append(Curtain(self.user, [said]))
        else:
            mine.lines.insert(0, said)
        return shown

    def show(self, reply: Reply, typist_moved: bool = True) -> list[str]:
        """Print a reply's messages and remember them as what the typist saw last (for
        ``click``/``pick``). Private parts are marked (open mode) or put behind a curtain
        (hot-seat); DMs to others wait in their inbox until they take the keyboard. A public
        move spends the typist's earlier private choices, unless someone else made it
        (``typist_moved`` false: an AI seat's move leaves a secret choice open)."""
        lines: list[str] = []
        self.shown += 1
        me = user_id(self.user)
        self._new_game(reply.game_id)
        public = with_card(reply)
        if public is not None:
            if typist_moved:                        # a move: the typist's earlier private choices are spent
                self.letters.moved(me)
            lines += self._message(public, "")
            self.public_view = (self.shown, [public])
        mine: list[Message] = []
        private: list[str] = []
        if reply.caller is not None and self.hotseat and no_secret(reply.caller):
            lines += self._message(reply.caller, "")        # a refusal, public facts: no curtain, no Enter
            mine.append(reply.caller)
        elif reply.caller is not None:
            private += self._message(reply.caller, "(only you see this) ", self.user)
            mine.append(reply.caller)
        for uid, message in reply.direct.items():
            if message.notice and not message.components:
                continue                         # "Your move in #channel": this screen is the channel
            if uid == me:
                private += self._message(message, f"(private to {self.user}) ", self.user)
                mine.append(message)
            else:
                self.inbox.setdefault(uid, []).append(message)
        if mine:
            self.views[me] = (self.shown, [m for m in (public, *mine) if m is not None])
            self.letters.opened(me, mine)
        return lines + self._private(self.user, private, pass_keyboard=False)

    def _new_game(self, game_id: int | None) -> None:
        """A reply of another game than the one private messages wait for (a new table after an
        abandoned one): what waited from the old game is dropped, so nobody is shown an earlier
        game's secret choice in the next."""
        if game_id is not None and game_id != self.inbox_game:
            self.inbox.clear()
            self.inbox_game = game_id

    async def resume(self) -> list[str]:
        """After a restart in the same folder: the players of the game in progress by name (their
        mentions read as names, not "someone"), the typist set to the seat it waits on, and the
        board with the turn's buttons, so that `click N` works again. A seat with a secret choice
        to make finds it waiting (its hand) when it takes the keyboard; the typist is told how to
        see theirs."""
        row = await self.table.store.active_game(LOCAL_CHANNEL)
        if row is None:
            return []
        seats = await self.table.store.seats(row.id)
        for seat in seats:
            self.names[seat.user_id] = seat.name
        waiting = await self._waiting()
        typist = await self.table.store.meta_get(TYPIST_KEY)
        if waiting and waiting[1]:          # the typist before the restart, if the game waits on them
            self.user = typist if typist in waiting[1] else waiting[1][0]
        self._saved_typist = self.user
        names = ", ".join(self.names.values())
        lines = [f"A game is in progress here ({registry.game(row.game).name}; {names}). {self.user} types now."]
        if row.status != "running":
            return lines + ["`game status` shows the table; `game start` starts it."]
        lines += self.show(await self.table.board(self.caller()))
        await self.table.resume_ai()                 # an AI move pending when the table was left
        lines += await self._ai_moves()
        self.solo = self.solo or await self._alone_with_ai()
        session = await self.table.session(LOCAL_CHANNEL)
        secret = [p["seat"] for p in (session.match.prompts() if session else []) if p.get("secret")]
        for seat in secret:
            info = seats[seat]
            if info.ai is not None:
                continue                              # the AI makes it by itself
            if info.name == self.user:
                lines.append(f"{self.user}, your secret choice is waiting: `game hand` shows it.")
                continue
            hand = await self.table.hand(Caller(LOCAL_CHANNEL, info.user_id, info.name, can_manage=True))
            if hand.caller is not None:
                self.inbox.setdefault(info.user_id, []).append(hand.caller)
        return lines

    def _private(self, name: str, lines: list[str], pass_keyboard: bool) -> list[str]:
        """``lines`` in open mode or in a solo game (nobody else looks); in hot-seat mode they go
        behind a curtain for ``name``."""
        if not self.hotseat or not lines or self.solo:
            return lines
        self.curtains.append(Curtain(name, lines, pass_keyboard))
        return []

    def _take_keyboard(self, pass_keyboard: bool) -> list[str]:
        """The typist's waiting private messages (open mode: the lines; hot-seat: a curtain)."""
        messages = self.inbox.pop(user_id(self.user), [])
        lines = [line for message in messages for line in self._message(message, f"(private to {self.user}) ",
                                                                           self.user)]
        if messages:
            self.shown += 1
            self.views[user_id(self.user)] = (self.shown, messages)
            self.letters.opened(user_id(self.user), messages)
        return self._private(self.user, lines, pass_keyboard)

    async def _alone_with_ai(self) -> bool:
        """Whether one person plays the local game against AI seats only (no curtains: nobody else
        looks at the screen)."""
        row = await self.table.store.active_game(LOCAL_CHANNEL) if self.table is not None else None
        if row is None:
            return False
        seats = await self.table.store.seats(row.id)
        return len(seats) > 1 and sum(1 for s in seats if s.ai is None) == 1

    async def _waiting(self) -> tuple[tuple, list[str]] | None:
        """The local game's prompts as a comparable key, and the names of the seats they wait on."""
        session = await self.table.session(LOCAL_CHANNEL)
        if session is None:
            return None
        prompts = session.match.prompts()
        key = (session.row.id, tuple((p.get("seat"), p.get("kind"), p.get("stamp")) for p in prompts))
        seats = sorted({p["seat"] for p in prompts if isinstance(p.get("seat"), int)})
        return key, [session.names[s] for s in seats if 0 <= s < len(session.names)]

    async def _follow(self, before: tuple[tuple, list[str]] | None) -> list[str]:
        """After a line that moved the game: who it waits on now, and the typist switch."""
        after = await self._waiting()
        if after is None or not after[1] or (before is not None and before[0] == after[0]):
            return []
        names, typist_waited = after[1], any(n.lower() == self.user.lower() for n in after[1])
        if typist_waited and before is not None and set(before[1]) == set(names):
            return []
        note, typist = waiting_note(names, self.user)
        if typist is None:
            return [note]
        self.user = typist
        self.names[user_id(typist)] = typist
        return [note, *self._take_keyboard(True)]

    def _message(self, message: Message, prefix: str, owner: str | None = None) -> list[str]:
        text = re.sub(r"<@(\d+)>", lambda m: self.names.get(int(m.group(1)), "someone"), message.text)
        text = re.sub(r"<#\d+>", "this table", text)
        text = re.sub(r"`/(\w)", r"`\1", text)          # `/rotw link` is typed `rotw link` here
        lines = [prefix + text]
        for name, data in ([(message.image_name, message.image)] if message.image else []) + message.more:
            self.images += 1
            folder = self.out_dir / folder_name(owner) if self.hotseat and owner else self.out_dir
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{self.images:04d}-{name}"
            path.write_bytes(data)
            lines.append(f"[{'image' if name.endswith('.png') else 'file'}: {path}]")
        buttons = [c for c in message.components if isinstance(c, Button)]
        selects = [c for c in message.components if isinstance(c, Select)]
        tag = self.letters.of(message) if buttons or selects else ""
        if buttons:
            lines.append(f"Buttons {tag}: " + "  ".join(f"[{i + 1}] {b.label}" for i, b in enumerate(buttons)))
        for m, select in enumerate(selects):
            head = f"Menu {tag}{m + 1}, " if len(selects) > 1 else f"Menu {tag}, "
            pick = f"pick {m + 1}.N" if m else "pick N"
            lines.append(f"{head}{select.placeholder} ({pick}):")
            lines += [f"  ({i + 1}) {o.label}" + (f" — {o.description}" if o.description else "")
                      for i, o in enumerate(select.options)]
        return lines


def with_card(reply: Reply) -> Message | None:
    """The public part of ``reply`` as the terminal shows it: the turn's line, then the table card
    as text (its title, the players, the prompt when the line has none), its pictures and its
    lettered buttons and menus; ``None`` when there is nothing public."""
    if reply.table is None:
        return reply.channel
    card = reply.table.as_message(prompt=reply.channel is None)
    if reply.channel is None:
        return card
    line = reply.channel
    return Message(f"{line.text}\n{card.text}", image=card.image, image_name=card.image_name, more=card.more,
                   components=card.components, mentions=line.mentions)


async def run_local(db_path: str, out_dir: str = "railhead-boards", open_table: bool = False) -> None:
    """The local table on stdin/stdout until ``quit``, the end of input, SIGTERM or SIGINT (Ctrl+C):
    a signal lets the line being handled finish, then the store closes. Hot-seat mode unless
    ``open_table`` (``--open``: private text on the shared screen, for one person testing alone);
    the typist follows the game in both. Raises ``StoreError`` for a database that cannot be used."""
    store = await open_store(db_path)
    local = LocalTable(Table(store), Path(out_dir), hotseat=not open_table, follow=True)
    print(GUIDE)
    print(f"\nGames are saved in {db_path}; board images go to {out_dir}/"
          + ("." if open_table else " (private ones to a folder per player there)."))
    print("To connect to Discord instead, set DISCORD_TOKEN (see README, 'Connecting to Discord').\n")
    for line in await local.resume():
        print(line)
    stop = None
    try:
        with stop_on_signals() as stop:
            lines = _stdin_lines()

            async def read(prompt: str) -> str | None:
                sys.stdout.write(prompt)
                sys.stdout.flush()
                return await _next_line(lines, stop)

            console, pending = Console(read), None
            while True:
                line = pending if pending is not None else await console.read(f"{local.user}> ")
                if line is None or line.strip().lower() in ("quit", "exit"):
                    break
                pending, ended = await present(console, await local.handle(line.strip()), local.user)
                if ended:
                    break
            if stop.is_set():
                print(f"\n{stop.signal}: stopping; the games are saved in {db_path}.", file=sys.stderr, flush=True)
    finally:
        local.table.stop_ai()
        ai_pool.shutdown()
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
