"""Loading TOML data files into typed schemas, with errors that name the bad line.

Data files live in ``data/`` (DESIGN.md: everything may read ``data/``). Reading a
static data file is not game I/O: the same file always gives the same tables.
"""
from __future__ import annotations

import importlib.resources
import re
from pathlib import Path
from typing import NoReturn, TypeVar

import msgspec

DATA_DIR = Path(str(importlib.resources.files("railhead.data")))
T = TypeVar("T")
_PATH = re.compile(r"\$\.(\w+)(?:\[(\d+)\])?(?:\.(\w+))?")


class DataError(ValueError):
    """A data file is malformed; the message names the file and line."""


def line_of(text: str, table: str, index: int | None = None, key: str | None = None) -> int:
    """1-based line of ``[[table]]`` number ``index`` (or key ``table``), and of ``key`` inside it."""
    lines = text.splitlines()
    start = 0
    if index is not None:
        seen = -1
        for i, line in enumerate(lines):
            if line.strip() == f"[[{table}]]":
                seen += 1
                if seen == index:
                    start = i
                    break
        key = key or None
    else:
        key = table
    if key:
        for i in range(start, len(lines)):
            if i > start and index is not None and lines[i].strip().startswith("["):
                break
            if re.match(rf"\s*\[?{re.escape(key)}\]?\s*(=|$)", lines[i]):
                return i + 1
    return start + 1


def fail(path: Path, text: str, message: str, table: str, index: int | None = None,
         key: str | None = None) -> NoReturn:
    """Raise ``DataError`` naming ``path`` and the line of the offending entry."""
    raise DataError(f"{path.name} line {line_of(text, table, index, key)}: {message}")


def load(path: Path, schema: type[T]) -> tuple[T, str]:
    """Decode ``path`` into ``schema``; returns ``(value, raw text)``.

    Raises ``DataError`` with the file name and line for TOML syntax and schema errors.
    """
    text = path.read_text(encoding="utf-8")
    try:
        return msgspec.toml.decode(text.encode(), type=schema), text
    except msgspec.ValidationError as exc:
        m = _PATH.search(str(exc))
        line = line_of(text, m.group(1), int(m.group(2)) if m.group(2) else None, m.group(3)) if m else 1
        raise DataError(f"{path.name} line {line}: {exc}") from None
    except msgspec.DecodeError as exc:
        raise DataError(f"{path.name}: {exc}") from None

