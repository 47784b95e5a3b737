"""The Transcontinental game (railways-of-the-world.txt, "Transcontinental Rules"): the Eastern and
Western U.S. boards as one map, the Eastern phase, returning bonds between the phases, the West
populated with one cube fewer, markers only on western cities printed with more than one cube, no
urbanizing or goods growth in the East once the West is open, the $10,000 income floor, the end one
turn after the last western marker, the Faster Game and the barons of each board (Option 2)."""
from __future__ import annotations

import pytest

from railhead.ai.policy import play
from railhead.engine import IllegalAction, canonical
from railhead.engine.common.goods import COLOURS
from railhead.engine.common.hexgrid import SIDES, neighbor
from railhead.engine.games.rotw import barons, rules, transcontinental
from railhead.engine.games.rotw.context import context
from railhead.engine.games.rotw.state import Markers

from .helpers import GAME, Table

CTX = context("transcontinental")
MAP = CTX.map
HEX = {c.name: h for h, c in MAP.cities.items()}
EAST = sorted(h for h in MAP.cities if MAP.in_east(h))
WEST = sorted(h for h in MAP.cities if not MAP.in_east(h))


class TransTable(Table):
    def __init__(self, players: int = 3, seed: int = 1, **options):
        super().__init__(players, seed, map="transcontinental", **options)

    def end_east(self, bonds=(0, 2, 0), points=(5, 20, 0)) -> list[dict]:
        """The last eastern marker is placed in turn 1; the turn is played out to its income phase."""
        for seat, (b, p) in enumerate(zip(bonds, points)):
            player = self.player(seat)
            player.bonds, player.points, player.cash = b, p, 50
        self.state.markers.placed = self.state.markers.total - 1
        empty = self.emptied = next(h for h in EAST if MAP.cities[h].colour != "gray")
        for cube in self.state.cities[empty].cubes:
            self.state.bag[cube] += 1
        self.state.cities[empty].cubes = []
        events: list[dict] = []
        rules.place_marker(self.state, CTX, empty, events)
        self.all_pass_auction()
        while self.state.phase == "actions":
            events += self.act(type="pass")
        return events

    def open_west(self, **kw) -> None:
        self.end_east(**kw)
        while self.state.phase == "bonds":
            self.act(transcontinental.pending(self.state)[0], type="return_bonds", count=0)


def west_path() -> list[str]:
    """An eastern city, then 2 hexes straight on westward over the boundary (an unfinished link)."""
    for city in EAST:
        path = [city]
        for _ in range(2):
            path.append(neighbor(path[-1], SIDES.index("W")))
        if SIDES.index("W") in MAP.cities[city].spurs and all(h in MAP.terrain and h not in MAP.cities
                                                                for h in path[1:]) and not MAP.in_east(path[-1]):
            return path
    raise AssertionError("no eastern city builds west over the boundary")


def test_the_map_and_its_setup():
    """"Components", "Set Up", "Major Lines", "Placing Cubes": both boards, no Western Link, the
    rulebook's Major Lines (Dallas for Fort Worth) and New York-Kansas City at 15, the four start
    cards at 4 points; eastern cities one cube fewer, western cities empty until the West opens."""
    t = TransTable()
    assert MAP.western_link is None and MAP.min_players == 3 and MAP.max_players == 6
    lines = {(MAP.cities[a].name, MAP.cities[b].name): p for a, b, p in CTX.map_cards.major_lines}
    assert lines == {("Billings", "Chicago"): 4, ("Denver", "St. Louis"): 4, ("Albuquerque", "Memphis"): 5,
                     ("Dallas", "New Orleans"): 4, ("New York", "Kansas City"): 15}
    assert all(not MAP.in_east(HEX[w]) and MAP.in_east(HEX[e]) for (w, e) in list(lines)[:4])
    firsts = [GAME.view(t.state, 0)["cards"]["face_up"][i] for i, c in enumerate(t.state.cards.face_up)
              if c.startswith("first-to")]
    assert [f["name"] for f in firsts] == ["First to Buffalo", "First to Little Rock", "First to Elko",
                                           "First to Dodge City"]
    assert all("4 points" in f["text"] for f in firsts)
    for h in EAST:
        assert len(t.state.cities[h].cubes) == max(1, MAP.cities[h].cubes - 1)
    assert all(t.state.cities[h].cubes == [] for h in WEST)
    assert t.state.markers.total == 12                 # the Eastern U.S. table for 3 players
    view = GAME.view(t.state, None)["transcontinental"]
    assert view["phase"] == "east" and view["boundary"].startswith("columns A-AC are the Western board")


def test_return_cost_follows_the_rulebook():
    """"Return Bonds": "returning four bonds would cost 2+3+4+5 = 14 VPs"."""
    assert [transcontinental.return_cost(n) for n in range(5)] == [0, 2, 5, 9, 14]


def test_no_building_in_the_west_during_the_eastern_phase():
    """"Playing the Eastern Phase": the Western map is not used; nor are Fuel Depots."""
    t = TransTable(fuel_depots=True)
    t.all_pass_auction()
    seat = t.actor
    t.give_cash(seat, 40)
    assert "Western board" in t.refused(seat, type="build", path=west_path())
    assert "Western board" in t.refused(seat, type="urbanize", city="Medford", colour="red")
    builds = [a for a in GAME.legal_actions(t.state, seat) if a["type"] == "build"]
    assert builds and all(MAP.in_east(h) for a in builds for h in a["path"])
    assert all(a.get("city") is None or MAP.in_east(a["city"]) for a in GAME.legal_actions(t.state, seat))


def test_the_eastern_phase_ends_with_the_turn_of_its_last_marker():
    """"The end of the Eastern phase is triggered when the last Empty City Marker is placed. Eastern
    phase play continues to the end of that full turn", not one more; then the players with bonds
    choose how many to return (one without bonds is not asked)."""
    t = TransTable()
    events = t.end_east()
    assert t.state.end_turn is None
    assert [e["type"] for e in events].count("between_phases") == 1
    assert t.state.phase == "bonds" and t.state.turn == 1
    assert [{k: p[k] for k in ("seat", "kind", "bonds")} for p in GAME.prompts(t.state)] == [
        {"seat": 1, "kind": "return_bonds", "bonds": 2}]
    assert GAME.legal_actions(t.state, 1) == [{"type": "return_bonds", "count": n} for n in range(3)]
    assert GAME.view(t.state, None)["transcontinental"]["bonds_pending"] == [1]
    assert "not your turn" in t.refused(0, type="return_bonds", count=0)
    assert "at most that many" in t.refused(1, type="return_bonds", count=3)
    assert "Now is the time" in t.refused(1, type="pass")
    t.act(1, type="return_bonds", count=2)
    assert t.player(1).bonds == 0 and t.player(1).points == 20 - 5
    assert t.state.phase == "auction" and t.state.turn == 2


def test_returning_bonds_costs_points_the_player_has():
    """"Return Bonds" (our reading): the points are lost at once, so no more than one has."""
    t = TransTable()
    t.end_east(bonds=(4, 2, 1), points=(14, 4, 0))
    assert "costs 5 points and you have 4" in t.refused(1, type="return_bonds", count=2)
    t.act(0, type="return_bonds", count=4)
    assert t.player(0).points == 0 and t.player(0).bonds == 0
    t.act(2, type="return_bonds", count=0)
    assert t.state.phase == "bonds"
    t.act(1, type="return_bonds", count=1)
    assert t.player(1).points == 2 and t.state.phase == "auction"


def test_the_west_is_populated_and_its_cards_laid_out():
    """"Populate the Western board" and "Railroad Operations cards": eastern markers removed, the
    east unchanged, one cube fewer on each western city (at least one), unclaimed cards removed (the
    Transcontinental start cards stay) and two new cards per player; 6 + 2 per player markers."""
    t = TransTable()
    east_before = {h: list(t.state.cities[h].cubes) for h in EAST}
    deck = list(t.state.cards.deck)
    t.open_west(bonds=(0, 0, 0))
    assert t.state.transcontinental.phase == "west" and t.state.turn == 2
    assert not any(c.marker for c in t.state.cities.values())
    assert t.state.markers == Markers(total=12, placed=0)
    assert all(t.state.cities[h].cubes == east_before[h] for h in EAST if h != t.emptied)
    for h in WEST:
        assert len(t.state.cities[h].cubes) == max(1, MAP.cities[h].cubes - 1)
    face_up = t.state.cards.face_up
    assert face_up[:4] == [f"first-to:{HEX[c]}" for c in ("Buffalo", "Little Rock", "Elko", "Dodge City")]
    assert face_up[4:] == [c for c in deck if not c.startswith("executive")][:6]
    assert GAME.view(t.state, None)["transcontinental"]["phase"] == "west"
    for colour in COLOURS:
        assert sum(c.cubes.count(colour) for c in t.state.cities.values()) + t.state.bag[colour] == 25


def test_the_west_builds_anywhere_and_the_east_no_longer_grows():
    """"Playing the Western Phase": links may cross the boundary; eastern cities may no longer be
    urbanized or have goods growth (City Growth), western ones may."""
    t = TransTable()
    t.open_west()
    t.all_pass_auction()
    seat = t.actor
    t.give_cash(seat, 40)
    assert "Eastern board" in t.refused(seat, type="urbanize", city="Huntsville", colour="red")
    t.state.cards.face_up.append("city-growth:1")
    assert "Eastern board" in t.refused(seat, type="take_card", card="city-growth:1", city="Chicago")
    assert not any(a.get("city") in EAST for a in GAME.legal_actions(t.state, seat))
    t.act(seat, type="build", path=west_path())
    assert t.player(seat).cash < 40
    t.pass_until(seat)
    t.act(seat, type="urbanize", city="Medford", colour="red")
    assert t.state.cities[HEX["Medford"]].colour == "red"


def test_western_markers_only_on_cities_printed_with_more_than_one_cube():
    """"Empty City Markers may only be placed on the Western board and ONLY on cities that start with
    more than one cube"; the last one ends the game after one more full turn ("Ending the Game")."""
    t = TransTable()
    t.open_west()
    events: list[dict] = []
    gray = next(h for h in WEST if MAP.cities[h].cubes == 1)
    east = next(h for h in EAST if MAP.cities[h].cubes > 1)
    for h in (gray, east):
        rules.place_marker(t.state, CTX, h, events)
    assert events == [] and t.state.markers.placed == 0
    t.state.markers.placed = 11
    rules.place_marker(t.state, CTX, HEX["Denver"], events)
    assert t.state.cities[HEX["Denver"]].marker and t.state.end_turn == 3
    t.all_pass_auction()
    t.finish_turn()                         # turn 2 ends; turn 3 is the last
    assert t.state.turn == 3 and GAME.outcome(t.state) is None
    t.all_pass_auction()
    t.finish_turn()
    assert GAME.outcome(t.state) is not None


def test_income_never_falls_below_10000_once_reached():
    """"Score / Income Track": after income has risen to $10,000 it never again falls below it; a
    rule of this map only."""
    t = TransTable()
    t.set_player(0, points=95, cash=0)                 # passed $10,000 on the way: the floor holds
    t.set_player(1, points=5, cash=0)
    assert GAME.view(t.state, None)["players"][0]["income"] == 10
    t.all_pass_auction()
    t.finish_turn()
    assert t.player(0).cash == 10 and t.player(1).cash == rules.income_of(5, CTX)
    assert t.state.transcontinental.floor == [0]
    other = Table(3, 1)                                     # Rhine & Alps: the printed track
    p0 = other.player(0)
    p0.points, p0.cash = 95, 0
    other.all_pass_auction()
    other.finish_turn()
    assert other.player(0).cash == rules.income_of(95)


def test_faster_game_clears_the_east():
    """"Faster Game": at the end of the Eastern phase, cubes leave every eastern city without a link
    built to it and every eastern gray city; the cubes return to the bag."""
    t = TransTable(faster=True)
    linked = HEX["New York"]
    gray = next(h for h in EAST if MAP.cities[h].colour == "gray")
    t.state.links["99"] = {"owner": 0, "from": linked, "to": gray, "hexes": [], "exit": None}
    kept = list(t.state.cities[linked].cubes)
    t.open_west()
    assert t.state.cities[linked].cubes == kept and kept
    assert t.state.cities[gray].cubes == []
    assert all(t.state.cities[h].cubes == [] for h in EAST if h != linked)


def test_barons_of_each_board():
    """"Baron Cards", Option 2: Eastern barons at setup, Western barons at the start of the Western
    phase, one kept of each, in secret; both score at the end."""
    t = TransTable(barons=True)
    assert all(set(h) <= set(barons.for_map("eastern-us")) for h in t.state.barons.hands.values())
    for seat in range(3):
        t.act(seat, type="keep_baron", baron=t.state.barons.hands[str(seat)][0])
    eastern = dict(t.state.barons.kept)
    t.end_east(bonds=(0, 0, 0))
    assert barons.choosing(t.state) == [0, 1, 2] and t.state.barons.east == eastern
    assert all(set(h) <= set(barons.for_map("western-us")) for h in t.state.barons.hands.values())
    assert all(eastern[s] not in hand for s, hand in t.state.barons.hands.items()), \
        "a player is dealt the baron they kept in the East"
    assert GAME.view(t.state, 1)["barons"]["east"]["id"] == eastern["1"]
    assert "east" not in GAME.view(t.state, None)["barons"]          # secret until the end
    for seat in range(3):
        t.act(seat, type="keep_baron", baron=t.state.barons.hands[str(seat)][1])
    scored = rules.baron_results(t.state)
    assert all(len(scored[s]["barons"]) == 2 for s in range(3))
    with pytest.raises(IllegalAction):
        GAME.setup({"map": "transcontinental", "barons": True, "baron_later": True}, ["a", "b", "c"], 1)
    with pytest.raises(IllegalAction):
        GAME.setup({"map": "rhine-alps", "faster": True}, ["a", "b", "c"], 1)


@pytest.mark.parametrize(("players", "options"), [(3, {}), (6, {"faster": True, "barons": True})])
def test_a_random_game_reaches_the_end(players, options):
    """Random legal games (ai/policy.py) at the smallest and largest player count cross both
    phases, end by the western marker count, keep the 125 cubes and replay to the same state."""
    options = {"map": "transcontinental", "short_game": True, **options}
    names, state, log = play(GAME, players, 1, options=options)
    assert GAME.outcome(state) is not None and state.transcontinental.phase == "west"
    assert state.markers.total == MAP.empty_city_markers[players] - 2 and state.end_turn is not None
    for colour in COLOURS:
        assert sum(c.cubes.count(colour) for c in state.cities.values()) + state.bag[colour] == 25
    again = GAME.setup(options, names, 1)
    for seat, action in log:
        again, _ = GAME.apply(again, seat, action)
    assert canonical(again) == canonical(state)


def test_the_board_greys_out_the_west_until_it_opens():
    """"Transcontinental Rules": the Western board is not in play during the Eastern phase; the board
    shows it washed grey (and no longer once the West opens), the East in its own colours."""
    from railhead.render import rotw as render
    from railhead.render.hexes import Layout

    t = TransTable()
    lay = Layout(MAP.columns, MAP.rows, 12)
    west = next(h for h in sorted(MAP.terrain) if not MAP.in_east(h) and MAP.terrain[h] == "open"
                and h not in MAP.cities and not MAP.cities.keys() & {neighbor(h, s) for s in range(6)})
    east = next(h for h in sorted(MAP.terrain) if MAP.in_east(h) and MAP.terrain[h] == "open"
                and h not in MAP.cities and not MAP.cities.keys() & {neighbor(h, s) for s in range(6)})

    def spread(img, hexname):                       # how far from grey: max minus min channel
        x, y = lay.xy(hexname)
        r, g, b = img.getpixel((int(x), int(y - 12 * 0.4)))
        return max(r, g, b) - min(r, g, b)

    closed = render.draw_board(GAME.view(t.state, None), size=12)
    t.open_west()
    opened = render.draw_board(GAME.view(t.state, None), size=12)
    assert spread(closed, west) < spread(opened, west) / 2
    assert spread(closed, east) == spread(opened, east)
