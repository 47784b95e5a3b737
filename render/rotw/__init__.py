"""Railways of the World: the board drawn from the game's view (``board_png``); its other names are
in the modules, one folder per game as in ``engine/games/``:
``board`` (the map and its layouts), ``panel`` (the side panel),
``features`` (ships, snow, the western link), ``modules`` (add-on modules), ``through_time``
(Through Time's periods and warps), ``thumbs`` (the maps' thumbnails and contact sheet).
"""
from .board import board_png, city_radius, draw_board, zoom_hex

__all__ = ['board_png', 'city_radius', 'draw_board', 'zoom_hex']
