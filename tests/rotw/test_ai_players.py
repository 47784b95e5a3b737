"""Railways of the World's AI players (issue 34; ``ai/rotw/``): the heuristic's moves are legal on
every map and module and come with a reason, it finishes whole games and beats random players, it
chooses the same whatever the other seats hide, and the greedy player's ``worth`` and the search's
playout policy read what they may."""
from __future__ import annotations

import pytest

from railhead.ai import SearchPlayer, make_player
from railhead.ai.rotw import Heuristic, evaluate, rollout, worth
from railhead.engine import IllegalAction
from railhead.engine.core import clone
from railhead.engine.core.rng import rng_for
from railhead.engine.games.rotw.money import dollars

from .helpers import GAME

CONFIGS = [
    ({}, 3),
    ({"barons": True, "hidden_money": True, "events": True}, 3),
    ({"map": "great-britain", "barons": True, "baron_later": True, "hidden_money": True}, 4),
    ({"mines": True, "switch_tracks": True, "fuel_depots": True, "city_rotors": True}, 3),
    ({"map": "through-time"}, 2),
    ({"map": "transcontinental", "barons": True, "events": True, "faster": True}, 3),
    ({"map": "mexico", "hidden_money": True, "bidding": "first_to_pass"}, 3),
    ({"map": "nippon", "barons": True, "bidding": "worst_is_first"}, 3),
    ({"map": "europe", "barons": True, "bounty_queue": True, "bidding": "variant2"}, 4),
    ({"map": "western-us", "cut_throat": True, "bidding": "variant1"}, 3),
]
"""Maps and modules whose own prompts the heuristic must answer: barons kept (later), the Railway
Inspector, Hot Spring, Through Time, the Transcontinental's bonds, mines, switches, depots, rotors,
events, hidden money and every bidding style."""


def positions(options: dict, players: int, seed: int, every: int, limit: int):
    """``(state, seat)`` every ``every`` moves of a game played by the search's playout policy
    (``rollout``; each move checked by ``apply``, so the policy's moves are legal too)."""
    state = GAME.setup(options, [f"P{i}" for i in range(players)], seed)
    rng = rng_for(f"ai-rotw:{seed}", "walk")
    for n in range(limit):
        actors = GAME.actors(state)
        if not actors:
            return
        seat = actors[0]
        if n % every == 0:
            yield state, seat
        state, _ = GAME.apply(state, seat, rollout(GAME, state, seat, rng))


@pytest.mark.parametrize("options,players", CONFIGS)
def test_the_heuristic_makes_legal_moves_with_a_reason_on_every_map(options, players):
    """Every move the heuristic picks is accepted by ``apply`` (which raises ``IllegalAction``
    otherwise), on each map and module, and says why in one line."""
    heuristic = Heuristic()
    kinds = set()
    for n, (state, seat) in enumerate(positions(options, players, 2, every=20, limit=100)):
        choice = heuristic.choose(GAME, state, seat, rng_for("legal", n))
        GAME.apply(state, seat, choice.action)
        assert choice.reason and "\n" not in choice.reason and len(choice.reason) < 200
        kinds.add(choice.action["type"])
    assert kinds - {"pass"}, "the heuristic did nothing but pass"


def test_the_heuristic_finishes_a_game_against_random_players_and_wins_it():
    """A whole game, heuristic against two random players (Rhine & Alps, short game), ends with the
    heuristic first: random players bury themselves in bonds."""
    game, players = GAME, [make_player("heuristic"), make_player("random"), make_player("random")]
    state = game.setup({"short_game": True}, ["H", "R1", "R2"], 5)
    for move in range(3000):
        if not game.actors(state):
            break
        seat = game.actors(state)[0]
        choice = players[seat].choose(game, state, seat, rng_for("whole", move))
        state, _ = game.apply(state, seat, choice.action)
    outcome = game.outcome(state)
    assert outcome is not None and outcome["ranking"][0] == 0


@pytest.mark.parametrize("options,players", [CONFIGS[1], CONFIGS[2], CONFIGS[5], CONFIGS[8]])
def test_the_heuristic_chooses_the_same_whatever_others_hide(options, players):
    """Two states the seat cannot tell apart (the true one and one determinized for it: the other
    seats' barons, the decks' order and the random stream drawn anew; others' cash hidden) get the
    same move, and the same reason, from the same rng."""
    heuristic = Heuristic()
    for n, (state, seat) in enumerate(positions(options, players, 7, every=25, limit=100)):
        twin = GAME.determinize(state, seat, rng_for("twin", n))
        assert heuristic.choose(GAME, state, seat, rng_for("same", n)) == \
            heuristic.choose(GAME, twin, seat, rng_for("same", n))


def test_the_same_rng_gives_the_same_move_and_a_seat_that_may_not_act_is_refused():
    heuristic = Heuristic()
    state, seat = list(positions({}, 3, 9, every=40, limit=81))[-1]
    assert heuristic.choose(GAME, state, seat, rng_for("x", 1)) == heuristic.choose(GAME, state, seat, rng_for("x", 1))
    idle = next(s for s in range(3) if s not in GAME.actors(state))
    with pytest.raises(ValueError):
        heuristic.choose(GAME, state, idle, rng_for("x", 1))


def test_the_heuristic_delivers_with_its_last_action_of_a_turn():
    """A link built in round 1 opens a delivery; everyone passes round 2; in round 3 the heuristic
    delivers (a point now and the income it brings beat a build paid with bonds), and says so."""
    state = GAME.setup({"barons": False}, ["A", "B", "C"], 3)
    for _ in range(3):                                      # everyone passes the auction
        state, _ = GAME.apply(state, GAME.actors(state)[0], {"type": "pass"})
    seat, cities = GAME.actors(state)[0], state.cities
    build = next(a for a in GAME.legal_actions(state, seat) if a["type"] == "build" and a["path"][-1] in cities
                 and cities[a["path"][-1]].colour in cities[a["path"][0]].cubes)
    state, _ = GAME.apply(state, seat, build)
    while state.round < 3 or GAME.actors(state)[0] != seat:
        state, _ = GAME.apply(state, GAME.actors(state)[0], {"type": "pass"})
    assert any(a["type"] == "deliver" for a in GAME.legal_actions(state, seat))
    choice = Heuristic().choose(GAME, state, seat, rng_for("deliver", 0))
    assert choice.action["type"] == "deliver" and choice.reason.startswith("delivers a ")


def test_worth_reads_only_the_seats_own_view():
    """The greedy player's measure: points minus bonds plus cash / 5 (thousands), as the seat sees
    them; another seat's hidden cash or secrets change nothing."""
    state = GAME.setup({"hidden_money": True, "barons": True}, ["A", "B", "C"], 4)
    me = state.players[0]
    me.points, me.bonds, me.cash = 7, 2, 10
    assert worth(GAME, state, 0) == 7 - 2 + 10 / 5
    other = clone(state)
    other.players[1].cash = 99
    other.barons.hands["1"] = list(reversed(other.barons.hands["1"]))
    assert worth(GAME, other, 0) == worth(GAME, state, 0)
    assert worth(GAME, other, 1) != worth(GAME, state, 1)


def test_the_playout_policy_and_evaluation():
    """``rollout`` gives legal moves (checked by ``apply`` along ``positions``) that deliver when
    they can; ``evaluate`` gives chances that sum to 1, the leader's the highest."""
    for state, _seat in positions({}, 3, 11, every=1, limit=200):
        chances = evaluate(GAME, state)
        assert sum(chances) == pytest.approx(1.0)
        scores = [p.points - p.bonds for p in state.players]
        if len(set(scores)) == 3 and len({p.engine for p in state.players}) == 1 and \
                len({p.cash for p in state.players}) == 1:
            assert chances.index(max(chances)) == scores.index(max(scores))
    assert any(rollout(GAME, s, seat, rng_for("r", n))["type"] == "deliver"
               for n, (s, seat) in enumerate(positions({}, 3, 11, every=3, limit=200)))


def test_the_guided_search_plays_legal_moves():
    """The search with this game's playout policy (the ``search`` player) chooses legal moves."""
    search = SearchPlayer(playouts=3, depth=15)
    for n, (state, seat) in enumerate(positions({"barons": True}, 3, 13, every=30, limit=120)):
        choice = search.choose(GAME, state, seat, rng_for("search", n))
        try:
            GAME.apply(state, seat, choice.action)
        except IllegalAction as exc:                      # pragma: no cover - the failure message
            pytest.fail(f"illegal search move {choice.action}: {exc}")


def test_the_searchs_candidates_are_the_heuristics_move_and_runners_up_each_with_its_own_reason():
    """``candidates`` (ai/rotw/__init__.py): the heuristic's move first, then up to three others,
    each legal, each once, each with a reason that says what the move does (a bid says its
    amount), the same whatever the state hides from the seat."""
    from railhead.ai.rotw import CANDIDATES, candidates
    from railhead.engine import canonical

    runners = 0
    for n, (state, seat) in enumerate(positions({}, 3, 41, every=6, limit=120)):
        offered = candidates(GAME, state, seat, rng_for("c", n))
        assert offered[0] == Heuristic().choose(GAME, state, seat, rng_for("c", n))
        assert 1 <= len(offered) <= CANDIDATES
        assert len({canonical(c.action) for c in offered}) == len(offered)
        for choice in offered:
            GAME.apply(state, seat, choice.action)              # raises IllegalAction if it is not legal
            assert choice.reason and "other answer" not in choice.reason
            if choice.action["type"] == "bid":
                assert dollars(choice.action["amount"]) in choice.reason      # "$2,000", as the table writes it
        twin = GAME.determinize(state, seat, rng_for("twin", n))
        assert candidates(GAME, twin, seat, rng_for("c", n)) == offered
        runners += len(offered) - 1
    assert runners


def test_a_reason_names_what_the_move_itself_costs_in_the_games_money_format():
    """An upgrade made with the turn's last action: the reason says the engine level's price
    ($4,000 to level 2, railways-of-the-world.txt, "C. UPGRADE ENGINE") as the table writes money,
    not "$4000", and not the change in cash, which the income phase that follows also moves
    (income, bond dividends)."""
    state = GAME.setup({"barons": False}, ["A", "B", "C"], 3)
    for _ in range(3):                                      # everyone passes the auction
        state, _ = GAME.apply(state, GAME.actors(state)[0], {"type": "pass"})
    while not (state.round == 3 and GAME.actors(state)[0] == state.order[-1]):
        state, _ = GAME.apply(state, GAME.actors(state)[0], {"type": "pass"})
    seat = GAME.actors(state)[0]
    state.players[seat].bonds = 2                     # the turn's end pays $2,000 of dividends
    after, events = GAME.apply(state, seat, {"type": "upgrade"})
    assert [e["paid"] for e in events if e["type"] == "upgrade"] == [4]
    reason = Heuristic()._reason(state, after, GAME.view(state, seat), seat, {"type": "upgrade"}, 0.0)
    assert reason.startswith("upgrades to engine level 2") and reason.endswith(", costs $4,000 (1 bond)"), reason


def test_the_searchs_candidates_in_a_round_are_of_every_kind_first():
    """``Heuristic.options`` in a round: after the heuristic's move, the best move of each other
    kind it tried (a delivery, a build, an upgrade, a card, a pass), so the search's paired root
    (``PAIRED``) weighs real alternatives rather than three more builds like the first."""
    from railhead.ai.rotw import CANDIDATES, candidates

    checked = 0
    for n, (state, seat) in enumerate(positions({}, 3, 43, every=5, limit=150)):
        if state.phase != "actions":
            continue
        offered = candidates(GAME, state, seat, rng_for("k", n))
        board = GAME.determinize(state, seat, rng_for("k", n))     # the copy ``options`` judges on
        acts = [a for a in GAME.legal_actions(board, seat) if a["type"] not in ("undo", "undo_vote")]
        tried = {a["type"] for _, _, a, _ in Heuristic().tried(GAME, board, seat, acts)}
        kinds = [c.action["type"] for c in offered]
        assert len(set(kinds)) == min(CANDIDATES, len(tried | {kinds[0]})), (n, kinds, tried)
        checked += len(tried) > 1
    assert checked > 5
