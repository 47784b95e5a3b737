"""The rulebook's Service Bounty and Baron variants (options ``bounty_queue`` and ``baron_later``).
Source: railways-of-the-world.txt, "Variants: Service Bounties" and "Variants: Baron Cards"."""
import pytest

from railhead.engine import IllegalAction
from railhead.engine.games.rotw import barons

from .helpers import GAME, HEX
from .test_build import started
from .test_operations import fake_link


def test_bounties_are_laid_out_in_a_row_with_one_active():
    """"Shuffle and then lay out all of the Service Bounties ... The first Service Bounty is active"."""
    state = GAME.setup({"bounty_queue": True}, ["a", "b", "c"], 4)
    active = [c for c in state.cards.face_up if c.startswith("service-bounty")]
    assert len(active) == 1 and not [c for c in state.cards.deck if c.startswith("service-bounty")]
    row = GAME.view(state, None)["bounties"]["row"]
    assert len(row) == 5 and all(c["name"].startswith("Service Bounty: ") for c in row)
    assert len(state.cards.face_up) == 3 + 6 + 1


def test_the_next_bounty_wakes_at_the_end_of_the_next_full_turn():
    """"Whenever a Service Bounty is fulfilled, the next Service Bounty becomes active at the end of
    the next full turn"."""
    t = started(bounty_queue=True)
    fake_link(t, 1, "Nürnberg", "München")
    active = next(c for c in t.state.cards.face_up if c.startswith("service-bounty"))
    munich = f"service-bounty:{HEX['München']}"
    t.state.cards.face_up.remove(active)
    t.state.bounties.row = [c for c in t.state.bounties.row + [active] if c != munich]
    t.state.cards.face_up.append(munich)
    t.city("Nürnberg").cubes = ["purple", "blue"]
    points = t.player(1).points
    t.act(1, type="deliver", **{"from": "Nürnberg", "colour": "purple", "links": ["1"]})
    assert t.player(1).points == points + 1 + 2 + 3     # the link, The Railroad Era Begins, the bounty
    assert t.state.bounties.wake == 2
    waiting = t.state.bounties.row[0]
    t.finish_turn()                                   # the end of turn 1: not yet
    assert waiting not in t.state.cards.face_up
    t.all_pass_auction()
    t.finish_turn()                                   # the end of turn 2, the next full turn
    assert waiting in t.state.cards.face_up and t.state.bounties.wake is None
    assert any("The next Service Bounty is active" in e["text"] for e in t.events)


def test_with_the_baron_variant_nobody_chooses_before_the_first_major_line():
    """"Keep 2 and discard 1 after the first Major Line is completed"."""
    t = started(barons=True, baron_later=True)
    assert barons.choosing(t.state) == [] and all(p["kind"] == "action" for p in GAME.prompts(t.state))
    assert len(GAME.view(t.state, 1)["barons"]["hand"]) == 2
    fake_link(t, 1, "Würzburg", "München")
    events = t.build(1, "Frankfurt", "M8", "N9", "Würzburg")        # Frankfurt–München: a Major Line
    assert any(e["type"] == "baron_choice" for e in events)
    assert barons.choosing(t.state) == [0, 1, 2]
    assert {p["kind"] for p in GAME.prompts(t.state)} == {"baron"}
    with pytest.raises(IllegalAction, match="keeps one of their two barons"):
        t.act(2, type="pass")
    for seat in range(3):
        t.act(seat, type="keep_baron", baron=t.state.barons.hands[str(seat)][1])
    assert t.actor == 2 and t.state.barons.kept["0"] == t.state.barons.hands["0"][1]


def test_a_game_that_ends_before_any_major_line_scores_the_better_of_two():
    """Our reading: if no Major Line was ever completed, each player keeps both and scores the better
    met one (docs/rules-assumptions.md)."""
    t = started(barons=True, baron_later=True)
    t.state.barons.hands["1"] = ["list", "hansemann"]      # most links (8), most money (6)
    t.player(1).cash = 999
    final = barons.final(t.state, lambda name: HEX[name], lambda h: t.state.cities[h].colour)
    assert final[1]["id"] == "hansemann" and final[1]["points"] == 6
    fake_link(t, 1, "Paris", "Troyes")
    final = barons.final(t.state, lambda name: HEX[name], lambda h: t.state.cities[h].colour)
    assert final[1]["id"] == "list" and final[1]["points"] == 8
