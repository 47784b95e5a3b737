"""Railways actions: the JSON the player sends, decoded into typed structs.

Payments name slots of cards in the hand as ``"card.slot"`` (``"3.2"``), see ``payment.py``.
Spaces are named like ``"D2"`` (columns A-J, rows 1-8); links by their end rail spaces
(``"E2-G2"``). Capital, profit and pollution are counted in steps of their tracks.
"""
from __future__ import annotations

from typing import Annotated, ClassVar, Union

import msgspec

from ...core import Action

Slots = Annotated[list[str], msgspec.Meta(
    description="the slots you play, each `card.slot` (`\"3.2\"` is slot 2 of card 3)")]
Space = Annotated[str, msgspec.Meta(description="a space of the map, like `\"D2\"`")]
LinkId = Annotated[str, msgspec.Meta(
    description="a rail link, by its end rail spaces: `\"E2-G2\"` (one space: `\"A3\"`)")]


class Place(Action, tag="place", frozen=True):
    """Setup: put a passenger die on a printed building, one die per map card (two show 3, two
    show 2)."""

    at: Space
    passengers: Annotated[int, msgspec.Meta(ge=1, le=6, description="3 or 2, as the dice left allow")]
    example: ClassVar[dict] = {"type": "place", "at": "A2", "passengers": 3}


class BuyLink(Action, tag="buy_link", frozen=True):
    """Buy a complete rail link: as many rail units as its length, a destination of one of its
    ends, one railworker and a link marker."""

    link: LinkId
    slots: Slots
    example: ClassVar[dict] = {"type": "buy_link", "link": "E2-G2", "slots": ["1.2", "2.2", "3.1"]}


class Build(Action, tag="build", frozen=True):
    """Build a Building die on a space: a Build icon and capital twice its passengers."""

    at: Space
    die: Annotated[int, msgspec.Meta(ge=1, le=6, description="the Building die to build: 2, 3 or 4 passengers")]
    slots: Slots
    example: ClassVar[dict] = {"type": "build", "at": "B4", "die": 2, "slots": ["5.4"]}


class Move(Action, tag="move", frozen=True):
    """Move a passenger: a ticket and the destination kind, along bought links."""

    from_: Space = msgspec.field(name="from")
    links: Annotated[list[str], msgspec.Meta(description="the bought links the passenger travels, in order")]
    slots: Slots
    convert: Annotated[Annotated[int, msgspec.Meta(ge=0, le=5)] | None, msgspec.Meta(  # noqa: UP007
        description="Leisure bonus: the profit to buy (1, 3, 6, 10, 15 capital for 1-5); "
                                "default: as much as you can pay")] = None
    example: ClassVar[dict] = {"type": "move", "from": "A2", "links": ["B2-C2", "E2-G2"], "slots": ["4.1", "4.4"]}


class Hire(Action, tag="hire", frozen=True):
    """Hire a railworker (+1, at most 6)."""

    slots: Slots
    example: ClassVar[dict] = {"type": "hire", "slots": ["4.3"]}


class Capital(Action, tag="capital", frozen=True):
    """Increase your capital by the capital icons played (at most 20)."""

    slots: Slots
    example: ClassVar[dict] = {"type": "capital", "slots": ["4.2"]}


class Clean(Action, tag="clean", frozen=True):
    """Decrease pollution by one step (never below 1)."""

    slots: Slots
    example: ClassVar[dict] = {"type": "clean", "slots": ["5.3"]}


class AddPassenger(Action, tag="add_passenger", frozen=True):
    """Add a passenger to a building: +1 on its die, or a passenger die from above the map."""

    at: Space
    slots: Slots
    example: ClassVar[dict] = {"type": "add_passenger", "at": "D2", "slots": ["4.3"]}


class Upgrade(Action, tag="upgrade", frozen=True):
    """Upgrade a bought link (its capital counts double): an Upgrade icon and a destination of
    one of its ends."""

    link: LinkId
    slots: Slots
    example: ClassVar[dict] = {"type": "upgrade", "link": "E2-G2", "slots": ["6.1"]}


class EndDecade(Action, tag="end_decade", frozen=True):
    """After your first action: skip the second and record the decade."""

    example: ClassVar[dict] = {"type": "end_decade"}


ACTIONS = Union[Place, BuyLink, Build, Move, Hire, Capital, Clean, AddPassenger, Upgrade, EndDecade]  # noqa: UP007

INTRO = """\
# Railways (solo): action documents

A game is `setup(options, ["you"], seed)` plus a log of these JSON actions, each applied for
seat 0 (`engine.get_game("railways").apply(state, 0, action)`, or `engine.Match.play`, which
also takes `undo`). Spaces are named as printed on the board (`"D2"`: column D, row 2). Links
are named by their two end rail spaces (`"E2-G2"`; a one-space link by its space). A payment
names slots of cards in your hand, `"card.slot"`: `"3.2"` is slot 2 of card 3. Every slot you
name must give an icon the action uses; a second slot of one card costs 1 pollution, a third
2 more. Unknown fields are refused.

This file is generated from `engine/games/railways/actions.py` by `python tools/gen_action_docs.py`.
"""

NOTES = """\
The decade is recorded inside `apply` after the second action (or `end_decade`, or an empty
hand): the hand refills to 3 from the pool, the discards are shuffled into the pool when it
runs out, and the decade die turns. The game ends after decade 12.

## Events

`apply` returns public events `{"type", "text", ...}`. Types: `place`, `buy_link`, `build`,
`move`, `hire`, `capital`, `clean`, `add_passenger`, `upgrade`, `decade`, `reshuffle`,
`game_over`. Each of the eight actions' events carries `delta`: the change it made to
`capital`, `profit`, `pollution` and `workers`.
"""
