"""Collection of the package's doctests: the optional extras' modules are collected
only when their extra is installed (their own tests skip themselves the same way),
whether the doctests come from the source tree or from an installed wheel
(``.ci/wheel`` collects ``--pyargs mus``)."""

from __future__ import annotations

import fnmatch
import importlib.util
import pathlib

import pytest

_LEFT_OUT: list[str] = []
"""Paths inside the package (``mus/...``), as globs, whose extra is not installed."""
if importlib.util.find_spec("numpy") is None:
    _LEFT_OUT += ["mus/odds/*", "mus/cli/odds.py", "mus/batch/*"]
if not all(importlib.util.find_spec(name) for name in ("numpy", "gymnasium", "pettingzoo")):
    _LEFT_OUT += ["mus/ai/*"]
if importlib.util.find_spec("pyspiel") is None:
    _LEFT_OUT += ["mus/ai/exact.py"]  # OpenSpiel's policies and games, installed apart


def _left_out(path: pathlib.Path) -> bool:
    parts = path.parts
    if "mus" not in parts:
        return False
    inside = "/".join(parts[len(parts) - 1 - parts[::-1].index("mus") :])
    return any(fnmatch.fnmatch(inside, glob) for glob in _LEFT_OUT)


def pytest_ignore_collect(collection_path: pathlib.Path) -> bool | None:
    # The source tree's modules, which this file's directory holds.
    return True if _left_out(collection_path) else None


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # An installed package lies outside this directory, where pytest asks
    # pytest_ignore_collect of the conftest files above it only: its doctests that
    # need a missing extra are skipped here instead.
    for item in items:
        if isinstance(item, pytest.DoctestItem) and _left_out(item.path):
            item.add_marker(pytest.mark.skip(reason="its optional extra is not installed"))
