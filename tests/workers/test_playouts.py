"""Random playouts of Railway Workers with 2, 3 and 4 players (DESIGN.md, "Tests": property tests).

A move is drawn at random among the engine's candidate moves for a random open prompt; the first
candidate the engine accepts is played, so every move played is legal (``legal_actions`` is the
same list filtered the same way, too slow to call at every step of a whole game). At every step:
the Bank's books balance (what it paid out equals the coins in the players' hands), each player
still owns five workers (Union, Facilities, Houses, warehouses), every resource and reward tile is
accounted for by the events, and the tables, tokens and trains stay within their limits. Now and
then hidden information is checked: a seat's view and events do not change when another seat's
face-down cards or screened dice change. At the end the game has an outcome and replaying the log
from setup gives the same state byte for byte.
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import astuple

from railhead.engine import IllegalAction, canonical, events_for, replay
from railhead.engine.core import clone
from railhead.engine.games.workers import data, search

from .helpers import GAME

KINDS = data.KINDS
LIMIT = 4000
BORING = ("pass", "end")


def resources(state, seat) -> dict[str, int]:
    """A seat's resources: in its Facilities, waiting in warehouses, placed on unfinished tables."""
    p = state.players[seat]
    out = {k: p.facilities.of(k) for k in KINDS}
    for site in state.sites.values():
        for kind, house in site.warehouses.by_kind():
            out[kind] += house.goods.get(str(seat), 0)
        for kind, table in site.tables.by_kind():
            out[kind] += table.placed.count(seat)
    return out


def workers(state, seat) -> int:
    p = state.players[seat]
    waiting = sum(h.workers.get(str(seat), 0) for site in state.sites.values()
                  for _, h in site.warehouses.by_kind())
    return p.union + p.facilities.workers + p.houses + waiting


def check_state(state) -> None:
    n = len(state.seats)
    players = state.players
    assert state.bank == sum(p.coins for p in players)
    assert all(p.coins >= 0 for p in players)
    for seat, p in enumerate(players):
        assert workers(state, seat) == 5
        assert all(v >= 0 for v in (p.union, p.houses, *astuple(p.facilities), *astuple(p.tiles)))
        limit = 3 if p.shed else 2
        assert p.facilities.structures <= limit and p.facilities.tracks <= limit
        assert 0 <= p.directors <= 3
    for kind in ("reroll", "plus"):
        held = sum(getattr(p, "reroll" if kind == "reroll" else "plus_tokens") for p in players)
        assert held + state.tokens.of(kind) == n + 1
    for site in state.sites.values():
        for _, table in site.tables.by_kind():
            assert len(table.placed) <= table.squares - table.blocked
            assert table.reward or not table.placed
        if site.status == "route":
            assert not any(t.reward for _, t in site.tables.by_kind())
    assert len(state.trains) + len(state.table_trains) == 6
    assert sorted(t.id for t in state.trains + state.table_trains) == list(range(1, 7))
    routes = {n for n, s in state.sites.items() if s.status == "route"}
    assert len(state.trains) <= len(routes)
    assert len(state.sites) + len(state.projects) == len(state.in_play)


def check_ledger(before, after, events) -> None:
    """Resources and reward tiles change only as the events say: bought, discarded from a
    completed table, sold for lack of room; tiles won as rewards, spent on subsidies."""
    for seat in range(len(before.seats)):
        mine = [e for e in events if e.get("seat") == seat]
        expect = resources(before, seat)
        for e in mine:
            if e["type"] == "buy":
                expect[e["kind"]] += e["count"]
            elif e["type"] == "sold":
                expect[e["kind"]] -= e["count"]
        for e in events:
            if e["type"] == "table_done":
                expect[e["kind"]] -= e["cubes"].get(str(seat), 0)
        assert resources(after, seat) == expect, (seat, events)
        tiles = dict(before.players[seat].tiles.by_kind())
        for e in mine:
            if e["type"] == "reward" and e["what"] == "tile":
                tiles[e["tile"]] += 1
            elif e["type"] == "subsidy":
                for t in e["tiles"]:
                    tiles[t] -= 1
        assert dict(after.players[seat].tiles.by_kind()) == tiles


def variant(state, seat, rng):
    """The same state with ``seat``'s secrets changed: its face-down cards shuffled among their
    places (and swapped with a card still in hand while placing), its dice moved between places
    behind the screen. ``None`` when the seat has no secret now."""
    p = state.players[seat]
    step = state.step
    hidden = [i for i in range(4) if p.placed[i] is not None and (step != "play" or i > state.slot)]
    other = clone(state)
    q = other.players[seat]
    if step == "place":
        spare = [c for c in q.hand if c not in q.placed]
        if hidden and spare:
            q.placed[rng.choice(hidden)] = rng.choice(spare)
    cards = [q.placed[i] for i in hidden]
    rng.shuffle(cards)
    for i, c in zip(hidden, cards):
        q.placed[i] = c
    if step == "assign":
        rng.shuffle(q.assign)
        q.plus = [q.plus[i] for i in rng.sample(range(4), 4)]
    return None if canonical(other) == canonical(state) else other


def check_hidden(state, rng) -> None:
    """Non-interference: another seat's secrets change neither a seat's view nor, after the same
    move, the events it sees (unless that move reveals the place, which is public)."""
    n = len(state.seats)
    secret = rng.randrange(n)
    other = variant(state, secret, rng)
    if other is None:
        return
    for seat in [None, *range(n)]:
        if seat != secret:
            assert canonical(GAME.view(state, seat)) == canonical(GAME.view(other, seat)), seat
    for prompt in GAME.prompts(state):
        seat = prompt["seat"]
        if seat == secret:
            continue
        assert prompt in GAME.prompts(other)
        for action in search.candidates(state, seat)[:6]:
            try:
                a, ea = GAME.apply(state, seat, action)
            except IllegalAction:
                continue
            b, eb = GAME.apply(other, seat, action)
            if GAME.reveals(state, a, GAME.decode(action)):
                continue
            assert canonical(events_for(ea, seat)) == canonical(events_for(eb, seat))
            assert canonical(GAME.view(a, seat)) == canonical(GAME.view(b, seat))
            break


def check_secret_moves(state, rng) -> None:
    """Two different secret moves of one seat (placing a card, a die, +1 tokens) look the same to
    everyone else: the same events, the same views."""
    n = len(state.seats)
    for prompt in GAME.prompts(state):
        if prompt["kind"] not in ("place", "assign"):
            continue
        seat = prompt["seat"]
        moves = [a for a in search.candidates(state, seat) if a["type"] != "ready"]
        rng.shuffle(moves)
        results = []
        for action in moves:
            try:
                new, events = GAME.apply(state, seat, action)
            except IllegalAction:
                continue
            results.append((new, events))
            if len(results) == 2:
                break
        if len(results) < 2:
            continue
        (a, ea), (b, eb) = results
        for other in [None, *range(n)]:
            if other != seat:
                assert canonical(events_for(ea, other)) == canonical(events_for(eb, other)), other
                assert canonical(GAME.view(a, other)) == canonical(GAME.view(b, other)), other


def pick(state, seat, rng) -> tuple[dict, dict, list]:
    """A random accepted move of ``seat``: passing and ending a turn are drawn less often."""
    cands = search.candidates(state, seat)
    rng.shuffle(cands)
    cands.sort(key=lambda a: a["type"] in BORING and rng.random() < 0.8)
    for action in cands:
        try:
            new, events = GAME.apply(state, seat, action)
        except IllegalAction:
            continue
        return action, new, events
    raise AssertionError(f"seat {seat} has no legal move at step {state.step}")


def playout(players: int, seed: int, hidden_every: int = 25) -> None:
    names = [f"P{i}" for i in range(players)]
    state = GAME.setup({}, names, seed)
    rng = random.Random(seed)
    log = []
    check_state(state)
    while GAME.outcome(state) is None:
        assert len(log) < LIMIT, "the game did not end"
        prompts = GAME.prompts(state)
        assert prompts, f"nobody may act at step {state.step}"
        seat = rng.choice(prompts)["seat"]
        action, new, events = pick(state, seat, rng)
        if len(log) % hidden_every == 0:
            assert action in GAME.legal_actions(state, seat)
        check_state(new)
        check_ledger(state, new, events)
        log.append((seat, action))
        state = new
        if len(log) % hidden_every == 0:
            check_hidden(state, rng)
            check_secret_moves(state, rng)
    outcome = GAME.outcome(state)
    assert sorted(outcome["ranking"]) == list(range(players))
    assert outcome["scores"][outcome["ranking"][0]] == max(p.coins for p in state.players)
    assert GAME.prompts(state) == []
    assert state.round <= 4
    assert canonical(replay(GAME, {}, names, seed, log)) == canonical(state)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_two_player_games(seed):
    playout(2, seed)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_three_player_games(seed):
    playout(3, seed)


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_four_player_games(seed):
    playout(4, seed)


def test_a_train_at_a_junction_beside_a_project_still_in_the_pile():
    """Found in review: a black train reaching the three-route city asked who holds the most shares
    on every project around it, one of them still in the pile (no site yet), and the game crashed
    with KeyError. It plays to the end now."""
    from railhead.ai.policy import play
    from railhead.engine import GAMES

    game = GAMES["workers"]
    _, state, log = play(game, 4, 457004741, options={"first_player": 1})
    assert game.outcome(state) is not None and len(log) > 1000
