"""Complete random hands per second through the AI adapters (``mus.ai``).

* PettingZoo: the AEC loop of PettingZoo's documentation through ``env()``: ``last()``
  (observation vector and action mask) at every agent turn, a uniform pick among the
  mask's legal ids, ``step`` (the finished agents' dead steps included); then again with
  bench_hands.py's random player (bets of 2 stones only, so the hands are as long as
  there: a uniform pick among 10 bet sizes makes more raises);
* OpenSpiel-shaped: ``MusGame().new_initial_state()``, then ``legal_actions()`` and
  ``apply_action`` until ``is_terminal()``, and ``returns()``; once more with
  ``information_state_tensor`` for the player to act at every step.

For scale, the same machine's speed through the engine alone comes first: bench_hands.py's
loop (``mus.apply`` on a uniform pick among the listed legal actions).

One hand per episode, dealt from the environment's seeded generator. Timed like
``timeit``: best of the repeats, the garbage collector off while the clock runs.
Prints figures; asserts nothing about speed (the PettingZoo target is 5,000 hands/s).

    python benchmarks/bench_ai.py [--hands N] [--repeat R] [--preset NAME]
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import time
from collections.abc import Callable
from typing import Any

from bench_hands import play

import mus
from mus.ai.encoding import BET_2
from mus.ai.openspiel import MusGame
from mus.ai.pettingzoo import env, raw_env


def pettingzoo_hands(game: Any, hands: int, rng: random.Random, ids: int = 1000) -> int:
    """Play ``hands`` episodes, picking among the legal ids below ``ids``; the number of
    agent turns taken."""
    uniform = rng.random
    turns = 0
    for _ in range(hands):
        game.reset()
        for _agent in game.agent_iter():
            observation, _reward, termination, truncation, _info = game.last()
            if termination or truncation:
                game.step(None)
                continue
            legal = observation["action_mask"][:ids].nonzero()[0]
            game.step(int(legal[int(uniform() * len(legal))]))
            turns += 1
    return turns


def openspiel_hands(game: MusGame, hands: int, rng: random.Random, tensors: bool = False) -> int:
    """Play ``hands`` hands through the OpenSpiel-shaped object; the actions taken."""
    uniform = rng.random
    turns = 0
    for seed in range(hands):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            if tensors:
                state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(uniform() * len(legal))])
            turns += 1
        state.returns()
    return turns


def engine_hands(rules: mus.Rules, hands: int, rng: random.Random) -> int:
    """bench_hands.py's loop: ``hands`` hands through ``mus.apply``; the history entries
    (turns, and the declarations the engine derives itself)."""
    return sum(play(rules, seed, rng).actions for seed in range(hands))


def timed(run: Callable[[random.Random], int], repeat: int) -> tuple[float, int]:
    best, turns = float("inf"), 0
    for index in range(repeat):
        rng = random.Random(index)
        gc.collect()
        gc.disable()
        start = time.perf_counter()
        turns = run(rng)
        best = min(best, time.perf_counter() - start)
        gc.enable()
    return best, turns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=5_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--preset", default="standard", choices=sorted(mus.PRESETS))
    args = parser.parse_args()
    rules = mus.Rules.preset(args.preset)
    print(f"mus {mus.__version__}, Python {platform.python_version()}, preset {args.preset}")
    runs: list[tuple[str, Callable[[random.Random], int]]] = [
        (
            "engine alone (bench_hands.py's loop; turns: history entries)",
            lambda rng: engine_hands(rules, args.hands, rng),
        ),
        ("PettingZoo env(), uniform over legal ids", lambda rng: pettingzoo_hands(env(rules, seed=1), args.hands, rng)),
        (
            # bench_hands.py's random player: each kind of action alike, bets of 2 only.
            "PettingZoo env(), bets of 2 only (as bench_hands.py)",
            lambda rng: pettingzoo_hands(raw_env(rules, seed=1), args.hands, rng, ids=BET_2 + 1),
        ),
        ("OpenSpiel-shaped MusGame", lambda rng: openspiel_hands(MusGame(rules), args.hands, rng)),
        (
            "OpenSpiel-shaped, with information_state_tensor",
            lambda rng: openspiel_hands(MusGame(rules), args.hands, rng, tensors=True),
        ),
    ]
    for name, run in runs:
        best, turns = timed(run, args.repeat)
        print(
            f"{name}: {args.hands} hands, best of {args.repeat}: {best:.3f} s,"
            f" {args.hands / best:,.0f} random hands/s, {turns / args.hands:.1f} turns per hand"
        )
    print("(target for PettingZoo: 5,000 random hands/s)")


if __name__ == "__main__":
    main()
