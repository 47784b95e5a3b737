"""Every public name in bot/ (functions, methods, classes not starting with ``_``) has a docstring
that says what it takes and returns (issue "One spec per game", 7)."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _public(node: ast.AST, prefix: str = ""):
    """``(qualified name, node)`` of each public function, method or class under ``node``."""
    for n in ast.iter_child_nodes(node):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not n.name.startswith("_"):
            yield prefix + n.name, n
            if isinstance(n, ast.ClassDef):
                yield from _public(n, n.name + ".")


def undocumented(folder: str) -> list[str]:
    """``path:line name`` of each public function, method or class without a docstring."""
    return [f"{path.relative_to(ROOT)}:{n.lineno} {name}"
            for path in sorted((ROOT / folder).rglob("*.py"))
            for name, n in _public(ast.parse(path.read_text(encoding="utf-8")))
            if not ast.get_docstring(n)]


def test_every_public_name_in_bot_has_a_docstring():
    assert undocumented("bot") == []
