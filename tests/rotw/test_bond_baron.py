"""The most-bonds baron (railways-of-the-world.txt, "Card & Map Revisions and Clarifications",
Daniel Drew and James Fisk): in the last round its holder may issue as many bonds as they
want to secure it, paying their dividends at once and losing a point for each at the end."""
import pytest

from railhead.engine import IllegalAction
from railhead.engine.games.rotw import rules
from railhead.engine.games.rotw.state import Barons

from .helpers import GAME
from .test_turns_and_cards import triggered


def with_barons(t, kept):
    t.state.barons = Barons(hands={str(s): [k, "list"] for s, k in kept.items()},
                               kept={str(s): k for s, k in kept.items()}, shown=[], first_engine=None)


def last_round():
    t = triggered()
    with_barons(t, {0: "strousberg", 1: "maffei", 2: "list"})
    return t


def test_only_in_the_last_round():
    t = last_round()
    t.pass_until(0)
    assert t.state.round < 3 or t.state.turn < 2
    with pytest.raises(IllegalAction, match="only in the last round"):
        t.act(0, type="issue_bonds", count=1)
    assert {"type": "issue_bonds", "count": 1} not in GAME.legal_actions(t.state, 0)


def test_the_holder_issues_bonds_at_will_in_the_last_round_and_keeps_their_action():
    t = last_round()
    t.finish_turn()
    t.all_pass_auction()
    while t.state.round < 3:
        t.act(type="pass")
    issued = False
    while t.state.phase == "actions" and not issued:
        seat = t.actor
        if seat != 0:
            with pytest.raises(IllegalAction, match="only to pay for something"):
                t.act(seat, type="issue_bonds", count=1)
            t.act(seat, type="pass")
            continue
        assert {"type": "issue_bonds", "count": 1} in GAME.legal_actions(t.state, 0)
        bonds, cash = t.player(0).bonds, t.player(0).cash
        events = t.act(0, type="issue_bonds", count=3)
        assert t.player(0).bonds == bonds + 3 and t.player(0).cash == cash + 15
        assert events[0]["type"] == "bonds_issued" and "issues 3 bonds" in events[0]["text"]
        assert t.actor == 0                               # not an action
        issued = True
    assert issued
    t.finish_turn()
    income = next(e for e in t.events if e["type"] == "income" and e["seat"] == 0)
    assert income["paid"] == t.player(0).bonds    # dividends on every bond, the new ones too
    assert GAME.outcome(t.state) is not None
    assert rules.baron_results(t.state)[0]["met"]    # the most bonds, alone
