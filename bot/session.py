"""A loaded game as the table and its helpers (records, timing) see it: the store's rows of the
game and its seats, and the match (setup + log + state)."""
from __future__ import annotations

from dataclasses import dataclass

from railhead.engine import Match

from .store import GameRow, SeatRow


@dataclass
class Session:
    """A loaded game: its row, seats and match (setup + log + state)."""

    row: GameRow
    seats: list[SeatRow]
    match: Match

    @property
    def names(self) -> list[str]:
        """The players' names, in seat order."""
        return [s.name for s in self.seats]

    def seat_of(self, user_id: int) -> int | None:
        """The seat of a Discord user, or ``None`` if they are not seated."""
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def prompt_of(self, seat: int | None) -> dict | None:
        """The prompt waiting on ``seat`` (``{"seat", "kind", "stamp", ...}``), or ``None``."""
        return next((p for p in self.match.prompts() if p["seat"] == seat), None)
