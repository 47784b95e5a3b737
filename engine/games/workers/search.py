"""Legal moves of a seat (DESIGN.md, "legal_actions"): every move of the current step with its
arguments, each checked by a dry run, so buttons, AI seats and random playouts never offer a
refused move. Card placement and dice are offered one place at a time (plus ``ready``)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ...core.actions import Action, decode
from ...core.errors import IllegalAction
from ...core.game import Game, clone
from ...core.prompts import Prompt
from ...core.rng import Stream
from . import actions, board, commands, data, halves, pending, prompts
from .actions import ACTIONS
from .state import Player, WorkersState

A = TypeVar("A", bound=Action)
TurnHandler = Callable[[WorkersState, int, Action, list[dict]], None]
"""``handler(state, seat, action, events)``: one move of a turn; raises ``IllegalAction``."""


def taking(kind: type[A], handler: Callable[[WorkersState, int, A, list[dict]], None]) -> TurnHandler:
    """``handler`` of the action struct ``kind``, as a handler of any action: the steps and the dry
    runs call it only with an action decoded from its own ``type`` (``TURN_HANDLERS``' key)."""
    def play(state: WorkersState, seat: int, action: Action, events: list[dict]) -> None:
        assert isinstance(action, kind), f"{handler.__name__} is called with its own action kind only"
        handler(state, seat, action, events)
    return play


TURN_HANDLERS: dict[str, TurnHandler] = {
    "buy": taking(actions.Buy, halves.do_buy), "worker": taking(actions.Worker, halves.do_worker),
    "share": taking(actions.Share, halves.do_share), "train": taking(actions.Train, halves.do_train),
    "store": taking(actions.Store, halves.do_store), "send": taking(actions.Send, halves.do_send),
    "subsidy": taking(actions.Subsidy, halves.do_subsidy), "invest": taking(actions.Invest, halves.do_invest),
    "command": taking(actions.Command, commands.do_command)}
"""The moves of a turn besides passing and ending it, by action type: ``handler(state, seat, action, events)``."""


def candidates(state: WorkersState, seat: int) -> list[dict]:
    """Every move of ``seat`` the current step might take, before the rules check them (``legal_actions``)."""
    q = pending.question(state)
    if q is not None:
        return [{"type": "choose", "option": o} for o in q.options] if pending.who(state, state.pending[0]) == seat \
            else []
    step = state.step
    p = state.players[seat]
    if step == "place" and not p.ready:
        free = [c for c in p.hand if c not in p.placed]
        out = [{"type": "place", "slot": s, "card": c} for i, s in enumerate(data.SLOTS) for c in free
               if p.placed[i] is None]
        if None not in p.placed:
            out += [{"type": "place", "slot": s, "card": c} for s in data.SLOTS for c in p.hand]
            out.append({"type": "ready"})
        return out
    if step == "assign" and not p.ready:
        out = [{"type": "assign", "slot": s, "die": d} for s in data.SLOTS for d in sorted(set(p.dice))]
        out += [{"type": "plus", "slot": s, "tokens": k} for s in data.SLOTS for k in range(p.plus_tokens + 1)]
        return out + [{"type": "ready"}]
    if step == "low":
        return [{"type": "low_roll", "reroll": True}, {"type": "low_roll", "reroll": False}]
    if step == "tokens":
        return [{"type": "reroll", "dice": []}] + [{"type": "reroll", "dice": [d]} for d in range(1, 5)]
    if step == "play" and state.turn is not None and state.turn.seat == seat:
        return turn_candidates(state, seat)
    return []


def turn_candidates(state: WorkersState, seat: int) -> list[dict]:
    """The moves of ``seat``'s turn in play, before the handlers check them: every instance of the
    card's actions, passing, ending, and the usable commands' targets."""
    turn = state.turn
    assert turn is not None, "asked only of the seat whose turn is in play"
    p = state.players[seat]
    card = turn.card
    sites = board.open_sites(state)
    out: list[dict] = [{"type": "pass"}, {"type": "end"}]
    parts = ("top", "bottom")
    if card in ("structures", "tracks", "plans"):
        for n in range(1, (len(sites) if card == "plans" else 3) + 1):
            out.append({"type": "buy", "part": "top", "count": n})
        if card == "plans":
            out.append({"type": "buy", "part": "bottom"})
        else:
            out += [{"type": "buy", "part": "bottom", "site": int(s)} for s in sites]
    elif card == "worker":
        out += [{"type": "worker", "part": "top", "do": "hire"}, {"type": "worker", "part": "bottom", "do": "recall"}]
        out += [{"type": "worker", "part": part, "do": "send", "site": int(s), "kind": k}
                for part in parts for s in sites for k in ("structures", "tracks")]
    elif card == "share":
        out += [{"type": "share", "site": int(s)} for s in state.sites]
        for t in state.trains:
            out.append({"type": "train", "train": t.id})
            for n in board.projects_at(state, t.city):
                other = board.other_end(n, t.city)
                out += [{"type": "train", "train": t.id, "toward": other, "go": go} for go in (True, False)]
    elif card == "store":
        for kind in data.KINDS:
            for n in range(1, p.facilities.of(kind) + 1):
                out += [{"type": "store", "part": part, "kind": kind, "site": int(s), "count": n}
                        for part in parts for s in sites]
    elif card == "move":
        w = p.facilities.workers
        for s in sites:
            for a in range(w + 1):
                for b in range(w + 1 - a):
                    if a + b:
                        out += [{"type": "send", "part": part, "site": int(s), "structures": a, "tracks": b}
                                for part in parts]
    elif card == "subsidy":
        for c in data.country().subsidy:
            out += [{"type": "subsidy", "part": part, "tiles": list(c.tiles)} for part in parts]
        out += [{"type": "invest", "part": part} for part in parts]
    for number in halves.usable_commands(state, seat):
        out += command_candidates(state, seat, number)
    return out


def command_candidates(state: WorkersState, seat: int, number: int) -> list[dict]:
    effect = data.commands()[number].effect
    base = {"type": "command", "number": number}
    sites = [int(s) for s in board.open_sites(state)]
    if effect == "run_train":
        return [{**base, "train": t.id} for t in state.trains]
    if effect == "token":
        return [{**base, "token": k} for k in ("reroll", "plus")]
    if effect == "file_plan":
        return [{**base, "site": s} for s in sites]
    if effect == "swap_cards":
        later = [s for i, s in enumerate(data.SLOTS) if i > state.slot]
        return [{**base, "slots": [a, b]} for i, a in enumerate(later) for b in later[i + 1:]]
    if effect == "shift_worker":
        out: list[dict] = []
        for s in sites:
            for kind in ("structures", "tracks"):
                house = state.sites[str(s)].warehouses.of(kind).workers
                for owner in house:
                    for t in sites:
                        for to_kind in ("structures", "tracks"):
                            out.append({**base, "owner": int(owner), "site": s, "kind": kind, "to_site": t,
                                        "to_kind": to_kind})
        return out
    return [base]


def has_move(state: WorkersState, seat: int) -> bool:
    """Whether ``seat``, whose turn it is, may still do anything but pass or end the turn: an
    action of the chosen card or a command, each tried on a copy of ``state`` (the handlers'
    own checks: room, coins, open tables). A turn with nothing left ends by itself
    (``flow.advance``)."""
    for action in turn_candidates(state, seat):
        if action["type"] in ("pass", "end"):
            continue
        try:
            TURN_HANDLERS[action["type"]](clone(state), seat, decode(ACTIONS, action), [])
        except IllegalAction:
            continue
        return True
    return False


def legal_actions(game: Game, state: WorkersState, seat: int) -> list[dict]:
    """The candidates the game accepts, each tried by a dry run of ``game.apply``."""
    out = []
    for action in candidates(state, seat):
        try:
            game.apply(state, seat, action)
        except IllegalAction:
            continue
        out.append(action)
    return out


# ------------------------------------------------------------------ the steps' hooks (issue 32)
def prompt(state: WorkersState, seat: int) -> Prompt:
    """The prompt of ``seat``, who may act now (``prompts.py``; the core adds ``seat`` and
    ``stamp``): ``Place`` / ``Assign`` (secret, all at once), ``LowRoll``, ``Reroll``, ``Turn``, or
    the pending question (``Reward``, ``TrainCity``, ``Junction``, ``Bonus``)."""
    q = pending.question(state)
    if q is not None:
        return q
    step = state.step
    p = state.players[seat]
    if step == "place":
        return prompts.Place(round=state.round, phase=state.phase)
    if step == "assign":
        return prompts.Assign(round=state.round, phase=state.phase)
    if step == "low":
        return prompts.LowRoll(dice=list(p.dice))
    if step == "tokens":
        return prompts.Reroll(dice=list(p.dice), left=p.reroll - p.rerolls_used)
    t = state.turn
    assert t is not None, "the play step asks only while a turn is in play"
    return prompts.Turn(slot=data.SLOTS[state.slot], card=t.card, sum=halves.effective_sum(t),
                        overtime=halves.effective_sum(t) - t.sum, top=t.top, bottom=t.bottom,
                        command=t.command, commands=halves.usable_commands(state, t.seat))


def default(state: WorkersState, seat: int) -> dict:
    """A skipped or removed seat's move: cards in hand order, dice as rolled, no rerolls, a pass
    (or the end of a turn already acted on), the first answer to a question."""
    q = pending.question(state)
    if q is not None:
        return {"type": "choose", "option": q.options[0]}
    step = state.step
    p = state.players[seat]
    if step == "place":
        if None in p.placed:
            return {"type": "place", "cards": p.hand[:4], "ready": True}
        return {"type": "ready"}
    if step == "assign":
        return {"type": "ready"}
    if step == "low":
        return {"type": "low_roll", "reroll": False}
    if step == "tokens":
        return {"type": "reroll", "dice": []}
    t = state.turn
    assert t is not None, "the play step asks only while a turn is in play"
    done = t.top or t.bottom or t.command is not None
    return {"type": "end"} if done else {"type": "pass"}


def sample(state: WorkersState, seat: int, rng: Stream) -> dict:
    """One legal move of ``seat`` drawn at random without trying every move on a copy: a kind
    drawn uniformly among those legal now, then one instance of it. Cards are placed all four at
    once (and declared ready), dice assigned all four at once; in a turn, the instances of the
    drawn kind are tried in a random order on a copy by the handler alone (``has_move``'s check)
    until one is accepted; passing and ending are checked by their own rule."""
    q = pending.question(state)
    if q is not None:
        return {"type": "choose", "option": rng.choice(q.options)}
    step = state.step
    p = state.players[seat]
    if step == "place":
        if None in p.placed or rng.below(2) == 0:
            cards = list(p.hand)
            rng.shuffle(cards)
            return {"type": "place", "cards": cards[:4], "ready": True}
        return {"type": "ready"}
    if step == "assign":
        kind = rng.below(3)
        if kind == 0:
            dice = list(p.dice)
            rng.shuffle(dice)
            return {"type": "assign", "dice": dice, "ready": True}
        if kind == 1:
            i = rng.below(4)
            room = p.plus_tokens - (sum(p.plus) - p.plus[i])
            return {"type": "plus", "slot": data.SLOTS[i], "tokens": rng.below(room + 1)}
        return {"type": "ready"}
    if step == "low":
        return {"type": "low_roll", "reroll": rng.below(2) == 0}
    if step == "tokens":
        left = p.reroll - p.rerolls_used
        return {"type": "reroll", "dice": [] if left <= 0 or rng.below(5) == 0 else [rng.below(4) + 1]}
    return _sample_turn(state, seat, rng)


def _sample_turn(state: WorkersState, seat: int, rng: Stream) -> dict:
    turn = state.turn
    assert turn is not None, "the play step asks only while a turn is in play"
    by_kind: dict[str, list[dict]] = {}
    for action in turn_candidates(state, seat):
        by_kind.setdefault(action["type"], []).append(action)
    kinds = list(by_kind)
    rng.shuffle(kinds)
    for kind in kinds:
        if kind == "pass":
            if not halves.acted(turn):
                return {"type": "pass"}
            continue
        if kind == "end":
            if halves.acted(turn) or turn.passed:
                return {"type": "end"}
            continue
        group = by_kind[kind]
        rng.shuffle(group)
        handler = TURN_HANDLERS[kind]
        for action in group:
            try:
                handler(clone(state), seat, decode(ACTIONS, action), [])
            except IllegalAction:
                continue
            return action
    return {"type": "end"} if halves.acted(turn) or turn.passed else {"type": "pass"}


# ------------------------------------------------------------------ determinizing (issue 32)
def determinize(state: WorkersState, seat: int | None, rng: Stream) -> None:
    """Resample in place what ``seat`` cannot see (``None``: a spectator), from ``rng`` and from
    what the view shows only (each unseen pool is sorted before it is shuffled): the order of the
    Project pile; which commands the command deck holds and their order (drawn from those never
    shown, so many from the A commands and so many from the B commands as the deck holds: the A
    commands come first); the other seats' face-down action cards (from their hands, less the
    cards revealed this phase; a seat still placing has placed none) and, behind the screens, which
    die and how many +1 tokens sit on each of their places (a seat still assigning has assigned
    none). Its own cards and dice, revealed cards, dice rolled and counts stay."""
    projects = sorted(state.projects)
    rng.shuffle(projects)
    state.projects = projects
    c = state.commands
    seen = set(c.available) | {c.unavailable, *c.discarded}
    unseen = [n for n in sorted(data.commands()) if n not in seen]
    a_count = sum(1 for n in c.deck if n <= 8)
    a_pool = [n for n in unseen if n <= 8]
    b_pool = [n for n in unseen if n > 8]
    rng.shuffle(a_pool)
    rng.shuffle(b_pool)
    c.deck = a_pool[:a_count] + b_pool[:len(c.deck) - a_count]
    step = state.step
    for s, p in enumerate(state.players):
        if s == seat:
            continue
        _cards(state, p, rng)
        if step == "assign":
            _screen(p, rng)


def _cards(state: WorkersState, p: Player, rng: Stream) -> None:
    """Another seat's face-down cards: a random four of its hand in a random order, less those
    revealed in play (``view``: a card is shown once its place is reached)."""
    step = state.step
    if step not in ("place", "low", "tokens", "assign", "play"):
        return
    if step == "place" and not p.ready:
        p.placed = [None] * 4
        return
    shown = state.slot + 1 if step == "play" else 0
    pool = sorted(c for c in p.hand if c not in p.placed[:shown])
    rng.shuffle(pool)
    p.placed = [*p.placed[:shown], *pool[:4 - shown]]


def _screen(p: Player, rng: Stream) -> None:
    """Another seat's dice behind the screen: a random die and random +1 tokens (at most those
    it holds) on each place once it is ready; as rolled, no tokens, while it is still assigning."""
    if not p.ready:
        p.assign = [0, 1, 2, 3]
        p.plus = [0, 0, 0, 0]
        return
    order = [0, 1, 2, 3]
    rng.shuffle(order)
    p.assign = order
    plus = [0, 0, 0, 0]
    for _ in range(p.plus_tokens):
        i = rng.below(5)
        if i < 4:
            plus[i] += 1
    p.plus = plus
