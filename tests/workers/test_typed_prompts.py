"""Railway Workers' typed prompts (issue 32, "One turn grammar per game": a typed prompt kind with its
payload): every prompt the steps show reads back as its struct (``engine/games/workers/prompts.py``)
and turns into the same JSON again; no kind a step can show is missing from ``prompt_types``.

Rule source for the kinds: railway-workers.txt, "Round phases - steps" (cards, dice, low rolls,
reroll tokens, the turns) and the questions that interrupt ("Construction site Development",
"Payments Phase" a, "Get 1 Bonus")."""
from __future__ import annotations

import typing

import pytest

from railhead.engine.core.actions import tag_of
from railhead.engine.core.game import canonical
from railhead.engine.core.prompts import Prompt, body
from railhead.engine.games.workers import prompts
from railhead.engine.games.workers.state import Question, Train
from tests.search_hooks import walk

from .helpers import GAME

DECLARED = {tag_of(cls): cls for cls in typing.get_args(GAME.prompt_types)}
STEP_KINDS = {"place": "place", "low": "low_roll", "tokens": "reroll", "assign": "assign", "play": "turn"}
"""The prompt kind each step of an action phase shows (``state.step``; questions aside)."""


def assert_reads_back(stored: dict) -> Prompt:
    """``stored`` (a prompt as the table keeps it) reads back as a declared struct whose JSON is
    ``stored`` again, byte for byte."""
    typed = GAME.read_prompt(stored)
    assert type(typed) is DECLARED[stored["kind"]], stored
    assert canonical({"seat": typed.seat, **body(typed), "stamp": typed.stamp}) == canonical(stored)
    return typed


def test_every_prompt_of_random_games_reads_back_as_its_struct():
    """Over whole random games of 2, 3 and 4 players (both action phases, every round), every
    prompt of every seat reads back as its struct and re-encodes to the same JSON; the kinds seen
    include every step's and the common questions."""
    seen: set[str] = set()
    steps: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(3):
            for state, _ in walk(GAME, players, seed, 3000):
                steps.add(state.step)
                for stored in GAME.prompts(state):
                    assert_reads_back(stored)
                    seen.add(stored["kind"])
    assert steps == set(STEP_KINDS)
    assert seen >= set(STEP_KINDS.values()) | {"bonus", "reward", "train_city"}


def question_state(kind: str):
    """A fresh 4-player game with one question of ``kind`` pending (a train on the map for a
    junction), as ``pending.py``'s callers queue them."""
    state = GAME.setup({}, ["Maria", "Tim", "Leo", "Ann"], 1)
    site = int(next(iter(state.sites)))
    fields: dict[str, typing.Any] = {
        "reward": {"site": site, "table": "plans", "tile": "P", "first": 1, "second": None},
        "train_city": {"project": site},
        "junction": {"train": 1, "options": [4, 5], "then": "turn"},
        "bonus": {"seat": 2},
    }[kind]
    if kind == "junction":
        state.trains.append(Train(id=1, city="Lisboa", black=True, facing=None, came=7))
    state.pending.append(Question(kind=kind, **fields))
    return state


QUESTION_KINDS = typing.get_args(typing.get_type_hints(Question)["kind"])


@pytest.mark.parametrize("kind", QUESTION_KINDS)
def test_every_question_kind_is_a_declared_prompt(kind):
    """Each kind of question that interrupts play (``state.Question.kind``) is shown as its own
    declared prompt, with the answers offered."""
    stored = GAME.prompts(question_state(kind))
    assert [p["kind"] for p in stored] == [kind]
    typed = assert_reads_back(stored[0])
    assert isinstance(typed, prompts.Question) and typed.options


def test_prompt_types_declares_exactly_the_kinds_the_steps_show():
    """``prompt_types`` names each kind a step can show, and nothing else: the action phase's steps
    and the four questions. A kind added to a step without its struct fails here (and in the
    playouts above, where it would not read back)."""
    questions = set(QUESTION_KINDS)
    assert questions == {"reward", "train_city", "junction", "bonus"}
    assert set(DECLARED) == set(STEP_KINDS.values()) | questions
    for kind in questions:
        assert issubclass(DECLARED[kind], prompts.Question)
