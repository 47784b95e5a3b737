"""Choosing a Railways of the World map (issue 21, "Choosing"): ``/game new``'s map autocomplete
(name, players and summary; filtered by what is typed; the maps that take the channel's player
count first; within Discord's limits), ``/game maps`` (a picture of every map, only for the
caller) on Discord and at the local table, and the refusal to start a table its map does not fit."""
import io

import msgspec
from PIL import Image

from railhead.bot.games.rotw import maps as choosing
from railhead.engine.games.rotw.data import available_maps, load_map


def private(result):
    answer = result.followups[-1] if result.followups else result.response
    assert answer is not None and answer.ephemeral
    return answer


def offered() -> dict:
    """The maps players choose from, by id (the shipped maps and Railways Through Time)."""
    return {m.id: m for m in choosing.maps()}


def in_order(ids: list[str]) -> list[str]:
    """``ids`` as players are offered them without a player count: by smallest, then largest count."""
    m = offered()
    return sorted(ids, key=lambda i: (m[i].min_players, m[i].max_players, m[i].name))


async def channel_with(env, names):
    guild = env.create_guild()
    channel = guild.create_text_channel("maps")
    return channel, [guild.add_member(env.create_user(n)) for n in names]


async def test_map_autocomplete_shows_name_players_and_summary_and_filters(simcord_env):
    channel, (ann,) = await channel_with(simcord_env, ["Ann"])
    choices = await ann.autocomplete(channel, "game new", "map", "")
    assert [c["value"] for c in choices] == in_order([*available_maps(), "through-time"])[:25]
    for choice in choices:
        m = offered()[choice["value"]]
        assert choice["name"].startswith(f"{m.name} · {m.min_players}-{m.max_players} players")
        full = " · ".join(filter(None, (m.name, f"{m.min_players}-{m.max_players} players", m.summary)))
        assert choice["name"] == full or len(full) > 100 and full.startswith(choice["name"].rstrip("…"))
        assert len(choice["name"]) <= 100
    # by name, any case, accents optional; by id
    found = await ann.autocomplete(channel, "game new", "map", "VÍSTULA")
    assert [c["value"] for c in found] == ["vistula-danube"]
    found = await ann.autocomplete(channel, "game new", "map", "rhine-al")
    assert [c["value"] for c in found] == ["rhine-alps"]
    assert await ann.autocomplete(channel, "game new", "map", "no such map") == []
    # another game's maps: plain ids, as before
    steam = await ann.autocomplete(channel, "game new", "map", "", game="steam")
    assert {c["value"] for c in steam} == {"english-midlands", "po-valley"} <= {c["name"] for c in steam}


async def test_map_autocomplete_puts_the_maps_for_the_seated_players_first(simcord_env):
    """A table of five sits in the channel: the maps for five come first (Rhine & Alps, 2-4, is
    first without a count and falls behind them)."""
    channel, members = await channel_with(simcord_env, ["Ann", "Bob", "Cat", "Dan", "Eve"])
    await members[0].slash(channel, "game new", game="rotw")
    for m in members[1:]:
        await m.slash(channel, "game join")
    values = [c["value"] for c in await members[0].autocomplete(channel, "game new", "map", "")]
    fits = [offered()[v].min_players <= 5 <= offered()[v].max_players for v in values]
    assert fits == sorted(fits, reverse=True) and fits[0] and not fits[-1]
    assert values.index("vistula-danube") < values.index("rhine-alps")
    assert set(values) == {*available_maps(), "through-time"}


async def test_map_autocomplete_stays_within_discords_limits(simcord_env, monkeypatch):
    """Thirty maps with long names and summaries: at most 25 choices of at most 100 characters
    (the limits hook of tests/conftest.py refuses anything longer)."""
    channel, (ann,) = await channel_with(simcord_env, ["Ann"])
    base = load_map("rhine-alps")
    many = [msgspec.structs.replace(base, id=f"map-{i:02d}", name=f"A very long map name number {i:02d} " * 2,
                                    summary="x" * 80) for i in range(30)]
    monkeypatch.setattr(choosing, "maps", lambda: many)
    choices = await ann.autocomplete(channel, "game new", "map", "")
    assert len(choices) == 25 and all(len(c["name"]) <= 100 for c in choices)
    assert choices[0]["value"] == "map-00" and choices[0]["name"].endswith("…")


async def test_start_is_refused_naming_the_maps_that_fit(simcord_env):
    channel, (ann, bob) = await channel_with(simcord_env, ["Ann", "Bob"])
    await ann.slash(channel, "game new", game="rotw", map="vistula-danube")
    await bob.slash(channel, "game join")
    text = private(await ann.slash(channel, "game start")).content
    assert text.startswith("Vistula & Danube is for 3-6 players, and 2 are seated.")
    for m in choosing.maps():
        assert (f"{m.name} (`{m.id}`)" in text) == (m.min_players <= 2 <= m.max_players), m.id
    assert (await simcord_env.bot.store.active_game(channel.id)).status == "lobby"


async def test_the_start_button_gives_the_same_refusal(simcord_env):
    """The lobby's Start button is refused with the same sentence as ``/game start`` (it went
    through the engine's shorter refusal before)."""
    channel, (ann, bob) = await channel_with(simcord_env, ["Ann", "Bob"])
    await ann.slash(channel, "game new", game="rotw", map="vistula-danube")
    lobby = channel.last_message
    await bob.click(lobby, label="Join")
    text = private(await ann.click(lobby, label="Start")).content
    assert text.startswith("Vistula & Danube is for 3-6 players, and 2 are seated.")
    assert "Rhine & Alps (`rhine-alps`)" in text
    assert (await simcord_env.bot.store.active_game(channel.id)).status == "lobby"


async def test_game_maps_attaches_one_picture_of_every_map(simcord_env):
    channel, (ann,) = await channel_with(simcord_env, ["Ann"])
    simcord_env.bot.table.render = True
    answer = private(await ann.slash(channel, "game maps"))
    for m in choosing.maps():
        assert f"**{m.name}** (`{m.id}`, {m.min_players}-{m.max_players} players)" in answer.content
    assert [a.filename for a in answer.attachments] == ["rotw-maps.png"]
    drawn = choosing.map_thumbnail.cache_info().currsize
    assert drawn >= len(choosing.maps())                       # kept per map id: drawn once
    refused = private(await ann.slash(channel, "game maps", game="workers"))
    assert "Railway Workers" in refused.content and not refused.attachments


def test_the_contact_sheet_has_a_picture_and_caption_per_map():
    """Two maps a row, each row as tall as its tallest picture and its caption; small enough
    to send."""
    from railhead.render.rotw.thumbs import CAPTION, GAP, THUMB_WIDTH

    shown = choosing.maps()
    sheet = Image.open(io.BytesIO(choosing.sheet_png()))
    thumbs = [choosing.map_thumbnail(m.id) for m in shown]
    rows = [thumbs[i:i + 2] for i in range(0, len(thumbs), 2)]
    caption = CAPTION + CAPTION * 4 // 5 + 20
    assert sheet.size == (2 * THUMB_WIDTH + 3 * GAP,
                          sum(max(t.height for t in row) + caption + GAP for row in rows) + GAP)
    assert len(choosing.sheet_png()) < 2_000_000


async def test_game_maps_and_the_start_refusal_at_the_local_table(tmp_path):
    from railhead.bot.local import LocalTable
    from railhead.bot.store import open_store
    from railhead.bot.table import Table

    store = await open_store(str(tmp_path / "local.db"))
    local = LocalTable(Table(store, render=True, seeds=lambda: 1), tmp_path / "boards")
    out = await local.handle("game maps")
    assert any("**Vistula & Danube** (`vistula-danube`, 3-6 players)" in line for line in out)
    image = next(line for line in out if line.startswith("[image: "))
    assert image.endswith("rotw-maps.png]") and Image.open(image[len("[image: "):-1]).width > 400
    assert "map: " in local.help() and "rhine-alps (2-4 players)," in local.help()
    await local.handle("game new rotw map=vistula-danube")
    await local.handle("as Bob")
    await local.handle("game join")
    await local.handle("as Ann")
    out = await local.handle("game start")
    assert "Vistula & Danube is for 3-6 players" in out[0] and "Rhine & Alps (`rhine-alps`)" in out[0]
    assert (await store.active_game(1)).status == "lobby"
    await store.close()
