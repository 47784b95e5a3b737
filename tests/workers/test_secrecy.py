"""Cards stay face down until their place is revealed, also in the channel's text (issue "Railway
Workers", "Secrets and simultaneous play"; railway-workers.txt: the screens hide the dice, the cards
are turned over place by place). A play-test found every placed card named when the dice were shown."""
from railhead.engine import GAMES, events_for
from railhead.engine.games.workers import data

GAME = GAMES["workers"]


def test_lifting_the_screens_shows_the_dice_not_the_cards():
    state = GAME.setup({}, ["Ann", "Tim", "Leo"], 11)
    public: list[dict] = []
    while state.step != "play":
        seat = GAME.prompts(state)[0]["seat"]
        state, events = GAME.apply(state, seat, GAME.timeout_action(state, seat))
        public = events_for(events, None)
    shown = [e for e in public if e["type"] == "dice_shown"]
    assert len(shown) == 3 and all("die" in e["text"] and "face down" in e["text"] for e in shown)
    names = {data.card_name(c) for p in state.players for c in p.placed}
    assert not any(n in e["text"] for e in shown for n in names)
    (reveal,) = [e for e in public if e["type"] == "reveal"]
    assert reveal["slot"] == 1                       # only the +1 cards are turned over now
    later = {data.card_name(p.placed[i]) for p in state.players for i in (1, 2, 3)} - \
        {data.card_name(p.placed[0]) for p in state.players}
    assert not any(n in e["text"] for e in public for n in later)
