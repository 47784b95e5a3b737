"""Hex grid: pointy-top hexes in "odd-r" offset coordinates.

A hex is named by column letter and row number, as printed on the board: ``"C7"``
is column C (third from the left), row 7 (seventh from the top). Hex sides are
numbered clockwise from east: 0=E, 1=SE, 2=SW, 3=W, 4=NW, 5=NE.
"""
from __future__ import annotations

import math
import re
from functools import cache, lru_cache

SIDES = ("E", "SE", "SW", "W", "NW", "NE")
_LABEL = re.compile(r"^\s*([A-Za-z]{1,2})\s*(\d{1,3})\s*$")
# (dcol, drow) per side, for even and odd rows.
_EVEN = ((1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1))
_ODD = ((1, 0), (1, 1), (0, 1), (-1, 0), (0, -1), (1, -1))
SQRT3 = math.sqrt(3.0)


def col_name(col: int) -> str:
    """0 -> "A", 25 -> "Z", 26 -> "AA"."""
    return chr(65 + col) if col < 26 else chr(64 + col // 26) + chr(65 + col % 26)


def label(col: int, row: int) -> str:
    """Board name of the hex at ``(col, row)`` (0-based): ``label(2, 6) == "C7"``."""
    return f"{col_name(col)}{row + 1}"


@lru_cache(maxsize=4096)
def parse(name: str) -> tuple[int, int] | None:
    """``"C7"`` -> ``(2, 6)``; ``None`` when the text is not a hex name."""
    m = _LABEL.match(name or "")
    if not m:
        return None
    letters = m.group(1).upper()
    col = ord(letters[-1]) - 65 + (26 * (ord(letters[0]) - 64) if len(letters) == 2 else 0)
    return col, int(m.group(2)) - 1


def coords(name: str) -> tuple[int, int]:
    """``parse`` for a name known to be a hex's (from the map, a link, a neighbour). Raises
    ``ValueError`` when it is not one."""
    p = parse(name)
    if p is None:
        raise ValueError(f"{name!r} is not a hex name")
    return p


def normalize(name: str) -> str | None:
    """Canonical spelling of a hex name (``" c7 "`` -> ``"C7"``), or ``None``."""
    p = parse(name)
    return label(*p) if p else None


@cache
def neighbor(name: str, side: int) -> str:
    """The hex across ``side`` of hex ``name`` (may be off the map)."""
    col, row = coords(name)
    dc, dr = (_ODD if row & 1 else _EVEN)[side]
    return label(col + dc, row + dr) if col + dc >= 0 and row + dr >= 0 else "?"


@lru_cache(maxsize=65536)
def side_towards(a: str, b: str) -> int | None:
    """The side of ``a`` that touches ``b``, or ``None`` when not adjacent."""
    for side in range(6):
        if neighbor(a, side) == b:
            return side
    return None


@lru_cache(maxsize=65536)
def side_of(a: str, b: str) -> int:
    """``side_towards`` for hexes known to be neighbours (a link's consecutive hexes, a city and the
    first hex of its link). Raises ``ValueError`` when they are not."""
    side = side_towards(a, b)
    if side is None:
        raise ValueError(f"{a} and {b} are not neighbours")
    return side


def distance(a: str, b: str) -> int:
    """Hexes between two hex names on the odd-r offset grid (0 for the same hex, 1 for neighbours)."""
    def axial(name: str) -> tuple[int, int]:
        col, row = coords(name)
        return col - (row - (row & 1)) // 2, row

    (q1, r1), (q2, r2) = axial(a), axial(b)
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2


def opposite(side: int) -> int:
    return (side + 3) % 6


def edge_key(a: str, b: str) -> str:
    """Order-free name of the hex side shared by ``a`` and ``b``: ``"C7|D7"``."""
    return "|".join(sorted((a, b)))


def center(col: int, row: int, size: float) -> tuple[float, float]:
    """Pixel centre of a hex of circumradius ``size`` (origin at the centre of A1)."""
    return size * SQRT3 * (col + 0.5 * (row & 1)), size * 1.5 * row


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The 6 corners of a pointy-top hex, clockwise from the top-right of side E."""
    return [
        (cx + size * math.cos(math.radians(60 * i - 30)), cy + size * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]
