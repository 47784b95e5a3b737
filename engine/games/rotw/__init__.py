"""Railways of the World (rules: ../shared/rules/railways-of-the-world.txt)."""
from .game import GAME

__all__ = ["GAME"]
