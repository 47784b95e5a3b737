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
        kind = _prompt(game, state, seat)["kind"]
        det = game.determinize(state, seat, rng)
        p = det["players"][seat]
        if kind == "place":
            order, value = plan.placement(det, seat)
            return Choice({"type": "place", "cards": order, "ready": True},
                          f"places {words.cards(order)}: the round planned at about {value:.0f} coins")
        if kind == "low_roll":
            return Choice({"type": "low_roll", "reroll": True},
                          f"rerolls {'+'.join(map(str, p['dice']))}: a sum of 4 or less gives weak Sums")
        if kind == "reroll":
            low = min(range(len(p["dice"])), key=lambda i: (p["dice"][i], i))
            if p["dice"][low] <= 2:
                return Choice({"type": "reroll", "dice": [low + 1]},
                              f"spends a reroll token on its {p['dice'][low]}")
            return Choice({"type": "reroll", "dice": []}, "keeps its dice: none is worth a reroll token")
        if kind == "assign":
            dice, plus, value = plan.assignment(det, seat)
            shown = ", ".join(f"{d}{'+' + str(k) if k else ''} on +{s}" for s, d, k in zip((1, 2, 3, 6), dice, plus))
            return Choice({"type": "assign", "dice": dice, "plus": plus, "ready": True},
                          f"puts {shown}: the round planned at about {value:.0f} coins")
        return self._best_move(game, det, seat, kind)

    def _best_move(self, game, det, seat, kind: str) -> Choice:
        """A turn's move or a question's answer: the one after which the round plays out best."""
        if kind == "turn":
            moves = turn_candidates(det, seat)
        else:
            moves = [a for a in game.legal_actions(det, seat) if a["type"] == "choose"]
        round_, phase = det["round"], det["phase"]
        scored = []
        for action in moves:
            after = try_move(game, det, seat, action)
            if after is None:
                continue
            scored.append((value_after(after, seat, round_, phase), action))
        if not scored:
            raise ValueError(f"seat {seat} has no move")
        best_value, best = max(scored, key=lambda x: x[0])       # the first of equals: candidates' order
        idle = [v for v, a in scored if a["type"] in ("pass", "end")]
        if best["type"] in ("pass", "end") or not idle:
            return Choice(best, f"{words.move(best)}: nothing else adds to the round's plan")
        return Choice(best, f"{words.move(best)}: {best_value - max(idle):+.0f} coins on the round's plan "
                            "against stopping here")


def value_after(state, seat: int, round_: int, phase: int) -> float:
    """What the seat's position is worth after a move tried in ``round_``, ``phase``: the game's
    end counts its final coins; a later round counts the position as it stands (its cards are not
    planned yet); otherwise the cards still to come this round are played (``plan.outlook_value``)."""
    if state["step"] == "over":
        return float(state["final"][seat]["total"])
    if state["round"] != round_:
        return plan.read(state, seat).value()
    return plan.outlook_value(state, seat)
