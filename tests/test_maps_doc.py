"""``docs/maps.md`` and ``docs/maps/<id>.png`` are generated from the maps (``tools/gen_maps_doc.py``)
and must stay in step with ``data/maps/rotw/``."""
import importlib.util
from pathlib import Path

import msgspec

from railhead.engine.games.rotw.data import load_map

TOOL = Path(__file__).resolve().parents[1] / "tools" / "gen_maps_doc.py"
_spec = importlib.util.spec_from_file_location("gen_maps_doc", TOOL)
gen = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen)


def test_the_maps_page_is_up_to_date():
    assert gen.stale() == [], "docs/maps.md is out of date with data/maps/rotw: run python tools/gen_maps_doc.py"


def test_each_map_has_its_section_and_a_small_picture():
    text = gen.DOC.read_text(encoding="utf-8")
    for m in gen.maps():
        assert f"## {m.name} (`{m.id}`)" in text and f"![{m.name}](maps/{m.id}.png)" in text
        assert f"| empty city markers | {m.empty_city_markers[m.min_players]} |" in text
        assert (gen.PICTURES / f"{m.id}.png").stat().st_size <= 150_000


def test_a_changed_map_makes_the_page_stale(monkeypatch):
    """What the picture shows is in the page (a digest), so new terrain is noticed."""
    m = load_map("rhine-alps")
    moved = msgspec.structs.replace(m, terrain={**m.terrain, "B2": "mountain"})
    assert gen.digest(moved) != gen.digest(m)
    original = gen.maps
    monkeypatch.setattr(gen, "maps", lambda: [moved if x.id == m.id else x for x in original()])
    assert "docs/maps.md" in gen.stale()
