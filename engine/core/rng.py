"""Seeded randomness: every random draw comes from the game seed and the log position.

DESIGN.md, "The engine contract": never module-level ``random``, time or hash order.
"""
import hashlib
import random


def rng_for(seed: int | str, position: int | str) -> random.Random:
    """Return a generator for one point of the game.

    ``position`` is the index of the action in the log (or ``"setup"``). The same
    ``(seed, position)`` always yields the same sequence on every machine.
    """
    digest = hashlib.sha256(f"railhead:{seed}:{position}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))
