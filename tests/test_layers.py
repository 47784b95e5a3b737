"""The layers of DESIGN.md ("Imports point down only"), checked on the source: ``bot -> render ->
engine``, ``bot -> ai -> engine``, ``bot -> engine``; the engine imports neither ai, render nor
bot; ai imports only the engine; render never imports ai or bot;
a game never imports another game; and no import cycle among the project's modules, counting
imports inside functions (issue "One spec per game") and those under ``if TYPE_CHECKING:``: a
cycle for the type checker is a cycle for the reader too (issue 32, "The table without loops").
Files are split by concept, not by length: there is no line limit (issue 32)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "ai", "engine", "render", "data")
DISTRIBUTION = "railhead"          # the packages are installed as railhead.bot, railhead.engine, ... (setup.py)


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imports(tree: ast.AST):
    """Every import node, at any depth (inside functions and under ``if TYPE_CHECKING:`` too)."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        yield from _imports(node)


def graph() -> dict[str, set[str]]:
    """Module -> the project's modules it imports (a name imported from a package counts as that
    package's module when it is one)."""
    mods = modules()
    out: dict[str, set[str]] = {}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                targets = [f"{base}.{a.name}" for a in node.names]
            else:
                targets = [a.name for a in node.names]
            for target in targets:
                target = target.removeprefix(f"{DISTRIBUTION}.")   # railhead.engine.core is engine/core/
                while target and target not in mods:        # a name from a module: that module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    deps.add(target)
        out[name] = deps
    return out


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in g[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycles():
    assert cycles(graph()) == []


def test_the_checker_sees_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    g = graph()
    assert "bot.store" in g["bot"] and "bot.table" in g["bot"]         # imported inside setup_hook: counted too
    assert "bot.registry" in g["bot.table"]
    typed = graph_of("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .table import Table\n")
    assert typed == {"bot.table"}                                       # a type-only import counts


def graph_of(source: str, package: str = "bot") -> set[str]:
    """The modules of the project that ``source``, a module of ``package``, imports."""
    deps = set()
    for node in _imports(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level:
            deps.add(f"{package}.{node.module}")
    return deps


def test_imports_point_down():
    bad = []
    for name, deps in graph().items():
        for dep in deps:
            layer, other = name.split(".")[0], dep.split(".")[0]
            if layer == "engine" and other in ("ai", "render", "bot") or layer == "render" and other in ("ai", "bot") \
                    or layer == "ai" and other != "engine" and other != "ai":
                bad.append(f"{name} -> {dep}")
            if name.startswith("engine.games.") and dep.startswith("engine.games.") and \
                    name.split(".")[2] != dep.split(".")[2] and len(dep.split(".")) > 2:
                bad.append(f"{name} -> {dep} (a game imports another game)")
    assert bad == []


def test_renderers_read_views_and_map_data_not_rules():
    """A renderer draws a view; besides the engine's public names it may read the shared geometry
    (``engine.common``) and a game's map data (``engine.games.<id>.data``), never its rules."""
    bad = [f"{name} -> {dep}" for name, deps in graph().items() if name.split(".")[0] == "render"
           for dep in deps if dep.startswith("engine.") and not dep.startswith("engine.common.")
           and not (dep.startswith("engine.games.") and dep.endswith(".data"))]
    assert bad == []


def test_shared_bot_code_imports_no_game():
    """Only a game's own folder (``bot/games/<id>/``) and the registry that finds it name a game."""
    bad = [f"{name} -> {dep}" for name, deps in graph().items() if name.startswith("bot")
           and not name.startswith("bot.games.") and name != "bot.registry"
           for dep in deps if dep.startswith(("engine.games.", "bot.games."))]
    assert bad == []


def test_no_module_uses_another_modules_private_names():
    """A name with a leading underscore stays in its module: nothing imports it (``from x import
    _name``) or reaches it through an imported module (``halves._turn``)."""
    bad = []
    for name, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = set()
        for node in _imports(tree):
            for alias in node.names:
                if isinstance(node, ast.ImportFrom) and alias.name.startswith("_") and not alias.name.startswith("__"):
                    bad.append(f"{name}: from {node.module or '.'} import {alias.name}")
                imported.add((alias.asname or alias.name).split(".")[0])
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in imported \
                    and node.attr.startswith("_") and not node.attr.startswith("__"):
                bad.append(f"{name}:{node.lineno}: {node.value.id}.{node.attr}")
    assert bad == []
