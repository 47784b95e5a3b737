"""Packages for setuptools: every package under the layers' folders, installed under ``railhead.``
(``engine/core`` becomes ``railhead.engine.core``), so the distribution claims one top-level name.
The project's metadata is in pyproject.toml."""
from setuptools import find_packages, setup

LAYERS = ("engine", "ai", "render", "bot", "data")

setup(
    packages=["railhead"] + [f"railhead.{layer}" + (f".{sub}" if sub else "")
                             for layer in LAYERS for sub in ["", *find_packages(layer)]],
    package_dir={"railhead": "railhead", **{f"railhead.{layer}": layer for layer in LAYERS}},
)
