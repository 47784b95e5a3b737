"""AI seats' levels per game (issue 34, "levels: easy (heuristic), normal and hard (search with
more budget)"): a game whose search needs more playouts a move sets its own budgets
(``LEVEL_BUDGETS``, ``railhead.ai.levels_for``); a host's ``RAILHEAD_AI_LEVELS`` still wins."""
from __future__ import annotations

from railhead.ai import LEVELS, levels_for
from railhead.ai.rotw import LEVEL_BUDGETS
from railhead.bot import ai_pool


def test_railways_of_the_world_searches_with_its_own_budgets():
    rotw = levels_for("rotw")
    assert rotw["easy"] == LEVELS["easy"]
    assert rotw["normal"] == ("search", LEVEL_BUDGETS["normal"]) != LEVELS["normal"]
    assert rotw["hard"][1] > rotw["normal"][1]


def test_a_game_without_its_own_budgets_keeps_the_shared_ones():
    assert levels_for("workers") == LEVELS


def test_the_bots_levels_are_the_games_unless_the_host_sets_them(monkeypatch):
    monkeypatch.delenv("RAILHEAD_AI_LEVELS", raising=False)
    assert ai_pool.levels("rotw") == levels_for("rotw")
    assert ai_pool.levels() == LEVELS
    monkeypatch.setenv("RAILHEAD_AI_LEVELS", '{"normal": ["search", 30]}')
    assert ai_pool.levels("rotw")["normal"] == ("search", 30)
    assert ai_pool.levels("rotw")["hard"] == levels_for("rotw")["hard"]
