"""Railways of the World actions: the JSON a seat sends, decoded into typed structs.

Each struct is tagged by ``type`` and refuses unknown fields (``engine.core.Action``). The
docstring of a struct is the "when" column of ``docs/actions/rotw.md``; ``INTRO`` and ``NOTES``
frame the generated table (``tools/gen_action_docs.py``). Money is in thousands of dollars.
Colours are checked by the rules, with the rules' own sentences.
"""
from __future__ import annotations

from typing import Annotated, ClassVar, Union

import msgspec

from ...core import Action

CityRef = Annotated[str, msgspec.Meta(
    description="a city, by hex (`\"J8\"`) or by name (any case, accents optional: `\"koln\"`)")]
ColourName = Annotated[str, msgspec.Meta(description="one of `red`, `yellow`, `blue`, `black`, `purple`")]


class Bid(Action, tag="bid", frozen=True):
    """First-player auction, your turn to bid: outbid the high bid."""

    amount: Annotated[int, msgspec.Meta(
        ge=1, description="a whole number of thousands of dollars (3 is $3,000), at least $1,000")]
    example: ClassVar[dict] = {"type": "bid", "amount": 3}


class Pass(Action, tag="pass", frozen=True):
    """Auction: drop out (final for this auction). Action phase: use your action doing nothing."""

    example: ClassVar[dict] = {"type": "pass"}


class Build(Action, tag="build", frozen=True):
    """Action phase: lay 1-4 track tiles in one link (railways-of-the-world.txt, "A. BUILD TRACK").
    Starting at your open end and heading elsewhere redirects that tile (paid again, one of the 4).
    Tiles are straights and gentle curves; track enters a city only by a free spur. A last tile
    pointing into a free spur completes the link ("A Completed Link!"). A build lays or turns at
    least one tile, unless it carries only add-ons. The add-on modules are extras of this same
    Build Track action, each at most twice per player per game, paid with the track: `mine`
    ("Mines", $10,000), `switch` ("Switch Tracks", $5,000: the path then starts at the switch)
    and `depot` ("Fuel Depots", $5,000: checked after the track of this build is laid). A build
    may be add-ons only (no `path`): it is still the turn's Build Track action."""

    path: Annotated[list[str], msgspec.Meta(description=(
        "a list of hex names: a city or the open end of your unfinished link, then the 1-4 hexes "
        "that get new tiles, optionally ending at a city (completes the link) or at the open end of "
        "your other unfinished link facing it (joins them); with `switch`, it starts at the switch hex; "
        "empty or left out for a build of add-ons only"))] = []
    toward: Annotated[str | None, msgspec.Meta(description=(  # noqa: UP007 (msgspec reads it either way)
        "a hex next to the last tile, where it points (default: straight on); a city there with a "
        "free spur facing it completes the link, your other open end facing it joins them"))] = None
    mine: Annotated[str | None, msgspec.Meta(description=(  # noqa: UP007
        "`mines` option: a gray city with no Mine yet, by hex or name: cubes are drawn onto it until a colour "
        "repeats (at most 5 draws; the repeated cube goes back into the bag)"))] = None
    switch: Annotated[str | None, msgspec.Meta(description=(  # noqa: UP007
        "`switch_tracks` option: a hex holding a tile of one of your complete links (no crossing, no switch "
        "yet); the path must start there: a new link branches off it"))] = None
    depot: Annotated[str | None, msgspec.Meta(description=(  # noqa: UP007
        "`fuel_depots` option: a city your complete links reach that holds no Fuel Depot tokens: "
        "2 of your tokens are placed on it"))] = None
    example: ClassVar[dict] = {"type": "build", "path": ["I6", "J6", "K6", "L7", "L8"]}


class Urbanize(Action, tag="urbanize", frozen=True):
    """Action phase: a gray city takes a New City colour and 2 cubes for $10,000 ("B. URBANIZE")."""

    city: CityRef
    colour: Annotated[str, msgspec.Meta(
        description="a colour with a New City tile left: `red`, `yellow`, `blue`, `black` or `purple`")]
    example: ClassVar[dict] = {"type": "urbanize", "city": "J8", "colour": "red"}


class Upgrade(Action, tag="upgrade", frozen=True):
    """Action phase: engine level +1, up to 8 ("C. UPGRADE ENGINE")."""

    example: ClassVar[dict] = {"type": "upgrade"}


class Deliver(Action, tag="deliver", frozen=True):
    """Action phase: move one goods cube over complete links to the first city of its colour,
    at most your engine level of links ("D. DELIVER GOODS CUBE"). In JSON the field is `from`.
    With `fuel_depots`, the cube may go on through a city of its colour holding your depot (one
    token is used), or `stop` at your depot: you keep it, and your next action may go on with
    it (`kept`: the cube goes on from that depot, using one of its tokens, up to your engine level
    of links more, every link of both legs scoring then; any other action discards the cube into
    the bag; "Fuel Depots"). With `city_rotors`, a rotor city also takes the colour
    its rotor shows ("Rotor Cities and Color Wheel Chart")."""

    from_: CityRef = msgspec.field(name="from")
    colour: ColourName
    links: Annotated[list[Union[str, int]], msgspec.Meta(  # noqa: UP007
        description="a list of ids of complete links (`\"3\"` or `3`), in order, the first one yours")]
    stop: Annotated[bool, msgspec.Meta(description=(
        "`fuel_depots` option: end at the last city, one holding your depot, keeping the cube for your next "
        "action (no points yet)"))] = False
    kept: Annotated[bool, msgspec.Meta(description=(
        "`fuel_depots` option: go on with the cube you kept at your depot last action; `from` is that depot "
        "city, `colour` the cube's, and the first link need not be yours"))] = False
    to: Annotated[str | None, msgspec.Meta(description=(  # noqa: UP007
        "add-on modules only: the city the cube ends at, by hex or name, needed only where a Switch Track's "
        "branch leaves it open"))] = None
    example: ClassVar[dict] = {"type": "deliver", "from": "I6", "colour": "yellow", "links": ["1", "3"]}


class TakeCard(Action, tag="take_card", frozen=True):
    """Action phase: take a face-up operations card and use it at once ("E. SELECT RAILROAD
    OPERATIONS CARD"); after Hot Spring (Nippon) your next move is a build that is part of this
    action (or a pass giving it up)."""

    card: Annotated[str, msgspec.Meta(
        description=("a face-up card id (`\"city-growth:2\"`), or its kind (`\"city-growth\"`) or name as shown "
                     "(`\"City Growth\"`, any case) for the first face-up copy"))]
    city: Annotated[str | None, msgspec.Meta(  # noqa: UP007
        description="a city, by hex or by name (City Growth, New Industry and Boomtown)")] = None
    colour: Annotated[str | None, msgspec.Meta(  # noqa: UP007
        description="a New City colour with a tile left (New Industry and Boomtown)")] = None
    example: ClassVar[dict] = {"type": "take_card", "card": "city-growth:2", "city": "Paris"}


class UseCard(Action, tag="use_card", frozen=True):
    """Use a card you hold (hand of cards; not an action): Government Land Grant, Perfect
    Engineering, Ferry Line or Tunnel Engineer on your turn in a round, then build (the card is spent by
    that build; another action hands it back); Coal-fueled Engines or Boost, then upgrade your engine
    (likewise); Railroad Executive on your turn to bid, instead of bidding. A Railway Inspector is
    played with `inspect`, when you are asked."""

    card: Annotated[str, msgspec.Meta(
        description="a card you hold: its id (`\"land-grant:2\"`), kind (`\"land-grant\"`) or name, any case")]
    example: ClassVar[dict] = {"type": "use_card", "card": "land-grant"}


class Inspect(Action, tag="inspect", frozen=True):
    """Great Britain, holding a Railway Inspector, when asked during another player's delivery:
    `stop` it (the cube stays, that player loses the action, your Inspector is spent; nobody is
    stopped twice) or let it pass ("RAILWAYS of GREAT BRITAIN", "New Operations Cards")."""

    stop: Annotated[bool, msgspec.Meta(description="`true` stops the delivery, `false` lets it pass")]
    example: ClassVar[dict] = {"type": "inspect", "stop": True}


class WesternLink(Action, tag="western_link", frozen=True):
    """Action phase, on a map with a Western Link: with a complete link of yours into a Western Link
    city, build its Western Link for $30,000; 4 red cubes come onto the city, and every red cube
    delivered from it to the market city draws 2 new cubes there ("Build Western Link")."""

    city: CityRef
    example: ClassVar[dict] = {"type": "western_link", "city": "Kansas City"}


class KeepBaron(Action, tag="keep_baron", frozen=True):
    """At the start (with the ``barons`` option): keep one of your two baron cards, in secret; the
    other is discarded face down."""

    baron: Annotated[str, msgspec.Meta(description="the baron's id or name, e.g. `escher`")]
    example: ClassVar[dict] = {"type": "keep_baron", "baron": "escher"}


class IssueBonds(Action, tag="issue_bonds", frozen=True):
    """Last round of the game, your turn, holding a baron for the most bonds (not an action):
    issue bonds at will to secure it ("Card & Map Revisions and Clarifications", Daniel Drew and
    James Fisk). Their dividends are paid at the income phase that ends the game."""

    count: Annotated[int, msgspec.Meta(ge=1, le=50, description="how many bonds to issue (1-50), $5,000 each")]
    example: ClassVar[dict] = {"type": "issue_bonds", "count": 2}


class ReturnBonds(Action, tag="return_bonds", frozen=True):
    """Transcontinental, between the Eastern and Western phases, if you hold bonds: return some to
    the bank, losing 2 + 3 + ... points at once (1 bond 2 points, 2 bonds 5, 3 bonds 9, 4 bonds 14;
    "Transcontinental Rules", "Return Bonds"); 0 keeps them all."""
    count: Annotated[int, msgspec.Meta(ge=0, le=50, description="how many bonds to return (0: none)")]
    example: ClassVar[dict] = {"type": "return_bonds", "count": 2}


ACTIONS = Union[Bid, Pass, Build, Urbanize, Upgrade, Deliver, TakeCard, UseCard, KeepBaron,  # noqa: UP007
                IssueBonds, WesternLink, Inspect, ReturnBonds]

INTRO = """\
# Railways of the World: action documents

A game is `setup(options, seats, seed)` plus a log of these JSON actions, each applied for a
seat (`engine.get_game("rotw").apply(state, seat, action)`, or `engine.Match.play` which also
takes `undo` and `undo_vote`). Money is in **thousands of dollars** (`3` is $3,000). Hexes are
named as printed on the board (`"K6"`); cities may be given by hex or by name (any case, accents
optional: `"koln"`). The same JSON is what the store logs and what tests and benchmarks replay.
Unknown fields are refused.

This file is generated from `engine/games/rotw/actions.py` by `python tools/gen_action_docs.py`.
"""

NOTES = """\
Bonds are issued by the engine, exactly as many as a payment needs (auction win, track,
urbanize, engine, Western Link, dividends); the one exception is `issue_bonds`, for the holder of a
most-bonds baron in the last round. The bid, income, dividend and end-of-game steps happen
inside `apply` when the last needed action arrives.

## Events

`apply` returns public events, each `{"type", "text", ...}`; money events carry `seat`,
`paid`, `bonds` (issued) and, for income, `income`. Types: `bid`, `pass`, `first`, `build`,
`urbanize`, `upgrade`, `deliver`, `marker`, `end_triggered`, `goal`, `card`, `round`,
`income`, `removed`, `card_revealed`, `turn`, `game_over`, `hotel`, `major_line`, `order`,
`bonds_issued`, Transcontinental's `east_ends`, `between_phases`, `bonds_returned` (`seat`, `bonds`,
`points`), `faster` and `west_opens`, `western_link` (with `city`, the Western Link city's hex, and `cubes`, the red
cubes placed) and `western_market` (with `city`, the market's hex, and `cubes`, the colours drawn).
The add-on modules (`engine/games/rotw/modules.py`) add `mine` (`city`, `cubes` placed, `discarded`:
the repeated colour put back in the bag, or `null`), `switch` (`hex`, `on`: the link it sits on),
`depot` (`city`, `tokens`), `switch_removed` (`hex`, `link`), `depot_stop` (`city`, `colour`,
`links`), `cube_discarded` (`colour`), `rotor` (`city`, `shows`); a `deliver` event with depots
carries `depots` (the cities whose token was used) and, for a kept cube, `continued: true`.

## Legal actions

`legal_actions` lists every legal pass, upgrade, delivery, urbanize and card, and a sample of
builds (build paths are unbounded), made by `build_sample` in `engine/games/rotw/search.py`:
(1) for each pair of cities one build can join, the cheapest path on an empty board while it
is still free; (2) for each open end of your unfinished links, the cheapest build completing it
at each city (or joining your other open end) that one build reaches, redirecting the end tile
where needed, and each one-tile extension that leaves it unfinished; (3) from each city your
complete links reach, the first 4 tiles towards the cheapest city two builds can reach,
pointing on along the way (an unfinished link). Bids: the floor and the nine amounts above it.

## Card ids

`railroad-era:1`, `speed-record:1`, `new-train:1` (start cards, goals), `service-bounty:<city hex>`,
`golden-spike:1`, `grand-tour:1`, `long-haul:1` (goals), `city-growth:<n>`, `new-industry:<n>`,
`engine-works:<n>` (taken and used at once), `land-grant:<n>`, `perfect-engineering:<n>`,
`railroad-executive:<n>`, `ferry-line:<n>` (the last only on maps with ferry hexes; kept, then used
with `use_card`), `bridge-company:1`, `tunnel-company:1`
(kept, once per turn by themselves), `hotel:<city hex>` (kept for the game).
The maps' own cards, only on their maps: `passenger-line:1` (Mexico, Europe, Great Britain; goal),
`tunnel-engineer:<n>` (Europe, Great Britain; kept, used before a build), `railway-inspector:<n>`
(Great Britain; kept, played with `inspect` when asked), `long-distance:1`, `heavy-locomotive:1`
(Nippon start cards, goals), `local-campaign:<city hex>` (Nippon, goals), `hot-spring:<n>` (Nippon;
taken, then a build), `coal-fueled-engines:<n>` (Nippon, Western U.S.; kept, used before an upgrade),
`boomtown:<n>`, `sutters-mill:<city hex>` (Western U.S.; taken and used at once),
`capital-charter:<city hex>`, `city-charter:<city hex>` (Europe; kept for the game; a Capital
Charter's point is the event `charter`, with `city`), and in Railways
Through Time `boost:<n>` (kept, used before an upgrade), `time-bounty:<period id>` (goals) and
`passenger-lines:1` (a start card in New Train's place). The `inspect` action and the events
`inspection`, `inspection_passed` and `inspected` (with `stopped`, the deliverer's seat) belong to
the Railway Inspector.
See `data/cards/rotw/operations.toml` and, for each map's hotels and Major Lines,
`data/cards/rotw/maps.toml`.
"""
