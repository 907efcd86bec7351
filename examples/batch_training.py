"""A policy-gradient loop on the vector environment: one seat learns in 512 hands at once.

The learner is a linear softmax policy over the observation of ``mus.batch.observe``
(masked to the legal ids); the opponents pick at random. Every update plays a rollout of
``STEPS`` steps in all the hands (``VectorSeatEnv`` deals a hand again as soon as it
ends), then moves the weights along REINFORCE's gradient: each action's log-probability
times the return still to come in its hand, less the rollout's mean. It prints the mean
reward per hand as it learns; needs the ``ai`` extra (numpy, gymnasium), and without it
says so and exits::

    python examples/batch_training.py [UPDATES]
"""

from __future__ import annotations

import sys

import mus

try:
    import numpy as np

    from mus.ai.vector import VectorSeatEnv
except (ImportError, mus.MusError) as missing:
    # The extra is optional (CI's core jobs run the examples without it): say what to
    # install and stop, as the library's own tests of the extras skip themselves.
    print(f"examples/batch_training.py needs the ai extra: pip install 'mus-rules[ai]' ({missing})", file=sys.stderr)
    sys.exit(0)

ENVS, STEPS, RATE = 512, 16, 0.1


def train(updates: int, seed: int = 0) -> list[float]:
    """Train for ``updates`` rollouts; the mean reward per hand ended in each."""
    env = VectorSeatEnv(ENVS, seat=0)
    observations, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = int(env.single_action_space.n)
    weights = np.zeros((observations.shape[1], actions), np.float32)
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
        means.append(float(np.sum(rewards) / max(int(np.sum(ended)), 1)))
    return means


def main(argv: list[str]) -> int:
    updates = int(argv[1]) if len(argv) > 1 else 10
    means = train(updates)
    for start in range(0, len(means), 5):
        window = means[start : start + 5]
        print(f"updates {start + 1:3}-{start + len(window):3}: mean reward per hand {np.mean(window):+.2f} stones")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
