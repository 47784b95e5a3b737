"""Helpers for Railways of the World scenario tests."""
from __future__ import annotations

from railhead import engine
from railhead.engine.games.rotw.context import context
from railhead.engine.games.rotw.state import City, Player
from tests.record_fields import set_fields

GAME = engine.get_game("rotw")
CTX = context("rhine-alps")
MAP = CTX.map
HEX = {c.name: h for h, c in MAP.cities.items()}
NO_BARONS = {"barons": False}
"""Options of a scripted game that starts with the first-player auction (the engine deals baron cards by default)."""


class Table:
    """A game in progress, straight on ``GAME.apply`` (no log, so tests may edit the state);
    ``act`` applies a JSON action for the seat whose turn it is. Use ``engine.Match`` to test undo."""

    def __init__(self, players: int = 3, seed: int = 1, **options):
        options = {**NO_BARONS, **options}      # the engine deals baron cards unless told not to
        self.state = GAME.setup(options, [f"P{i}" for i in range(players)], seed)
        self.events: list[dict] = []

    @property
    def actor(self) -> int:
        """The seat to act (Railways of the World prompts one seat at a time)."""
        (prompt,) = GAME.prompts(self.state)
        return prompt["seat"]

    def act(self, seat: int | None = None, **action) -> list[dict]:
        seat = self.actor if seat is None else seat
        self.state, self.events = GAME.apply(self.state, seat, action)
        return self.events

    def refused(self, seat: int, **action) -> str:
        """Apply an action that must be refused: returns the message, checks the state is untouched."""
        import pytest

        from railhead.engine import IllegalAction
        before = engine.canonical(self.state)
        with pytest.raises(IllegalAction) as err:
            GAME.apply(self.state, seat, action)
        assert engine.canonical(self.state) == before
        return str(err.value)

    def all_pass_auction(self) -> None:
        while self.state.phase == "auction":
            self.act(type="pass")

    def pass_until(self, seat: int) -> None:
        """Others pass their actions until it is ``seat``'s turn (or the phase changes)."""
        while self.state.phase == "actions" and self.actor != seat:
            self.act(type="pass")

    def build(self, seat: int, *names_or_hexes: str, **extra) -> list[dict]:
        self.pass_until(seat)
        path = [HEX.get(x, x) for x in names_or_hexes]
        return self.act(seat, type="build", path=path, **extra)

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def set_player(self, seat: int, **fields) -> None:
        """Set these ``fields`` of ``seat``'s player record in place (``cash=0, bonds=3``)."""
        set_fields(self.state.players[seat], **fields)

    def city(self, name: str) -> City:
        return self.state.cities[HEX[name]]

    def give_cash(self, seat: int, k: int) -> None:
        self.state.players[seat].cash = k

    def finish_turn(self) -> None:
        while self.state.phase == "actions":
            self.act(type="pass")
