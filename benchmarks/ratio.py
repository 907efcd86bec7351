"""The benchmarks' shared harness: our code timed against a reference in the same
process, and the speed given as a ratio.

Absolute figures move with the machine and with whatever else runs on it; a ratio to
plain code timed in the same process, in the same minutes, moves much less. So each
comparison times our side and the reference side in **interleaved rounds** (ours,
reference, ours, reference, ...), with the garbage collector off while the clock runs,
and takes per round the ratio of the reference's time to ours for the same work. The
**median** of those ratios is the figure; the absolute rates are printed beside it and
never asserted. The reference is usually ``benchmarks/naive.py``.

Each checked comparison has a **target**, the ratio its design reaches (restated, with
the measurement that moved it, when the design's reach is measured again: a target is
met, never left standing unmet), and a **guard**, the ratio ``--check`` fails below:
:data:`FLOOR` (60%) of the target, room for a loaded machine's noise, or the
comparison's own ``floor``, a regression guard just below today's figure where that
figure is well above the target (so that a slower hot path still fails CI). With
``--check`` a script exits 1 when a median ratio falls below its guard, naming each one.
CI guards speed with those guards, never with timed tests. The report says of each
target that it is met, or guarded (a run on a loaded machine may measure a ratio under
the target: the share printed says so, and the guard, which CI checks, holds), or that
the ratio is below its guard, which fails ``--check``.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

FLOOR = 0.6
"""``--check`` fails a comparison whose median ratio is below this share of its target."""


@dataclass(frozen=True)
class Comparison:
    """One measurement: ``ours()`` and ``reference()`` each do ``work`` units of the same
    work (``reference_work`` when the reference does another amount of the same unit;
    then the ratio is one of rates). ``target``: the ratio the design reaches (``None``:
    a figure only, never checked). ``floor``: the ratio ``--check`` guards instead of
    :data:`FLOOR` times the target, a regression guard at or above the target; it sits
    below the figure measured when it was set, by the rounds' noise, and is only ever
    raised.
    Without a reference, only our rate is printed. ``details``, if given, is called after
    the timing for one more line (what the last round did)."""

    name: str
    ours: Callable[[], object]
    reference: Callable[[], object] | None
    work: int
    unit: str
    target: float | None = None
    reference_work: int | None = None
    labels: tuple[str, str] = ("mus", "naive")
    details: Callable[[], str] | None = None
    floor: float | None = None

    @property
    def guard(self) -> float | None:
        """The ratio ``--check`` fails below (``None``: not checked)."""
        if self.floor is not None:
            return self.floor
        return None if self.target is None else FLOOR * self.target

    def guard_text(self) -> str:
        if self.floor is not None:
            return f"{self.floor:.2f}x (its regression guard; the target is {self.target:g}x)"
        return f"{FLOOR * (self.target or 0):.2f}x ({FLOOR:.0%} of the target {self.target:g}x)"

    def __post_init__(self) -> None:
        # A guard below the target would let a target stand unmet while CI passes.
        if self.floor is not None and (self.target is None or self.floor < self.target):
            raise ValueError(f"{self.name}: a floor ({self.floor}) is a regression guard at or above the target")


@dataclass(frozen=True)
class Measured:
    comparison: Comparison
    ours: list[float]
    """Seconds of each round, our side."""
    reference: list[float]
    """Seconds of each round, the reference side (empty without a reference)."""

    @property
    def ratios(self) -> list[float]:
        """Per round: the reference's time per unit over ours (bigger: we are faster)."""
        work = self.comparison.work
        other = self.comparison.reference_work or work
        return [(theirs / other) / (mine / work) for mine, theirs in zip(self.ours, self.reference, strict=True)]

    @property
    def ratio(self) -> float | None:
        return statistics.median(self.ratios) if self.reference else None

    @property
    def ours_rate(self) -> float:
        return self.comparison.work / statistics.median(self.ours)

    @property
    def reference_rate(self) -> float | None:
        if not self.reference:
            return None
        return (self.comparison.reference_work or self.comparison.work) / statistics.median(self.reference)

    @property
    def below_floor(self) -> bool:
        guard = self.comparison.guard
        ratio = self.ratio
        return guard is not None and ratio is not None and ratio < guard


def _timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def measure(comparison: Comparison, rounds: int, warmup: int = 1) -> Measured:
    """Time ``comparison`` over ``rounds`` interleaved rounds, after ``warmup`` untimed ones
    (caches filled, code paths warm on both sides)."""
    for _ in range(warmup):
        comparison.ours()
        if comparison.reference is not None:
            comparison.reference()
    ours: list[float] = []
    reference: list[float] = []
    for _ in range(rounds):
        gc.collect()
        # Timed like timeit: no collection of our side's garbage in the reference's time.
        gc.disable()
        try:
            ours.append(_timed(comparison.ours))
            if comparison.reference is not None:
                reference.append(_timed(comparison.reference))
        finally:
            gc.enable()
    return Measured(comparison, ours, reference)


def _rate(rate: float, unit: str) -> str:
    if rate >= 1e6:
        return f"{rate / 1e6:.2f} M {unit}/s"
    if rate >= 1e4:
        return f"{rate / 1e3:,.1f} k {unit}/s"
    return f"{rate:,.0f} {unit}/s"


def report(measured: Measured) -> None:
    """Print one comparison: the median ratio, its spread, its target, both rates."""
    comparison = measured.comparison
    ours_label, reference_label = comparison.labels
    print(comparison.name)
    ratio = measured.ratio
    if ratio is not None:
        ratios = measured.ratios
        line = f"  ratio {ratio:6.2f}x  (rounds {min(ratios):.2f}x to {max(ratios):.2f}x, median of {len(ratios)})"
        target = comparison.target
        guard = comparison.guard
        if target is not None and guard is not None:
            if measured.below_floor:
                verdict = f"BELOW ITS GUARD {guard:.2f}x"
            elif ratio >= target:
                verdict = f"met (guarded at {guard:.2f}x)"
            else:
                verdict = f"guarded at {guard:.2f}x"
            line += f"  target {target:g}x: {ratio / target:.0%}, {verdict}"
        print(line)
    rates = f"  {ours_label}: {_rate(measured.ours_rate, comparison.unit)}"
    reference_rate = measured.reference_rate
    if reference_rate is not None:
        rates += f"; {reference_label}: {_rate(reference_rate, comparison.unit)}"
    print(rates)
    if comparison.details is not None:
        print(f"  {comparison.details()}")


def header(title: str) -> None:
    """The lines that say what ran where: the figures mean little without them."""
    import mus

    print(title)
    print(
        f"mus {mus.__version__}, Python {platform.python_version()} ({platform.python_implementation()}),"
        f" {os.cpu_count()} CPUs, {platform.machine()}"
    )


def add_options(parser: argparse.ArgumentParser, rounds: str, check: bool = True, aliases: Sequence[str] = ()) -> None:
    """The harness's options: ``--rounds`` (also spelt ``aliases``, a script's older name
    for it; ``None`` when not given, and the script's default applies, which ``rounds``
    describes) and, for scripts with targets, ``--check``."""
    parser.add_argument(
        "--rounds",
        *aliases,
        dest="rounds",
        type=int,
        default=None,
        help=f"interleaved timed rounds (default {rounds})",
    )
    if check:
        parser.add_argument(
            "--check",
            action="store_true",
            help=f"exit 1 when a median ratio is below its guard ({FLOOR:.0%} of its target, or its own floor)",
        )


def measure_all(comparisons: Sequence[Comparison], rounds: int) -> list[Measured]:
    """Measure and print each comparison in turn."""
    if rounds < 1:
        raise SystemExit("--rounds must be at least 1")
    started = time.perf_counter()
    results = []
    for comparison in comparisons:
        measured = measure(comparison, rounds)
        report(measured)
        results.append(measured)
    print()
    print(f"{len(comparisons)} comparisons, {rounds} rounds each, in {time.perf_counter() - started:.1f} s")
    return results


def run(comparisons: Sequence[Comparison], rounds: int, check: bool | None = None) -> int:
    """Measure and print each comparison; the exit status: 1 when ``check`` and a ratio
    is below the floor, else 0. ``check`` is ``None`` in a script without ``--check``
    (its targets are figures only)."""
    failed = [measured for measured in measure_all(comparisons, rounds) if measured.below_floor]
    if check is None:
        return 0
    if not check:
        if any(comparison.target is not None for comparison in comparisons):
            print(f"(not checked: --check fails a ratio below its guard, {FLOOR:.0%} of its target or its own floor)")
        return 0
    if not failed:
        print(f"--check: every ratio is at least its guard ({FLOOR:.0%} of its target, or its own floor)")
        return 0
    for measured in failed:
        assert measured.ratio is not None
        print(
            f"--check: {measured.comparison.name}: ratio {measured.ratio:.2f}x is below its guard"
            f" {measured.comparison.guard_text()}"
        )
    return 1
