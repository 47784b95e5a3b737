"""Railway Workers actions: the JSON a player sends (docs/actions/workers.md lists them).

Cards are named by id (``structures``, ``tracks``, ``plans``, ``worker``, ``share``, ``store``,
``move``, ``subsidy``); slots by the number printed above them (1, 2, 3, 6); construction sites
and routes by their project number; ``part`` is ``"top"`` (the 4+ action) or ``"bottom"`` (7+).
"""
from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Union

import msgspec

from ...core import Action

Card = Annotated[str, msgspec.Meta(description="an action card: structures, tracks, plans, worker, share, store, "
                                               "move or subsidy")]
Slot = Annotated[int, msgspec.Meta(ge=1, le=6, description="a place on your board: 1, 2, 3 or 6")]
Part = Annotated[Literal["top", "bottom"], msgspec.Meta(description="`top` (the 4+ action) or `bottom` (7+)")]
Site = Annotated[int, msgspec.Meta(ge=1, le=7, description="a construction site (or route) by project number")]
Kind = Annotated[Literal["structures", "tracks", "plans"], msgspec.Meta(description="structures, tracks or plans")]
Count = Annotated[int, msgspec.Meta(ge=1, le=20, description="how many")]
Tile = Literal["S", "P", "T"]
Bonus = Literal["reroll", "plus", "director"]


class Place(Action, tag="place", frozen=True):
    """Place action cards face down under +1, +2, +3, +6: all four (``cards``, in slot order) or one
    (``slot`` and ``card``; a card already placed elsewhere swaps places). Editable until ready."""

    cards: list[Card] | None = None
    slot: Slot | None = None
    card: Card | None = None
    ready: Annotated[bool, msgspec.Meta(description="declare ready at once (then the cards stay as placed)")] = False
    example: ClassVar[dict] = {"type": "place", "cards": ["structures", "worker", "store", "share"]}


class Ready(Action, tag="ready", frozen=True):
    """Declare your placed cards (or your assigned dice) final."""

    example: ClassVar[dict] = {"type": "ready"}


class LowRoll(Action, tag="low_roll", frozen=True):
    """With a sum of 4 or less on your three dice: reroll all three (``true``) or keep them."""

    reroll: bool
    example: ClassVar[dict] = {"type": "low_roll", "reroll": True}


class Reroll(Action, tag="reroll", frozen=True):
    """Spend reroll tokens, one per die (by position, 1-4, in your dice as listed); ``[]`` keeps
    your dice and ends your rerolls for this action phase."""

    dice: list[Annotated[int, msgspec.Meta(ge=1, le=4)]]
    example: ClassVar[dict] = {"type": "reroll", "dice": [2]}


class Assign(Action, tag="assign", frozen=True):
    """Put your dice on your placed cards behind the screen: all four (``dice``: the values, in slot
    order, and optionally ``plus``: your +1 tokens per place) or one (``slot`` and ``die``: a value
    you rolled; the die there swaps places)."""

    dice: list[Annotated[int, msgspec.Meta(ge=1, le=6)]] | None = None
    slot: Slot | None = None
    die: Annotated[int, msgspec.Meta(ge=1, le=6)] | None = None
    plus: Annotated[list[Annotated[int, msgspec.Meta(ge=0, le=5)]] | None, msgspec.Meta(
        description="+1 tokens on each place, in slot order (with `dice`)")] = None
    ready: Annotated[bool, msgspec.Meta(description="declare ready at once")] = False
    example: ClassVar[dict] = {"type": "assign", "dice": [6, 2, 5, 1]}


class Plus(Action, tag="plus", frozen=True):
    """Put +1 tokens on a placed card while assigning dice (``tokens`` there, 0 to take them off)."""

    slot: Slot
    tokens: Annotated[int, msgspec.Meta(ge=0, le=5)]
    example: ClassVar[dict] = {"type": "plus", "slot": 3, "tokens": 1}


class Pass(Action, tag="pass", frozen=True):
    """Pass your turn and take 1 coin."""

    example: ClassVar[dict] = {"type": "pass"}


class End(Action, tag="end", frozen=True):
    """End your turn (what you did not use is lost)."""

    example: ClassVar[dict] = {"type": "end"}


class Buy(Action, tag="buy", frozen=True):
    """Buy Structures / Tracks / Plans. Top: into your Facilities (``count``; plans up to the number
    of construction sites). Bottom: structures or tracks, 1 straight into ``site``'s warehouse;
    plans, 1 more into your Facilities."""

    part: Part
    count: Count = 1
    site: Site | None = None
    example: ClassVar[dict] = {"type": "buy", "part": "top", "count": 2}


class Worker(Action, tag="worker", frozen=True):
    """New Worker. Top: ``hire`` (Union to Facilities) or ``send`` (a worker to ``site``'s ``kind``
    warehouse). Bottom: ``recall`` (1 coin, Houses to Facilities) or ``send``."""

    part: Part
    do: Literal["hire", "recall", "send"]
    site: Site | None = None
    kind: Kind | None = None
    example: ClassVar[dict] = {"type": "worker", "part": "top", "do": "hire"}


class Share(Action, tag="share", frozen=True):
    """Share, top: put a share on a construction site or route and pay 1 coin per share on it."""

    site: Site
    example: ClassVar[dict] = {"type": "share", "site": 2}


class Train(Action, tag="train", frozen=True):
    """Share, bottom: a black train on a city; ``toward`` changes its destination (a neighbouring
    city), ``go`` sends it on."""

    train: Annotated[int, msgspec.Meta(ge=1, le=6)]
    toward: str | None = None
    go: bool = True
    example: ClassVar[dict] = {"type": "train", "train": 1, "go": True}


class Store(Action, tag="store", frozen=True):
    """Store Up: move ``count`` resources of one ``kind`` from your Facilities to ``site``."""

    part: Part
    kind: Kind
    site: Site
    count: Count = 1
    example: ClassVar[dict] = {"type": "store", "part": "top", "kind": "plans", "site": 4, "count": 3}


class Send(Action, tag="send", frozen=True):
    """Move Workers: workers from your Facilities to the structures and tracks warehouses of one
    site (bottom: a different site from the top's)."""

    part: Part
    site: Site
    structures: Annotated[int, msgspec.Meta(ge=0, le=5)] = 0
    tracks: Annotated[int, msgspec.Meta(ge=0, le=5)] = 0
    example: ClassVar[dict] = {"type": "send", "part": "top", "site": 2, "tracks": 2}


class Subsidy(Action, tag="subsidy", frozen=True):
    """Subsidy / Investment: trade two reward tiles (``tiles``, e.g. ``["S", "T"]``) for coins."""

    part: Part
    tiles: list[Tile]
    example: ClassVar[dict] = {"type": "subsidy", "part": "top", "tiles": ["S", "T"]}


class Invest(Action, tag="invest", frozen=True):
    """Subsidy / Investment: move your investment marker one step right."""

    part: Part
    example: ClassVar[dict] = {"type": "invest", "part": "top"}


class Command(Action, tag="command", frozen=True):
    """Use an Available Command with a director (one per turn). Its card says which of ``site``,
    ``kind``, ``train``, ``token``, ``slots``, ``owner``, ``to_site``, ``to_kind`` it needs."""

    number: Annotated[int, msgspec.Meta(ge=1, le=16, description="the command card's number")]
    site: Site | None = None
    kind: Kind | None = None
    train: Annotated[int, msgspec.Meta(ge=1, le=6)] | None = None
    token: Literal["reroll", "plus"] | None = None
    slots: list[Slot] | None = None
    owner: Annotated[int, msgspec.Meta(ge=0, le=3)] | None = None
    to_site: Site | None = None
    to_kind: Kind | None = None
    example: ClassVar[dict] = {"type": "command", "number": 4}


class Choose(Action, tag="choose", frozen=True):
    """Answer a question the game asks you: ``tile`` or ``share`` for a reward, a city for a train,
    ``reroll``/``plus``/``director`` for a bonus."""

    option: str
    example: ClassVar[dict] = {"type": "choose", "option": "tile"}


ACTIONS = Union[  # noqa: UP007
    Place, Ready, LowRoll, Reroll, Assign, Plus, Pass, End, Buy, Worker, Share, Train, Store, Send, Subsidy, Invest,
    Command, Choose]
