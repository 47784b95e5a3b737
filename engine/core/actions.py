"""Typed actions: each game declares its actions as msgspec structs tagged by ``type``.

``decode`` turns a JSON action into its struct once, and turns a decoding error into
``IllegalAction`` with a sentence a player understands. Unknown fields are refused.
``reference`` writes the action reference (``docs/actions/<game>.md``) from the same schema.

A game's action struct is declared like this::

    class Bid(msgspec.Struct, tag="bid", tag_field="type", forbid_unknown_fields=True):
        '''Bid in the first-player auction.'''   # "when" column of the reference
        amount: Annotated[int, msgspec.Meta(ge=1, description="a whole number of thousands")]
        example: ClassVar[dict] = {"type": "bid", "amount": 3}
"""
from __future__ import annotations

import json
import re
from typing import Any, ClassVar, get_args

import msgspec

from .errors import IllegalAction


class Action(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, frozen=True):
    """Base of every action struct (tagged by ``type``, unknown fields refused). A subclass says
    ``frozen=True`` again: msgspec inherits it, the type checker does not know that it does."""

    example: ClassVar[dict] = {}


class Undo(Action, tag="undo", frozen=True):
    """Take back your last move (and everything after it). Alone when it was the last move and
    it drew or revealed nothing; otherwise every other player must agree."""

    example: ClassVar[dict] = {"type": "undo"}


class UndoVote(Action, tag="undo_vote", frozen=True):
    """Agree or refuse while an undo vote is open."""

    agree: bool
    example: ClassVar[dict] = {"type": "undo_vote", "agree": True}


CORE_ACTIONS = (Undo, UndoVote)

_TAGS: dict[type, str | None] = {}


def tag_of(cls: type[msgspec.Struct]) -> str | None:
    """The ``type`` of an action struct class, e.g. ``"bid"``; ``None`` for an untagged struct
    (an options schema). Read from msgspec's public ``inspect.type_info``, cached per class."""
    if cls not in _TAGS:
        tag = getattr(msgspec.inspect.type_info(cls), "tag", None)
        _TAGS[cls] = tag if isinstance(tag, str) else None
    return _TAGS[cls]


def kind_of(action: Action) -> str:
    """The kind of a decoded action: its ``type``, e.g. ``"bid"`` for ``Bid(amount=3)``.
    Raises ``TypeError`` for something that is not a tagged action struct."""
    kind = tag_of(type(action)) if isinstance(action, msgspec.Struct) else None
    if kind is None:
        raise TypeError(f"{type(action).__name__} is not a tagged action struct.")
    return kind

_TYPES = {"int": "a whole number", "str": "text", "bool": "true or false", "float": "a number",
          "array": "a list", "object": "an object", "null": "empty", "float | int": "a number"}
_EXPECTED = re.compile(r"Expected `([^`]+)`(?:,? got `([^`]+)`)?(.*?)(?: - at `\$([^`]*)`)?$")
_UNKNOWN = re.compile(r"Object contains unknown field `([^`]+)`")
_MISSING = re.compile(r"Object missing required field `([^`]+)`")
_TAG = re.compile(r"Invalid value '([^']*)' - at `\$\.type`")
_ENUM = re.compile(r"Invalid enum value (.+?) - at `\$([^`]*)`")


def struct_types(union: Any) -> tuple[type[Action], ...]:
    """The struct classes of an action union (or of a single struct)."""
    return tuple(get_args(union)) or (union,)


def _fields(cls: type) -> tuple[msgspec.inspect.Field, ...]:
    """The fields of a Struct class, as ``msgspec.inspect`` describes them (none for another type)."""
    info = msgspec.inspect.type_info(cls)
    return info.fields if isinstance(info, msgspec.inspect.StructType) else ()


def _field_name(path: str) -> str:
    """``.path[2]`` -> "`path` item 3"."""
    m = re.fullmatch(r"\.(\w+)(?:\[(\d+)\])?.*", path or "")
    if not m:
        return "the action"
    return f"`{m.group(1)}`" + (f" item {int(m.group(2)) + 1}" if m.group(2) else "")


def _description(cls: type | None, path: str) -> str | None:
    m = re.fullmatch(r"\.(\w+).*", path or "")
    if cls is None or not m:
        return None
    if re.fullmatch(r"\.\w+\[\d+\].*", path):
        return None                       # an item of a list: its own type says it best
    for field in _fields(cls):
        if field.encode_name == m.group(1):
            return _described(field.type)
    return None


def _described(t: Any) -> str | None:
    """The ``msgspec.Meta(description=...)`` of a field type, if any."""
    return (getattr(t, "extra_json_schema", None) or {}).get("description")


def _article(word: str) -> str:
    return f"{'An' if word[:1].lower() in 'aeiou' else 'A'} {word}"


def explain(exc: msgspec.ValidationError, union: Any, raw: dict, what: str = "action") -> str:
    """A player's sentence for a decoding error of ``raw`` against ``union`` (an action union,
    or an options struct with ``what="option"``)."""
    text = str(exc)
    kinds = {tag: c for c in struct_types(union) if (tag := tag_of(c)) is not None}
    kind = raw.get("type") if isinstance(raw, dict) else None
    cls = kinds.get(kind) if isinstance(kind, str) else None
    if what != "action":
        cls = union
    label = _article(f"{raw.get('type')} action") if what == "action" and cls else f"This {what}"
    if m := _TAG.search(text):
        return f"Unknown action {m.group(1)!r}; actions are: {', '.join(sorted(kinds))}."
    if m := _UNKNOWN.search(text):
        allowed = [f.encode_name for f in _fields(cls)] if cls else []
        if what != "action":
            return f"There is no {what} `{m.group(1)}`; the {what}s are: {', '.join(allowed)}."
        hint = f" (its fields: {', '.join(allowed)})" if allowed else " (it has no other fields)"
        return f"{label} has no field `{m.group(1)}`{hint}."
    if m := _MISSING.search(text):
        if m.group(1) == "type":
            return 'An action is a JSON object with a "type".'
        return f"{label} needs `{m.group(1)}`."
    if m := _EXPECTED.match(text):
        expected, got, bound, path = m.groups()
        desc = _description(cls, path or "") or _TYPES.get(expected, f"`{expected}`") + (bound or "")
        if path in (None, ""):
            if what != "action":
                return f"The {what}s are a JSON object."
            return 'An action is a JSON object with a "type".'
        return f"{_field_name(path)} must be {desc.strip()}" + (f", not {_TYPES.get(got, got)}." if got else ".")
    if m := _ENUM.search(text):
        allowed = _literal_values(cls, m.group(2))
        choices = f": one of {', '.join(f'`{v}`' for v in allowed)}" if allowed else ""
        return f"{_field_name(m.group(2))} cannot be {m.group(1)}{choices}."
    return f"That {what} is not valid: {text}."


def _literal_values(cls: type | None, path: str) -> list:
    """The allowed values of a ``Literal`` field (or of the items of a list of them)."""
    m = re.fullmatch(r"\.(\w+).*", path or "")
    if cls is None or not m:
        return []
    for field in _fields(cls):
        if field.encode_name == m.group(1):
            t = field.type
            while not hasattr(t, "values"):
                inner = getattr(t, "item_type", None) or getattr(t, "type", None)
                if inner is None:
                    return []
                t = inner
            return list(t.values)
    return []


def _by_tag(union: Any) -> dict[str, type[Action]]:
    """``{type: struct class}`` of an action union, made once per union."""
    found = _UNIONS.get(union)
    if found is None:
        found = _UNIONS[union] = {tag: cls for cls in struct_types(union) if (tag := tag_of(cls)) is not None}
    return found


_UNIONS: dict[Any, dict[str, type[Action]]] = {}


def decode(union: Any, raw: Any) -> Action:
    """Decode a JSON action into its struct. Raises ``IllegalAction`` with a player's sentence.

    The struct is found by the action's ``type`` first and converted alone: msgspec keeps what it
    learns of a struct class, not of a union, and converting to the union cost 40 times more (64 ms
    against 1.4 ms for the 1,112 actions of a Railway Workers game). An unknown ``type`` is
    converted against the whole union, so its refusal lists the kinds there are."""
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise IllegalAction('An action is a JSON object with a "type".')
    try:
        return msgspec.convert(raw, _by_tag(union).get(raw["type"], union), strict=True)
    except msgspec.ValidationError as exc:
        raise IllegalAction(explain(exc, union, raw)) from None


def _type_name(t: Any) -> str:
    name = type(t).__name__.removesuffix("Type").lower()
    if name == "list":
        return f"list of {_type_name(t.item_type)}"
    if name == "union":
        return " or ".join(_type_name(x) for x in t.types if type(x).__name__ != "NoneType")
    if name == "metadata":
        return _type_name(t.type)
    if name == "literal":
        return " / ".join(f"`{v}`" for v in t.values)
    return {"str": "text", "int": "whole number", "bool": "true/false", "none": "null"}.get(name, name)


def reference(union: Any) -> str:
    """Markdown table of every action of ``union``: the example, when it is used, its fields."""
    rows = ["| action | when | fields |", "| --- | --- | --- |"]
    classes: tuple[type[Action], ...] = (*struct_types(union), *CORE_ACTIONS)
    for cls in classes:
        fields = []
        for f in _fields(cls):
            desc = _described(f.type)
            shown = _type_name(getattr(f.type, "type", f.type))
            text = f"`{f.encode_name}` ({shown}{'' if f.required else ', optional'})"
            fields.append(text + (f": {desc}" if desc else ""))
        example = json.dumps(cls.example or {"type": tag_of(cls)}, ensure_ascii=False)
        doc = " ".join((cls.__doc__ or "").split())
        rows.append(f"| `{example}` | {doc} | {'; '.join(fields) or '—'} |")
    return "\n".join(rows)

