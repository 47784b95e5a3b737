"""Railway Workers at the local table (``make run`` without a Discord token): a whole 2-player
game typed as a player would, with the `workers` commands for the secret steps and `click`/`pick`
for everything else (railway-workers.txt, "Round overview")."""
import random
from pathlib import Path
from types import SimpleNamespace

from railhead.bot.local import LocalTable
from railhead.bot.store import open_store
from railhead.bot.table import Table
from railhead.bot.typed_args import command_args


async def test_a_whole_game_typed_at_the_local_table(tmp_path):
    store = await open_store(str(tmp_path / "local.sqlite"))
    local = LocalTable(Table(store, render=False, seeds=lambda: 4), Path(tmp_path / "boards"))
    rng = random.Random(9)
    seen: list[str] = []

    async def say(line: str) -> list[str]:
        out = await local.handle(line)
        seen.extend(out)
        return out

    try:
        for line in ("as Ann", "game new workers", "as Bob", "game join", "as Ann", "game start"):
            await say(line)
        for _ in range(2000):
            session = await local.table.session(1)
            if session is None:
                break
            prompt = rng.choice(session.match.prompts())
            name = ["Ann", "Bob"][prompt["seat"]]
            await say(f"as {name}")
            me = session.match.view(prompt["seat"])["players"][prompt["seat"]]
            if prompt["kind"] == "place":
                out = await say("workers place " + " ".join(rng.sample(me["hand"], 4)))
                assert any("Your cards:" in line for line in out), out
            elif prompt["kind"] == "assign":
                out = await say("workers assign " + " ".join(map(str, rng.sample(me["dice"], 4))))
                assert any("Your dice:" in line for line in out), out
            elif prompt["kind"] in ("low_roll", "reroll"):
                await say("workers reroll keep")
            else:
                await say("game hand")
                menus = [f"pick {m + 1}.{rng.randrange(len(s.options)) + 1}" for m, s in enumerate(local.selects)]
                clicks = [f"click {i + 1}" for i, b in enumerate(local.buttons) if b.label != "Pass (+1 coin)"]
                out = await say(rng.choice(menus + clicks or ["click 1"]))
                assert not any("earlier moment" in line or "no such" in line for line in out), out
                if local.selects and any(line.startswith("(only you see this)") for line in out):
                    out = await say(f"pick 1.{rng.randrange(len(local.selects[0].options)) + 1}")   # a second step
                    assert not any("no such" in line for line in out), out
        else:
            raise AssertionError("the game did not end")
        text = "\n".join(seen)
        assert "Final score" in text and "Cards under +6" in text and "Traceback" not in text
    finally:
        await store.close()


def test_a_word_that_names_a_choice_goes_to_its_parameter():
    """A new player typed `workers buy 1 bottom` (refused: `bottom` went to the site number); a
    word that is one of exactly one parameter's choices now goes to that parameter."""
    from railhead.bot.registry import UIS
    ui = UIS["workers"]
    assert command_args(ui, ["buy", "1", "bottom"]) == {"count": "1", "part": "bottom"}
    assert command_args(ui, ["buy", "2", "3"]) == {"count": "2", "site": "3"}
    assert command_args(ui, ["store", "tracks", "4", "2", "bottom"]) == {
        "kind": "tracks", "site": "4", "count": "2", "part": "bottom"}
    assert command_args(UIS["steam"], ["build", "D3", "W", "E"])["exits"] == "W E"


def test_names_with_spaces_need_no_quotes_when_the_next_word_cannot_be_the_next_option():
    """A new player typed `steam tile first build` ("`pass_option` must be true or false") and
    `steam deliver Reggio Emilia red`: a word that cannot be the next option goes on with the name."""
    from railhead.bot.registry import UIS
    steam = UIS["steam"]
    assert command_args(steam, ["tile", "first", "build"]) == {"tile": "first build"}
    assert command_args(steam, ["tile", "engineer", "true"]) == {"tile": "engineer", "pass_option": "true"}
    assert command_args(steam, ["deliver", "Reggio", "Emilia", "red"]) == {"from": "Reggio Emilia",
                                                                             "colour": "red"}
    assert command_args(steam, ["urbanize", "Reggio", "Emilia", "gray"]) == {"town": "Reggio Emilia",
                                                                               "tile": "gray"}
    assert command_args(UIS["workers"], ["buy", "2", "3", "x"]) == {"count": "2", "site": "3", "part": "x"}


def test_a_word_joins_a_name_only_when_it_cannot_be_the_next_option():
    """A review found the joining too eager: a mistyped colour became part of the city, and words
    left at the end were taken into a name instead of refused."""
    from railhead.bot.registry import UIS
    steam, rotw = UIS["steam"], UIS["rotw"]
    assert command_args(steam, ["deliver", "Milano", "grey"]) == {"from": "Milano", "colour": "grey"}
    assert command_args(rotw, ["urbanize", "Berlin", "grey"])["colour"] == "grey"
    assert "_extra" in command_args(rotw, ["link", "Frankfurt", "am", "Mainz", "Basel"])
    assert command_args(UIS["railways"], ["place", "A2", "3k"]).get("_extra") is None


def test_too_many_dice_says_how_to_give_plus_tokens():
    """A new player typed `workers assign 6 5 3 4 0 0 1 0`; the answer must name a form that works
    (the local table's `plus=0,0,1,0`, which the parser keeps apart from the dice)."""
    import pytest

    from railhead.bot.games.workers.ui import assign_step
    from railhead.bot.registry import UIS
    from railhead.engine import IllegalAction
    view = {"players": [{"dice": [6, 5, 3, 4], "ready": False}]}
    from railhead.engine.games.workers.prompts import Assign
    ctx = SimpleNamespace(seat=0, prompt=lambda: Assign(seat=0, round=1, phase=1), view=lambda: view)
    with pytest.raises(IllegalAction, match=r"`plus:0 0 1 0` \(at the local table `plus=0,0,1,0`\)"):
        assign_step(ctx, {"dice": "6 5 3 4 0 0 1 0"})
    args = command_args(UIS["workers"], ["assign", "6", "5", "3", "4", "plus=0,0,1,0"])
    assert args == {"dice": "6 5 3 4", "plus": "0,0,1,0"}
    assert assign_step(ctx, args).action == {"type": "assign", "dice": [6, 5, 3, 4], "plus": [0, 0, 1, 0],
                                             "ready": True}
