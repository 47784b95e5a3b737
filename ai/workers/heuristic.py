"""The heuristic player of Railway Workers: plans its round and plays its cards as a competent
person would, from what its own seat may know.

- Cards: of the hand, the four (and their order under +1, +2, +3, +6) whose round plays best on
  its own board (``plan.placement``): workers out and resources bought before Store Up, Store Up
  under +6 so its 7+ action stores a second kind, Share when a route with trains pays.
- Dice: a reroll of three dice summing 4 or less; reroll tokens on a 1 or 2; the four dice (and
  +1 tokens) where they make the best plan (``plan.assignment``): 7s where a 7+ action pays.
- Turns and questions: each move (or answer) tried on the seat's own determinization, the one
  whose round then plays out best (``plan.outlook_value``) taken; ending the turn (or passing for
  1 coin) when nothing adds.

It reads only ``game.determinize(state, seat, rng)``, which depends on the seat's view alone, so
two states that differ only in other seats' secrets get the same move.
"""
from __future__ import annotations

from railhead.engine.games.workers.search import turn_candidates

from ..player import Choice, try_move
from . import plan, words


def _prompt(game, state, seat) -> dict:
    for p in game.prompts(state):
        if p["seat"] == seat:
            return p
    raise ValueError(f"seat {seat} may not act now")


class Heuristic:
    """Railway Workers' heuristic player (``name = "heuristic"``)."""

    name = "heuristic"

    def choose(self, game, state, seat, rng) -> Choice:
        """The seat's move with one line of reason. Raises ``ValueError`` when the seat may not act."""
        return self.ranked(game, state, seat, rng, 1)[0][1]

    def ranked(self, game, state, seat, rng, most: int) -> list[tuple[float | None, Choice]]:
        """The seat's ``most`` best moves by the heuristic's own measure, best first (the first is
        ``choose``'s move), each with the coins its plan expects by the round's end (``None`` for
        the answers of a reroll question, which the plan does not value) and its reason: the best
        placements of different cards, dice assignments, turn moves or answers, both answers of a
        reroll question. Raises ``ValueError`` when the seat may not act."""
        kind = _prompt(game, state, seat)["kind"]
        det = game.determinize(state, seat, rng)
        p = det.players[seat]
        if kind == "place":
            return [(value, Choice({"type": "place", "cards": order, "ready": True},
                                   f"places {words.cards(order)}: the round planned at about {value:.0f} coins"))
                    for order, value in plan.placements(det, seat, most)]
        if kind == "low_roll":
            dice = "+".join(map(str, p.dice))
            return [(None, Choice({"type": "low_roll", "reroll": True},
                                  f"rerolls {dice}: a sum of 4 or less gives weak Sums")),
                    (None, Choice({"type": "low_roll", "reroll": False}, f"keeps {dice}"))][:most]
        if kind == "reroll":
            low = min(range(len(p.dice)), key=lambda i: (p.dice[i], i))
            spend = (None, Choice({"type": "reroll", "dice": [low + 1]},
                                  f"spends a reroll token on its {p.dice[low]}"))
            keep = (None, Choice({"type": "reroll", "dice": []}, "keeps its dice: none is worth a reroll token"))
            return ([spend, keep] if p.dice[low] <= 2 else [keep, spend])[:most]
        if kind == "assign":
            out = []
            for dice, plus, value in plan.assignments(det, seat, most):
                shown = ", ".join(f"{d}{'+' + str(k) if k else ''} on +{s}"
                                  for s, d, k in zip((1, 2, 3, 6), dice, plus))
                out.append((value, Choice({"type": "assign", "dice": dice, "plus": plus, "ready": True},
                                          f"puts {shown}: the round planned at about {value:.0f} coins")))
            return out
        return self._best_moves(game, det, seat, kind, most)

    def _best_moves(self, game, det, seat, kind: str, most: int) -> list[tuple[float, Choice]]:
        """A turn's moves or a question's answers, the ``most`` after which the round plays out
        best, best first, each with that value."""
        if kind == "turn":
            moves = turn_candidates(det, seat)
        else:
            moves = [a for a in game.legal_actions(det, seat) if a["type"] == "choose"]
        round_, phase = det.round, det.phase
        scored = []
        for action in moves:
            after = try_move(game, det, seat, action)
            if after is None:
                continue
            scored.append((value_after(after, seat, round_, phase), action))
        if not scored:
            raise ValueError(f"seat {seat} has no move")
        idle = [v for v, a in scored if a["type"] in ("pass", "end")]
        out = []
        for value, action in sorted(scored, key=lambda x: -x[0])[:most]:   # stable: the first of equals first
            if action["type"] in ("pass", "end") or not idle:
                why = f"{words.move(action)}: nothing else adds to the round's plan"
            else:
                why = f"{words.move(action)}: {value - max(idle):+.0f} coins on the round's plan against stopping here"
            out.append((value, Choice(action, why)))
        return out


def value_after(state, seat: int, round_: int, phase: int) -> float:
    """What the seat's position is worth after a move tried in ``round_``, ``phase``: the game's
    end counts its final coins; a later round counts the position as it stands (its cards are not
    planned yet); otherwise the cards still to come this round are played (``plan.outlook_value``)."""
    if state.step == "over":
        assert state.final is not None
        return float(state.final[seat].total)
    if state.round != round_:
        return plan.read(state, seat).value()
    return plan.outlook_value(state, seat)
