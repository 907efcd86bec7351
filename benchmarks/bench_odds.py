"""Benchmark of mus.odds: batch lance evaluation against the scalar ``winner()``, a
hand's sampled odds, and the speed-up of two workers over one.

Run from the repository root (needs ``mus-rules[fast]``)::

    python benchmarks/bench_odds.py            # about half a minute
    python benchmarks/bench_odds.py --quick    # a few seconds

One lance evaluation is one lance settled at one four-seat table: a ``mus.winner``
call, or one deal's entry of a ``mus.odds.winners`` column. The batch rate is set
against the target of 50 times the scalar rate. Timings are best-of-N with
``time.perf_counter``; nothing is asserted and the script always exits 0.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence

try:
    import mus
except ImportError:  # not installed: use the source tree next to this script
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import mus
from mus import Hand, Lance, Rules
from mus.odds import deal, odds, winners

TARGET_RATIO = 50
SEED = 20240229


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """The shortest of ``repeats`` timings of ``run()``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def scalar_rate(tables: int, repeats: int) -> float:
    rng = random.Random(SEED)
    rules = Rules()
    deals = [[Hand(rng.sample(mus.ALL_CARDS, 4)) for _ in range(4)] for _ in range(tables)]
    winner = mus.winner
    lances = list(Lance)

    def run() -> None:
        for lance in lances:
            for hands in deals:
                winner(lance, hands, rules)

    return tables * len(lances) / best_of(repeats, run)


def batch_rate(count: int, repeats: int) -> float:
    rules = Rules()
    deals = deal(count, rules, seed=SEED)
    winners(deals[:10], rules)  # build the tables outside the timing
    return count * len(Lance) / best_of(repeats, lambda: winners(deals, rules))


def odds_seconds(samples: int, workers: int, repeats: int) -> float:
    return best_of(repeats, lambda: odds("Ro Rc 7e 1b", samples=samples, seed=SEED, workers=workers))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    args = parser.parse_args(argv)
    tables, count, samples, repeats = (5_000, 500_000, 1 << 20, 2) if args.quick else (20_000, 2_000_000, 1 << 22, 3)

    print(f"mus {mus.__version__}, Python {platform.python_version()}, {os.cpu_count()} CPUs")
    scalar = scalar_rate(tables, repeats)
    print(f"scalar mus.winner, four-seat tables:  {scalar / 1e6:8.2f} M lance evaluations/s ({tables:,} tables)")
    batch = batch_rate(count, repeats)
    ratio = batch / scalar
    print(f"batch mus.odds.winners, all lances:   {batch / 1e6:8.2f} M lance evaluations/s ({count:,} deals)")
    print(
        f"  {ratio:.0f} times the scalar rate (target: {TARGET_RATIO} times, {'met' if ratio >= TARGET_RATIO else 'not met'})"
    )
    print()
    one = odds_seconds(samples, 1, repeats)
    print(
        f"odds of Ro Rc 7e 1b at four seats, {samples:,} sampled deals: {one:.2f} s, {samples / one / 1e6:.2f} M deals/s"
    )
    two = odds_seconds(samples, 2, repeats)
    print(f"  with --workers 2: {two:.2f} s, speed-up {one / two:.2f} over one worker (same figures)")
    print("(timings are informative only; nothing is asserted)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
