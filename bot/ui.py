"""What a game's UI module implements, and what it is given: views, legal actions, dry runs.

DESIGN.md, "The Discord side": a game's UI sees views and legal actions, never the raw
state; previews are dry runs of the engine. One command spec per game (``Command``/``Param``)
builds the local table's parser and help and checks the arguments of every command, from
Discord or the terminal, before a handler sees them.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from railhead import engine
from railhead.engine import IllegalAction, Match

from .replies import Apply, Button, Reply, Select


@dataclass(frozen=True)
class Param:
    """A command argument. ``kind``: ``str``, ``int``, ``float`` or ``bool``. ``rest``: takes the
    remaining words at the local table (a hex path).

    The rest shapes the Discord option (bot/cogs/spec.py; the local table's help also shows
    ``choices``, ``suggest`` and ``example``): ``discord_description`` when Discord's words
    differ from ``description`` (at most 100 characters; without it, ``description`` with a
    capital letter), ``min``/``max`` for an ``int`` or ``float``, ``autocomplete`` (``"city"`` or
    ``"card"``, bot/cogs/base.py), ``discord_name`` when the option is named otherwise on Discord,
    and ``local_only`` for an argument the buttons and the terminal use but Discord does not
    offer; ``labels``: Discord's names of the ``choices`` (same order; the values are the
    choices); ``suggest``: the values Discord autocompletes (a game's maps), also listed in the
    local table's help; ``suggest_for``: the same values as ``Suggestion`` s for a table of a
    number of players (``None``: not known), those that fit first: Discord shows their labels and
    matches what is typed against their words; ``example``: a value the help shows."""

    name: str
    kind: type
    description: str
    required: bool = False
    rest: bool = False
    choices: tuple[str, ...] = ()
    discord_description: str = ""
    min: int | None = None
    max: int | None = None
    autocomplete: str = ""
    discord_name: str = ""
    local_only: bool = False
    labels: tuple[str, ...] = ()
    example: str = ""
    suggest: Callable[[], Sequence[str]] | None = field(default=None, compare=False)
    suggest_for: Callable[[int | None], Sequence[Suggestion]] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Suggestion:
    """One value Discord autocompletes for an option (``Param.suggest_for``): ``value`` (what is
    chosen), ``label`` (what the list shows; cut to Discord's 100 characters), ``words`` (what
    the typed text is matched against besides the value, e.g. a map's name) and ``note`` (a few
    words the local table's help shows after the value, e.g. ``2-4 players``)."""

    value: str
    label: str
    words: str = ""
    note: str = ""


@dataclass(frozen=True)
class Command:
    """A game command: its word, help line, handler and arguments. ``discord_description``: the
    slash command's description when it differs from ``description`` (at most 100 characters);
    ``local_only``: a command Discord does not offer (its buttons do the same)."""

    name: str
    description: str
    handler: Callable[[UIContext, dict], Awaitable[Reply | Apply]]
    params: tuple[Param, ...] = ()
    discord_description: str = ""
    local_only: bool = False

    def check(self, args: Any) -> dict:
        """Arguments converted to their kinds. Raises ``IllegalAction`` with a sentence."""
        if not isinstance(args, dict):
            raise IllegalAction("Command arguments are named values, like `amount: 3`.")
        known = {p.name: p for p in self.params}
        out: dict[str, Any] = {}
        if "_extra" in args:
            raise IllegalAction(f"`{self.name}` did not understand {str(args['_extra'])[:60]!r}: "
                                f"{self.usage('').strip()}")
        for key, value in args.items():
            param = known.get(key)
            if param is None:
                names = ", ".join(f"`{p.name}`" for p in self.params) or "none"
                raise IllegalAction(f"`{self.name}` has no option `{key}` (its options: {names}).")
            if value is None:
                continue
            out[key] = convert_arg(param, value)
        for p in self.params:
            if p.required and p.name not in out:
                raise IllegalAction(f"`{self.name}` needs `{p.name}`: {p.description}.")
        return out

    def usage(self, prefix: str) -> str:
        """One help line: ``prefix name PARAMS`` and the description. Each argument shows both ways
        to type it: ``[to=]TO`` is ``TO`` by position or ``to=TO`` (``[...]`` around an optional
        one; a yes/no shows ``name=true``)."""
        parts = [f"{prefix} {self.name}"]
        for p in self.params:
            shown = f"[{p.name}=]{p.name.upper()}" + ("..." if p.rest else "") if p.kind is not bool \
                else f"{p.name}=true"
            parts.append(shown if p.required else f"[{shown}]")
        return f"{' '.join(parts):<44} {self.description}"


def convert_arg(param: Param, value: Any) -> Any:
    """``value`` (typed text, or a Discord option's value) as ``param``'s kind. Raises
    ``IllegalAction`` naming the parameter."""
    kind = param.kind
    if kind is bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no"):
            return value.lower() in ("true", "yes")
        raise IllegalAction(f"`{param.name}` must be true or false.")
    if kind is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str):
            digits = value.replace("$", "").replace(",", "").strip().lower().removesuffix("k")
            if digits.lstrip("-").isdigit():
                if len(digits) > 12:
                    raise IllegalAction(f"`{param.name}` is far too large.")
                return int(digits)
        raise IllegalAction(f"`{param.name}` must be a whole number.")
    if kind is float:
        try:
            number = float(value.strip() if isinstance(value, str) else value)
        except (TypeError, ValueError):
            raise IllegalAction(f"`{param.name}` must be a number.") from None
        if isinstance(value, bool) or number != number or number in (float("inf"), float("-inf")):
            raise IllegalAction(f"`{param.name}` must be a number.")
        return number
    if not isinstance(value, str):
        raise IllegalAction(f"`{param.name}` must be text.")
    if len(value) > 300:
        raise IllegalAction(f"`{param.name}` is too long ({len(value)} characters; at most 300).")
    if param.choices and value.lower() not in param.choices:
        raise IllegalAction(f"`{param.name}` must be one of: {', '.join(param.choices)}.")
    return value.lower() if param.choices else value


def not_deliverable(view: dict, origin: str | None, colour: str | None, others: int | str, command: str) -> str:
    """The refusal of a delivery narrowed by ``origin`` (a hex of ``view["cities"]``) and ``colour``
    to nothing while ``others`` deliveries are possible (a count, or text such as ``"60+"``): what
    was asked, why when it is that the city holds no such cube, and how to list the others
    (``command``, e.g. ``/rotw deliver``)."""
    city = view["cities"][origin]["name"] if origin else None
    what = " ".join(w for w in (colour, "cube", f"from {city}" if city else "") if w)
    why = f": {city} has no {colour} cube" if city and colour and colour not in view["cities"][origin]["cubes"] \
        else ""
    return (f"No {what} can be delivered now{why}. {others} other deliver"
            f"{'ies are' if others != 1 else 'y is'} possible: `{command}` lists them.")


CLOCK_OPTIONS = (
    Param("remind_hours", float, "hours before reminding a player to move (default 12; 0: never)", min=0, max=720,
          example="12"),
    Param("reminders", int, "at most this many reminders per move (default 3)", min=0, max=10, example="3"),
    Param("time_limit_hours", float, "hours per move before the others may vote to skip it (default: none)",
          min=1, max=720, example="48", discord_description="Hours per move before a skip vote (default: none)"),
)
"""``/game new``'s clock options, for every game (bot/timing.py checks them)."""


@dataclass
class UIContext:
    """What a game's UI may see for one seat (``seat`` is ``None`` for a spectator): views,
    prompts, legal actions, queries and dry runs; never the raw state (the match is private)."""

    _match: Match = field(repr=False)
    seat: int | None
    names: list[str]
    render_board: Callable[..., Awaitable[bytes | None]] | None = None
    prefs: dict = field(default_factory=dict)     # the caller's settings in commands (``/game settings``)

    def view(self, seat: int | None | str = "me") -> dict:
        """The view of this seat (``"me"``), of another seat, or the public one (``None``)."""
        return self._match.view(self.seat if seat == "me" else seat)

    def prompts(self) -> list[dict]:
        """Every seat's prompt now (whose move it is; ``[{"seat", "kind", "stamp", ...}]``)."""
        return self._match.prompts()

    def prompt(self) -> Any:
        """This seat's prompt as the game's typed struct (``Game.read_prompt``; ``isinstance`` tells
        its kind), or ``None`` when the game waits on others."""
        found = next((p for p in self._match.prompts() if p["seat"] == self.seat), None)
        return None if found is None else self._match.game.read_prompt(found)

    def legal_actions(self) -> list[dict]:
        """This seat's legal actions (none for a spectator)."""
        return self._match.game.legal_actions(self._match.state, self.seat) if self.seat is not None else []

    def query(self, name: str, **args: Any) -> Any:
        """A read-only question to the game's engine (``Game.query``) for this seat. Raises
        ``IllegalAction`` for an unknown question or bad arguments."""
        return self._match.game.query(self._match.state, self.seat, name, args)

    def dry_run(self, action: dict) -> tuple[dict | None, list[dict]]:
        """What ``action`` would do: the seat's view after it and the events it may see.
        Raises ``IllegalAction`` when the move would be refused. Nothing is saved.

        A move that draws at random or reveals something hidden must not be previewed in full
        (the preview would show the goods cubes it would draw, and Cancel would make that free):
        then the view is ``None`` and the events keep their figures (``paid``, ``bonds``) but
        lose their ``text``."""
        after, events = self._match.play(self.seat, action)
        mine = engine.events_for(events, self.seat)
        if after.core.sealed == self._match.core.moves:
            return None, [{k: v for k, v in e.items() if k != "text"} for e in mine]
        return after.view(self.seat), mine

    async def render(self, view: dict, **kwargs: Any) -> bytes | None:
        """The board PNG for ``view`` (``None`` when rendering is off)."""
        return await self.render_board(view, **kwargs) if self.render_board else None


def moved_hexes(before: dict, after: dict, keys: tuple[str, ...] = ("track", "cities"), most: int = 8
                ) -> list[str] | None:
    """Where a move happened on a hex board, from the public views before and after it: the
    view's ``last`` hexes when they changed (the engine's record of what the move touched), else
    the hexes under ``keys`` whose entries changed, if there are at most ``most`` of them (goods
    growth all over the map is no close view); ``None`` when nothing on the map moved."""
    last = [h for h in after.get("last") or [] if isinstance(h, str)]
    if last and last != list(before.get("last") or []):
        return list(dict.fromkeys(last))
    changed = [h for key in keys for h in sorted(set(before.get(key) or {}) | set(after.get(key) or {}))
               if (before.get(key) or {}).get(h) != (after.get(key) or {}).get(h)]
    changed = list(dict.fromkeys(changed))
    return changed if 0 < len(changed) <= most else None


class GameUI:
    """A game's bot module. Subclasses set ``game_id``, ``prefix`` (the slash group / local
    command word) and ``commands``, and override the texts and the board renderer."""

    game_id: str
    prefix: str
    commands: dict[str, Command] = {}
    new_options: tuple[Param, ...] = ()                 # ``/game new``'s options for this game (bot/registry.py)
    group_description: str = "Moves of this game"      # the slash command group's (at most 100 characters)
    in_dms: bool = False                               # its commands also work in a DM with the bot (solo games)

    def render(self, view: dict, **kwargs: Any) -> bytes | None:
        """The board PNG for a view (runs in a worker thread), or ``None`` for games without one."""
        return None

    quiet_keys: tuple[str, ...] = ()
    summary: str = ""

    def rules_text(self) -> str:
        """``/game rules``: a short guide and where the players' guide is."""
        return f"{self.summary}\nThe full players' guide: `docs/players/{self.game_id}.md` in Railhead's source."

    def start_refusal(self, options: dict, players: int) -> str | None:
        """Why a lobby with these stored ``options`` cannot start with ``players`` seated, in a
        sentence naming what would fit (a map for that many), or ``None`` (the default: the
        engine's own check at the start is enough)."""
        return None

    def maps_text(self) -> str:
        """``/game maps``: one line per map of this game (its name, id, players and summary), or
        ``""`` for a game without a choice of maps (the default)."""
        return ""

    def maps_image(self) -> bytes | None:
        """``/game maps``: a PNG of small pictures of this game's maps, each with its name and
        players, or ``None`` (the default). Runs in a worker thread; may be slow the first time."""
        return None

    def board_changed(self, before: dict, after: dict) -> bool:
        """Whether a move changed the board enough to post a new image (public views before and
        after it). Changes only under ``quiet_keys`` (an auction's bids) get a text line alone."""
        def strip(view: dict) -> dict:
            return {k: x for k, x in view.items() if k not in self.quiet_keys}
        return engine.canonical(strip(before)) != engine.canonical(strip(after))

    def focus(self, before: dict, after: dict, events: list[dict]) -> list[str] | None:
        """Where a move happened, for a close view beside the whole board: the hexes or spaces
        its public events or the change of the public view (``before``, ``after``) touched, given
        to ``render`` as ``close=``; ``None`` (the default): no close view."""
        return None

    def typed_names(self, map_id: str | None = None) -> list[str]:
        """The names a player types in this game's commands (its maps' cities and towns, its cards):
        the local table keeps the words of one together (``rotw link Praha Hradec Kralove``).
        ``map_id``: the map the table plays (``table_map``), else every map's."""
        return []

    def table_map(self, options: dict, players: int) -> str | None:
        """The map a table with these options and players plays, for ``typed_names``; ``None``
        (the default): not known, or the game has one map."""
        return None

    def render_options(self, prefs: dict) -> dict[str, Any]:
        """Keyword arguments of ``render`` for a user's settings (``colourblind``, ``layout``)."""
        return {}

    def variant(self, view: dict, outcome: dict) -> str:
        """What makes finished games' scores comparable (records and personal bests), e.g. the map."""
        return view.get("map", "") if isinstance(view.get("map"), str) else ""

    def options_from_text(self, typed: dict[str, Any]) -> dict[str, Any]:
        """This game's engine options from ``/game new``'s (``new_options`` given, already converted
        to their kinds); the engine checks them."""
        return dict(typed)

    def start_text(self, view: dict, names: list[str]) -> str:
        """The sentence after "**Game** begins!" when a game of two or more starts: who plays, in
        what order. ``view`` is the public view of the new game, ``names`` the players by seat.
        The default names them in seat order; a game whose first order is drawn or bid says that."""
        return f"Players in seat order: {', '.join(names)}."

    def prompt_text(self, view: dict, prompt: Any, who: str) -> str:
        """One line telling ``who`` (a mention) what to do for ``prompt`` (the game's typed prompt,
        ``Game.read_prompt``; never the core's undo vote); ``view`` is public."""
        return f"{who}, your move."

    def prompt_components(self, ctx: UIContext, prompt: Any) -> list[Button | Select]:
        """Buttons or menus for the prompted seat (``ctx.seat``), ``prompt`` its typed prompt
        (``Game.read_prompt``); secret prompts get them
        privately (DM, or the **My hand** button)."""
        return []

    def status_text(self, view: dict) -> str:
        """``/game status``: one line per player from ``view`` (the caller's own view when seated)."""
        return ""

    def public_players(self, view: dict) -> list[str]:
        """The table card's line per player (index = seat), from the public ``view`` only: what
        everyone may see (cash where it is not hidden, income, engine level, points), a few words
        each. The default: nothing but the names (an empty list)."""
        return []

    def hand_image(self, view: dict) -> bytes | None:
        """A private picture of what only this seat may see (PNG), or ``None``; ``view`` is the
        seat's. Runs in a worker thread."""
        return None

    def turn_note(self, view: dict) -> str:
        """A short line for the seat's "your move" DM of what only it may see and needs to move
        (``view`` is the seat's), or ``""``."""
        return ""

    def hand_text(self, view: dict) -> str:
        """What only this seat may see (its hand, its secret choices); ``view`` is the seat's."""
        return "You have nothing hidden in this game."

    def outcome_text(self, view: dict, outcome: dict) -> str:
        """The final scores in words, from the public view and the outcome."""
        return f"The game is over: {outcome.get('winner', 'nobody')} wins!"

    def help_lines(self) -> list[str]:
        """The local table's help lines of this game's commands."""
        return [c.usage(self.prefix) for c in self.commands.values()]
