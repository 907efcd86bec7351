"""mus.batch.heuristic: HeuristicBot's decisions a batch at a time, decision for decision.

A differential test against the scalar bot: hands are played by a mixture of uniform,
any-legal and heuristic picks (so that they reach every kind of turn, not only the
ones the heuristic leads to), every hand kept beside as a scalar state, and at every
decision of every hand the batch policy's id (from the batch's arrays and from the
shared observation) must be the id of what :class:`~mus.bots.HeuristicBot` chooses
from the seat's view.
"""

from __future__ import annotations

from collections import Counter

import pytest

pytest.importorskip("numpy")

import numpy as np

import mus
from mus.ai.encoding import encoding_for
from mus.ai.players import PolicyBot
from mus.batch import Batch
from mus.batch.engine import decode
from mus.batch.heuristic import HeuristicPolicy
from mus.batch.observe import observation
from mus.bots import HeuristicBot, play_hand

CASES = [
    ("standard", 0.0, 600),
    ("standard", 0.4, 300),
    ("four-kings", 0.0, 200),
    ("heads-up", 0.0, 300),
    ("six", 0.0, 200),
    ("federation", 0.7, 200),
    ("max-bet-40", 0.0, 150),
]


def sampled_decisions(preset: str, boldness: float, hands: int, seed: int) -> Counter[str]:
    """Play ``hands`` hands, comparing the decisions; the decisions compared, by phase."""
    rules = mus.Rules.preset(preset)
    encoding = encoding_for(rules)
    policy = HeuristicPolicy(rules, boldness=boldness)
    bot = HeuristicBot(boldness)
    rng = np.random.default_rng(seed)
    scores = rng.integers(0, rules.target, (hands, 2))
    batch = Batch(rules, [f"{seed}/{i}" for i in range(hands)], mano=np.arange(hands) % rules.seats, scores=scores)
    states = [batch.state(i) for i in range(hands)]
    seen: Counter[str] = Counter()
    while not batch.done:
        rows = batch.active
        chosen = policy(batch)
        to_act = batch.to_act
        observed = policy.act(observation(batch, np.maximum(to_act, 0)), batch.legal_mask())
        assert (observed[rows] == chosen[rows]).all()
        for i in rows.tolist():
            state = states[i]
            expected = encoding.encode(bot.choose(state.view(int(to_act[i]))), state)
            assert chosen[i] == expected, (preset, boldness, state, state.view(int(to_act[i])).legal)
            seen[state.phase.name] += 1
        mask = batch.legal_mask()
        uniform = batch.random_actions(rng)
        anything = (rng.random(mask.shape) * mask).argmax(axis=1)
        draw = rng.random(batch.n)
        picks = np.where(draw < 0.45, uniform, np.where(draw < 0.7, anything, chosen))
        for i in rows.tolist():
            states[i] = mus.apply(states[i], decode(int(picks[i]), states[i]))
        batch.step(picks)
    return seen


def test_the_batch_heuristic_agrees_with_the_bot_on_sampled_decisions() -> None:
    total: Counter[str] = Counter()
    for seed, (preset, boldness, hands) in enumerate(CASES):
        total += sampled_decisions(preset, boldness, hands, seed)
    # Over 10,000 decisions, of every kind of turn the ids offer.
    assert sum(total.values()) >= 10_000
    assert {"MUS", "DISCARD", "BETTING"} <= set(total) and min(total.values()) > 500


def test_it_plays_whole_hands_as_the_bot_and_as_a_bot() -> None:
    # Hands played by the batch policy on every seat are the bot's hands, and the policy
    # wrapped as a bot (reading the seat's view through the shared observation) too.
    rules = mus.Rules()
    batch = Batch(rules, seeds=range(200), mano=np.arange(200) % 4)
    batch.play(HeuristicPolicy(rules))
    for i in range(0, 200, 9):
        state = mus.new_hand(rules, seed=i, mano=i % 4)
        assert batch.state(i) == play_hand(state, [HeuristicBot()] * 4)
        assert play_hand(state, [PolicyBot(HeuristicPolicy(rules))] * 4) == batch.state(i)


def test_bad_arguments() -> None:
    policy = HeuristicPolicy()
    with pytest.raises(mus.MusError, match="plays a Batch"):
        policy("batch")  # type: ignore[arg-type]
    with pytest.raises(mus.MusError, match="under other rules"):
        policy(Batch(mus.Rules.preset("heads-up"), seeds=[1]))
    with pytest.raises(mus.MusError, match=r"observations are an \(n, 192\) array"):
        policy.act(np.zeros((2, 116)), np.zeros((2, 33), bool))
    with pytest.raises(mus.MusError, match=r"masks are an \(n, 33\) array"):
        policy.act(np.zeros((2, 192)), np.zeros((2, 30), bool))
    with pytest.raises(mus.MusError, match="declarations='derived' only"):
        HeuristicPolicy(mus.Rules.preset("declared"))
