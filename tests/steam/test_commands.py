"""How many commands a whole Steam game takes through the table (issue 31: a newcomer's 3-player
standard game took about 445; each delivery three commands, `deliver`, `pick` and Income/VP, and
capital three a turn when nobody raised). ``bench/steam_commands.py`` plays the steady player's
moves by the quickest way the table offers and counts them."""
from bench import steam_commands


async def test_a_standard_game_asks_only_what_has_more_than_one_sensible_answer(tmp_path):
    """A delivery is one pick (the route and the mover's own income or VP together, from the move
    prompt's menus); "no capital, don't ask again" is pressed once per player; a seat whose only
    move is to pass is not asked. Before: 321 commands for this seed, 2 a delivery (plus Income/VP
    for every scorer), 26 for capital; now about 220."""
    result = await steam_commands.play(3, standard=True, seed=21, folder=str(tmp_path))
    by_kind, moves = result["by_kind"], result["moves_by_kind"]
    assert result["over"] and result["turns"] == (10, 10)
    assert moves["deliver"] >= 10 and by_kind["deliver"] == moves["deliver"]       # one pick each
    assert by_kind["capital"] <= 3                                                 # once per player
    assert by_kind["score"] < moves["deliver"]                                     # only other owners
    # a typed track tile is built at once unless it lowers income (then its preview asks): play-test
    # 2026-11-28, about 70 `click 1`s in a game); before, every tile took two (the command and Confirm);
    # for this seed now 96 commands for 57 tiles
    assert by_kind["build"] < 2 * moves["build"]
    assert result["commands"] <= 210, result
