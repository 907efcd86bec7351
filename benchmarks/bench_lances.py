"""Lance evaluation through the public API of ``mus``, as ratios to the naive reference.

Run from the repository root::

    python benchmarks/bench_lances.py            # under a minute (half of it the per-lance figures)
    python benchmarks/bench_lances.py --quick    # a few seconds
    python benchmarks/bench_lances.py --check    # exit 1 below 60% of a target

It deals random hands with a fixed seed, then times each ``mus`` call against its
plain counterpart in ``benchmarks/naive.py`` (which computes every key from the cards
at every call), on the same hands, under the default rules, in interleaved rounds
(``benchmarks/ratio.py``). The ``mus`` calls go through the public API, argument
checks included. Targets, as the ratio of the naive time to ours:

* ``mus.winner(lance, four_hands, rules)`` against ``naive_winner``: 10 times;
* ``mus.lance_key(lance, hand, rules)`` against ``naive_key``: 10 times;
* ``mus.compare(lance, a, b, rules)`` against ``naive_compare``: 10 times.

Each call is made for all five lances. The full run also prints ``mus.compare`` lance
by lance, as figures without targets. Absolute rates are printed, never asserted;
``--check`` asserts on the ratios only.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

try:
    import mus
except ImportError:  # not installed: use the source tree next to this script
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
    import mus
import naive  # after mus: it reads mus's cards, from the source tree when not installed
import ratio

from mus import Hand, Lance, Rules

TARGETS = {"winner": 10.0, "lance_key": 10.0, "compare": 10.0}
SEED = 20240229


def deal_hands(count: int, seed: int) -> list[Hand]:
    """``count`` random hands (four distinct cards each), reproducible from ``seed``."""
    rng = random.Random(seed)
    return [Hand(rng.sample(mus.ALL_CARDS, 4)) for _ in range(count)]


def winner_comparison(hands: Sequence[Hand], rules: Rules) -> ratio.Comparison:
    winner, naive_winner = mus.winner, naive.naive_winner
    lances = list(Lance)
    tables = [hands[i : i + 4] for i in range(0, len(hands) - 3, 4)]

    def ours() -> None:
        for lance in lances:
            for table in tables:
                winner(lance, table, rules)

    def reference() -> None:
        for lance in lances:
            for table in tables:
                naive_winner(lance, table)

    return ratio.Comparison(
        f"mus.winner(lance, four_hands, rules) vs naive_winner: {len(tables):,} tables x 5 lances",
        ours,
        reference,
        work=len(tables) * len(lances),
        unit="calls",
        target=TARGETS["winner"],
    )


def lance_key_comparison(hands: Sequence[Hand], rules: Rules) -> ratio.Comparison:
    lance_key, naive_key = mus.lance_key, naive.naive_key
    lances = list(Lance)

    def ours() -> None:
        for lance in lances:
            for hand in hands:
                lance_key(lance, hand, rules)

    def reference() -> None:
        for lance in lances:
            for hand in hands:
                naive_key(lance, hand)

    return ratio.Comparison(
        f"mus.lance_key(lance, hand, rules) vs naive_key: {len(hands):,} hands x 5 lances",
        ours,
        reference,
        work=len(hands) * len(lances),
        unit="keys",
        target=TARGETS["lance_key"],
    )


def compare_comparison(
    hands: Sequence[Hand], rules: Rules, lances: Sequence[Lance], target: float | None
) -> ratio.Comparison:
    compare, naive_compare = mus.compare, naive.naive_compare
    others = list(hands[1:]) + list(hands[:1])

    def ours() -> None:
        for lance in lances:
            for a, b in zip(hands, others, strict=True):
                compare(lance, a, b, rules)

    def reference() -> None:
        for lance in lances:
            for a, b in zip(hands, others, strict=True):
                naive_compare(lance, a, b)

    which = "5 lances" if len(lances) == len(Lance) else " and ".join(map(str, lances))
    return ratio.Comparison(
        f"mus.compare(lance, a, b, rules) vs naive_compare: {len(hands):,} pairs x {which}",
        ours,
        reference,
        work=len(hands) * len(lances),
        unit="compares",
        target=target,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a short run: 2,000 hands, 7 rounds, no per-lance figures")
    parser.add_argument("--hands", type=int, default=None, help="number of random hands (default 10000)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"random seed (default {SEED})")
    ratio.add_options(parser, rounds="15; 7 with --quick")
    args = parser.parse_args(argv)
    count = args.hands or (2_000 if args.quick else 10_000)
    rounds = (7 if args.quick else 15) if args.rounds is None else args.rounds
    if count < 4:
        parser.error("--hands: at least 4, to make a table")

    ratio.header("lance evaluation: mus against the naive reference (benchmarks/naive.py), default rules")
    print(f"{count:,} random hands, seed {args.seed}{' (quick run)' if args.quick else ''}")
    print()
    hands = deal_hands(count, args.seed)
    rules = Rules()
    comparisons = [
        winner_comparison(hands, rules),
        lance_key_comparison(hands, rules),
        compare_comparison(hands, rules, list(Lance), TARGETS["compare"]),
    ]
    if not args.quick:
        comparisons += [compare_comparison(hands, rules, [lance], None) for lance in Lance]
    return ratio.run(comparisons, rounds, check=args.check)


if __name__ == "__main__":
    sys.exit(main())
