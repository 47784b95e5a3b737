"""Data files are validated on load, with errors that name the file and line (issue 2)."""
from pathlib import Path

import pytest

from railhead.engine import IllegalAction, get_game
from railhead.engine.common.datafile import DataError
from railhead.engine.games.rotw.data import available_maps, load_cards, load_map, load_tables, read_map
from railhead.engine.games.rotw.search import corridors

MAP_FILE = Path(__file__).resolve().parents[1] / "data/maps/rotw/rhine-alps.toml"


def broken(tmp_path, old: str, new: str, count: int = 1) -> Path:
    text = MAP_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "broken.toml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_shipped_data_loads_and_the_map_is_what_issue_2_asks():
    m = load_map("rhine-alps")
    assert 40 <= len(m.cities) <= 60
    colours = {c.colour for c in m.cities.values()}
    assert colours == {"red", "yellow", "blue", "black", "purple", "gray"}
    assert {"water", "mountain", "open"} <= set(m.terrain.values()) and m.ridges
    assert "rhine-alps" in available_maps()
    assert load_tables().engine_cost[8] and len(load_cards()) >= 5
    assert len(corridors("rhine-alps")) > 100       # the map is well connected by single builds


def test_bad_city_colour_names_its_line(tmp_path):
    path = broken(tmp_path, 'colour = "purple"', 'colour = "green"')
    with pytest.raises(DataError) as err:
        read_map(path)
    line = line_of(path, '"green"')
    assert f"broken.toml line {line}:" in str(err.value) and "green" in str(err.value)


def test_city_off_the_board_names_its_line(tmp_path):
    path = broken(tmp_path, 'hex = "A12"', 'hex = "Z99"')
    with pytest.raises(DataError, match=rf"broken.toml line {line_of(path, 'Z99')}: city Paris"):
        read_map(path)


def test_wrong_type_names_its_line(tmp_path):
    path = broken(tmp_path, "cubes = 3", 'cubes = "three"')
    with pytest.raises(DataError) as err:
        read_map(path)
    assert f"line {line_of(path, 'three')}" in str(err.value)


def test_ragged_terrain_row_is_reported(tmp_path):
    path = broken(tmp_path, 'terrain = [\n  "', 'terrain = [\n  "..')
    with pytest.raises(DataError, match="terrain row 1 has 23 hexes, expected 21"):
        read_map(path)


def test_unknown_map_is_a_players_error():
    with pytest.raises(IllegalAction, match="No map 'atlantis'"):
        get_game("rotw").setup({"map": "atlantis"}, ["a", "b"], 1)


def test_map_option_outside_data_is_refused_without_opening_a_file(monkeypatch):
    """A map id is a name, never a path: ``..`` or ``/`` is refused by the options schema, and
    even a struct built without validation is checked against the shipped maps before any file
    is opened (it used to read ``pyproject.toml`` as a map)."""
    import railhead.engine.games.rotw.data as data

    def no_read(map_id):
        raise AssertionError(f"opened map {map_id!r}")

    monkeypatch.setattr(data, "read_map", no_read)
    game = get_game("rotw")
    with pytest.raises(IllegalAction, match=r"^`map` must be a map id under data/maps/rotw"):
        game.setup({"map": "../../../pyproject"}, ["a", "b"], 1)
    from railhead.engine.games.rotw.options import Options

    with pytest.raises(IllegalAction, match=r"^`map` must be a map id under data/maps/rotw"):
        game.setup(Options(map="../../../pyproject"), ["a", "b"], 1)
    with pytest.raises(data.DataError, match=r"No map '\.\./\.\./\.\./pyproject'; maps: .*rhine-alps"):
        data.load_map("../../../pyproject")


def test_overlong_map_option_is_a_players_error():
    """A 500-character map name used to raise OSError (file name too long)."""
    game = get_game("rotw")
    with pytest.raises(IllegalAction, match=r"^`map` must be a map id"):
        game.setup({"map": "a" * 500}, ["a", "b"], 1)
    from railhead.engine.games.rotw.data import DataError, load_map

    with pytest.raises(DataError, match="No map 'aaaa"):
        load_map("a" * 500)
