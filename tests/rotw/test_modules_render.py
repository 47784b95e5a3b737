"""The add-on modules on the board (render/rotw/modules.py, issue 21): a City Rotor's ring shows
the colour its slice shows, a Switch Track, a Mine and a Fuel Depot each leave their mark in their
owner's colour, and a game without the modules draws none of it."""
from __future__ import annotations

from railhead.engine.games.rotw.state import Depot, Rotor
from railhead.render.hexes import CUBE_FILL
from railhead.render.panel import owner_colour
from railhead.render.rotw.board import HEX_SIZE, _base, city_radius, draw_board

from .helpers import GAME, HEX
from .test_modules import started


def _near(img, x: float, y: float, colour, reach: int = 6) -> bool:
    return any(img.getpixel((round(x) + dx, round(y) + dy)) == colour
               for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1))


def test_each_module_is_drawn_in_its_place():
    t = started(3)
    mods = t.state.modules
    brussel = HEX["Brussel"]
    mods.rotors[brussel] = Rotor(base=t.city("Brussel").colour, shows="purple")
    mods.depots[HEX["Frankfurt"]] = Depot(seat=1, tokens=2)
    mods.mines[HEX["Troyes"]] = 2
    view = GAME.view(t.state, None)
    lay = _base(view["map"], HEX_SIZE)[2]
    r = city_radius(lay)
    img = draw_board(view)
    x, y = lay.xy(brussel)
    assert img.getpixel((round(x + r + max(4, round(r * 0.32)) / 2), round(y))) == CUBE_FILL["purple"]
    fx, fy = lay.xy(HEX["Frankfurt"])
    assert _near(img, fx + r * 0.95, fy - r * 0.95, owner_colour(1))
    tx, ty = lay.xy(HEX["Troyes"])
    assert _near(img, tx - r * 0.95, ty - r * 0.95, owner_colour(2))
    bare = dict(view)
    del bare["modules"]
    plain = draw_board(bare)
    assert plain.getpixel((round(x + r + max(4, round(r * 0.32)) / 2), round(y))) != CUBE_FILL["purple"]
    assert not _near(plain, fx + r * 0.95, fy - r * 0.95, owner_colour(1), 2)
