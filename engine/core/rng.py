"""Seeded randomness that stays the same on every machine and every Python version.

DESIGN.md, "The engine contract": a game draws only from its own stream, keyed by the game
seed and the position of the action among the actions in force (or ``"setup"``); never from
module-level ``random``, time or hash order, and never through ``random.shuffle`` or
``random.randrange``, whose algorithms may change between Python versions.

The algorithm (ours, fixed; changing it changes every game, so it needs a new rules version):

- block ``i`` (``i`` = 0, 1, 2, ...) is ``sha256(b"railhead:<seed>:<position>:" + i as 8 big-endian bytes)``;
  each block gives four 64-bit words, big-endian, in order;
- ``below(n)`` takes words until one is under ``2**64 - 2**64 % n`` and returns it modulo ``n``
  (rejection sampling, so every value is equally likely);
- ``shuffle(items)`` is Fisher-Yates from the last item down: for ``i`` from ``len - 1`` to 1,
  swap item ``i`` with item ``below(i + 1)``;
- ``choice(items)`` is ``items[below(len(items))]``.
"""
from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import Any

_WORD = 2**64


class Stream:
    """A deterministic stream of random numbers for one point of one game.

    ``used`` tells whether anything was drawn: an action that drew cannot be taken back
    without the other players' consent (DESIGN.md, "Turns, undo, timing").
    """

    __slots__ = ("_prefix", "_block", "_words", "used")

    def __init__(self, seed: int | str, position: int | str):
        self._prefix = f"railhead:{seed}:{position}:".encode()
        self._block = 0
        self._words: list[int] = []
        self.used = False

    def _word(self) -> int:
        if not self._words:
            digest = hashlib.sha256(self._prefix + self._block.to_bytes(8, "big")).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[i:i + 8], "big") for i in (24, 16, 8, 0)]
        self.used = True
        return self._words.pop()

    def below(self, n: int) -> int:
        """A whole number in ``0 .. n - 1``, each equally likely. Raises ``ValueError`` if ``n < 1``."""
        if n < 1:
            raise ValueError("below() needs n >= 1")
        limit = _WORD - _WORD % n
        while True:
            word = self._word()
            if word < limit:
                return word % n

    def choice(self, items: Sequence[Any]) -> Any:
        """One item of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, see the module docstring)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def rng_for(seed: int | str, position: int | str) -> Stream:
    """The stream for ``position`` (the number of actions in force before this one, or ``"setup"``)."""
    return Stream(seed, position)
