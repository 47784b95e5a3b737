"""Letters for the choices on the local table's screen (``click B1``, ``pick C2``).

Every message with buttons or a menu gets a letter when it is first shown; the letters go round
A-Z. A player's *open* choices are the private messages with choices shown to them and not used
yet (the same choices shown again replace the older message); the table's public message with
buttons is open to everyone. ``bot/local.py`` decides what a bare number means from these.
"""
from __future__ import annotations

import re

from .replies import Button, Message, Select


def choices_of(message: Message) -> tuple:
    """What a message offers, as the screen shows it: its button labels and its menus' options."""
    return tuple((type(c).__name__, c.label if isinstance(c, Button) else
                  (c.placeholder, tuple(o.label for o in c.options))) for c in message.components)


class Letters:
    """The letters given to the messages with choices, and each player's open ones."""

    KEPT = 4                                        # a player's last four private choices stay open

    def __init__(self) -> None:
        self._by_message: dict[int, str] = {}       # id(message) -> its letter
        self._messages: dict[str, Message] = {}     # letter -> the message (the newest 26)
        self._open: dict[int, list[str]] = {}       # user id -> letters of their open private choices
        self._given = 0                             # letters given so far (the next is A + this, mod 26)

    def of(self, message: Message) -> str:
        """The message's letter, given now if it has none; the oldest message gives its letter up."""
        if id(message) not in self._by_message:
            letter = chr(ord("A") + self._given % 26)
            self._given += 1
            old = self._messages.get(letter)
            if old is not None:
                self._by_message.pop(id(old), None)
            self._by_message[id(message)], self._messages[letter] = letter, message
        return self._by_message[id(message)]

    def message(self, letter: str) -> Message | None:
        """The message named by ``letter`` (any case), or ``None``."""
        return self._messages.get(letter.upper())

    def open_to(self, uid: int, public: list[Message], kind: type) -> list[tuple[str, Message]]:
        """The messages with ``kind`` choices (``Button`` or ``Select``) ``uid`` can still see and
        use: the public ones, then their open private ones, as ``(letter, message)``."""
        found = public + [self._messages[t] for t in self._open.get(uid, []) if t in self._messages]
        return [(self.of(m), m) for m in found if any(isinstance(c, kind) for c in m.components)]

    def opened(self, uid: int, messages: list[Message]) -> None:
        """The private messages with choices just shown to ``uid`` are open to them."""
        mine = self._open.setdefault(uid, [])
        for message in messages:
            if message.components and self.of(message) not in mine:
                same = choices_of(message)              # the same choices shown again replace the old
                mine[:] = [t for t in mine if t not in self._messages or choices_of(self._messages[t]) != same]
                mine.append(self.of(message))
        del mine[:-self.KEPT]

    def used(self, uid: int, message: Message) -> None:
        """``uid`` pressed a choice of ``message``: it is spent (what it brings takes its place)."""
        mine = self._open.get(uid, [])
        if self._by_message.get(id(message)) in mine:
            mine.remove(self._by_message[id(message)])

    def which(self, uid: int, head: str, letter: str, seen: list[Message], public: list[Message]
              ) -> tuple[Message | None, str]:
        """The message a typed ``click``/``pick`` (``head``) acts on, or ``None`` and why not, for
        ``uid`` who saw ``seen`` last (one answer) with the table's ``public`` message on screen.
        ``letter``: the one typed (``click B1``), else ``""``: the last message seen with such
        choices, when it is also the last message seen, and for a menu the only one open to them. A
        number must never mean a choice the typist did not just look at; choices they can still
        see stay pressable by their letter."""
        kind, noun, options = (Button, "buttons", "button") if head == "click" else (Select, "menus", "option")
        open_ = self.open_to(uid, public, kind)
        listed = "; ".join(f"{t}: {shorten_line(plain(m.text), 40)}" for t, m in open_)
        if letter:
            message = self.message(letter)
            if message is None or not any(m is message for _t, m in open_):
                return None, (f"No {noun} named {letter.upper()} are open to you; nothing was pressed."
                              + (f" Open now: {listed}." if open_ else ""))
            return message, ""
        message = next((m for m in reversed(seen) if any(isinstance(c, kind) for c in m.components)), None)
        if message is None:
            last = next(iter(reversed(seen)), None)
            said = plain(last.text) if last is not None and any(last is m for m in public) else ""
            what = f" ({shorten_line(said)})" if said else (" (your last private message)" if last else "")
            hint = (f" Still open: {listed}; `{head} {open_[0][0]}1` presses its {options} 1." if open_ else
                    " `game hand` shows your choices again.")       # a private message is never quoted
            return None, f"The last message you saw{what} has no {noun}; nothing was pressed.{hint}"
        others = [t for t, m in open_ if m is not message     # the public menu counts when seen in the same answer
                  and (not any(m is p for p in public) or any(m is v for v in seen))]
        if kind is Select and others:
            return None, (f"{len(others) + 1} menus are open to you ({listed}): say which, like "
                          f"`pick {self.of(message)}1`; nothing was picked.")
        return message, ""

    def moved(self, uid: int) -> None:
        """``uid``'s move reached the channel: their earlier private choices are spent."""
        self._open[uid] = []


def plain(text: str) -> str:
    """A message's text as the screen shows it (channel mentions read "this table")."""
    return re.sub(r"<#\d+>", "this table", text)


def shorten_line(text: str, limit: int = 60) -> str:
    """The first line of ``text`` in quotes, cut to about ``limit`` characters."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    return f"“{first if len(first) <= limit else first[:limit - 1].rstrip() + '…'}”"
