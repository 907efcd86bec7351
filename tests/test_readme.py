"""The README's Python example runs as written, and its commands are the ones CI runs."""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert blocks
    for block in blocks:
        namespace: dict[str, object] = {}
        exec(compile(block, "README.md", "exec"), namespace)
        assert "state" in namespace


def test_ci_runs_the_readme_commands() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for marker in ("main command", "test command"):
        assert f"<!-- ci: {marker} -->" in README
        assert f'readme_command "{marker}"' in ci
