"""mus.ai for search and learning: terminal rewards, OpenSpiel's own algorithms on Mus."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import mus  # noqa: E402
from mus.ai.gym import SeatEnv  # noqa: E402
from mus.ai.openspiel import MusGame  # noqa: E402
from mus.ai.pettingzoo import env  # noqa: E402
from mus.ai.rewards import returns  # noqa: E402

PRESETS = ["standard", "declared", "heads-up", "six", "individual-3"]


# --- terminal rewards -----------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_terminal_rewards_pay_the_hand_at_its_end_only(preset: str) -> None:
    rules = mus.Rules.preset(preset)
    stones, terminal = MusGame(rules, seed=2), MusGame(rules, seed=2, rewards="terminal")
    rng = random.Random(1)
    paid_early = 0
    for _ in range(25):
        one, other = stones.new_initial_state(), terminal.new_initial_state()
        assert one.hand == other.hand
        while not other.is_terminal():
            action = rng.choice(other.legal_actions())
            one.apply_action(action)
            other.apply_action(action)
            if not other.is_terminal():
                assert other.rewards() == [0.0] * rules.seats
                paid_early += any(one.rewards())
        assert other.rewards() == pytest.approx(other.returns())
        assert other.returns() == pytest.approx(one.returns())
        assert other.returns() == pytest.approx(returns(other.hand))
    assert paid_early  # refusal stones: what "stones" pays before the end and "terminal" does not


def test_pettingzoo_and_gymnasium_take_terminal_rewards() -> None:
    rules = mus.Rules.preset("heads-up")
    game = env(rules, seed=3, reward="terminal")
    rng = random.Random(2)
    for episode in range(20):
        game.reset(seed=episode)
        totals = dict.fromkeys(game.possible_agents, 0.0)
        for agent in game.agent_iter():
            observation, reward, termination, _truncation, _info = game.last()
            totals[agent] += reward
            if not termination:
                assert all(value == 0.0 for value in game.rewards.values())
            game.step(None if termination else int(rng.choice(observation["action_mask"].nonzero()[0])))
        assert list(totals.values()) == pytest.approx(returns(game.hand))
    seat = SeatEnv(rules, seed=4, reward="terminal", bots=[mus.bots.RandomBot(s) for s in range(2)])
    for episode in range(20):
        _, info = seat.reset(seed=episode)
        done, rewards = False, []
        while not done:
            _, reward, done, _, info = seat.step(int(rng.choice(info["action_mask"].nonzero()[0])))
            rewards.append(float(reward))
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert rewards[-1] == pytest.approx(returns(seat.hand)[0])
    for build in (lambda: env(reward="late"), lambda: SeatEnv(reward="late")):
        with pytest.raises(mus.RulesError, match="reward must be"):
            build()


# --- OpenSpiel's algorithms -------------------------------------------------------------


def spiel() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    import mus.ai.openspiel  # noqa: F401  (registers python_mus)

    return pyspiel


def test_terminal_reward_model_and_mcts_plays_whole_hands() -> None:
    pyspiel = spiel()
    from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found, import-untyped, unused-ignore]

    model = pyspiel.GameType.RewardModel
    assert pyspiel.load_game("python_mus").get_type().reward_model == model.REWARDS
    with pytest.raises(ValueError, match="terminal rewards"):
        mcts.MCTSBot(pyspiel.load_game("python_mus"), 2, 5, mcts.RandomRolloutEvaluator(1))
    for preset in ("heads-up", "standard"):
        game = pyspiel.load_game("python_mus", {"preset": preset, "rewards": "terminal", "rng_seed": 1})
        assert game.get_type().reward_model == model.TERMINAL
        generator = np.random.RandomState(0)
        bot = mcts.MCTSBot(game, 2.0, 12, mcts.RandomRolloutEvaluator(1, generator), random_state=generator)
        for _ in range(2):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(bot.step(state))
            assert sum(state.returns()) == pytest.approx(0.0)
            assert state.rewards() == pytest.approx(state.returns())


def test_resampled_states_keep_the_information_state_and_ismcts_plays_whole_hands() -> None:
    pyspiel = spiel()
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found, import-untyped, unused-ignore]

    for preset in ("heads-up", "standard", "six"):
        game = pyspiel.load_game("python_mus", {"preset": preset, "rewards": "terminal", "rng_seed": 2})
        state = game.new_initial_state()
        rng = random.Random(3)
        while not state.is_terminal():
            player = state.current_player()
            sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert sample.information_state_string(player) == state.information_state_string(player)
            # The same turns (another seat's discard may name other positions of its hand).
            assert len(sample.history()) == len(state.history()) and sample.legal_actions() == state.legal_actions()
            assert sample.inner.hand.view(player) == state.inner.hand.view(player)
            state.apply_action(rng.choice(state.legal_actions()))
        generator = np.random.RandomState(1)
        bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, generator), 2.0, 10, random_state=generator)
        for _ in range(2):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(bot.step(state))
            assert sum(state.returns()) == pytest.approx(0.0)
