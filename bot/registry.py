"""The games the bot can run: each engine game (``engine.GAMES``, found in engine/games/) with its
UI, found by the game's id in ``bot/games/<id>/ui.py`` (its ``UI``: the texts, buttons, command
spec and board renderer). A new game is its engine folder and its UI folder; nothing else lists
games: the slash command groups, ``/game``'s choices and the local table's help come from here.

``register`` adds a game at run time (tests use it for the test-only Sealed Bid game).
"""
from __future__ import annotations

import importlib

from railhead import engine
from railhead.engine import IllegalAction

from .ui import CLOCK_OPTIONS, GameUI, Param, convert_arg


def _discover() -> dict[str, GameUI]:
    """Every engine game's UI, by id (``bot.games.<id>.ui.UI``). Raises ``ImportError`` naming the
    folder when an engine game has no UI yet."""
    uis = {}
    for gid in engine.GAMES:
        try:
            module = importlib.import_module(f"{__package__}.games.{gid}.ui")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__package__}.games.{gid}" and exc.name != f"{__package__}.games.{gid}.ui":
                raise
            raise ImportError(f"The game {gid!r} (engine/games/{gid}/) has no UI: add bot/games/{gid}/ui.py "
                              "with its UI.") from None
        uis[gid] = module.UI
    return uis


UIS: dict[str, GameUI] = _discover()
_EXTRA: dict[str, engine.Game] = {}


def games() -> dict[str, engine.Game]:
    """Every game with a UI, by id."""
    return {gid: g for gid, g in {**engine.GAMES, **_EXTRA}.items() if gid in UIS}


def game(game_id: str) -> engine.Game:
    """The game ``game_id``; raises ``IllegalAction`` naming the available ones."""
    found = games().get(game_id) if isinstance(game_id, str) else None
    if found is None:
        raise IllegalAction(f"Unknown game {str(game_id)[:40]!r}; available: {', '.join(sorted(games()))}.")
    return found


def register(game_: engine.Game, ui: GameUI) -> None:
    """Add a game and its UI at run time (tests register the test-only Sealed Bid game)."""
    _EXTRA[game_.id] = game_
    UIS[game_.id] = ui


def unregister(game_id: str) -> None:
    """Remove a game added with ``register``."""
    _EXTRA.pop(game_id, None)
    UIS.pop(game_id, None)


def new_game_params() -> list[tuple[Param, tuple[str, ...]]]:
    """``/game new``'s options after ``game``: every game's ``new_options`` (one per name, in the
    games' order, with the ids of the games that take it), then the clock options (taken by all
    games: an empty tuple)."""
    out: dict[str, tuple[Param, tuple[str, ...]]] = {}
    for gid, ui in UIS.items():
        for param in ui.new_options:
            first, ids = out.get(param.name, (param, ()))
            out[param.name] = (first, ids + (gid,))
    return list(out.values()) + [(p, ()) for p in CLOCK_OPTIONS]


def new_game_args(game_id: str, given: dict) -> tuple[dict, dict]:
    """``(options, clock)`` for ``Table.new`` from ``/game new``'s options as given (Discord's
    values or typed text; ``None`` for left out): each converted to its kind, the game's through
    its UI's ``options_from_text``. Raises ``IllegalAction`` for an unknown game, an option no game
    has, or another game's option."""
    game_ = game(game_id)
    ui = UIS[game_.id]
    own = {p.name: p for p in ui.new_options}
    clock_params = {p.name: p for p in CLOCK_OPTIONS}
    offered = {p.name: ids for p, ids in new_game_params()}
    options: dict = {}
    clock: dict = {}
    for name, value in given.items():
        if value is None:
            continue
        if name == "time_limit_hours" and isinstance(value, str) and value.strip().lower() in ("none", "0"):
            clock[name] = None                     # no limit, as `game timing time_limit_hours=none`
        elif name in clock_params:
            clock[name] = convert_arg(clock_params[name], value)
        elif name in own:
            options[name] = convert_arg(own[name], value)
        elif name in offered:
            whose = " and ".join(games()[g].name for g in offered[name] if g in games())
            raise IllegalAction(f"`{name}` is an option of {whose}, not of {game_.name}.")
        else:
            names = ", ".join(f"`{n}`" for n in [*own, *clock_params])
            raise IllegalAction(f"{game_.name} has no option `{name}` (its options: {names}).")
    return ui.options_from_text(options), clock
