"""Railways of the World board: the map with cities, cubes and track, plus a side panel.

``board_png(view)`` takes ``engine.get_game("rotw").view(...)`` and returns PNG bytes.
The static base (terrain, ridges, city spurs, hex names) is drawn once per map and size and cached.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.rotw.data import load_map

from .hexes import BACKGROUND, CUBE_FILL, INK, Layout, draw_base, draw_cube, draw_labels, font, png_bytes

HEX_SIZE = 30
PANEL_WIDTH = 420
OWNER = [(255, 140, 0), (0, 190, 200), (230, 60, 160), (255, 255, 255), (120, 200, 40), (60, 60, 60)]
OWNER_NAME = ["orange", "cyan", "pink", "white", "lime", "charcoal"]
SPUR = (70, 70, 70)


def owner_colour(seat: int) -> tuple[int, int, int]:
    return OWNER[seat % len(OWNER)]


@lru_cache(maxsize=8)
def _base(map_id: str, size: int) -> tuple[Image.Image, Image.Image, Layout]:
    """The static layers of a map: terrain base, name overlay (RGBA), and the layout."""
    m = load_map(map_id)
    layout = Layout(m.columns, m.rows, size)
    names = {h: c.name for h, c in m.cities.items()}
    base = draw_base(layout, m.terrain, m.ridges, names)
    _draw_spurs(ImageDraw.Draw(base), layout, m)
    return base, draw_labels(layout, names, city_radius(layout)), layout


def _draw_spurs(d: ImageDraw.ImageDraw, layout: Layout, m) -> None:
    """Each city's track spurs: a short stub to every hex side where track may enter the city."""
    width = max(4, layout.size // 5)
    for hexname, city in m.cities.items():
        x, y = layout.xy(hexname)
        for side in city.spurs:
            ex, ey = layout.edge_mid(hexname, side)
            d.line(((x + ex) / 2, (y + ey) / 2, ex, ey), fill=SPUR, width=width)


def city_radius(layout: Layout) -> float:
    return layout.size * 0.66


def draw_board(view: dict, *, highlight: list[str] | None = None, colourblind: bool = False,
               size: int = HEX_SIZE, cached: bool = True) -> Image.Image:
    """Draw the board image (map + panel) for a view. ``highlight``: the hexes of a proposed
    build in order (drawn as a white route with outlined tiles)."""
    base, labels, layout = (_base if cached else _base.__wrapped__)(view["map"], size)
    board = Image.new("RGB", (layout.width + PANEL_WIDTH, max(layout.height, 760)), BACKGROUND)
    board.paste(base, (0, 0))
    d = ImageDraw.Draw(board)
    _draw_track(d, layout, view)
    if highlight:
        for hexname in highlight:
            if hexname not in view["cities"]:
                d.polygon(layout.hex_polygon(hexname, 2), outline=(255, 255, 255), width=3)
        if len(highlight) > 1:
            points = [layout.xy(h) for h in highlight]
            d.line(points, fill=INK, width=max(6, layout.size // 4) + 4, joint="curve")
            d.line(points, fill=(255, 255, 255), width=max(4, layout.size // 4), joint="curve")
    _draw_cities(d, layout, view, colourblind)
    _draw_owner_markers(d, layout, view)
    board.paste(labels, (0, 0), labels)
    _draw_panel(d, layout.width, view, colourblind)
    return board


def board_png(view: dict, **kwargs) -> bytes:
    """PNG bytes of ``draw_board(view, **kwargs)``."""
    return png_bytes(draw_board(view, **kwargs))


def _draw_track(d: ImageDraw.ImageDraw, layout: Layout, view: dict) -> None:
    links = view["links"]
    width = max(4, layout.size // 4)
    for hexname, segments in sorted(view["track"].items()):
        x, y = layout.xy(hexname)
        for i, seg in enumerate(segments):
            link = links[seg["link"]]
            colour = owner_colour(link["owner"])
            a, b = (layout.edge_mid(hexname, s) for s in seg["sides"])
            if i == 1:   # crossing: draw the overpass with a dark casing
                d.line((a, (x, y), b), fill=INK, width=width + 4, joint="curve")
            d.line((a, (x, y), b), fill=colour if link["complete"] else _faded(colour), width=width, joint="curve")
    # the spur from a city into its first/last tile
    for link in links.values():
        if not link["hexes"]:
            continue
        ends = [(link["from"], link["hexes"][0])]
        if link["to"]:
            ends.append((link["to"], link["hexes"][-1]))
        for city, tile in ends:
            d.line((layout.xy(city), layout.xy(tile)), fill=owner_colour(link["owner"]), width=width)


def _faded(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return tuple((c + 255) // 2 for c in colour)  # type: ignore[return-value]


def _draw_cities(d: ImageDraw.ImageDraw, layout: Layout, view: dict, letters: bool) -> None:
    r = city_radius(layout)
    name_font = font(max(10, layout.size // 2), bold=True)
    cube = max(9, layout.size // 3 + 1)
    for hexname, city in sorted(view["cities"].items()):
        x, y = layout.xy(hexname)
        fill = CUBE_FILL[city["colour"]]
        d.ellipse((x - r, y - r, x + r, y + r), fill=fill, outline=(255, 255, 255), width=2)
        if city["urbanized"]:
            d.ellipse((x - r + 4, y - r + 4, x + r - 4, y + r - 4), outline=(255, 255, 255), width=2)
        cubes = city["cubes"]
        per_row = 3
        for i, colour in enumerate(cubes):
            cx = x - (min(len(cubes), per_row) * (cube + 1)) / 2 + (i % per_row) * (cube + 1)
            cy = y - cube / 2 - (cube / 2 + 1 if len(cubes) > per_row else 0) + (i // per_row) * (cube + 1)
            draw_cube(d, cx, cy, colour, cube, letters)
        if city["marker"]:
            d.rectangle((x - r * 0.55, y - r * 0.55, x + r * 0.55, y + r * 0.55), fill=(110, 70, 40),
                        outline=(255, 255, 255))
            d.text((x, y), "E", fill=(255, 255, 255), font=name_font, anchor="mm")
        if letters and city["colour"] != "gray":     # the city's colour as a letter, beside the disc
            d.text((x + r + 2, y - r), city["colour"][0].upper(), fill=INK, font=name_font, anchor="lt",
                   stroke_width=2, stroke_fill=(255, 255, 255))


def _draw_owner_markers(d: ImageDraw.ImageDraw, layout: Layout, view: dict) -> None:
    """The ownership marker: a disc in the owner's colour with the link number, mid-link."""
    f = font(max(9, layout.size // 3))
    for lid, link in view["links"].items():
        if not link["hexes"]:
            continue
        x, y = layout.xy(link["hexes"][len(link["hexes"]) // 2])
        r = layout.size * 0.36
        d.ellipse((x - r, y - r, x + r, y + r), fill=owner_colour(link["owner"]), outline=INK, width=2)
        d.text((x, y), lid, fill=INK, font=f, anchor="mm")


def _money(k: int) -> str:
    return f"${k},000" if k else "$0"


def _draw_panel(d: ImageDraw.ImageDraw, x0: int, view: dict, letters: bool) -> None:
    title, body, small = font(22, bold=True), font(16), font(13)
    x, y = x0 + 16, 14
    d.text((x, y), f"{view['map_name']} · Turn {view['turn']}", fill=INK, font=title)
    y += 32
    if view["phase"] == "auction":
        a = view["auction"]
        high = f"{_money(a['high'])} by {view['players'][a['high_seat']]['name']}" \
            if a["high_seat"] is not None else "no bid yet"
        phase = f"Auction for first player: {high}"
    elif view["phase"] == "actions":
        phase = f"Round {view['round']} of 3"
    else:
        phase = "Game over"
    d.text((x, y), phase, fill=INK, font=body)
    y += 24
    markers = view["markers"]
    d.text((x, y), f"Empty city markers: {markers['placed']} of {markers['total']}"
                   + (f" · last turn {view['end_turn']}" if view["end_turn"] else ""), fill=INK, font=small)
    y += 26
    order = view["order"] or (view["auction"]["order"] if view["auction"] else [])
    for seat in order or range(len(view["players"])):
        p = view["players"][seat]
        active = view["actor"] == seat
        box = (x - 6, y - 4, x0 + PANEL_WIDTH - 12, y + 62)
        d.rectangle(box, fill=(255, 250, 220) if active else (248, 246, 240), outline=owner_colour(seat), width=3)
        first = "  [first]" if view["first"] == seat and view["phase"] == "actions" else ""
        passed = "  (passed)" if view["auction"] and seat in view["auction"]["passed"] else ""
        name = p["name"] + (f" ({OWNER_NAME[seat]})" if letters else "") + first + passed
        d.text((x + 22, y), name, fill=INK, font=font(16, bold=active))
        if active:
            d.polygon(((box[2] - 22, y + 2), (box[2] - 22, y + 18), (box[2] - 8, y + 10)), fill=INK)
        d.ellipse((x, y + 3, x + 14, y + 17), fill=owner_colour(seat), outline=INK)
        d.text((x, y + 22), f"Cash {_money(p['cash'])}   Bonds {p['bonds']}   Engine {p['engine']}",
               fill=INK, font=small)
        d.text((x, y + 40), f"Points {p['points']}   Income {_money(p['income'])}   Links {p['links']}",
               fill=INK, font=small)
        y += 74
    y += 6
    d.text((x, y), "Operations cards (face up)", fill=INK, font=body)
    y += 22
    for card in view["cards"]["face_up"]:
        tag = "goal" if card["kind"] == "goal" else "take"
        d.ellipse((x, y + 6, x + 5, y + 11), fill=INK)
        d.text((x + 10, y), f"{card['name']} ({tag})", fill=INK, font=small)
        y += 18
    d.text((x, y + 4), f"Deck: {view['cards']['deck']} cards   Bag: {view['bag']} cubes", fill=INK, font=small)
    y += 26
    tiles = ", ".join(f"{c} {k}" for c, k in view["new_city_tiles"].items() if k)
    d.text((x, y), f"New City tiles: {tiles or 'none'}", fill=INK, font=small)
