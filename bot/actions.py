"""Engine actions built from the engine's own action structs (``engine/games/<game>/actions.py``).

A game UI writes ``plain(Bid(amount=3))`` rather than ``{"type": "bid", "amount": 3}``: a field
renamed or dropped in the engine then fails where the UI is imported or type-checked, not at a
player's press. The result is the plain JSON action the table stores and ``Apply`` and buttons
carry, the same dict the engine's ``legal_actions`` lists.

Every game's UI builds its engine actions this way (``tests/test_game_options.py`` holds the four
games to it: no ``{"type": ...}`` dict of an engine action in ``bot/games/<game>/``). The bot's own
pseudo-actions (``_cmd``, ``_cancel``, ``_menu``, ``_program``, ``_lobby``) are not the engine's and
stay dicts; the actions the engine lists (``legal_actions``) are offered as they come.
"""
from __future__ import annotations

import msgspec

from railhead.engine.core import Action


def plain(struct: Action) -> dict:
    """The JSON action of ``struct``: its ``type`` and its fields by their JSON names (``from``),
    leaving out those at their defaults, as a hand-written action would."""
    out = msgspec.to_builtins(struct)
    for field in msgspec.inspect.type_info(type(struct)).fields:
        if field.required:
            continue
        default = field.default_factory() if field.default is msgspec.NODEFAULT else field.default
        if out.get(field.encode_name) == msgspec.to_builtins(default):
            del out[field.encode_name]
    return out
