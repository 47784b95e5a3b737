"""The ``/rotw`` commands and prompts: the last turn announced, and a pass confirmed while a
delivery is on offer (bot/games/rotw/ui.py). Sources: railways-of-the-world.txt, "Ending the
Game" and "D. DELIVER GOODS CUBE"."""
from railhead.bot.games.rotw.ui import RotwUI, pass_
from railhead.bot.replies import Apply, Button, Reply
from railhead.bot.ui import UIContext
from railhead.engine import Match

from ..helpers_table import seated, token
from .helpers import GAME
from .test_turns_and_cards import triggered

UI = RotwUI()


def context(t, seat):
    return UIContext(Match(GAME, {}, t.state.seats, 1, [], t.state), seat, t.state.seats)


def test_the_prompts_of_the_last_turn_say_so():
    """"Ending the Game": once the trigger fired, the channel's prompts say when the game ends, and
    in the last turn that it is the last turn, then the last round and the last action."""
    t = triggered()
    (prompt,) = map(GAME.read_prompt, GAME.prompts(t.state))
    assert "the game ends after turn 2" in UI.prompt_text(GAME.view(t.state, None), prompt, "@P2")
    t.finish_turn()
    (prompt,) = map(GAME.read_prompt, GAME.prompts(t.state))
    assert "**This is the last turn of the game.**" in UI.prompt_text(GAME.view(t.state, None), prompt, "@P1")
    t.all_pass_auction()
    (prompt,) = map(GAME.read_prompt, GAME.prompts(t.state))
    assert "**the last turn**, round 1 of 3" in UI.prompt_text(GAME.view(t.state, None), prompt, "@P1")
    while t.state.round < 3:
        t.act(type="pass")
    (prompt,) = map(GAME.read_prompt, GAME.prompts(t.state))
    assert "**the last round of the game**" in UI.prompt_text(GAME.view(t.state, None), prompt, "@P1")
    t.act(type="pass")
    t.act(type="pass")
    (prompt,) = map(GAME.read_prompt, GAME.prompts(t.state))
    assert "the last action of the game" in UI.prompt_text(GAME.view(t.state, None), prompt, "@P1")


async def test_pass_asks_for_a_confirm_only_while_a_delivery_is_possible():
    t = triggered()
    assert t.actor == 2 and not GAME.query(t.state, 2, "can_deliver", {})
    assert isinstance(await pass_(context(t, 2), {}), Apply)
    t.act(type="pass")
    t.city("Fulda").cubes = ["blue"]              # seat 1 may deliver it to Kassel over its link
    t.finish_turn()
    t.all_pass_auction()
    t.pass_until(1)
    ctx = context(t, 1)
    reply = await pass_(ctx, {})
    assert isinstance(reply, Reply) and "You can still deliver a goods cube" in reply.caller.text
    confirm, cancel = reply.caller.components
    assert (confirm.label, confirm.action, cancel.action) == ("Confirm", {"type": "pass"}, {"type": "_cancel"})
    (button,) = [c for c in UI.prompt_components(ctx, ctx.prompt()) if isinstance(c, Button) and c.label == "Pass"]
    assert button.action == {"type": "_cmd", "name": "pass"}


async def test_pressing_pass_with_a_delivery_on_offer_needs_confirm(db_path):
    """Through the table: Ann's Pass button answers privately with Confirm; Confirm passes."""
    store, table, (ann, bob), start = await seated(db_path, seed=6)     # Lille holds a red cube
    await table.act(ann, {"type": "bid", "amount": 1})
    await table.act(bob, {"type": "pass"})
    preview = await table.command(ann, "link", {"from": "Lille", "to": "Brussel"})
    await table.click(ann, token(preview.caller, "Confirm"))
    turn = await table.command(bob, "pass", {})                      # Bob has no link: passes at once
    assert "Bob passes" in turn.channel.text
    asked = await table.click(ann, token(turn.table, "Pass"))
    assert "You can still deliver a goods cube (for example the red cube: Lille → Brussel)" in asked.caller.text
    assert asked.channel is None and len((await table.session(7)).match.log) == 4
    done = await table.click(ann, token(asked.caller, "Confirm"))
    assert "Ann passes this round" in done.channel.text
    await store.close()


async def test_confirm_before_passing_can_be_turned_off(db_path):
    """``/game settings confirm_pass:false``: Pass passes at once even with a delivery on offer."""
    store, table, (ann, bob), start = await seated(db_path, seed=6)
    await table.settings(ann, {"confirm_pass": False})
    await table.act(ann, {"type": "bid", "amount": 1})
    await table.act(bob, {"type": "pass"})
    preview = await table.command(ann, "link", {"from": "Lille", "to": "Brussel"})
    await table.click(ann, token(preview.caller, "Confirm"))
    turn = await table.command(bob, "pass", {})
    done = await table.click(ann, token(turn.table, "Pass"))
    assert "Ann passes this round" in done.channel.text
    await store.close()


async def test_a_build_preview_follows_the_players_layout(db_path):
    """``/game settings layout:phone``: the preview image is the portrait board too."""
    import io

    from PIL import Image

    store, table, (ann, bob), start = await seated(db_path, seed=6, render=True)
    try:
        await table.act(ann, {"type": "bid", "amount": 1})
        await table.act(bob, {"type": "pass"})
        sizes = []
        for layout in ("desktop", "phone"):
            await table.settings(ann, {"layout": layout})
            preview = await table.command(ann, "link", {"from": "Lille", "to": "Brussel"})
            sizes.append(Image.open(io.BytesIO(preview.caller.image)).size)
        (dw, dh), (pw, ph) = sizes
        assert dw > dh and ph > pw
    finally:
        await store.close()


async def test_held_cards_get_a_button_when_the_rules_allow_their_use():
    """Issue "Railways of the World, complete": a held card is used by a button on its owner's turn
    (railways-of-the-world.txt, "Hand of Cards": kept until needed; using it is not an action)."""
    from railhead.bot.games.rotw.ui import card

    from .test_build import started
    t = started()
    t.player(1).cards += ["land-grant:1", "railroad-executive:1", "hotel:A12"]
    (prompt,) = map(GAME.read_prompt, GAME.prompts(t.state))
    labels = [b.label for b in UI.prompt_components(context(t, 1), prompt) if isinstance(b, Button)]
    assert "Use Government Land Grant (then build)" in labels and not any("Executive" in x for x in labels)
    t.act(1, type="use_card", card="land-grant:1")
    (prompt,) = map(GAME.read_prompt, GAME.prompts(t.state))
    assert not any(b.label.startswith("Use") for b in UI.prompt_components(context(t, 1), prompt)
                   if isinstance(b, Button))
    t.act(1, type="pass")
    t.finish_turn()
    (prompt,) = map(GAME.read_prompt, GAME.prompts(t.state))                      # the auction: seat 1 bids first
    assert prompt.seat == 1
    buttons = [b for b in UI.prompt_components(context(t, 1), prompt) if isinstance(b, Button)]
    assert buttons[-1].label == "Use Railroad Executive" and buttons[-1].action["type"] == "use_card"
    reply = await card(context(t, 1), {})
    text = reply.caller.text
    assert "You hold: **Government Land Grant**; **Railroad Executive**; **Hotel: Paris**" in text
    assert "**Major Lines**" in text and "Amsterdam–Paris: 8 points" in text


async def test_a_delivery_narrowed_to_one_is_made_at_once():
    """"D. DELIVER GOODS CUBE": `/rotw deliver from:Fulda colour:blue` when only that delivery fits
    delivers it without a one-item menu; without a narrowing word the menu stays."""
    from railhead.bot.games.rotw.ui import deliver

    t = triggered()
    t.act(type="pass")
    t.city("Fulda").cubes = ["blue"]              # seat 1 may deliver it to Kassel over its link
    t.finish_turn()
    t.all_pass_auction()
    t.pass_until(1)
    ctx = context(t, 1)
    reply = await deliver(ctx, {"from": "Fulda", "colour": "blue"})
    assert isinstance(reply, Apply)
    assert reply.action["type"] == "deliver" and reply.action["colour"] == "blue"
    GAME.apply(t.state, 1, reply.action)             # a legal move
    assert isinstance(await deliver(ctx, {}), Reply)


async def test_a_preview_that_ends_the_turn_says_the_tiles_and_the_link():
    """A build that ends the turn cannot be previewed in full (the income phase turns a card up), yet
    its preview says how many tiles it lays and whether the link completes (issue 31: two previews
    said neither). railways-of-the-world.txt, "A. BUILD TRACK" and "A Completed Link!"."""
    from railhead.bot.games.rotw.ui import build, link

    from .helpers import Table

    t = Table(3)
    t.all_pass_auction()
    for seat in range(3):
        t.give_cash(seat, 60)
    while not (t.state.round == 3 and t.state.at == len(t.state.order) - 1):
        t.act(type="pass")
    seat = t.actor
    text = (await link(context(t, seat), {"from": "Frankfurt", "to": "Fulda"})).caller.text
    who = t.state.seats[seat]
    assert f"{who} lays 1 tile and completes the link Frankfurt–Fulda." in text, text
    text = (await build(context(t, seat), {"path": "Köln J6 K6"})).caller.text
    assert f"{who} lays 2 tiles from Köln towards K6 (unfinished: removed at the end of the turn" in text, text
