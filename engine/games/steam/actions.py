"""Steam actions: the JSON a seat sends, decoded into typed structs (``engine.core.Action``).

Money is in dollars. Hex sides are named ``E``, ``SE``, ``SW``, ``W``, ``NW``, ``NE``.
"""
from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Union

import msgspec

from ...core import Action

Side = Annotated[str, msgspec.Meta(description="a hex side: `E`, `SE`, `SW`, `W`, `NW` or `NE`")]
Place = Annotated[str, msgspec.Meta(description="a city or town by name (any case) or its hex")]


class Bid(Action, tag="bid", frozen=True):
    """An auction for the turn order (base game: a place in the first turn's order; standard game:
    every turn): outbid the high bid."""

    amount: Annotated[int, msgspec.Meta(ge=1, description="dollars")]
    example: ClassVar[dict] = {"type": "bid", "amount": 3}


class Pass(Action, tag="pass", frozen=True):
    """Auction: drop out of this place's auction. Moving goods: do nothing this round."""

    example: ClassVar[dict] = {"type": "pass"}


class Select(Action, tag="select", frozen=True):
    """Take an action tile (steam.txt, "Phase 1 – Select Action Tiles"); ``pass_option`` takes a tile
    that has one without paying or acting: it only sets your place in the next turn's order."""

    tile: Annotated[str, msgspec.Meta(description="an action tile id, e.g. `engineer`, or its name")]
    pass_option: bool = False
    example: ClassVar[dict] = {"type": "select", "tile": "engineer"}


class Build(Action, tag="build", frozen=True):
    """Lay a track tile ("Phase 2 – Building the Track"): in a plain hex, a piece of track joining
    two sides (added to a tile already there, it improves it into a crossing or passing tile); in
    a town, the town tile's exits (all of them, the old ones included)."""

    hex: Annotated[str, msgspec.Meta(description="the hex, e.g. `F7`")]
    exits: Annotated[list[Side], msgspec.Meta(description="the sides the new track leaves by")]
    example: ClassVar[dict] = {"type": "build", "hex": "F7", "exits": ["W", "E"]}


class Redirect(Action, tag="redirect", frozen=True):
    """Turn the last tile of an unfinished link of yours, or of an unowned one you may claim, to leave
    by another side ("Changing Direction")."""

    hex: str
    exits: list[Side]
    example: ClassVar[dict] = {"type": "redirect", "hex": "F7", "exits": ["W", "NE"]}


class Grow(Action, tag="grow", frozen=True):
    """City Growth, during your build: the cubes of the city's goods supply space go onto it."""

    city: Place
    example: ClassVar[dict] = {"type": "grow", "city": "Wien"}


class Urbanize(Action, tag="urbanize", frozen=True):
    """Urbanization, during your build: a New City tile on a town, with the cubes of its goods
    supply space (not one of your 3 or 4 tiles)."""

    town: Place
    tile: Annotated[str, msgspec.Meta(description="a New City tile letter, `A`-`H`, or a colour")]
    example: ClassVar[dict] = {"type": "urbanize", "town": "E5", "tile": "A"}


class Done(Action, tag="done", frozen=True):
    """End your build."""

    example: ClassVar[dict] = {"type": "done"}


class Deliver(Action, tag="deliver", frozen=True):
    """Move a goods cube over complete links, at most your locomotive level of them, to the first
    city of its colour ("Moving a Goods Cube"). In JSON the field is `from`. ``take`` settles your
    own track points with the delivery (you choose first anyway); the other owners still choose."""

    from_: Place = msgspec.field(name="from")
    colour: str
    links: Annotated[list[Union[str, int]], msgspec.Meta(description="complete link ids, in order")]  # noqa: UP007
    take: Annotated[Union[Literal["income", "vp"], None], msgspec.Meta(  # noqa: UP007
        description="your own track points as `income` or `vp` (none: asked after the delivery)")] = None
    example: ClassVar[dict] = {"type": "deliver", "from": "Wien", "colour": "red", "links": ["3", "5"],
                               "take": "income"}


class Locomotive(Action, tag="locomotive", frozen=True):
    """Moving goods: improve your locomotive one level instead (once a turn, free)."""

    example: ClassVar[dict] = {"type": "locomotive"}


class Capital(Action, tag="capital", frozen=True):
    """Standard game, start of a turn: raise $5 per step down the income track (0 steps: none);
    ``always`` with 0 steps: no capital in every later turn either, without being asked (money
    is still raised at every payment that needs it, at the same $5 a step)."""

    steps: Annotated[int, msgspec.Meta(ge=0, description="how many $5 steps")]
    always: bool = False
    example: ClassVar[dict] = {"type": "capital", "steps": 2}


class Produce(Action, tag="produce", frozen=True):
    """Production (standard game), during your build: 2 cubes from the bag onto empty goods supply
    spaces you name."""

    spaces: Annotated[list[str], msgspec.Meta(description="empty goods supply spaces: `1`-`12` or `A`-`H`")]
    example: ClassVar[dict] = {"type": "produce", "spaces": ["3", "A"]}


class Score(Action, tag="score", frozen=True):
    """After a delivery that gave you track points: all of them as income or all as VP."""

    take: Annotated[str, msgspec.Meta(description="`income` or `vp`")]
    example: ClassVar[dict] = {"type": "score", "take": "income"}


ACTIONS = Union[Bid, Pass, Select, Build, Redirect, Grow, Urbanize, Produce, Done, Deliver, Locomotive,  # noqa: UP007
                Score, Capital]

INTRO = """\
# Steam: action documents

A game is `setup(options, seats, seed)` plus a log of these JSON actions, each applied for a seat
(`engine.get_game("steam").apply(state, seat, action)`). Money is in dollars. Hex sides are
`E`, `SE`, `SW`, `W`, `NW`, `NE`; hexes are named as on the board (`"F7"`); cities and towns may
be named (any case, accents optional).

This file is generated from `engine/games/steam/actions.py` by `python tools/gen_action_docs.py`.
"""

NOTES = """\
Money is raised for you when a payment needs it: $5 per step down the income track, then 2 VP per
$5 once income is at -10. The income phase, turn order and the end happen inside `apply`.

## Events

`apply` returns public events, each `{"type", "text", ...}`.
"""
