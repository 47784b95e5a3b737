"""A player's turn: the 4+ and 7+ actions of the chosen card, passing, and the Available Commands
(railway-workers.txt, "Action Phase 1" step c, "Action cards clarifications", "Command cards
clarifications"; the commands' data is ``data/cards/workers/commands.toml``)."""
from __future__ import annotations

from ...common.text import plural
from ...core.errors import IllegalAction
from ...core.record import UNSET
from . import actions, board, data, sites, trains
from .board import gain, name, pay
from .state import Question, Train, Turn, WorkersState

SEND_CARDS = {"buy": ("structures", "tracks", "plans"), "worker": ("worker",), "share": ("share",),
              "train": ("share",), "store": ("store",), "send": ("move",), "subsidy": ("subsidy",),
              "invest": ("subsidy",)}


def turn_of(state: WorkersState, seat: int) -> Turn:
    """The turn in play, its ``lifted`` coins reset. The core's steps make sure it is ``seat``'s
    (``game.STEPS``)."""
    turn = state.turn
    assert turn is not None, "the play step takes moves only from the seat whose turn is in play"
    turn.lifted = 0
    return turn


def effective_sum(turn: Turn) -> int:
    """The turn's Sum with Overtime's +1 (command 1) once used: what the 4+ and 7+ actions need."""
    return turn.sum + (1 if turn.command is not None and _effect(turn.command) == "plus_one" else 0)


def _effect(number: int) -> str:
    return data.commands()[number].effect


def open_half(state: WorkersState, seat: int, kind: str, part: str, events: list[dict]) -> Turn:
    """Check the chosen card and the Sum for one half; charges the coins that lift a Sum of 3 or
    less to 4 for the top action. Returns the turn."""
    turn = turn_of(state, seat)
    if turn.passed:
        raise IllegalAction("You passed this turn.")
    card = turn.card
    if card not in SEND_CARDS[kind]:
        raise IllegalAction(f"Your chosen card is {data.card_name(card)}; that action belongs to another card.")
    if turn.half(part):
        raise IllegalAction(f"You already resolved the {'4+' if part == 'top' else '7+'} action of "
                            f"{data.card_name(card)}.")
    total = effective_sum(turn)
    if part == "bottom" and total < 7:
        raise IllegalAction(f"The 7+ action needs a Sum of 7 or more; yours is {total}.")
    if part == "top" and total < 4:
        lift = 4 - total
        pay(state, seat, lift)
        turn.lifted = lift
        events.append({"type": "lift", "seat": seat,
                       "text": f"{name(state, seat)} pays {plural(lift, 'coin')} to lift the Sum to 4."})
    return turn


def price(state: WorkersState, turn: Turn, kind: str) -> int:
    """One ``kind`` from the market now, in coins: the price on its indicator's side up, less the
    turn's discount (command 4), never below 0."""
    market = data.country().market
    prices = market.black if state.market.of(kind) == "black" else market.white
    return max(0, prices[kind] - turn.discount)


def do_buy(state: WorkersState, seat: int, action: actions.Buy, events: list[dict]) -> None:
    """Buy Structures / Tracks / Plans (railway-workers.txt, "Buy Structures / Tracks", "Buy Plans")."""
    turn = turn_of(state, seat)
    kind = turn.card
    open_half(state, seat, "buy", action.part, events)
    each = price(state, turn, kind)
    into: int | None = None                   # the site whose warehouse gets the 7+'s structure or track
    if action.part == "top":
        if action.site is not None:
            raise IllegalAction("The 4+ action buys into your Facilities; the 7+ action buys into a warehouse.")
        if kind == "plans":
            limit = len(board.open_sites(state))
            if action.count > limit:
                raise IllegalAction(f"You may buy up to {plural(limit, 'plan')}: one per construction site.")
        elif action.count > board.capacity(state, seat, kind):
            room = board.count_of(board.capacity(state, seat, kind), kind)
            raise IllegalAction(f"Your Facilities have room for {room} more.")
        pay(state, seat, each * action.count)
        board.store_in_facilities(state, seat, kind, action.count)
        where = "into the Facilities"
    else:
        if action.count != 1:
            raise IllegalAction("The 7+ action buys exactly 1.")
        if kind == "plans":
            if action.site is not None:
                raise IllegalAction("Plans go to your Facilities; store them on a site with Store Up.")
            pay(state, seat, each)
            board.store_in_facilities(state, seat, kind, 1)
            where = "into the Facilities"
        else:
            if action.site is None:
                raise IllegalAction("Name the construction site whose warehouse gets it (`site`).")
            board.open_table(state, action.site, kind)
            pay(state, seat, each)
            where = f"into the warehouse of site {action.site}"
            into = action.site
    turn.done(action.part)
    if kind not in turn.bought:
        turn.bought.append(kind)
    events.append({"type": "buy", "seat": seat, "kind": kind, "count": action.count, "paid": each * action.count,
                   "text": f"{name(state, seat)} buys {board.count_of(action.count, kind)} for "
                           f"{plural(each * action.count, 'coin')} "
                           f"{where}."})
    if into is not None:
        sites.put_goods(state, seat, into, kind, 1, events)


def do_worker(state: WorkersState, seat: int, action: actions.Worker, events: list[dict]) -> None:
    """New Worker: hire (4+), recall (7+) or send a worker to a warehouse (either)."""
    turn = open_half(state, seat, "worker", action.part, events)
    p = state.players[seat]
    allowed = ("hire", "send") if action.part == "top" else ("recall", "send")
    if action.do not in allowed:
        raise IllegalAction(f"The {'4+' if action.part == 'top' else '7+'} action of New Worker is "
                            f"{' or '.join(allowed)}.")
    if action.do == "hire":
        hire(state, seat, events)
    elif action.do == "recall":
        if p.houses < 1:
            raise IllegalAction("None of your workers is resting in the Houses.")
        pay(state, seat, 1)
        p.houses -= 1
        p.facilities.workers += 1
        events.append({"type": "recall", "seat": seat,
                       "text": f"{name(state, seat)} pays 1 coin to bring a worker home from the Houses."})
    else:
        if action.site is None or action.kind is None:
            raise IllegalAction("Say where the worker goes: `site` and `kind` (structures or tracks).")
        events.append({"type": "send", "seat": seat,
                       "text": f"{name(state, seat)} sends a worker to site {action.site} ({action.kind})."})
        sites.put_workers(state, seat, action.site, action.kind, 1, events)
    turn.done(action.part)


def hire(state: WorkersState, seat: int, events: list[dict]) -> None:
    """A worker from the Union to the Facilities; emptying the Union pays 5 coins ("New Worker")."""
    p = state.players[seat]
    if p.union < 1:
        raise IllegalAction("All five of your workers are hired already.")
    p.union -= 1
    p.facilities.workers += 1
    text = f"{name(state, seat)} hires a worker from the Union."
    if p.union == 0 and not p.union_bonus:
        p.union_bonus = True
        gain(state, seat, 5)
        text += " The Union is empty: +5 coins."
    events.append({"type": "hire", "seat": seat, "text": text})


def do_share(state: WorkersState, seat: int, action: actions.Share, events: list[dict]) -> None:
    """Share, 4+: a share on a construction site or route, 1 coin per share there (this one too)."""
    turn = open_half(state, seat, "share", "top", events)
    s = board.site(state, action.site, open_only=False)
    count = sum(s.shares.values()) + 1
    cost = 0 if turn.free_share else count
    pay(state, seat, cost)
    key = str(seat)
    s.shares[key] = s.shares.get(key, 0) + 1
    turn.top = True
    kind = "route" if s.status == "route" else "construction site"
    events.append({"type": "share", "seat": seat, "site": s.number,
                   "text": f"{name(state, seat)} puts share no. {count} on {kind} {s.number} "
                           f"for {plural(cost, 'coin')}."})


def do_train(state: WorkersState, seat: int, action: actions.Train, events: list[dict]) -> None:
    """Share, 7+: turn a black train toward a neighbouring city and/or send it on."""
    turn = open_half(state, seat, "train", "bottom", events)
    t = black_train(state, action.train)
    if action.toward is None and not action.go:
        raise IllegalAction("Change the train's destination (`toward`), send it on (`go`), or both.")
    if action.toward is not None:
        city = trains.point(state, t, action.toward)
        events.append({"type": "point", "train": t.id,
                       "text": f"{name(state, seat)} turns train {t.id} toward {city}."})
    turn.bottom = True
    if action.go:
        trains.activate(state, t, events, then="turn")


def black_train(state: WorkersState, train_id: int) -> Train:
    """Train ``train_id`` while its black side is up; raises ``IllegalAction`` once it has run this round."""
    t = trains.find(state, train_id)
    if not t.black:
        raise IllegalAction(f"Train {t.id} has already run this round (white side up).")
    return t


def do_store(state: WorkersState, seat: int, action: actions.Store, events: list[dict]) -> None:
    """Store Up: resources of one kind from the Facilities to a site."""
    turn = open_half(state, seat, "store", action.part, events)
    p = state.players[seat]
    have = p.facilities.of(action.kind)
    if action.count > have:
        raise IllegalAction(f"You have {board.count_of(have, action.kind)} in your Facilities.")
    board.open_table(state, action.site, action.kind)
    p.facilities.add(action.kind, -action.count)
    board.after_leaving(state, seat)
    turn.done(action.part)
    events.append({"type": "store", "seat": seat, "text": f"{name(state, seat)} stores up "
                                                          f"{board.count_of(action.count, action.kind)} on site "
                                                          f"{action.site}."})
    sites.put_goods(state, seat, action.site, action.kind, action.count, events)


def do_send(state: WorkersState, seat: int, action: actions.Send, events: list[dict]) -> None:
    """Move Workers: workers from the Facilities to one site's two warehouses (the 7+ to another site)."""
    turn = open_half(state, seat, "send", action.part, events)
    if action.structures + action.tracks < 1:
        raise IllegalAction("Send at least one worker (`structures` and/or `tracks`).")
    if turn.move_site is not None and turn.move_site == action.site:
        raise IllegalAction("The second Move Workers action goes to a different construction site.")
    p = state.players[seat]
    if action.structures + action.tracks > p.facilities.workers:
        raise IllegalAction(f"You have {plural(p.facilities.workers, 'worker')} in your Facilities.")
    sent = (("structures", action.structures), ("tracks", action.tracks))
    for kind, count in sent:
        if count:
            board.open_table(state, action.site, kind)
    turn.done(action.part)
    turn.move_site = action.site
    events.append({"type": "send", "seat": seat,
                   "text": f"{name(state, seat)} sends workers to site {action.site}: {action.structures} to "
                           f"structures, {action.tracks} to tracks."})
    for kind, count in sent:
        if count:
            sites.put_workers(state, seat, action.site, kind, count, events)


def do_subsidy(state: WorkersState, seat: int, action: actions.Subsidy, events: list[dict]) -> None:
    """Subsidy: two reward tiles for the coins of their combination (5 more on a subsidy die's face)."""
    turn = open_half(state, seat, "subsidy", action.part, events)
    p = state.players[seat]
    want = sorted(action.tiles)
    combo = next((c for c in data.country().subsidy if sorted(c.tiles) == want), None)
    if len(action.tiles) != 2 or combo is None:
        raise IllegalAction("A subsidy takes exactly two reward tiles, like `S T` or `P P`.")
    for t in set(want):
        if p.tiles.of(t) < want.count(t):
            raise IllegalAction(f"You hold {plural(p.tiles.of(t), t + ' reward tile')}.")
    for t in want:
        p.tiles.add(t, -1)
    coins = combo.coins + (5 if combo.face in state.subsidy_dice else 0) + (4 if _grant(turn, "subsidy") else 0)
    gain(state, seat, coins)
    turn.done(action.part)
    events.append({"type": "subsidy", "seat": seat, "coins": coins, "tiles": want,
                   "text": f"{name(state, seat)} trades {'+'.join(want)} for a subsidy of {plural(coins, 'coin')}."})
    _bonus(state, seat, action.part)


def _grant(turn: Turn, use: str) -> bool:
    """Grants Office (command 7): one subsidy this turn pays 4 more and one investment step is free;
    each once (``use``: ``subsidy`` or ``invest``). True when it applies now, and marks it used."""
    if not turn.grant:
        return False
    if turn.grant_used is UNSET:
        turn.grant_used = []
    if use in turn.grant_used:
        return False
    turn.grant_used.append(use)
    return True


def do_invest(state: WorkersState, seat: int, action: actions.Invest, events: list[dict]) -> None:
    """Investment: the marker one step right, paying that step's price (first there, or later)."""
    turn = open_half(state, seat, "invest", action.part, events)
    p = state.players[seat]
    inv = data.country().investment
    nxt = p.marker + 1
    if nxt >= len(inv.steps):
        raise IllegalAction("Your investment marker is on the last step.")
    step = inv.steps[nxt]
    if any(t.step == step for t in state.table_trains):
        raise IllegalAction(f"A train still stands on step {step}: it opens when a route takes that train.")
    cost = 0 if _grant(turn, "invest") else (inv.later if step in state.visited else inv.first)[str(step)]
    pay(state, seat, cost)
    p.marker = nxt
    if step not in state.visited:
        state.visited.append(step)
    turn.done(action.part)
    events.append({"type": "invest", "seat": seat, "step": step,
                   "text": f"{name(state, seat)} moves the investment marker to step {step} for "
                           f"{plural(cost, 'coin')}."})
    _bonus(state, seat, action.part)


def bonus_options(state: WorkersState, seat: int) -> list[str]:
    """The bonuses ``seat`` may still take: a token the supply still has, a director used."""
    p = state.players[seat]
    out = []
    if state.tokens.reroll:
        out.append("reroll")
    if state.tokens.plus:
        out.append("plus")
    if p.directors < 3:
        out.append("director")
    return out


def _bonus(state: WorkersState, seat: int, part: str) -> None:
    """"Get 1 Bonus" after the 4+ action of Subsidy / Investment: a question to the player."""
    if part == "top" and bonus_options(state, seat):
        state.pending.append(Question(kind="bonus", seat=seat))


def take_bonus(state: WorkersState, seat: int, option: str, events: list[dict]) -> None:
    """``seat`` takes the bonus ``option`` (``bonus_options``); raises ``IllegalAction`` for another."""
    if option not in bonus_options(state, seat):
        raise IllegalAction(f"Choose one of: {', '.join(bonus_options(state, seat))}.")
    p = state.players[seat]
    if option == "director":
        p.directors += 1
        text = (f"gets back a director used on a command: {p.directors} of 3 now in the Director's office "
                f"({plural(p.directors, 'command')} left to use)")
    else:
        state.tokens.add(option, -1)
        if option == "reroll":
            p.reroll += 1
        else:
            p.plus_tokens += 1
        text = f"takes a {'reroll' if option == 'reroll' else '+1'} token"
    events.append({"type": "bonus", "seat": seat, "text": f"{name(state, seat)} {text}."})


def acted(turn: Turn) -> bool:
    """Whether the player whose ``turn`` it is did an action of the card or used a command."""
    return bool(turn.top or turn.bottom or turn.command is not None)


def do_pass(state: WorkersState, seat: int, events: list[dict]) -> None:
    """Pass the turn before acting: 1 coin."""
    turn = turn_of(state, seat)
    if acted(turn):
        raise IllegalAction("You have already acted this turn: end it instead of passing.")
    gain(state, seat, 1)
    turn.passed = True
    events.append({"type": "pass", "seat": seat, "text": f"{name(state, seat)} passes and takes 1 coin."})


def do_end(state: WorkersState, seat: int, events: list[dict]) -> None:
    """End the turn once acted or passed."""
    turn = turn_of(state, seat)
    if not (acted(turn) or turn.passed):
        raise IllegalAction("Do an action of your card, use a command, or pass (1 coin) first.")
    turn.ended = True
    events.append({"type": "end", "seat": seat, "text": f"{name(state, seat)} ends the turn."})


def usable_commands(state: WorkersState, seat: int | None) -> list[int]:
    """Available Commands this seat may use now: its turn, a director left, none used yet, the
    card's symbol (or "any") on the command."""
    turn = state.turn
    if state.step != "play" or turn is None or turn.seat != seat or turn.passed or turn.ended is True:
        return []
    if turn.command is not None or state.players[seat].directors < 1:
        return []
    return [c for c in state.commands.available
            if "any" in data.commands()[c].symbols or turn.card in data.commands()[c].symbols]


def can_still_act(state: WorkersState) -> bool:
    """Whether the player whose turn it is has anything left (else the turn ends by itself)."""
    turn = state.turn
    assert turn is not None, "asked only while a turn is in play"
    if turn.ended is True or turn.passed:
        return False
    if not acted(turn):
        return True
    if usable_commands(state, turn.seat):
        return True
    return not turn.top or (not turn.bottom and effective_sum(turn) >= 7)
