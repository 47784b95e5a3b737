"""The local table's help: the quick-start guide printed when it opens, and ``help``'s text for
the lobby and for each game's ``game new`` options (from each game UI's ``new_options``, made from the
engine's ``Options`` by ``bot/game_options.py``)."""
from __future__ import annotations

from . import registry
from .ui import CLOCK_OPTIONS, Param

GUIDE = """\
Railhead local table: type the same commands as in Discord (without the leading slash).
Quick start, three players at one keyboard:
  as Ann              act as Ann (any new name is a new player)
  game new rotw       open a Railways of the World table (Ann sits down)
  as Bob              then: game join
  as Cat              then: game join
  as Ann              then: game start
Then follow the prompts: after each move the prompt switches to the player the game waits on
("as NAME" to act out of turn). "click N" presses button N of the last message you saw,
"pick N" picks option N of its menu, "rotw link Köln Frankfurt" builds, "help" lists everything.
Hot-seat: private text (your hand, secret menus) is shown only behind a curtain: "Pass the
keyboard to Bob", Enter, Bob reads, Enter hides it (`railhead local --open`: no curtain).
Alone against the AI: "game new rotw ai=normal,normal" seats two AI players beside you (or
"game add-ai normal" in the lobby; levels easy, normal, hard); then "game start". AI moves
happen by themselves, each with one line saying why.
Solo: "game new railways" starts Railways at once (objective=mayor, cards=5,6,7,8 optional).
Railway Workers: "game new workers" (2-4 players); secret menus come as private messages.
Steam: "game new steam" (3-6 players): "steam build F7 W E" lays track, "steam deliver" opens a menu."""

LOBBY_HELP = """\
Players:  as NAME  |  who
Lobby:    game new [game=]GAME [OPTION=VALUE ...]  (the options of each game below)  |  game join | leave | start
          game status | game board [[zoom=]ZOOM: a city, hex or space] | game hand | game undo | game stats
          game vote [answer=]agree|refuse | game kick [player=]NAME | game health
          game add-ai [[level=]easy|normal|hard] (an AI player; `game new GAME ai=normal,hard` seats them at once)
          game rejoin (take your seat back from the AI after a time-limit vote; `game join` does too)
          game abandon (asks first; `game abandon yes` or `confirm=yes` at once)
          game timing [[remind_hours=]6] [[reminders=]2] [[time_limit_hours=]48|none]  (creator)
          game hint (a suggested move for your turn, privately) | game hint allow=true|false (creator, lobby)
          game history [[page=]PAGE] [story=yes] | game export (writes a JSON file) | game import [path=]PATH
          game rules [[game=]GAME] | game leaderboard [[game=]GAME] | game maps [[game=]GAME] (pictures of maps)
          game settings [colourblind=true] [dm=false] [layout=phone|desktop] [confirm_pass=false]
Typing:   every argument by position or as name=value (`[zoom=]ZOOM`: `game board D7` or `game board zoom=D7`);
          names need no quotes and no accents: `rotw link Praha Hradec Kralove`, `rotw card Hotel: Frankfurt`
Buttons:  click N (button N of the last message you saw)  |  pick N (option N of its menu; pick 2.N: of menu 2)
          each message with buttons or a menu has a letter (`Buttons B:`, `Menu B,`): `click B1`, `pick B2`
          press one that is still on screen but not the last you saw
Quit:     quit"""


def option_usage(param: Param) -> str:
    """``[name=VALUE]`` for a ``/game new`` option: its choices or suggestions (``NAME`` for
    labelled suggestions, listed on a line of their own by ``new_game_help``), else its example
    (``false`` for a yes/no that is on by default), ``true`` for a yes/no, else its kind."""
    if param.suggest_for is not None:
        return f"[{param.name}={param.name.upper()}]"
    values = list(param.choices) or (list(param.suggest()) if param.suggest else [])
    shown = "|".join(values) or param.example or ("true" if param.kind is bool else param.kind.__name__.upper())
    return f"[{param.name}={shown}]"


def new_game_help() -> list[str]:
    """The local table's help for ``game new``: one entry per game with its options (from its
    UI's ``new_options``; the values of labelled suggestions, a map's, after them, each with
    its note) and the clock options all games take."""
    lines = []
    for gid, ui in registry.UIS.items():
        game = registry.games().get(gid)
        if game is None:
            continue
        players = "solo: starts at once" if game.max_seats == 1 else f"{game.min_seats}-{game.max_seats} players"
        entries = [[f"game new {gid}", *(option_usage(p) for p in ui.new_options), f"({players})"]]
        for p in ui.new_options:
            values = [f"{s.value} ({s.note})" for s in p.suggest_for(None)] if p.suggest_for else []
            if values:
                entries.append([f"{p.name}:", *(v + "," for v in values[:-1]), f"{values[-1]};", "`game maps`"])
        for words in entries:
            line = "         " if words is entries[0] else "             "
            for word in words:
                if len(line) + len(word) > 110:
                    lines.append(line)
                    line = "             "
                line += " " + word
            lines.append(line)
    lines.append("          any game: " + " ".join(option_usage(p) for p in CLOCK_OPTIONS))
    return lines
