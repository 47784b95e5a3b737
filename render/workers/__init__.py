"""Railway Workers: the board and a player's private hand, a view in, PNG bytes out.

``board_png(view)`` takes ``engine.get_game("workers").view(...)`` (the public view) and returns the
board:

- the country: cities at their latitude and longitude, each project a line between its two
  cities with its number (dashed while a construction site or still in the pile, solid once a
  route), the trains on the cities (black or white side, pointing the way they face);
- next to the map, one card per construction site: its structures, plans and tracks tables
  (squares, the blocking cube of 2-3 player games, the players' cubes, whether the reward tile is
  still there), what waits in its warehouses (workers and resources per player) and its shares;
  a route keeps a one-line card with its shares;
- the round, phase and step, the revealed place and its turn order, whose turn it is and any
  question being asked; the market's price indicators, the tokens left, the Director's office,
  the investment and subsidy tables; every player's board; at the end the score breakdown.

``layout="desktop"`` (the default) puts three columns side by side; ``layout="phone"`` (``phone.py``)
is about two phone screens tall, in type that still reads when the image is shown 400 px wide: the
market and the subsidy and investment tables beside the map under the site cards, the players as
one table, the office; no legend. ``colourblind`` prints
each seat's colour initial on its cubes, workers and shares and its colour's name after its name.
``zoom`` (a city or a project number) gives the map and its site cards alone, large, that place
ringed.

``hand_png(view)`` draws the viewing seat's own four places: card, die, +1 tokens and Sum, from
that seat's view (nothing else is read). Action card names and texts come from
``data/cards/workers/actions.toml``. The static parts (the map's land and its labels' places,
tables that rarely change) are cached.
"""
from __future__ import annotations

import json
from functools import lru_cache

from PIL import Image

from railhead.engine import IllegalAction
from railhead.engine.common.names import fold

from ..hexes import BACKGROUND
from ..panel import png_bytes_quick
from .blocks import (
    final_block,
    header_block,
    investment_block,
    legend_block,
    market_block,
    office_block,
    players_block,
    subsidy_block,
)
from .country import geometry, map_block, map_keys  # noqa: F401  (tests measure the map)
from .hand import draw_hand, hand_png  # noqa: F401
from .phone import PHONE_COL, PHONE_SCALE, draw_phone  # noqa: F401
from .style import BADGE_R, CITY_R, COL, DESKTOP_SCALE, GUTTER, LAYOUTS, MAP_STRIP, PHONE_WIDTH  # noqa: F401


# cached panels: their inputs rarely change during a game
@lru_cache(maxsize=16)
def _cached(kind: str, key: str, s: float) -> Image.Image:
    view = json.loads(key)
    if kind == "market":
        return market_block(view, s)
    if kind == "office":
        return office_block(view, s)
    return subsidy_block(view, s)


def _static(kind: str, view: dict, keys: tuple[str, ...], s: float) -> Image.Image:
    """A panel drawn from ``keys`` of the view only, cached by their values."""
    return _cached(kind, json.dumps({k: view[k] for k in keys}, sort_keys=True), s)


def _blocks(view: dict, s: float, letters: bool) -> dict[str, Image.Image]:
    out = {"header": header_block(view, s, letters), "map": map_block(view, s, letters),
           "players": players_block(view, s, letters),
           "market": _static("market", view, ("market", "tokens", "projects_left"), s),
           "office": _static("office", view, ("commands",), s),
           "investment": investment_block(view, s, letters),
           "subsidy": _static("subsidy", view, ("subsidy",), s),
           "legend": legend_block(s, letters)}
    if view.get("final"):
        out["final"] = final_block(view, s, letters)
    return out


def draw_board(view: dict, *, layout: str = "desktop", colourblind: bool = False) -> Image.Image:
    """The board image of a view. ``layout``: "desktop" (three columns) or "phone" (one)."""
    layout = layout or "desktop"
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS}, not {layout!r}")
    if layout == "phone":
        return draw_phone(view, colourblind)
    s = DESKTOP_SCALE
    b = _blocks(view, s, colourblind)
    columns = [["header", "map"], ["market", "office", "investment", "subsidy", "legend"], ["final", "players"]]
    stacks = [[b[k] for k in col if k in b] for col in columns]
    width = round((3 * COL + 2 * GUTTER) * s)
    img = Image.new("RGB", (width, max(sum(p.height for p in col) for col in stacks)), BACKGROUND)
    for i, col in enumerate(stacks):
        x, y = round(i * (COL + GUTTER) * s), 0
        for part in col:
            img.paste(part, (x, y))
            y += part.height
    return img


def board_png(view: dict, *, layout: str = "desktop", colourblind: bool = False, zoom: str | None = None) -> bytes:
    """PNG bytes of ``draw_board``; ``zoom``: a city or a project number, for the map and its
    site cards alone, large, with that place ringed (``IllegalAction`` for a place not on it)."""
    if zoom is not None:
        return png_bytes_quick(map_block(view, PHONE_WIDTH / COL, colourblind, _zoom_target(view, zoom)))
    return png_bytes_quick(draw_board(view, layout=layout, colourblind=colourblind))


def _zoom_target(view: dict, zoom: str) -> str | int:
    text = str(zoom).strip()
    for city in view["map"]["cities"]:
        if fold(city["name"]) == fold(text):
            return city["name"]
    numbers = {p["number"] for p in view["map"]["projects"]}
    if text.isdigit() and int(text) in numbers:
        return int(text)
    names = ", ".join(c["name"] for c in view["map"]["cities"])
    raise IllegalAction(f"{text[:40]!r} is not on the map: name a city ({names}) or a project number "
                        f"({min(numbers)}-{max(numbers)}).")
