"""What an action costs as a hand grows long, and what kept states cost in memory.

A hand of endless mus rounds (every seat says mus and discards one card) is played to
``--length`` history entries. From a state early in that hand (about 10 entries) and
from the state at the end, the same round of eight actions is applied again and again
(states are immutable, so both can be reused), and the time per action is compared:
an action must cost the same whatever the history's length.

Each of the two is timed against the naive engine of ``benchmarks/naive.py`` playing as
many rounds of the same kind from a fresh deal, in interleaved rounds
(``benchmarks/ratio.py``): the ratio is the naive engine's time per action over
``mus``'s. The naive engine keeps its history in a list, so its cost per action does not
depend on the history's length; the ratio at the long history says what the immutable
states cost there.

Then ``--keep`` states of random play are kept alive at once (every state of every
hand, as an undo stack or a search tree would keep them) and their memory is measured
with tracemalloc (the naive engine keeps no states: nothing to compare). Prints
figures; asserts nothing about speed.

    python benchmarks/bench_history.py [--length 20000] [--keep 100000] [--rounds 500] [--timings 5]

``--rounds`` is the number of mus rounds per timing, ``--timings`` the number of
interleaved timings.
"""

from __future__ import annotations

import argparse
import gc
import random
import tracemalloc

import naive
import ratio

import mus


def play_round(state: mus.HandState) -> mus.HandState:
    for _ in range(state.rules.seats):
        state = mus.apply(state, mus.Mus())
    for _ in range(state.rules.seats):
        assert state.to_act is not None
        state = mus.apply(state, mus.Discard(state.hands[state.to_act].cards[:1]))
    return state


def naive_rounds(rounds: int) -> None:
    """``rounds`` rounds of the mus in the naive engine, from a fresh deal: each seat
    says mus, then discards its first card."""
    hand = naive.NaiveHand.dealt(1)
    for _ in range(rounds):
        for _ in range(4):
            hand.apply(("mus", None))
        for _ in range(4):
            seat = hand.queue[0]
            hand.apply(("discard", (hand.hands[seat][0],)))


def per_action(name: str, state: mus.HandState, rounds: int) -> ratio.Comparison:
    """Rounds replayed from ``state`` against the naive engine's."""

    def ours() -> None:
        current = state
        for _ in range(rounds):
            current = play_round(current)

    return ratio.Comparison(
        f"{name}: {rounds} mus rounds, per action",
        ours,
        lambda: naive_rounds(rounds),
        work=2 * state.rules.seats * rounds,
        unit="actions",
    )


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
    parser.add_argument("--rounds", type=int, default=500, help="mus rounds per timing")
    parser.add_argument("--timings", type=int, default=5, help="interleaved timings (the median is kept)")
    args = parser.parse_args()
    ratio.header("cost per action by history length, against the naive engine (benchmarks/naive.py); memory")
    print()

    short = mus.new_hand(seed=1)
    short = play_round(short)  # 8 entries: a history about 10 long
    long = short
    while long.actions < args.length:
        long = play_round(long)
    early, late = ratio.measure_all(
        [
            per_action(f"mus at history length {short.actions:,}", short, args.rounds),
            per_action(f"mus at history length {long.actions:,}", long, args.rounds),
        ],
        args.timings,
    )
    print(f"per action at history length {short.actions:>6,}: {1e6 / early.ours_rate:6.2f} µs")
    print(f"per action at history length {long.actions:>6,}: {1e6 / late.ours_rate:6.2f} µs")
    print(f"ratio long/short: {early.ours_rate / late.ours_rate:.2f} (goal: at most 2)")
    print(
        f"reshuffles in the long hand: {long.reshuffles:,}; replay equal: {mus.replay(long.deal, long.history) == long}"
    )

    kept, size = kept_states(args.keep)
    print(f"{kept:,} states kept alive: {size / 2**20:.1f} MiB ({size / kept:,.0f} bytes a state; goal: under 150 MB)")


if __name__ == "__main__":
    main()
