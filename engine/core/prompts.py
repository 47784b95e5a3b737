"""Typed prompts: what a seat is asked to do now, as a struct per kind rather than a string.

A game declares one ``Prompt`` subclass per prompt kind, tagged by its kind (the JSON ``"kind"``),
with the payload its table needs, in ``engine/games/<game>/prompts.py``::

    class Bid(Prompt, tag="bid"):
        \"\"\"Bid in the first-player auction: at least ``floor`` (thousands of dollars).\"\"\"
        floor: int

and names their union on its ``Game`` (``prompt_types = Bid | Build | ...``). A step's ``prompt``
hook returns one (``Bid(floor=3)``); ``Game.prompts`` turns it into the JSON the table stores and
compares (``{"seat": 0, "kind": "bid", "floor": 3, "stamp": 7}``: the same JSON as a prompt written
as a dict, so stored games and stamps are unchanged). A game UI reads a stored prompt back as its
struct with ``Game.read_prompt`` (``UIContext.prompt()`` and the ``prompt`` handed to
``prompt_text``/``prompt_components`` already are), and tells kinds apart by class
(``isinstance(prompt, Bid)``, ``match prompt: case Bid(floor=f): ...``), never by comparing strings.

``seat`` and ``stamp`` are set by the core (``Game.prompts``): a step builds a prompt without them.
A payload key that only some prompts of a kind carry is a field defaulting to ``UNSET`` (absent
from the JSON, as the key was).
"""
from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from .actions import tag_of

__all__ = ["UNSET", "Prompt", "UndoVote", "UnsetType", "body", "read"]

ENVELOPE = ("seat", "stamp")
"""The keys the core adds to every prompt's JSON."""


class Prompt(msgspec.Struct, kw_only=True, tag_field="kind", forbid_unknown_fields=True):
    """A seat's prompt of one kind (a subclass per kind, ``tag=`` its JSON ``kind``).

    - ``seat``: the seat asked (set by ``Game.prompts``; ``-1`` on a prompt a step just built);
    - ``stamp``: the prompt's stamp (``engine/core/game.py``, ``restamp``; a button is bound to it);
      ``-1`` before the core stamps it.
    """

    seat: int = -1
    stamp: int = -1

    @property
    def kind(self) -> str:
        """The prompt's kind, its JSON ``"kind"`` (``"bid"``): for text, never for telling kinds apart."""
        return str(tag_of(type(self)))


class UndoVote(Prompt, tag="undo_vote"):
    """The core's prompt while an undo vote is open (``match.py``): agree to or refuse the undo
    seat ``by`` asked for."""

    by: int


def body(prompt: Prompt | dict[str, Any]) -> dict[str, Any]:
    """The JSON of a prompt a step built, without the envelope (``seat``, ``stamp``): a dict stays
    as it is (a game not yet typed), a ``Prompt`` becomes ``{"kind": ..., payload}``."""
    if isinstance(prompt, dict):
        return prompt
    raw = msgspec.to_builtins(prompt)
    for key in ENVELOPE:
        raw.pop(key, None)
    return raw


def read(types: Any, prompt: dict[str, Any]) -> Prompt:
    """A stored prompt (``{"seat", "kind", "stamp", ...}``) as its struct among ``types`` (a union
    of ``Prompt`` subclasses; ``UndoVote`` is always among them). Raises ``msgspec.ValidationError``
    when the JSON fits none (a prompt kind or field the game does not declare)."""
    return msgspec.convert(prompt, types | UndoVote)
