"""A game nobody can move ends (our rule, docs/rules-assumptions.md, "A game nobody can move"): the
rulebook ends a game only by its empty city markers (railways-of-the-world.txt, "Ending the Game"),
so a table where no one can deliver, complete a link, urbanize, upgrade or take a card any more
would never end. A turn of passes alone does not end a game that can still go on, nor does a board
where links can still be completed though the sampled legal builds miss them."""
from __future__ import annotations

from railhead.engine.core import UNSET
from railhead.engine.games.rotw import paths, search, transcontinental
from railhead.engine.games.rotw.context import of

from .helpers import GAME, Table


def _exhausted(t: Table) -> None:
    """Every engine at level 8, no New City tile, no operations card face up or to come, and every
    goods cube back in the bag: nothing left but building."""
    s = t.state
    for p in s.players:
        p.engine = 8
    s.new_city_tiles = {c: 0 for c in s.new_city_tiles}
    s.cards.deck, s.cards.face_up = [], []
    for city in s.cities.values():
        for cube in city.cubes:
            s.bag[cube] += 1
        city.cubes = []


def _no_link_completes(monkeypatch) -> None:
    def refuse(*args):
        raise search.IllegalAction("no single build links them")
    monkeypatch.setattr(paths, "cheapest_link", refuse)


def test_a_whole_turn_of_passes_does_not_end_a_game_that_can_go_on():
    t = Table(players=2)
    t.all_pass_auction()
    events = []
    for _ in range(2 * 3):
        events += t.act(type="pass")
    assert t.state.phase == "auction" and t.state.turn == 2
    assert not any(e["type"] == "stalled" for e in events)


def test_links_that_can_still_be_completed_keep_the_game_going(monkeypatch):
    """Even when the sampled legal builds offer none (late in a game the cheapest corridor between two
    cities is often taken while another path is free), a link one build completes keeps it going."""
    t = Table(players=3)
    t.all_pass_auction()
    _exhausted(t)
    monkeypatch.setattr(search, "build_sample", lambda *args: [])
    assert not search.stalled(t.state, of(t.state))          # Rhine & Alps' cities are still to be linked


def test_a_game_where_nobody_can_move_ends_with_that_turn(monkeypatch):
    t = Table(players=3)
    t.all_pass_auction()
    _exhausted(t)
    _no_link_completes(monkeypatch)
    assert search.stalled(t.state, of(t.state))
    events = []
    while t.state.phase == "actions":
        events += t.act(type="pass")
    assert [e["text"] for e in events if e["type"] == "stalled"] == [
        "Nobody can deliver, complete a link, urbanize, upgrade or take a card any more: the game ends with this turn."]
    assert t.state.phase == "over" and GAME.outcome(t.state) is not None and t.state.stalled is UNSET


def test_one_move_left_to_anyone_keeps_the_game_going(monkeypatch):
    _no_link_completes(monkeypatch)
    for leave in ("engine", "tile", "card"):
        t = Table(players=3)
        t.all_pass_auction()
        _exhausted(t)
        if leave == "engine":
            t.state.players[2].engine = 7
        elif leave == "tile":
            t.state.new_city_tiles["red"] = 1
        else:
            t.state.cards.deck = ["city-growth:1"]         # a card still to be turned up
        assert not search.stalled(t.state, of(t.state)), leave


def test_in_the_transcontinental_east_a_dead_end_opens_the_west(monkeypatch):
    t = Table(players=3, map="transcontinental")
    t.all_pass_auction()
    _exhausted(t)
    _no_link_completes(monkeypatch)
    events = []
    while t.state.phase == "actions":
        events += t.act(type="pass")
    assert any(e["type"] == "stalled" and "the West opens" in e["text"] for e in events)
    assert t.state.phase != "over" and transcontinental.of(t.state).opens == 1
