"""Steam's AI players (issue 34; ``ai/steam/``): the heuristic, the one-ply greedy player's
``worth`` and the search's playout policy make legal moves on every map, in the base and the
standard game; whole games finish; the heuristic says why in one line, sees only its own view
(the same move whatever the state hides from it) and repeats itself for the same rng."""
from __future__ import annotations

import pytest

from railhead.ai import Choice, GreedyPlayer, make_player
from railhead.ai.steam import economy, evaluate, network, rollout, value, worth
from railhead.ai.steam.heuristic import Heuristic
from railhead.engine.core.rng import rng_for
from railhead.engine.games.steam.data import available_maps, load_map
from railhead.engine.games.steam.game import GAME

from ..search_hooks import walk
from .helpers import Table

MAPS = [(m, load_map(m).min_players) for m in available_maps()]


def sampled(players: int, seed: int, options: dict, every: int = 7, limit: int = 120):
    """States of a random playout (``search_hooks.walk``), one in ``every``, with a seat that may act."""
    return [(s, seat) for n, (s, seat) in enumerate(walk(GAME, players, seed, limit, options)) if n % every == 0]


@pytest.mark.parametrize("standard", [False, True], ids=["base", "standard"])
@pytest.mark.parametrize("map_id,players", MAPS)
def test_every_steam_player_makes_legal_moves(map_id, players, standard):
    """On each shipped map, base and standard game: the heuristic's, the greedy player's and the
    playout policy's moves are accepted by the validating ``apply``, with a one-line reason."""
    options = {"map": map_id, "standard": standard}
    heuristic, greedy = Heuristic(), GreedyPlayer()
    seen = set()
    for n, (state, seat) in enumerate(sampled(players, 5, options)):
        seen.add(state.phase)
        for player in (heuristic, greedy):
            choice = player.choose(GAME, state, seat, rng_for("steam-ai", n))
            GAME.apply(state, seat, choice.action)            # raises IllegalAction if it is not legal
            assert choice.reason and "\n" not in choice.reason and len(choice.reason) < 160
        GAME.apply(state, seat, rollout(GAME, state, seat, rng_for("steam-rollout", n)))
    assert {"select", "build", "move"} <= seen


class Playout:
    """The search's playout policy (``rollout``) as a seat: cheap, solvent, builds nothing."""

    name = "playout"

    def choose(self, game, state, seat, rng) -> Choice:
        return Choice(rollout(game, state, seat, rng), "playout")


def _play(kinds: list[str], seed: int, options: dict) -> tuple[dict, list[str]]:
    players = [Playout() if k == "playout" else make_player(k) for k in kinds]
    state = GAME.setup(options, kinds, seed)
    reasons = []
    for move in range(3000):
        actors = GAME.actors(state)
        if not actors:
            break
        seat = actors[0]
        choice = players[seat].choose(GAME, state, seat, rng_for(f"whole:{seed}", move))
        if kinds[seat] == "heuristic":
            reasons.append(choice.reason)
        state, _ = GAME.apply(state, seat, choice.action)
    return state, reasons


@pytest.mark.parametrize("standard", [False, True], ids=["base", "standard"])
def test_a_whole_game_with_the_heuristic_finishes_solvent(standard):
    """The heuristic beside two seats of the playout policy plays a whole game to its last turn
    (steam.txt, "The Game's End") without anyone going bankrupt, wins it, and says what it built
    and delivered."""
    state, reasons = _play(["playout", "heuristic", "playout"], 11, {"standard": standard})
    outcome = GAME.outcome(state)
    assert outcome is not None and state.turn == state.turns
    assert not any(p.out for p in state.players)
    assert outcome["ranking"][0] == 1 and outcome["scores"][1] > 10
    assert any(r.startswith("builds ") and "–" in r for r in reasons)
    assert any(r.startswith("delivers a ") for r in reasons)


def test_the_heuristic_outplays_two_random_players():
    state, _ = _play(["random", "heuristic", "random"], 3, {})
    assert GAME.outcome(state)["ranking"][0] == 1


@pytest.mark.parametrize("standard", [False, True], ids=["base", "standard"])
def test_the_heuristic_chooses_the_same_whatever_the_state_hides(standard):
    """Steam hides the goods bag's draws (the seed); a state determinized for the seat (the seed
    drawn anew) and the true one get the same move and reason from the same rng."""
    heuristic = Heuristic()
    for n, (state, seat) in enumerate(sampled(3, 17, {"standard": standard}, every=9)):
        twin = GAME.determinize(state, seat, rng_for("twin", n))
        assert twin.seed != state.seed                  # what the cubes drawn next depend on
        a = heuristic.choose(GAME, state, seat, rng_for("same", n))
        b = heuristic.choose(GAME, twin, seat, rng_for("same", n))
        assert a == b


def test_the_heuristic_repeats_itself_for_the_same_rng():
    heuristic = Heuristic()
    for n, (state, seat) in enumerate(sampled(3, 23, {}, every=11)):
        assert heuristic.choose(GAME, state, seat, rng_for("r", n)) == heuristic.choose(GAME, state, seat,
                                                                                        rng_for("r", n))


def test_a_seat_that_may_not_act_is_refused():
    state = GAME.setup({}, ["A", "B", "C"], 1)
    idle = next(s for s in range(3) if s not in GAME.actors(state))
    with pytest.raises(ValueError):
        make_player("heuristic").choose(GAME, state, idle, rng_for("x", 0))


@pytest.fixture
def tiny_ai(tiny, monkeypatch):
    """The tiny board for the AI's own reading of the map too."""
    monkeypatch.setattr(network, "load_map", lambda map_id: tiny if map_id == "tiny" else load_map(map_id))
    return tiny


def _at_build(cubes: dict[str, list[str]]) -> tuple[Table, int]:
    """A tiny-board game at its first build, the cities holding ``cubes`` (by hex, others empty)."""
    t = Table()
    t.select_all()
    for h, city in t.state.cities.items():
        city.cubes = sorted(cubes.get(h, []))
    return t, t.actor


def test_the_heuristic_builds_the_link_that_opens_deliveries(tiny_ai):
    """Blue cubes at Alpha and a red one at Beta: a link Alpha–Beta opens three one-link deliveries
    (steam.txt, "Moving a Goods Cube"), so the heuristic lays its first tile and says so."""
    t, seat = _at_build({"B2": ["blue", "blue"], "F2": ["red"]})
    choice = Heuristic().choose(GAME, t.state, seat, rng_for("tiny", 1))
    assert choice.action["type"] == "build"
    assert "Alpha–Beta" in choice.reason or "Beta–Alpha" in choice.reason, choice.reason
    GAME.apply(t.state, seat, choice.action)


def test_the_heuristic_builds_nothing_when_no_link_carries_a_cube(tiny_ai):
    """No cube could use any link: track would only cost money (paid by going down the income
    track), so it ends its build at once."""
    t, seat = _at_build({})
    choice = Heuristic().choose(GAME, t.state, seat, rng_for("tiny", 2))
    assert choice.action == {"type": "done"} and "no link pays" in choice.reason


def test_track_points_go_to_income_early_and_to_vp_at_the_end():
    """steam.txt, "Track Points" and "Calculating Victory Points": income pays each turn left and
    2 income make 1 VP at the end; in the last turn only VP are worth having, early on 2 points
    of income ($2 in each of ten income phases) beat 2 VP, and a negative income is worth lifting
    near the end (each step below 0 costs 2 VP)."""
    assert economy.take_income(0, 2, 10)
    assert not economy.take_income(0, 2, 1)
    assert not economy.take_income(6, 3, 2)
    assert economy.take_income(-4, 2, 2)


def test_worth_is_the_score_if_the_game_ended_now_plus_cash():
    """``worth``: VP + the income track's VP + complete links, and 0.1 VP a dollar; ``evaluate``:
    shares of a win summing to 1, the leader's the largest."""
    state = GAME.setup({}, ["A", "B", "C"], 4)
    p = state.players[0]
    p.vp, p.income, p.cash = 5, -3, 20
    assert worth(GAME, state, 0) == pytest.approx(5 - 6 + 2.0)
    shares = evaluate(GAME, state)
    assert sum(shares) == pytest.approx(1.0)
    state.players[1].vp = 30
    assert max(range(3), key=lambda s: evaluate(GAME, state)[s]) == 1


def test_the_playout_policy_finishes_a_link_begun_in_this_build(tiny_ai):
    """The search's playouts build nothing new, but a link begun in this build (the search's own
    move) is finished: left unfinished it would lose its owner at the build's end (steam.txt,
    "Phase 2 – Building the Track"), and the move would be judged as money thrown away."""
    t, seat = _at_build({"B2": ["blue", "blue"], "F2": ["red"]})
    first = Heuristic().choose(GAME, t.state, seat, rng_for("tiny", 1)).action
    t.act(seat, **first)
    more = rollout(GAME, t.state, seat, rng_for("tiny", 2))
    assert more["type"] == "build"
    t.act(seat, **more)
    t.act(seat, **rollout(GAME, t.state, seat, rng_for("tiny", 3)))
    link = next(link for link in t.state.links.values() if link.owner == seat)
    assert {link.from_, link.to} == {"B2", "F2"}
    assert rollout(GAME, t.state, seat, rng_for("tiny", 4)) == {"type": "done"} or t.state.phase != "build"


@pytest.mark.parametrize("standard", [False, True], ids=["base", "standard"])
def test_the_searchs_candidates_start_with_the_heuristics_move_and_are_legal(standard):
    """``candidates`` (the search's root, ai/steam/candidates.py): the heuristic's move first, then
    its runners-up, each once and each accepted by the validating ``apply``; the same whatever
    the state hides from the seat (the goods bag's draws)."""
    from railhead.ai.steam import candidates
    from railhead.engine import canonical

    longest = 0
    for n, (state, seat) in enumerate(sampled(3, 29, {"standard": standard}, every=5)):
        offered = candidates(GAME, state, seat, rng_for("c", n))
        assert offered[0] == Heuristic().choose(GAME, state, seat, rng_for("c", n))
        assert len({canonical(c.action) for c in offered}) == len(offered)
        for choice in offered:
            GAME.apply(state, seat, choice.action)              # raises IllegalAction if it is not legal
            assert choice.reason
        twin = GAME.determinize(state, seat, rng_for("twin", n))
        assert candidates(GAME, twin, seat, rng_for("c", n)) == offered
        longest = max(longest, len(offered))
    assert longest >= 3                                         # runners-up are offered, not only one move


def test_the_search_plays_only_the_candidates_at_its_root(monkeypatch):
    """A game with a ``candidates`` hook names every move the search's root weighs (ai/search.py):
    in a build with hundreds of legal tiles, the move chosen is always one of them."""
    from railhead.ai import SearchPlayer
    from railhead.ai.steam import candidates

    search = SearchPlayer(playouts=12)
    builds = 0
    for n, (state, seat) in enumerate(sampled(3, 31, {}, every=3, limit=150)):
        offered = [c.action for c in candidates(GAME, state, seat, rng_for("s", n))]
        chosen = search.choose(GAME, state, seat, rng_for("s", n)).action
        assert chosen in offered
        builds += state.phase == "build"
    assert builds


def test_evaluate_counts_track_a_seat_can_still_deliver_over(tiny_ai, monkeypatch):
    """A cut playout's ``evaluate`` counts half the track points a seat's complete links could still
    score (``value.REACH`` of ``Board.potential``): of two seats equal in VP, income and cash, the one
    whose Alpha–Beta link carries three cubes (steam.txt, "Moving a Goods Cube") is the likelier winner."""
    t, seat = _at_build({"B2": ["blue", "blue"], "F2": ["red"]})
    for _ in range(6):
        if t.state.phase != "build" or t.actor != seat:
            break
        choice = Heuristic().choose(GAME, t.state, seat, rng_for("tiny", 3))
        if choice.action["type"] == "done":
            break
        t.act(seat, **choice.action)
    links = [link for link in t.state.links.values() if link.owner == seat and link.to is not None]
    assert links, "the heuristic built no complete link"
    for p in t.state.players:
        p.vp, p.income, p.cash = 0, 0, 10
    shares = evaluate(GAME, t.state)
    others = [s for s in range(len(shares)) if s != seat]
    assert all(shares[seat] > shares[s] for s in others), shares
    monkeypatch.setattr(value, "REACH", 0.0)       # the complete link's own VP alone: a smaller lead
    assert evaluate(GAME, t.state)[seat] < shares[seat] - 0.05
