"""The legal moves of a Railways state, for buttons, menus and random playouts.

Every legal move is listed except payments that name a slot they could do without (the engine
accepts them; they only waste a card or add pollution). For a trip to a Leisure building, every
conversion the capital pays for is listed (without ``convert``: the most).
"""
from __future__ import annotations

from functools import lru_cache

from ...core.errors import IllegalAction
from ...core.rng import Stream
from ...core.steps import by_kind
from . import prompts, rules
from .board import Board, board, card_at
from .payment import Need, payments
from .state import RailwaysState


def trips(state: RailwaysState, b: Board, start: str) -> list[tuple[list[str], list[str], int]]:
    """Every trip a passenger on ``start`` can make: ``(link ids, buildings visited, capital)``,
    stopping at the first building of the destination's kind."""
    out: list[tuple[list[str], list[str], int]] = []
    first = b.building[start]

    def walk(here: str, links: list[str], seen: list[str], capital: int) -> None:
        for lid, upgraded in sorted(state.markers.items()):
            link = b.links.get(lid)
            if link is None or here not in (b.building[e] for e in link.ends):
                continue
            there = b.other_end(link, here)
            if there in seen:
                continue
            kind = b.kind[there]
            if any(b.kind[s] == kind for s in seen[1:]):
                continue                     # an earlier stop of this kind ended the trip there
            worth = capital + link.length * (2 if upgraded else 1)
            out.append(([*links, lid], [*seen, there], worth))
            walk(there, [*links, lid], [*seen, there], worth)

    walk(first, [], [first], 0)
    return out


@lru_cache(maxsize=512)
def _open_land(layout: tuple[int, ...], built: tuple[tuple[str, str], ...]) -> list[str]:
    """The spaces of a map (``layout`` with ``built``, as ``board.board`` takes them), sorted, where a
    Building die may be built but for the bought links (``rules.check_build_space``): no building
    there, and no buildings of two kinds beside it. Kept per map, as the boards are."""
    b = board(list(layout), dict(built))
    out = []
    for space in sorted(b.spaces):
        if b.is_building(space):
            continue
        try:
            rules.build_kind(b, space)
        except IllegalAction:
            continue
        out.append(space)
    return out


def _paid(kind: str, fields: dict, need: Need, hand: list[int]) -> list[dict]:
    return [{"type": kind, **fields, "slots": p.refs()} for p in payments(hand, need)]


def legal_actions(state: RailwaysState, seat: int) -> list[dict]:
    """Every legal move of the solo player (seat 0), as JSON actions, but the wasteful payments
    (see the module's docstring); ``[]`` for another seat or once the game is over."""
    if seat != 0 or state.phase == "over":
        return []
    b = rules.board_of(state)
    if state.phase == "place":
        used = {card_at(state.layout, s) for s in state.dice}
        return [{"type": "place", "at": s, "passengers": v}
                for s in sorted(b.building) if card_at(state.layout, s) not in used
                for v in sorted(set(state.place_left), reverse=True)]
    hand = state.hand
    out: list[dict] = []
    kinds = {lid: frozenset(b.kind[b.building[e]] for e in link.ends) for lid, link in b.links.items()}
    if state.workers >= 1 and len(state.markers) < rules.MARKERS:
        for lid, link in sorted(b.links.items()):
            if lid not in state.markers:
                out += _paid("buy_link", {"link": lid}, Need(rail=link.length, dest=kinds[lid]), hand)
    build_pay = payments(hand, Need(icons={"build": 1}))
    if build_pay:
        dice = [d for d in sorted(set(state.building_dice)) if 2 * d <= state.capital]
        for space in _open_land(tuple(state.layout), tuple(sorted(state.built.items()))):
            cut = b.link_of(space)
            if cut is not None and cut.id in state.markers:
                continue                     # rules.check_build_space: it would cut a bought link
            for d in dice:
                out += [{"type": "build", "at": space, "die": d, "slots": p.refs()} for p in build_pay]
    for start, die in sorted(state.dice.items()):
        if die.n < 1:
            continue
        for links, visited, _ in trips(state, b, start):
            dest = b.kind[visited[-1]]
            can = max(k for k, cost in enumerate(rules.LEISURE) if cost <= state.capital) if dest == "L" else 0
            for p in payments(hand, Need(icons={"ticket": 1}, dest=frozenset({dest}))):
                out.append({"type": "move", "from": start, "links": links, "slots": p.refs()})
                out += [{"type": "move", "from": start, "links": links, "slots": p.refs(), "convert": k}
                        for k in range(can)]                 # a smaller conversion than the most

    if state.workers < rules.WORKERS_MAX:
        out += _paid("hire", {}, Need(icons={"worker": 1}), hand)
    out += _paid("capital", {}, Need(money=True), hand)
    if state.pollution > 1:
        out += _paid("clean", {}, Need(icons={"clean": 1}), hand)
    add_pay = payments(hand, Need(icons={"passenger": 1}))
    if add_pay:
        for space in sorted(b.building):
            there = state.dice.get(space)
            if (there is not None and there.n < rules.DIE_MAX) or (there is None and state.spare_dice):
                out += [{"type": "add_passenger", "at": space, "slots": p.refs()} for p in add_pay]
    for lid, upgraded in sorted(state.markers.items()):
        if not upgraded and lid in b.links:
            out += _paid("upgrade", {"link": lid}, Need(icons={"upgrade": 1}, dest=kinds[lid]), hand)
    if state.actions == 1:
        out.append({"type": "end_decade"})
    return out


# ------------------------------------------------------------------ the steps' hooks (issue 32)
def prompt(state: RailwaysState, seat: int) -> prompts.Place | prompts.Action:
    """``Place`` during setup (the passenger dice still to place), then ``Action`` (the decade and
    the action's number, 1 or 2)."""
    if state.phase == "place":
        return prompts.Place(left=list(state.place_left))
    return prompts.Action(decade=state.decade, action=state.actions + 1)


def default(state: RailwaysState, seat: int) -> None:
    """No time-out move: the only player is never skipped."""
    return None


def sample(state: RailwaysState, seat: int, rng: Stream) -> dict | None:
    """One legal move drawn at random (``steps.by_kind``: a kind uniformly among those legal now,
    then one of its moves; the lists are short: a few hundred moves at most)."""
    return by_kind(legal_actions(state, seat), rng)


def determinize(state: RailwaysState, seat: int | None, rng: Stream) -> None:
    """The pool's order under its top card (whose map side shows, so it stays): the cards the
    view does not show in order, sorted then shuffled (railways-solo.txt, "Record a decade": the
    discards are shuffled into the pool)."""
    rest = sorted(state.pool[1:])
    rng.shuffle(rest)
    state.pool = state.pool[:1] + rest
