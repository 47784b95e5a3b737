"""Every shipped Railways of the World map plays to its end at its smallest and its largest player
count (issue 21, "Done when"): a random legal game (ai/policy.py, biased to deliveries and whole
links, as tests/rotw/test_playouts.py) reaches the final score before 3,000 moves, the game ends by
the map's own empty-city-marker figure for that count (railways-of-the-world.txt, "Ending the Game";
a marker lifted by City Growth after the end is triggered does not extend the game),
every cube is still one of the 125, and the
log replays to the same state."""
from __future__ import annotations

import pytest

from railhead.ai.policy import play
from railhead.engine import canonical
from railhead.engine.common.goods import COLOURS
from railhead.engine.games.rotw.data import available_maps, load_map

from .helpers import GAME

CASES = [(m, n) for m in available_maps() if m != "transcontinental"       # its own: test_transcontinental.py
         for n in sorted({load_map(m).min_players, load_map(m).max_players})]


@pytest.mark.parametrize(("map_id", "players"), CASES)
def test_a_random_game_reaches_the_end(map_id, players):
    names, state, log = play(GAME, players, 11, options={"map": map_id})
    assert GAME.outcome(state) is not None, f"{map_id} with {players}: no end after {len(log)} moves"
    markers = state.markers
    assert markers.total == load_map(map_id).empty_city_markers[players]
    assert state.end_turn is not None, "the game ended before its last empty city marker was placed"
    assert markers.placed >= markers.total - 2         # a City Growth or New City may lift a marker after
    for colour in COLOURS:
        on_board = sum(c.cubes.count(colour) for c in state.cities.values())
        assert on_board + state.bag[colour] == 25, colour
    again = GAME.setup({"map": map_id}, names, 11)
    for seat, action in log:
        again, _ = GAME.apply(again, seat, action)
    assert canonical(again) == canonical(state)
