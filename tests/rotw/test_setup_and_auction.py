"""Setup and the first-player auction. Sources: railways-of-the-world.txt."""
import pytest

from railhead.engine import IllegalAction, canonical

from .helpers import GAME, MAP, Table


def total_cubes(state):
    return sum(len(c.cubes) for c in state.cities.values()) + sum(state.bag.values())


@pytest.mark.parametrize("players", [2, 3])
def test_setup_places_one_fewer_cube_with_2_or_3_players(players):
    """"Starting the Game": one fewer cube per city with 2-3 players, never below one."""
    t = Table(players)
    for hexname, city in MAP.cities.items():
        assert len(t.state.cities[hexname].cubes) == max(1, city.cubes - 1)
    assert total_cubes(t.state) == 125


def test_setup_places_printed_cubes_with_4_players():
    """"Starting the Game": the printed number of cubes with 4 players."""
    t = Table(4)
    for hexname, city in MAP.cities.items():
        assert len(t.state.cities[hexname].cubes) == city.cubes


def test_setup_players_start_with_nothing_and_engine_1():
    """"Use of Cash and Bonds": players start with no money; "Player Pieces": a 1 engine."""
    t = Table(3)
    for p in t.state.players:
        assert (p.cash, p.bonds, p.points, p.engine) == (0, 0, 0, 1)


def test_setup_start_cards_and_two_per_player_face_up():
    """"Set Up Railroad Operations Cards": 3 start cards plus 2 x players face up."""
    t = Table(3)
    face_up = t.state.cards.face_up
    assert face_up[:3] == ["railroad-era:1", "speed-record:1", "new-train:1"]
    assert len(face_up) == 3 + 6


def test_setup_is_deterministic_from_the_seed_and_differs_between_seeds():
    """DESIGN.md: randomness only from the seed."""
    assert canonical(Table(3, seed=5).state) == canonical(Table(3, seed=5).state)
    assert canonical(Table(3, seed=5).state) != canonical(Table(3, seed=6).state)


def test_player_count_outside_map_range_is_refused():
    with pytest.raises(IllegalAction, match="2-6 players"):
        GAME.setup({}, ["solo"], 1)
    with pytest.raises(IllegalAction, match="Rhine & Alps is for 2-4 players"):
        GAME.setup({"map": "rhine-alps"}, [f"P{i}" for i in range(5)], 1)


def test_five_and_six_players_play_the_bigger_map():
    """Issue "Railways of the World, complete": 2 to 6 players; without a map named, the first map
    that takes the player count; its cube reduction ("Cube Reduction Chart") applies at 3 only."""
    for n, wanted in ((4, "rhine-alps"), (5, "vistula-danube"), (6, "vistula-danube")):
        assert GAME.setup({}, [f"P{i}" for i in range(n)], 1).options.map == wanted
    full = GAME.setup({"map": "vistula-danube"}, [f"P{i}" for i in range(4)], 1)
    fewer = GAME.setup({"map": "vistula-danube"}, [f"P{i}" for i in range(3)], 1)
    assert sum(len(c.cubes) for c in full.cities.values()) == 100
    assert sum(len(c.cubes) for c in fewer.cities.values()) < 100
    six = GAME.setup({}, [f"P{i}" for i in range(6)], 1)
    assert six.markers.total == 18 and len(six.cards.face_up) == 3 + 12


def test_auction_minimum_bid_and_outbidding():
    """"1 - First Player Auction": minimum $1,000, each bid must beat the last."""
    t = Table(3)
    with pytest.raises(IllegalAction, match=r"at least \$1,000"):
        t.act(0, type="bid", amount=0)
    t.act(0, type="bid", amount=2)
    with pytest.raises(IllegalAction, match=r"at least \$3,000"):
        t.act(1, type="bid", amount=2)


def test_auction_pass_is_final_and_winner_pays_and_goes_first():
    """"1 - First Player Auction": a pass cannot re-enter; the winner pays and is First Player;
    actions then go clockwise from the First Player."""
    t = Table(3)
    t.give_cash(1, 10)
    t.act(0, type="bid", amount=1)
    t.act(1, type="bid", amount=3)
    t.act(2, type="pass")
    assert t.actor == 0            # seat 2 passed and is skipped
    t.act(0, type="pass")
    assert t.state.phase == "actions"
    assert t.state.first == 1 and t.state.order == [1, 2, 0]
    assert t.player(1).cash == 7 and t.player(0).cash == 0


def test_auction_winner_without_cash_issues_bonds():
    """"Use of Cash and Bonds": bonds may be issued to pay for the auction, only those needed."""
    t = Table(2)
    t.act(0, type="bid", amount=7)
    t.act(1, type="pass")
    assert t.player(0).bonds == 2 and t.player(0).cash == 3


def test_nobody_bids_marker_moves_left():
    """"1 - First Player Auction": if all pass, the player left of the previous First Player starts."""
    t = Table(3)
    t.all_pass_auction()
    assert t.state.first == 1
    t.finish_turn()
    assert t.state.phase == "auction" and t.state.auction.order[0] == 1   # last first player bids first
    t.all_pass_auction()
    assert t.state.first == 2


def test_refused_action_leaves_state_untouched():
    """DESIGN.md: an illegal action raises and the state is unchanged."""
    t = Table(3)
    before = canonical(t.state)
    for action in ({"type": "bid", "amount": -1}, {"type": "build", "path": ["A1"]}, {"type": "nope"}):
        with pytest.raises(IllegalAction):
            GAME.apply(t.state, 0, action)
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(t.state, 2, {"type": "pass"})
    assert canonical(t.state) == before
