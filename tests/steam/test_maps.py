"""Every shipped Steam map: it loads and validates, every city can be reached by track from another
city and the cities form one network, the goods supply spaces are each used once, and
tools/make_steam_map.py reproduces the file from its spec under tools/maps/ (the maps are ours and
generated: docs/rules-assumptions.md, "Steam maps"). The generator also refuses impossible maps."""
from __future__ import annotations

import dataclasses
import importlib.util
from collections import Counter, deque
from pathlib import Path

import pytest

from railhead.engine.common.hexgrid import edge_key, neighbor
from railhead.engine.games.steam.data import COLOURS, SUPPLY_SPACES, MapData, available_maps, load_map, load_rules

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("make_steam_map", ROOT / "tools" / "make_steam_map.py")
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)

MAPS = available_maps()


def reachable_cities(m: MapData, start: str) -> set[str]:
    """The cities track from city ``start`` can reach: over buildable hexes (on the board, not a city;
    towns included) and never across an impassable side (steam.txt: "You can't build tracks that
    cross or touch a hex side with a thick black line ... or that run into the board's edge")."""
    found: set[str] = set()
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        here, steps = queue.popleft()
        for side in range(6):
            nxt = neighbor(here, side)
            if nxt in seen or edge_key(here, nxt) in m.impassable:
                continue
            seen.add(nxt)
            if nxt in m.cities:
                if steps:                   # side by side, no track fits between them
                    found.add(nxt)
            elif nxt in m.hexes:
                queue.append((nxt, steps + 1))
    return found


def test_every_generated_map_is_shipped_and_the_other_way_round():
    assert {"po-valley", "english-midlands"} <= set(MAPS)
    assert gen.map_ids() == MAPS


@pytest.mark.parametrize("map_id", MAPS)
def test_map_loads_and_validates(map_id):
    m = load_map(map_id)
    assert m.id == map_id and m.min_players <= m.max_players
    assert {str(n) for n in range(m.min_players, m.max_players + 1)} <= set(load_rules().turns)
    assert m.cube_reduction <= set(range(m.min_players, m.max_players + 1))
    colours = Counter(c.colour for c in m.cities.values())
    assert set(colours) == set(COLOURS[:4]) and all(4 <= n <= 6 for n in colours.values())   # balanced
    assert all(2 <= c.cubes <= 4 for c in m.cities.values())
    assert sum(c.cubes for c in m.cities.values()) <= 96 - 20 * 2        # the bag fills the supply at 3
    towns = [h.town for h in m.hexes.values() if h.town]
    assert len(towns) >= 12 and len(m.cities) >= 14
    assert {h.terrain for h in m.hexes.values()} == {"plains", "hills"} and any(h.river for h in m.hexes.values())
    assert m.impassable and all(len(side.split("|")) == 2 for side in m.impassable)


@pytest.mark.parametrize("map_id", MAPS)
def test_goods_supply_spaces_are_each_used_once(map_id):
    supply = [c.supply for c in load_map(map_id).cities.values() if c.supply]
    assert sorted(supply) == list(range(1, SUPPLY_SPACES + 1))


@pytest.mark.parametrize("map_id", MAPS)
def test_every_city_can_be_reached_by_track(map_id):
    """Each city reaches another city by track, the cities form one network, and cities have a hex
    between them."""
    m = load_map(map_id)
    assert all(neighbor(h, s) not in m.cities for h in m.cities for s in range(6))
    reach = {h: reachable_cities(m, h) for h in m.cities}
    assert [m.cities[h].name for h, r in reach.items() if not r] == []
    start = min(m.cities)
    network, todo = {start}, [start]
    while todo:
        for nxt in reach[todo.pop()] - network:
            network.add(nxt)
            todo.append(nxt)
    assert sorted(m.cities[h].name for h in set(m.cities) - network) == []


def test_the_maps_are_the_ones_asked_for():
    po, en = load_map("po-valley"), load_map("english-midlands")
    assert (po.name, po.min_players, po.max_players, po.cube_reduction) == ("Po Valley", 3, 4, set())
    assert (en.name, en.min_players, en.max_players, en.cube_reduction) == ("Midlands & North", 4, 6, set())
    assert {"Torino", "Milano", "Genova", "Bologna", "Venezia", "Verona", "Padova", "Trento"} <= {
        c.name for c in po.cities.values()}
    assert {"Liverpool", "Manchester", "Leeds", "Sheffield", "Birmingham", "Nottingham", "Derby", "Hull"} <= {
        c.name for c in en.cities.values()}
    assert po.by_name["cremona"] in po.hexes and en.by_name["crewe"] in en.hexes          # towns


def test_the_generator_reproduces_the_shipped_files(tmp_path):
    assert gen.main(["--all", "--out", str(tmp_path), "--quiet"]) == 0
    for map_id in MAPS:
        shipped = (ROOT / "data" / "maps" / "steam" / f"{map_id}.toml").read_text(encoding="utf-8")
        assert (tmp_path / f"{map_id}.toml").read_text(encoding="utf-8") == shipped, (
            f"{map_id}.toml differs from its spec: run python tools/make_steam_map.py {map_id}")


def test_the_generator_reports_neighbours_terrain_and_cubes():
    text = gen.report(gen.make_board(gen.load_spec("po-valley")))
    assert "18 x 14 hexes" in text and "hills with a river" in text and "Lago di Garda" in text
    line = next(x for x in text.splitlines() if x.strip().startswith("Padova"))
    assert "Venezia 1" in line                                              # one hex between
    assert "4 players: cities 36" in text and "3 players: cities 36 (12.0 a player), supply 40" in text
    reduced = gen.report(gen.make_board(spec_with("po-valley", cube_reduction=(3,))))
    assert "3 players: cities 20 (one fewer a city)" in reduced


def spec_with(map_id: str = "po-valley", **changes):
    return dataclasses.replace(gen.load_spec(map_id), **changes)


def test_the_generator_refuses_places_side_by_side():
    spec = gen.load_spec("po-valley")
    with pytest.raises(gen.MapError, match=r"Mestre \(\w+\) is (on|next to) Venezia"):
        gen.make_board(dataclasses.replace(spec, cities=spec.cities + [("Mestre", 45.49, 12.24, "red", 2)]))
    with pytest.raises(gen.MapError, match=r"town Monza \(\w+\) (falls on Milano|is next to town)"):
        gen.make_board(dataclasses.replace(spec, towns=spec.towns + [("Monza", 45.58, 9.27)]))
    with pytest.raises(gen.MapError, match=r"town Voghera \(\w+\) is next to town"):
        gen.make_board(dataclasses.replace(spec, towns=spec.towns + [("Voghera", 44.99, 9.01)]))


def test_the_generator_refuses_bad_supply_and_cut_off_cities():
    with pytest.raises(gen.MapError, match=r"SUPPLY names \['Firenze'\]"):
        gen.make_board(spec_with(supply=gen.load_spec("po-valley").supply[:11] + ["Firenze"]))
    with pytest.raises(gen.MapError, match="at most 12 different cities"):
        gen.make_board(spec_with(supply=gen.load_spec("po-valley").supply + ["Trento"]))
    ring = [(46.16, 11.06), (46.10, 11.25), (45.98, 11.17), (46.04, 10.98), (46.16, 11.06)]      # round Trento
    with pytest.raises(gen.MapError, match=r"Trento \(\w+\): no other city can be reached"):
        gen.make_board(spec_with(walls=gen.load_spec("po-valley").walls + [("a ring", ring)]))
    with pytest.raises(gen.MapError, match=r"cube reduction at \[3\] players, the map takes \[4, 5, 6\]"):
        gen.make_board(spec_with("english-midlands", cube_reduction=(3,)))
