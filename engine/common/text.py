"""Words for counts in the texts players read: ``1 point``, ``2 points``."""
from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word``, in the plural unless ``count`` is 1: ``plural(1, "point")`` ->
    ``"1 point"``, ``plural(3, "bond")`` -> ``"3 bonds"``; ``many``: an irregular plural."""
    return f"{count} {word if count == 1 else many or word + 's'}"
