"""The final score (issue 31): ties on maps with their own tie-break, and one final score with every
part named wherever it is shown (railways-of-the-world.txt, "Ending the Game" of each map)."""
from __future__ import annotations

from .helpers import GAME, Table


def _link(t: Table, lid: str, seat: int) -> None:
    hexes = sorted(t.state["cities"])
    t.state["links"][lid] = {"owner": seat, "from": hexes[0], "to": hexes[1], "hexes": [], "exit": None}


def test_a_tie_on_mexico_goes_to_the_player_with_the_most_money():
    """railways-of-the-world.txt, "RAILWAYS of MEXICO", "Ending the Game": on a tie the player with the
    most money wins (no count of links first, as the base game's "Ending the Game" has)."""
    t = Table(3, map="mexico")
    t.all_pass_auction()
    t.player(0).update(points=10, bonds=0, cash=3)
    t.player(1).update(points=10, bonds=0, cash=9)      # tied, fewer links, more money
    t.player(2).update(points=4, bonds=0, cash=50)
    _link(t, "801", 0)
    _link(t, "802", 0)
    t.state["phase"] = "over"
    result = GAME.outcome(t.state)
    assert result["ranking"][:2] == [1, 0] and result["winner"] == "P1"
    (why,) = result["tiebreaks"]
    assert "more money" in why and "links" not in why


def test_elsewhere_a_tie_still_goes_to_the_most_links_first():
    """railways-of-the-world.txt, "Ending the Game" (base game): most links first, then most money."""
    t = Table(3, map="eastern-us")
    t.all_pass_auction()
    t.player(0).update(points=10, bonds=0, cash=3)
    t.player(1).update(points=10, bonds=0, cash=9)
    t.player(2).update(points=4, bonds=0, cash=50)
    _link(t, "801", 0)
    t.state["phase"] = "over"
    result = GAME.outcome(t.state)
    assert result["ranking"][:2] == [0, 1]
    assert "more links" in result["tiebreaks"][0]
