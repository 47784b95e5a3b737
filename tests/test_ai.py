"""AI players on the engine's contract (issue 34; the search needs issue 32's hooks): every move
legal, the same rng giving the same move, and no move depending on what the seat cannot see."""
from __future__ import annotations

import pytest

from railhead.ai import LEVELS, PLAYERS, RandomPlayer, SearchPlayer, make_player
from railhead.ai.search import rewards
from railhead.engine import GAMES
from railhead.engine.core.rng import rng_for

from .search_hooks import walk


def states(game_id: str, players: int, seed: int, every: int, limit: int):
    game = GAMES[game_id]
    return [(s, seat) for n, (s, seat) in enumerate(walk(game, players, seed, limit)) if n % every == 0]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_player_makes_legal_moves(game_id):
    game = GAMES[game_id]
    players = min(3, game.max_seats)
    search = SearchPlayer(playouts=4, depth=30)
    for n, (state, seat) in enumerate(states(game_id, players, 3, every=15, limit=90)):
        for player in (RandomPlayer(), search):
            choice = player.choose(game, state, seat, rng_for("ai-test", n))
            game.apply(state, seat, choice.action)              # raises IllegalAction if it is not legal
            assert choice.reason


@pytest.mark.parametrize("game_id", ["rotw", "workers", "steam"])
def test_the_search_chooses_the_same_whatever_others_hide(game_id):
    """Two states a seat cannot tell apart (the true one and one determinized for it: other seats'
    secrets and every deck order drawn anew) get the same move from the same rng."""
    game = GAMES[game_id]
    search = SearchPlayer(playouts=6, depth=25)
    for n, (state, seat) in enumerate(states(game_id, 3, 11, every=20, limit=80)):
        twin = game.determinize(state, seat, rng_for("twin", n))
        a = search.choose(game, state, seat, rng_for("same", n))
        b = search.choose(game, twin, seat, rng_for("same", n))
        assert a == b


def test_the_same_rng_gives_the_same_move():
    game = GAMES["rotw"]
    state, seat = states("rotw", 3, 5, every=1, limit=1)[0]
    search = SearchPlayer(playouts=8, depth=20)
    assert search.choose(game, state, seat, rng_for("x", 1)) == search.choose(game, state, seat, rng_for("x", 1))


def test_a_player_refuses_a_seat_that_may_not_act():
    game = GAMES["rotw"]
    state = game.setup({"barons": False}, ["A", "B", "C"], 1)       # the auction: one seat acts
    idle = next(s for s in range(3) if s not in game.actors(state))
    for player in (RandomPlayer(), SearchPlayer(playouts=2)):
        with pytest.raises(ValueError):
            player.choose(game, state, idle, rng_for("x", 0))


def test_rewards_put_the_winner_first_and_count_each_place():
    class Over:
        def __init__(self, outcome):
            self._outcome = outcome

        def outcome(self, state):
            return self._outcome

    three = rewards(Over({"ranking": [2, 0, 1], "scores": {2: 30, 0: 20, 1: 10}}), None, 3)
    assert three == [pytest.approx(0.05), 0.0, pytest.approx(1.1)]
    assert rewards(Over(None), None, 4) == [0.25] * 4
    solo_low, solo_high = (rewards(Over({"ranking": [0], "scores": {0: x}}), None, 1)[0] for x in (2, 12))
    assert 0.5 < solo_low < solo_high < 1


def test_make_player_knows_its_names():
    assert [make_player(name).name for name in PLAYERS] == list(PLAYERS)
    with pytest.raises(ValueError, match="unknown player"):
        make_player("oracle")
    for level, (kind, budget) in LEVELS.items():
        player = make_player(level)
        assert player.name == kind and getattr(player, "playouts", None) == budget


def test_a_game_without_a_hook_says_so(monkeypatch):
    """The greedy and heuristic players need the game's own hooks (ai/games.py); a game that lacks
    them is refused with a sentence, not a crash deep inside."""
    from railhead.ai import games

    monkeypatch.setattr(games, "module", lambda game_id: None)
    game = GAMES["rotw"]
    state = game.setup({}, ["A", "B", "C"], 1)
    seat = game.actors(state)[0]
    with pytest.raises(ValueError, match="no greedy player"):
        make_player("greedy").choose(game, state, seat, rng_for("x", 0))
    with pytest.raises(ValueError, match="no heuristic player"):
        make_player("heuristic").choose(game, state, seat, rng_for("x", 0))


def test_the_wilson_interval_matches_a_worked_value():
    """20 wins of 30 games: the 95% Wilson interval is 0.488 to 0.808 (Wilson 1927, z = 1.96)."""
    from railhead.ai.tournament import wilson

    low, high = wilson(20, 30)
    assert low == pytest.approx(0.488, abs=0.001) and high == pytest.approx(0.808, abs=0.001)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_tournament_rotates_seats_and_repeats_itself():
    from railhead.ai import tournament

    heard: list[int] = []
    first = tournament.run("rotw", ["random", "random", "random"], 3, seed=4, budget=None,
                           on_result=lambda i, r: heard.append(i))
    assert heard == [0, 1, 2]
    assert [r.seating for r in first] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    assert [(r.winner, r.scores) for r in first] == \
        [(r.winner, r.scores) for r in tournament.run("rotw", ["random"] * 3, 3, seed=4, budget=None)]
    table = tournament.standings(["random"] * 3, first)
    assert sum(s.wins for s in table) == sum(r.winner is not None for r in first)


def test_the_tournament_command_prints_standings_and_refuses_unknown_players():
    from typer.testing import CliRunner

    from railhead.bot.cli import app

    runner = CliRunner()
    result = runner.invoke(app, ["tournament", "--game", "railways", "--players", "search,random", "--games", "2",
                                 "--budget", "2"])
    assert result.exit_code == 0, result.output
    assert "search" in result.output and "random" in result.output and "mean score" in result.output
    assert "game 0 (seed 1): " in result.output and "game 1 (seed 2): " in result.output   # a line per game
    result = runner.invoke(app, ["tournament", "--players", "oracle,random,random"])
    assert result.exit_code == 2 and "unknown player 'oracle'" in result.output


def test_the_n_th_playout_of_each_root_move_sees_the_same_determinization(monkeypatch):
    """Common random numbers (ai/search.py): whichever root move a playout follows, its n-th
    playout determinizes the state with the n-th stream, so moves are compared on the same hidden
    cards; a root move never draws one stream twice."""
    game = GAMES["rotw"]
    state, seat = states("rotw", 3, 5, every=1, limit=1)[0]
    real = game.determinize
    streams: list[bytes] = []

    def recording(st, s, rng):
        streams.append(rng._prefix)
        return real(st, s, rng)

    monkeypatch.setattr(game, "determinize", recording)
    SearchPlayer(playouts=16).choose(game, state, seat, rng_for("crn", 1))
    playouts = [p for p in streams if b":search:" in p]
    assert len(playouts) >= 16
    index = [int(p.rsplit(b":", 2)[1]) for p in playouts]
    assert index.count(0) >= 2                      # several root moves, each first played on stream 0
    assert max(index) < len(playouts) - 1           # streams are shared between moves, not one per playout


def test_a_tree_move_refused_in_another_determinization_does_not_waste_the_playout():
    """ISMCTS keeps other seats' moves from earlier determinizations (ai/search.py); in Railway
    Workers another seat's card or dice differ from one determinization to the next, so such a
    move is often refused. The walk then stops before it and the playout goes on: every playout
    counts (before, a Workers search counted about 15 of 16)."""
    import re

    game = GAMES["workers"]
    search = SearchPlayer(playouts=16)
    counted = []
    for n, (state, seat) in enumerate(states("workers", 3, 5, every=4, limit=60)):
        reason = search.choose(game, state, seat, rng_for("count", n)).reason
        found = re.search(r"in \d+ of (\d+) playouts", reason)
        if found:
            counted.append(int(found.group(1)))
    assert len(counted) >= 5 and all(c == 16 for c in counted), counted
