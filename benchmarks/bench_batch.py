"""The batch engine (``mus.batch``) against the scalar engine: complete random hands.

Both sides play complete hands by uniform picks among the scalar engine's listed legal
actions (``state.legal_actions()``, bets at the minimum), from the same seeded deals
(hand ``i`` dealt from ``f"{seed}/hand/{i}"`` with the mano ``i % seats``, as
``mus.batch.simulate`` deals it): the batch side is ``mus.batch.simulate(rules, N,
seed=...)``, N hands in lockstep; the scalar side is the loop of
``benchmarks/bench_hands.py`` (``mus.new_hand``, then ``mus.apply`` of a pick among
``state.legal_actions()`` until the hand is over) over the first ``--scalar-hands`` of
the same deals. The two are timed in interleaved rounds (``benchmarks/ratio.py``) and
the ratio is one of rates, hands per second, the median of the rounds. Target: **10
times** the scalar engine at N = 10,000 and above (N = 1,000 is a figure only: a
batch that small is mostly the fixed cost of each step).

Memory per hand is printed for each N: the peak that ``tracemalloc`` sees while
``simulate`` runs (numpy reports its arrays to it), and the arrays a finished batch
keeps (state and histories), each over N. Absolute rates are printed, never
asserted; ``--check`` asserts on the ratios only::

    python benchmarks/bench_batch.py [--sizes 1000,10000,100000] [--rounds R] [--scalar-hands M] [--check]
"""

from __future__ import annotations

import argparse
import random
import sys
import tracemalloc
from collections.abc import Sequence

try:
    import mus
except ImportError:  # not installed: use the source tree next to this script
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import mus
import ratio
from bench_hands import PICKS, play_state

from mus.batch import simulate
from mus.batch.simulate import Results

TARGET = 10.0
"""Batch hands per second over scalar hands per second, at N = 10,000 and above."""
CHECKED_FROM = 10_000
SEED = 2024


def scalar_hands(rules: mus.Rules, count: int) -> list[mus.HandState]:
    """The first ``count`` hands of the batch's deals, played by the scalar loop."""
    uniform = random.Random(PICKS).random
    seats = rules.seats
    return [play_state(mus.new_hand(rules, seed=f"{SEED}/hand/{i}", mano=i % seats), uniform) for i in range(count)]


def comparison(rules: mus.Rules, size: int, scalar: int) -> ratio.Comparison:
    def ours() -> None:
        simulate(rules, size, seed=SEED)

    def reference() -> None:
        scalar_hands(rules, scalar)

    return ratio.Comparison(
        f"N = {size:,}: mus.batch.simulate against the scalar engine ({scalar:,} hands a round)",
        ours,
        reference,
        work=size,
        reference_work=scalar,
        unit="hands",
        target=TARGET if size >= CHECKED_FROM else None,
        labels=("batch", "scalar"),
    )


def memory(rules: mus.Rules, size: int) -> tuple[float, float, Results]:
    """Bytes per hand: the peak while simulating, and what the finished batch keeps."""
    tracemalloc.start()
    try:
        results = simulate(rules, size, seed=SEED)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / size, results.batch.nbytes / size, results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", default="1000,10000,100000", help="batch sizes N (default 1000,10000,100000)")
    parser.add_argument("--scalar-hands", type=int, default=2000, help="scalar hands a round (default 2000)")
    parser.add_argument("--preset", default="standard", choices=sorted(mus.PRESETS))
    ratio.add_options(parser, rounds="7")
    args = parser.parse_args(argv)
    try:
        sizes = [int(size) for size in args.sizes.split(",")]
    except ValueError:
        parser.error(f"--sizes: numbers separated by commas, got {args.sizes!r}")
    if not sizes or min(sizes) < 1 or args.scalar_hands < 1:
        parser.error("--sizes and --scalar-hands: at least 1")
    rules = mus.Rules.preset(args.preset)
    rounds = 7 if args.rounds is None else args.rounds

    ratio.header("complete random hands: the batch engine (mus.batch) against the scalar engine")
    print(
        f"preset {args.preset}, {args.scalar_hands:,} scalar hands a round, target {TARGET:g}x from N = {CHECKED_FROM:,}"
    )
    played = scalar_hands(rules, min(args.scalar_hands, 2000))
    # The scalar history holds the declarations the engine derives; the batch's does not.
    scalar_actions = sum(
        sum(1 for _, action in state.history if not isinstance(action, mus.Declare)) for state in played
    ) / len(played)
    for size in sizes:
        peak, kept, results = memory(rules, size)
        steps = sum(len(results.history(i)) for i in range(min(size, 2000))) / min(size, 2000)
        print(
            f"N = {size:,}: memory {peak:,.0f} bytes a hand at the peak, {kept:,.0f} kept;"
            f" actions a hand: batch {steps:.2f}, scalar {scalar_actions:.2f}"
        )
    print()
    return ratio.run([comparison(rules, size, args.scalar_hands) for size in sizes], rounds, check=args.check)


if __name__ == "__main__":
    sys.exit(main())
