"""Baron cards (railways-of-the-world.txt, "Deal Out Railroad Baron Cards"; "Card & Map Revisions
and Clarifications: Baron Cards" and "Tycoon Cards"): two dealt, one kept in secret, goals scored
at the end, a tie awards nobody, the Pullman-like card shown as soon as it is met, the
Vanderbilt-like route only for its sole owner, the Judah-like longest run counting a fork once."""
import pytest

from railhead.ai.policy import play
from railhead.engine import Match, canonical, events_for, replay
from railhead.engine.games.rotw import barons, bidding, network, rules
from railhead.engine.games.rotw.state import Link

from .helpers import GAME, HEX


def game_with(kept: dict[int, str], players: int = 3):
    state = GAME.setup({"barons": True}, [f"P{i}" for i in range(players)], 4)
    for seat in range(players):
        state.barons.hands[str(seat)] = [kept[seat], "list" if kept[seat] != "list" else "favre"]
        state, _ = GAME.apply(state, seat, {"type": "keep_baron", "baron": kept[seat]})
    return state


def link(state, seat, a, b, lid):
    state.links[str(lid)] = Link(owner=seat, from_=HEX[a], to=HEX[b], hexes=[], exit=None)


def results(state):
    return rules.baron_results(state)


def test_each_player_is_dealt_two_and_keeps_one_in_secret():
    state = GAME.setup({"barons": True}, ["A", "B", "C"], 9)
    hands = state.barons.hands
    assert all(len(h) == 2 for h in hands.values()) and len({b for h in hands.values() for b in h}) == 6
    assert [p["kind"] for p in GAME.prompts(state)] == ["baron"] * 3
    assert all(p["secret"] for p in GAME.prompts(state))
    with pytest.raises(Exception, match="keeps one of their two barons"):
        GAME.apply(state, 0, {"type": "pass"})
    with pytest.raises(Exception, match="Keep one of your two barons"):
        GAME.apply(state, 0, {"type": "keep_baron", "baron": hands["1"][0]})
    state, events = GAME.apply(state, 0, {"type": "keep_baron", "baron": hands["0"][1]})
    assert events_for(events, 1) == [{"type": "baron_chosen", "seat": 0, "text": "A has chosen a baron."}]
    assert barons.deck()[hands["0"][1]].name in events_for(events, 0)[0]["text"]
    assert GAME.view(state, 1)["barons"] == {"choosing": [1, 2], "shown": {}, "yours": None,
                                             "hand": GAME.view(state, 1)["barons"]["hand"]}
    assert "hand" not in GAME.view(state, None)["barons"]


def test_a_keep_never_shows_to_the_others_views_or_events():
    """Non-interference: two different keeps of seat 0 look the same to seats 1, 2 and the channel."""
    state = GAME.setup({"barons": True}, ["A", "B", "C"], 11)
    x, y = state.barons.hands["0"]
    sx, ex = GAME.apply(state, 0, {"type": "keep_baron", "baron": x})
    sy, ey = GAME.apply(state, 0, {"type": "keep_baron", "baron": y})
    for other in (None, 1, 2):
        assert canonical(GAME.view(sx, other)) == canonical(GAME.view(sy, other))
        assert canonical(events_for(ex, other)) == canonical(events_for(ey, other))


def test_route_baron_scores_only_for_the_sole_owner_of_such_a_route():
    """Tycoon Cards, "Cornelius Vanderbilt": a route of only your links, and you the only one."""
    state = game_with({0: "escher", 1: "list", 2: "hansemann"})
    link(state, 0, "Zürich", "Chur", 1)
    link(state, 0, "Chur", "Milano", 2)
    assert results(state)[0]["met"] and results(state)[0]["points"] == 10
    link(state, 1, "Zürich", "Milano", 3)
    assert not results(state)[0]["met"]


def test_most_goals_award_nobody_on_a_tie():
    """Baron Cards: "In case of a tie for a Baron Card requirement, no bonus is awarded"."""
    state = game_with({0: "list", 1: "hansemann", 2: "strousberg"})
    link(state, 0, "Köln", "Koblenz", 1)
    link(state, 1, "Basel", "Bern", 2)
    assert not results(state)[0]["met"]                        # 1 link each: a tie
    link(state, 0, "Koblenz", "Mannheim", 3)
    assert results(state)[0]["met"]
    state.players[1].cash = 9
    state.players[0].cash = 9
    assert not results(state)[1]["met"]
    state.players[1].cash = 10
    assert results(state)[1]["met"]
    state.players[2].bonds = 2
    assert results(state)[2]["met"]


def test_longest_run_counts_a_fork_once():
    """Tycoon Cards, "Theodore D Judah": a forked path counts only its longest branch."""
    state = game_with({0: "favre", 1: "list", 2: "hansemann"})
    for i, (a, b) in enumerate([("Basel", "Bern"), ("Bern", "Genève"), ("Bern", "Zürich"), ("Zürich", "Chur")]):
        link(state, 0, a, b, i + 1)
    assert network.longest_run(network.own_graph(state, 0)) == 3
    link(state, 1, "Lyon", "Dijon", 10)
    link(state, 1, "Dijon", "Troyes", 11)
    link(state, 1, "Troyes", "Reims", 12)
    assert not results(state)[0]["met"]                         # 3 against 3: nobody
    link(state, 0, "Genève", "Lyon", 5)
    assert results(state)[0]["met"]


def test_the_engine_baron_is_shown_as_soon_as_it_is_met_and_only_for_the_first():
    """Tycoon Cards, "George Pullman": shown when accomplished, scored at the end."""
    state = game_with({0: "nagelmackers", 1: "list", 2: "hansemann"})
    while state.phase == "auction":
        state, _ = GAME.apply(state, bidding.actor(state), {"type": "pass"})
    seat = bidding.actor(state)
    state.players[seat].engine = 5
    state.players[seat].cash = 50
    state, events = GAME.apply(state, seat, {"type": "upgrade"})
    shown = [e for e in events if e["type"] == "baron_shown"]
    if seat == 0:
        assert shown and "Georges Nagelmackers" in shown[0]["text"] and "to" not in shown[0]
        assert GAME.view(state, 1)["barons"]["shown"]["0"]["name"] == "Georges Nagelmackers"
        assert results(state)[0]["met"]
    else:
        assert not shown and not results(state)[0]["met"]      # someone else was first
    assert state.barons.first_engine == seat


def test_hub_and_colours():
    state = game_with({0: "kessler", 1: "harkort", 2: "list"})
    for i, c in enumerate(("Koblenz", "Mannheim", "Frankfurt")):
        link(state, 0, "Köln" if c != "Frankfurt" else "Kassel", c, i + 1)
    assert not results(state)[0]["met"]
    link(state, 0, "Köln", "Münster", 4)
    link(state, 0, "Köln", "Liège", 5)
    assert results(state)[0]["met"]
    for i, (a, b) in enumerate([("Lyon", "Genève"), ("Genève", "Grenoble"), ("Grenoble", "Torino"),
                                ("Torino", "Verona")]):                   # red, blue, purple, black, yellow
        link(state, 1, a, b, 10 + i)
    assert results(state)[1]["met"]


def test_final_score_adds_the_met_barons_points():
    state = game_with({0: "list", 1: "hansemann", 2: "strousberg"})
    link(state, 0, "Köln", "Koblenz", 1)
    state.phase = "over"
    out = GAME.outcome(state)
    row = next(r for r in out["table"] if r["seat"] == 0)
    assert row["baron"]["met"] and row["score"] == row["points"] - row["bonds"] + 8
    assert GAME.view(state, 2)["barons"]["shown"]["0"]["name"] == "Friedrich List"   # all shown at the end


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts_with_barons_end_replay_and_keep_them_hidden(players):
    class WithBarons:
        def __getattr__(self, name):
            return getattr(GAME, name)

        def setup(self, options, names, seed):
            return GAME.setup({**(options or {}), "barons": True}, names, seed)

    names, state, log = play(WithBarons(), players, 30 + players)
    assert GAME.outcome(state) is not None and all(r.get("baron") for r in GAME.outcome(state)["table"])
    assert canonical(replay(GAME, {"barons": True}, names, 30 + players, log)) == canonical(state)
    match = Match.start(GAME, {"barons": True}, names, 30 + players)
    for seat, action in log[:40]:
        if action["type"] == "keep_baron":
            other = (seat + 1) % players
            a, b = match.state.barons.hands[str(seat)]
            (ma, ea), (mb, eb) = match.play(seat, {**action, "baron": a}), match.play(seat, {**action, "baron": b})
            assert canonical(ma.view(other)) == canonical(mb.view(other))
            assert canonical(events_for(ea, other)) == canonical(events_for(eb, other))
        match, _ = match.play(seat, action)


def test_each_map_deals_twelve_barons_whose_routes_are_its_own_cities():
    """Issue "Railways of the World, complete": a deck of 12 per map; a route baron names two cities of
    its map (a game on another map never deals it)."""
    from railhead.engine.games.rotw import transcontinental as trans
    from railhead.engine.games.rotw.context import context
    from railhead.engine.games.rotw.data import available_maps, fold
    for map_id in available_maps():
        decks = [trans.EAST_BARONS, trans.WEST_BARONS] if map_id == "transcontinental" else [map_id]  # one a phase
        names = context(map_id).map.by_name
        for ids in [barons.for_map(d) for d in decks]:
            assert len(ids) == 12
            for bid in ids:
                card = barons.deck()[bid]
                assert all(fold(c) in names for c in card.cities), (map_id, bid)
        most = context(map_id).map.max_players
        state = GAME.setup({"map": map_id, "barons": True}, [f"P{i}" for i in range(most)], 3)
        dealt = [b for hand in state.barons.hands.values() for b in hand]
        assert len(dealt) == 2 * most and set(dealt) <= set(barons.for_map(decks[0]))


def _at_engine_five():
    state = game_with({0: "nagelmackers", 1: "list", 2: "hansemann"})
    while state.phase == "auction":
        state, _ = GAME.apply(state, bidding.actor(state), {"type": "pass"})
    seat = bidding.actor(state)
    state.players[seat].engine = 5
    return state, seat


def test_engine_works_reaching_level_six_counts_for_the_engine_baron():
    """Tycoon Cards, "George Pullman" (shown as soon as accomplished, scored at the end) and
    "Engine Works" (a free upgrade): reaching level 6 by the card wins the race too."""
    state, seat = _at_engine_five()
    state.cards.face_up.append("engine-works:1")
    state, events = GAME.apply(state, seat, {"type": "take_card", "card": "engine-works:1"})
    assert state.players[seat].engine == 6
    assert state.barons.first_engine == seat
    assert results(state)[0]["met"] == (seat == 0)
    assert any(e["type"] == "baron_shown" for e in events) == (seat == 0)


def test_the_new_train_goal_reaching_level_six_counts_for_the_engine_baron():
    """"New Train": the first delivery over 4 links gives a free engine level; level 6 reached so
    wins the engine baron's race (Tycoon Cards)."""
    from railhead.engine.games.rotw import cards
    from railhead.engine.games.rotw.context import context

    state, seat = _at_engine_five()
    assert "new-train:1" in state.cards.face_up
    events = []
    cards.check_goals(state, context("rhine-alps"), seat, 4, HEX["Köln"], events)
    assert state.players[seat].engine == 6
    assert state.barons.first_engine == seat
