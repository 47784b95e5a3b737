"""Hot-seat play at the local table (issue 23, parts 1-2 and `click` on the visible message):
private text only behind a curtain for its player, the typist follows the game, `click`/`pick`
act on the message the typist saw last, and `--open` keeps the shared screen."""
from __future__ import annotations

import random
from pathlib import Path

from railhead.bot.hotseat import AGAIN, CLEAR, HIDDEN, Console, Curtain, folder_name, present
from railhead.bot.local import LocalTable, run_local, user_id
from railhead.bot.replies import Message
from railhead.bot.store import open_store
from railhead.bot.table import Table


class Screen(Console):
    """A console for tests: what is on screen since the last clear, a snapshot at every read
    (the prompt and the screen then), and Enter for every read unless ``typed`` says otherwise."""

    def __init__(self, typed: list[str] | None = None):
        super().__init__(self._answer, tty=False)
        self.screen: list[str] = []
        self.reads: list[tuple[str, list[str]]] = []
        self.clears = 0
        self.typed = typed or []

    async def _answer(self, prompt: str) -> str | None:
        self.reads.append((prompt, list(self.screen)))
        return self.typed.pop(0) if self.typed else ""

    def write(self, text: str) -> None:
        self.screen += text.split("\n")

    def clear(self) -> None:
        self.clears += 1
        self.screen = []


async def local_table(tmp_path: Path, hotseat: bool = True, render: bool = False, seed: int = 4):
    tmp_path.mkdir(parents=True, exist_ok=True)
    store = await open_store(str(tmp_path / "hotseat.sqlite"))
    return store, LocalTable(Table(store, render=render, seeds=lambda: seed), tmp_path / "boards", hotseat=hotseat)


def private_of(out: list) -> dict[str, list[str]]:
    """The curtains of one answer, by player."""
    found: dict[str, list[str]] = {}
    for item in out:
        if isinstance(item, Curtain):
            found.setdefault(item.name, []).extend(item.lines)
    return found


async def test_a_whole_hot_seat_game_of_workers_keeps_each_seat_private_text_off_the_others_screen(tmp_path):
    """Three players at one keyboard, never typing `as NAME`: the typist follows the game. Every
    line of private text is seen only inside its owner's curtain; whenever someone types (or the
    keyboard is passed), the screen holds nobody's private text."""
    store, local = await local_table(tmp_path)
    screen, rng = Screen(), random.Random(5)
    public: set[str] = set()
    private: dict[str, set[str]] = {}
    typed_by: list[str] = []

    async def say(line: str) -> list:
        screen.reads.append((f"{local.user}> ", list(screen.screen)))
        typed_by.append(local.user)
        out = await local.handle(line)
        public.update(line for item in out if isinstance(item, str) for line in item.split("\n"))
        for name, lines in private_of(out).items():
            private.setdefault(name, set()).update(p for line in lines for p in line.split("\n"))
        command, ended = await present(screen, out, local.user)
        assert command is None and not ended
        return out

    try:
        for line in ("as Ann", "game new workers", "as Bob", "game join", "as Cat", "game join",
                     "as Ann", "game start"):
            await say(line)
        assert local.user == "Ann" and await local.table.session(1) is not None
        for _ in range(3000):
            session = await local.table.session(1)
            if session is None:
                break
            waited = {session.names[p["seat"]]: p for p in session.match.prompts()}
            assert local.user in waited, (local.user, list(waited))        # the typist follows the game
            seat = session.names.index(local.user)
            prompt, me = waited[local.user], session.match.view(seat)["players"][seat]
            if prompt["kind"] == "place":
                out = await say("workers place " + " ".join(rng.sample(me["hand"], 4)))
                assert any("Your cards:" in line for line in private_of(out).get(local.user, [])) or \
                    local.user != session.names[seat], out
            elif prompt["kind"] == "assign":
                await say("workers assign " + " ".join(map(str, rng.sample(me["dice"], 4))))
            elif prompt["kind"] in ("low_roll", "reroll"):
                await say("workers reroll keep")
            else:
                await say("game hand")
                menus = [f"pick {m + 1}.{rng.randrange(len(s.options)) + 1}" for m, s in enumerate(local.selects)]
                clicks = [f"click {i + 1}" for i, b in enumerate(local.buttons)
                          if b.label not in ("Pass (+1 coin)", "Cancel")]
                out = await say(rng.choice(menus + clicks or ["click 1"]))
                assert not any(isinstance(x, str) and ("earlier moment" in x or "no such" in x) for x in out), out
                after = await local.table.session(1)
                if after is not None and len(after.match.log) == len(session.match.log) and local.selects:
                    # a long menu's second step (Workers' two-step menus): pick one of its moves
                    out = await say(f"pick {rng.randrange(len(local.selects[0].options)) + 1}")
        else:
            raise AssertionError("the game did not end")
    finally:
        await store.close()
    assert "Final score" in "\n".join(public)
    assert set(typed_by) == {"Ann", "Bob", "Cat"}
    # a secret: a line in one seat's curtains that never showed in public nor in another's curtain
    secret = {name: {line for line in lines if line and line not in public
                     and not any(line in others for n, others in private.items() if n != name)}
              for name, lines in private.items()}
    assert all(any("Your cards:" in line for line in secret[name]) for name in ("Ann", "Bob", "Cat")), secret
    passes = 0
    for prompt, shown in screen.reads:
        if prompt.startswith("Press Enter to hide"):
            owner = next(line.removeprefix("---- private to ").removesuffix(" ----") for line in shown
                         if line.startswith("---- private to "))
            allowed = {owner}
        else:
            passes += prompt.startswith("Pass the keyboard to ")
            assert not any(line.startswith("---- private to ") for line in shown), (prompt, shown)
            allowed = set()
        for name, lines in secret.items():
            if name not in allowed:
                assert not lines & set(shown), (prompt, name, lines & set(shown))
    assert passes > 20 and screen.clears > 50


async def test_the_typist_follows_the_game(tmp_path):
    store, local = await local_table(tmp_path)
    try:
        for line in ("as Ann", "game new workers", "as Bob", "game join", "as Cat", "game join"):
            await local.handle(line)
        await local.handle("as Ann")
        out = await local.handle("game start")
        assert "Waiting on Ann, Bob and Cat: Ann keeps typing (then Bob, Cat; `as NAME` to switch now)." in out
        assert local.user == "Ann"
        session = await local.table.session(1)
        out = await local.handle("workers place " + " ".join(session.match.view(0)["players"][0]["hand"][:4]))
        assert "Waiting on Bob and Cat: Bob is now typing (then Cat)." in out and local.user == "Bob"
        passed = [c for c in out if isinstance(c, Curtain) and c.name == "Bob"]
        assert passed and passed[0].pass_keyboard and "Card under +1" in "\n".join(passed[0].lines)
        assert not any(isinstance(c, Curtain) and c.name == "Cat" for c in out)     # Cat's waits for Cat
        out = await local.handle("game hand")                    # no move: the typist stays
        assert local.user == "Bob" and not any(isinstance(x, str) and "typing" in x for x in out)
        out = await local.handle("as Cat")                       # out of turn, by hand
        assert local.user == "Cat" and any(isinstance(c, Curtain) and c.name == "Cat" for c in out)
        session = await local.table.session(1)
        await local.handle("workers place " + " ".join(session.match.view(2)["players"][2]["hand"][:4]))
        assert local.user == "Bob"                               # only Bob is waited on now
    finally:
        await store.close()


async def test_click_acts_only_on_the_message_the_typist_saw_last(tmp_path):
    """A private answer without buttons after a public message with buttons: `click 1` says so
    and presses nothing (three players upgraded their engine by accident)."""
    for hotseat in (False, True):
        store, local = await local_table(tmp_path / str(hotseat), hotseat=hotseat)
        try:
            for line in ("as Ann", "game new workers", "as Bob", "game join", "as Ann", "game start"):
                await local.handle(line)
            public = local.public_view[1][0]
            assert [b.label for b in local.buttons] == ["My hand"]
            out = await local.handle("game undo")                # a private refusal, no buttons: no curtain
            assert out and not any(isinstance(c, Curtain) for c in out) and not local.buttons
            out = await local.handle("click 1")
            tag = local.letters.of(public)
            assert out == ["The last message you saw (your last private message) has no buttons; nothing was "
                           f"pressed. Still open: {tag}: “**Railway Workers** begins! Players in…”; "
                           f"`click {tag}1` presses its button 1."], out     # a private one is never quoted
            assert local.public_view[1][0] is public             # nothing new was shown
            pressed = await local.handle(f"click {tag}1")         # issue 31: still pressable, by its letter
            assert pressed[0] == f"Pressed [1] My hand on message {tag}.", pressed
            out = await local.handle("game hand")
            picked = await local.handle("pick 2")
            said = [line for item in picked for line in (item.lines if isinstance(item, Curtain) else [item])]
            assert said[0] == "Picked (2) Buy Tracks on your last private message.", picked
            assert all(isinstance(item, Curtain) for item in picked) or not local.hotseat     # a secret's echo
            await local.handle("as Bob")
            out = await local.handle("game status")              # a private answer: no menu
            refused = (await local.handle("pick 1"))[0]
            assert "has no menus; nothing was pressed. Still open: " in refused, refused   # Bob's own menu
        finally:
            await store.close()


async def test_click_names_what_it_pressed(tmp_path):
    store, local = await local_table(tmp_path, hotseat=False)
    try:
        for line in ("as Ann", "game new workers", "as Bob"):
            await local.handle(line)
        assert (await local.handle("click 7")) == ["There is no such button on the last message (it has 3); "
                                                   "nothing was pressed."]
        out = await local.handle("click 1")
        assert out[0] == "Pressed [1] Join on the last message." and "**Bob** joins" in out[1]
    finally:
        await store.close()


async def test_game_hand_and_as_show_private_text_only_behind_the_curtain(tmp_path):
    store, local = await local_table(tmp_path, render=True)
    try:
        for line in ("as Ann", "game new workers", "as Bob", "game join", "as Ann", "game start"):
            await local.handle(line)
        out = await local.handle("game hand")
        public = [x for x in out if isinstance(x, str)]
        assert not any("In your hand" in line or "hand.png" in line for line in public), public
        curtain = next(c for c in out if isinstance(c, Curtain))
        assert curtain.name == "Ann" and not curtain.pass_keyboard and "In your hand" in curtain.lines[0]
        image = next(line for line in curtain.lines if line.startswith("[image:"))
        assert f"{Path('boards') / 'ann'}" in image and Path(image[len("[image: "):-1]).exists()
        screen = Screen()
        await present(screen, out, local.user)
        assert [p for p, _ in screen.reads] == ["Press Enter to hide (or type your next command: the screen is "
                                                "cleared first). "]
        assert "In your hand" in "\n".join(screen.reads[0][1]) and "In your hand" not in "\n".join(screen.screen)
        assert screen.clears == 1
        out = await local.handle("as Bob")
        assert out[0] == "You are now Bob." and isinstance(out[-1], Curtain) and out[-1].pass_keyboard
        screen = Screen(typed=["", "pick 1"])
        command, ended = await present(screen, out, local.user)
        assert screen.reads[0][0] == "Pass the keyboard to Bob — press Enter when only Bob is looking. "
        assert "Card under +1" not in "\n".join(screen.reads[0][1])           # not before the pass
        assert "Card under +1" in "\n".join(screen.reads[1][1])
        assert (command, ended) == ("pick 1", False) and screen.screen == [AGAIN, "You are now Bob."]
    finally:
        await store.close()


async def test_open_mode_keeps_the_shared_screen(tmp_path):
    store, local = await local_table(tmp_path, hotseat=False)
    try:
        for line in ("as Ann", "game new workers", "as Bob", "game join", "as Ann", "game start"):
            out = await local.handle(line)
        assert all(isinstance(x, str) for x in out) and local.user == "Ann"     # no curtain, no switch
        assert any(x.startswith("(private to Ann) Your move") for x in out)
        out = await local.handle("game hand")
        assert out[0].startswith("(only you see this) In your hand")
        out = await local.handle("as Bob")
        assert out[1].startswith("(private to Bob) Your move")
    finally:
        await store.close()


def test_the_console_clears_a_terminal_and_scrolls_a_pipe(capsys):
    Console(lambda prompt: None, tty=True).clear()
    assert capsys.readouterr().out == CLEAR
    Console(lambda prompt: None, tty=False).clear()
    out = capsys.readouterr().out
    assert out.endswith(HIDDEN + "\n") and out.count("\n") > 50
    assert folder_name("Zoë O'Neil") == "zoe-o-neil" and folder_name("../..") == "player"


async def test_run_local_is_hot_seat_unless_open(tmp_path, monkeypatch, capsys):
    """The terminal loop: a command typed at the hide prompt runs next, as the typist."""
    import io
    import os

    for open_table, expect in ((False, "Pass the keyboard"), (True, "(private to Bob)")):
        read, write = os.pipe()
        os.write(write, b"as Ann\ngame new workers\n\nas Bob\ngame join\n\nas Ann\ngame start\ngame hand\n"
                        b"\nas Bob\n\n\nquit\n")
        os.close(write)
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(os.fdopen(read, "rb")))
        await run_local(str(tmp_path / f"{open_table}.db"), str(tmp_path / "boards"), open_table=open_table)
        out = capsys.readouterr().out
        assert expect in out and "Traceback" not in out
        assert ("---- private to Ann ----" in out) is not open_table


async def test_found_in_play_solo_needs_no_curtain_commands_lose_their_slash_and_undo_follows_the_mover(tmp_path):
    """From the newcomers' games at the local table: a solo game hid every payment menu behind a
    curtain; prompts said `/railways place`; `game undo` right after a move was asked by the next
    typist; joining raised a curtain for "You have a seat"."""
    store, local = await local_table(tmp_path / "solo")
    local.follow = True
    try:
        out = await local.handle("game new railways")
        assert not any(isinstance(x, Curtain) for x in out) and local.solo
        assert not any("`/railways" in x for x in out if isinstance(x, str)), out
        assert any("`railways place`" in x for x in out if isinstance(x, str)), out
    finally:
        await store.close()
    store, local = await local_table(tmp_path / "three")
    local.follow = True
    try:
        for line in ("as Ann", "game new rotw barons=false", "as Bob", "game join", "as Cat"):
            out = await local.handle(line)
        out = await local.handle("game join")
        assert not any(isinstance(x, Curtain) for x in out) and not local.solo, out      # no welcome curtain
        await local.handle("as Ann")
        await local.handle("game start")
        first = local.user
        await local.handle("rotw bid 2")
        assert local.user != first                                  # the keyboard moved on
        out = await local.handle("game undo")
        assert out[0] == f"The last move was {first}'s: {first} asks to take it back.", out
        assert local.user == first and any("takes back their last move" in x for x in out if isinstance(x, str))
    finally:
        await store.close()


async def test_a_refusal_or_a_status_answer_needs_no_enter(tmp_path):
    """A refused move and `game status` were shown behind the curtain ("Press Enter to hide"),
    though they hold no secret: each cost an extra Enter. They now show on the screen at once;
    a hand still comes behind the curtain."""
    store, local = await local_table(tmp_path)
    try:
        for line in ("as Ann", "game new workers", "as Bob", "game join", "as Ann", "game start"):
            out = await local.handle(line)
            await present(Screen(), out, local.user)
        for line, said in (("workers pass", "That is for the turn step"),
                           ("workers buy 2", "That is for the turn step"),
                           ("game status", "Railway Workers**, round 1 of 4")):
            out = await local.handle(line)
            assert not any(isinstance(x, Curtain) for x in out), out
            assert any(said in x for x in out if isinstance(x, str)), out
            screen = Screen()
            assert await present(screen, out, local.user) == (None, False)
            assert screen.reads == [] and screen.clears == 0 and said in "\n".join(screen.screen)
        out = await local.handle("game hand")
        assert [x.name for x in out if isinstance(x, Curtain)] == ["Ann"]
        assert not any("In your hand" in x for x in out if isinstance(x, str))
    finally:
        await store.close()


async def test_two_open_menus_need_the_letter_and_public_buttons_stay_pressable(tmp_path):
    """Issue 31, part 5 (`click N` / `pick N`): after a private refusal the public turn buttons
    could not be pressed any more, and after two private menus `pick 1` bought from the second
    (a link bought by mistake). Each message with choices now carries a letter; a bare number
    acts only on the last message seen and, for a menu, only when no other menu is open to the
    typist; a letter reaches any choice still on screen."""
    store, local = await local_table(tmp_path, hotseat=False)
    try:
        await local.handle("game new railways cards=5,6,7,8")
        rng = random.Random(1)
        for _ in range(200):                                  # on until a hire and an add are both open
            match = (await local.table.session(1)).match
            legal = match.game.legal_actions(match.state, 0)
            if {"hire", "add_passenger"} <= {a["type"] for a in legal}:
                break
            await local.table.act(local.caller(), rng.choice(legal))
        first = await local.handle("railways hire")
        second = await local.handle("railways add")
        menus = [next(line.split(",")[0].removeprefix("Menu ") for line in out if line.startswith("Menu "))
                 for out in (first, second)]
        assert menus[0] != menus[1], (first, second)
        before = len((await local.table.session(1)).match.log)
        out = await local.handle("pick 1")
        assert "menus are open to you (" in out[0] and "nothing was picked" in out[0], out
        assert len((await local.table.session(1)).match.log) == before
        out = await local.handle(f"pick {menus[0]}1")             # the first menu, by its letter
        assert out[0].startswith("Picked (1) ") and out[0].endswith(f"on message {menus[0]}."), out
        assert len((await local.table.session(1)).match.log) == before + 1
        log = (await local.table.session(1)).match.log
        assert log[-1][1]["type"] == "hire", log[-1]
    finally:
        await store.close()


async def test_an_abandoned_games_secret_never_shows_in_the_next(tmp_path):
    """Issue 31, part 5 ("Secrets and restarts"): after an abandoned game the next lobby showed
    Bob the old game's baron choice, which had waited for him to take the keyboard."""
    store, local = await local_table(tmp_path)
    try:
        for line in ("as Ann", "game new rotw barons=true", "as Bob", "game join", "as Ann", "game start"):
            await local.handle(line)
        assert local.inbox.get(user_id("Bob")), "Bob's baron choice waits for him"
        await local.handle("game abandon yes")
        for line in ("game new rotw barons=true",):
            await local.handle(line)
        out = await local.handle("as Bob")
        shown = "\n".join(line for curtain in out if isinstance(curtain, Curtain) for line in curtain.lines)
        assert "baron" not in shown.lower(), shown
    finally:
        await store.close()


async def test_a_restarted_table_keeps_earlier_boards_and_knows_the_players(tmp_path):
    """Issue 31, part 5: restarting the local table in the same folder overwrote the earlier board
    PNGs (numbered from 1 again) and greeted a seat as "someone"."""
    store, local = await local_table(tmp_path, render=True)
    try:
        for line in ("as Ann", "game new workers", "as Bob", "game join", "as Ann", "game start"):
            await local.handle(line)
        await local.handle("game board")
        before = {p: p.read_bytes() for p in (tmp_path / "boards").rglob("*.png")}
        assert before
    finally:
        await store.close()
    store, again = await local_table(tmp_path, render=True)
    try:
        said = await again.resume()
        assert said and "Ann, Bob" in said[0], said
        out = "\n".join(str(x) for x in await again.handle("game board"))
        assert "someone" not in out, out
        after = {p: p.read_bytes() for p in (tmp_path / "boards").rglob("*.png")}
        assert all(after[p] == data for p, data in before.items()) and len(after) > len(before)
        text = "\n".join(again._message(Message(f"<@{user_id('Bob')}> to move"), ""))
        assert text == "Bob to move", text
    finally:
        await store.close()


async def test_a_restarted_table_shows_the_turn_again_and_keeps_secret_choices_waiting(tmp_path):
    """Play-tests (Steam, RotW): after restarting the local table, the buttons seen before could not
    be pressed ("The last message you saw has no buttons") and a secret baron choice promised to Bob
    never came when he took the keyboard. The restart now shows the board with the turn's buttons,
    and each seat's secret choice waits for it."""
    store, local = await local_table(tmp_path)
    try:
        for line in ("as Ann", "game new rotw", "as Bob", "game join", "as Cy", "game join", "as Ann", "game start"):
            await local.handle(line)
    finally:
        await store.close()
    store, again = await local_table(tmp_path)
    try:
        said = "\n".join(str(x) for x in await again.resume())
        assert "Buttons A: [1] My hand" in said and "`game hand` shows it" in said, said
        assert "Pressed [1] My hand" in "\n".join(str(x) for x in await again.handle("click 1"))
        out = await again.handle("as Bob")
        shown = "\n".join(line for curtain in out if isinstance(curtain, Curtain) for line in curtain.lines)
        assert "Keep one of your two barons" in shown, out
    finally:
        await store.close()


async def test_a_restarted_table_goes_on_with_the_typist_of_before(tmp_path):
    """Play-test (Workers): Cy was typing (the game waited on all three) when the table stopped; after
    the restart the keyboard was Ann's, and moves meant for Cy went to Ann."""
    store, local = await local_table(tmp_path)
    try:
        for line in ("as Ann", "game new workers", "as Bob", "game join", "as Cy", "game join", "as Ann",
                     "game start", "as Cy"):
            await local.handle(line)
        waiting = await local._waiting()
        assert "Cy" in waiting[1] and waiting[1][0] != "Cy", waiting
    finally:
        await store.close()
    store, again = await local_table(tmp_path)
    try:
        said = "\n".join(str(x) for x in await again.resume())
        assert again.user == "Cy" and "Cy types now" in said, said
    finally:
        await store.close()


async def test_a_pick_past_the_menu_says_what_the_menu_holds(tmp_path):
    """Issue 31, part 5 (Workers: `pick 2.2` after a menu collapsed): a number past the menus
    names the menus on screen and the numbers they take."""
    store, local = await local_table(tmp_path, hotseat=False)
    try:
        for line in ("as Ann", "game new workers", "as Bob", "game join", "as Ann", "game start", "game hand"):
            await local.handle(line)
        (select,) = local.selects
        out = await local.handle("pick 2.2")
        assert out == [f"There is no option 2.2 on your last private message ({select.placeholder}: pick 1 to "
                       f"{len(select.options)}); nothing was picked."], out
    finally:
        await store.close()


def test_letters_go_round_a_to_z_and_on_past_z():
    """The local table's letters (bot/letters.py) go A-Z and round again: the 27th message with
    choices is A, the 28th B, the oldest giving its letter up. (Played at the local table: after
    Z every new message got A, so a private preview and the table's buttons both showed A and the
    newer one took the letter from the other.)"""
    from railhead.bot.letters import Letters
    from railhead.bot.replies import Button

    letters = Letters()
    messages = [Message(f"m{n}", components=[Button(f"b{n}", {"type": "pass"})]) for n in range(30)]
    given = [letters.of(m) for m in messages]
    assert given[:26] == [chr(ord("A") + n) for n in range(26)]
    assert given[26:] == ["A", "B", "C", "D"]
    assert letters.message("B") is messages[27] and letters.message("E") is messages[4]
