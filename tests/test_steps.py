"""The core's turn structure (``engine/core/steps.py``, issue 19 item 3): a game declares its steps;
the dispatcher refuses a kind the step in force does not take (naming what may be done now),
refuses a seat that may not act with the one wording "It is not your turn: Ann is to act.", lets
several seats act at once where the step says so, and leaves the state untouched after a refusal."""
from __future__ import annotations

from pathlib import Path
from typing import ClassVar, Union

import msgspec
import pytest

from railhead.engine import GAMES
from railhead.engine.core import Action, Game, IllegalAction, Step, canonical, kind_of, not_your_turn
from railhead.engine.core.actions import struct_types
from railhead.engine.core.steps import actors_of

ROOT = Path(__file__).resolve().parent.parent


class Vote(Action, tag="vote"):
    """Vote for a colour (everyone at once)."""

    colour: str
    example: ClassVar[dict] = {"type": "vote", "colour": "red"}


class Move(Action, tag="move"):
    """Move the token one space (on your turn)."""

    example: ClassVar[dict] = {"type": "move"}


class Pass(Action, tag="pass"):
    """Let your turn go by."""

    example: ClassVar[dict] = {"type": "pass"}


class Options(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    pass


def _vote(state, seat, action, rng, events):
    state["votes"][seat] = action.colour
    events.append({"type": "vote", "seat": seat})


def _move(state, seat, action, rng, events):
    if state["moves"] >= 3:
        raise IllegalAction("The token is at the end of the track.")
    state["moves"] += 1
    state["at"] = (state["at"] + 1) % len(state["seats"])


def _pass(state, seat, action, rng, events):
    state["at"] = (state["at"] + 1) % len(state["seats"])


class Relay(Game):
    """A test-only game: everyone votes at once, then the seats move a token in turn."""

    id = "relay"
    name = "Relay"
    options_type = Options
    actions = Union[Vote, Move, Pass]  # noqa: UP007
    min_seats = 2
    max_seats = 3
    steps = (
        Step("vote", "vote for a colour", {"vote": _vote}, active=lambda s: None in s["votes"],
             actors=lambda s: [i for i, v in enumerate(s["votes"]) if v is None]),
        Step("race", "move the token or pass", {"move": _move, "pass": _pass}, active=lambda s: s["moves"] < 9,
             actors=lambda s: [s["at"]],
             refuse=lambda s, kind: "The votes are in; nobody votes again." if kind == "vote" else None),
    )

    def _setup(self, options, seats, rng):
        return {"seats": seats, "votes": [None] * len(seats), "at": 0, "moves": 0}

    def _prompts(self, state):
        return [{"seat": s, "kind": "act"} for s in actors_of(self.steps, state)]

    def _legal_actions(self, state, seat):
        return []

    def view(self, state, seat):
        return dict(state)

    def outcome(self, state):
        return None


GAME = Relay()
SEATS = ["Ann", "Bob", "Cid"]


def voted(*seats):
    state = GAME.setup(None, SEATS, 1)
    for seat in seats:
        state, _ = GAME.apply(state, seat, {"type": "vote", "colour": "red"})
    return state


def refused(state, seat, action) -> str:
    before = canonical(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, action)
    assert canonical(state) == before                 # a refusal leaves the state as it was
    return str(err.value)


def test_several_seats_act_at_once_in_any_order():
    state = voted(2)
    assert [p["seat"] for p in GAME.prompts(state)] == [0, 1]
    state = voted(2, 0, 1)
    assert state["votes"] == ["red", "red", "red"]


def test_a_seat_that_may_not_act_is_refused_naming_who_is_to_act():
    assert refused(voted(0, 1, 2), 1, {"type": "move"}) == "It is not your turn: Ann is to act."
    assert refused(voted(1), 1, {"type": "vote", "colour": "blue"}) == "It is not your turn: Ann or Cid are to act."
    assert refused(voted(), 0, {"type": "move"}).startswith("Now is the time to vote")
    assert not_your_turn({"seats": SEATS}, [0, 1, 2]) == "It is not your turn: Ann, Bob or Cid are to act."


def test_a_kind_the_step_does_not_take_is_refused_with_what_may_be_done_now():
    assert refused(voted(), 1, {"type": "pass"}) == "Now is the time to vote for a colour: `vote`."
    state = voted(0, 1, 2)
    assert refused(state, 0, {"type": "vote", "colour": "red"}) == "The votes are in; nobody votes again."


def test_the_handler_runs_for_the_right_seat_and_its_own_refusals_stand():
    state = voted(0, 1, 2)
    for seat in (0, 1, 2):
        state, _ = GAME.apply(state, seat, {"type": "move"})
    assert (state["at"], state["moves"]) == (0, 3)
    assert refused(state, 0, {"type": "move"}) == "The token is at the end of the track."
    state, _ = GAME.apply(state, 0, {"type": "pass"})
    assert state["at"] == 1


def test_kind_of_names_an_action_without_private_attributes():
    assert kind_of(Vote(colour="red")) == "vote" and kind_of(GAME.decode({"type": "pass"})) == "pass"
    with pytest.raises(TypeError):
        kind_of(Options())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_declares_steps_that_take_all_its_actions(game_id):
    game = GAMES[game_id]
    assert game.steps, f"{game_id} declares no steps"
    taken = {kind for step in game.steps for kind in step.takes}
    assert taken == {kind_of(game.decode(cls.example)) for cls in struct_types(game.actions)}
    for step in game.steps:
        assert step.doing and step.doing[0].islower() and not step.doing.endswith(".")


@pytest.mark.parametrize("game_id, seats, seat, action, message", [
    ("rotw", ["Ann", "Bob"], 1, {"type": "pass"}, "It is not your turn: Ann is to act."),
    ("rotw", ["Ann", "Bob"], 0, {"type": "upgrade"},
     "Now is the time to bid or pass in the first-player auction: `bid`, `pass`, `use_card`."),
    ("railways", ["Ann"], 0, {"type": "end_decade"}, "Place the four passenger dice first"),
])
def test_the_real_games_use_the_one_wording(game_id, seats, seat, action, message):
    game = GAMES[game_id]
    state = game.setup({"barons": False} if game_id == "rotw" else None, seats, 7)     # the auction first
    before = canonical(state)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, seat, action)
    assert str(err.value).startswith(message)
    assert canonical(state) == before


def test_no_file_reads_msgspec_private_struct_config():
    private = "__struct" + "_config__"
    found = [str(path.relative_to(ROOT)) for folder in ("engine", "bot", "render", "tests", "tools")
             for path in (ROOT / folder).rglob("*.py") if private in path.read_text(encoding="utf-8")]
    assert found == []
