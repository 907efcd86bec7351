"""Complete random hands per second through the public API.

Each hand is dealt from a seed, then every seat picks uniformly at random among the
listed legal actions (bets at the minimum) until the hand is over, mus phase and count
included. Timed like ``timeit``: best of the repeats, the garbage collector off while
the clock runs. Prints figures; asserts nothing about speed.

    python benchmarks/bench_hands.py [--hands N] [--repeat R]
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import time

import mus


def play(rules: mus.Rules, seed: int, rng: random.Random) -> mus.HandState:
    state = mus.new_hand(rules, seed=seed, mano=seed % rules.seats)
    apply, uniform = mus.apply, rng.random
    legal = state.legal_actions()
    while legal:  # empty once the hand is over
        # A uniform pick, cheaper than rng.choice's Python-level rejection sampling.
        state = apply(state, legal[int(uniform() * len(legal))])
        legal = state.legal_actions()
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--preset", default="standard", choices=sorted(mus.PRESETS))
    args = parser.parse_args()
    rules = mus.Rules.preset(args.preset)
    print(f"mus {mus.__version__}, Python {platform.python_version()}, preset {args.preset}")
    best = float("inf")
    actions = 0
    for repeat in range(args.repeat):
        rng = random.Random(repeat)
        # Timed like timeit: the cyclic garbage collector off while the clock runs.
        gc.collect()
        gc.disable()
        start = time.perf_counter()
        actions = 0
        for seed in range(args.hands):
            actions += play(rules, seed, rng).actions
        best = min(best, time.perf_counter() - start)
        gc.enable()
    print(f"{args.hands} hands, best of {args.repeat}: {best:.3f} s")
    print(f"{args.hands / best:,.0f} complete random hands per second (target: 30,000)")
    print(f"{actions / args.hands:.1f} history entries per hand, {actions / best:,.0f} per second")


if __name__ == "__main__":
    main()
