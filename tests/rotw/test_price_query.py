"""The ``price`` question (engine/games/rotw/queries.py) quotes exactly what the move charges.

The bot labels the auction's Pass and the Upgrade button "asks first" when the move would issue a
bond (issue 23's no accidental spending); it asks the engine for the price instead of playing the
move on a copy (issue 32, one apply per move). railways-of-the-world.txt, "Bonds" (a payment
above the player's cash issues $5,000 bonds), "C. UPGRADE ENGINE", and the bidding styles of the
first-player auction (a pass pays half the seat's bid where the style says so; Through Time's
rounds down)."""
import random

import pytest

from railhead.engine import IllegalAction

from .helpers import GAME


def _charged(state: dict, seat: int, kind: str) -> tuple[int, int]:
    """``(paid, bonds)`` by the seat's own payment when it plays ``kind`` now, from the events."""
    _, events = GAME.apply(state, seat, {"type": kind})
    mine = [e for e in events if e.get("seat") == seat and e.get("type") in (kind, "first")]
    return sum(e.get("paid", 0) for e in mine), sum(e.get("bonds", 0) for e in mine)


def _quotes(options: dict, seed: int) -> dict[str, int]:
    """Random legal play; at every prompt where the seat may pass or upgrade, the quote against
    what the move charges. Returns how many quotes of each kind were checked with a cost > 0."""
    rng = random.Random(seed)
    state = GAME.setup(options, ["A", "B", "C"], seed)
    checked = {"pass": 0, "upgrade": 0}
    for _ in range(150):
        if GAME.outcome(state) is not None:
            break
        seat = rng.choice(GAME.prompts(state))["seat"]
        acts = GAME.legal_actions(state, seat)
        for kind in ("pass", "upgrade"):
            if {"type": kind} not in acts:
                continue
            quote = GAME.query(state, seat, "price", {"action": {"type": kind}})
            assert (quote["paid"], quote["bonds"]) == _charged(state, seat, kind), (options, seed, kind)
            checked[kind] += quote["paid"] > 0
        state, _ = GAME.apply(state, seat, rng.choice(acts))
    return checked


@pytest.mark.parametrize("options", [{"bidding": b} for b in
                                     ("traditional", "first_to_pass", "worst_is_first", "variant1", "variant2")]
                         + [{"map": "through-time"}])
def test_the_quoted_price_is_the_charged_price(options):
    """Every quote over two random games equals the charge; upgrades cost money in every style,
    and passes do where the style makes passers pay (first to pass, variant 2, Through Time)."""
    checked = {"pass": 0, "upgrade": 0}
    for seed in (1, 2):
        for kind, n in _quotes({**options, "barons": False}, seed).items():
            checked[kind] += n
    assert checked["upgrade"] > 0
    pays = options.get("bidding") in ("first_to_pass", "variant2") or "map" in options
    assert (checked["pass"] > 0) == pays, checked


def test_a_price_for_another_move_or_past_level_8_is_refused():
    state = GAME.setup({"barons": False}, ["A", "B", "C"], 1)
    with pytest.raises(IllegalAction, match="only `pass` and `upgrade`"):
        GAME.query(state, 0, "price", {"action": {"type": "deliver"}})
    state.players[0].engine = 8
    with pytest.raises(IllegalAction, match="level 8"):
        GAME.query(state, 0, "price", {"action": {"type": "upgrade"}})
