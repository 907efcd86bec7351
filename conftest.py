"""Collection of the source tree's doctests: the optional extras' modules are collected
only when their extra is installed (their own tests skip themselves the same way)."""

from __future__ import annotations

import importlib.util

collect_ignore_glob: list[str] = []
if importlib.util.find_spec("numpy") is None:
    collect_ignore_glob += ["src/mus/odds/*", "src/mus/cli/odds.py", "src/mus/batch/*"]
if not all(importlib.util.find_spec(name) for name in ("numpy", "gymnasium", "pettingzoo")):
    collect_ignore_glob += ["src/mus/ai/*"]
if importlib.util.find_spec("pyspiel") is None:
    collect_ignore_glob += ["src/mus/ai/exact.py"]  # OpenSpiel's policies and games, installed apart
