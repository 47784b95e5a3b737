"""A map's card data that is wrong names the line to fix (found by the type checker, issue 32,
"Typed rules": ``fail`` was given the table's key where the entry's number belongs)."""
from __future__ import annotations

import pytest

from railhead.engine.common.datafile import DataError
from railhead.engine.games.rotw import data

CARDS = """[rhine-alps]

[[rhine-alps.major_line]]
cities = ["Amsterdam", "Paris"]
points = 8

[[rhine-alps.major_line]]
cities = ["Köln"]
points = 7
"""


def test_a_major_line_of_one_city_is_refused_at_its_own_line(tmp_path, monkeypatch):
    """railways-of-the-world.txt, "Major Lines": a major line joins two cities. A line of
    data/cards/rotw/maps.toml that names one is refused, and the message points at that line's
    ``[[<map>.major_line]]`` entry (line 7 here), not at the top of the file."""
    (tmp_path / "cards" / "rotw").mkdir(parents=True)
    (tmp_path / "cards" / "rotw" / "maps.toml").write_text(CARDS, encoding="utf-8")
    monkeypatch.setattr(data, "DATA_DIR", tmp_path)
    with pytest.raises(DataError, match=r"maps\.toml line 7: rhine-alps: a major line joins two cities"):
        data.load_map_cards.__wrapped__("rhine-alps")
