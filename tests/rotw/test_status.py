"""``/game status`` says where the game stands (bot/games/rotw/status.py): while the barons are
chosen ("Deal Out Railroad Baron Cards"), and once it is over ("Ending the Game": points minus
one per bond, plus a met baron, is the final score)."""
from railhead.ai.policy import play
from railhead.bot.games.rotw.ui import RotwUI

from .helpers import GAME

UI = RotwUI()


def test_status_during_the_barons_choice_says_so():
    state = GAME.setup({"barons": True}, ["A", "B", "C"], 3)
    text = UI.status_text(GAME.view(state, None))
    assert "choosing barons" in text.splitlines()[0] and "auction" not in text.splitlines()[0]


def test_status_after_the_end_says_the_game_is_over_with_the_final_scores():
    for seed, options in ((5, {}), (1, {"barons": True})):      # seed 1: one baron is met
        _, state, _ = play(GAME, 3, seed, options=options)
        outcome = GAME.outcome(state)
        assert outcome is not None
        assert not options or any(row["baron"]["met"] for row in outcome["table"])
        first, scores = UI.status_text(GAME.view(state, None)).splitlines()[:2]
        assert "the game is over" in first and "round 0" not in first
        expected = "; ".join(f"{row['name']} {row['score']} = {row['formula']}" for row in outcome["table"])
        assert scores == f"Final scores: {expected}."
