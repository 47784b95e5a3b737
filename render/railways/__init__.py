"""Railways (the solo game): the board drawn from the game's view (``board_png``); its other names are
in the modules, one folder per game as in ``engine/games/``:
``board`` (the map of four cards, the
tracking card, supplies and hand).
"""
from .board import board_png, cell_box, draw_board, draw_map, slot_chips_end

__all__ = ['board_png', 'cell_box', 'draw_board', 'draw_map', 'slot_chips_end']
