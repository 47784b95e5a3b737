"""Railways, Alban Viard's solo game (rules: ../shared/rules/railways-solo.txt)."""
from .game import GAME

__all__ = ["GAME"]
