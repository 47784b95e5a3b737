"""The goods bag: goods cubes of five colours, drawn at random from the game's stream.

railways-of-the-world.txt, "Goods Bag and Goods cubes": 25 cubes of each colour.
The bag is a ``{colour: count}`` dict inside the state; its draws are hidden until
the cubes are placed on the board.
"""
from __future__ import annotations

from ..core.rng import Stream

COLOURS = ("red", "yellow", "blue", "black", "purple")


def new_bag(per_colour: int = 25, colours: tuple[str, ...] = COLOURS) -> dict[str, int]:
    return {c: per_colour for c in colours}


def draw(bag: dict[str, int], rng: Stream, count: int, colours: tuple[str, ...] = COLOURS) -> list[str]:
    """Remove up to ``count`` random cubes from ``bag`` and return their colours.

    Each cube is equally likely (``rng.below`` over the cubes left, colours in ``colours``
    order: a game's own colours, fixed so that a replay draws the same). Draws fewer when the
    bag runs out (docs/rules-assumptions.md).
    """
    drawn: list[str] = []
    for _ in range(count):
        total = sum(bag.values())
        if total == 0:
            break
        pick = rng.below(total)
        for colour in colours:
            if pick < bag[colour]:
                bag[colour] -= 1
                drawn.append(colour)
                break
            pick -= bag[colour]
    return drawn
