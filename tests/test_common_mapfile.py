"""engine/common/mapfile.py: the parts of a map file every game reads alike (issue 32, "Shared where it
is the same"), and that Railways of the World's and Steam's loaders both use them."""
import re
from pathlib import Path

import pytest

from railhead.engine.common.datafile import DataError, load
from railhead.engine.common.hexgrid import edge_key
from railhead.engine.common.mapfile import MapFileHead, hex_sides, map_file, map_ids, player_counts, terrain_grid
from railhead.engine.games.rotw import data as rotw_data
from railhead.engine.games.steam import data as steam_data

LETTERS = {".": "open", "^": "mountain"}


def head(tmp_path: Path, terrain: list[str], rows: int = 2, columns: int = 3, players=(2, 4)) -> tuple:
    """A map file with only the shared fields, decoded: ``(path, text, raw)``."""
    lines = ",\n  ".join(f'"{r}"' for r in terrain)
    path = tmp_path / "head.toml"
    path.write_text(f'id = "head"\nname = "Head"\nmin_players = {players[0]}\nmax_players = {players[1]}\n'
                    f"columns = {columns}\nrows = {rows}\nterrain = [\n  {lines},\n]\n", encoding="utf-8")
    raw, text = load(path, MapFileHead)
    return path, text, raw


def test_map_ids_are_the_toml_files_but_those_skipped(tmp_path):
    for name in ("b.toml", "a.toml", "index.toml", "notes.txt"):
        (tmp_path / name).write_text("", encoding="utf-8")
    assert map_ids(tmp_path) == ["a", "b", "index"]
    assert map_ids(tmp_path, ("index",)) == ["a", "b"]


def test_map_file_refuses_an_unknown_id_naming_the_maps(tmp_path):
    (tmp_path / "alps.toml").write_text("", encoding="utf-8")
    assert map_file(tmp_path, "alps") == tmp_path / "alps.toml"
    with pytest.raises(DataError, match=r"^No map '\.\./alps'; maps: alps$"):
        map_file(tmp_path, "../alps")


def test_terrain_grid_labels_each_hex_row_by_row_without_the_spaces(tmp_path):
    path, text, raw = head(tmp_path, [".^ ", " .."])
    grid = terrain_grid(path, text, raw, LETTERS)
    assert list(grid.items()) == [("A1", "open"), ("B1", "mountain"), ("B2", "open"), ("C2", "open")]


@pytest.mark.parametrize("terrain, rows, message", [
    ([".^."], 2, "head.toml line 7: terrain has 1 rows, expected 2"),
    ([".^.", ".."], 2, "head.toml line 7: terrain row 2 has 2 hexes, expected 3"),
    ([".^.", ".x."], 2, "head.toml line 7: terrain row 2 has unknown terrain 'x'"),
])
def test_terrain_grid_names_a_bad_grid(tmp_path, terrain, rows, message):
    path, text, raw = head(tmp_path, terrain, rows=rows)
    with pytest.raises(DataError, match=f"^{message}$"):
        terrain_grid(path, text, raw, LETTERS)


def test_hex_sides_are_edge_keys_of_neighbouring_hexes_on_the_board(tmp_path):
    path, text, raw = head(tmp_path, ["...", "..."])
    board = terrain_grid(path, text, raw, LETTERS)
    assert hex_sides(path, text, ["a1|b1", "B1|B2"], board, "ridge", "terrain") == \
        frozenset({edge_key("A1", "B1"), edge_key("B1", "B2")})
    for bad in ("A1|C1", "A1|D1", "A1", "A1|x"):     # not neighbours; off the board; no second hex; no hex name
        with pytest.raises(DataError, match=re.escape(f"ridge '{bad}' is not a side between two hexes of the board")):
            hex_sides(path, text, [bad], board, "ridge", "terrain")
    sea = terrain_grid(path, text, head(tmp_path, [".. ", "..."])[2], LETTERS)
    with pytest.raises(DataError, match=re.escape("wall 'B1|C1' is not a side")):
        hex_sides(path, text, ["B1|C1"], sea, "wall", "terrain")


def test_player_counts_within_the_maps_range(tmp_path):
    path, text, raw = head(tmp_path, ["...", "..."], players=(3, 5))
    assert player_counts(path, text, [3, 5], raw, "cube_reduction") == frozenset({3, 5})
    with pytest.raises(DataError, match="cube_reduction lists a player count the map does not take"):
        player_counts(path, text, [2], raw, "cube_reduction")


def test_both_games_load_maps_through_it(tmp_path, monkeypatch):
    """The two games find, refuse and read their maps with this module: an unknown id is refused
    with the same sentence, and a Steam map file's ragged terrain row, an impassable side off the
    board (once let through) and a wrong cube_reduction count are worded as Railways of the World's
    are."""
    for module in (rotw_data, steam_data):
        with pytest.raises(DataError, match=r"^No map 'atlantis'; maps: "):
            module.load_map("atlantis")
    tiny = Path(__file__).parent / "steam" / "tiny.toml"
    original = tiny.read_text(encoding="utf-8")
    path = tmp_path / "tiny.toml"
    row = next(line for line in original.splitlines() if line.strip().startswith('"'))
    path.write_text(original.replace(row, row.replace('"', '"..', 1), 1), encoding="utf-8")
    with pytest.raises(DataError, match="terrain row 1 has 10 hexes, expected 8"):
        steam_data.read_map(path)
    path.write_text(original.replace('impassable = ["E4|E5"]', 'impassable = ["H1|I1"]'), encoding="utf-8")
    off_board = "impassable side 'H1|I1' is not a side between two hexes of the board"
    with pytest.raises(DataError, match=re.escape(off_board)):
        steam_data.read_map(path)
    path.write_text(original.replace("cube_reduction = [3]", "cube_reduction = [9]"), encoding="utf-8")
    with pytest.raises(DataError, match="cube_reduction lists a player count the map does not take"):
        steam_data.read_map(path)
