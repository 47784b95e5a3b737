"""Issue 23, part 6 (Steam): nothing cut (long names fit, the final scores keep their links), no
empty band below a wide map, colour-blind labels from the players' names."""
import pytest

from railhead.ai.policy import play
from railhead.engine import GAMES
from railhead.render.hexes import BACKGROUND
from railhead.render.steam import board as steam
from railhead.render.steam import hexmap as steam_map
from railhead.render.steam import panel as steam_panel

NAMES = ["Bérénice Montgomery-Whitfield", "Olu", "Oscar", "Pavel Wiśniewski"]


def _final(map_id):
    game = GAMES["steam"]
    _, _, log = play(game, 4, 7, options={"map": map_id}, steady=True)
    state = game.setup({"map": map_id}, NAMES, 7)
    mid = None
    for i, (seat, action) in enumerate(log):
        state, _ = game.apply(state, seat, action)
        if i == len(log) // 2:
            mid = game.view(state, None)
    return mid, game.view(state, None)


MID, FINAL = _final("po-valley")


def _texts(monkeypatch, view, **kwargs):
    seen = []
    real = steam_panel.Pen.text

    def spy(self, x, y, text, size=steam_panel.BODY, bold=False, fill=None, anchor="la"):
        end = real(self, x, y, text, size, bold, **({"fill": fill} if fill else {}), anchor=anchor)
        seen.append((text, x, end, anchor))
        return end
    monkeypatch.setattr(steam_panel.Pen, "text", spy)
    steam.draw_board(view, **kwargs)
    return seen


def test_final_scores_and_long_names_fit_uncut(monkeypatch):
    seen = _texts(monkeypatch, FINAL)
    for row in FINAL["final"]:
        line = next(t for t in seen if t[0].startswith(f"{row['rank']}. {row['name']}"))
        assert line[0].endswith(f"{row['links']:+d} links)" + (" (bankrupt)" if row["out"] else "")), line
    for text, _x, end, anchor in seen:
        if anchor == "la":
            assert end <= steam_panel.PANEL_WIDTH - 8, text
    assert any(t[0] == NAMES[0] for t in seen)                  # the player's box: the whole name


def test_colour_blind_badges_tell_two_o_names_apart(monkeypatch):
    seen = []
    real = steam_map.paste_text
    monkeypatch.setattr(steam_map, "paste_text", lambda img, x, y, text, *a, **k: (seen.append(text),
                                                                                     real(img, x, y, text, *a, **k)))
    steam.draw_board(MID, colourblind=True)
    owners = {t.split(":")[0] for t in seen if ":" in t}
    assert owners and owners <= {"B", "Ol", "Os", "P"}
    assert steam_map.owner_label(MID, 1) != steam_map.owner_label(MID, 2)


def test_no_empty_band_below_a_wide_map():
    board = steam.draw_board(FINAL)
    band = 0
    for y in range(board.height - 1, 0, -1):
        if any(board.getpixel((x, y)) != BACKGROUND for x in range(0, 1000, 7)):
            break
        band += 1
    assert band < 40, band


def test_a_close_view_of_a_build():
    hexes = FINAL["last"] or ["K10"]
    near = steam.draw_board(FINAL, close=hexes)
    assert near.width < 900 and near.height < 600


def test_a_cube_on_a_city_of_its_own_colour_sits_on_white():
    """A red cube on a red city was faint (a ring of 2 px, then red again): the city's cubes now sit
    on a white, dark-edged tray, so at least 3 px around each cube are not the city's colour."""
    from PIL import Image

    from railhead.render.hexes import CUBE_FILL, Layout
    red = CUBE_FILL["red"]
    layout = Layout(4, 4, 36)

    def drawn(cubes: list[str]) -> Image.Image:
        img = Image.new("RGB", (layout.width, layout.height), red)
        steam_map.draw_city(img, layout, "B2", {"cubes": cubes, "colour": "red"}, "", False, steam_map.CUBE_DESKTOP)
        return img

    blue = drawn(["blue"])
    box = [(x, y) for x in range(blue.width) for y in range(blue.height) if blue.getpixel((x, y)) == CUBE_FILL["blue"]]
    left, top = min(x for x, _ in box) - 1, min(y for _, y in box) - 1          # the cube with its dark edge
    right, bottom = max(x for x, _ in box) + 1, max(y for _, y in box) + 1
    img = drawn(["red"])
    mx, my = (left + right) // 2, (top + bottom) // 2
    around = [(left - d, my) for d in (1, 2, 3)] + [(right + d, my) for d in (1, 2, 3)] + \
        [(mx, top - d) for d in (1, 2, 3)] + [(mx, bottom + d) for d in (1, 2, 3)]
    assert all(img.getpixel(p) != red for p in around), [img.getpixel(p) for p in around]


@pytest.mark.parametrize("map_id", ["po-valley", "english-midlands"])
def test_goods_cubes_read_at_full_size_and_400_px_wide(map_id):
    """A newcomer found the cubes about 10 px (issue 31). Measured as drawn on each map's hex size:
    one to three cubes of a city are at least 12 px on the desktop board and at least 20 px on the
    phone board (1000 px wide), so 8 px when a phone shows it 400 px wide; four cubes (two rows) at
    least 10 and 16 px."""
    from PIL import Image

    from railhead.engine.games.steam.data import load_map
    from railhead.render.hexes import CUBE_FILL, Layout
    m = load_map(map_id)

    def side(size: int, cube, n: int = 1) -> int:
        layout = Layout(4, 4, size)
        img = Image.new("RGB", (layout.width, layout.height), CUBE_FILL["red"])
        steam_map.draw_city(img, layout, "B2", {"cubes": ["blue"] * n, "colour": "red"}, "", False, cube)
        xs = [x for x in range(img.width) for y in range(img.height) if img.getpixel((x, y)) == CUBE_FILL["blue"]]
        return max(xs) - min(xs) + 3                   # the cube's colour and its dark edge on both sides
    desktop, phone = steam.desktop_hex(m.columns, m.rows), steam.phone_windows(m)[0][0]
    assert side(desktop, steam_map.CUBE_DESKTOP) >= 12
    assert side(phone, steam_map.CUBE_PHONE) >= 20
    for n, (low_desktop, low_phone) in ((2, (12, 20)), (3, (12, 20)), (4, (10, 16))):
        assert steam_map.cube_side(desktop, n, steam_map.CUBE_DESKTOP) >= low_desktop, n
        assert steam_map.cube_side(phone, n, steam_map.CUBE_PHONE) >= low_phone, n
