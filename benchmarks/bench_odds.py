"""Benchmark of mus.odds: batch lance evaluation against the naive reference and the
scalar ``winner()``, a hand's sampled odds, and the speed-up of two workers over one.

Run from the repository root (needs ``mus-rules[fast]``)::

    python benchmarks/bench_odds.py                    # about a minute
    python benchmarks/bench_odds.py --quick --check    # a few seconds; exit 1 below the guard

One lance evaluation is one lance settled at one four-seat table: a ``mus.winner`` or
``naive_winner`` call (``benchmarks/naive.py``), or one deal's entry of a
``mus.odds.winners`` column. The batch is timed in interleaved rounds
(``benchmarks/ratio.py``) against the naive winner and against the scalar
``mus.winner``, on random deals under the default rules; each ratio is one of rates
(evaluations per second), the median of the rounds. The batch rate is set against the
target of 20 times the scalar rate (``TARGET_RATIO``), which ``--check`` guards at 60%
of it; the ratio to the naive winner is a figure. The odds and the workers are timed
best-of-N with ``time.perf_counter``, figures only.

The target was 50 times a scalar ``winner`` about eight times slower than today's; it
was restated on 2026-11-28 against today's: the batch measured about 24.7 times the
scalar ``mus.winner`` and about 350 times the naive winner on a quiet machine.
"""

from __future__ import annotations

import argparse
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
import naive  # after mus: it reads mus's cards, from the source tree when not installed
import ratio

from mus import Hand, Lance, Rules
from mus.odds import deal, odds, winners

TARGET_RATIO = 20
"""The batch's lance evaluations per second over the scalar ``mus.winner``'s: what the
batch reaches against today's scalar comparator (about 24.7x), less the noise."""
SEED = 20240229


def best_of(repeats: int, run: Callable[[], object]) -> float:
    """The shortest of ``repeats`` timings of ``run()``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def scalar_tables(tables: int) -> list[list[Hand]]:
    """Random four-seat tables, for the scalar calls."""
    rng = random.Random(SEED)
    return [[Hand(rng.sample(mus.ALL_CARDS, 4)) for _ in range(4)] for _ in range(tables)]


def comparisons(tables: int, count: int) -> list[ratio.Comparison]:
    rules = Rules()
    deals = deal(count, rules, seed=SEED)
    winners(deals[:10], rules)  # build the tables outside the timing
    lances = list(Lance)
    scalar = scalar_tables(tables)
    winner, naive_winner = mus.winner, naive.naive_winner

    def batch() -> None:
        winners(deals, rules)

    def naive_scalar() -> None:
        for lance in lances:
            for hands in scalar:
                naive_winner(lance, hands)

    def mus_scalar() -> None:
        for lance in lances:
            for hands in scalar:
                winner(lance, hands, rules)

    batch_work, scalar_work = count * len(lances), tables * len(lances)
    return [
        ratio.Comparison(
            f"batch mus.odds.winners ({count:,} deals) vs naive_winner ({tables:,} tables), all lances",
            batch,
            naive_scalar,
            work=batch_work,
            unit="lance evaluations",
            reference_work=scalar_work,
            labels=("batch", "naive"),
        ),
        ratio.Comparison(
            f"batch mus.odds.winners ({count:,} deals) vs scalar mus.winner ({tables:,} tables), all lances",
            batch,
            mus_scalar,
            work=batch_work,
            unit="lance evaluations",
            target=TARGET_RATIO,
            reference_work=scalar_work,
            labels=("batch", "scalar mus.winner"),
        ),
    ]


def odds_seconds(samples: int, workers: int, repeats: int) -> float:
    return best_of(repeats, lambda: odds("Ro Rc 7e 1b", samples=samples, seed=SEED, workers=workers))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    ratio.add_options(parser, rounds="3")
    args = parser.parse_args(argv)
    tables, count, samples, repeats = (5_000, 500_000, 1 << 20, 2) if args.quick else (20_000, 2_000_000, 1 << 22, 3)
    rounds = 3 if args.rounds is None else args.rounds

    ratio.header("batch lance evaluation (mus.odds) against the naive reference and the scalar mus.winner")
    print()
    status = ratio.run(comparisons(tables, count), rounds, check=args.check)
    print()
    one = odds_seconds(samples, 1, repeats)
    print(
        f"odds of Ro Rc 7e 1b at four seats, {samples:,} sampled deals: {one:.2f} s, {samples / one / 1e6:.2f} M deals/s"
    )
    two = odds_seconds(samples, 2, repeats)
    print(f"  with --workers 2: {two:.2f} s, speed-up {one / two:.2f} over one worker (same figures)")
    print("(the odds' timings are figures only)")
    return status


if __name__ == "__main__":
    sys.exit(main())
