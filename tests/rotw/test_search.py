"""The search hooks of Railways of the World (issue 32, "Search hooks"; the shared checks are in
tests/search_hooks.py): ``random_action`` draws only legal moves and brings out every kind the step
allows, with the Event deck, the barons, the add-on modules, Through Time, the Transcontinental
game and the map cards; ``apply_trusted`` plays as ``apply``; ``determinize`` resamples what a seat
cannot see (the operations deck's order, the Event deck's order, the other seats' barons, the next
draws) and nothing it can see."""
from __future__ import annotations

import msgspec
import pytest

from railhead.engine import canonical
from railhead.engine.core import UNSET
from railhead.engine.core.rng import rng_for
from railhead.engine.games.rotw import barons, eventdeck, transcontinental

from ..search_hooks import (
    assert_determinize_reads_only_the_view,
    assert_determinized_view_unchanged,
    assert_random_actions_cover,
    assert_trusted_apply_agrees,
    walk,
)
from .helpers import GAME

CONFIGS = [
    ({"barons": True, "events": True}, 3),
    ({"map": "great-britain", "barons": True, "baron_later": True}, 4),
    ({"mines": True, "switch_tracks": True, "fuel_depots": True, "city_rotors": True}, 3),
    ({"map": "through-time"}, 2),
    ({"map": "transcontinental", "barons": True, "events": True, "faster": True}, 3),
    ({"map": "north-america", "bounty_queue": True, "hidden_money": True, "bidding": "variant2"}, 4),
]


@pytest.mark.parametrize("options,players", CONFIGS)
def test_random_actions_are_legal_and_cover_every_kind(options, players):
    """Issue 32, "random_action": at states along a random playout, 40 draws are all accepted by
    ``apply`` and include every action kind ``legal_actions`` lists (a round's actions, the
    auction's, the barons', the modules' builds and deliveries through time)."""
    kinds = set()
    for n, (state, seat) in enumerate(walk(GAME, players, 3, limit=150, options=options)):
        if n % 9 == 0:
            assert_random_actions_cover(GAME, state, seat, n)
            kinds |= {a["type"] for a in GAME.legal_actions(state, seat)}
    assert {"bid", "build", "pass"} <= kinds


@pytest.mark.parametrize("options,players", CONFIGS)
def test_trusted_moves_play_as_checked_moves(options, players):
    """Issue 32, "a trusted apply for search": ``apply_trusted`` gives the rules state and events of ``apply``."""
    for n, (state, seat) in enumerate(walk(GAME, players, 5, limit=150, options=options)):
        if n % 5 == 0:
            assert_trusted_apply_agrees(GAME, state, seat, GAME.random_action(state, seat, rng_for("trusted", n)))


@pytest.mark.parametrize("options,players", CONFIGS)
def test_no_seat_can_tell_a_determinized_state(options, players):
    """Issue 32, "determinize": every seat's view (and the public one) of a determinized state is
    its view of the true state, byte for byte, and the copy depends only on that view."""
    for n, (state, _) in enumerate(walk(GAME, players, 7, limit=120, options=options)):
        if n % 30 == 0:
            for seat in [None, *range(players)]:
                assert_determinized_view_unchanged(GAME, state, seat, seeds=range(2))
                assert_determinize_reads_only_the_view(GAME, state, seat, seeds=range(1))


def _after_barons(options, players, seed=1, moves=40):
    """A state ``moves`` moves into a random playout (the barons kept by then)."""
    for n, (state, _) in enumerate(walk(GAME, players, seed, limit=moves + 1, options=options)):
        if n == moves:
            return state
    raise AssertionError("the playout ended early")


def test_the_decks_and_the_others_barons_vary_and_the_seats_own_stay():
    """Issue 32, "determinize": the operations deck's and the Event deck's order and the other
    seats' kept barons vary across rng seeds; the seat's own baron, the cards face up, the decks'
    contents and who has chosen stay (railways-of-the-world.txt, "Deal Out Railroad Baron Cards":
    each keeps one in secret)."""
    state = _after_barons({"barons": True, "events": True}, 3)
    assert all(k is not None for k in state.barons.kept.values())
    copies = [GAME.determinize(state, 0, rng_for("vary", n)) for n in range(6)]
    assert len({tuple(c.cards.deck) for c in copies}) > 1
    assert len({c.cards.deck[0] for c in copies}) > 1                 # the next card turned up
    assert len({tuple(c.event_deck.deck) for c in copies}) > 1
    assert len({c.event_deck.deck[0] for c in copies}) > 1            # the next event drawn
    for s in (1, 2):
        assert len({c.barons.kept[str(s)] for c in copies}) > 1
    for c in copies:
        assert sorted(c.cards.deck) == sorted(state.cards.deck)
        assert c.cards.face_up == state.cards.face_up
        assert c.barons.kept["0"] == state.barons.kept["0"]
        assert c.barons.hands["0"] == state.barons.hands["0"]
        dealt = [x for s in range(3) for x in c.barons.hands[str(s)]]
        assert len(set(dealt)) == 6 and set(dealt) <= set(barons.for_map(state.options.map))
        assert all(c.barons.kept[str(s)] in c.barons.hands[str(s)] for s in range(3))


def test_the_barons_still_in_hand_vary_while_they_are_chosen():
    """Issue 32, "determinize": while the others still choose, the two barons dealt to each of them
    are dealt again from the cards the seat has not seen; a spectator sees nobody's."""
    state = GAME.setup({"barons": True}, ["A", "B", "C", "D"], 4)
    for seat in (None, 2):
        copies = [GAME.determinize(state, seat, rng_for("hands", n)) for n in range(6)]
        for s in range(4):
            hands = {tuple(c.barons.hands[str(s)]) for c in copies}
            assert (len(hands) == 1) == (s == seat)
        for c in copies:
            assert all(k is None for k in c.barons.kept.values())
            if seat is not None:
                assert not set(state.barons.hands[str(seat)]) & {
                    x for s in range(4) if s != seat for x in c.barons.hands[str(s)]}


def test_a_shown_baron_stays_and_an_unshown_first_engine_holds_no_engine_race():
    """railways-of-the-world.txt, "Tycoon Cards" (an engine race baron is shown once met): a shown
    card stays with its seat in every determinization; a seat that was first to the level without
    showing one holds no engine-race baron (issue 32, "consistently with the public history")."""
    state = _after_barons({"barons": True}, 3)
    b = state.barons
    race = next(x for x in barons.for_map(state.options.map) if barons.deck()[x].kind == "engine_first")
    b.kept["1"], b.hands["1"] = race, [race, b.hands["1"][0] if b.hands["1"][0] != race else
                                             b.hands["1"][1]]
    for s in (0, 2):                                          # nobody else holds it
        if race in b.hands[str(s)]:
            other = next(x for x in barons.for_map(state.options.map) if not any(
                x in b.hands[k] for k in b.hands))
            b.hands[str(s)][b.hands[str(s)].index(race)] = other
            if b.kept[str(s)] == race:
                b.kept[str(s)] = other
    b.shown, b.first_engine = [1], 1
    for n in range(5):
        copy = GAME.determinize(state, 0, rng_for("shown", n))
        assert copy.barons.kept["1"] == race and race in copy.barons.hands["1"]
    b.shown, b.first_engine = [], 2
    held = set()
    for n in range(30):
        copy = GAME.determinize(state, 0, rng_for("unshown", n))
        assert all(barons.deck()[x].kind != "engine_first" for x in copy.barons.hands["2"])
        held |= set(copy.barons.hands["1"])
    assert race in held                                       # seat 1, not first, may hold it


def test_in_the_west_nobody_holds_the_baron_they_kept_in_the_east():
    """railways-of-the-world.txt, "Transcontinental Rules", "Baron Cards" (``barons.deal_west``): the
    others' Eastern barons vary, and no determinized Western hand holds its seat's Eastern baron."""
    state = GAME.setup({"map": "transcontinental", "barons": True}, ["A", "B", "C"], 2)
    for s in range(3):
        state.barons.kept[str(s)] = state.barons.hands[str(s)][0]
    barons.deal_west(state, rng_for("west", 0), transcontinental.WEST_BARONS)
    copies = [GAME.determinize(state, 0, rng_for("west", n)) for n in range(8)]
    assert len({c.barons.east["1"] for c in copies}) > 1
    for c in copies:
        assert c.barons.east["0"] == state.barons.east["0"]
        for s in range(3):
            assert c.barons.east[str(s)] not in c.barons.hands[str(s)]
            assert set(c.barons.hands[str(s)]) <= set(barons.for_map(transcontinental.WEST_BARONS))


def test_the_next_goods_cubes_drawn_vary():
    """Issue 32, "the next draws vary": the same urbanization played on determinized copies draws
    different goods cubes from the bag (railways-of-the-world.txt, "B. URBANIZE": two cubes drawn),
    while the bag keeps its counts before the draw."""
    for state, seat in walk(GAME, 3, 11, limit=200):
        urbanize = next((a for a in GAME.legal_actions(state, seat) if a["type"] == "urbanize"), None)
        if urbanize is not None and sum(state.bag.values()) > 10:
            break
    else:
        raise AssertionError("no urbanization in the playout")
    drawn = set()
    for k in range(8):
        copy = GAME.determinize(state, seat, rng_for("cubes", k))
        assert copy.bag == state.bag
        GAME.apply_trusted(copy, seat, urbanize)
        drawn.add(tuple(copy.cities[urbanize["city"]].cubes))
    assert len(drawn) > 1


def test_a_finished_game_is_not_resampled():
    """Issue 32, "determinize": at the end every baron is shown, so nothing is hidden any more."""
    state = _after_barons({"barons": True, "events": True}, 3)
    state.phase = "over"
    copy = GAME.determinize(state, 0, rng_for("over", 0))
    assert canonical(msgspec.structs.replace(copy, seed=state.seed)) == canonical(state)     # all but the seed


def test_the_future_events_discarded_unseen_at_the_start_are_dealt_again():
    """railways-of-the-world.txt, "Events Deck" (a Future Event drawn at the start is discarded and
    another drawn; ``eventdeck.setup``): nobody saw which, so determinized copies discard other
    Future Events there, the same number, and the deck and discard keep their cards between them
    (issue 32, "determinize": cards seen stay seen, counts stay right)."""
    seed = next(s for s in range(100) if GAME.setup({"events": True}, ["A", "B"], s).event_deck.discard)
    state = GAME.setup({"events": True}, ["A", "B"], seed)
    ed = state.event_deck
    discarded = set()
    for n in range(8):
        copy = GAME.determinize(state, 0, rng_for("events", n)).event_deck
        assert len(copy.discard) == len(ed.discard) and len(copy.deck) == len(ed.deck)
        assert sorted(copy.deck + copy.discard) == sorted(ed.deck + ed.discard)
        assert all(eventdeck.deck()[e].future for e in copy.discard)
        assert copy.future == ed.future
        discarded.add(tuple(copy.discard))
    assert len(discarded) > 1


def test_a_seat_that_kept_its_baron_has_no_time_out_move_while_others_choose():
    """railways-of-the-world.txt, "Deal Out Railroad Baron Cards" (everyone keeps one before play):
    the time-out move comes from the step in force (issue 32, "one turn grammar"), so a seat that
    has kept its baron while others still choose gets none (it used to get a `pass` the barons'
    step refuses), and a seat still choosing gets its first baron."""
    state = GAME.setup({"barons": True}, ["A", "B", "C"], 0)
    bidder = state.auction.order[0]
    state, _ = GAME.apply(state, bidder, {"type": "keep_baron", "baron": state.barons.hands[str(bidder)][0]})
    assert GAME.timeout_action(state, bidder) is None
    other = next(s for s in range(3) if s != bidder)
    assert GAME.timeout_action(state, other) == {"type": "keep_baron", "baron": state.barons.hands[str(other)][0]}


def test_a_baron_shown_in_the_east_stays_shown_in_the_west_and_determinized():
    """railways-of-the-world.txt, "Transcontinental Rules", "Baron Cards": the kept Eastern baron
    scores at the end too; one shown in the East (an engine race met) stays shown. Before, the
    West's view raised StopIteration looking for the engine-race card in the new hand, and a
    determinized state dealt that seat another Eastern baron."""
    import random

    from railhead.ai.policy import choose
    from railhead.engine import GAMES, canonical
    from railhead.engine.core.rng import rng_for
    from railhead.engine.games.rotw import barons, transcontinental

    game = GAMES["rotw"]
    state, rng = game.setup({"map": "transcontinental", "barons": True}, ["A", "B", "C"], 0), random.Random(0)
    while state.barons.east is UNSET or not state.barons.east:
        prompt = game.prompts(state)[0]
        state, _ = game.apply(state, prompt["seat"], choose(rng, game.legal_actions(state, prompt["seat"])))
    race = next(x for x in barons.for_map(transcontinental.EAST_BARONS) if barons.deck()[x].kind == "engine_first")
    b = state.barons
    assert not any(barons.deck()[x].kind == "engine_first" for x in b.hands["0"])
    b.east["0"], b.shown, b.first_engine = race, [0], 0
    assert game.view(state, None)["barons"]["shown"]["0"]["id"] == race
    for seat in (1, 2, None):
        seen = canonical(game.view(state, seat))
        for n in range(5):
            copy = game.determinize(state, seat, rng_for("east", n))
            assert copy.barons.east["0"] == race and canonical(game.view(copy, seat)) == seen
