"""A game nobody can move ends (our rule, docs/rules-assumptions.md, "A game nobody can move"): the
rulebook ends a game only by its empty city markers (railways-of-the-world.txt, "Ending the Game"),
so a table where no one can build, deliver, urbanize, upgrade or take a card any more would never
end. A turn of passes alone does not end a game that can still go on."""
from __future__ import annotations

from bench.policy import play
from railhead.engine import canonical
from railhead.engine.games.rotw import search
from railhead.engine.games.rotw.context import of

from .helpers import GAME, Table


def test_a_whole_turn_of_passes_does_not_end_a_game_that_can_go_on():
    t = Table(players=2)
    t.act(0, type="pass")
    t.act(1, type="pass")
    events = []
    for _ in range(2 * 3):
        events += t.act(type="pass")
    assert t.state["phase"] == "auction" and t.state["turn"] == 2
    assert not any(e["type"] == "stalled" for e in events)
    assert "idle" not in t.state


def test_a_game_where_nobody_can_move_ends_with_that_turn():
    """A random six-player Railways Through Time game (seed 11) uses up every spur it can reach and
    every deliverable cube before its last markers: it ends after the turn nobody could move."""
    names, state, log = play(GAME, 6, 11, options={"map": "through-time"})
    assert GAME.outcome(state) is not None and state["end_turn"] is None
    assert state["markers"]["placed"] < state["markers"]["total"]
    again = GAME.setup({"map": "through-time"}, names, 11)
    for k, (seat, action) in enumerate(log):
        before = again
        again, events = GAME.apply(again, seat, action)
        if any(e["type"] == "stalled" for e in events):
            assert k >= len(log) - 1, "the game went on after it stalled"
            assert not [a for s, a in log[-len(before["order"]) * 3:] if a["type"] in search.MOVES]
            ctx = of(before)
            for i, who in enumerate(before["order"]):
                moves = [a for a in search.legal_actions({**before, "at": i}, ctx, who) if a["type"] in search.MOVES]
                assert not moves, f"{names[who]} could still {moves[0]}"
    assert canonical(again) == canonical(state)
