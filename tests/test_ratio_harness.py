"""The benchmarks' harness (``benchmarks/ratio.py``) fails what it should: a median ratio
below 60% of its target, or below a comparison's own floor where one is set.

The timings here are given, not measured: the harness's arithmetic is what is tested,
never the machine's speed.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from types import ModuleType
from typing import Any

import pytest

RATIO_PATH = pathlib.Path(__file__).resolve().parent.parent / "benchmarks" / "ratio.py"


def load_ratio() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmarks_ratio", RATIO_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


ratio = load_ratio()


def measured(ours: list[float], reference: list[float], target: float | None, floor: float | None = None) -> Any:
    comparison = ratio.Comparison("c", lambda: None, lambda: None, work=10, unit="x", target=target, floor=floor)
    return ratio.Measured(comparison, ours, reference)


def test_the_median_of_the_rounds_is_the_ratio() -> None:
    # Per round the reference's time over ours: 1, 3 and 2; the median 2.
    assert measured([1.0, 1.0, 1.0], [1.0, 3.0, 2.0], None).ratio == 2.0


@pytest.mark.parametrize(
    "reference, target, floor, below",
    [
        ([6.1] * 3, 10.0, None, False),  # 6.1x: above 60% of 10x
        ([5.9] * 3, 10.0, None, True),  # 5.9x: below it
        ([1.1] * 3, 2.0, 1.0, False),  # its own floor 1.0x, though below 60% of 2x
        ([0.9] * 3, 2.0, 1.0, True),
        ([0.1] * 3, None, None, False),  # a figure only: never below anything
    ],
)
def test_below_the_floor(reference: list[float], target: float | None, floor: float | None, below: bool) -> None:
    assert measured([1.0] * 3, reference, target, floor).below_floor is below


def test_a_failed_check_names_its_floor(capsys: pytest.CaptureFixture[str]) -> None:
    comparison = ratio.Comparison("hands", lambda: None, lambda: 0, work=1, unit="x", target=2.0, floor=5.0)
    assert ratio.run([comparison], rounds=3, check=True) == 1
    assert "below the floor 5.00x (its own floor; the target 2x is not reached yet)" in capsys.readouterr().out
