"""Benchmark of lance evaluation through the public API of ``mus``.

Run from the repository root::

    python benchmarks/bench_lances.py            # a few seconds
    python benchmarks/bench_lances.py --quick    # well under a second

It deals random hands with a fixed seed, then times, with ``time.perf_counter`` and
best-of-N repeats:

* ``mus.compare(lance, a, b, rules)`` for each lance and over all lances (one call is
  one lance evaluation);
* ``mus.lance_key(lance, hand, rules)``;
* ``mus.winner(lance, four_hands, rules)`` (one call evaluates four hands).

It prints evaluations per second next to the project's target of 5 million lance
evaluations per second. It never asserts on timing and always exits 0.
"""

from __future__ import annotations

import argparse
import itertools
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

TARGET_PER_SECOND = 5_000_000
SEED = 20240229


def deal_hands(count: int, seed: int) -> list[Hand]:
    """``count`` random hands (four distinct cards each), reproducible from ``seed``."""
    rng = random.Random(seed)
    return [Hand(rng.sample(mus.ALL_CARDS, 4)) for _ in range(count)]


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """The shortest of ``repeats`` timings of ``run()``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def report(label: str, count: int, seconds: float, unit: str = "evals") -> float:
    """Print a rate; only lance evaluations ("evals") are set against the target."""
    rate = count / seconds if seconds > 0 else float("inf")
    line = f"  {label:<40} {rate / 1e6:8.2f} M {unit}/s"
    if unit == "evals":
        line += f"   ({rate / TARGET_PER_SECOND:6.1%} of the 5 M/s target)"
    print(line)
    return rate


def bench_compare(a: Sequence[Hand], b: Sequence[Hand], rules: Rules, passes: int, repeats: int) -> None:
    compare = mus.compare
    print(f"mus.compare(lance, a, b, rules): {len(a):,} pairs x {passes} passes, best of {repeats}")

    for lance in Lance:

        def run(lance: Lance = lance) -> None:
            for _ in range(passes):
                for x, y in zip(a, b, strict=False):
                    compare(lance, x, y, rules)

        report(f"compare {lance} (for loop)", len(a) * passes, best_of(repeats, run))

    lances = list(Lance)

    def run_all() -> None:
        for _ in range(passes):
            for lance in lances:
                for x, y in zip(a, b, strict=False):
                    compare(lance, x, y, rules)

    report("compare, all five lances (for loop)", len(a) * passes * len(lances), best_of(repeats, run_all))

    def run_map() -> None:
        repeat = itertools.repeat
        for _ in range(passes):
            for lance in lances:
                for _result in map(compare, repeat(lance), a, b, repeat(rules)):
                    pass

    report("compare, all five lances (map)", len(a) * passes * len(lances), best_of(repeats, run_map))


def bench_lance_key(hands: Sequence[Hand], rules: Rules, passes: int, repeats: int) -> None:
    lance_key = mus.lance_key
    lances = list(Lance)
    print(f"mus.lance_key(lance, hand, rules): {len(hands):,} hands x {passes} passes, best of {repeats}")

    def run() -> None:
        for _ in range(passes):
            for lance in lances:
                for hand in hands:
                    lance_key(lance, hand, rules)

    report("lance_key, all five lances", len(hands) * passes * len(lances), best_of(repeats, run))


def bench_winner(hands: Sequence[Hand], rules: Rules, passes: int, repeats: int) -> None:
    winner = mus.winner
    lances = list(Lance)
    tables = [hands[i : i + 4] for i in range(0, len(hands) - 3, 4)]
    print(f"mus.winner(lance, four_hands, rules): {len(tables):,} tables x {passes} passes, best of {repeats}")

    def run() -> None:
        for _ in range(passes):
            for lance in lances:
                for table in tables:
                    winner(lance, table, rules)

    calls = len(tables) * passes * len(lances)
    seconds = best_of(repeats, run)
    report("winner calls, all five lances", calls, seconds, unit="calls")
    report("winner hand evaluations (4 per call)", calls * 4, seconds)


def bench_loop_overhead(a: Sequence[Hand], b: Sequence[Hand], passes: int, repeats: int) -> None:
    print("reference: the same for loop with an empty body (interpreter overhead)")

    def run() -> None:
        for _ in range(passes):
            for _x, _y in zip(a, b, strict=False):
                pass

    report("empty loop over the pairs", len(a) * passes, best_of(repeats, run), unit="iters")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a short run (well under a second)")
    parser.add_argument("--hands", type=int, default=None, help="number of random hands (default 10000)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"random seed (default {SEED})")
    args = parser.parse_args(argv)

    count = args.hands or (2_000 if args.quick else 10_000)
    passes = 2 if args.quick else 10
    repeats = 3 if args.quick else 5

    print(f"mus {mus.__version__}, Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"target: {TARGET_PER_SECOND / 1e6:.0f} million lance evaluations per second")
    print(f"{count:,} random hands, seed {args.seed}{' (quick run)' if args.quick else ''}")
    print()

    started = time.perf_counter()
    hands = deal_hands(count, args.seed)
    others = hands[1:] + hands[:1]
    rules = Rules()
    rules_four = Rules(eight_kings=False, real_31=True)

    bench_compare(hands, others, rules, passes, repeats)
    print()
    print("same, under Rules(eight_kings=False, real_31=True):")
    bench_compare(hands, others, rules_four, max(1, passes // 5), repeats)
    print()
    bench_lance_key(hands, rules, passes, repeats)
    print()
    bench_winner(hands, rules, passes, repeats)
    print()
    bench_loop_overhead(hands, others, passes, repeats)
    print()
    print(f"total time {time.perf_counter() - started:.1f} s (timings are informative only; nothing is asserted)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
