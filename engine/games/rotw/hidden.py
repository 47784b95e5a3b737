"""Determinization for a search player (issue 32, "Search hooks"): the hidden zones of a state
resampled so that a seat's view cannot tell the copy from the true state.

What a seat cannot see (``view.py``): the order of the operations deck and of the Event deck
(their contents are known: every card not yet seen), and the other seats' baron cards: the two
dealt to each while they choose, the one each kept (and in the Transcontinental game the Eastern
baron each kept). The goods bag's contents follow from the cubes on the board (every cube drawn
is placed in the open), and its draws from the game's random stream, which ``Game.determinize``
reseeds; cash hidden by the ``hidden_money`` variant follows from the public moves; both are left
as they are. Once the game is over everything is shown and nothing is resampled.
"""
from __future__ import annotations

from collections.abc import Callable

from ...core.record import UNSET
from ...core.rng import Stream
from . import barons, eventdeck, transcontinental
from .state import Barons, EventDeck, RotwState

DEALS = 20
"""Shuffles tried for a deal of the others' barons that keeps every constraint (see ``_barons``)."""


def determinize(state: RotwState, seat: int | None, rng: Stream) -> None:
    """Resample in place, from ``rng``, what ``seat`` cannot see (``seat=None``: a spectator):
    the operations deck's order, the Event deck's order and the other seats' barons. Reads only
    what ``seat`` sees, so two states ``seat`` cannot tell apart give the same copy for the same ``rng``."""
    if state.phase == "over":
        return
    cards = state.cards
    cards.deck = _shuffled(cards.deck, rng)
    if state.event_deck is not UNSET:
        _events(state.event_deck, rng)
    if state.barons is not UNSET:
        _barons(state, state.barons, seat, rng)


def _shuffled(cards: list[str], rng: Stream) -> list[str]:
    """The same cards in a new order (from a fixed order: the true one never shows through)."""
    out = sorted(cards)
    rng.shuffle(out)
    return out


def _events(ed: EventDeck, rng: Stream) -> None:
    """The Event deck in a new order. The Future Events discarded unseen at the start
    (``eventdeck.setup``) are the leading run of Future Events in the discard pile (the first card
    discarded in play is the first current event, which was no Future Event): they are dealt again
    from every Future Event not seen, the rest of those going back into the deck."""
    spec = eventdeck.deck()
    unseen = 0
    while unseen < len(ed.discard) and spec[ed.discard[unseen]].future:
        unseen += 1
    pool = _shuffled([*ed.deck, *ed.discard[:unseen]], rng)
    if unseen:
        futures = [i for i, e in enumerate(pool) if spec[e].future]
        rng.shuffle(futures)
        chosen = sorted(futures[:unseen])
        ed.discard = [pool[i] for i in chosen] + ed.discard[unseen:]
        pool = [e for i, e in enumerate(pool) if i not in set(chosen)]
    ed.deck = pool


def _barons(state: RotwState, b: Barons, seat: int | None, rng: Stream) -> None:
    """The other seats' barons, dealt again from the cards ``seat`` has not seen.

    Kept as they are: ``seat``'s own cards, whether each seat has chosen (public), and a card
    shown because its engine race was met. A seat that was first to an engine level without
    showing a card holds no engine-race card (it would have been shown: ``barons._after_upgrade``);
    in the Transcontinental game's Western phase, nobody holds the baron they kept in the East
    (``barons.deal_west``). Where no deal of ``DEALS`` shuffles keeps both, the last is used. ``b``:
    the state's barons."""
    n = len(b.kept)
    others = [s for s in range(n) if s != seat]
    if not others:
        return
    east = dict(b.east) if b.east is not UNSET else {}
    west = bool(east)
    if state.transcontinental is not UNSET:
        deck = transcontinental.WEST_BARONS if west else transcontinental.EAST_BARONS
    else:
        deck = state.options.map
    spec = barons.deck()
    fixed = {}
    shown_east = set()
    for s in others:
        shown = barons.shown_card(state, s)
        if shown and west and shown == east[str(s)]:
            shown_east.add(s)                       # shown in the East: that Eastern baron stays as it is
        elif shown:
            fixed[s] = shown
    if west:                                        # the others' Eastern barons, from the Eastern deck
        seen = {east[str(s)] for s in shown_east} | ({east[str(seat)]} if seat is not None else set())
        pool = _shuffled([x for x in barons.for_map(transcontinental.EAST_BARONS) if x not in seen], rng)
        for s in others:
            if s not in shown_east:
                east[str(s)] = pool.pop()
        b.east = east
    own = set(b.hands[str(seat)]) if seat is not None else set()
    pool = [x for x in barons.for_map(deck) if x not in own and x not in fixed.values()]

    def bad(s: int, card: str) -> bool:
        return (west and card == east[str(s)]) or (
            b.first_engine == s and s not in b.shown and spec[card].kind == "engine_first")

    hands = _deal(others, fixed, pool, bad, rng)
    for s in others:
        key = str(s)
        b.hands[key] = hands[s]
        if b.kept[key] is not None:
            b.kept[key] = fixed.get(s) or hands[s][rng.below(2)]


def _deal(others: list[int], fixed: dict[int, str], pool: list[str], bad: Callable[[int, str], bool],
          rng: Stream) -> dict[int, list[str]]:
    """Two barons for each of ``others``: its ``fixed`` card (if any, at a random place in the
    hand) and the rest from ``pool``, none of them ``bad`` for it where a shuffle allows."""
    hands: dict[int, list[str]] = {}
    for _ in range(DEALS):
        cards = _shuffled(pool, rng)
        hands = {}
        for s in others:
            hand = [cards.pop() for _ in range(2 - (s in fixed))]
            if s in fixed:
                hand.insert(rng.below(2), fixed[s])
            hands[s] = hand
        if not any(bad(s, c) for s in others for c in hands[s] if c != fixed.get(s)):
            break
    return hands
