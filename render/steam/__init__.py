"""Steam: the board drawn from the game's view (``board_png``); its other names are
in the modules, one folder per game as in ``engine/games/``:
``board`` (the layouts), ``hexmap`` (the map: cities, cubes,
track, badges), ``panel`` (the side panel).
"""
from .board import board_png, desktop_hex, draw_board, phone_windows, supply_names, zoom_hex

__all__ = ['board_png', 'desktop_hex', 'draw_board', 'phone_windows', 'supply_names', 'zoom_hex']
