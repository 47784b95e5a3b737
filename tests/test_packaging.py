"""Packaging checks that need no install: data files ship inside the package.

A non-editable install (``pip install .``, the Docker image) only carries the data files
that pyproject's package-data globs name, so every ``data/**/*.toml`` must match one,
and the engine must find them through ``importlib.resources``, not a path from the repo.
constraints.txt (the lock file) must pin every dependency within pyproject's ranges.
"""
from __future__ import annotations

import glob
import importlib.resources
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from railhead import data
from railhead.engine.common import datafile

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = PYPROJECT["tool"]["setuptools"]


def data_files() -> set[str]:
    """Every file under data/ that the engine may read, relative to data/ (posix)."""
    return {p.relative_to(ROOT / "data").as_posix() for p in (ROOT / "data").rglob("*.toml")}


def shipped(patterns: list[str]) -> set[str]:
    """Files under data/ matched by package-data globs, as setuptools matches them."""
    found: set[str] = set()
    for pattern in patterns:
        found.update(glob.glob(pattern, root_dir=ROOT / "data", recursive=True))
    return {Path(f).as_posix() for f in found}


def test_data_is_a_package_that_setuptools_finds():
    assert (ROOT / "data" / "__init__.py").is_file()
    assert 'LAYERS = ("engine", "ai", "render", "bot", "data")' in (ROOT / "setup.py").read_text(encoding="utf-8")


def test_the_distribution_claims_one_top_level_name():
    """Installed, the layers are railhead.engine, railhead.bot, ... (setup.py): nothing generic
    like ``engine`` or ``data`` lands in site-packages."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", "import setuptools, sys; sys.argv = ['setup.py', '--quiet']; "
                          "import runpy; from unittest import mock\n"
                          "with mock.patch('setuptools.setup') as s: runpy.run_path('setup.py')\n"
                          "print(sorted({p.split('.')[0] for p in s.call_args.kwargs['packages']}))"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['railhead']"


def test_every_data_toml_matches_the_package_data_globs():
    package_data = SETUPTOOLS.get("package-data", {})
    patterns = package_data.get("railhead.data", []) + package_data.get("*", [])
    files = data_files()
    assert files, "no TOML files found under data/"
    assert {"maps/rotw/rhine-alps.toml", "tables/rotw/rules.toml", "cards/rotw/operations.toml"} <= files
    missing = sorted(files - shipped(patterns))
    assert not missing, f"not matched by [tool.setuptools.package-data] {patterns}: {missing}"


def test_data_dir_resolves_through_importlib_resources():
    resolved = Path(str(importlib.resources.files("railhead.data")))
    assert datafile.DATA_DIR == resolved
    assert resolved == Path(data.__file__).parent
    assert (datafile.DATA_DIR / "maps" / "rotw" / "rhine-alps.toml").is_file()
    # From a checkout (editable install or the repo on sys.path) that is the repo's data/.
    assert resolved.resolve() == (ROOT / "data").resolve()


def test_lock_file_pins_versions_that_pyproject_admits():
    lines = (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines()
    pins = {}
    for line in lines:
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: not an exact pin: {line!r}"
            pins[canonicalize_name(name)] = version.strip()
    project = PYPROJECT["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["test"]
    for text in wanted:
        req = Requirement(text)
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is not in constraints.txt (run `make lock`)"
        assert req.specifier.contains(pins[name]), f"constraints.txt has {req.name}=={pins[name]}; pyproject: {req}"


def test_setup_installs_every_folder_that_holds_python():
    """Every folder under the layers with a module in it is a package setup.py installs (a folder
    left out is missing from a wheel, and only a non-editable install, the Docker image, shows it)."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", "import runpy; from unittest import mock\n"
                          "with mock.patch('setuptools.setup') as s: runpy.run_path('setup.py')\n"
                          "print('\\n'.join(s.call_args.kwargs['packages']))"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    folders = {".".join(("railhead", *p.parent.relative_to(ROOT).parts))
               for layer in ("engine", "ai", "render", "bot", "data")
               for p in (ROOT / layer).rglob("*.py") if "__pycache__" not in p.parts}
    assert folders - set(out) == set()
    assert {"railhead.bot.cogs", "railhead.bot.games.rotw", "railhead.engine.games.steam"} <= set(out)


def test_a_layer_imports_only_as_railhead():
    """Issue 31, part 4: ``import engine`` from the checkout's root loaded a second copy of the
    engine whose ``IllegalAction`` the games never raise (``except engine.IllegalAction`` caught
    nothing). Each layer now refuses its bare folder name with a sentence saying what to import;
    ``railhead.<layer>`` is the one name, in a checkout and installed."""
    import subprocess
    import sys

    for layer in ("engine", "ai", "render", "bot", "data"):
        bare = subprocess.run([sys.executable, "-c", f"import {layer}"], cwd=ROOT, capture_output=True, text=True)
        assert bare.returncode != 0, layer
        assert f"Import railhead.{layer}, not {layer}" in bare.stderr, bare.stderr
    same = subprocess.run([sys.executable, "-c", "import railhead.engine as e; from railhead.engine.core.errors "
                           "import IllegalAction; assert e.IllegalAction is IllegalAction; "
                           "import railhead.bot, railhead.ai, railhead.render, railhead.data"],
                          cwd=ROOT, capture_output=True, text=True)
    assert same.returncode == 0, same.stderr
