"""Helpers for Steam scenario tests on the tiny board (tests/steam/tiny.toml).

The tiny board: Alpha (red) B2, Beta (blue) F2, Gamma (yellow) B5, Delta (purple) G5; towns Midton
D3, Southby D5 and Eastby G2 (next to Beta); hills D2 and D3, rivers C3 and D4; the side E4|E5 is
impassable."""
from __future__ import annotations

from railhead.engine.games.steam.game import GAME
from railhead.engine.games.steam.state import Link, Player
from tests.record_fields import set_fields


class Table:
    """A game on ``GAME.apply`` (no log, so tests may edit the state)."""

    def __init__(self, players: int = 3, seed: int = 1, **options):
        self.state = GAME.setup({"map": "tiny", **options}, [f"P{i}" for i in range(players)], seed)
        self.events: list[dict] = []

    @property
    def actor(self) -> int:
        prompts = GAME._prompts(self.state)        # tests edit the state: no stamps
        assert len(prompts) == 1, prompts
        return prompts[0]["seat"]

    def act(self, seat: int | None = None, **action) -> list[dict]:
        seat = self.actor if seat is None else seat
        self.state, self.events = GAME.apply(self.state, seat, action)
        return self.events

    def done(self, seat: int | None = None) -> list[dict]:
        """``seat`` ends its build, unless it already ended by itself (its last allowed tile laid)."""
        seat = self.actor if seat is None else seat
        if self.state.phase != "build" or self.actor != seat:
            return []
        return self.act(seat, type="done")

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def set_player(self, seat: int, **fields) -> None:
        """Set these ``fields`` of ``seat``'s player record in place (``cash=0, income=-10``; a
        name that is not a field of ``Player`` raises ``AttributeError``)."""
        set_fields(self.state.players[seat], **fields)

    def select_all(self, tiles: dict[int, str] | None = None) -> None:
        """Everyone takes a tile in turn order: ``tiles`` by seat, else a free tile with a pass option."""
        tiles = tiles or {}
        while self.state.phase == "select":
            seat = self.actor
            if seat in tiles:
                self.act(seat, type="select", tile=tiles[seat])
            else:
                taken = {p.tile for p in self.state.players}
                free = next(t for t in ("turn-order", "city-growth", "locomotive", "urbanization", "production")
                            if t not in taken and t not in tiles.values())
                self.act(seat, type="select", tile=free, pass_option=True)

    def builder(self, seat: int) -> None:
        """Others end their builds until ``seat`` builds."""
        while self.state.phase == "build" and self.actor != seat:
            self.done()

    def build(self, seat: int, hexname: str, *exits: str) -> list[dict]:
        self.builder(seat)
        return self.act(seat, type="build", hex=hexname, exits=list(exits))

    def end_builds(self) -> None:
        while self.state.phase == "build":
            self.done()

    def link(self, lid) -> Link:
        return self.state.links[str(lid)]
