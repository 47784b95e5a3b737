"""Logging for a server admin: the setup of ``railhead run`` and one line per interaction.

Each slash command, button press and menu choice gives one INFO line on the ``railhead.interaction``
logger, in ``key=value`` form (values with spaces in double quotes)::

    interaction guild=81 channel=82 user=83 game=steam#12 seat=2 kind=slash command="steam build" ms=43 result=ok

``game`` is ``<game>#<id>`` and ``seat`` the seat number in that game (0 is the first seat), or ``-``
when the interaction touched no game (``/game rules``) or the user has no seat. ``kind`` is ``slash``,
``button`` or ``select``; ``command`` the slash command, ``action`` what the button or option did
(an action type such as ``bid`` or ``pass``, a lobby verb such as ``join``, a command such as ``build``).
``ms`` counts from the moment the bot starts handling it to the last message delivered; ``result``
is ``ok``, ``error`` (something failed on our side: a traceback follows in the log) or ``refused``
(the bot was shutting down).

The table tells what it learns (game, seats, action) through ``note``; outside an interaction
(reminders, the local table) ``note`` does nothing.
"""
from __future__ import annotations

import logging
import os
import time
from contextvars import ContextVar

log = logging.getLogger("railhead.interaction")
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}
_NOTES: ContextVar[dict | None] = ContextVar("railhead_interaction_notes", default=None)


def setup(level: str | None = None) -> int:
    """Configure logging for ``railhead run``: one line per record on stderr, at ``level`` or the
    ``RAILHEAD_LOG`` environment variable (``debug``, ``info``, ``warning``, ``error``; default
    ``info``). ``debug`` applies to Railhead's own loggers; the libraries' (discord.py, aiosqlite)
    stay at INFO. Returns the level used; raises ``ValueError`` for an unknown level name."""
    name = (level or os.environ.get("RAILHEAD_LOG") or "info").strip().lower()
    if name not in LEVELS:
        raise ValueError(f"RAILHEAD_LOG={name!r} is not a log level; use one of {', '.join(LEVELS)}")
    logging.basicConfig(level=max(LEVELS[name], logging.INFO), format=FORMAT, force=True)
    logging.getLogger("railhead").setLevel(LEVELS[name])
    return LEVELS[name]


def note(**fields) -> None:
    """Tell the current interaction's log line what the table learned (``game``, ``seats``: user id
    to seat, ``action``); the first value given for a field stays. No-op outside an interaction."""
    notes = _NOTES.get()
    if notes is not None:
        for key, value in fields.items():
            notes.setdefault(key, value)


def value(text: object) -> str:
    """One ``key=value`` value: ``-`` for None or empty, double-quoted when it has spaces or quotes."""
    text = "-" if text is None or text == "" else str(text)
    if any(c in text for c in ' "=\n'):
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'
    return text


def line(**fields) -> str:
    """``interaction key=value ...`` in the order given."""
    return " ".join(["interaction"] + [f"{key}={value(v)}" for key, v in fields.items()])


class Entry:
    """One interaction, from the moment its handling begins (creating the entry starts its clock
    and collects what the table notes) until ``finish`` logs its line with the result (``ok``,
    ``error``, ``refused``). ``kind``: ``slash``, ``button`` or ``select``; ``what``: the slash
    command's name. ``result``: what a handler sets when it fails without raising."""

    def __init__(self, interaction, kind: str, what: str | None):
        self.interaction, self.kind, self.what = interaction, kind, what
        self.result = "ok"
        self.started = time.perf_counter()
        self.notes: dict = {}
        self._token = _NOTES.set(self.notes)

    def finish(self, result: str) -> str:
        """Log and return the line (only the first call logs; later ones return it again)."""
        if self._token is not None:
            _NOTES.reset(self._token)
            self._token = None
            self._line = self._format(result)
            log.info("%s", self._line)
        return self._line

    def _format(self, result: str) -> str:
        i, notes = self.interaction, self.notes
        game = notes.get("game")
        user = getattr(i.user, "id", None)
        seat = notes.get("seats", {}).get(user) if game else None
        what = {"command": self.what} if self.kind == "slash" else {"action": notes.get("action", self.what)}
        return line(guild=i.guild_id, channel=i.channel_id, user=user, game=game, seat=seat, kind=self.kind,
                    **what, ms=round((time.perf_counter() - self.started) * 1000), result=result)


def kind_of(interaction) -> tuple[str, str | None]:
    """``("slash", "rotw build")`` for a slash command, ``("button", None)`` or ``("select", None)``
    for a component (the table notes the action)."""
    command = getattr(interaction, "command", None)
    if command is not None:
        return "slash", command.qualified_name
    data = interaction.data or {}
    return ("select" if data.get("component_type") == 3 else "button"), None


__all__ = ["setup", "note", "line", "Entry", "kind_of"]
