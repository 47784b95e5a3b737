"""Railway Workers through the table, by buttons and menus only (the **My hand** answers carry
each prompt's components, private or not): a whole 3-player game to the final score; nothing
secret ever reaches the channel. Sources: railway-workers.txt, "Round overview" (the steps the
buttons walk through) and DESIGN.md, "The Discord side"."""
import random

from railhead.bot.replies import Button, Select
from railhead.engine import canonical

from ..helpers_table import seated

SECRET_TYPES = ("placed", "assigned", "swapped")


def _pick(rng: random.Random, components):
    """A component to press: mostly moves that do something (the game must progress)."""
    idle = ("Pass (+1 coin)", "Start over", "Cancel", "My hand")
    useful = [c for c in components if not (isinstance(c, Button) and c.label in idle)]
    return rng.choice(useful or components)


def _token(rng: random.Random, c) -> str:
    if isinstance(c, Button):
        return c.custom_id.split(":")[-1]
    assert isinstance(c, Select) and c.options, c
    return rng.choice(c.options).value


async def play_by_buttons(table, callers, channel, rng, limit=3000):
    """Press buttons until the game ends; returns every channel message text seen."""
    seen = []
    for _ in range(limit):
        session = await table.session(channel)
        if session is None or session.match.outcome() is not None:
            return seen, session
        prompt = rng.choice(session.match.prompts())
        caller = callers[prompt["seat"]]
        reply = await table.hand(caller)
        components = reply.caller.components
        assert components, (prompt, reply.caller.text)
        for _depth in range(12):
            c = _pick(rng, components)
            answer = await table.click(caller, _token(rng, c))
            if answer.channel is not None:
                seen.append(answer.channel.text)
                break
            assert answer.caller is not None
            if not answer.caller.components:        # refused: say why
                raise AssertionError(f"{prompt['kind']}: {c} -> {answer.caller.text}")
            components = answer.caller.components
    raise AssertionError("the game did not end")


async def test_a_whole_three_player_game_by_buttons(tmp_path):
    store, table, callers, start = await seated(str(tmp_path / "w.db"), game="workers", names=("Maria", "Tim", "Leo"),
                                                seed=11)
    try:
        assert "Place four action cards" in start.channel.text
        assert all(not isinstance(c, Select) for c in start.table.components)    # the menus go privately
        assert set(start.direct) == {c.user_id for c in callers}                  # each gets a DM menu
        rng = random.Random(5)
        seen, session = await play_by_buttons(table, callers, 7, rng)
        outcome = session.match.outcome() if session else None
        if outcome is None:
            row = await store.last_game(7) if hasattr(store, "last_game") else None
            assert row is not None
        text = "\n".join(seen)
        assert "Final score" in text and ("wins" in text or "share the victory" in text)
        assert "Cards under +1" in text and "Fourth dice" in text
        assert "Your cards:" not in text and "Your dice:" not in text           # private events stay private
    finally:
        await store.close()


async def test_the_channel_never_shows_a_placement_before_the_reveal(tmp_path):
    store, table, callers, _ = await seated(str(tmp_path / "w.db"), game="workers", names=("Ann", "Bob"), seed=2)
    try:
        ann, bob = callers
        reply = await table.command(ann, "place", {"cards": "structures worker store share"})
        assert reply.channel is not None and "Ann's cards are placed" in reply.channel.text
        assert "Buy Structures" not in reply.channel.text and "store" not in reply.channel.text.lower()
        assert "Your cards: +1: Buy Structures" in reply.caller.text
        session = await table.session(7)
        public = session.match.view(None)
        assert [c["card"] for c in public["players"][0]["cards"]] == [None] * 4
        assert public["players"][0]["ready"] is True
        assert canonical(session.match.view(1)["players"][0]) == canonical(public["players"][0])
        refused = await table.command(ann, "place", {"cards": "tracks worker store share"})
        assert "(you are ready): waiting for Bob" in refused.caller.text
        reply = await table.command(bob, "place", {"cards": "tracks plans move subsidy"})
        assert "Dice rolled" in reply.channel.text
    finally:
        await store.close()


async def test_a_player_going_on_with_their_turn_is_not_pinged_again(tmp_path):
    """A turn holds several moves (both halves, a command): only its first message pings."""
    store, table, callers, _ = await seated(str(tmp_path / "w.db"), game="workers", names=("Ann", "Bob"), seed=2)
    try:
        for _ in range(20):
            match = (await table.session(7)).match
            if match.state.step == "play":
                break
            seat = match.prompts()[0]["seat"]
            await table.act(callers[seat], match.game.timeout_action(match.state, seat))
        match = (await table.session(7)).match
        seat = match.prompts()[0]["seat"]
        first = next(a for a in match.legal_actions(seat) if a["type"] not in ("pass", "end", "command"))
        reply = await table.act(callers[seat], first)
        still = (await table.session(7)).match.prompts()
        if still and still[0]["seat"] == seat:                    # the same turn goes on
            assert callers[seat].user_id not in reply.channel.mentions
            assert callers[seat].user_id not in reply.direct
            assert f"**{callers[seat].name}**, your turn" in reply.channel.text
        else:                                                     # the next player is pinged
            assert reply.channel.mentions == [callers[still[0]["seat"]].user_id]
    finally:
        await store.close()


def test_train_buttons_say_in_a_city_for_a_new_route_and_toward_one_at_a_junction():
    """"Construction site Development": the new route's train is put *in* one of its cities; "Trains":
    at a junction it runs *toward* one (the buttons said "Toward" for both)."""
    from railhead.bot.games.workers import words
    new_route = {"question": {"kind": "train_city", "options": ["Lisboa", "Porto"]}}
    junction = {"question": {"kind": "junction", "options": ["Braga", "Faro"]}}
    assert words.action_label(new_route, {"type": "choose", "option": "Lisboa"}) == "In Lisboa"
    assert words.action_label(junction, {"type": "choose", "option": "Faro"}) == "Toward Faro"
    assert words.action_label(junction, {"type": "choose", "option": "share"}) == "Take a free share"
