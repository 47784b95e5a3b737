"""Railhead: railway board games play-by-chat in Discord.

The distribution installs one top-level name, ``railhead``, holding the layers of the design
card: ``railhead.engine`` (the rules, pure), ``railhead.ai`` (AI players), ``railhead.render``
(Pillow drawings of views), ``railhead.bot`` (the table, the Discord cogs, the local table) and
``railhead.data`` (maps, cards and tables as TOML). In the repository they stay top-level folders (``engine/``, ``ai/``,
``render/``, ``bot/``, ``data/``, mapped by ``setup.py``); in a checkout this package also looks
for them beside its own folder, so the same names work with or without an install.
"""
from pathlib import Path as _Path

_HERE = _Path(__file__).resolve().parent
if not (_HERE / "engine").is_dir() and (_HERE.parent / "engine" / "__init__.py").is_file():
    __path__.append(str(_HERE.parent))   # a checkout: railhead.engine is ../engine, and so on
