"""Hidden money through the real bot under simcord (railways-of-the-world.txt, "Bonds and Money":
money may be hidden if all players agree). Each player's own cash is in their ephemeral answers
(`/game status`, **My hand**, `/rotw bonds`, a build preview); the channel says only what is paid
(docs/rules-assumptions.md, "Bonds and Money") and its board is the same whatever a player holds."""
from railhead.engine.games.rotw.money import dollars
from railhead.render import rotw as render_rotw

from ..helpers_discord import answer_of, card_text, controls, history_pages, table_in_channel, table_of
from .helpers import GAME
from .test_hidden_money import _no_cash_shown, _richer


def private(result):
    answer = answer_of(result)
    assert answer is not None and answer.ephemeral
    return answer


def row(status: str, name: str) -> str:
    return next(line for line in status.splitlines() if line.startswith(f"- **{name}**"))


async def test_own_cash_in_private_answers_and_none_in_the_channel(simcord_env):
    env = simcord_env
    channel, (ann, bob, cat) = await table_in_channel(env, "rotw", ["Ann", "Bob", "Cat"], "railways", 6,
                                                      render=True, hidden_money=True, barons=False)
    await ann.click(table_of(channel), label="Bid $2,000")
    await bob.click(table_of(channel), label="Pass")
    await cat.click(table_of(channel), label="Pass")
    assert "Ann pays $2,000 (issuing 1 bond) and becomes first player" in channel.last_message.content

    status = private(await ann.slash(channel, "game status")).content
    assert row(status, "Ann").startswith("- **Ann** (first player): $3,000 (only you see it), 1 bond")
    assert ": money hidden, " in row(status, "Bob") and ": money hidden, " in row(status, "Cat")
    status = private(await bob.slash(channel, "game status")).content
    assert ": money hidden, 1 bond" in row(status, "Ann") and ": $0 (only you see it), " in row(status, "Bob")
    hand = private(await ann.click(table_of(channel), label="My hand")).content
    assert "You have $3,000, 1 bond" in hand

    preview = private(await ann.slash(channel, "rotw link", **{"from": "Lille", "to": "Brussel"}))
    assert "Cost $4,000; you have $3,000: **1 bond will be issued**" in preview.content
    assert any(a.filename.endswith(".png") for a in preview.attachments)     # drawn from Ann's own view
    await ann.click(preview, label="Confirm")
    assert "pays $4,000 (issuing 1 bond)" in channel.last_message.content
    assert "You hold 2 bonds and $4,000." in private(await ann.slash(channel, "rotw bonds")).content
    dm = bob.user.dm_channel.last_message.content          # Bob is pinged next: his DM shows his own cash
    assert dm.startswith("Your move in <#") and dm.endswith("You have $0 and 0 bonds."), dm
    assert ann.user.dm_channel.last_message.content.endswith("You have $3,000 and 1 bond."), \
        ann.user.dm_channel.last_message.content

    match = next(iter(env.bot.table._matches.values()))
    cash = [p.cash for p in match.state.players]
    assert cash == [4, 0, 0]
    figures = [0, 2, 3, 4, 5]                     # every amount anyone held so far
    for message in channel.history():
        _no_cash_shown(message.content, figures, "channel")
        _no_cash_shown(card_text(message), figures, "table message")
        for item in controls(message):
            _no_cash_shown(getattr(item, "label", None) or "", figures, "button")
    for page in await history_pages(bob, channel):
        for text in page:
            _no_cash_shown(text, figures, "history")

    # the board posted in the channel: the same picture whatever Ann holds
    (board,) = [a for a in table_of(channel).attachments if a.filename == "board.png"]
    posted = await board.read()
    richer = GAME.view(_richer(match.state, 0, 20), None)
    assert posted == render_rotw.board_png(GAME.view(match.state, None)) == render_rotw.board_png(richer)
    assert dollars(cash[0]) not in channel.last_message.content.replace("pays $4,000", "")
