"""Each game's options said once (issue 32, "One place for options and actions"): ``/game new``, the
local table's help for ``game new`` and ``docs/actions`` are made from the engine's ``Options``
structs and their ``option`` metadata (``engine/core/options.py``, ``bot/game_options.py``); the
UI adds no choice, description or default of its own. And the ``barons`` default is the
rulebook's, in the engine, for the bot and the players' guide alike."""
from __future__ import annotations

import pytest

from railhead import engine
from railhead.bot import registry
from railhead.bot.game_options import described
from railhead.bot.local_help import new_game_help
from railhead.engine import IllegalAction
from railhead.engine.core.options import describe, groups
from railhead.engine.core.record import UNSET
from tools.gen_action_docs import generate

GAMES = sorted(engine.GAMES)


def offered() -> dict[str, tuple]:
    """``/game new``'s options by name: ``(Param, ids of the games that take it)``."""
    return {p.name: (p, ids) for p, ids in registry.new_game_params()}


@pytest.mark.parametrize("gid", GAMES)
def test_every_engine_option_is_offered_at_game_new_with_the_engines_words(gid):
    """Every field of the game's ``Options`` is a ``/game new`` option of that game (a group's
    yes/no options as one option naming each by its word), described with the engine's text and
    default, with the engine's choices in the engine's order, their labels and a number's bounds."""
    game = engine.GAMES[gid]
    params = offered()
    ui = registry.UIS[gid]
    infos = describe(game.options_type)
    assert infos, f"{gid} has no options"
    for info in infos:
        if info.group:
            param, ids = params[info.group]
            assert info.words[0] in param.description and groups(game.options_type)[info.group] in param.description
        else:
            param, ids = params[info.name]
            if ids[0] == gid:                       # a shared option (`map`) is described by its first game
                assert param.description == described(info)
            assert info.text in next(p for p in ui.new_options if p.name == info.name).description
            assert param.choices == info.choices and param.labels == info.labels
            assert (param.min, param.max) == (info.low, info.high)
            if info.default_text:
                assert f"(default {info.default_text})" in param.description
        assert gid in ids
    names = {i.group or i.name for i in infos}
    assert {p.name for p in ui.new_options} == names, "the UI offers an option the engine does not have"


@pytest.mark.parametrize("gid", GAMES)
def test_the_local_help_and_the_action_docs_list_every_option(gid):
    """``help`` at the local table names each option of ``game new GAME`` with its values, and
    ``docs/actions/GAME.md`` has a row per option with the engine's text and default."""
    game = engine.GAMES[gid]
    help_text = "\n".join(new_game_help())
    docs = generate(game)
    for info in describe(game.options_type):
        name = info.group or info.name
        assert f"[{name}=" in help_text
        row = next(line for line in docs.splitlines() if line.startswith(f"| `{name}` |"))
        if not info.group:
            assert described(info) in row.replace("\\|", "|")
            assert all(f"`{c}`" in row for c in info.choices)


def test_each_engine_default_is_what_a_table_left_alone_plays():
    """An option left out at ``/game new`` is left to the engine: the bot adds nothing (it forced
    ``barons`` on where the engine said off)."""
    for gid in GAMES:
        assert registry.new_game_args(gid, {})[0] == {}
    assert registry.new_game_args("rotw", {"map": "rhine-alps", "short_game": "true"})[0] == {
        "map": "rhine-alps", "short_game": True}


def test_descriptions_fit_discord():
    """Discord's limits on the options made from the engine: descriptions and choice names at most
    100 characters (with the games' groups, `` (/rotw, /steam)``), at most 25 choices."""
    for param, ids in offered().values():
        shown = param.description[:1].upper() + param.description[1:] + (f" (/{', /'.join(ids)})" if ids else "")
        assert len(shown) <= 100, shown
        assert len(param.choices) <= 25 and all(len(label) <= 100 for label in param.labels)


def test_typed_lists_and_groups_become_the_engines_options():
    """Lists typed as words or commas and the add-on modules by word, as the engine takes them."""
    assert registry.new_game_args("railways", {"cards": "5-6-7-8", "combine": "Mayor+engineer"})[0] == {
        "cards": [5, 6, 7, 8], "combine": ["mayor", "engineer"]}
    assert registry.new_game_args("rotw", {"map": "through-time", "periods": "Egypt, rome"})[0] == {
        "map": "through-time", "periods": ["egypt", "rome"]}
    assert registry.new_game_args("rotw", {"modules": "depot switch-tracks"})[0] == {
        "fuel_depots": True, "switch_tracks": True}
    with pytest.raises(IllegalAction, match="'hotels' is not one of the modules: choose among mines, switches"):
        registry.new_game_args("rotw", {"modules": "mines hotels"})


def test_every_option_field_says_what_it_does():
    """``describe`` refuses an options struct with a field players are told nothing about."""
    import msgspec

    class Bare(msgspec.Struct):
        colour: str = ""

    with pytest.raises(TypeError, match="Bare.colour has no option"):
        describe(Bare)


# ------------------------------------------------------------------ the barons default
ROTW = engine.GAMES["rotw"]


def first_prompt(options: dict, players: int = 3) -> set[str]:
    return {p["kind"] for p in ROTW.prompts(ROTW.setup(options, [f"P{i}" for i in range(players)], 1))}


def test_a_game_set_up_with_the_engines_defaults_deals_baron_cards():
    """railways-of-the-world.txt, "PLAYER SETUP", "Deal Out Railroad Baron Cards": dealing two
    barons to each player, who keeps one, is a step of the base game's setup, so the engine deals
    them unless the options say ``barons: false`` (it dealt none by default while the bot asked for
    them at every new table)."""
    assert ROTW.options({}).deals_barons(through_time=False)
    assert first_prompt({}) == {"baron"}
    assert first_prompt({"map": "vistula-danube"}, 5) == {"baron"}
    assert first_prompt({"barons": False}) == {"bid"}


def test_railways_through_time_deals_no_barons_by_default_and_refuses_them_when_asked():
    """railways-of-the-world.txt, "RAILWAYS through TIME", "Starting the Game": its setup has no
    baron cards, so the default deals none there; asking for them is refused, as before."""
    assert first_prompt({"map": "through-time"}, 2) == {"bid"}
    with pytest.raises(IllegalAction, match="without baron cards"):
        ROTW.setup({"map": "through-time", "barons": True}, ["a", "b"], 1)


OLD_DEFAULTS = {"map": "", "bidding": "traditional", "short_game": False, "barons": False, "cut_throat": False,
                "hidden_money": False, "bounty_queue": False, "baron_later": False, "mines": False,
                "switch_tracks": False, "fuel_depots": False, "city_rotors": False, "faster": False, "events": False,
                "periods": []}
"""Every option as ``Table.new`` stored it under rules version 8 (``msgspec.to_builtins`` of the
options with the engine's defaults filled in: ``barons`` was ``false`` unless asked for)."""


@pytest.mark.parametrize("given", [
    {"barons": True, "map": "rhine-alps"},                          # /game new: the bot asked for barons
    {"barons": True, "map": "vistula-danube", "bidding": "variant1", "mines": True},
    {"map": "through-time", "periods": ["egypt", "rome", "napoleon"]},   # Through Time: stored `barons: false`
    {"map": "rhine-alps"},                                          # a table made without the bot's options
])
def test_a_game_stored_before_the_change_sets_up_as_it_did(given):
    """The table stores every option spelled out (``bot/table/lobby.py``, ``Table.new``), so a game
    stored under rules version 8 names ``barons``: it sets up as it did, with baron cards exactly
    when it says so, whatever the default is now (rules version 8 stays; docs/migrations.md)."""
    stored = {**OLD_DEFAULTS, **given}
    assert set(stored) == set(ROTW.options_type.__struct_fields__)
    state = ROTW.setup(stored, ["Ann", "Bob", "Cat"], 7)
    assert (state.barons is not UNSET) == stored["barons"]
    assert first_prompt(stored) == ({"baron"} if stored["barons"] else {"bid"})


# ------------------------------------------------------------------ actions from the engine's structs
def test_an_action_struct_becomes_the_json_action_the_engine_lists():
    """``bot/actions.py`` ``plain``: the tag as ``type``, fields by their JSON names, defaults left
    out, so a built action equals the one ``legal_actions`` gives and decodes to the same struct."""
    from railhead.bot.actions import plain
    from railhead.engine.core import decode
    from railhead.engine.games.steam import actions as steam

    assert plain(steam.Bid(amount=3)) == {"type": "bid", "amount": 3}
    assert plain(steam.Capital(steps=0)) == {"type": "capital", "steps": 0}
    assert plain(steam.Capital(steps=0, always=True)) == {"type": "capital", "steps": 0, "always": True}
    assert plain(steam.Deliver(from_="D4", colour="red", links=["3"])) == {
        "type": "deliver", "from": "D4", "colour": "red", "links": ["3"]}
    game = engine.GAMES["steam"]
    for struct in (steam.Build(hex="F7", exits=["W", "E"]), steam.Select(tile="engineer"), steam.Pass()):
        assert decode(game.actions, plain(struct)) == struct


def hand_built(source: str) -> list[tuple[int, str]]:
    """``(line, type)`` of each action dict written by hand in Python ``source``: a ``{"type": ...}``
    literal or ``dict(type=...)`` whose ``type`` is not one of the bot's own pseudo-actions (a
    string starting ``_``: ``_cmd``, ``_cancel``, ...), a computed ``type`` (``{"type": kind}``) too."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            types = [v for k, v in zip(node.keys, node.values) if isinstance(k, ast.Constant) and k.value == "type"]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
            types = [kw.value for kw in node.keywords if kw.arg == "type"]
        else:
            continue
        found += [(node.lineno, ast.unparse(v)) for v in types
                  if not (isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value.startswith("_"))]
    return found


def test_the_hand_built_check_finds_an_engine_action_dict():
    """The check below can fail: it finds an engine action written as a dict, literal, computed or
    by ``dict(...)``, and passes the bot's pseudo-actions and ``plain(...)``."""
    assert hand_built('Button("Pass", {"type": "pass"}, "danger")') == [(1, "'pass'")]
    assert hand_built('a = {"type": kind, **fields}\nb = dict(type="end")') == [(1, "kind"), (2, "'end'")]
    assert hand_built('Button("Cancel", {"type": "_cancel"}); Apply(plain(moves.Pass()))') == []
    assert hand_built('e.get("type") == "build" or a["type"] in ("pass", "end")') == []


@pytest.mark.parametrize("gid", GAMES)
def test_no_game_ui_builds_an_engine_action_by_hand(gid):
    """Each game's UI names every engine action through its struct (``engine/games/<game>/actions.py``,
    ``plain(moves.Bid(amount=3))``): no ``{"type": "bid", ...}`` of an engine action is left in
    ``bot/games/<game>/``, so a field renamed in the engine fails where the UI is imported, not at a
    player's press (the bot's own ``_cmd``, ``_cancel`` are not the engine's)."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "bot" / "games" / gid
    files = sorted(folder.glob("*.py"))
    assert files
    found = [(f.name, *hit) for f in files for hit in hand_built(f.read_text(encoding="utf-8"))]
    assert found == []
