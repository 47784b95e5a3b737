"""Hidden money (railways-of-the-world.txt, "Bonds and Money": money public by default, hidden if
all agree): each player sees only their own cash until the end; bonds stay public. The channel
announces what a player pays or earns, as money crossing a physical table to the bank would be
seen (docs/rules-assumptions.md, "Bonds and Money"); a player's cash itself is never written in
the channel, the history or a public board before the end."""
import copy
import json
import random
import re

from railhead.ai.policy import choose
from railhead.bot.games.rotw.ui import RotwUI
from railhead.bot.replies import Button, Caller, Select
from railhead.bot.store import open_store
from railhead.bot.table import Table as BotTable
from railhead.engine import canonical
from railhead.engine.games.rotw.money import dollars
from railhead.render import rotw as render_rotw

from ..helpers_table import board_of, token
from .helpers import GAME, Table

UI = RotwUI()


def test_hidden_money_is_seen_only_by_its_owner_until_the_end():
    t = Table(players=3, hidden_money=True)
    t.act(0, type="bid", amount=2)                 # Ann pays with a bond: her cash changes, her bonds show
    t.act(1, type="pass")
    t.act(2, type="pass")
    mine = GAME.view(t.state, 0)["players"]
    theirs = GAME.view(t.state, 1)["players"]
    public = GAME.view(t.state, None)["players"]
    assert mine[0]["cash"] == 3 and theirs[0]["cash"] is None and public[0]["cash"] is None
    assert theirs[1]["cash"] == 0 and theirs[0]["bonds"] == 1
    assert render_rotw.board_png(GAME.view(t.state, None))[:4] == b"\x89PNG"
    other = Table(players=3, hidden_money=True)
    other.act(0, type="bid", amount=2)
    other.act(1, type="pass")
    other.act(2, type="pass")
    other.state.players[0].cash = 9          # a different amount: nobody else can tell
    assert canonical(GAME.view(other.state, 1)) == canonical(GAME.view(t.state, 1))
    t.state.phase = "over"
    assert GAME.view(t.state, 1)["players"][0]["cash"] == 3


def test_money_is_public_by_default():
    t = Table(players=2)
    assert GAME.view(t.state, None)["players"][0]["cash"] == 0


def _midgame(hidden: bool) -> Table:
    """A few turns of a 3-player game, so that the players hold different amounts."""
    t = Table(players=3, seed=4, hidden_money=hidden)
    rng = random.Random(4)
    while t.state.turn < 3:
        t.act(**choose(rng, GAME.legal_actions(t.state, t.actor)))
    return t


def _richer(state: dict, seat: int, k: int = 7) -> dict:
    """``state`` with ``k`` thousand more in ``seat``'s cash and nothing else changed."""
    out = copy.deepcopy(state)
    out.players[seat].cash += k
    return out


def test_the_public_board_is_the_same_whatever_a_player_holds():
    """The board posted in the channel is drawn from the public view: two games that differ only in
    one player's cash give the same view and the same PNG, byte for byte. Without the option the
    board shows cash, so the same two games give different pictures (the check is not vacuous)."""
    t = _midgame(hidden=True)
    richer = _richer(t.state, 0)
    public, public_richer = GAME.view(t.state, None), GAME.view(richer, None)
    assert all(p["cash"] is None for p in public["players"])
    assert canonical(public) == canonical(public_richer)
    assert render_rotw.board_png(public) == render_rotw.board_png(public_richer)
    assert canonical(GAME.view(t.state, 1)) == canonical(GAME.view(richer, 1))      # nor another seat's view
    shown = _midgame(hidden=False)
    assert render_rotw.board_png(GAME.view(shown.state, None)) != \
        render_rotw.board_png(GAME.view(_richer(shown.state, 0), None))


def test_a_board_drawn_for_its_owner_shows_their_own_cash():
    """The private preview board (a build or urbanize preview) is drawn from the player's own view."""
    t = _midgame(hidden=True)
    mine = GAME.view(t.state, 0)
    assert mine["players"][0]["cash"] == t.state.players[0].cash
    assert render_rotw.board_png(mine) != render_rotw.board_png(GAME.view(_richer(t.state, 0), 0))


def test_status_and_hand_show_your_own_cash_and_hide_the_others():
    t = _midgame(hidden=True)
    cash = [p.cash for p in t.state.players]
    mine = UI.status_text(GAME.view(t.state, 1)).splitlines()
    assert "- **P1**" in mine[2] and f": {dollars(cash[1])} (only you see it), " in mine[2]
    assert ": money hidden, " in mine[1] and ": money hidden, " in mine[3]
    public = UI.status_text(GAME.view(t.state, None))
    assert public.count("money hidden") == 3 and "only you" not in public
    hand = UI.hand_text(GAME.view(t.state, 1))
    assert f"You have {dollars(cash[1])}, " in hand and "only you see yours" in hand
    assert "no hidden hand" not in UI.hand_text(GAME.view(t.state, 1) | {"barons": None})
    t.state.phase = "over"                      # at the end everything is shown
    public = UI.status_text(GAME.view(t.state, None))
    assert "hidden" not in public and all(f": {dollars(c)}, " in public for c in cash)
    plain = _midgame(hidden=False)
    assert "only you" not in UI.status_text(GAME.view(plain.state, 1))
    assert "no hidden hand" in UI.hand_text(GAME.view(plain.state, 1) | {"barons": None})


# What may precede a dollar figure in the channel before the end: payments and earnings (as money
# crossing the table), bids, the auction's floor and Pass cost, and the engine upgrade's price.
PAYMENT = re.compile(r"(pays|earns|bids|Bid|high bid|bid at least|half your bid \(|Upgrade engine to \d+ \() ?$")
MONEY = re.compile(r"-?\$\d[\d,]*")


def _texts(message) -> list[str]:
    """A message's text and the texts of its buttons and menus."""
    if message is None:
        return []
    texts = [message.text]
    for c in message.components:
        if isinstance(c, Button):
            texts.append(c.label)
        elif isinstance(c, Select):
            texts += [c.placeholder, *(t for o in c.options for t in (o.label, o.description))]
    return texts


def _no_cash_shown(text: str, cash: list[int], where: str, own: tuple[int, ...] = ()) -> None:
    """Every dollar figure in ``text`` is a payment, an earning, a bid or a price; none is written
    as someone's money ("has $7,000", "$7,000 left", "cash $7,000", a status row). ``own``: the
    figures the reader may see anyway (their own cash, in their DMs)."""
    mine = {dollars(c) for c in own}
    for m in MONEY.finditer(text):
        assert m[0] in mine or PAYMENT.search(text[max(0, m.start() - 40):m.start()]), \
            (where, text[max(0, m.start() - 60):m.end()])
    for figure in {dollars(c) for c in cash} - mine:
        for pattern in (rf"(has|have|holds?|cash|money|Cash|left with) {re.escape(figure)}",
                        rf"{re.escape(figure)}( left| in cash| cash|,\s*\d+ bonds?)"):
            assert not re.search(pattern, text), (where, figure, text)


def test_the_cash_check_tells_payments_from_holdings():
    """The check used below: a payment, an earning, a bid or a price may be written; a holding may not."""
    for fine in ("Ann pays $4,000 (issuing 1 bond).", "Bob earns $3,000, pays $1,000 bond dividends.",
                 "Cat bids $2,000.", "<@1>, bid at least $3,000 or pass (high bid $2,000 by Ann).",
                 "Upgrade engine to 2 ($4,000)", "Bid $5,000", "Passing costs half your bid ($2,000)"):
        _no_cash_shown(fine, [4, 3, 2], "fine")
    for leak in ("Ann has $7,000.", "Ann pays $4,000 and has $7,000 left.", "cash $7,000",
                 "- **Ann**: $7,000, 1 bond, 3 points", "Ann: $7,000 in cash", "Cash $7,000   Bonds 1"):
        try:
            _no_cash_shown(leak, [7], "leak")
        except AssertionError:
            continue
        raise AssertionError(f"not caught: {leak}")
    _no_cash_shown("You have $7,000.", [7, 2], "a DM to the one holding $7,000", own=(7,))


async def test_a_whole_hidden_money_game_through_the_table_never_shows_cash_in_public(tmp_path, monkeypatch):
    """Three players to the final score with ``hidden_money``. After every move: the channel text,
    its buttons and menus, and (every few moves) each `/game history` page show no player's cash;
    the board drawn for the channel comes from a view where every cash is ``None``; `/game status`,
    **My hand**, `/rotw bonds` and build previews (text and board) show the caller's own cash and
    nobody else's. After the end, the final scores and the status show everyone's."""
    boards: list[dict] = []

    def fake_render(view, **kwargs):               # the view a board would be drawn from, instead of a PNG
        boards.append(view)
        return json.dumps(view).encode()

    store = await open_store(str(tmp_path / "db.sqlite3"))
    table = BotTable(store, render=True, seeds=lambda: 8)
    monkeypatch.setattr(table.ui("rotw"), "render", fake_render)
    callers = [Caller(7, 700 + i, n) for i, n in enumerate(("Ann", "Bob", "Cat"))]
    spectator = Caller(7, 799, "Dan")
    await table.new(callers[0], "rotw", {"hidden_money": True, "barons": True})
    for c in callers[1:]:
        await table.join(c)
    start = await table.start(callers[0])
    for text in _texts(start.channel):
        _no_cash_shown(text, [0], "start")
    assert all(p["cash"] is None for drawn in boards for p in drawn["players"]) and boards
    rng = random.Random(8)
    previews = payments = 0
    for step in range(3000):
        session = await table.session(7)
        if session is None:
            break
        state = session.match.state
        cash = [p.cash for p in state.players]
        if step % 15 == 0:                          # what each seat and a spectator may ask privately
            for seat, caller in enumerate(callers):
                status = (await table.status(caller)).caller.text
                assert f"**{caller.name}**" in status and f": {dollars(cash[seat])} (only you see it), " in status
                assert status.count("money hidden") == 2, status
                hand = (await table.hand(caller)).caller.text
                assert f"You have {dollars(cash[seat])}, " in hand, hand
                bonds = (await table.command(caller, "bonds", {})).caller.text
                assert f" and {dollars(cash[seat])}." in bonds, bonds
            assert (await table.status(spectator)).caller.text.count("money hidden") == 3
        if step % 40 == 0:
            await _check_history(table, callers[0], cash)
        prompt = rng.choice(GAME.prompts(state))
        seat = prompt["seat"]
        action = choose(rng, GAME.legal_actions(state, seat))
        caller = callers[seat]
        boards.clear()
        if action["type"] == "build" and set(action) == {"type", "path"}:
            preview = await table.command(caller, "build", {"path": " ".join(action["path"])})
            assert f"; you have {dollars(cash[seat])}" in preview.caller.text, preview.caller.text
            (drawn,) = boards                          # the preview board: the builder's own view
            assert [p["cash"] for p in drawn["players"]] == [c if s == seat else None for s, c in enumerate(cash)]
            previews += 1
            boards.clear()
            reply = await table.click(caller, token(preview.caller, "Confirm"))
        else:
            reply = await table.act(caller, action)
        assert reply.channel is not None, (action, reply.caller.text if reply.caller else None)
        live = await table.session(7)
        over = live is None
        for drawn in boards:                           # the channel's board
            assert over or all(p["cash"] is None for p in drawn["players"]), drawn["players"]
        if board_of(reply) is not None:
            assert json.loads(board_of(reply))["you"] is None
        if over:
            break
        after = [p.cash for p in live.match.state.players]
        for text in _texts(reply.channel):
            _no_cash_shown(text, cash + after, f"step {step}, {action['type']}")
        for user_id, dm in reply.direct.items():          # a DM may show its reader's cash, nobody else's
            reader = next(s for s, c in enumerate(callers) if c.user_id == user_id)
            for text in _texts(dm):
                _no_cash_shown(text, cash + after, f"DM, step {step}", own=(cash[reader], after[reader]))
        for text in _texts(reply.caller):
            _no_cash_shown(text, cash + after, f"answer, step {step}", own=(cash[seat], after[seat]))
        payments += " pays $" in reply.channel.text
    else:
        raise AssertionError("the game did not end")
    assert previews >= 5 and payments >= 10, (previews, payments)
    final = reply.channel.text
    done = (await table.finished(7)).match.state
    cash = [p.cash for p in done.players]
    assert "Final scores" in final and all(dollars(c) in final for c in cash)
    status = (await table.status(callers[1])).caller.text
    assert "hidden" not in status and all(f": {dollars(c)}, " in status for c in cash)
    await _check_history(table, callers[0], [])   # the history itself stays payments only
    await store.close()


async def _check_history(table: BotTable, caller: Caller, cash: list[int]) -> None:
    page = 1
    while True:
        text = (await table.history(caller, page)).caller.text
        if "page" in text and text.startswith("There"):
            assert page > 1, text
            return
        if text.startswith("Nothing has happened"):
            return
        _no_cash_shown(text, cash, f"history page {page}")
        page += 1
