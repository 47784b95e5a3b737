"""Test maps with the optional map features (walls, Snow Line, ferry hexes, Western Link): the
``feature_map`` fixture (``conftest.py``) points the engine's map folder (``data.MAPS_DIR``) at
``tests/rotw/maps/`` while a test runs. The test maps' ids are their own, so the caches of the
shipped maps stay as they are."""
from __future__ import annotations

from pathlib import Path

from railhead.engine.games.rotw import data
from railhead.engine.games.rotw.context import context
from railhead.engine.games.rotw.state import City

from .helpers import Table

MAPS = Path(__file__).resolve().parent / "maps"
MAP_ID = "features-test"


def use_test_maps(monkeypatch) -> None:
    """The test maps are the engine's maps until the test ends."""
    monkeypatch.setattr(data, "MAPS_DIR", MAPS)


class FeatureTable(Table):
    """A ``Table`` on the features test map; cities by name or hex."""

    def __init__(self, players: int = 2, seed: int = 1, **options):
        super().__init__(players, seed, map=MAP_ID, **options)
        self.ctx = context(MAP_ID)
        self.hex = {c.name: h for h, c in self.ctx.map.cities.items()}

    def build(self, seat: int, *names_or_hexes: str, **extra) -> list[dict]:
        self.pass_until(seat)
        return self.act(seat, type="build", path=[self.hex.get(x, x) for x in names_or_hexes], **extra)

    def city(self, name: str) -> City:
        return self.state.cities[self.hex[name]]

    def to_actions(self, seat: int = 0) -> None:
        """Everyone passes the auction; then others pass until ``seat`` acts."""
        self.all_pass_auction()
        self.pass_until(seat)
