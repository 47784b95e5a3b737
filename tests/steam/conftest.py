"""Steam engine tests play on a tiny made-up board (tests/steam/tiny.toml) besides the shipped maps."""
from pathlib import Path

import pytest

from railhead.engine.games.steam import context, data, game

TINY = Path(__file__).parent / "tiny.toml"


@pytest.fixture
def tiny(monkeypatch):
    """Make the map id ``tiny`` load tests/steam/tiny.toml."""
    real_load, real_maps = data.load_map, data.available_maps

    def load_map(map_id):
        return data.read_map(TINY) if map_id == "tiny" else real_load(map_id)

    def available_maps():
        return sorted(real_maps() + ["tiny"])

    for module in (context, game):
        monkeypatch.setattr(module, "load_map", load_map, raising=False)
    monkeypatch.setattr(context, "available_maps", available_maps)
    return data.read_map(TINY)



@pytest.fixture
def builder(tiny):
    """Three players on the tiny board in their first build, P0 (Engineer) first, $30 each."""
    from .helpers import Table
    t = Table(3)
    t.state.order = [0, 1, 2]
    t.select_all({0: "engineer"})
    for p in t.state.players:
        p.cash = 30
    return t
