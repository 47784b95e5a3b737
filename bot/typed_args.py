"""What a player types after a game command at the local table (``rotw link Köln Frankfurt``),
read into the command's arguments by its spec's parameters; and the arguments of the lobby's
``game ...`` commands, read the same way (``LOBBY``).

Every argument may be typed by position or as ``name=value`` (``game history 2`` is ``game
history page=2``). Names with spaces need no quotes: the words of a city, town or card name of
the game (``Hradec Králové``, ``City Growth``, any case, accents optional) stay together, and a
word ending in a colon goes on with the name after it (``Hotel: Frankfurt``)."""
from __future__ import annotations

from collections.abc import Iterable

from railhead.engine import IllegalAction
from railhead.engine.common.names import fold

from .ui import Command, Param, convert_arg


def command_args(ui, words: list[str], map_id: str | None = None) -> dict:
    """The arguments of the game command ``words[0]`` of ``ui`` typed as ``words[1:]`` (see
    ``typed_args``; names of the table's map, ``map_id`` (else of every map), and cards stay together)."""
    spec = ui.commands.get(words[0].lower())
    return typed_args(spec.params if spec else (), words[1:], known_names(ui, map_id))


def typed_args(params: Iterable[Param], words: list[str], names: frozenset[tuple[str, ...]] = frozenset()) -> dict:
    """``key=value`` words by name; a word that is one of exactly one parameter's choices
    (``bottom`` for ``part``) goes to that parameter (an unknown ``key=`` is kept, for the check to
    refuse); the others fill the parameters in order (a
    ``rest`` parameter takes all the remaining words, also after its ``key=``). The words of one of ``names`` (folded
    words of multi-word names) are one word, as is a word ending in a colon with the one after it.
    A word that cannot be the next parameter goes on with the name before it when a later word
    can (``deliver Reggio Emilia red``) or the next parameter is a yes/no (``tile first build``);
    words left at the end go on with the one name typed, if only one was (else they are refused)."""
    params = tuple(params)
    words = group_names(discord_keys(words, {p.name for p in params}), names)
    args: dict = {}
    positional = []
    rest = {p.name for p in params if p.rest}
    keyed = None                                 # a rest parameter typed as key=value: it takes the words after it
    for w in words:
        key, eq, value = w.partition("=")
        chosen = [p for p in params if w.lower() in p.choices and p.name not in args]
        if eq and (key.lower() in {p.name for p in params} or key.isidentifier()):
            args[key.lower()] = value             # an unknown name is refused by the command's check
            keyed = key.lower() if key.lower() in rest else None
        elif keyed is not None:
            args[keyed] += " " + w                # `game board zoom=Hradec Kralove`
        elif len(chosen) == 1 and not chosen[0].rest:
            args[chosen[0].name] = w
        else:
            positional.append(w)
    free = [p for p in params if p.name not in args]
    used = 0
    last = None                                  # the last plain text parameter filled
    named = 0                                    # plain text parameters filled by position
    for p in free:
        if p.rest:
            if positional[used:]:
                args[p.name] = " ".join(positional[used:])
            used = len(positional)
            break
        while last is not None and used < len(positional) and _joins(p, positional[used:]):
            args[last] += " " + positional[used]             # a name with spaces: "Reggio Emilia"
            used += 1
        if used < len(positional):
            args[p.name] = positional[used]
            used += 1
            last = p.name if p.kind is str and not p.choices else None
            named += last is not None
    if last is not None and named == 1 and positional[used:]:
        args[last] += " " + " ".join(positional[used:])      # one name, so the words are its
        used = len(positional)
    if positional[used:]:
        args["_extra"] = " ".join(positional[used:])      # refused by the command's check, never dropped
    return args


def discord_keys(words: list[str], keys: set[str]) -> list[str]:
    """Discord's spelling of an argument, as the bot's own texts show it, read as ``name=value``:
    ``card:City`` -> ``card=City``, and ``card: City`` (a space after the colon) -> ``card=City``,
    for the names in ``keys`` only (``Hotel: Frankfurt`` stays a card name)."""
    out: list[str] = []
    for i, w in enumerate(words):
        key, colon, value = w.partition(":")
        if colon and "=" not in key and key.lower() in keys:
            if value or i + 1 == len(words):
                out.append(f"{key}={value}")
            else:
                out.append(f"{key}=")                       # the value is the next word
        elif out and out[-1].endswith("=") and out[-1][:-1].lower() in keys:
            out[-1] += w
        else:
            out.append(w)
    return out


def group_names(words: list[str], names: frozenset[tuple[str, ...]] = frozenset()) -> list[str]:
    """``words`` with the words of each multi-word name in ``names`` (tuples of folded words; the
    longest first) joined into one word, also after ``key=``; and a word ending in a colon joined
    with the word or name after it (``Hotel: Frankfurt``)."""
    longest = max((len(n) for n in names), default=0)
    out: list[str] = []
    i = 0
    while i < len(words):
        key, eq, first = words[i].partition("=")
        if not eq or not key.isidentifier():
            key, eq, first = "", "", words[i]
        size = 1
        for n in range(min(longest, len(words) - i), 1, -1):
            if tuple(fold(w) for w in [first, *words[i + 1:i + n]]) in names:
                size = n
                break
        out.append(key + eq + " ".join([first, *words[i + 1:i + size]]))
        i += size
        if out[-1].endswith(":") and i < len(words) and "=" not in words[i]:
            rest = group_names(words[i:], names)
            out[-1] += " " + rest[0]
            out += rest[1:]
            break
    return out


def known_names(ui, map_id: str | None = None) -> frozenset[tuple[str, ...]]:
    """The multi-word names a player of ``ui``'s game may type (``GameUI.typed_names``: the cities
    and towns of map ``map_id``, or of every map, and its cards), as tuples of folded words; read once
    per game and map."""
    key = (getattr(ui, "game_id", ""), map_id)
    if key not in _NAMES:
        names = (ui.typed_names(map_id) if map_id else ui.typed_names()) if hasattr(ui, "typed_names") else []
        _NAMES[key] = frozenset(tuple(fold(w) for w in n.split()) for n in names if len(n.split()) > 1)
    return _NAMES[key]


_NAMES: dict[tuple[str, str | None], frozenset[tuple[str, ...]]] = {}


def _fits(param, word: str) -> bool:
    """Whether ``word`` could be ``param``'s value (as the command's own check converts it)."""
    try:
        convert_arg(param, word)
    except IllegalAction:
        return False
    return True


def _joins(param, words: list[str]) -> bool:
    """Whether ``words[0]`` belongs to the name before it rather than to ``param``: it cannot be
    ``param``'s value, and a later word can, or ``param`` is a yes/no."""
    return not _fits(param, words[0]) and (param.kind is bool or any(_fits(param, w) for w in words[1:]))


async def _lobby(ctx, args: dict) -> None:
    """No handler: the local table calls the ``Table`` method of a lobby command itself."""
    return None


def _lobby_command(name: str, description: str, *params: Param) -> Command:
    return Command(name, description, _lobby, tuple(params), local_only=True)


LOBBY = {c.name: c for c in (
    _lobby_command("history", "the channel's finished games, a page at a time",
                   Param("page", int, "the page", min=1, max=1000),
                   Param("story", bool, "a score chart and an animated replay of the board instead")),
    _lobby_command("board", "the board; a close view around a city, hex or space",
                   Param("zoom", str, "a city, hex or space to look at closely", rest=True)),
    _lobby_command("leaderboard", "ratings of the players", Param("game", str, "a game")),
    _lobby_command("rules", "a game's short guide", Param("game", str, "a game")),
    _lobby_command("maps", "small pictures of a game's maps", Param("game", str, "a game")),
    _lobby_command("kick", "take a player's seat (they may join again)",
                   Param("player", str, "the player's name", required=True, rest=True)),
    _lobby_command("import", "a game exported with `game export`",
                   Param("path", str, "the exported file", required=True, rest=True)),
    _lobby_command("vote", "answer the open undo vote",
                   Param("answer", str, "agree or refuse", required=True, choices=("agree", "refuse"))),
    _lobby_command("abandon", "abandon the game (asks first)", Param("confirm", bool, "at once, without asking")),
    _lobby_command("note", "your private notes on this game: add one, list them, or clear them",
                   Param("text", str, "the note to keep", rest=True),
                   Param("clear", bool, "delete all your notes on this game")),
    _lobby_command("hint", "a suggested move for your turn, privately (with `allow`: the creator, in the lobby)",
                   Param("allow", bool, "let the players ask for hints (or not)")),
    _lobby_command("follow", "receive this game's public moves by DM, without a seat",
                   Param("stop", bool, "stop following")),
    _lobby_command("timing", "the clock of this table (creator)",
                   Param("remind_hours", str, "hours before a reminder"),
                   Param("reminders", str, "at most this many reminders per move"),
                   Param("time_limit_hours", str, "hours per move, or none")),
    _lobby_command("add-ai", "seat an AI player at the table (creator, before the start)",
                   Param("level", str, "how well it plays", choices=("easy", "normal", "hard"))),
    _lobby_command("settings", "your settings",
                   Param("colourblind", bool, "colour-blind aids"), Param("dm", bool, "a DM on your turn"),
                   Param("layout", str, "the board's shape", choices=("phone", "desktop")),
                   Param("confirm_pass", bool, "ask before passing")),
)}
"""The lobby's ``game`` commands that take arguments, as specs: each argument by position or as
``name=value`` (``game board D7`` is ``game board zoom=D7``)."""


def lobby_args(verb: str, words: list[str]) -> dict:
    """The checked arguments of ``game VERB words...`` (``LOBBY``; a verb without arguments takes
    none). Raises ``IllegalAction`` with a sentence for words it cannot read."""
    spec = LOBBY.get(verb)
    if spec is None:
        if words:             # never drop what was typed: options belong to `game new`
            raise IllegalAction(f"`game {verb}` takes nothing after it (not {' '.join(words)!r}); a game's "
                                "options are chosen with `game new`.")
        return {}
    return spec.check(typed_args(spec.params, words))

