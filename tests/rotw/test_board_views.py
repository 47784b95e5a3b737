"""The public view's ``last``: the hexes the last action touched, which boards highlight
(render/rotw/board.py). A build's path, a delivery's cities, an urbanized or grown city; nothing after
any other action, nor once an auction has ended."""
import msgspec
import pytest

from railhead.engine import IllegalAction
from railhead.engine.core import UNSET

from .helpers import GAME, HEX, Table
from .test_actions import network
from .test_build import started


def last(t) -> list[str]:
    return GAME.view(t.state, None)["last"]


def test_last_is_the_build_path_then_empty_after_a_pass():
    t = started()
    assert last(t) == []
    t.build(0, "Köln", "J6", "K6", "L7", "Frankfurt")
    assert last(t) == [HEX["Köln"], "J6", "K6", "L7", HEX["Frankfurt"]]
    t.act(type="pass")
    assert last(t) == []


def test_last_of_an_unfinished_build_and_of_an_upgrade():
    t = started()
    t.build(0, "Köln", "J5", "K5", toward="L5")
    assert last(t) == [HEX["Köln"], "J5", "K5"]
    t.pass_until(1)
    t.act(1, type="upgrade")
    assert last(t) == []


def test_last_of_a_delivery_is_its_cities_and_an_auction_clears_it():
    t = network()
    t.city("Fulda").cubes = ["red", "blue"]
    t.player(1).engine = 2
    t.finish_turn()
    t.all_pass_auction()
    assert last(t) == []
    t.pass_until(1)
    t.act(1, type="deliver", **{"from": "Fulda", "colour": "blue", "links": ["3"]})
    assert last(t) == [HEX["Fulda"], HEX["Kassel"]]


def test_last_of_urbanizing_and_of_city_growth_is_the_city():
    t = started()
    t.pass_until(1)
    t.act(1, type="urbanize", city="koblenz", colour="red")
    assert last(t) == [HEX["Koblenz"]]
    t.state.cards.face_up += ["city-growth:9"]
    t.act(2, type="take_card", card="city-growth:9", city="Paris")
    assert last(t) == [HEX["Paris"]]


def test_a_refused_move_leaves_last_alone_and_old_states_have_none():
    t = started()
    t.build(0, "Köln", "J6", "K6", "L7", "Frankfurt")
    before = last(t)
    with pytest.raises(IllegalAction):
        t.act(1, type="urbanize", city="Atlantis", colour="red")
    assert last(t) == before and t.state.touched is UNSET
    saved = msgspec.to_builtins(t.state)
    del saved["last"]                   # a game saved before ``last`` existed: the typed state refuses
    with pytest.raises(msgspec.ValidationError):     # the snapshot, and the game is replayed from its log
        GAME.load_state(saved)


def test_a_wide_board_reads_on_a_phone_in_two_halves():
    """Issue "Play-by-chat...": the phone board reads at 400 px; the 27-column Vistula & Danube map is
    drawn as its west half above its east half, each with hexes twice as large as the whole map
    would get; a part in play of at most PHONE_SPLIT columns stays in one piece (issue 31: the
    whole of Rhine & Alps, 21 columns, is cut in two too)."""
    from railhead.engine.common.hexgrid import parse
    from railhead.engine.games.rotw.data import load_map
    from railhead.render import rotw as render_rotw
    from railhead.render.rotw.board import _phone_windows
    wide = GAME.setup({}, [f"P{i}" for i in range(5)], 1)
    parts = _phone_windows(GAME.view(wide, None), load_map("vistula-danube"), None, None)
    assert [caption.split()[0] for _, _, caption in parts] == ["West", "East"]
    assert min(size for size, _, _ in parts) >= 36
    narrow = GAME.view(GAME.setup({}, ["A", "B", "C"], 1), None)
    for hexname, city in narrow["cities"].items():       # only the west of the map in play
        if parse(hexname)[0] > 12:
            city["cubes"] = []
    assert len(_phone_windows(narrow, load_map("rhine-alps"), None, None)) == 1
    png = render_rotw.board_png(GAME.view(wide, None), layout="phone")
    assert png[:4] == b"\x89PNG" and len(png) < 8_000_000


def test_each_phone_half_of_a_diagonal_map_keeps_only_its_own_rows():
    """Nippon runs from Kyushu (south-west) to Hokkaido (north-east): the west half of its phone
    board starts below Sapporo's row and the east half ends above Kagoshima's, so no half is mostly
    sea."""
    from railhead.engine.common.hexgrid import parse
    from railhead.engine.games.rotw.data import load_map
    from railhead.render.rotw.board import _phone_windows

    m = load_map("nippon")
    row = {c.name: parse(h)[1] for h, c in m.cities.items()}
    view = GAME.view(GAME.setup({"map": "nippon"}, ["A", "B", "C"], 1), None)
    (west_size, west, _), (east_size, east, _) = _phone_windows(view, m, None, None)
    assert west[1] / (1.5 * west_size) > row["Sapporo"]                  # the first row shown
    assert (east[1] + east[3]) / (1.5 * east_size) < row["Kagoshima"]    # below the last row shown


def test_the_largest_maps_read_on_a_phone_400_px_wide(monkeypatch):
    """Issue 31 (newcomer games, "Phones"): the phone board (1,000 px wide, shown about 400 px wide)
    cuts a wide part in play into strips of at most PHONE_SPLIT columns, so hexes stay 30 px or more,
    and prints hex names and link numbers at 7 px or more once shown 400 px wide (Transcontinental,
    60 columns, was cut in two halves of 18 px hexes with 3 px names)."""
    from PIL import ImageDraw

    from railhead.engine.games.rotw.data import load_map
    from railhead.render import rotw as render_rotw
    from railhead.render.rotw.board import PHONE_SPLIT, PHONE_WIDTH, _phone_windows

    for map_id, players in (("transcontinental", 4), ("eastern-us", 4), ("north-america", 3)):
        view = GAME.view(GAME.setup({"map": map_id}, [f"P{i}" for i in range(players)], 1), None)
        view["cities"] = {h: {**c, "cubes": c["cubes"] or ["red"]} for h, c in view["cities"].items()}   # all in play
        parts = _phone_windows(view, load_map(view["map"]), None, None)
        assert min(size for size, _, _ in parts) >= 30, (map_id, parts)
        assert all(w == PHONE_WIDTH for _, (_, _, w, _), _ in parts)
        assert len(parts) >= -(-load_map(view["map"]).columns // PHONE_SPLIT)
    seen: dict[str, float] = {}
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kw):
        if kw.get("font") is not None:
            seen[text] = min(seen.get(text, 99), kw["font"].size * 400 / PHONE_WIDTH)
        return real(self, xy, text, *args, **kw)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    t = Table(4, map="transcontinental")
    t.all_pass_auction()
    t.give_cash(t.actor, 40)
    path = GAME.query(t.state, t.actor, "cheapest_link", {"from": "Chicago", "to": "Milwaukee"})["path"]
    t.act(t.actor, type="build", path=path)
    render_rotw.draw_board(GAME.view(t.state, None), layout="phone", cached=False)
    assert seen[path[1]] >= 7 and seen["1"] >= 7, (seen.get(path[1]), seen.get("1"))    # a hex name, link #1
