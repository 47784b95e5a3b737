"""Rulebook checks of the Railway Workers round found wrong in play (issue 23, part 5)."""
from __future__ import annotations

from .helpers import GAME, LEO, MARIA, TIM, Table


def test_the_baton_passes_once_a_round_after_action_phase_1():
    """"Round overview" and "Action Phase 1" e: the Baton passes clockwise at the end of Action
    Phase 1; "Action Phase 2" repeats steps a) to d) only, so it stays put until next round's
    Action Phase 1 ends."""
    t = Table()
    assert t.state.baton == MARIA
    t.to_play(cards={}, dice={})
    while t.state.phase == 1:
        t.act(t.turn.seat, type="pass")
    assert t.state.baton == TIM and "The Baton passes to Tim." in t.text()
    t.to_play(cards={}, dice={})
    while t.state.round == 1:
        t.act(t.turn.seat, type="pass")
    assert t.state.baton == TIM and "Baton" not in t.text()
    t.to_play(cards={}, dice={})
    while t.state.phase == 1:
        t.act(t.turn.seat, type="pass")
    assert t.state.baton == LEO
    assert GAME.view(t.state, None)["baton"] == LEO
