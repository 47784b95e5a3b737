"""Railways Through Time (railways-of-the-world.txt, "RAILWAYS through TIME"): the period boards laid out
as one map, time warps (+$1,000, a link ends there, never warp to warp), deliveries through time over
one's own track only (a jump counts as one link), Time Lines, the Time Blazer, its empty city markers
and no cube reduction. Scenario tests run on three small test boards (tests/rotw/maps/periods/);
random games run on the shipped boards."""
from __future__ import annotations

import pytest

from railhead.ai.policy import play
from railhead.engine import IllegalAction, canonical
from railhead.engine.common.goods import COLOURS
from railhead.engine.core import UNSET
from railhead.engine.games.rotw import periods, timelines
from railhead.engine.games.rotw.state import City
from railhead.render import rotw as render

from .feature_maps import use_test_maps
from .helpers import GAME, Table

# The test boards laid out: alpha at the top left, beta at the top right, gamma below alpha.
FLINT, OCHRE, ALPHA_WARP = "C4", "G4", "F7"
THEBES, GIZA, BETA_WARP = "L4", "P4", "J7"


@pytest.fixture
def boards(monkeypatch):
    use_test_maps(monkeypatch)


class TimeTable(Table):
    def __init__(self, players: int = 2, seed: int = 1, boards=("alpha", "beta", "gamma"), **options):
        super().__init__(players, seed, map="through-time", periods=list(boards), **options)
        self.all_pass_auction()

    def link(self, seat: int, a: str, b: str) -> list[dict]:
        """``seat`` builds the cheapest link from ``a`` to ``b`` (rich enough for it)."""
        while self.state.phase != "actions" or self.actor != seat:
            self.act(type="pass")
        self.give_cash(seat, 40)
        path = GAME.query(self.state, seat, "cheapest_link", {"from": a, "to": b})["path"]
        return self.act(seat, type="build", path=path)


def test_the_chosen_boards_make_one_map(boards):
    """"Starting the Game": the boards chosen, cubes as printed (no reduction with 2 or 3 players),
    the Through Time markers (2 players: 9) and the Time Blazer face up."""
    t = TimeTable()
    assert t.state.options.map == "through-time:alpha,beta,gamma"
    assert t.state.markers.total == 9
    assert len(t.state.cities[THEBES].cubes) == 3 and len(t.state.cities[FLINT].cubes) == 2
    assert t.state.cities[ALPHA_WARP] == City(colour="warp", cubes=[], marker=False, urbanized=False)
    assert any(c.startswith("time-blazer") for c in t.state.cards.face_up)
    view = GAME.view(t.state, 0)["through_time"]
    assert [p["name"] for p in view["periods"]] == ["Stone Test", "Pharaoh Test", "Empire Test"]
    assert view["periods"][1]["origin"] == [9, 2] and view["periods"][1]["warps"] == ["J7", "Q7"]


def test_players_plus_one_boards_at_random_with_a_red_city():
    """"The recommended number of time period boards used in a game is equal to the number of players
    +1"; "at least one time period with a red city". Our shipped boards all have one."""
    for seed in range(4):
        state = GAME.setup({"map": "through-time"}, ["A", "B", "C"], seed)
        chosen = state.options.map.partition(":")[2].split(",")
        assert len(chosen) == 4 and set(chosen) <= set(periods.load_periods())
        assert "red" in {c.colour for c in state.cities.values()}


def test_options_that_do_not_go_with_through_time(boards):
    with pytest.raises(IllegalAction, match="without baron cards"):
        GAME.setup({"map": "through-time", "barons": True}, ["A", "B"], 1)
    with pytest.raises(IllegalAction, match="go with the Railways Through Time map"):
        GAME.setup({"map": "rhine-alps", "periods": ["alpha", "beta"]}, ["A", "B"], 1)
    with pytest.raises(IllegalAction, match="at least 2 period boards"):
        GAME.setup({"map": "through-time", "periods": ["alpha"]}, ["A", "B"], 1)
    with pytest.raises(IllegalAction, match="No period board 'zeta'"):
        GAME.setup({"map": "through-time", "periods": ["alpha", "zeta"]}, ["A", "B"], 1)


def test_a_link_into_a_time_warp_is_complete_and_costs_1000_more(boards):
    """"New Gameplay": connecting track to a time warp adds $1,000 and completes the link."""
    t = TimeTable()
    path = GAME.query(t.state, 0, "cheapest_link", {"from": FLINT, "to": ALPHA_WARP})["path"]
    tiles = len(path) - 2
    events = t.link(0, FLINT, ALPHA_WARP)
    build = next(e for e in events if e["type"] == "build")
    assert build["paid"] == 2 * tiles + 1                # open terrain $2,000 a tile, +$1,000 for the warp
    link = t.state.links[build["link"]]
    assert link.to == ALPHA_WARP and "completes link" in build["text"]


def test_track_out_of_a_warp_never_ends_at_another_warp(boards):
    """"Tracks built out of time warps MUST always connect to a city."""
    t = TimeTable(boards=("beta", "gamma"))
    t.give_cash(0, 40)
    a, b = (w for p in GAME.view(t.state, 0)["through_time"]["periods"] if p["id"] == "beta" for w in p["warps"])
    with pytest.raises(IllegalAction):
        GAME.query(t.state, 0, "cheapest_link", {"from": a, "to": b})


def test_a_delivery_through_time_counts_one_link(boards):
    """"Delivering Goods Through Time", the first example: a cube from one period to a city of its
    colour in another, over two warps, needs engine level 1 and scores 1 point; the first such
    delivery wins the Time Blazer (+2)."""
    t = TimeTable()
    t.link(0, FLINT, ALPHA_WARP)
    t.link(0, THEBES, BETA_WARP)
    while t.state.phase != "actions" or t.actor != 0:
        t.act(type="pass")
    t.state.cities[FLINT].cubes = ["red"]
    before = t.player(0).points
    options = GAME.query(t.state, 0, "deliveries", {"from": FLINT, "colour": "red"})
    assert [o["to"] for o in options] == [THEBES] and options[0]["points"] == {"0": 1}
    events = t.act(0, type="deliver", **{"from": FLINT}, colour="red", links=options[0]["links"])
    deliver = next(e for e in events if e["type"] == "deliver")
    assert "(1 link, through time)" in deliver["text"]
    blazer = [e for e in events if e["type"] == "goal" and "Time Blazer" in e["text"]]
    assert blazer and t.player(0).points - before == 1 + 2 + 2      # the link, Time Blazer, Railroad Era


def test_only_your_own_track_carries_your_cubes(boards):
    """"In Railways Through Time, players may no longer use another player's tracks to deliver cubes."""
    t = TimeTable()
    t.link(0, FLINT, OCHRE)
    t.pass_until(1)
    t.state.cities[FLINT].cubes = ["blue"]
    lid = next(lid for lid, link in t.state.links.items() if link.owner == 0)
    assert not GAME.query(t.state, 1, "deliveries", {"from": FLINT})
    assert "not yours" in t.refused(1, type="deliver", **{"from": FLINT}, colour="blue", links=[lid])


def test_time_lines_the_first_anywhere_then_connected_to_it(boards):
    """"Claiming Time Lines": the first player to join a Time Line's cities claims it; later ones must
    connect to their first one (here through the player's time warps)."""
    t = TimeTable(boards=("alpha", "gamma"))       # gamma beside alpha this time
    t.link(0, "Flint", "Ochre")
    assert t.state.time_lines == {"alpha:0": 0}
    t.link(0, "Jena", "Wagram")                    # gamma's first line, not connected to alpha's
    assert "gamma:0" not in t.state.time_lines
    t.link(0, "Flint", "Time warp F7")
    gamma_warp = next(p["warps"][1] for p in GAME.view(t.state, 0)["through_time"]["periods"] if p["id"] == "gamma")
    events = t.link(0, "Jena", gamma_warp)         # now Jena reaches Flint through time
    assert t.state.time_lines == {"alpha:0": 0, "gamma:0": 0}
    assert any(e["type"] == "time_line" and "(2 held: 5 points at the end)" in e["text"] for e in events)
    assert [timelines.points(n) for n in range(6)] == [0, 2, 5, 9, 14, 20]


@pytest.mark.parametrize("players", [2, 6])
def test_a_random_game_on_the_shipped_boards_reaches_the_end(players):
    """Players + 1 boards at random; the game ends by the Through Time markers, every cube is one of
    the 125, the log replays to the same state, and the board draws."""
    names, state, log = play(GAME, players, 11, options={"map": "through-time"})
    assert GAME.outcome(state) is not None, f"no end after {len(log)} moves"
    assert state.markers.total == periods.MARKERS[players]
    for colour in COLOURS:
        assert sum(c.cubes.count(colour) for c in state.cities.values()) + state.bag[colour] == 25
    again = GAME.setup({"map": "through-time"}, names, 11)
    for seat, action in log:
        again, _ = GAME.apply(again, seat, action)
    assert canonical(again) == canonical(state)
    assert render.board_png(GAME.view(state, None))[:4] == b"\x89PNG"


async def test_a_through_time_table_on_discord(simcord_env):
    """``/game new game:rotw map:through-time periods:...`` opens a table without barons; the game
    starts on those boards and the cards list names the Time Lines."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("time")
    ann, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("Ann", "Bob"))
    await ann.slash(channel, "game new", game="rotw", map="through-time", periods="napoleon, rome egypt")
    await bob.slash(channel, "game join")
    await ann.slash(channel, "game start")
    row = await simcord_env.bot.store.active_game(channel.id)
    assert row.status == "running" and row.options["periods"] == ["napoleon", "rome", "egypt"]
    assert not row.options["barons"]
    answer = await ann.slash(channel, "rotw card")
    text = (answer.followups[-1] if answer.followups else answer.response).content
    assert "**Time Lines**" in text and "Wien" in text


def test_the_map_choice_offers_through_time():
    from railhead.bot.games.rotw import maps as choosing
    (time,) = [s for s in choosing.suggestions(3) if s.value == "through-time"]
    assert time.label.startswith("Railways Through Time · 2-6 players · Past ages")
    assert "**Railways Through Time** (`through-time`, 2-6 players)" in choosing.maps_text()


def test_with_mines_the_time_rules_still_carry_the_cubes(boards):
    """Mines may be used with Railways Through Time; its delivery rules still hold: no passing
    through a warp within a period, jumps allowed (found by review: the modules' routes took over)."""
    t = TimeTable(mines=True)
    t.link(0, FLINT, ALPHA_WARP)
    t.link(0, ALPHA_WARP, OCHRE)
    t.link(0, THEBES, BETA_WARP)
    while t.state.phase != "actions" or t.actor != 0:
        t.act(type="pass")
    t.state.cities[FLINT].cubes = ["blue", "red"]
    found = {(o["colour"], o["to"]) for o in GAME.query(t.state, 0, "deliveries", {"from": FLINT})}
    assert found == {("red", THEBES)}
    offered = [a for a in GAME.legal_actions(t.state, 0) if a["type"] == "deliver"]
    assert offered and all("to" not in a and "stop" not in a for a in offered)     # each one plays
    for action in offered:
        GAME.apply(t.state, 0, action)
    through = [lid for lid, link in t.state.links.items() if ALPHA_WARP in (link.from_, link.to)]
    assert "only go on through time" in t.refused(0, type="deliver", **{"from": FLINT}, colour="blue", links=through)


def test_a_time_warp_never_grows_goods(boards):
    """City Growth names a city; a time warp is none (found by review: cubes grew on a warp)."""
    t = TimeTable()
    card = next(c for c in t.state.cards.face_up + t.state.cards.deck if c.startswith("city-growth"))
    if card not in t.state.cards.face_up:
        t.state.cards.deck.remove(card)
        t.state.cards.face_up.append(card)
    t.pass_until(0)
    assert not [a for a in GAME.legal_actions(t.state, 0) if a.get("city") == ALPHA_WARP]
    assert "is a time warp, not a city" in t.refused(0, type="take_card", card=card, city=ALPHA_WARP)


def test_the_delivery_menu_names_both_warps_and_counts_a_jump_once(boards):
    from railhead.bot.games.rotw.ui import delivery_label
    t = TimeTable()
    t.link(0, FLINT, ALPHA_WARP)
    t.link(0, BETA_WARP, THEBES)                       # built out of the warp
    while t.state.phase != "actions" or t.actor != 0:
        t.act(type="pass")
    t.state.cities[FLINT].cubes = ["red"]
    (option,) = GAME.query(t.state, 0, "deliveries", {"from": FLINT})
    view = GAME.view(t.state, 0)
    assert delivery_label(view, option) == "red cube: Flint → Time warp F7 → Time warp J7 → Thebes"


def test_on_a_phone_each_board_in_play_is_its_own_part_filling_the_width():
    """Issue 21, "every map readable on a phone": the period boards are drawn one under the other,
    each as wide as the phone allows (a 10-column board at more than the 40 px cap of one map),
    its title row included; a board with nothing in play is left out."""
    from railhead.engine import get_game
    from railhead.engine.common.hexgrid import label
    from railhead.engine.games.rotw.data import load_map
    from railhead.render.hexes import Layout
    from railhead.render.rotw.board import PHONE_MAX_HEX, _phone_windows
    game = get_game("rotw")
    state = game.setup({"map": "through-time", "periods": ["egypt", "rome", "vikings"]}, ["A", "B"], 1)
    view = game.view(state, None)
    m = load_map(view["map"])
    parts = _phone_windows(view, m, None, None)
    assert len(parts) == 3 and all(size > PHONE_MAX_HEX for size, _, _ in parts)
    for city in view["cities"].values():           # only the last move, on the Roman board, is in play
        city["cubes"] = []
    rome = view["through_time"]["periods"][1]
    view["last"] = [label(rome["origin"][0] + 2, rome["origin"][1] + 2)]
    ((size, (x0, y0, width, height), _),) = _phone_windows(view, m, None, None)
    lay = Layout(m.columns, m.rows, size, 14)
    x, y = lay.xy(view["last"][0])
    assert x0 <= x <= x0 + width and y0 <= y <= y0 + height


def test_its_own_auction_every_passer_pays_half_rounded_down(boards):
    """railways-of-the-world.txt, "RAILWAYS through TIME", "Turn Order": the first to pass pays half
    their bid (rounded down) and goes last, the next to pass pays half too and goes before them; the
    winner pays the whole bid and goes first; the next auction follows that order. A table that chose
    another style keeps it."""
    from railhead.bot.games.rotw.ui import RotwUI

    t = Table(4, map="through-time", periods=["alpha", "beta", "gamma"])
    assert t.state.options.bidding == "through_time"
    for seat in range(4):
        t.give_cash(seat, 20)
    t.act(0, type="bid", amount=3)
    t.act(1, type="bid", amount=5)
    t.act(2, type="bid", amount=7)
    t.act(3, type="pass")                           # never bid: nothing to pay
    view = GAME.view(t.state, None)
    assert view["auction"]["pass_costs"] == {"0": 1, "1": 2, "2": 3}
    prompt = GAME.read_prompt(GAME.prompts(t.state)[0])
    assert "Passing costs half your bid, rounded down ($1,000)" in RotwUI().prompt_text(view, prompt, "@P0")
    assert t.act(0, type="pass")[0]["paid"] == 1    # half of 3, rounded down (rounded up it would be 2)
    t.act(1, type="bid", amount=9)
    events = t.act(2, type="pass")
    assert events[0]["paid"] == 3                   # half of 7, rounded down
    assert events[1]["paid"] == 9 and events[1]["seat"] == 1
    assert t.state.order == [1, 2, 0, 3]         # the first to pass is last
    assert [p.cash for p in t.state.players] == [19, 11, 17, 20]
    for _ in range(4 * 3):
        t.act(type="pass")
    assert t.state.auction.order == [1, 2, 0, 3]       # "follows the order of the previous round"
    chosen = Table(3, map="through-time", periods=["alpha", "beta", "gamma"], bidding="first_to_pass")
    assert chosen.state.options.bidding == "first_to_pass"


def test_a_pass_after_a_1000_bid_costs_nothing_and_says_why(boards):
    """Half of $1,000 rounded down is nothing ("Turn Order"); the prompt says so instead of "$0"."""
    from railhead.bot.games.rotw.ui import RotwUI

    t = Table(3, map="through-time", periods=["alpha", "beta", "gamma"])
    t.act(0, type="bid", amount=1)
    t.act(1, type="bid", amount=2)
    t.act(2, type="pass")
    view = GAME.view(t.state, None)
    text = RotwUI().prompt_text(view, GAME.read_prompt(GAME.prompts(t.state)[0]), "@P0")
    assert "Passing costs nothing (half your $1,000 bid, rounded down)" in text
    assert t.act(0, type="pass")[0]["text"] == "P0 passes."


def test_a_random_game_with_mines_and_events_reaches_the_end():
    """Through Time with the Mines module and the Event deck (the combination crashed a random game:
    the modules' deliveries were offered through time)."""
    options = {"map": "through-time", "mines": True, "events": True, "bidding": "variant2"}
    names, state, log = play(GAME, 2, 21, options=options)
    assert GAME.outcome(state) is not None
    again = GAME.setup(options, names, 21)
    for seat, action in log:
        again, _ = GAME.apply(again, seat, action)
    assert canonical(again) == canonical(state)


# ------------------------------------------------------------------ the compendium's cards (issue 31)
def _through_time_delivery(colour: str = "red"):
    """A 3-player game on Egypt, Rome and the Napoleonic Wars where seat 0's links run from an
    Egypt city into an Egypt warp and from a Rome warp into a Rome city of ``colour``, with a
    ``colour`` cube waiting in the Egypt city; Time Bounty: Rome face up. Returns the table and
    the delivery action."""
    from railhead.engine.games.rotw.context import of
    from railhead.engine.games.rotw.periods import time_of
    t = Table(3, map="through-time", periods=["egypt", "rome", "napoleon"])
    t.all_pass_auction()
    t.pass_until(0)
    m = of(t.state).map
    time = time_of(m)
    warps = time.warps()

    def first(period: str, want=lambda h: True) -> str:
        return next(h for h in sorted(m.cities) if time.period_of[h] == period and h not in warps and want(h))
    egypt = first("egypt", lambda h: m.cities[h].colour != colour)
    rome = first("rome", lambda h: t.state.cities[h].colour == colour)
    warp_e = next(w for w, p in sorted(warps.items()) if p == "egypt")
    warp_r = next(w for w, p in sorted(warps.items()) if p == "rome")
    t.state.links["901"] = {"owner": 0, "from": egypt, "to": warp_e, "hexes": [], "exit": None}
    t.state.links["902"] = {"owner": 0, "from": warp_r, "to": rome, "hexes": [], "exit": None}
    city = t.state.cities[egypt]
    t.state.bag = {c: n + city.cubes.count(c) for c, n in t.state.bag.items()}
    t.state.bag[colour] -= 1
    city.cubes = [colour]
    t.state.cards.face_up.remove("railroad-era:1")          # its 2 points would blur the count
    t.state.cards.face_up.append("time-bounty:rome")
    t.state.cards.deck = [c for c in t.state.cards.deck if c != "time-bounty:rome"]
    return t, {"type": "deliver", "from": egypt, "colour": colour, "links": ["901", "902"]}


def test_a_delivery_through_time_wins_time_blazer_and_time_bounty_and_counts_for_passenger_lines():
    """railways-of-the-world.txt, "RAILWAYS through TIME", "New Operations Cards" (Time Blazer: the
    first delivery through time, +2; Time Bounty: the first cube from another period delivered to a
    city of the card's period, +1) and "Starting the Game" (Passenger Lines is a start card: the
    colour counts towards its 4): one delivery from Egypt to Rome through the warps, through the
    engine's contract; the two links through the warps count as one (+1)."""
    t, deliver = _through_time_delivery("red")
    assert {"time-blazer:1", "passenger-lines:1"} <= set(t.state.cards.face_up)
    before = t.player(0).points
    events = t.act(0, **deliver)
    assert t.player(0).points == before + 1 + 2 + 1
    assert {"time-blazer:1", "time-bounty:rome"} <= set(t.state.cards.discard)
    assert t.state.passengers == {"0": ["red"]}
    assert sum(1 for e in events if e["type"] == "goal") == 2


def test_passenger_lines_clears_every_count_when_won():
    """"RAILWAYS through TIME": Passenger Lines, with the Passenger Line's count ("RAILWAYS of
    MEXICO", New Operations Cards: when a player delivers a fourth colour, every player's cubes in
    front of them go back): the winner gains 3, every count is cleared and the card is gone."""
    t, deliver = _through_time_delivery("red")
    t.state.cards.face_up = [c for c in t.state.cards.face_up if c != "time-blazer:1"]
    t.state.passengers = {"0": ["black", "blue", "yellow"], "1": ["purple", "red"]}
    before = t.player(0).points
    t.act(0, **deliver)
    assert t.player(0).points == before + 1 + 3 + 1
    assert t.state.passengers is UNSET and "passenger-lines:1" in t.state.cards.discard
    assert "passengers" not in GAME.view(t.state, None)


async def test_the_preview_names_the_time_line_the_build_claims(boards):
    """"Claiming Time Lines": the build that joins a Time Line's two cities claims it; its preview
    says so beside the tiles (issue 31: a claim went unnoticed)."""
    from railhead.bot.games.rotw.ui import link
    from railhead.bot.ui import UIContext
    from railhead.engine import Match

    t = TimeTable(boards=("alpha", "beta"))
    t.give_cash(t.actor, 40)
    ctx = UIContext(Match(GAME, {}, t.state.seats, 1, [], t.state), t.actor, t.state.seats)
    text = (await link(ctx, {"from": "Flint", "to": "Ochre"})).caller.text
    assert "claims the Time Line Flint–Ochre (1 held: 2 points at the end)" in text, text


def test_the_board_and_the_status_show_the_time_lines_and_explain_warps(boards, monkeypatch):
    """"Claiming Time Lines" and "Delivering Goods Through Time": the board's panel lists each Time
    Line with its holder, the legend says what a time warp is and how to type one, and the status
    names the lines (issue 31: none of it was on the board)."""
    from PIL import ImageDraw

    from railhead.bot.games.rotw.status import status_text

    t = TimeTable(boards=("alpha", "beta"))
    t.link(0, "Flint", "Ochre")
    view = GAME.view(t.state, None)
    seen: list[str] = []
    real = ImageDraw.ImageDraw.text
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", lambda self, xy, text, *a, **k: (seen.append(text),
                                                                                       real(self, xy, text, *a, **k)))
    render.draw_board(view)
    lines = view["through_time"]["time_lines"]
    assert any(s.startswith("Flint–Ochre (") and s.endswith("): held by P0") for s in seen), seen
    others = [line for line in lines if line["owner"] is None]
    assert any(s.startswith("–".join(others[0]["cities"])) and s.endswith(": open") for s in seen)
    assert "Held: P0 1 line" in seen
    assert any(s.startswith("Time warp: a link may end there") for s in seen)
    assert any('as "Time warp"' in s for s in seen)
    assert "Flint–Ochre (held by P0)" in status_text(view)


async def test_a_time_warp_is_typed_as_time_warp_or_by_its_hex(boards):
    """"New Gameplay": track may end at a time warp. Players type it as the board prints it, "Time
    warp" (the one the cheapest link reaches, on the other city's board; in a path, the one next to
    the hex beside it), or with its hex (issue 31: `Time warp` was not understood)."""
    from railhead.bot.games.rotw.ui import build, link
    from railhead.bot.ui import UIContext
    from railhead.engine import Match

    t = TimeTable(boards=("alpha", "beta"))
    t.give_cash(t.actor, 40)
    ctx = UIContext(Match(GAME, {}, t.state.seats, 1, [], t.state), t.actor, t.state.seats)
    reply = await link(ctx, {"from": "Flint", "to": "Time warp"})
    path = reply.caller.components[0].action["path"]
    assert path[0] == FLINT and path[-1] == ALPHA_WARP
    assert (await link(ctx, {"from": "time warp", "to": "Flint"})).caller.components[0].action["path"][0] == ALPHA_WARP
    assert (await link(ctx, {"from": "Flint", "to": f"warp {ALPHA_WARP}"})).caller.components[0].action["path"] == path
    typed = " ".join(["Flint", *path[1:-1], "Time", "warp"])
    assert (await build(ctx, {"path": typed})).caller.components[0].action["path"] == path


def test_the_local_table_keeps_time_warp_together():
    """`rotw link Salzburg Time warp` at the local table: "Time warp" is one name (bot/games/rotw/maps.py,
    ``typed_names``)."""
    from railhead.bot.games.rotw.ui import UI
    from railhead.bot.typed_args import command_args

    assert command_args(UI, "link Salzburg Time warp".split(), "through-time") == {"from": "Salzburg",
                                                                                  "to": "Time warp"}
