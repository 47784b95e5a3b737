"""Hot-seat play at the local table: one screen, several players, and secrets kept off it.

The local table (``local.py``) turns a typed line into what to show: public lines (plain
strings, everyone may read them) and ``Curtain`` s, the private text of one seat (what Discord
shows as "only you see this" or sends by DM). ``present`` puts them on a ``Console``:

1. a curtain for someone other than the one at the keyboard first says "Pass the keyboard to
   Bob — press Enter when only Bob is looking" and waits for Enter;
2. the private text is shown, then "Press Enter to hide";
3. the screen is cleared and the public lines of the same answer are shown again.

A private answer that holds no secret (``no_secret``: a refused move, ``game status`` when a
spectator is told the same) shows on the screen at once, with no curtain and no Enter.

At the hide prompt the player may instead type their next command (e.g. ``pick 3`` from the menu
on screen): the screen is cleared first, then the command runs.

Clearing: on a terminal (stdout is a TTY) the ANSI sequence ``CLEAR`` erases the screen and its
scrollback. When stdout is not a terminal (a pipe, a file) it cannot be cleared; ``SCROLL``
blank lines push the secret out of the visible screen instead, with a marker line saying so.
"""
from __future__ import annotations

import re
import sys
import unicodedata
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from .replies import Caller, Message, Reply

CLEAR = "\x1b[2J\x1b[3J\x1b[H"
SCROLL = 60
HIDDEN = "(private text hidden)"


@dataclass
class Curtain:
    """Private text for one player: ``lines`` are shown only behind a curtain. ``pass_keyboard``:
    someone else is at the keyboard, so the keyboard must change hands first."""

    name: str
    lines: list[str] = field(default_factory=list)
    pass_keyboard: bool = False


def no_secret(message: Message) -> bool:
    """Whether a private answer may show on the shared screen: it holds no secret (``open``: a
    refused move, public facts) and has no menu or image of its own."""
    return message.open and not message.components and not message.image and not message.more


async def open_if_public(reply: Reply, ask: Callable[[Caller], Awaitable[Reply]], channel: int) -> Reply:
    """``reply``, a private answer (``game status`` from the typist's own view, say), marked
    ``open`` when ``ask`` (the same question) tells a caller who sits nowhere the same text: then
    it holds nothing hidden."""
    message = reply.caller
    if message is not None and reply.channel is None and not reply.direct:
        seen = await ask(Caller(channel, 0, "spectator", guild_id=None, can_manage=False))
        message.open = seen.caller is not None and seen.caller.text == message.text
    return reply


def folder_name(name: str) -> str:
    """A player's name folded to a safe folder name: ASCII letters, digits and ``-`` only
    (``"Zoë O'Neil"`` → ``"zoe-o-neil"``; ``"player"`` when nothing is left)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "player"


class Console:
    """Where the local table is shown: ``write`` a line, ``read`` a line after a prompt
    (``None`` at the end of input), ``clear`` the screen. ``read`` is given by the caller (the
    terminal loop reads stdin; a test scripts it)."""

    def __init__(self, read: Callable[[str], Awaitable[str | None]], tty: bool | None = None):
        self._read = read
        self.tty = sys.stdout.isatty() if tty is None else tty

    def write(self, text: str) -> None:
        """Print one line (or several joined by newlines)."""
        print(text, flush=True)

    async def read(self, prompt: str) -> str | None:
        """The next typed line after ``prompt`` (without its newline), ``None`` at the end of input."""
        line = await self._read(prompt)
        return None if line is None else line.rstrip("\r\n")

    def clear(self) -> None:
        """Erase the screen: the ANSI clear on a terminal, else scroll the text away."""
        if self.tty:
            sys.stdout.write(CLEAR)
            sys.stdout.flush()
        else:
            print("\n" * SCROLL + HIDDEN, flush=True)


AGAIN = "(The table again, after the private text:)"


async def present(console: Console, shown: list, typist: str) -> tuple[str | None, bool]:
    """Put one answer of the local table on ``console``: public lines as they are, each
    ``Curtain`` behind the curtain (see the module docstring). Returns ``(command, ended)``:
    a command typed at the last hide prompt (to run next, ``None`` if Enter alone) and whether
    the input ended while waiting."""
    public = [item for item in shown if isinstance(item, str)]
    curtains = [item for item in shown if isinstance(item, Curtain)]
    for line in public:
        console.write(line)
    command: str | None = None
    for n, curtain in enumerate(curtains):
        last = n == len(curtains) - 1
        if curtain.pass_keyboard:
            ready = await console.read(f"Pass the keyboard to {curtain.name} — press Enter when only "
                                       f"{curtain.name} is looking. ")
            if ready is None:
                return None, True
        console.write(f"---- private to {curtain.name} ----")
        for line in curtain.lines:
            console.write(line)
        console.write(f"---- end of {curtain.name}'s private text ----")
        ask = ("Press Enter to hide (or type your next command: the screen is cleared first). "
               if last and curtain.name == typist else "Press Enter to hide. " if curtain.name == typist
               else f"Press Enter to hide, then pass the keyboard to {typist}. ")
        typed = await console.read(ask)
        console.clear()
        if public:                  # the cleared screen shows the table again, said so: not a second move
            console.write(AGAIN)
        for line in public:
            console.write(line)
        if typed is None:
            return None, True
        if last and curtain.name == typist and typed.strip():
            command = typed.strip()
    return command, False


def waiting_note(names: list[str], typist: str) -> tuple[str, str | None]:
    """What to say when the game now waits on ``names`` (seat order) and who types next:
    ``(sentence, new typist or None to keep the current one)``."""
    if len(names) == 1:
        if names[0].lower() == typist.lower():
            return f"Your turn, {names[0]}.", None
        return f"{names[0]}'s turn: {names[0]} is now typing.", names[0]
    listed = ", ".join(names[:-1]) + f" and {names[-1]}"
    if any(n.lower() == typist.lower() for n in names):
        others = [n for n in names if n.lower() != typist.lower()]
        return (f"Waiting on {listed}: {typist} keeps typing (then "
                f"{', '.join(others)}; `as NAME` to switch now).", None)
    return f"Waiting on {listed}: {names[0]} is now typing (then {', '.join(names[1:])}).", names[0]
