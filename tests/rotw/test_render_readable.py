"""Issue 23, part 6 (RotW): the final board shows the scores and the winner, colour-blind labels
come from the players' names, cubes are outlined and no seat's colour vanishes on the panel."""
from PIL import Image, ImageDraw

from railhead.ai.policy import play
from railhead.engine import GAMES
from railhead.render.hexes import CUBE_FILL, INK, draw_cube
from railhead.render.panel import contrast, owner_colour, owner_letters
from railhead.render.rotw import board as rotw
from railhead.render.rotw import panel as rotw_panel

NAMES = ["Bérénice Montgomery-Whitfield", "Olu", "Carla", "Pavel"]


def _views():
    game = GAMES["rotw"]
    _, final, log = play(game, 4, 7, options={"map": "rhine-alps"})
    state = game.setup({"map": "rhine-alps"}, NAMES, 7)
    for seat, action in log[: len(log) // 2]:
        state, _ = game.apply(state, seat, action)
    mid = game.view(state, None)
    for seat, action in log[len(log) // 2:]:
        state, _ = game.apply(state, seat, action)
    return mid, game.view(state, None), game.outcome(state)


MID, FINAL, OUTCOME = _views()


def _texts(monkeypatch, view, **kwargs) -> list[str]:
    seen: list[str] = []
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kw):
        seen.append(text)
        return real(self, xy, text, *args, **kw)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    rotw.draw_board(view, **kwargs)
    return seen


def test_the_final_board_names_the_winner_and_the_scores(monkeypatch):
    final = " ".join(_texts(monkeypatch, FINAL))
    mid = " ".join(_texts(monkeypatch, MID))
    assert f"Winner: {OUTCOME['winner']}" in final and "Winner" not in mid
    for row in OUTCOME["table"]:
        assert f" {row['score']} = {row['points']} points" in final


def test_colour_blind_labels_come_from_names(monkeypatch):
    assert owner_letters(NAMES) == ["B", "O", "C", "P"]
    assert owner_letters(["Olu", "Oscar", "Cyan"]) == ["Ol", "Os", "C"]      # unique although O, O
    texts = _texts(monkeypatch, MID, colourblind=True)
    badges = {t.split(":")[0] for t in texts if t.count(":") == 1 and t.split(":")[1].isdigit() and " " not in t}
    assert badges and badges <= {"B", "O", "C", "P"}
    assert any(t.startswith("Bérénice") and "(B, orange)" in t for t in texts)


def test_a_cube_on_its_own_colour_has_a_ring():
    img = Image.new("RGB", (40, 40), CUBE_FILL["blue"])
    draw_cube(ImageDraw.Draw(img), 10, 10, "blue", 12, False)
    assert img.getpixel((9, 16)) == (255, 255, 255) and img.getpixel((8, 16)) == (255, 255, 255)
    assert img.getpixel((10, 16)) == INK and img.getpixel((16, 16)) == CUBE_FILL["blue"]


def test_every_seat_colour_shows_on_the_panel():
    view = {**MID, "players": [dict(MID["players"][0], name=f"P{i}") for i in range(4)]}
    view["players"][3]["seat"] = 3
    panel = rotw_panel.draw_panel(view, 1.0, False)
    background = panel.getpixel((2, 2))
    for seat in range(4):
        rows = [y for y in range(panel.height) if panel.getpixel((11, y)) == owner_colour(seat)]
        assert rows, seat
        edge = [panel.getpixel((9, y)) for y in rows]
        assert max(contrast(c, background) for c in edge + [owner_colour(seat)]) >= 3, seat


def test_a_close_view_is_a_window_of_the_map():
    near = rotw.draw_board(FINAL, close=FINAL["last"] or ["J6"])
    whole = rotw.draw_board(FINAL)
    assert near.width * near.height < whole.width * whole.height / 2


def test_a_cube_on_a_city_of_its_own_colour_sits_on_a_light_tray():
    """A black cube on a black city looked like an empty square (issue 31): a city holding a cube of
    its own colour draws its cubes on a light tray, in colour-blind mode too; other cities do not."""
    city = next(h for h, c in MID["cities"].items() if c["colour"] == "black" and not c["marker"])
    for letters in (False, True):
        trays = []
        for cubes in (["black"], ["red"], ["black", "red", "yellow"]):
            view = {**MID, "cities": {**MID["cities"], city: {**MID["cities"][city], "cubes": cubes}}}
            img = rotw.draw_board(view, colourblind=letters, close=[city])
            trays.append({c: n for n, c in img.getcolors(1 << 24)}.get(rotw.CUBE_TRAY, 0))
        assert trays[0] - trays[1] > 150 and trays[2] - trays[1] > 150, trays      # (the colour is used elsewhere)
