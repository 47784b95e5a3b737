"""The seat's plan for the round: which action cards go under +1, +2, +3, +6, which die on each,
and what the cards still to come are worth (railway-workers.txt, "Round phases - steps").

A plan is judged by playing the seat's own cards on its ``Board`` (``sim.play``) and valuing the
result (``Board.value``). Before the dice are rolled a place's Sum is guessed (``GUESS``); once
they are assigned it is known.
"""
from __future__ import annotations

from itertools import combinations, permutations

from railhead.engine.games.workers import data
from railhead.engine.games.workers.flow import slot_sum
from railhead.engine.games.workers.halves import effective_sum

from . import sim
from .model import Board, read

GUESS = (4, 6, 7, 10)
"""The Sum a place is likely to reach once the dice are assigned (+1, +2, +3, +6): the best dice
go where a 7 is in reach, and +6 always reaches it."""

ORDER = ("worker", "move", "plans", "structures", "tracks", "share", "subsidy", "store")
"""A sensible order for cards not placed yet: hire and send workers, buy, then store up last (at
+6, so its 7+ action stores a second kind)."""

KEEP = 12
"""How many of the best first-phase placements are judged again with the second phase's order
searched too."""


def later(hand: list[str]) -> list[tuple[str, int]]:
    """The cards of a phase not placed yet, in ``ORDER``, with the guessed Sums."""
    cards = sorted(hand, key=ORDER.index)
    return list(zip(cards, GUESS[-len(cards):] if cards else ()))


def best_later(board: Board, hand: list[str]) -> float:
    """The value of the best order of ``hand`` (a whole phase, at most 4 cards), guessed Sums."""
    best = -1e9
    for order in set(permutations(hand)):
        best = max(best, sim.play(board, list(zip(order, GUESS[-len(order):]))).value())
    return best


def placement(state, seat) -> tuple[list[str], float]:
    """The four cards to place, in slot order, and the value the plan expects by the round's end.
    In Action Phase 1 the cards left for Action Phase 2 are played after them."""
    return placements(state, seat, 1)[0]


def placements(state, seat, most: int) -> list[tuple[list[str], float]]:
    """The ``most`` best placements (four cards in slot order, the value their plan expects by the
    round's end), best first; ``placement``'s choice is the first. In Action Phase 1 each is the
    best order of a different choice of four cards (which cards wait for Action Phase 2 is the
    bigger question); in Action Phase 2 they are the best orders of the hand."""
    p = state.players[seat]
    board = read(state, seat)
    hand = list(p.hand)
    if len(hand) <= 4:
        scored = [(sim.play(board, list(zip(order, GUESS))).value(), order) for order in set(permutations(hand))]
        scored.sort(key=lambda x: (x[0], [ORDER.index(c) for c in x[1]]), reverse=True)
        return [(list(order), value) for value, order in scored[:most]]
    scored = []
    for chosen in combinations(sorted(hand, key=ORDER.index), 4):
        rest = [c for c in hand if c not in chosen]
        for order in permutations(chosen):
            after = sim.play(board, list(zip(order, GUESS)))
            scored.append((sim.play(after, later(rest)).value(), order, after, rest))
    scored.sort(key=lambda x: (-x[0], [ORDER.index(c) for c in x[1]]))
    judged = sorted(((best_later(x[2], x[3]), i, x[1]) for i, x in enumerate(scored[:KEEP])),
                    key=lambda y: (-y[0], y[1]))
    out, sets = [], set()
    for value, _, order in judged:
        if frozenset(order) not in sets:
            sets.add(frozenset(order))
            out.append((list(order), value))
    return out[:most]


def assignment(state, seat) -> tuple[list[int], list[int], float]:
    """The dice (values, in slot order) and +1 tokens on each place that make the best plan, and
    its value."""
    return assignments(state, seat, 1)[0]


def assignments(state, seat, most: int) -> list[tuple[list[int], list[int], float]]:
    """The ``most`` best ways to put the dice (values, in slot order) and +1 tokens on the places,
    each with its plan's value, best first (``assignment``'s choice is the first)."""
    p = state.players[seat]
    board = read(state, seat)
    placed = p.placed
    rest = later([c for c in p.hand if c not in placed]) if state.phase == 1 else []
    tokens = p.plus_tokens
    pluses = [[0, 0, 0, 0]] + ([[tokens if i == j else 0 for j in range(4)] for i in range(4)] if tokens else [])
    best, scored = None, []
    for dice in sorted(set(permutations(p.dice))):
        for plus in pluses:
            sums = [data.SLOTS[i] + dice[i] + plus[i] for i in range(4)]
            after = sim.play(board, list(zip(placed, sums)))
            value = sim.play(after, rest).value() + 0.01 * sum(sums) - 0.02 * sum(plus)
            scored.append((value, list(dice), plus))
            if best is None or value > best[0] + 1e-9:
                best = scored[-1]
    others = sorted((x for x in scored if x is not best), key=lambda x: -x[0])
    return [(dice, plus, value) for value, dice, plus in [best, *others][:most]]


def remaining(state, seat) -> list[tuple[str, int]]:
    """The seat's cards still to be resolved this phase after the turn in play, with their Sums,
    then (in Action Phase 1) the hand for Action Phase 2 with guessed Sums."""
    p = state.players[seat]
    out = []
    if state.step == "play":
        i = state.slot
        order = state.order
        turn = state.turn
        mine_now = seat in order and (turn is None or order.index(seat) > order.index(turn.seat))
        start = i if mine_now else i + 1
        out = [(p.placed[j], slot_sum(p, j)) for j in range(start, 4)]
    elif state.step in ("place", "low", "tokens", "assign"):
        if None not in p.placed:
            out = list(zip(p.placed, GUESS))
            hand = [c for c in p.hand if c not in p.placed]
            return out + (later(hand) if state.phase == 1 else [])
        return later(p.hand[:4]) + (later(p.hand[4:]) if state.phase == 1 else [])
    if state.phase == 1 and state.step == "play":
        out += later([c for c in p.hand if c not in p.placed])
    return out


def outlook_value(state, seat) -> float:
    """What the seat's position is worth by the round's end, its turn in play (if it is the seat's)
    finished as planned and its cards still to come played (``remaining``)."""
    board = read(state, seat).copy()
    turn = state.turn if state.step == "play" else None
    if turn is not None and turn.seat == seat and turn.ended is not True and not turn.passed:
        sim.play_card(board, turn.card, effective_sum(turn), remaining(state, seat),
                      top_done=turn.top, bottom_done=turn.bottom or False)
    return sim.play(board, remaining(state, seat)).value()
