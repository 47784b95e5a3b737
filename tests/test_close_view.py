"""Issue 23, part 6: every move that changes the board carries, beside the whole board, a close
view around where it happened (``GameUI.focus``), so a phone shows what changed without zooming."""
import io

from PIL import Image

from railhead.bot.replies import Message
from railhead.bot.ui import moved_hexes

from .helpers_table import seated


def _size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


async def test_a_steam_tile_laid_carries_the_board_and_a_smaller_close_view(db_path):
    store, table, callers, start = await seated(db_path, "steam", names=("Ann", "Bob", "Cat"), render=True)
    try:
        while True:
            match = (await table.session(7)).match
            (prompt,) = match.prompts()
            if prompt["kind"] != "select":
                break
            tile = next(a for a in match.legal_actions(prompt["seat"]) if a.get("pass_option"))
            picked = await table.act(callers[prompt["seat"]], tile)
            assert [p.name for p in picked.table.images] == ["board.png"]     # a tile taken: not on the map
        build = next(a for a in match.legal_actions(prompt["seat"]) if a["type"] == "build")
        reply = await table.act(callers[prompt["seat"]], build)
        (_, board), (name, near) = [(p.name, p.data) for p in reply.table.images]
        assert name == "close.png"
        (bw, bh), (nw, nh) = _size(board), _size(near)
        assert nw * nh < bw * bh / 2                  # a smaller area of the map, drawn larger
        assert build["hex"] in moved_hexes(match.view(None), (await table.session(7)).match.view(None))
    finally:
        await store.close()


def test_where_a_move_happened():
    before = {"last": ["A1"], "track": {"B2": [1]}, "cities": {"C3": {"cubes": ["red"]}}}
    assert moved_hexes(before, {**before, "last": ["D4", "D5"]}) == ["D4", "D5"]
    assert moved_hexes(before, {**before, "cities": {"C3": {"cubes": []}}}) == ["C3"]
    assert moved_hexes(before, dict(before)) is None                       # nothing on the map moved
    growth = {"last": ["A1"], "track": {}, "cities": {f"C{i}": {"cubes": ["red"]} for i in range(1, 12)}}
    assert moved_hexes({**growth, "cities": {}}, growth) is None           # everywhere: no close view


def test_the_local_table_writes_both_images(tmp_path):
    from railhead.bot.local import LocalTable
    local = LocalTable.__new__(LocalTable)
    local.images, local.out_dir, local.hotseat, local.names = 0, tmp_path, False, {}
    lines = local._message(Message("A move.", image=b"board", more=[("close.png", b"near")]), "")
    assert [p.name for p in sorted(tmp_path.iterdir())] == ["0001-board.png", "0002-close.png"]
    assert sum("[image:" in line for line in lines) == 2
