"""Fixtures of the Railways of the World tests."""
import pytest

from railhead.engine.games.rotw.context import context

from .feature_maps import MAP_ID, use_test_maps


@pytest.fixture
def feature_map(monkeypatch):
    """The test maps (tests/rotw/maps/) are the engine's maps while the test runs; yields the features
    test map's context."""
    use_test_maps(monkeypatch)
    yield context(MAP_ID)
