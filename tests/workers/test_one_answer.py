"""What a newcomer met in a whole Railway Workers game at the local table (issue 31, part 5): steps
with one sensible answer that still asked (a turn with nothing left, the last card or die of a
menu, a first menu step with one site named "None"), **End turn** pressed while the 7+ was still
waiting, an investment offered that no button could make, "takes a director back", and command
buttons that did not say what they do."""
from __future__ import annotations

import asyncio

from railhead.bot.games.workers import words
from railhead.bot.games.workers.menus import turn_components
from railhead.bot.games.workers.ui import UI, assign_step, place_step
from railhead.bot.replies import Button, Reply, Select
from railhead.engine.games.workers.data import SLOTS, commands

from .helpers import GAME, MARIA, TIM, Table, hand, playing


def no_commands(t: Table, *available: int) -> None:
    c = t.state.commands
    c.available, c.unavailable = list(available), None


class Ctx:
    """A UI context on a test table (what the Workers UI asks of one: views, prompts, legal moves)."""

    def __init__(self, t: Table, seat: int):
        self.t, self.seat, self.names, self.prefs = t, seat, list(t.state.seats), {}

    def view(self, seat="me") -> dict:
        return GAME.view(self.t.state, self.seat if seat == "me" else seat)

    def prompts(self) -> list[dict]:
        return GAME.prompts(self.t.state)

    def prompt(self):
        """The seat's prompt as its struct, as ``UIContext.prompt`` gives it."""
        found = next((p for p in self.prompts() if p["seat"] == self.seat), None)
        return None if found is None else GAME.read_prompt(found)

    def legal_actions(self) -> list[dict]:
        return GAME.legal_actions(self.t.state, self.seat)


def site_of(t: Table) -> int:
    return int(next(iter(t.state.sites)))


# ------------------------------------------------------------------ the engine: turns that cannot ask
def test_a_turn_with_nothing_left_to_do_ends_by_itself():
    """railway-workers.txt, "Action Phase 1" c: a turn is the chosen card's 4+ (and 7+ with a Sum
    of 7) and at most one command. Store Up with a Sum of 7 whose 4+ stored the only resource in
    the Facilities: the 7+ has nothing to store and no command fits, so the turn is over (it
    waited for **End turn**, the newcomer's one sensible answer)."""
    t = Table()
    no_commands(t)
    t.player(MARIA).facilities.plans = 1
    playing(t, MARIA, "store", 7)
    t.act(MARIA, type="store", part="top", kind="plans", site=site_of(t), count=1)
    assert t.turn is None or t.turn.seat != MARIA, GAME.legal_actions(t.state, MARIA)


def test_a_turn_whose_only_move_is_to_pass_passes_by_itself():
    """railway-workers.txt, "Action Phase 1" c (pass: take 1 coin): Subsidy / Investment with no
    reward tiles and no coin for the next investment step, no command: passing is the only legal
    move, so it is made (1 coin) and the next player is asked."""
    t = Table()
    no_commands(t)
    t.player(MARIA).coins = 0
    t.to_play(cards={MARIA: hand("subsidy")}, dice={MARIA: [6, 1, 1, 1]})     # Sum 7 under +1: Maria first
    assert t.player(MARIA).coins == 1
    assert t.turn is not None and t.turn.seat != MARIA
    assert "Maria can do nothing with Subsidy / Investment (Sum 7) and has no command to use." in t.text()
    assert "Maria passes and takes 1 coin." in t.text()


def test_a_turn_with_a_command_left_still_asks():
    """The turn goes on while a command fits (its use is the player's choice): End turn is offered."""
    t = Table()
    no_commands(t, 1)
    t.player(MARIA).facilities.plans = 1
    playing(t, MARIA, "store", 7)
    t.act(MARIA, type="store", part="top", kind="plans", site=site_of(t), count=1)
    assert t.turn.seat == MARIA and {"type": "end"} in GAME.legal_actions(t.state, MARIA)


# ------------------------------------------------------------------ the secret menus
def test_the_last_card_of_the_second_action_phase_is_placed_without_asking():
    """railway-workers.txt, "Action Phase 2": the four cards not used in phase 1 are placed; after
    three places the fourth card has one place left. The menu asked "Which card goes under +6?"
    with one option; now it shows the four cards and **Ready**."""
    t = Table()
    t.player(MARIA).hand = ["tracks", "share", "store", "subsidy"]
    reply = place_step(Ctx(t, MARIA), {"cards": "tracks share store", "menu": True})
    assert isinstance(reply, Reply)
    assert "+6: Subsidy / Investment" in reply.caller.text
    assert [c.label for c in reply.caller.components] == ["Ready", "Start over"]
    assert reply.caller.components[0].action == {"type": "place", "cards": ["tracks", "share", "store", "subsidy"],
                                                 "ready": True}


def test_dice_of_one_value_left_are_assigned_without_asking():
    """"Assign dice": each card gets one die; when the dice left all show one value there is
    nothing to choose (the menu asked for the +3 die with one option, then the +6 die)."""
    t = Table()
    for seat in range(3):
        t.act(seat, type="place", cards=t.player(seat).hand[:4], ready=True)
    for prompt in GAME.prompts(t.state):
        if prompt["kind"] == "low_roll":
            t.act(prompt["seat"], type="low_roll", reroll=False)
    assert t.state.step == "assign"
    t.player(MARIA).dice = [3, 6, 3, 5]
    reply = assign_step(Ctx(t, MARIA), {"dice": "6 5", "menu": True})
    assert not any(isinstance(c, Select) and c.placeholder.startswith("Die on") for c in reply.caller.components)
    assert "Ready" in [c.label for c in reply.caller.components if isinstance(c, Button)]
    ready = next(c for c in reply.caller.components if isinstance(c, Button) and c.label == "Ready")
    assert ready.action["dice"] == [6, 5, 3, 3]
    assert f"+{SLOTS[3]} " in reply.caller.text and "sum 9" in reply.caller.text      # 6 + 3


# ------------------------------------------------------------------ the turn's buttons and menus
def test_move_workers_at_one_site_is_one_menu_naming_its_moves():
    """With one construction site open, Move Workers' first step offered one choice named
    "None" ("4+: Move Workers (first choose where)": "(1) None — 14 ways"); all the moves are at
    that site, so one menu lists them."""
    t = Table()
    no_commands(t)
    t.sites_on_map(5)
    t.player(MARIA).facilities.workers = 4
    t.player(MARIA).union = 1
    playing(t, MARIA, "move", 7)
    components = turn_components(Ctx(t, MARIA), GAME.legal_actions(t.state, MARIA))
    selects = [c for c in components if isinstance(c, Select)]
    assert selects
    for select in selects:
        assert "first choose where" not in select.placeholder
        assert all(o.action["type"] == "send" and "None" not in o.label for o in select.options)
        assert len(select.options) == 14


def test_end_turn_while_the_7_plus_can_be_done_says_so_and_offers_it():
    """A newcomer did the 4+ of a Sum-7 card, saw **End turn**, pressed it and lost the 7+
    (railway-workers.txt, "Action Phase 1" c: with a Sum of 7 the 7+ action may be done too). The
    button now says what it skips and asks first, with the 7+ moves beside **End turn anyway**."""
    t = Table()
    no_commands(t)
    t.player(MARIA).facilities.plans = 2
    playing(t, MARIA, "store", 7)
    t.act(MARIA, type="store", part="top", kind="plans", site=site_of(t), count=1)
    ctx = Ctx(t, MARIA)
    components = turn_components(ctx, GAME.legal_actions(t.state, MARIA))
    end = next(c for c in components if isinstance(c, Button) and c.label.startswith("End turn"))
    assert end.label == "End turn (skip the 7+)" and end.action == {"type": "_cmd", "name": "end"}
    reply = asyncio.run(UI.commands["end"].handler(ctx, {}))
    assert isinstance(reply, Reply) and "You can still do the 7+ of **Store Up**" in reply.caller.text
    moves = [o.action for c in reply.caller.components if isinstance(c, Select) for o in c.options] + \
        [c.action for c in reply.caller.components if isinstance(c, Button)]
    assert {"type": "store", "part": "bottom", "kind": "plans", "site": site_of(t), "count": 1} in moves
    assert {"type": "end"} in moves and {"type": "_cancel"} in moves


def test_an_investment_step_a_train_still_stands_on_is_not_offered_in_words():
    """railway-workers.txt, "Investment": a step where a train still stands opens when a route
    takes that train. The turn said "Investment: move your marker to step 9 (5 coins, first
    there)" with no such button (the turn offered a subsidy only)."""
    t = Table()
    no_commands(t)
    t.player(MARIA).marker = 1                                  # on step 6: step 7 is next
    t.player(MARIA).tiles.S = 2                              # a subsidy can be done
    playing(t, MARIA, "subsidy", 7)
    text = UI.prompt_text(GAME.view(t.state, None), GAME.read_prompt(GAME.prompts(t.state)[0]), "Maria")
    assert "Investment: your marker cannot move yet: train 1 still stands on step 7" in text, text
    assert not any(a["type"] == "invest" for a in GAME.legal_actions(t.state, MARIA))


def test_the_director_bonus_says_the_player_gets_one_back():
    """"Get 1 Bonus": a director used on a command returns to the player's Director's office
    (railway-workers.txt: "Send back a director token to the Director's office"). The line read
    "Maria takes a director back to the Director's office", as if she lost one."""
    t = Table()
    no_commands(t)
    t.player(MARIA).directors = 1
    t.player(MARIA).tiles.S = 2
    playing(t, MARIA, "subsidy", 5)
    t.act(MARIA, type="subsidy", part="top", tiles=["S", "S"])
    assert GAME.prompts(t.state)[0]["kind"] == "bonus"
    assert words.choice_label("director", "bonus") == "Get a used director back (1 more command)"
    t.act(MARIA, type="choose", option="director")
    assert t.player(MARIA).directors == 2
    assert "Maria gets back a director used on a command: 2 of 3 now in the Director's office (2 commands left " \
           "to use)." in t.text()


def test_command_buttons_say_what_they_do():
    """A command's button said "Command 6 Broker": what it does comes first now, then its name
    and that it takes a director (data/cards/workers/commands.toml); within Discord's 80."""
    t = Table()
    no_commands(t, 6, 12)
    playing(t, MARIA, "share", 7)
    view = GAME.view(t.state, MARIA)
    labels = {a["number"]: words.action_label(view, a) for a in GAME.legal_actions(t.state, MARIA)
              if a["type"] == "command"}
    assert labels[6] == "Your share this turn costs nothing: Broker, uses a director"
    assert all(not label.startswith("Command") and len(label) <= 80 for label in labels.values()), labels
    for number, card in commands().items():
        assert words.command_name(number).startswith(card.name + ": ")
    worker = {"type": "command", "number": 15, "owner": TIM, "site": 2, "kind": "tracks", "to_site": 5,
              "to_kind": "structures"}
    assert words.action_label(view, worker) == \
        "Tim's worker from site 2's tracks to site 5's structures (1 coin): Foreman, uses a director"


async def test_no_step_of_a_whole_game_asks_with_one_answer(tmp_path):
    """Issue 31, part 5 (a whole game took about 261 commands; "a step with one sensible answer
    does not ask"): a seeded 3-player game through the table by buttons and menus, as each
    prompt offers them (**My hand**). No menu offers a single option and no turn offers only
    **Pass** or only **End turn** (railway-workers.txt, "Action Phase 1" c: each of those was
    the player's only legal move)."""
    import random

    from ..helpers_table import seated

    store, table, callers, _start = await seated(str(tmp_path / "w.db"), game="workers",
                                                 names=("Maria", "Tim", "Leo"), seed=11)
    rng = random.Random(5)
    lone: list[str] = []
    try:
        for _ in range(3000):
            session = await table.session(7)
            if session is None or session.match.outcome() is not None:
                break
            prompt = rng.choice(session.match.prompts())
            caller = callers[prompt["seat"]]
            components = (await table.hand(caller)).caller.components
            for _depth in range(12):
                shown = [c for c in components if not (isinstance(c, Button) and c.label in ("Cancel", "Start over"))]
                lone += [f"{prompt['kind']}: menu {c.placeholder!r}" for c in shown
                         if isinstance(c, Select) and len(c.options) == 1]
                if len(shown) == 1 and getattr(shown[0], "label", "") in ("Pass (+1 coin)", "End turn"):
                    lone.append(f"{prompt['kind']}: only {shown[0].label}")
                useful = [c for c in shown if not (isinstance(c, Button) and c.label.startswith(("Pass", "End turn")))]
                c = rng.choice(useful or shown)
                token = c.custom_id.split(":")[-1] if isinstance(c, Button) else rng.choice(c.options).value
                answer = await table.click(caller, token)
                if answer.channel is not None or not answer.caller.components:
                    break
                components = answer.caller.components
        assert session is None or session.match.outcome() is not None, "the game did not end"
    finally:
        await store.close()
    assert lone == []
