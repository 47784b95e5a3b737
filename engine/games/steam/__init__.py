"""Steam: build track, deliver goods, choose action tiles (steam.txt)."""
from .game import GAME

__all__ = ["GAME"]
