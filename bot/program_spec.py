"""What a game declares so that its players may program moves ahead of time (issue 33, "Programmed
moves"): which auction is open or comes next, who is out of it, how money is written, and which
optional prompts "pass until my next turn" answers. The table plays the programs
(``bot/table/programs.py``); a game's UI gives a ``ProgramSpec`` as its ``programs`` and adds the
``program`` command and the auction prompt's **Program…** button from here.

A program is one of (the ``do`` of the ``_program`` action the command and the menu make):
``bid`` with ``cap`` (bid the lowest bid allowed whenever asked, up to ``cap`` in the game's money
unit, then pass), ``pass`` (pass this auction), ``pass_turn`` (pass the optional prompts the game
names until the seat's next turn), ``cancel``, and ``menu`` (show the choices).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from railhead.engine import IllegalAction

from .replies import Apply, Button
from .ui import Command, Param, UIContext


@dataclass(frozen=True)
class ProgramSpec:
    """A game's programmed moves. ``auction(view)``: the key (the game turn) of the auction open
    now in the public ``view``, or ``None``; ``upcoming(view)``: the key of the next auction when
    none is open (``None``: no auction to come, or not known); ``out(view, seat)``: ``seat`` has
    left the open auction; ``money(amount)``: an amount in words; ``amount(typed)``: a typed cap
    as the game's bid (Railways of the World takes ``3`` or ``3000`` for $3,000); ``passes``: the
    optional prompt kinds that "pass until my next turn" answers, with the action it plays;
    ``passes_text``: what that does, in the game's words (empty: the game has none)."""

    auction: Callable[[dict], int | None]
    upcoming: Callable[[dict], int | None]
    out: Callable[[dict, int], bool]
    money: Callable[[int], str]
    amount: Callable[[int], int] = field(default=lambda typed: typed)
    passes: dict[str, dict] = field(default_factory=dict)
    passes_text: str = ""


PROGRAM_BUTTON_LABEL = "Program…"


def program_button() -> Button:
    """The auction prompt's **Program…** button: any seated player may press it (the table opens
    their own private menu, whoever the prompt is for)."""
    return Button(PROGRAM_BUTTON_LABEL, {"type": "_program", "do": "menu"})


def program_command(prefix: str, unit: str, spec: ProgramSpec) -> Command:
    """The ``program`` command of a game (``/rotw program``, ``rotw program 12``): ``up_to`` a cap
    in ``unit``, or ``pass`` (``auction`` or ``turn``), or ``cancel``; with none, the menu and the
    caller's program. The table answers privately (``Table.program``)."""

    async def handler(ctx: UIContext, args: dict) -> Apply:
        chosen = [k for k in ("up_to", "pass", "cancel") if args.get(k) not in (None, False)]
        if len(chosen) > 1:
            raise IllegalAction("A program is one thing at a time: `up_to`, `pass` or `cancel`.")
        if args.get("cancel"):
            return Apply({"type": "_program", "do": "cancel"})
        if args.get("pass") == "auction":
            return Apply({"type": "_program", "do": "pass"})
        if args.get("pass") == "turn":
            if not spec.passes:
                raise IllegalAction("This game has no optional move to pass ahead of time: only its auction "
                                    f"(`{prefix} program pass:auction`).")
            return Apply({"type": "_program", "do": "pass_turn"})
        if args.get("up_to") is not None:
            return Apply({"type": "_program", "do": "bid", "cap": spec.amount(args["up_to"])})
        return Apply({"type": "_program", "do": "menu"})

    passes = ("auction", "turn") if spec.passes else ("auction",)
    return Command(
        "program", f"ahead of your turn, secretly: bid up to a cap then pass, or pass ({unit})", handler,
        (Param("up_to", int, f"bid the lowest bid allowed each time you are asked, up to this cap ({unit}), "
                             "then pass", min=1, max=999_000,
               discord_description=f"Bid up to this ({unit}), then pass"),
         Param("pass", str, "pass this auction, or (`turn`) "
               + (spec.passes_text if spec.passes else "nothing else in this game"),
               choices=passes, discord_description="Pass this auction" + (", or until your next turn"
                                                                         if spec.passes else "")),
         Param("cancel", bool, "forget your program")),
        discord_description="Program your move ahead: bid up to a cap, or pass (secret)")
