"""Checks of the engine's search hooks (issue 32, "Search hooks"), shared by every game's tests.

``random_action``, ``apply_trusted`` and ``determinize`` are declared on the contract
(``engine/core/game.py``); each game's own test file calls these checks over its random playouts
and adds what only it can say (which hidden zone must vary, which draw must change).
"""
from __future__ import annotations

from railhead.engine import canonical, rules_state
from railhead.engine.core.rng import rng_for

KINDS_SAMPLED = 40       # random actions drawn at a state to see every kind its step allows come out


def walk(game, players: int, seed: int, limit: int, options: dict | None = None):
    """A random playout through the validating ``apply`` with actions from ``random_action``:
    yields ``(state, seat)`` before each move, for at most ``limit`` moves or to the end. Every
    action ``random_action`` returns must be accepted (``apply`` raises otherwise)."""
    names = [f"P{i}" for i in range(players)]
    state = game.setup(options or {}, names, seed)
    rng = rng_for(f"test:{seed}", "walk")
    for _ in range(limit):
        actors = game.actors(state)
        if not actors or game.outcome(state) is not None:
            return
        seat = rng.choice(actors)
        yield state, seat
        action = game.random_action(state, seat, rng)
        assert action is not None, f"seat {seat} may act but random_action gave nothing"
        state, _ = game.apply(state, seat, action)


def kinds_of(actions) -> set[str]:
    return {a["type"] for a in actions if a["type"] not in ("undo", "undo_vote")}


def assert_random_actions_cover(game, state, seat: int, seed: int) -> None:
    """At ``state``, ``KINDS_SAMPLED`` draws of ``random_action`` for ``seat`` are all legal
    (accepted by ``apply``) and bring out every action kind ``legal_actions`` lists."""
    rng = rng_for(f"cover:{seed}", canonical(state.core).decode())
    drawn = [game.random_action(state, seat, rng) for _ in range(KINDS_SAMPLED)]
    for action in drawn:
        game.apply(state, seat, action)                     # raises IllegalAction if it is not legal
    missing = kinds_of(game.legal_actions(state, seat)) - kinds_of(drawn)
    assert not missing, f"random_action never drew {sorted(missing)} in {KINDS_SAMPLED} draws"


def assert_trusted_apply_agrees(game, state, seat: int, action: dict) -> None:
    """``apply_trusted`` on a copy gives the rules state and events that ``apply`` gives."""
    from railhead.engine.core.game import clone

    checked, events = game.apply(state, seat, action)
    trusted = clone(state)
    trusted_events = game.apply_trusted(trusted, seat, action)
    assert canonical(rules_state(trusted)) == canonical(rules_state(checked))
    assert canonical(trusted_events) == canonical(events)
    assert trusted.core.moves == checked.core.moves


def assert_determinized_view_unchanged(game, state, seat: int | None, seeds=range(3)) -> list:
    """For each rng seed, ``determinize(state, seat, rng)`` leaves ``state`` alone and ``seat``'s
    view of the copy equals its view of ``state``, byte for byte. Returns the copies (for the
    game's own checks of what varies)."""
    before = canonical(state)
    seen = canonical(game.view(state, seat))
    copies = []
    for n in seeds:
        copy = game.determinize(state, seat, rng_for("determinize", n))
        assert canonical(state) == before, "determinize changed the true state"
        assert canonical(game.view(copy, seat)) == seen, f"seat {seat} can tell the determinized state (rng {n})"
        copies.append(copy)
    return copies


def assert_determinize_reads_only_the_view(game, state, seat: int | None, seeds=range(2)) -> None:
    """What ``determinize`` makes depends only on what ``seat`` sees (and the rng): determinizing
    a state that ``seat`` cannot tell from ``state`` (here, one determinization of it) with the
    same rng gives the same bytes. So the true order of a deck or another seat's secret never
    leaks into the copy (an unseen pool is put in a fixed order before it is shuffled), and a
    search player choosing on the copy chooses the same whatever the others' secrets are."""
    other = game.determinize(state, seat, rng_for("determinize-other", 0))
    for n in seeds:
        a = game.determinize(state, seat, rng_for("determinize-same", n))
        b = game.determinize(other, seat, rng_for("determinize-same", n))
        assert canonical(a) == canonical(b), f"seat {seat}: determinize read something the seat cannot see (rng {n})"
