"""The final score (issue 31): ties on maps with their own tie-break, and one final score with every
part named wherever it is shown (railways-of-the-world.txt, "Ending the Game" of each map)."""
from __future__ import annotations

from railhead.engine.games.rotw import timelines
from railhead.engine.games.rotw.context import of
from railhead.engine.games.rotw.periods import time_of
from railhead.engine.games.rotw.state import Link

from .helpers import GAME, Table


def _link(t: Table, lid: str, seat: int) -> None:
    hexes = sorted(t.state.cities)
    t.state.links[lid] = Link(owner=seat, from_=hexes[0], to=hexes[1], hexes=[], exit=None)


def test_a_tie_on_mexico_goes_to_the_player_with_the_most_money():
    """railways-of-the-world.txt, "RAILWAYS of MEXICO", "Ending the Game": on a tie the player with the
    most money wins (no count of links first, as the base game's "Ending the Game" has)."""
    t = Table(3, map="mexico")
    t.all_pass_auction()
    t.set_player(0, points=10, bonds=0, cash=3)
    t.set_player(1, points=10, bonds=0, cash=9)      # tied, fewer links, more money
    t.set_player(2, points=4, bonds=0, cash=50)
    _link(t, "801", 0)
    _link(t, "802", 0)
    t.state.phase = "over"
    result = GAME.outcome(t.state)
    assert result["ranking"][:2] == [1, 0] and result["winner"] == "P1"
    (why,) = result["tiebreaks"]
    assert "more money" in why and "links" not in why


def test_elsewhere_a_tie_still_goes_to_the_most_links_first():
    """railways-of-the-world.txt, "Ending the Game" (base game): most links first, then most money."""
    t = Table(3, map="eastern-us")
    t.all_pass_auction()
    t.set_player(0, points=10, bonds=0, cash=3)
    t.set_player(1, points=10, bonds=0, cash=9)
    t.set_player(2, points=4, bonds=0, cash=50)
    _link(t, "801", 0)
    t.state.phase = "over"
    result = GAME.outcome(t.state)
    assert result["ranking"][:2] == [0, 1]
    assert "more links" in result["tiebreaks"][0]


def _through_time_over() -> Table:
    """A 2-player Railways Through Time game at its end: Ann 28 points, 5 bonds and two Time Lines;
    Bob 26 points, no bond, no Time Line."""
    t = Table(2, map="through-time", periods=["egypt", "rome", "napoleon"])
    t.all_pass_auction()
    p0 = t.state.players[0]
    p0.name, p0.points, p0.bonds, p0.cash = "Ann", 28, 5, 4
    p1 = t.state.players[1]
    p1.name, p1.points, p1.bonds, p1.cash = "Bob", 26, 0, 2
    t.state.seats = ["Ann", "Bob"]
    lines = [k for k, _ in timelines.keys(time_of(of(t.state).map))]
    t.state.time_lines = {lines[0]: 0, lines[1]: 0}
    t.state.phase = "over"
    return t


def _drawn_text(view: dict, monkeypatch) -> list[str]:
    """Every string the board's side panel draws for ``view``."""
    from PIL import ImageDraw

    from railhead.render.rotw import panel as rotw_panel
    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text

    def text(self, xy, s, *args, **kwargs):
        drawn.append(s)
        return real(self, xy, s, *args, **kwargs)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    rotw_panel.draw_panel(view, 1, False)
    return drawn


def test_through_time_final_score_is_one_score_everywhere_with_its_parts_named(monkeypatch):
    """railways-of-the-world.txt, "Ending the Game" (points minus one per bond) and "RAILWAYS through
    TIME", "Claiming Time Lines" (the Time Lines held score at the end): the engine's outcome is the
    one final score; the channel's final message, ``/game status``, the view and the board's panel
    all give it, each naming its parts (points, bonds, Time Lines)."""
    from railhead.bot.games.rotw.ui import UI
    t = _through_time_over()
    outcome = GAME.outcome(t.state)
    ann = next(r for r in outcome["table"] if r["name"] == "Ann")
    assert ann["score"] == 28 - 5 + 5 and outcome["scores"] == {0: 28, 1: 26}
    view = GAME.view(t.state, None)
    assert view["final"] == {k: v for k, v in outcome.items() if k != "scores"}
    formula = "28 = 28 points − 5 bonds + 5 for 2 Time Lines"
    channel = UI.outcome_text(view, outcome)
    status = UI.status_text(view)
    assert formula in channel and formula in status
    assert "Bob**: 26 = 26 points" in channel and "Bob 26 = 26 points" in status
    assert "23" not in channel + status
    panel = " ".join(_drawn_text(view, monkeypatch))
    assert formula in panel and "Winner: Ann" in panel


def test_the_formula_names_bonds_as_taken_off_even_when_there_are_none():
    """"Ending the Game": bonds are taken off the points; a player without bonds reads "− 0 bonds"."""
    t = _through_time_over()
    bob = next(r for r in GAME.outcome(t.state)["table"] if r["name"] == "Bob")
    assert bob["formula"] == "26 points − 0 bonds"
