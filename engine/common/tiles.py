"""Track tile shapes: what a hex's track looks like, and which printed tile shows it.

A hex's track is a list of *segments*. A plain segment joins two hex sides (``[a, b]``); a town
*spoke* joins a side to the town in the hex's centre (``[a, TOWN]``). Sides are numbered as in
``hexgrid`` (0=E clockwise). A *tile type* is a set of segments up to rotation; a *manifest*
says how many tiles of each type a game has (steam.txt, "Phase 2 – Building the Track": "you
can only use the track tiles that are available").

Kinds of plain segment: a straight joins opposite sides, a gentle curve sides one apart, a sharp
curve neighbouring sides. Two plain segments on one tile either cross (a crossing) or pass each
other (a passing tile); they never share a side.
"""
from __future__ import annotations

from collections.abc import Iterable

TOWN = -1
"""The town in a hex's centre, as the second end of a spoke."""

Segment = tuple[int, int]


def norm(segment: Iterable[int]) -> Segment:
    """A segment in canonical order: a spoke as ``(side, TOWN)``, a plain segment low side first."""
    a, b = segment
    if TOWN in (a, b):
        return (b if a == TOWN else a, TOWN)
    return (min(a, b), max(a, b))


def rotate(segment: Segment, k: int) -> Segment:
    a, b = segment
    return norm(((a + k) % 6, b if b == TOWN else (b + k) % 6))


def shape(segments: Iterable[Iterable[int]]) -> tuple[Segment, ...]:
    """The rotation-free key of a set of segments (the smallest sorted form of its 6 rotations)."""
    segs = [norm(s) for s in segments]
    return min(tuple(sorted(rotate(s, k) for s in segs)) for k in range(6))


def exits(segments: Iterable[Iterable[int]]) -> set[int]:
    """The hex sides track leaves by."""
    return {side for seg in segments for side in seg if side != TOWN}


def kind(segment: Segment) -> str:
    """``straight``, ``gentle`` or ``sharp`` for a plain segment, ``spoke`` for a town spoke."""
    a, b = norm(segment)
    if b == TOWN:
        return "spoke"
    return {3: "straight", 2: "gentle", 4: "gentle", 1: "sharp", 5: "sharp"}[(b - a) % 6]


def cross(first: Segment, second: Segment) -> bool:
    """Whether two plain segments without a common side cross (one end on each side of the other)."""
    lo, hi = sorted(first)
    return (lo < second[0] < hi) != (lo < second[1] < hi)


def valid(segments: list[Segment]) -> bool:
    """Segments that can share one tile: no side used twice; spokes only with spokes."""
    sides = [s for seg in segments for s in seg if s != TOWN]
    if len(sides) != len(set(sides)):
        return False
    spokes = [seg for seg in segments if seg[1] == TOWN]
    return not spokes or len(spokes) == len(segments)


class Manifest:
    """Tile types by shape: ``types`` is ``{id: (shape, count)}`` (``shape`` as made by ``shape``);
    ``names``: a tile's id in a player's words, where the id is terse."""

    def __init__(self, types: dict[str, tuple[tuple[Segment, ...], int]], names: dict[str, str] | None = None):
        self.types = types
        self.by_shape = {s: tid for tid, (s, _) in types.items()}
        self.names = names or {}

    def name(self, tile: str) -> str:
        """A tile in a player's words (``names``), else its id with spaces."""
        return self.names.get(tile, tile.replace("-", " "))

    def match(self, segments: Iterable[Iterable[int]]) -> str | None:
        """The tile type that shows exactly ``segments``, or ``None``."""
        return self.by_shape.get(shape(segments))

    def count(self, tile: str) -> int:
        return self.types[tile][1]
