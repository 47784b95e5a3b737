"""The round of Railway Workers: setup, placing cards, dice, assigning dice, the card-by-card
turns, payments and the end (railway-workers.txt, "Game setup", "Round phases - steps", "Game end
victory points").

``state.step``: ``"place"`` (cards face down, secret, all at once), ``"low"`` (three dice summing
4 or less may be rerolled), ``"tokens"`` (reroll tokens), ``"assign"`` (dice behind the screen,
secret, all at once), ``"play"`` (turns card by card), ``"over"``. Questions that interrupt
(``state.pending``) come first, whoever they are for.
"""
from __future__ import annotations

import msgspec

from ...common.seats import left_of
from ...common.text import plural
from ...core.errors import IllegalAction
from ...core.record import Core
from ...core.rng import Stream
from . import actions, board, data, sites, trains
from .board import gain, name
from .halves import acted, can_still_act, do_pass
from .options import Options
from .search import has_move
from .state import Commands, Facilities, FinalRow, Market, Player, Reveal, TableTrain, Tiles, Tokens, Turn, WorkersState

ROUNDS = 4
FIRST_COINS, OTHER_COINS = 20, 22
WORKERS, START_FACILITIES = 5, 2
DIRECTORS = 3


def setup(options: Options, seats: list[str], rng: Stream) -> dict:
    """The state of a new game (railway-workers.txt, "Game setup"), as the JSON the core completes
    (``game``, ``seed``, ``core``) and reads as a ``WorkersState``. Raises ``IllegalAction`` for a
    first player who is not seated."""
    n = len(seats)
    in_play = [p.number for p in data.country().project if not (n == 2 and p.number == 7)]
    projects = list(in_play)
    rng.shuffle(projects)
    a_deck = [c for c in data.commands() if c <= 8]
    b_deck = [c for c in data.commands() if c > 8]
    rng.shuffle(a_deck)
    rng.shuffle(b_deck)
    deck = a_deck[:6] + b_deck[:6]
    first = 0 if options.first_player is None else options.first_player
    if not 0 <= first < n:
        raise IllegalAction(f"The first player is a seat number from 0 to {n - 1}.")
    steps = data.country().investment.steps
    table_trains = [TableTrain(id=i + 1, step=s, black=True) for i, s in enumerate(data.country().investment.trains_on)]
    spare = len(table_trains)
    for i in range(spare, 6):
        # the rest lie white side up, except the first of them with 3-4 players (setup step k)
        table_trains.append(TableTrain(id=i + 1, step=None, black=n >= 3 and i == spare))
    state = WorkersState(
        game="workers", seed=0, core=Core(),             # the core's own: Game.setup sets them
        seats=list(seats), round=1, phase=1, step="place", baton=first, bank=0,
        in_play=in_play, projects=projects, sites={}, trains=[], table_trains=table_trains,
        market=Market(plans="black", structures="black", tracks="black"), visited=[steps[0]],
        tokens=Tokens(reroll=n + 1, plus=n + 1),
        commands=Commands(deck=deck[3:], available=deck[:2], unavailable=deck[2], discarded=[]),
        subsidy_dice=[], slot=0, order=[], turn=None, pending=[], reveals=[],
        players=[_player(FIRST_COINS if s == first else OTHER_COINS) for s in range(n)],
        final=None)
    state.bank = sum(p.coins for p in state.players)
    events: list[dict] = []
    for _ in range(1 if n == 2 else 2):
        sites.reveal_project(state, events)
    roll_subsidy(state, rng)
    raw: dict = msgspec.to_builtins(state)
    for key in ("game", "seed", "core"):
        del raw[key]
    return raw


def _player(coins: int) -> Player:
    """A player's board at the start: eight action cards, two workers in the Facilities."""
    return Player(coins=coins, hand=list(data.action_cards()), placed=[None] * 4, ready=False,
                  dice=[], assign=[0, 1, 2, 3], plus=[0, 0, 0, 0], low_done=True, rerolling=False,
                  union=WORKERS - START_FACILITIES, houses=0,
                  facilities=Facilities(workers=START_FACILITIES, structures=0, tracks=0, plans=0),
                  directors=DIRECTORS, reroll=0, plus_tokens=0, rerolls_used=0,
                  tiles=Tiles(S=0, P=0, T=0), marker=0, shed=False, shed_used=False, union_bonus=False)


def roll_subsidy(state: WorkersState, rng: Stream) -> None:
    """Two subsidy dice on two different combinations (setup step i, payments step d)."""
    a = rng.below(6) + 1
    b = rng.below(6) + 1
    while b == a:
        b = rng.below(6) + 1
    state.subsidy_dice = sorted([a, b])


# ------------------------------------------------------------------ placing cards
SLOT_INDEX = {s: i for i, s in enumerate(data.SLOTS)}


def do_place(state: WorkersState, seat: int, action: actions.Place, events: list[dict]) -> None:
    p = state.players[seat]
    if state.step != "place":
        raise IllegalAction("Cards are placed at the start of an action phase; that step is over.")
    if p.ready:
        raise IllegalAction("You declared your cards ready; they stay as placed.")
    hand = p.hand
    if action.cards is not None:
        if action.slot is not None or action.card is not None:
            raise IllegalAction("Give either all four `cards`, or one `slot` and its `card`.")
        if len(action.cards) != 4 or len(set(action.cards)) != 4:
            raise IllegalAction("Place four different cards, one under each of +1, +2, +3 and +6.")
        for c in action.cards:
            _in_hand(hand, c)
        p.placed = list(action.cards)
    else:
        if action.slot is None or action.card is None:
            raise IllegalAction("Say which card goes under which number, like `slot: 2, card: share`.")
        if action.slot not in SLOT_INDEX:
            raise IllegalAction("The places are +1, +2, +3 and +6.")
        _in_hand(hand, action.card)
        i = SLOT_INDEX[action.slot]
        if action.card in p.placed:
            j = p.placed.index(action.card)
            p.placed[j] = p.placed[i]
        p.placed[i] = action.card
    shown = ", ".join(f"+{s}: {data.card_name(c) if c else '—'}" for s, c in zip(data.SLOTS, p.placed))
    events.append({"type": "placed", "seat": seat, "to": [seat], "text": f"Your cards: {shown}."})


def _in_hand(hand: list[str], card: str) -> None:
    if card not in data.action_cards():
        raise IllegalAction(f"There is no action card {card!r}; cards: {', '.join(data.action_cards())}.")
    if card not in hand:
        raise IllegalAction(f"{data.card_name(card)} was used in the first action phase; it comes back next round.")


def do_ready(state: WorkersState, seat: int, rng: Stream, events: list[dict]) -> None:
    p = state.players[seat]
    if state.step not in ("place", "assign"):
        raise IllegalAction("There is nothing to declare ready now.")
    if p.ready:
        raise IllegalAction("You are already ready; waiting for the others.")
    if state.step == "place" and None in p.placed:
        raise IllegalAction("Place a card under each of +1, +2, +3 and +6 first.")
    p.ready = True
    what = "cards are placed" if state.step == "place" else "dice are assigned"
    events.append({"type": "ready", "seat": seat, "text": f"{name(state, seat)}'s {what}."})
    if all(q.ready for q in state.players):
        for q in state.players:
            q.ready = False
        if state.step == "place":
            roll(state, rng, events)
        else:
            reveal_dice(state, events)


def roll(state: WorkersState, rng: Stream, events: list[dict]) -> None:
    """Everyone rolls three dice in common view (step b)."""
    parts = []
    for s, p in enumerate(state.players):
        p.dice = [rng.below(6) + 1 for _ in range(3)]
        p.low_done = sum(p.dice) > 4
        parts.append(f"{name(state, s)} {'+'.join(map(str, p.dice))}={sum(p.dice)}")
    events.append({"type": "roll", "dice": [p.dice for p in state.players],
                   "text": "Dice rolled: " + ", ".join(parts) + "."})
    state.step = "low"
    after_low(state, events)


def do_low_roll(state: WorkersState, seat: int, action: actions.LowRoll, rng: Stream, events: list[dict]) -> None:
    p = state.players[seat]
    if state.step != "low" or p.low_done:
        raise IllegalAction("Only a player whose three dice sum to 4 or less may reroll them all, right after "
                            "rolling.")
    p.low_done = True
    if action.reroll:
        p.dice = [rng.below(6) + 1 for _ in range(3)]
        events.append({"type": "low_roll", "seat": seat, "dice": list(p.dice),
                       "text": f"{name(state, seat)} rerolls all three: {'+'.join(map(str, p.dice))}"
                               f"={sum(p.dice)}."})
    else:
        events.append({"type": "low_roll", "seat": seat, "dice": list(p.dice),
                       "text": f"{name(state, seat)} keeps the dice."})
    after_low(state, events)


def fourth_die_order(state: WorkersState) -> list[int]:
    """Seats from the lowest sum up; a tie counts the seat nearest the Baton as lower."""
    pos = {s: i for i, s in enumerate(board.baton_order(state))}
    return sorted(range(len(state.seats)), key=lambda s: (sum(state.players[s].dice), pos[s]))


def after_low(state: WorkersState, events: list[dict]) -> None:
    if not all(p.low_done for p in state.players):
        return
    parts = []
    for rank, s in enumerate(fourth_die_order(state)):
        value = 6 - rank
        state.players[s].dice.append(value)
        parts.append(f"{name(state, s)} {value}")
    events.append({"type": "fourth", "text": "Fourth dice (lowest sum first): " + ", ".join(parts) + "."})
    for p in state.players:
        p.rerolling = p.reroll > 0
        p.rerolls_used = 0
    state.step = "tokens"
    after_tokens(state)


def do_reroll(state: WorkersState, seat: int, action: actions.Reroll, rng: Stream, events: list[dict]) -> None:
    p = state.players[seat]
    if state.step != "tokens" or not p.rerolling:
        raise IllegalAction("Reroll tokens are used right after the fourth die is handed out.")
    picks = list(action.dice)
    if len(set(picks)) != len(picks):
        raise IllegalAction("Each reroll token rerolls one die: name each die once.")
    left = p.reroll - p.rerolls_used
    if len(picks) > left:
        raise IllegalAction(f"You have {plural(left, 'reroll token')} left this action phase.")
    if any(d > len(p.dice) for d in picks):
        raise IllegalAction(f"Your dice are numbered 1 to {len(p.dice)}.")
    if not picks:
        p.rerolling = False
        events.append({"type": "reroll", "seat": seat, "text": f"{name(state, seat)} keeps the dice."})
    else:
        old = list(p.dice)
        for d in picks:
            p.dice[d - 1] = rng.below(6) + 1
        p.rerolls_used += len(picks)
        p.rerolling = p.rerolls_used < p.reroll
        events.append({"type": "reroll", "seat": seat, "dice": list(p.dice),
                       "text": f"{name(state, seat)} spends {plural(len(picks), 'reroll token')}: "
                               f"{old} → {p.dice}."})
    after_tokens(state)


def after_tokens(state: WorkersState) -> None:
    if any(p.rerolling for p in state.players):
        return
    for p in state.players:
        p.assign = [0, 1, 2, 3]
        p.plus = [0, 0, 0, 0]
    state.step = "assign"


# ------------------------------------------------------------------ assigning dice
def do_assign(state: WorkersState, seat: int, action: actions.Assign, events: list[dict]) -> None:
    p = state.players[seat]
    _assigning(state, p)
    dice = p.dice
    if action.dice is not None:
        if action.slot is not None or action.die is not None:
            raise IllegalAction("Give either all four `dice`, or one `slot` and its `die`.")
        if sorted(action.dice) != sorted(dice):
            raise IllegalAction(f"Your dice are {sorted(dice)}: put each on one card.")
        left = list(range(4))
        order = []
        for v in action.dice:
            i = next(i for i in left if dice[i] == v)
            left.remove(i)
            order.append(i)
        p.assign = order
        if action.plus is not None:
            if len(action.plus) != 4 or sum(action.plus) > p.plus_tokens:
                raise IllegalAction(f"`plus` gives the +1 tokens on each of the four places; you have "
                                    f"{p.plus_tokens}.")
            p.plus = list(action.plus)
    else:
        if action.plus is not None:
            raise IllegalAction("`plus` goes with all four `dice`; for one place use the plus action.")
        if action.slot is None or action.die is None:
            raise IllegalAction("Say which die goes on which card, like `slot: 6, die: 5`.")
        if action.slot not in SLOT_INDEX:
            raise IllegalAction("The places are +1, +2, +3 and +6.")
        if action.die not in dice:
            raise IllegalAction(f"You have no {action.die}: your dice are {sorted(dice)}.")
        i = SLOT_INDEX[action.slot]
        if dice[p.assign[i]] != action.die:
            j = next(j for j in range(4) if dice[p.assign[j]] == action.die)
            p.assign[i], p.assign[j] = p.assign[j], p.assign[i]
    events.append({"type": "assigned", "seat": seat, "to": [seat], "text": "Your dice: " + _shown(state, seat)})


def do_plus(state: WorkersState, seat: int, action: actions.Plus, events: list[dict]) -> None:
    p = state.players[seat]
    _assigning(state, p)
    if action.slot not in SLOT_INDEX:
        raise IllegalAction("The places are +1, +2, +3 and +6.")
    i = SLOT_INDEX[action.slot]
    others = sum(p.plus) - p.plus[i]
    if others + action.tokens > p.plus_tokens:
        raise IllegalAction(f"You have {plural(p.plus_tokens, '+1 token')} for this action phase.")
    p.plus[i] = action.tokens
    events.append({"type": "assigned", "seat": seat, "to": [seat], "text": "Your dice: " + _shown(state, seat)})


def _assigning(state: WorkersState, p: Player) -> None:
    if state.step != "assign":
        raise IllegalAction("Dice are assigned behind the screen after the rolls; that is not now.")
    if p.ready:
        raise IllegalAction("You declared your dice ready; they stay as assigned.")


def slot_sum(p: Player, i: int) -> int:
    """The Sum on place ``i`` (0-3): its number, its die and its +1 tokens."""
    return data.SLOTS[i] + p.dice[p.assign[i]] + p.plus[i]


def _shown(state: WorkersState, seat: int, cards: bool = True) -> str:
    """A seat's places: die, +1 tokens and Sum, and (``cards``, for the seat itself) the card."""
    p = state.players[seat]
    return ", ".join(f"+{s}" + (f" {data.card_name(_card(p, i))}" if cards else "") + f": die {p.dice[p.assign[i]]}"
                     + (f" +{p.plus[i]}" if p.plus[i] else "") + f" = {slot_sum(p, i)}"
                     for i, s in enumerate(data.SLOTS))


def reveal_dice(state: WorkersState, events: list[dict]) -> None:
    """Everyone is ready: the screens are lifted, so the dice on each place are public; the cards
    stay face down until their place is revealed (``start_slot``)."""
    for s in range(len(state.seats)):
        events.append({"type": "dice_shown", "seat": s,
                       "text": f"{name(state, s)}: {_shown(state, s, cards=False)} (cards still face down)."})
    state.step = "play"
    state.slot = 0
    start_slot(state, events)


# ------------------------------------------------------------------ the turns
def turn_order(state: WorkersState) -> list[int]:
    """Highest Sum first on the current slot; ties to the seat nearest the Baton (step c)."""
    pos = {s: i for i, s in enumerate(board.baton_order(state))}
    i = state.slot
    return sorted(range(len(state.seats)), key=lambda s: (-slot_sum(state.players[s], i), pos[s]))


def start_slot(state: WorkersState, events: list[dict]) -> None:
    """Reveal the cards of the place in play and begin the turn of the highest Sum."""
    i = state.slot
    state.order = turn_order(state)
    shown = []
    for s in state.order:
        p = state.players[s]
        shown.append(f"{name(state, s)} {data.card_name(_card(p, i))} (sum {slot_sum(p, i)})")
    state.reveals.append(Reveal(slot=data.SLOTS[i], cards=[_card(state.players[s], i)
                                                          for s in range(len(state.seats))]))
    events.append({"type": "reveal", "slot": data.SLOTS[i], "order": list(state.order),
                   "cards": [state.players[s].placed[i] for s in range(len(state.seats))],
                   "sums": [slot_sum(state.players[s], i) for s in range(len(state.seats))],
                   "text": f"Cards under +{data.SLOTS[i]}: " + "; ".join(shown) + "."})
    begin_turn(state, state.order[0], events)


def begin_turn(state: WorkersState, seat: int, events: list[dict]) -> None:
    """The turn of ``seat``'s card under the place in play."""
    p = state.players[seat]
    i = state.slot
    state.turn = Turn(seat=seat, card=_card(p, i), sum=slot_sum(p, i), top=False, bottom=False,
                      command=None, passed=False, bought=[], pair_pay=sites.PAIR_PAY, discount=0,
                      free_share=False, grant=False, move_site=None, lifted=0)


def _card(p: Player, i: int) -> str:
    """The card ``p`` placed on place ``i`` (0-3) once play reaches it: every place holds one then
    (``do_ready`` refuses ready with an empty place)."""
    card = p.placed[i]
    assert card is not None, "every place holds a card once the cards are ready"
    return card


def end_turn(state: WorkersState, events: list[dict]) -> None:
    """Flip the price indicators of what was bought, then the next player, card or phase."""
    turn = state.turn
    assert turn is not None, "a turn is in play when it ends"
    for kind in turn.bought:
        state.market.turn(kind, "white")
    order = state.order
    k = order.index(turn.seat)
    state.turn = None
    if k + 1 < len(order):
        begin_turn(state, order[k + 1], events)
        return
    if state.slot + 1 < 4:
        state.slot += 1
        start_slot(state, events)
        return
    end_phase(state, events)


def end_phase(state: WorkersState, events: list[dict]) -> None:
    """Set aside the cards and dice (step d); after Action Phase 1 only, pass the Baton clockwise
    (step e: Action Phase 2 repeats steps a to d, so the Baton passes once a round)."""
    for p in state.players:
        p.hand = [c for c in p.hand if c not in p.placed]
        p.placed = [None] * 4
        p.dice = []
        p.plus = [0, 0, 0, 0]
        p.assign = [0, 1, 2, 3]
    state.reveals = []
    if state.phase == 1:
        state.baton = left_of(state.baton, len(state.seats))
        events.append({"type": "baton", "seat": state.baton,
                       "text": f"The Baton passes to {name(state, state.baton)}."})
        state.phase = 2
        state.step = "place"
        return
    state.step = "payments"
    state.pay_trains = [t.id for t in state.trains if t.black]


def advance(state: WorkersState, rng: Stream, events: list[dict]) -> None:
    """Carry on after a move once no question is pending: a turn with nothing left to do ends by
    itself, a turn whose only move is to pass passes (``auto_pass``), and the payments phase runs
    (it may stop for a junction choice)."""
    while not state.pending:
        if state.step == "play" and state.turn is not None:
            if turn_done(state):
                end_turn(state, events)
                continue
            if auto_pass(state, events):
                continue
        if state.step != "payments":
            return
        if state.pay_trains:
            t = trains.find(state, state.pay_trains.pop(0))
            if t.black:
                trains.activate(state, t, events, then="payments")
            continue
        payments_rest(state, rng, events)


def turn_done(state: WorkersState) -> bool:
    """Whether the turn in play is over: ended, passed, or acted with nothing left that the rules
    allow now (the other half needs coins, room or a table the player lacks; no command fits)."""
    turn = state.turn
    assert turn is not None, "asked only while a turn is in play"
    return not can_still_act(state) or (acted(turn) and not has_move(state, turn.seat))


def auto_pass(state: WorkersState, events: list[dict]) -> bool:
    """A turn not yet acted on whose only legal move is to pass (no action of the card and no
    command can be done: "Action Phase 1" step c) passes by itself: +1 coin, and the turn ends.
    Returns whether it passed."""
    turn = state.turn
    assert turn is not None, "asked only while a turn is in play"
    if acted(turn) or turn.passed or has_move(state, turn.seat):
        return False
    events.append({"type": "nothing", "seat": turn.seat,
                   "text": f"{name(state, turn.seat)} can do nothing with {data.card_name(turn.card)} "
                           f"(Sum {turn.sum}) and has no command to use."})
    do_pass(state, turn.seat, events)
    return True


def payments_rest(state: WorkersState, rng: Stream, events: list[dict]) -> None:
    """Workers' pay, the end checks, new subsidy dice, new commands, the next round's preparation."""
    for s, p in enumerate(state.players):
        if p.houses:
            cost = min(p.houses, p.coins)
            board.pay(state, s, cost)
            events.append({"type": "wages", "seat": s,
                           "text": f"{name(state, s)} pays {plural(cost, 'coin')} to "
                                   f"{plural(p.houses, 'worker')} back home."})
            p.facilities.workers += p.houses
            p.houses = 0
    black_left = any(t.black for t in state.table_trains)
    if state.round >= ROUNDS or not black_left:
        finish(state, events, f"the last of the {ROUNDS} rounds is played" if state.round >= ROUNDS
               else "no black train is left on the table")
        return
    roll_subsidy(state, rng)
    c = state.commands
    c.discarded += c.available + [c.unavailable]
    new = c.deck[:3]
    c.deck = c.deck[3:]
    c.available, c.unavailable = new[:2], (new[2] if len(new) > 2 else None)
    state.round += 1
    state.phase = 1
    state.step = "place"
    for p in state.players:
        p.hand = list(data.action_cards())
    state.market = Market(plans="black", structures="black", tracks="black")
    for t in state.trains:
        t.black = True
    events.append({"type": "round", "round": state.round,
                   "text": f"Round {state.round} begins: subsidy dice on {state.subsidy_dice}, new commands "
                           f"{c.available} (unavailable {c.unavailable})."})


def finish(state: WorkersState, events: list[dict], why: str) -> None:
    """Game end (``why``: the words for what ended it): sell resources, cash reward tiles, 5 coins for
    all five workers at home, 3 coins per share on a site that never became a route; most coins
    wins, a tie is a shared victory."""
    market = data.country().market
    final = []
    for s, p in enumerate(state.players):
        coins = p.coins
        goods = {k: p.facilities.of(k) for k in data.KINDS}
        for site in state.sites.values():
            for kind, house in site.warehouses.by_kind():
                goods[kind] += house.goods.get(str(s), 0)
        resources = sum(market.sell[k] * n for k, n in goods.items())
        tiles = sum(market.reward[t] * n for t, n in p.tiles.by_kind())
        workers = 5 if p.facilities.workers == WORKERS else 0
        shares = 3 * sum(site.shares.get(str(s), 0) for site in state.sites.values() if site.status == "site")
        for part in (resources, tiles, workers, shares):
            gain(state, s, part)
        final.append(FinalRow(coins=coins, resources=resources, tiles=tiles, workers=workers, shares=shares,
                              total=p.coins))
    state.final = final
    state.step = "over"
    best = max(f.total for f in final)
    winners = [name(state, s) for s, f in enumerate(final) if f.total == best]
    events.append({"type": "over", "text": f"The game ends: {why}. {' and '.join(winners)} "
                                           f"{'win' if len(winners) > 1 else 'wins'} with {plural(best, 'coin')}."})
