"""Map files: what every game's map loader reads alike.

A game's maps are TOML files, ``data/maps/<game>/<id>.toml``, one per map, decoded by
``datafile.load`` into the game's own schema (a subclass of ``MapFileHead``) and validated by the
game's ``read_map`` into its own ``MapData`` (a subclass of ``MapHead``). The parts every game
spells the same way live here, so a new game's loader writes only what its maps add (cities and
their spurs, goods supply spaces, towns...):

- finding maps by id (``map_ids``, ``map_file``): an id is a file name in the game's folder,
  never a path;
- the terrain grid (``terrain_grid``): ``rows`` strings of ``columns`` letters, one letter a hex,
  a space for no hex (sea, or off the board);
- hex sides (``hex_sides``): ``"A1|B2"``, the side between two neighbouring hexes of the board
  (ridges, walls, impassable sides), as ``hexgrid.edge_key``\\ s;
- player counts (``player_counts``): a list of counts the map must take (``cube_reduction``).

Every failure raises ``DataError`` naming the file and the line (``datafile.fail``).
"""
from __future__ import annotations

from collections.abc import Collection, Container, Mapping
from pathlib import Path
from typing import TypeVar

import msgspec

from .datafile import DataError, fail
from .hexgrid import edge_key, label, normalize, side_towards

T = TypeVar("T")

NO_HEX = " "
"""The terrain letter of a place with no hex (sea, or outside the board's shape)."""


class MapFields(msgspec.Struct, frozen=True):
    """The fields every map has, in its file and once validated: its ``id`` (as in ``map_ids``),
    the ``name`` players read, the player counts it takes (``min_players`` to ``max_players``) and
    the board's size in hexes (``columns`` x ``rows``)."""

    id: str
    name: str
    min_players: int
    max_players: int
    columns: int
    rows: int


class MapFileHead(MapFields, frozen=True, forbid_unknown_fields=True):
    """What every map file starts with; a game's file schema subclasses it (unknown fields refused):
    ``MapFields`` and the ``terrain``, ``rows`` strings of ``columns`` letters (``terrain_grid``)."""

    terrain: list[str]


class MapHead(MapFields, frozen=True):
    """What every validated map starts with (``MapFields``); a game's ``MapData`` subclasses it."""


def map_ids(folder: Path, skip: Collection[str] = ()) -> list[str]:
    """The ids of the maps in ``folder``, sorted: the names of its ``*.toml`` files without the
    ending, except those in ``skip`` (a file there that is not a map, such as an index)."""
    return sorted(p.stem for p in folder.glob("*.toml") if p.stem not in skip)


def map_file(folder: Path, map_id: str, skip: Collection[str] = ()) -> Path:
    """The file of map ``map_id`` in ``folder``. Raises ``DataError`` ("No map 'x'; maps: a, b")
    when ``map_id`` is not one of ``map_ids(folder, skip)``: an id is never a path, and nothing
    is opened for an unknown one."""
    known = map_ids(folder, skip)
    if map_id not in known:
        raise DataError(f"No map {map_id!r}; maps: {', '.join(known)}")
    return folder / f"{map_id}.toml"


def terrain_grid(path: Path, text: str, raw: MapFileHead, letters: Mapping[str, T]) -> dict[str, T]:
    """The board of ``raw.terrain``: hex label (``"C7"``) -> ``letters[letter]`` for each hex, row
    by row from the top, each row from the left; a space (``NO_HEX``) is no hex and is left out.
    ``path``/``text`` are the file's, for the error. Raises ``DataError`` when the grid has not
    ``raw.rows`` rows ("terrain has 3 rows, expected 4"), a row has not ``raw.columns`` letters
    ("terrain row 2 has 20 hexes, expected 21") or a letter is not in ``letters`` ("terrain row 2
    has unknown terrain 'x'")."""
    if len(raw.terrain) != raw.rows:
        fail(path, text, f"terrain has {len(raw.terrain)} rows, expected {raw.rows}", "terrain")
    board: dict[str, T] = {}
    for row, line in enumerate(raw.terrain):
        if len(line) != raw.columns:
            fail(path, text, f"terrain row {row + 1} has {len(line)} hexes, expected {raw.columns}", "terrain")
        for col, ch in enumerate(line):
            if ch == NO_HEX:
                continue
            if ch not in letters:
                fail(path, text, f"terrain row {row + 1} has unknown terrain {ch!r}", "terrain")
            board[label(col, row)] = letters[ch]
    return board


def hex_sides(path: Path, text: str, names: list[str], board: Container[str], what: str,
              key: str) -> frozenset[str]:
    """Hex sides written ``"A1|B2"`` (any case) as edge keys (``hexgrid.edge_key``: ``"A1|B2"``,
    the two hexes in a fixed order). ``board``: the hexes of the map (``terrain_grid``'s keys).
    Raises ``DataError`` at ``key``'s line for a side that is not between two neighbouring hexes
    of the board ("wall 'F6|H9' is not a side between two hexes of the board"; ``what`` names
    the kind)."""
    out = set()
    for name in names:
        first, _, second = name.partition("|")
        a, b = normalize(first), normalize(second)
        if a is None or b is None or a not in board or b not in board or side_towards(a, b) is None:
            fail(path, text, f"{what} {name!r} is not a side between two hexes of the board", key)
        out.add(edge_key(a, b))
    return frozenset(out)


def player_counts(path: Path, text: str, counts: list[int], raw: MapFileHead, key: str) -> frozenset[int]:
    """A list of player counts (``cube_reduction``: the counts at which something changes) as a
    set. Raises ``DataError`` at ``key``'s line when one is outside ``raw.min_players`` to
    ``raw.max_players`` ("cube_reduction lists a player count the map does not take")."""
    if any(not raw.min_players <= n <= raw.max_players for n in counts):
        fail(path, text, f"{key} lists a player count the map does not take", key)
    return frozenset(counts)
