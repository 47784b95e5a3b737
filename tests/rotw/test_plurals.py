"""Counts read right in every Railways of the World text (issue 31, newcomer games: "1 points"):
the channel's event lines, the status and the board's panel say "1 point", "1 bond", "1 link"."""
import re

import pytest
from PIL import ImageDraw

from railhead.ai.policy import play
from railhead.bot.games.rotw.status import status_text
from railhead.bot.games.rotw.ui import UI
from railhead.render import rotw as render

from .helpers import GAME

ONE_MANY = re.compile(r"(?<![\d.,$])\b1 (points|bonds|links|tiles|cubes|cards|lines)\b")


@pytest.mark.parametrize("options,seed", [({"map": "through-time"}, 2), ({"map": "eastern-us", "events": True,
                                                                          "mines": True}, 5)])
def test_no_text_says_1_points(options, seed, monkeypatch):
    """Every event text and status of a random game, and its board panel every 40 moves."""
    names, _, log = play(GAME, 3, seed, options=options)
    state = GAME.setup(options, names, seed)
    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", lambda self, xy, text, *a, **k: (drawn.append(text),
                                                                                       real(self, xy, text, *a, **k)))
    texts = []
    for i, (seat, action) in enumerate(log):
        state, events = GAME.apply(state, seat, action)
        texts += [e["text"] for e in events if e.get("text")]
        if GAME.outcome(state) is None:
            view = GAME.view(state, None)
            texts.append(status_text(view))
            if i % 40 == 0:
                render.draw_board(view)
    view, outcome = GAME.view(state, None), GAME.outcome(state)   # the final scores, one player at 1 link
    outcome["table"][0]["links"] = view["final"]["table"][0]["links"] = 1
    texts.append(UI.outcome_text(view, outcome))
    render.draw_board(view)
    wrong = sorted({m.group(0) + ": " + t[:80] for t in texts + drawn for m in [ONE_MANY.search(t)] if m})
    assert not wrong, wrong
    assert any(re.search(r"\b1 point\b", t) for t in texts + drawn)      # the case came up
