"""Railway Workers (Marios Axiotis, Nikos Chondropoulos) for 2-4 players."""
from .game import GAME

__all__ = ["GAME"]
