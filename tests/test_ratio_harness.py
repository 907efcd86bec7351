"""The benchmarks' harness (``benchmarks/ratio.py``) fails what it should: a median ratio
below 60% of its target, or below a comparison's own floor where one is set; and it
never reports a target missed while its check passes: a target is met, or guarded
(the ratio under it in a loaded run, the guard holding), or the check fails.

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
        ([1.1] * 3, 1.0, 1.05, False),  # its own floor 1.05x, a regression guard above the target
        ([1.02] * 3, 1.0, 1.05, True),  # below the guard though above the target
        ([0.1] * 3, None, None, False),  # a figure only: never below anything
    ],
)
def test_below_the_floor(reference: list[float], target: float | None, floor: float | None, below: bool) -> None:
    assert measured([1.0] * 3, reference, target, floor).below_floor is below


def test_a_failed_check_names_its_guard(capsys: pytest.CaptureFixture[str]) -> None:
    comparison = ratio.Comparison("hands", lambda: None, lambda: 0, work=1, unit="x", target=2.0, floor=5.0)
    assert ratio.run([comparison], rounds=3, check=True) == 1
    assert "below its guard 5.00x (its regression guard; the target is 2x)" in capsys.readouterr().out


def test_a_floor_below_its_target_is_refused() -> None:
    # Such a target could stand unmet, printed as missed, while CI's check passes.
    with pytest.raises(ValueError, match="regression guard at or above the target"):
        ratio.Comparison("hands", lambda: None, None, work=1, unit="x", target=2.0, floor=1.0)


@pytest.mark.parametrize(
    "reference, floor, verdict",
    [
        ([12.0] * 3, None, "target 10x: 120%, met (guarded at 6.00x)"),
        ([8.0] * 3, None, "target 10x: 80%, guarded at 6.00x"),
        ([5.0] * 3, None, "target 10x: 50%, BELOW ITS GUARD 6.00x"),
        ([12.0] * 3, 11.0, "target 10x: 120%, met (guarded at 11.00x)"),
        ([10.5] * 3, 11.0, "target 10x: 105%, BELOW ITS GUARD 11.00x"),
    ],
)
def test_the_report_says_met_or_names_the_guard(
    reference: list[float], floor: float | None, verdict: str, capsys: pytest.CaptureFixture[str]
) -> None:
    ratio.report(measured([1.0] * 3, reference, 10.0, floor))
    line = capsys.readouterr().out
    assert verdict in line
    # "BELOW" only where the check fails; never "not met" or "floor".
    assert ("BELOW" in line) is measured([1.0] * 3, reference, 10.0, floor).below_floor
    assert "not met" not in line and "FLOOR" not in line and "short" not in line
