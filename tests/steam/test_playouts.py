"""Random legal playouts of Steam through ``engine.Match`` (DESIGN.md, "Tests": property tests).

A random policy (deliveries and track first, now and then anything legal) plays whole games on the
tiny board and on every shipped map, base and standard; it goes bankrupt early, so the steady
player of ``ai/steam/steady.py`` also plays each map to its last turn. At every step: the move
is legal, money moves only as the events' books say, 96 goods cubes exist (cities, goods supply,
bag), every track tile is on the board or in the supply, every link's path is its hexes' track,
and no view shows the bag's contents or the seed. At the end the log replays to the same state."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railhead.ai.steam import steady as steam_player
from railhead.engine import Match, canonical, replay
from railhead.engine.games.steam.data import available_maps, load_manifest, load_map
from railhead.engine.games.steam.game import GAME


def check(state):
    cubes = sum(len(c.cubes) for c in state.cities.values()) + sum(len(c) for c in state.supply.values())
    assert cubes + sum(state.bag.values()) == 96
    manifest = load_manifest()
    placed = {}
    for tile in state.track.values():
        placed[tile.tile] = placed.get(tile.tile, 0) + 1
        assert len(tile.links) == len(tile.segments)
    for t in manifest.types:
        assert state.tiles[t] + placed.get(t, 0) == manifest.count(t), t
    for lid, link in state.links.items():
        for h, i in link.path:
            assert state.track[h].links[i] == lid
    for seat in [None, *range(len(state.seats))]:
        view = GAME.view(state, seat)
        assert isinstance(view["bag"], int) and "seed" not in view and "core" not in view


def check_books(before: dict, after: dict, events: list) -> None:
    """Money moves only as the events' money books say ("Money and Investing in Steam"): cash changes
    by what was earned, less what was paid, plus $5 for each income step or 2 VP given up; income by
    the steps given up and the track points taken as income; VP likewise. A payment that needed
    raising leaves at most $4 of change."""
    for seat, (p, q) in enumerate(zip(before.players, after.players)):
        lines = [line for e in events for line in e.get("money", []) if line["seat"] == seat]
        if q.out and not p.out:
            continue                                  # bankrupt: the bill it could not pay is not paid
        total = {k: sum(line.get(k, 0) for line in lines) for k in
                 ("paid", "earned", "raised_steps", "raised_vp", "income_points", "vp_points")}
        raised = 5 * total["raised_steps"] + 5 * total["raised_vp"] // 2
        assert q.cash - p.cash == total["earned"] - total["paid"] + raised, (seat, lines)
        assert q.income - p.income == total["income_points"] - total["raised_steps"], (seat, lines)
        assert q.vp - p.vp == total["vp_points"] - total["raised_vp"], (seat, lines)
        assert q.cash >= 0 and -10 <= q.income <= 30 and q.vp >= 0
        if len(lines) == 1 and lines[0].get("paid") and raised:
            assert q.cash <= 4


def choose(rng, acts):
    best = [a for a in acts if a["type"] in ("deliver", "score")]
    if best and rng.random() < 0.9:
        return rng.choice(best)
    track = [a for a in acts if a["type"] in ("build", "grow", "urbanize")]
    if track and rng.random() < 0.6:
        return rng.choice(track)
    return rng.choice(acts)


def play(players: int, seed: int, options: dict, steady: bool = False, seen: list | None = None) -> dict:
    """A whole game; returns its last state (``seen``: a list to which every move's events are added)."""
    names = [f"P{i}" for i in range(players)]
    match = Match.start(GAME, options, names, seed)
    rng = random.Random(seed)
    for n in range(5000):
        if match.outcome() is not None:
            break
        prompt = rng.choice(match.prompts())
        acts = [a for a in match.legal_actions(prompt["seat"]) if a["type"] not in ("undo", "undo_vote")]
        action = (steam_player.choose(rng, match.state, prompt["seat"], acts, prompt["kind"]) if steady
                  else choose(rng, acts))
        before = match.state
        match, events = match.play(prompt["seat"], action)
        check_books(before, match.state, events)
        if seen is not None:
            seen.extend(events)
        if n % 10 == 0:
            check(match.state)
    out = match.outcome()
    assert out is not None, "the game did not end"
    check(match.state)
    assert sorted(out["ranking"]) == list(range(players))
    assert canonical(replay(GAME, options, names, seed, match.log)) == canonical(match.state)
    return match.state


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 4), standard=st.booleans(), auction=st.booleans())
def test_random_games_on_the_tiny_board(tiny, seed, players, standard, auction):
    play(players, seed, {"map": "tiny", "standard": standard,
                         "first_order": "auction" if auction else "random"})


@pytest.mark.parametrize("map_id", available_maps())
def test_random_games_on_each_map(map_id):
    data = load_map(map_id)
    for players in sorted({data.min_players, data.max_players}):
        play(players, 1000 + players, {"map": map_id})


@pytest.mark.parametrize("standard", [False, True])
@pytest.mark.parametrize(("map_id", "players"), [("po-valley", 3), ("po-valley", 4), ("english-midlands", 4),
                                                  ("english-midlands", 5), ("english-midlands", 6)])
def test_steady_games_reach_the_last_turn(map_id, players, standard):
    """steam.txt, "The Game's End": 10 turns with 3 players, 8 with 4, 7 with 5 (and 6). The steady
    player finishes links and delivers; someone ends with a score above zero. (The steady player is a
    heuristic: in some seeds of the standard game two of them go bankrupt and the game ends early,
    which the rules allow; seed 4 reaches the last turn on every map and count with two links a
    player since Goods Growth, rules version 4; seed 3 did before and leaves 8 links to five players
    in the standard game now.)"""
    state = play(players, 4, {"map": map_id, "standard": standard}, steady=True)
    assert state.turn == state.turns == {3: 10, 4: 8, 5: 7, 6: 7}[players]
    assert sum(1 for link in state.links.values() if link.to is not None) >= 2 * players
    assert max(GAME.outcome(state)["scores"].values()) > 0


def test_produced_cubes_reach_the_map_and_are_delivered_in_a_standard_game():
    """Issue 31: in a whole 3-player standard game Production's cubes sat on the goods supply panel
    to the end. With the published game's Goods Growth, a cube Production puts on a city's space
    goes onto that city when a die (or City Growth) takes it, and is delivered from there."""
    events: list[dict] = []
    state = play(3, 3, {"map": "po-valley", "standard": True}, steady=True, seen=events)
    assert state.turn == state.turns == 10
    waiting: dict[str, list[str]] = {}          # space -> colours produced there, not yet moved
    arrived: list[tuple[str, str]] = []          # (hex, colour) of produced cubes now on the map
    delivered = 0
    for e in events:
        if e["type"] == "produce":
            for space, colour in e["spaces"].items():
                waiting.setdefault(space, []).append(colour)
        elif e["type"] == "goods_growth":
            for m in e["moves"]:
                if m["colour"] in waiting.get(m["space"], []):
                    waiting[m["space"]].remove(m["colour"])
                    arrived.append((m["hex"], m["colour"]))
        elif e["type"] == "deliver" and (e["hexes"][0], e["colour"]) in arrived:
            arrived.remove((e["hexes"][0], e["colour"]))
            delivered += 1
    produced = sum(len(e["spaces"]) for e in events if e["type"] == "produce")
    assert produced >= 4
    assert sum(1 for e in events if e["type"] == "goods_growth") == state.turns - 1
    print(f"produced {produced}, reached the map {delivered + len(arrived)}, delivered {delivered}")
    assert delivered >= 1, (produced, waiting, arrived)
