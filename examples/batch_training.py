"""A policy-gradient loop on the vector environment: one seat learns in 512 hands at once.

The learner is a linear softmax policy over the shared observation (``mus.batch.observe``,
the vectors every adapter gives), masked to the legal ids; the opponents are the
heuristic player (``--opponents random`` or ``self`` for the others: ``self`` is
self-play, the policy being learned on every seat). Every update plays a rollout of
``STEPS`` steps in all the hands (``VectorSeatEnv`` deals a hand again as soon as it
ends), then moves the weights along REINFORCE's gradient: each action's
log-probability times the return still to come in its hand, less the rollout's mean. It
prints the mean reward per hand as it learns and, with ``--save``, writes the policy to
a file that ``mus tournament`` plays. Needs the ``ai`` extra (numpy, gymnasium), and
without it says so and exits::

    python examples/batch_training.py [UPDATES] [--opponents heuristic|random|self] [--save policy.npz]
    mus tournament --bots policy.npz,heuristic --games 200
"""

from __future__ import annotations

import argparse
import sys
import time

import mus

try:
    import numpy as np

    from mus.ai.players import NetworkPolicy
    from mus.ai.vector import VectorSeatEnv
except (ImportError, mus.MusError) as missing:
    # The extra is optional (CI's core jobs run the examples without it): say what to
    # install and stop, as the library's own tests of the extras skip themselves.
    print(f"examples/batch_training.py needs the ai extra: pip install 'mus-rules[ai]' ({missing})", file=sys.stderr)
    sys.exit(0)

ENVS, STEPS, RATE = 512, 16, 0.1


def train(updates: int, seed: int = 0, opponents: str = "heuristic") -> tuple[NetworkPolicy, list[float]]:
    """Train for ``updates`` rollouts; the policy, and the mean reward per hand ended in each."""
    rng = np.random.default_rng(seed)
    size, actions = 192, 33
    weights = np.zeros((size, actions), np.float32)
    # The policy being learned, sampling as it learns: its layer is the weights themselves.
    policy = NetworkPolicy([(weights, np.zeros(actions))], greedy=False, seed=seed)
    env = VectorSeatEnv(ENVS, seat=0, opponents=policy if opponents == "self" else opponents)
    observations, infos = env.reset(seed=seed)
    means = []
    for _ in range(updates):
        seen, steps, rewards, ended = [], [], [], []
        for _ in range(STEPS):
            logits = np.where(infos["action_mask"] > 0, observations @ weights, -np.inf)
            probabilities = np.exp(logits - logits.max(axis=1, keepdims=True))
            probabilities /= probabilities.sum(axis=1, keepdims=True)
            chosen = (probabilities.cumsum(axis=1) > rng.random((ENVS, 1))).argmax(axis=1)
            seen.append(observations)
            # The gradient of log pi(chosen) for a linear softmax: x (onehot - pi).
            steps.append(np.eye(actions, dtype=np.float32)[chosen] - probabilities)
            observations, reward, terminated, _, infos = env.step(chosen)
            rewards.append(reward)
            ended.append(terminated)
        # The return still to come in each hand (a hand's stones come as they are won).
        to_come = np.zeros((STEPS, ENVS))
        running = np.zeros(ENVS)
        for t in reversed(range(STEPS)):
            running = rewards[t] + running * ~ended[t]
            to_come[t] = running
        advantage = (to_come - to_come.mean()).reshape(-1, 1)
        features, directions = np.concatenate(seen), np.concatenate(steps)
        weights += RATE * (features.T @ (advantage * directions)).astype(np.float32) / len(features)
        policy.layers = ((weights, policy.layers[0][1]),)
        means.append(float(np.sum(rewards) / max(int(np.sum(ended)), 1)))
    return NetworkPolicy([(weights, np.zeros(actions))]), means


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Train a linear softmax policy on the vector environment.")
    parser.add_argument("updates", nargs="?", type=int, default=10, help="rollouts to learn from (default 10)")
    parser.add_argument("--opponents", choices=("heuristic", "random", "self"), default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", metavar="PATH", help="write the trained policy there (.npz)")
    args = parser.parse_args(argv[1:])
    started = time.perf_counter()
    policy, means = train(args.updates, args.seed, args.opponents)
    for start in range(0, len(means), 5):
        window = means[start : start + 5]
        print(f"updates {start + 1:3}-{start + len(window):3}: mean reward per hand {np.mean(window):+.2f} stones")
    print(f"trained in {time.perf_counter() - started:.0f} s, seed {args.seed}, against {args.opponents}")
    if args.save:
        policy.save(args.save)
        print(f"saved to {args.save}: mus tournament --bots {args.save},heuristic --games 200")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
