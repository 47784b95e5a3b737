"""``/game new``'s options of a game, made from its engine ``Options`` (``engine/core/options.py``).

A game UI mixes in ``EngineOptions`` and names its ``options_type``: its ``new_options`` (the
``Param`` s ``bot/registry.py`` offers on Discord and at the local table, and ``docs/actions``
lists) and ``options_from_text`` (typed values -> the engine's options) follow from the struct's
fields and their ``option`` metadata. What the UI adds is presentation only: the values a text
option autocompletes (a game's maps, ``option_suggestions``).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any, ClassVar

import msgspec

from railhead.engine import IllegalAction
from railhead.engine.core.options import OptionInfo, describe, groups

from .ui import Param, Suggestion

Suggest = tuple[Callable[[], Sequence[str]], Callable[[int | None], Sequence[Suggestion]] | None]
"""An option's autocompletion: ``(suggest, suggest_for)`` as in ``Param``."""


def described(info: OptionInfo) -> str:
    """What an option does, with its default when said: ``the objective (default economist)``."""
    return info.text + (f" (default {info.default_text})" if info.default_text else "")


def _param(info: OptionInfo, suggest: Suggest | None) -> Param:
    kind = info.kind if info.kind in (bool, int) else str
    example = info.example or ("false" if kind is bool and info.default_text == "yes" else "")   # the change to type
    return Param(info.name, kind, described(info), choices=info.choices, labels=info.labels,
                 min=info.low, max=info.high, example=example,
                 suggest=suggest[0] if suggest else None, suggest_for=suggest[1] if suggest else None)


def _group_param(name: str, text: str, members: list[OptionInfo]) -> Param:
    words = ",".join(m.words[0] for m in members)
    return Param(name, str, f"{text}: {words} (default none)", example=f"{words}|all")


def engine_params(options_type: type[msgspec.Struct], suggestions: dict[str, Suggest] | None = None
                  ) -> tuple[Param, ...]:
    """``/game new``'s options of a game: one per field of ``options_type`` in field order, a
    group's yes/no options as one text option at its first member's place."""
    suggestions = suggestions or {}
    infos = describe(options_type)
    texts = groups(options_type)
    out: list[Param] = []
    for info in infos:
        if not info.group:
            out.append(_param(info, suggestions.get(info.name)))
        elif info.group not in (p.name for p in out):
            out.append(_group_param(info.group, texts[info.group], [i for i in infos if i.group == info.group]))
    return tuple(out)


def _items(info: OptionInfo, text: str) -> list:
    """A list option as typed: words or commas (``5 6 7 8``, ``5,6,7,8``, ``mayor+engineer``;
    numbers also ``5-6-7-8``); numbers become ``int``, words lower case (the engine checks them)."""
    cuts = r"[\s,+\-]+" if info.item is int else r"[\s,+]+"
    words = [w for w in re.split(cuts, text.strip()) if w]
    return [int(w) if info.item is int and w.isdigit() else w.lower() for w in words]


def _members(name: str, members: list[OptionInfo], text: str) -> dict[str, bool]:
    """A group typed as words (``mines, depots``; ``all``; ``none``) -> its options that are on.
    Raises ``IllegalAction`` naming a word of no member."""
    words = [w for w in re.split(r"[\s,]+", text.lower()) if w and w != "none"]
    if words == ["all"]:
        return {m.name: True for m in members}
    by_word = {w: m.name for m in members for w in m.words}
    unknown = [w for w in words if w not in by_word]
    if unknown:
        shown = ", ".join(m.words[0] for m in members)
        raise IllegalAction(f"{unknown[0]!r} is not one of the {name}: choose among {shown} (or all).")
    return {by_word[w]: True for w in words}


def options_from_text(options_type: type[msgspec.Struct], typed: dict[str, Any]) -> dict[str, Any]:
    """The engine's options from ``/game new``'s (as ``engine_params`` offers them, already
    converted to their kinds): a list typed as text becomes its items, a group's words its
    options; the engine checks the rest. Raises ``IllegalAction`` for a group's unknown word."""
    infos = describe(options_type)
    by_name = {i.name: i for i in infos}
    options: dict[str, Any] = {}
    for name, value in typed.items():
        info = by_name.get(name)
        if info is None and name in groups(options_type) and isinstance(value, str):
            options |= _members(name, [i for i in infos if i.group == name], value)
        elif info is not None and info.kind is list and isinstance(value, str):
            if value.strip():                      # blank: as if not given
                options[name] = _items(info, value)
        else:
            options[name] = value
    return options


class EngineOptions:
    """The ``GameUI`` part of a game whose ``/game new`` options are its engine ``Options``:
    set ``options_type`` (and ``option_suggestions``: option name -> ``(suggest, suggest_for)``)."""

    options_type: ClassVar[type[msgspec.Struct]]
    option_suggestions: ClassVar[dict[str, Suggest]] = {}

    @cached_property
    def new_options(self) -> tuple[Param, ...]:
        """See ``GameUI.new_options``: ``engine_params`` of ``options_type``."""
        return engine_params(self.options_type, self.option_suggestions)

    def options_from_text(self, typed: dict[str, Any]) -> dict[str, Any]:
        """See ``GameUI.options_from_text``: the module's ``options_from_text``."""
        return options_from_text(self.options_type, typed)
