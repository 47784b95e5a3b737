"""Railways of the World on the engine contract: typed actions, prompt stamps, what reveals,
undo through the match, and the view (DESIGN.md, "The engine contract", "Turns, undo, timing")."""
import msgspec
import pytest

from railhead.engine import IllegalAction, Match, rules_state
from railhead.engine.core import clone
from railhead.engine.core.game import restamp

from .helpers import GAME, HEX, NO_BARONS, Table

NAMES = ["P0", "P1", "P2"]


def passes(match, count):
    for _ in range(count):
        (prompt,) = match.prompts()
        match, _ = match.play(prompt["seat"], {"type": "pass"})
    return match


def test_actions_are_typed_and_refused_with_a_players_sentence():
    t = Table(3)
    cases = [
        ({"type": "bid", "amount": "3"}, "`amount` must be a whole number of thousands of dollars"),
        ({"type": "bid", "amount": 3, "bonds": 1}, "A bid action has no field `bonds`"),
        ({"type": "bid"}, "A bid action needs `amount`"),
        ({"type": "fly"}, "Unknown action 'fly'; actions are: bid, build, deliver, inspect, issue_bonds, keep_baron, "
                          "pass, return_bonds, take_card, upgrade, urbanize"),
        ({"type": "build", "path": "K6"}, "`path` must be a list of hex names"),
    ]
    for action, message in cases:
        with pytest.raises(IllegalAction, match=message):
            GAME.apply(t.state, 0, action)


def test_rules_keep_their_sentences_for_typed_fields():
    """Colours are checked by the rules, with the rules' sentences; a bid in dollars is explained."""
    t = Table(3)
    with pytest.raises(IllegalAction, match=r"Bids are in thousands of dollars: bid 3 for \$3,000"):
        t.act(0, type="bid", amount=3000)
    t.all_pass_auction()
    with pytest.raises(IllegalAction, match="Choose a New City colour: red, yellow, blue, black, purple"):
        t.act(type="urbanize", city="Koblenz", colour="green")
    with pytest.raises(IllegalAction, match="has no green cube"):
        t.act(type="deliver", **{"from": "Koblenz", "colour": "green", "links": [1]})


def test_a_seats_stamp_changes_when_its_prompt_changes():
    """engine/core/game.py ``restamp``: seat 0's bid prompt gets a new stamp once the others'
    bids raised the floor; a button made for its first prompt is stale."""
    match = Match.start(GAME, NO_BARONS, NAMES, 1)
    (first,) = match.prompts()
    assert (first["seat"], first["kind"], first["floor"]) == (0, "bid", 1)
    match, _ = match.play(0, {"type": "bid", "amount": 2})
    match, _ = match.play(1, {"type": "bid", "amount": 3})
    match, _ = match.play(2, {"type": "pass"})
    (again,) = match.prompts()
    assert (again["seat"], again["floor"]) == (0, 4)
    assert again["stamp"] != first["stamp"] and again["stamp"] == match.state.core.seq
    # Only the floor changed, and seat 0 did not act: its stamp still changes.
    before = clone(match.state)
    after = clone(before)
    after.auction.high = 9
    after.core.seq += 1
    restamp(GAME, after, before=before, acted=1)
    assert after.core.stamps["0"] == after.core.seq != before.core.stamps["0"]
    same = clone(before)
    same.core.seq += 1
    restamp(GAME, same, before=before, acted=1)
    assert same.core.stamps == before.core.stamps


def test_an_unchanged_prompt_keeps_its_stamp_across_a_refused_undo_vote():
    match = Match.start(GAME, NO_BARONS, NAMES, 1)
    match, _ = match.play(0, {"type": "bid", "amount": 2})
    match, _ = match.play(1, {"type": "bid", "amount": 3})
    (waiting,) = match.prompts()
    match, events = match.play(0, {"type": "undo"})           # two moves back: a vote
    assert {p["kind"] for p in match.prompts()} == {"undo_vote"} and "asks to take back" in events[0]["text"]
    match, _ = match.play(1, {"type": "undo_vote", "agree": False})
    assert match.prompts() == [waiting]


def test_undo_alone_after_a_build_but_not_after_a_draw_or_a_new_card():
    """A build draws nothing: its player may take it back alone. Urbanizing draws cubes and the
    end of a turn turns an operations card face up: those need everyone's consent."""
    match = passes(Match.start(GAME, NO_BARONS, NAMES, 1), 3)        # nobody bids: seat 1 is first
    before = match
    match, _ = match.play(1, {"type": "build", "path": [HEX["Frankfurt"], "M7", HEX["Fulda"]]})
    assert match.undo_alone(1)
    undone, _ = match.play(1, {"type": "undo"})
    assert rules_state(undone.state) == rules_state(before.state)
    match, _ = match.play(2, {"type": "urbanize", "city": "Koblenz", "colour": "red"})
    assert not match.undo_alone(2)
    match = passes(match, 7)                                  # rest of the turn: income, new card
    assert match.state.turn == 2 and match.state.core.sealed == match.state.core.moves - 1
    assert len(match.state.cards.deck) == len(before.state.cards.deck) - 1


def test_reveals_the_end_of_a_turn_and_of_the_game():
    t = Table(3)
    t.all_pass_auction()
    t.act(type="pass")
    t.act(type="pass")
    assert not GAME.reveals(t.state, t.state, None)
    before = t.state
    t.finish_turn()
    assert GAME.reveals(before, t.state, None)
    over = msgspec.structs.replace(t.state, phase="over")
    assert GAME.reveals(t.state, over, None)


def test_view_hides_the_seed_and_the_engines_bookkeeping():
    match = Match.start(GAME, NO_BARONS, NAMES, 987654321)
    for seat in (None, 0, 1, 2):
        view = match.view(seat)
        assert "core" not in view and "seed" not in view and "state" not in view
        assert str(match.state.seed) not in str(view)


def test_queries_help_the_bot_phrase_moves():
    t = Table(3)
    t.all_pass_auction()
    found = GAME.query(t.state, 1, "cheapest_link", {"from": "Frankfurt", "to": "fulda"})
    assert (found["path"][0], len(found["path"]), found["path"][-1]) == (HEX["Frankfurt"], 3, HEX["Fulda"])
    assert found["cost"] == 2
    assert GAME.query(t.state, 1, "deliveries", {}) == [] and GAME.query(t.state, 1, "can_deliver", {}) is False
    with pytest.raises(IllegalAction, match="no question"):
        GAME.query(t.state, 1, "weather", {})
