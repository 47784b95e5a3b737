"""Steam's search hooks (issue 32, "Search hooks" and "Speed"): ``random_action`` draws legal moves of
every kind a step allows without listing them all, ``apply_trusted`` plays them as ``apply`` does,
and a state determinized for a seat looks the same to it while its future draws (Production's
cubes, Goods Growth's dice) change.

Steam hides only the goods bag (its view shows how many cubes are left, steam.txt "Getting
Started": cubes are drawn from the bag) and the game's random stream. The bag's contents by colour
follow from the view (every cube not on a city or a goods supply space is in the bag: delivered
cubes go back), so a determinized state keeps them and only the stream is new."""
from __future__ import annotations

from railhead.engine import canonical
from railhead.engine.core.game import clone
from railhead.engine.core.rng import rng_for
from railhead.engine.games.steam.data import CUBES
from railhead.engine.games.steam.game import GAME
from tests.search_hooks import (
    assert_determinize_reads_only_the_view,
    assert_determinized_view_unchanged,
    assert_random_actions_cover,
    assert_trusted_apply_agrees,
    walk,
)

PLAYOUTS = (                # (options, players, seed): both maps, base and standard, both first orders
    ({"map": "po-valley"}, 3, 1),
    ({"standard": True, "map": "english-midlands"}, 4, 2),
    ({"first_order": "auction", "map": "english-midlands"}, 5, 3),
    ({"standard": True, "map": "po-valley"}, 3, 4),
)


def _states(limit: int = 150):
    for options, players, seed in PLAYOUTS:
        for n, (state, seat) in enumerate(walk(GAME, players, seed, limit, options)):
            yield n, state, seat


def test_random_actions_are_legal_and_bring_out_every_kind():
    """Issue 32, "random_action": at states along random playouts, every drawn move is accepted by
    ``apply`` and every kind ``legal_actions`` lists is drawn (a build's ``done``, ``build``,
    ``redirect``, ``grow``, ``produce``, ``urbanize``; a move's ``pass``, ``locomotive``,
    ``deliver``; bids and passes; tiles; capital; track points)."""
    steps = set()
    for n, state, seat in _states():
        if n % 5 == 0 or state.phase in ("score", "capital", "auction") or \
                (state.phase == "build" and state.build.todo):
            assert_random_actions_cover(GAME, state, seat, n)
            steps.add(state.phase)
    assert steps == {"auction", "capital", "order", "select", "build", "move", "score"}


def test_a_random_build_move_is_one_of_the_listed_moves():
    """Issue 32, "random_action": a random track tile is one of the build's legal moves (drawn among
    the same pieces of track ``legal_actions`` checks), never one the list leaves out."""
    drawn = 0
    for n, state, seat in _states(100):
        if state.phase == "build" and n % 2 == 0:
            legal = GAME.legal_actions(state, seat)
            rng = rng_for("build", n)
            for _ in range(10):
                action = GAME.random_action(state, seat, rng)
                assert action in legal, action
                drawn += action["type"] == "build"
    assert drawn > 20


def test_trusted_moves_play_as_checked_moves():
    """Issue 32, "a trusted apply for search": ``apply_trusted`` gives the state and events that
    ``apply`` gives, for random moves of every step."""
    for n, state, seat in _states(120):
        if n % 3 == 0:
            assert_trusted_apply_agrees(GAME, state, seat, GAME.random_action(state, seat, rng_for("trusted", n)))


def _bag_from_view(view: dict) -> dict[str, int]:
    """The bag's contents as any seat can count them from its view: every cube not on the board."""
    seen = dict.fromkeys(CUBES, 0)
    for cubes in [c["cubes"] for c in view["cities"].values()] + list(view["supply"].values()):
        for cube in cubes:
            seen[cube] += 1
    return {c: CUBES[c] - seen[c] for c in CUBES}


def test_no_seat_can_tell_a_determinized_state():
    """Issue 32, "determinize": for every seat and for a spectator, the view of a determinized state
    is the view of the true state, byte for byte, and what is made depends only on that view; the
    bag keeps the contents the view implies; the random stream is new."""
    for n, state, _ in _states(120):
        if n % 25 == 0:
            for seat in [None, *range(len(state.seats))]:
                copies = assert_determinized_view_unchanged(GAME, state, seat, seeds=range(2))
                assert_determinize_reads_only_the_view(GAME, state, seat, seeds=range(1))
                for copy in copies:
                    assert copy.bag == _bag_from_view(GAME.view(state, seat))
                assert len({copy.seed for copy in copies} | {state.seed}) == 3


def _find(options: dict, players: int, wanted, limit: int = 400):
    """The first state of a random playout (seeds 0-9) where ``wanted(state, seat)`` gives a move."""
    for seed in range(10):
        for state, seat in walk(GAME, players, seed, limit, options):
            action = wanted(state, seat)
            if action is not None:
                return state, seat, action
    raise AssertionError("no such state in 10 playouts")


def _draws(state, seat, action, kinds) -> set[bytes]:
    """What ``action`` draws (the events of ``kinds``, without their text) on states determinized
    for ``seat`` with 6 rng seeds."""
    out = set()
    for n in range(6):
        copy = GAME.determinize(state, seat, rng_for("draws", n))
        events = GAME.apply_trusted(copy, seat, action)
        out.add(canonical([{k: v for k, v in e.items() if k != "text"} for e in events if e["type"] in kinds]))
    return out


def test_productions_cubes_vary_across_determinizations():
    """Issue 32, "determinize": the cubes Production draws from the bag (standard game, steam.txt's
    standard game as in docs/rules-assumptions.md) are not foreseen: they differ between states
    determinized with different rng seeds."""
    def produce(state, seat):
        if state.phase == "build" and "production" in state.build.todo:
            return next((a for a in GAME.legal_actions(state, seat) if a["type"] == "produce"), None)
        return None
    state, seat, action = _find({"standard": True}, 3, produce)
    assert len(_draws(state, seat, action, {"produce"})) > 1


def test_goods_growth_dice_vary_across_determinizations():
    """Issue 32, "determinize": Goods Growth's dice after income (standard game) are not foreseen:
    the spaces rolled differ between states determinized with different rng seeds."""
    def last_pass(state, seat):
        if state.phase != "move":
            return None
        events = GAME.apply_trusted(clone(state), seat, {"type": "pass"})
        return {"type": "pass"} if any(e["type"] == "goods_growth" for e in events) else None
    state, seat, action = _find({"standard": True}, 3, last_pass)
    assert len(_draws(state, seat, action, {"goods_growth"})) > 1


def test_a_reloaded_state_shows_the_same_waiting_seats():
    """Issue 32, "determinize" (a determinized state is a copy made through JSON, as a snapshot is
    reloaded): the seats still choosing capital (standard game) or placing track points are shown
    in turn order (the mover first), whatever order the stored state's keys come back in
    (DESIGN.md, "The engine contract": state is a cache of the log)."""
    seen = set()
    for _, state, _ in _states(150):
        if state.phase in ("capital", "score"):
            view = GAME.view(state, None)
            assert canonical(GAME.view(clone(state), None)) == canonical(view)
            seen.add(state.phase)
            if state.phase == "capital":
                assert view["capital"] == [s for s in state.order if not state.players[s].out
                                           and state.capital[str(s)] is None]
    assert seen == {"capital", "score"}
