"""The living table message (issue 33, items 1 and 2): one Components V2 message per game, edited
in place as the game moves, re-posted at the bottom when the channel has scrolled far past it;
a short line per turn linking to it; and Discord's limits for V2 messages and modals
(bot/discord_limits.py), each caught when broken.

Sources (Discord's developer documentation): "Component Reference" (Components V2: 40
components counting nested ones, 4,000 characters of text displays, Media Gallery 1-10 items
with a description of at most 1,024; Label 45 and description 100), "Message Resource" (Message
Flags: IS_COMPONENTS_V2 forbids content and embeds and cannot be removed; files shown only
through components), "Interactions" (Modal: title 45, 1-5 components; a V2 answer edits the
deferred original response)."""
from __future__ import annotations

import io

import discord
import pytest

from railhead.bot.discord_io import SCROLLED, make_layout, post
from railhead.bot.discord_limits import (
    IS_COMPONENTS_V2,
    check_modal,
    check_request,
    check_v2_components,
)
from railhead.bot.replies import Button, Caller, Option, Picture, PlayerPanel, Select, TableCard
from railhead.bot.store import MIGRATIONS, open_store

from .helpers_discord import LONG_NAMES, card_text, controls, is_table, table_in_channel, table_of

V2 = IS_COMPONENTS_V2


def text(content: str) -> dict:
    return {"type": 10, "content": content}


def container(*children: dict) -> dict:
    return {"type": 17, "components": list(children)}


def gallery(n: int, alt: str = "the board") -> dict:
    return {"type": 12, "items": [{"media": {"url": f"attachment://p{i}.png"}, "description": alt}
                                  for i in range(n)]}


def png(name: str) -> discord.File:
    return discord.File(io.BytesIO(b"\x89PNG fake"), filename=name)


def create(payload: dict, files=(), v2_messages=frozenset()) -> list[str]:
    return check_request("POST", "/channels/1/messages", payload, list(files), v2_messages)


# ---------------------------------------------------------------- each V2 limit, broken once
def test_a_valid_v2_message_passes():
    payload = {"flags": V2, "components": [container(text("hello"), gallery(1))]}
    assert create(payload, [png("p0.png")]) == []


def test_forty_components_counting_nested_ones():
    fits = [container(*[text("x") for _ in range(39)])]                 # 40 with the container
    assert check_v2_components(fits) == []
    over = [container(*[text("x") for _ in range(40)])]
    assert ["components: 41 components counting nested ones (at most 40)"] == check_v2_components(over)


def test_four_thousand_characters_of_text_in_all():
    assert check_v2_components([text("x" * 2000), text("y" * 2000)]) == []
    problems = check_v2_components([text("x" * 2000), container(text("y" * 2001))])
    assert problems == ["components: 4001 characters of text displays in all (at most 4000)"]


def test_a_media_gallery_holds_one_to_ten_items_with_alt_text_up_to_1024():
    assert check_v2_components([gallery(10)]) == []
    assert "11 items (allowed 1-10)" in " ".join(check_v2_components([gallery(11)]))
    assert "0 items (allowed 1-10)" in " ".join(check_v2_components([gallery(0)]))
    assert "description: 1025 characters" in " ".join(check_v2_components([gallery(1, "a" * 1025)]))


def test_no_content_and_no_embeds_with_the_v2_flag():
    base = {"flags": V2, "components": [text("the table")]}
    assert "has no content" in " ".join(create({**base, "content": "hi"}))
    assert "has no embeds" in " ".join(create({**base, "embeds": [{"title": "t"}]}))
    assert "without the IS_COMPONENTS_V2 flag" in " ".join(create({"components": [text("a layout")]}))


def test_the_flag_is_never_removed_on_edit():
    edit = {"flags": 0, "components": [{"type": 1, "components": [
        {"type": 2, "style": 2, "label": "Pass", "custom_id": "p"}]}]}
    assert check_request("PATCH", "/channels/1/messages/2", edit, [], {3}) == []        # a legacy message
    problems = check_request("PATCH", "/channels/1/messages/2", edit, [], {2})
    assert "IS_COMPONENTS_V2 cannot be removed" in " ".join(problems)
    assert "has no content" in " ".join(check_request("PATCH", "/channels/1/messages/2", {"content": "x"}, [], {2}))


def test_a_file_is_shown_only_through_a_component():
    payload = {"flags": V2, "components": [container(text("t"), gallery(1))]}
    assert create(payload, [png("p0.png")]) == []
    problems = create(payload, [png("p0.png"), png("extra.png")])
    assert problems == ["files: extra.png is attached but no component shows it (a V2 message shows files only "
                        "through components)"]
    kept = {**payload, "attachments": [{"id": "5", "filename": "old.png"}]}      # an edit keeping a file
    assert "old.png is attached" in " ".join(check_request("PATCH", "/channels/1/messages/2", kept, [], {2}))


def test_v2_goes_to_an_interaction_only_by_editing_the_deferred_original():
    data = {"flags": V2, "components": [text("t")]}
    refused = "only by editing the deferred original response"
    assert refused in " ".join(check_request("POST", "/interactions/1/tok/callback", {"type": 4, "data": data}))
    assert refused in " ".join(check_request("POST", "/interactions/1/tok/callback", {"type": 7, "data": data}))
    assert refused in " ".join(check_request("POST", "/webhooks/1/tok", data))
    assert refused in " ".join(check_request("PATCH", "/webhooks/1/tok/messages/55", data))
    assert check_request("PATCH", "/webhooks/1/tok/messages/@original", data) == []


def test_modal_limits():
    def label(words: str = "Bid up to", description: str | None = None) -> dict:
        row = {"type": 18, "label": words, "component": {"type": 4, "custom_id": f"c{len(words)}", "style": 1}}
        return {**row, "description": description} if description is not None else row

    assert check_modal({"title": "Programmed bid", "custom_id": "m", "components": [label()]}) == []
    assert "modal.title: 46" in " ".join(check_modal({"title": "t" * 46, "custom_id": "m", "components": [label()]}))
    assert "0 rows (allowed 1-5)" in " ".join(check_modal({"title": "t", "custom_id": "m", "components": []}))
    six = [label("l" * (i + 1)) for i in range(6)]
    assert "6 rows (allowed 1-5)" in " ".join(check_modal({"title": "t", "custom_id": "m", "components": six}))
    assert "label: 46 characters" in " ".join(check_modal({"title": "t", "custom_id": "m",
                                                           "components": [label("w" * 46)]}))
    assert "description: 101 characters" in " ".join(check_modal({"title": "t", "custom_id": "m",
                                                                 "components": [label("w", "d" * 101)]}))
    assert check_request("POST", "/interactions/1/tok/callback",
                         {"type": 9, "data": {"title": "t" * 46, "custom_id": "m", "components": [label()]}})


# ---------------------------------------------------------------- the card within the limits
def worst_card(names: list[str]) -> TableCard:
    """Six players with long names, long facts, a long prompt, two pictures with long alt text, and
    more buttons and menus than fit."""
    buttons = [Button(f"Build track to a very long city name number {i}" * 2, {"type": "x"}, custom_id=f"rh:o:{i:04x}")
               for i in range(20)]
    select = Select("Deliver…" * 30, [Option(f"cube {i}" * 20, {"type": "y"}, "d" * 120, value=f"{i:04x}")
                                      for i in range(25)], custom_id="rh:s:beef")
    return TableCard("**Railways of the World** on Transcontinental: turn 9, round 2 of 3" + " x" * 200,
                     "\n".join(f"<@12345678901234567{i}>, your action" + " and more" * 60 for i in range(6)),
                     [PlayerPanel(name, "money hidden · 9 bonds · 99 points · earns $99,000 a turn" * 9, 0xFF8C00,
                                  i == 0) for i, name in enumerate(names)],
                     [Picture("board.png", b"x", "The whole board " * 200), Picture("close.png", b"y", "near")],
                     colour=0xFF8C00, components=[select, *buttons, Button("My hand", {"type": "_hand"},
                                                                          custom_id="rh:o:ffff")])


def test_the_worst_table_card_still_fits():
    card = worst_card(LONG_NAMES)
    payload = {"flags": V2, "components": make_layout(card, [("board.png", card.images[0].alt),
                                                             ("close.png", "near")]).to_components()}
    assert create(payload, [png("board.png"), png("close.png")]) == []
    labels = [c.get("label") for row in payload["components"][0]["components"] if row["type"] == 1
              for c in row["components"]]
    assert labels[-1] == "My hand"                  # what gives way is the prompt's last buttons


@pytest.mark.simcord(settle_timeout=60)          # the largest map takes seconds to draw the first time
async def test_six_long_names_on_the_largest_map_fit(simcord_env, discord_limits):
    """Six players of 32-character names on Transcontinental (the largest RotW map): the table
    message is posted, passes the limits hook, and shows every player."""
    channel, members = await table_in_channel(simcord_env, "rotw", LONG_NAMES, "wide", 5, render=True,
                                              map="transcontinental", barons=False)
    table = table_of(channel)
    assert table is not None and [a.filename for a in table.attachments] == ["board.png"]
    shown = card_text(table)
    assert all(name in shown for name in LONG_NAMES) and len(shown) <= 4000
    await members[0].click(table, label="Pass")
    assert table_of(channel).id == table.id and "passes" in channel.last_message.content
    assert discord_limits.refused == [] and table.id in discord_limits.v2_messages


# ---------------------------------------------------------------- one living message
async def test_the_table_is_edited_in_place_and_each_turn_adds_one_short_line(simcord_env):
    channel, (ann, bob) = await table_in_channel(simcord_env, "rotw", ["Ann", "Bob"], "rails", 6, render=True,
                                                 barons=False)
    table = table_of(channel)
    before = len(channel.history())
    assert "Ann" in card_text(table) and "▶" in card_text(table).split("Ann")[0].splitlines()[-1]
    assert [c.label for c in controls(table)][-1] == "My hand"
    await ann.click(table, label="Bid $1,000")
    line = channel.last_message
    assert len(channel.history()) == before + 1 and not is_table(line)
    assert "Ann bids $1,000" in line.content and bob.mention in line.content
    assert f"/{channel.id}/{table.id})" in line.content                   # the link to the table
    assert table_of(channel).id == table.id and "Bid $2,000" in [c.label for c in controls(table_of(channel))]
    await bob.click(table_of(channel), label="Pass")                      # the board changes: new pictures
    assert [a.filename for a in table_of(channel).attachments] == ["board.png"]
    assert table_of(channel).id == table.id


async def test_the_table_is_reposted_once_the_channel_scrolled_past_it(simcord_env):
    channel, (ann, bob) = await table_in_channel(simcord_env, "rotw", ["Ann", "Bob"], "rails", 6, render=True,
                                                 barons=False)
    old = table_of(channel)
    for i in range(SCROLLED - 2):                       # with the turn's line: not yet far enough
        await bob.send(channel, f"chatter {i}")
    await ann.click(old, label="Bid $1,000")
    assert table_of(channel).id == old.id
    await bob.send(channel, "more chatter")
    await bob.click(table_of(channel), label="Pass")
    new = table_of(channel)
    assert new.id != old.id and channel.history()[-2].id == new.id     # the table, then the turn's line
    assert [a.filename for a in new.attachments] == ["board.png"]
    pointer = next(m for m in channel.history() if m.id == old.id)
    assert "The table moved" in card_text(pointer) and not controls(pointer) and not pointer.attachments
    assert str(new.id) in card_text(pointer)
    await ann.slash(channel, "game board")                              # /game board brings it down again
    assert table_of(channel).id not in (old.id, new.id)
    assert [a.filename for a in table_of(channel).attachments] == ["board.png"]    # the same pictures, copied


async def test_a_finished_game_leaves_its_final_table_without_buttons(simcord_env, sealed):
    """Moves delivered by ``post`` (as the table's own moves are: time-outs, removed seats) edit the
    table too; the last leaves the final table without buttons, then the final scores."""
    env = simcord_env
    channel, members = await table_in_channel(env, "sealed", ["Ann", "Bob"], "sealed", 4)
    table = table_of(channel)
    callers = [Caller(channel.id, m.id, m.name, guild_id=channel.guild.id) for m in members]
    while await env.bot.table.session(channel.id) is not None:
        for caller in callers:
            if await env.bot.table.session(channel.id) is not None:
                await post(env.bot, await env.bot.table.act(caller, {"type": "bid", "coins": 0}))
    await env.settle()
    assert "wins" in channel.last_message.content
    final = table_of(channel)
    assert final.id == table.id and controls(final) == [] and "The game is over" in card_text(final)


async def test_an_abandoned_game_leaves_its_table_without_buttons(simcord_env):
    """Issue 33, "One living table message": ``/game abandon`` (confirmed with its button) edits the
    game's table message in place, as the end of a game does: no buttons or menus left, and it says
    the game was abandoned and by whom; the channel gets its one line."""
    channel, (ann, bob) = await table_in_channel(simcord_env, "rotw", ["Ann", "Bob"], "rails", 6, barons=False)
    table = table_of(channel)
    await ann.click(table, label="Bid $1,000")
    assert controls(table_of(channel))
    answer = await ann.slash(channel, "game abandon")
    await ann.click(answer.response.message, label="Abandon the game")
    assert "abandoned by **Ann**" in channel.last_message.content
    final = table_of(channel)
    assert final.id == table.id and controls(final) == []
    assert "abandoned by **Ann**" in card_text(final) and "Ann" in card_text(final).split("abandoned")[-1]


# ---------------------------------------------------------------- the store
async def test_migration_7_keeps_the_table_message(db_path):
    """Schema migration 7 (docs/migrations.md): ``games.table_message``, NULL until posted."""
    assert len(MIGRATIONS) >= 7
    store = await open_store(db_path)
    try:
        async with store.transaction() as tx:
            gid = await tx.create_game(5, None, "rotw", 1, {}, 1)
        assert (await store.game(gid)).table_message is None
        async with store.transaction() as tx:
            await tx.set_table_message(gid, 1456074451115311104)
        assert (await store.game(gid)).table_message == 1456074451115311104
    finally:
        await store.close()
