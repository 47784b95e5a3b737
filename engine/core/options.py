"""A game's options as players meet them, declared once on the game's ``Options`` struct.

Each field of ``engine/games/<game>/options.py``'s ``Options`` carries ``option(...)`` metadata:
a few words on what it does, the labels of its choices, how its default reads when the value
alone does not say it, and, for a set of yes/no options chosen together, their group (the
Railways of the World add-on modules). ``describe`` reads them back, with each field's kind,
choices, bounds and default from the struct itself, as ``OptionInfo`` records: the bot's
``/game new`` options, the local table's help for ``game new`` and ``docs/actions/`` are made
from them (``bot/game_options.py``), so nothing lists an option twice.

A field is declared like this::

    bidding: Annotated[Literal["traditional", "first_to_pass"], option(
        "the first-player auction's style",
        labels={"traditional": "Traditional: the winner pays, clockwise", ...})] = "traditional"

The words after the field's own ``msgspec.Meta(description=...)`` stay what a refused value is
told ("`map` must be a map id under data/maps/rotw ...", ``actions.explain``).
"""
from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any, Literal

import msgspec

KEY = "option"
"""The key of ``option`` metadata in ``msgspec.Meta(extra=...)``."""


def option(text: str, *, labels: dict[str, str] | None = None, default: str | None = None,
           example: str = "", group: str = "", words: tuple[str, ...] = ()) -> msgspec.Meta:
    """The metadata of one option field. ``text``: what the option does, lower case, a few words
    (Discord shows it with a capital letter and the default; at most 80 characters); ``labels``:
    each choice of a ``Literal`` field -> its name in a list (at most 100 characters); ``default``:
    how the default reads ("players + 1"; ``""``: not said), when the value alone does not say it
    (the default of a choice is said by its value, a yes/no's ``True`` as "yes", any other not at
    all); ``example``: a value as typed ("5,6,7,8"); ``group``: the group of yes/no options chosen
    together, by words, as one ("modules"; its text is the struct's ``groups[group]``);
    ``words``: the words that choose this option in its group, the first shown (the field's
    name, with dashes or underscores, always does). Raises ``ValueError`` for text too long."""
    if not text or len(text) > 80:
        raise ValueError(f"An option's text is 1-80 characters: {text!r}.")
    if any(len(label) > 100 for label in (labels or {}).values()):
        raise ValueError("A choice's label is at most 100 characters.")
    meta = {"text": text, "labels": dict(labels or {}), "default": default, "example": example,
            "group": group, "words": list(words)}
    return msgspec.Meta(extra={KEY: meta})


@dataclass(frozen=True)
class OptionInfo:
    """One option of a game, read from its ``Options`` field (``describe``). ``kind``: ``bool``,
    ``int``, ``str`` or ``list`` (typed as words or commas; ``item``: ``int`` or ``str``, the
    items' kind); ``default``: the engine's default value (``None`` for a yes/no whose default
    depends on other options, said by ``default_text``); ``default_text``: the default as players
    read it, or ``""`` when not said; ``choices``/``labels``: a ``Literal`` field's values and
    their names; ``low``/``high``: a number's bounds; ``group``/``words``: see ``option``."""

    name: str
    text: str
    kind: type
    default: Any
    default_text: str = ""
    item: type | None = None
    choices: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    example: str = ""
    group: str = ""
    words: tuple[str, ...] = ()


def _plain(t: Any) -> tuple[Any, dict]:
    """``t`` without its ``Metadata`` wrappers and ``None`` in a union, and the option metadata met."""
    meta: dict = {}
    while True:
        if isinstance(t, msgspec.inspect.Metadata):
            meta = (t.extra or {}).get(KEY) or meta
            t = t.type
        elif isinstance(t, msgspec.inspect.UnionType):
            others = [x for x in t.types if not isinstance(x, msgspec.inspect.NoneType)]
            if len(others) != 1:
                raise TypeError(f"An option is one kind or none, not {t!r}.")
            t = others[0]
        else:
            return t, meta


def _kind(t: Any) -> tuple[type, type | None, tuple[str, ...], int | None, int | None]:
    """``(kind, item kind, choices, low, high)`` of a plain msgspec type."""
    ins = msgspec.inspect
    if isinstance(t, ins.BoolType):
        return bool, None, (), None, None
    if isinstance(t, ins.IntType):
        return int, None, (), t.ge, t.le
    if isinstance(t, ins.StrType):
        return str, None, (), None, None
    if isinstance(t, ins.LiteralType):
        return str, None, tuple(str(v) for v in t.values), None, None
    if isinstance(t, ins.ListType):
        item, _ = _plain(t.item_type)
        return list, _kind(item)[0], (), None, None
    raise TypeError(f"An option is a yes/no, a whole number, text, a choice or a list, not {t!r}.")


def _literal_order(hint: Any) -> tuple[str, ...]:
    """The values of the ``Literal`` inside a field's annotation, in the order written (msgspec's
    own inspection sorts them)."""
    if typing.get_origin(hint) is Literal:
        return tuple(str(v) for v in typing.get_args(hint))
    for arg in typing.get_args(hint):
        found = _literal_order(arg)
        if found:
            return found
    return ()


def _default_text(meta: dict, default: Any, choices: tuple[str, ...]) -> str:
    if meta.get("default") is not None:
        return meta["default"]
    if choices:
        return str(default)
    return "yes" if default is True else ""


def describe(options_type: type[msgspec.Struct]) -> list[OptionInfo]:
    """Every field of a game's ``Options`` struct as an ``OptionInfo``, in field order. Raises
    ``TypeError`` naming a field without ``option`` metadata or of a kind players cannot type."""
    out = []
    hints = typing.get_type_hints(options_type, include_extras=True)
    info = msgspec.inspect.type_info(options_type)
    if not isinstance(info, msgspec.inspect.StructType):
        raise TypeError(f"{options_type!r} is not a msgspec Struct")
    for field in info.fields:
        plain, meta = _plain(field.type)
        if not meta:
            raise TypeError(f"{options_type.__module__}.{options_type.__name__}.{field.name} has no option(...) "
                            "metadata: say what it does.")
        kind, item, choices, low, high = _kind(plain)
        choices = _literal_order(hints[field.name]) if choices else ()
        default = field.default_factory() if field.default is msgspec.NODEFAULT else field.default
        labels = tuple(meta["labels"].get(c, c) for c in choices) if meta["labels"] else ()
        words = tuple(dict.fromkeys([*meta["words"], field.name, field.name.replace("_", "-")])) \
            if meta["group"] else ()
        out.append(OptionInfo(field.encode_name, meta["text"], kind, default, _default_text(meta, default, choices),
                              item, choices, labels, low, high, meta["example"], meta["group"], words))
    return out


def groups(options_type: type[msgspec.Struct]) -> dict[str, str]:
    """The struct's groups of yes/no options (``groups``: name -> what choosing among them does)."""
    return dict(getattr(options_type, "groups", {}))
