"""The last turn announced, and operations cards named as shown. Sources: railways-of-the-world.txt,
"Ending the Game" and "E. SELECT RAILROAD OPERATIONS CARD"."""
import pytest

from railhead.engine import IllegalAction

from .test_actions import network


def triggered():
    """Seat 1 empties Fulda, placing the last empty city marker in turn 1."""
    t = network()
    t.city("Fulda").cubes = ["blue"]
    t.state.markers = {"total": 1, "placed": 0}
    t.pass_until(1)
    t.act(1, type="deliver", **{"from": "Fulda", "colour": "blue", "links": ["3"]})
    assert t.state.end_turn == 2
    return t


def test_the_last_turn_and_its_last_round_are_announced():
    """"Ending the Game": "The game will end at the completion of the next full turn after placing
    the last empty city marker": when that turn starts, and its last round, the events say so."""
    t = triggered()
    t.finish_turn()
    texts = [e["text"] for e in t.events]
    assert "Turn 2 is the last turn of the game: auction for first player" in " ".join(texts)
    t.all_pass_auction()
    while t.state.round < 3:
        t.act(type="pass")
    assert any(e["text"] == "Round 3 of 3 (the last round of the game)." for e in t.events)


def test_no_last_turn_before_the_trigger():
    t = network()
    t.finish_turn()
    assert not any("last turn" in e["text"] for e in t.events)


def test_a_card_may_be_named_as_the_list_shows_it():
    """`/rotw card Engine Works`: the name shown in the list of face-up cards takes the card."""
    t = network()
    t.state.cards.face_up += ["engine-works:2", "city-growth:3"]
    t.pass_until(1)
    t.act(1, type="take_card", card="Engine Works")
    assert t.player(1).engine == 2 and "engine-works:2" in t.state.cards.discard
    cubes = len(t.city("Paris").cubes)
    t.act(2, type="take_card", card="city growth", city="Paris")      # any case: the first face-up copy
    assert len(t.city("Paris").cubes) == cubes + 2 and t.state.cards.discard[-1].startswith("city-growth")


def test_a_card_that_needs_a_city_says_so_and_names_the_argument():
    """City Growth names a city ("Choose any city"): without one, the refusal says which argument."""
    t = network()
    t.state.cards.face_up += ["city-growth:3"]
    t.pass_until(1)
    for card in ("city-growth:3", "City Growth"):
        with pytest.raises(IllegalAction, match=r"City Growth needs a city: name the city that grows \(`city:`\)"):
            t.act(1, type="take_card", card=card)
    with pytest.raises(IllegalAction, match="No face-up operations card is called 'Atlantis Express'. Face-up"):
        t.act(1, type="take_card", card="Atlantis Express")
