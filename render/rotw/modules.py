"""The add-on modules on the Railways of the World board, from the view's ``modules``
(``engine/games/rotw/modules.py``, railways-of-the-world.txt, "Mines", "Switch Tracks", "Fuel
Depots", "Rotor Cities and Color Wheel Chart"): a City Rotor is a ring round its city in the
colour its slice shows; a Mine a dark pick badge above left of its gray city, ringed in the miner's
colour; a Fuel Depot a drum in its owner's colour above right of its city with the tokens left,
and a cube kept there beside it; a Switch Track a diamond in its owner's colour on its hex. A game
without the modules draws nothing here."""
from __future__ import annotations

import math

from PIL import ImageDraw

from ..hexes import CUBE_FILL, CUBE_LETTER, INK, Layout, draw_cube, font
from ..panel import owner_colour

WHITE = (255, 255, 255)
MINE = (70, 52, 40)


def draw_modules(d: ImageDraw.ImageDraw, layout: Layout, view: dict, r: float, letters: bool) -> None:
    """Switches, Mines, Fuel Depots and kept cubes, over the cities (rotors come first,
    ``draw_rotors``;
    ``r``: a city disc's radius in pixels; ``letters``: colour-blind letters)."""
    mods = view.get("modules")
    if not mods:
        return
    for hexname, sw in mods["switches"].items():
        _switch(d, *layout.xy(hexname), layout.size * 0.32, owner_colour(sw["seat"]))
    for hexname, seat in mods["mines"].items():
        x, y = layout.xy(hexname)
        _mine(d, x - r * 0.95, y - r * 0.95, r * 0.55, owner_colour(seat))
    carried = {c["at"]: (int(s), c["colour"]) for s, c in mods["carried"].items()}
    for hexname, depot in mods["depots"].items():
        x, y = layout.xy(hexname)
        _drum(d, x + r * 0.95, y - r * 0.95, r * 0.5, owner_colour(depot["seat"]), depot["tokens"])
        if hexname in carried:
            s = max(7, round(r * 0.5))
            draw_cube(d, x + r * 0.45 - s, y - r * 1.45 - s / 2, carried[hexname][1], s, letters)


def draw_rotors(d: ImageDraw.ImageDraw, layout: Layout, view: dict, r: float, letters: bool) -> None:
    """Each City Rotor: a notched ring round its city's disc in the colour its slice shows (a cube of
    that colour may be delivered there too), drawn before the disc so the city stays whole."""
    mods = view.get("modules")
    if not mods:
        return
    width = max(4, round(r * 0.32))
    for hexname, rotor in mods["rotors"].items():
        x, y = layout.xy(hexname)
        outer = r + width
        d.ellipse((x - outer - 1, y - outer - 1, x + outer + 1, y + outer + 1), fill=INK)
        d.ellipse((x - outer, y - outer, x + outer, y + outer), fill=CUBE_FILL[rotor["shows"]])
        for k in range(6):                      # the rotor's notches: a ring even when it shows the base colour
            c, s_ = math.cos(math.pi * (k / 3 + 1 / 6)), math.sin(math.pi * (k / 3 + 1 / 6))
            d.line((x + c * r, y + s_ * r, x + c * outer, y + s_ * outer), fill=INK, width=max(2, round(width / 4)))
        if letters:
            f = font(max(9, round(width * 1.4)), bold=True)
            d.text((x - r - width * 0.5, y + r), CUBE_LETTER[rotor["shows"]], fill=INK, font=f, anchor="mm",
                   stroke_width=2, stroke_fill=WHITE)


def _switch(d: ImageDraw.ImageDraw, x: float, y: float, s: float, colour: tuple[int, int, int]) -> None:
    diamond = [(x, y - s), (x + s, y), (x, y + s), (x - s, y)]
    d.polygon(diamond, fill=colour, outline=INK, width=max(2, round(s / 5)))
    d.polygon([(x, y - s * 0.4), (x + s * 0.4, y), (x, y + s * 0.4), (x - s * 0.4, y)], fill=WHITE)


def _mine(d: ImageDraw.ImageDraw, x: float, y: float, s: float, colour: tuple[int, int, int]) -> None:
    ring = max(2, round(s / 4))
    d.ellipse((x - s, y - s, x + s, y + s), fill=MINE, outline=colour, width=ring)
    w = max(2, round(s / 5))
    d.line((x - s * 0.45, y + s * 0.5, x + s * 0.35, y - s * 0.3), fill=WHITE, width=w)         # the handle
    d.arc((x - s * 0.55, y - s * 0.75, x + s * 0.75, y + s * 0.35), 200, 340, fill=WHITE, width=w)  # the head


def _drum(d: ImageDraw.ImageDraw, x: float, y: float, s: float, colour: tuple[int, int, int], tokens: int) -> None:
    w = max(2, round(s / 5))
    d.rounded_rectangle((x - s * 0.8, y - s, x + s * 0.8, y + s), radius=s * 0.3, fill=colour, outline=INK, width=w)
    f = font(max(9, round(s * 1.3)), bold=True)
    d.text((x, y), str(tokens), fill=WHITE, font=f, anchor="mm", stroke_width=2, stroke_fill=INK)
