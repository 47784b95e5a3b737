"""What a player types after a game command at the local table (``rotw link Köln Frankfurt``),
read into the command's arguments by its spec's parameters."""
from __future__ import annotations

from railhead.engine import IllegalAction

from .ui import convert_arg


def command_args(ui, words: list[str]) -> dict:
    """``key=value`` words by name; a word that is one of exactly one parameter's choices
    (``bottom`` for ``part``) goes to that parameter; the others fill the command's parameters
    in order (a ``rest`` parameter takes all the remaining words). A word that cannot be the
    next parameter goes on with the name before it when a later word can (``deliver Reggio
    Emilia red``) or the next parameter is a yes/no (``tile first build``); words left at the
    end go on with the one name typed, if only one was (else they are refused)."""
    spec = ui.commands.get(words[0].lower())
    args: dict = {}
    positional = []
    params = spec.params if spec else ()
    for w in words[1:]:
        key, eq, value = w.partition("=")
        chosen = [p for p in params if w.lower() in p.choices and p.name not in args]
        if eq and key in {p.name for p in params}:
            args[key] = value
        elif len(chosen) == 1 and not chosen[0].rest:
            args[chosen[0].name] = w
        else:
            positional.append(w)
    free = [p for p in params if p.name not in args]
    used = 0
    last = None                                  # the last plain text parameter filled
    names = 0                                    # plain text parameters filled by position
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
            names += last is not None
    if last is not None and names == 1 and positional[used:]:
        args[last] += " " + " ".join(positional[used:])      # one name, so the words are its
        used = len(positional)
    if positional[used:]:
        args["_extra"] = " ".join(positional[used:])      # refused by the command's check, never dropped
    return args


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
