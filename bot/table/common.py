"""The table's fixed sentences and settings, and the last error logged (for ``/game health``)."""
from __future__ import annotations

import logging
from datetime import UTC, datetime

import msgspec

from railhead import engine

from ..replies import Caller, Refusal
from ..store import GameRow

_LAST_ERROR: list[str] = []


class _Remember(logging.Handler):
    """Keeps the last error logged anywhere in Railhead, for ``/game health``."""

    def emit(self, record: logging.LogRecord) -> None:
        _LAST_ERROR[:] = [f"{datetime.fromtimestamp(record.created, UTC):%Y-%m-%d %H:%M} UTC: "
                          f"{record.getMessage()[:200]}"]


def last_error() -> str | None:
    """The last error logged anywhere in Railhead (time and first 200 characters), or ``None``."""
    return _LAST_ERROR[0] if _LAST_ERROR else None


_handler = _Remember(logging.ERROR)
logging.getLogger("railhead").addHandler(_handler)
log = logging.getLogger("railhead.table")

NOT_SAVED = ("Your move could not be saved (the bot's database refused it); nothing was changed. "
             "Please try again in a moment.")
STALE = "That button belongs to an earlier moment of the game; the board has moved on. Use the newest message."
ENDED = "That button belongs to a game that has ended."
OUTDATED = ("Not done: that command was sent before your last prompt changed (a repeat of a move that was just "
            "made, or sent from two places at once?). Look at the newest message, and send it again if you "
            "still mean it.")


def require_manager(caller: Caller, row: GameRow, to: str) -> None:
    """Raise ``Refusal`` unless the caller created ``row``'s game or has Manage Channel; ``to``
    says what they wanted ("abandon it")."""
    if caller.user_id != row.creator_id and not caller.can_manage:
        raise Refusal(f"Only the game's creator or a member with Manage Channel can {to}.")


SETTINGS = {
    "colourblind": (bool, "letters on goods cubes and buildings, owners named on track (boards you ask for)"),
    "dm": (bool, "a DM when it is your turn and with reminders (channel pings always)"),
    "layout": (("phone", "desktop"), "board image shape for boards you ask for"),
    "confirm_pass": (bool, "ask before passing while a better move is on offer"),
}
SETTING_DEFAULTS = {"colourblind": False, "dm": True, "layout": "desktop", "confirm_pass": True}


def seated(game: engine.Game, count: int) -> str:
    """``"2 of 2-6"``: how many are seated against the players the game takes."""
    return f"{count} of {game.min_seats}-{game.max_seats}" if game.min_seats != game.max_seats else \
        f"{count} of {game.max_seats}"


def options_text(game: engine.Game, options: dict) -> str:
    """The options a table was opened with that differ from the game's defaults, in words
    (``"map eastern-us, events, mines"``), or ``"the defaults"``; said when the table opens and
    in its lobby status, so everyone sees what they join."""
    defaults = msgspec.to_builtins(game.options(None))
    said = []
    for name, value in options.items():
        if defaults.get(name) == value:
            continue
        words = name.replace("_", " ")
        if value is True:
            said.append(words)
        elif value is False:
            said.append(f"no {words}")
        elif isinstance(value, list):
            said.append(f"{words} {', '.join(map(str, value)) or 'none'}")
        else:
            said.append(f"{words} {value}")
    return ", ".join(said) or "the defaults"
