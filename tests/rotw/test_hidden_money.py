"""Hidden money (railways-of-the-world.txt, "Bonds and Money": money public by default, hidden if
all agree): each player sees only their own cash until the end; bonds stay public."""
from engine import canonical
from render import rotw as render_rotw

from .helpers import GAME, Table


def test_hidden_money_is_seen_only_by_its_owner_until_the_end():
    t = Table(players=3, hidden_money=True)
    t.act(0, type="bid", amount=2)                 # Ann pays with a bond: her cash changes, her bonds show
    t.act(1, type="pass")
    t.act(2, type="pass")
    mine = GAME.view(t.state, 0)["players"]
    theirs = GAME.view(t.state, 1)["players"]
    public = GAME.view(t.state, None)["players"]
    assert mine[0]["cash"] == 3 and theirs[0]["cash"] is None and public[0]["cash"] is None
    assert theirs[1]["cash"] == 0 and theirs[0]["bonds"] == 1
    assert render_rotw.board_png(GAME.view(t.state, None))[:4] == b"\x89PNG"
    other = Table(players=3, hidden_money=True)
    other.act(0, type="bid", amount=2)
    other.act(1, type="pass")
    other.act(2, type="pass")
    other.state["players"][0]["cash"] = 9          # a different amount: nobody else can tell
    assert canonical(GAME.view(other.state, 1)) == canonical(GAME.view(t.state, 1))
    t.state["phase"] = "over"
    assert GAME.view(t.state, 1)["players"][0]["cash"] == 3


def test_money_is_public_by_default():
    t = Table(players=2)
    assert GAME.view(t.state, None)["players"][0]["cash"] == 0
