"""What an action costs as a hand grows long, and what kept states cost in memory.

A hand of endless mus rounds (every seat says mus and discards one card) is played to
``--length`` history entries. From a state early in that hand (about 10 entries) and
from the state at the end, the same round of eight actions is applied again and again
(states are immutable, so both can be reused), and the time per action is compared:
an action must cost the same whatever the history's length.

Then ``--keep`` states of random play are kept alive at once (every state of every
hand, as an undo stack or a search tree would keep them) and their memory is measured
with tracemalloc. Prints figures; asserts nothing about speed.

    python benchmarks/bench_history.py [--length 20000] [--keep 100000]
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import time
import tracemalloc

import mus


def play_round(state: mus.HandState) -> mus.HandState:
    for _ in range(state.rules.seats):
        state = mus.apply(state, mus.Mus())
    for _ in range(state.rules.seats):
        assert state.to_act is not None
        state = mus.apply(state, mus.Discard(state.hands[state.to_act].cards[:1]))
    return state


def per_action(state: mus.HandState, rounds: int) -> float:
    """Seconds per action, best of five, replaying rounds from ``state``."""
    actions = 2 * state.rules.seats * rounds
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        current = state
        for _ in range(rounds):
            current = play_round(current)
        best = min(best, time.perf_counter() - start)
    return best / actions


def kept_states(count: int) -> tuple[int, float]:
    """Keep ``count`` states of random play alive; their traced memory in bytes."""
    rng = random.Random(1)
    gc.collect()
    tracemalloc.start()
    kept: list[mus.HandState] = []
    seed = 0
    while len(kept) < count:
        state = mus.new_hand(seed=seed, mano=seed % 4)
        seed += 1
        kept.append(state)
        while state.to_act is not None and len(kept) < count:
            state = mus.apply(state, rng.choice(state.legal_actions()))
            kept.append(state)
    gc.collect()
    size, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return len(kept), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--length", type=int, default=20_000, help="history entries of the long hand")
    parser.add_argument("--keep", type=int, default=100_000, help="states kept alive at once")
    parser.add_argument("--rounds", type=int, default=500, help="mus rounds timed from each state")
    args = parser.parse_args()
    print(f"mus {mus.__version__}, Python {platform.python_version()}")

    short = mus.new_hand(seed=1)
    short = play_round(short)  # 8 entries: a history about 10 long
    long = short
    while long.actions < args.length:
        long = play_round(long)
    early = per_action(short, args.rounds)
    late = per_action(long, args.rounds)
    print(f"per action at history length {short.actions:>6,}: {early * 1e6:6.2f} µs")
    print(f"per action at history length {long.actions:>6,}: {late * 1e6:6.2f} µs")
    print(f"ratio long/short: {late / early:.2f} (goal: at most 2)")
    print(
        f"reshuffles in the long hand: {long.reshuffles:,}; replay equal: {mus.replay(long.deal, long.history) == long}"
    )

    kept, size = kept_states(args.keep)
    print(f"{kept:,} states kept alive: {size / 2**20:.1f} MiB ({size / kept:,.0f} bytes a state; goal: under 150 MB)")


if __name__ == "__main__":
    main()
