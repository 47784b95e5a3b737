"""Typing what a player sees works (issue 23, part 4): names with spaces need no quotes
(``rotw card City Growth Arnhem``, ``rotw card Hotel: Frankfurt``, ``rotw link Praha Hradec
Kralove``), every name matches without accents and case (``Wroclaw``, ``Plock``, ``KÖLN``), every
argument of every command may be typed by position or as ``name=value``, ``game board D7`` and
``game board zoom=D7`` both zoom, and a refused Steam side names what each side of the hex faces."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from railhead.bot import registry
from railhead.bot.local import LOCAL_CHANNEL, LocalTable
from railhead.bot.store import open_store
from railhead.bot.table import Table
from railhead.bot.typed_args import LOBBY, command_args, lobby_args, typed_args
from railhead.engine import IllegalAction
from railhead.engine.common.names import fold

PLAYERS = ["Ann", "Bob", "Cat"]


async def rotw_table(tmp_path, seed: int, players: int = 2, options: str = "", render: bool = False):
    """A Railways of the World game at the local table, played to the first player's first action
    (the first in the auction bids $1,000, the others pass)."""
    store = await open_store(str(tmp_path / "local.sqlite3"))
    table = Table(store, render=render, seeds=lambda: seed)
    local = LocalTable(table, Path(tmp_path / "boards"))
    lines = ["as Ann", f"game new rotw barons=false {options}".strip()]
    for name in PLAYERS[1:players]:
        lines += [f"as {name}", "game join"]
    for line in lines + ["as Ann", "game start"]:
        await local.handle(line)
    bid = True
    while True:
        session = await table.session(LOCAL_CHANNEL)
        (prompt,) = session.match.prompts()
        await local.handle(f"as {PLAYERS[prompt['seat']]}")
        if prompt["kind"] == "action":
            return store, local, session
        await local.handle("rotw bid 1" if bid else "rotw pass")
        confirm = [i for i, b in enumerate(local.buttons) if b.label.startswith("Confirm")]
        if confirm and (await table.session(LOCAL_CHANNEL)).match.prompts() == [prompt]:
            await local.handle(f"click {confirm[0] + 1}")        # a move that asks first
        bid = False


def unlettered(text: str) -> str:
    """A screen without the letters naming its messages' choices (each message shown has its own)."""
    return re.sub(r"(Buttons|Menu) [A-Z]", r"\1", text)


def face_up(session) -> list[str]:
    return [c["name"] for c in session.match.view(None)["cards"]["face_up"]]


async def test_a_card_name_with_spaces_and_a_city_need_no_quotes(tmp_path):
    store, local, session = await rotw_table(tmp_path, 5)
    try:
        assert "City Growth" in face_up(session)
        out = "\n".join(await local.handle("rotw card City Growth Arnhem"))
        assert "takes City Growth and grows Arnhem" in out, out
    finally:
        await store.close()


def test_discords_name_colon_value_is_read_as_typed_at_the_table():
    """Issue 31, part 5: `rotw card card:City Growth city:Salzburg`, copied from the bot's own
    texts (Discord writes options as `name:value`), was read as card 'card:City', city 'Growth'.
    `name:value` and `name: value` now mean `name=value` for the command's own option names; a
    card name with a colon (`Hotel: Frankfurt`) is left alone."""
    from railhead.bot.games.rotw.ui import UI
    from railhead.bot.typed_args import command_args

    want = {"card": "City Growth", "city": "Salzburg"}
    for line in ("card card:City Growth city:Salzburg", "card card: City Growth city: Salzburg",
                 "card card=City Growth city=Salzburg", "card City Growth Salzburg"):
        words = line.split()
        assert command_args(UI, words, "rhine-alps") == want, line
    assert command_args(UI, "card Hotel: Frankfurt".split(), "rhine-alps")["card"] == "Hotel: Frankfurt"


async def test_a_hotel_is_taken_by_the_name_shown(tmp_path):
    store, local, session = await rotw_table(tmp_path, 1)
    try:
        assert "Hotel: Frankfurt" in face_up(session)
        out = "\n".join(await local.handle("rotw card Hotel: Frankfurt"))
        assert "takes Hotel: Frankfurt" in out, out
    finally:
        await store.close()


async def test_a_link_to_a_city_named_in_two_words(tmp_path):
    store, local, _ = await rotw_table(tmp_path, 3, players=3, options="map=vistula-danube")
    try:
        out = "\n".join(await local.handle("rotw link Praha Hradec Kralove"))
        assert "**Build preview**" in out and "Hradec Králové" in out, out
        again = "\n".join(await local.handle("rotw link from=Praha to=Hradec Kralove"))
        assert unlettered(again) == unlettered(out)
        path = "\n".join(await local.handle("rotw build Hradec Kralove J14"))
        assert "Build preview" in path and "from Hradec Králové towards J14" in path, path
    finally:
        await store.close()


async def test_a_time_warp_of_boards_drawn_at_random_is_typed_as_shown(tmp_path):
    """Railways Through Time without ``periods``: the boards are drawn when the game starts, and so
    are the warps' names ("Time warp L3"); once it runs, the local table groups them like any name."""
    from railhead.engine.games.rotw.data import load_map
    store, local, session = await rotw_table(tmp_path, 3, options="map=through-time")
    try:
        m = load_map(session.match.view(None)["map"])
        warp = next(c.name for c in m.cities.values() if c.colour == "warp")
        city = next(c.name for c in m.cities.values() if c.colour != "warp" and " " not in c.name)
        out = "\n".join(await local.handle(f"rotw link {city} {warp}"))
        assert unlettered(out) == unlettered("\n".join(await local.handle(f"rotw link from={city} to={warp}"))), out
        assert warp in out or "no single build" in out.lower() or "cannot" in out.lower(), out
    finally:
        await store.close()


@pytest.mark.parametrize("typed", ["Wroclaw", "wrocław", "WROCLAW", "Plock", "płock", "Lodz"])
async def test_names_without_their_accents_or_strokes_match(tmp_path, typed):
    """`Koln` always worked; `Wroclaw` and `Plock` did not (ł is a letter of its own in Unicode)."""
    store, local, _ = await rotw_table(tmp_path, 3, players=3, options="map=vistula-danube")
    try:
        out = "\n".join(await local.handle(f"rotw link {typed} Warszawa"))
        assert {"wroclaw": "Wrocław", "plock": "Płock", "lodz": "Łódź"}[fold(typed)] in out, out
        assert "There is no city called" not in out, out
    finally:
        await store.close()


@pytest.mark.parametrize("typed", ["koln", "KÖLN", "Köln", "köln"])
async def test_koln_in_any_case_and_accents(tmp_path, typed):
    store, local, _ = await rotw_table(tmp_path, 5)
    try:
        out = "\n".join(await local.handle(f"rotw link {typed} Frankfurt"))
        assert "**Build preview**" in out and "There is no city" not in out, out
    finally:
        await store.close()


def test_fold_spells_letters_with_a_stroke_plainly():
    assert [fold(n) for n in ("Wrocław", "Płock", "Łódź", "KÖLN", "Hradec Králové")] == [
        "wroclaw", "plock", "lodz", "koln", "hradec kralove"]


def _sample(param) -> str:
    """A value ``param`` takes, as typed."""
    if param.choices:
        return param.choices[-1]
    if param.kind is bool:
        return "true"
    if param.kind in (int, float):
        return str(param.min if param.min not in (None, 0) else 1)
    return "Hradec Králové" if param.autocomplete == "city" else "word"


def _commands():
    for ui in registry.UIS.values():
        for command in ui.commands.values():
            yield pytest.param(ui, command, id=f"{ui.prefix}-{command.name}")


@pytest.mark.parametrize("ui, command", list(_commands()))
def test_every_argument_by_position_or_by_name_gives_the_same_arguments(ui, command):
    """Every command of every game: its arguments typed in order, or each as ``name=value``, read
    the same and pass the command's check (after a parameter that takes the rest of the words, the
    next ones can only be named)."""
    params = list(command.params)
    values = {p.name: _sample(p) for p in params}
    cut = next((i + 1 for i, p in enumerate(params) if p.rest), len(params))
    positional = [values[p.name] for p in params[:cut]] + [f"{p.name}={values[p.name]}" for p in params[cut:]]
    named = [f"{p.name}={values[p.name]}" for p in params]
    split = [w for v in positional for w in v.split()]            # names with spaces typed without quotes
    assert command_args(ui, [command.name, *split]) == values
    assert command_args(ui, [command.name, *positional]) == values
    assert command_args(ui, [command.name, *[w for v in named for w in v.split()]]) == values
    assert command_args(ui, [command.name, *named]) == values
    command.check(values)


@pytest.mark.parametrize("verb", sorted(LOBBY))
def test_every_lobby_argument_by_position_or_by_name(verb):
    """As for the games' commands: after a parameter that takes the rest of the words (`game note
    TEXT...`), the next ones can only be named (`clear=true`)."""
    params = LOBBY[verb].params
    values = {p.name: _sample(p) for p in params}
    cut = next((i + 1 for i, p in enumerate(params) if p.rest), len(params))
    positional = [values[p.name] for p in params[:cut]] + [f"{p.name}={values[p.name]}" for p in params[cut:]]
    assert typed_args(params, positional) == typed_args(params, [f"{k}={v}" for k, v in values.items()]) == values
    assert lobby_args(verb, positional) == lobby_args(verb, [f"{k}={v}" for k, v in values.items()])


def test_the_lobby_examples_of_the_issue():
    assert lobby_args("history", ["2"]) == lobby_args("history", ["page=2"]) == {"page": 2}
    assert lobby_args("board", ["D7"]) == lobby_args("board", ["zoom=D7"]) == {"zoom": "D7"}
    assert lobby_args("board", ["zoom=Hradec", "Kralove"]) == {"zoom": "Hradec Kralove"}
    assert lobby_args("leaderboard", ["rotw"]) == lobby_args("leaderboard", ["game=rotw"]) == {"game": "rotw"}
    assert lobby_args("kick", ["Bob"]) == lobby_args("kick", ["player=Bob"]) == {"player": "Bob"}
    assert lobby_args("abandon", ["yes"]) == {"confirm": True}
    with pytest.raises(IllegalAction, match="has no option `colour`"):
        lobby_args("settings", ["colour=blue"])
    with pytest.raises(IllegalAction, match="takes nothing after it"):
        lobby_args("stats", ["now"])


def test_the_help_shows_both_forms():
    help_text = LocalTable(None, None).help()
    assert "rotw link [from=]FROM [to=]TO" in help_text
    assert "game board [[zoom=]ZOOM" in help_text and "game history [[page=]PAGE]" in help_text


def _size(path: str) -> tuple[int, int]:
    return Image.open(path).size


async def test_game_board_zooms_by_position_and_by_name(tmp_path):
    store, local, _ = await rotw_table(tmp_path, 5, render=True)
    try:
        whole = [line for line in await local.handle("game board") if line.startswith("[image:")]
        shots = {}
        for line in ("game board D7", "game board zoom=D7", "game board zoom=Frankfurt", "game board Frankfurt"):
            out = await local.handle(line)
            assert any("A close view of" in o for o in out), out
            shots[line] = next(o for o in out if o.startswith("[image:"))[len("[image: "):-1]
        board = whole[-1][len("[image: "):-1]
        a, b = (Path(shots[k]).read_bytes() for k in ("game board D7", "game board zoom=D7"))
        assert a == b and a != Path(board).read_bytes()
        assert Path(shots["game board zoom=Frankfurt"]).read_bytes() == Path(shots["game board Frankfurt"]).read_bytes()
        assert _size(shots["game board D7"]) != _size(board)
        Image.open(io.BytesIO(a)).save("/tmp/zoom-D7.png")
    finally:
        await store.close()


def test_a_refused_steam_side_names_what_each_side_faces():
    """On Po Valley the F7 message named the cities its sides face when track touched none; the
    other refusals about sides (one exit for a plain hex, the board's edge) now name them too."""
    from tests.steam.helpers import Table as SteamTable
    t = SteamTable(3, 1, map="po-valley")
    t.select_all()
    t.builder(t.actor)
    faces = "; here, its SE faces Pavia (a town) and its W faces Novara and its NE faces Milano."
    with pytest.raises(IllegalAction, match="give two exits" + re.escape(faces)):
        t.act(t.actor, type="build", hex="F7", exits=["W"])
    with pytest.raises(IllegalAction, match="must start at a city .*; here, its W faces Novara and its NE faces "
                                            "Milano"):
        t.act(t.actor, type="build", hex="F7", exits=["E", "SE"])
    with pytest.raises(IllegalAction, match=re.escape("cannot leave by its NW side: that is the edge of the board; "
                                                      "here, its E faces Bolzano (a town); its NW and NE are the "
                                                      "edge of the board.")):
        t.act(t.actor, type="build", hex="M1", exits=["NW", "E"])


def test_the_local_table_groups_only_the_names_of_the_tables_map():
    """A city of another map (Europe's "Frankfurt am Main") is not grouped on a Rhine & Alps table,
    where "Frankfurt" is the city (issue 21: typed names followed every map)."""
    from railhead.bot.games.rotw.ui import UI as ROTW
    from railhead.bot.typed_args import known_names
    assert ROTW.table_map({"map": ""}, 3) == "rhine-alps"
    assert ROTW.table_map({"map": ""}, 5) == "vistula-danube"
    assert ROTW.table_map({"map": "through-time", "periods": ["rome", "egypt"]}, 2) == "through-time:egypt,rome"
    assert ROTW.table_map({"map": "nowhere"}, 3) == "nowhere" and ROTW.table_map({"map": ""}, 9) is None
    assert ("frankfurt", "am", "main") in known_names(ROTW) == known_names(ROTW, "nowhere")
    assert ("frankfurt", "am", "main") not in known_names(ROTW, "rhine-alps")
    assert ("hradec", "kralove") in known_names(ROTW, "vistula-danube")
    assert ("pi-ramesses",) not in known_names(ROTW, "through-time")       # one word: never grouped
    assert ("san", "francisco") in known_names(ROTW, "through-time")
