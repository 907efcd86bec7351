"""mus.ai for search and learning: terminal rewards, chance nodes, OpenSpiel's own
algorithms on Mus, and the docs' table of what runs (:data:`ALGORITHMS`)."""

from __future__ import annotations

import pathlib
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402

import mus  # noqa: E402
from mus.ai import MUS, NO_MUS  # noqa: E402
from mus.ai.gym import SeatEnv  # noqa: E402
from mus.ai.openspiel import CHANCE, MusGame, MusState  # noqa: E402
from mus.ai.pettingzoo import env  # noqa: E402
from mus.ai.rewards import returns  # noqa: E402

# Long random-play runs: `python -m pytest -m 'not slow'` leaves them out (README).
pytestmark = pytest.mark.slow

PRESETS = ["standard", "declared", "heads-up", "six", "individual-3"]

SMALL = {"preset": "heads-up", "max_bet": 2, "max_mus_rounds": 0, "rewards": "terminal"}
"""The heads-up game cut small enough to walk whole: bets of 2 stones, no exchange."""

# The docs' table of OpenSpiel's (and others') algorithms on Mus (docs/ai.rst,
# "Algorithms"): each row is what a test below runs, or why it is not run.
# (algorithm, table, parameters, result).
ALGORITHMS = [
    ("``mcts.MCTSBot``", "any table: heads-up, standard", '``rewards="terminal"``',
     "works: plays whole hands (it searches the real cards: perfect information)"),
    ("``ismcts.ISMCTSBot``", "any table: heads-up, standard, six", '``rewards="terminal"``',
     "works: plays whole hands; its worlds come from ``resample_from_infostate`` (``mus.determinize``)"),
    ("``outcome_sampling_mccfr``", "heads-up games", '``max_bet=2, max_mus_rounds=0``; also ``deal="cards"``',
     "works: 300 iterations"),
    ("``external_sampling_mccfr``", "games without the mus", "``max_bet=2, max_mus_rounds=0``",
     "works: 100 iterations; with the mus open its walk of every discard never ends"),
    ("``cfr.CFRPlusSolver``, ``cfr.CFRSolver`` (full width)", "``mini``", '``preset="mini"``',
     "works: 200 iterations of CFR+ bring the exploitability from 7.61 to under 0.025 stones a hand "
     "(``tests/test_ai_exact.py``); on ``small`` the tabular policy alone does not fit"),
    ("``exploitability.exploitability``, ``best_response``", "``mini``", '``preset="mini"``',
     "works: exact; on ``small`` its walk of every history does not end"),
    ("``mus.ai.exact.exploitability``, ``best_response_value``", "``mini``, ``small``",
     '``deal="ranks"``, heads-up, no mus',
     "works: exact, OpenSpiel's figures on ``mini`` (``tests/test_ai_exact.py``); ``small`` against a player in minutes"),
    ("``tabular_qlearner.QLearner`` (``rl_environment``)", "heads-up", "``max_bet=2, max_mus_rounds=0``",
     "works: 300 episodes against itself"),
    ("``dqn.DQN`` (PyTorch, ``rl_environment``)", "heads-up", '``rewards="terminal", max_mus_rounds=1``',
     "works: 200 episodes against itself; greedy play takes legal ids only, losses finite (extra ``rl``)"),
    ("``nfsp.NFSP`` (PyTorch, ``rl_environment``)", "heads-up", '``rewards="terminal", max_mus_rounds=1``',
     "works: 200 episodes against itself; its average policy is a distribution over the legal ids (extra ``rl``)"),
    ("masked policy gradient (PettingZoo)", "heads-up", '``env(rules, reward="terminal")``',
     "works: a NumPy REINFORCE over the masked ids trains for 200 hands (no claim of strength)"),
    ("sb3-contrib ``MaskablePPO`` (PettingZoo)", "heads-up",
     "one seat of ``env(rules)``, the other uniform; ``ActionMasker``",
     "works: 4,096 steps; with the masks it predicts legal ids only (extra ``rl``)"),
    ("sb3-contrib ``MaskablePPO`` (``SeatEnv``)", "heads-up", "``SeatEnv.action_masks()``",
     "works: 2,048 steps against ``HeuristicBot``; with the masks it predicts legal ids only (extra ``rl``)"),
]  # fmt: skip


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
            _, paid, done, _, info = seat.step(int(rng.choice(info["action_mask"].nonzero()[0])))
            rewards.append(float(paid))
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert rewards[-1] == pytest.approx(returns(seat.hand)[0])
    for build in (lambda: env(reward="late"), lambda: SeatEnv(reward="late")):
        with pytest.raises(mus.RulesError, match="reward must be"):
            build()


# --- the deal as chance nodes ------------------------------------------------------------


def play_by_chance(state: MusState, rng: random.Random, mus_first: float = 0.9) -> MusState:
    """Play ``state`` to its end: chance outcomes drawn with their probabilities, seats
    mostly saying mus (so that hands exchange and reshuffle), else a uniform legal id."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert state.legal_actions() == [outcome for outcome, _ in outcomes]
            before = [hand.cards for hand in state.hand.hands]
            state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            assert not state.is_chance_node() or [hand.cards for hand in state.hand.hands] == before
        else:
            legal = state.legal_actions()
            state.apply_action(0 if 0 in legal and rng.random() < mus_first else rng.choice(legal))
    return state


@pytest.mark.parametrize("deal", ["cards", "hands"])
def test_the_deal_and_every_draw_are_chance_nodes(deal: str) -> None:
    rng = random.Random(4)
    reshuffled = 0
    for preset in ("heads-up", "standard", "six") if deal == "cards" else ("heads-up",):
        rules = mus.Rules.preset(preset)
        game = MusGame(rules, deal=deal, seed=1)
        for _ in range(12 if deal == "cards" else 2):
            state = game.new_initial_state()
            assert state.current_player() == CHANCE and [o for o, _ in state.chance_outcomes()] == [*range(rules.seats)]
            with pytest.raises(mus.IllegalActionError):
                state.apply_action(rules.seats)  # no such mano
            state = play_by_chance(state, rng)
            hand = state.hand
            reshuffled += hand.reshuffles > 0
            assert mus.replay(hand.deal, hand.history) == hand
            chance = sum(1 for action in state.history()) - sum(
                1 for _, action in hand.history if not mus.reducer.derived(action, rules)
            )
            # The mano, the deal and one node per card (or per seat's draw) of each exchange.
            cards_drawn = sum(len(action.cards) for _, action in hand.history if isinstance(action, mus.Discard))
            per_deal = 4 * rules.seats if deal == "cards" else rules.seats
            assert chance >= 1 + per_deal + (cards_drawn if deal == "cards" else 0)
            # The same hand replayed as chance outcomes and ids (each seat's first cards in
            # the order of their indices: a hand does not keep the order it was dealt in).
            again = game.state_of(hand)
            assert len(again.history()) == len(state.history()) and again.hand == hand
    assert deal == "hands" or reshuffled  # the reshuffles were dealt by chance too


def test_chance_nodes_through_pyspiel_and_the_first_cards() -> None:
    pyspiel = spiel()
    game = pyspiel.load_game("python_mus", {"preset": "heads-up", "deal": "cards", "rng_seed": 3})
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == 40
    state = game.new_initial_state()
    assert state.is_chance_node() and state.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "mano 1"
    state.apply_action(1)
    state.apply_action(7)
    assert state.information_state_string(1) == "seat 1 of 2, dealt so far " + str(mus.ALL_CARDS[7])
    assert state.information_state_string(0) == "seat 0 of 2, dealt so far "
    # Through pyspiel's observer as through MusState: no cards seen while chance deals.
    for seat in (0, 1):
        assert state.information_state_tensor(seat) == state.inner.information_state_tensor(seat) == [0.0] * 168
        assert state.observation_tensor(seat) == [0.0] * 168
    assert 7 not in [o for o, _ in state.chance_outcomes()] and len(state.chance_outcomes()) == 39
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 1 and len(state.history()) == 9
    sampled = pyspiel.load_game("python_mus")
    assert sampled.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    with pytest.raises(mus.RulesError, match="deal must be"):
        MusGame(deal="shuffled")


def test_max_mus_rounds_closes_the_mus() -> None:
    game = MusGame(mus.Rules.preset("heads-up"), max_mus_rounds=1)
    state = game.new_initial_state(seed=3)
    assert state.legal_actions() == [0, 1] and state.legal_actions_mask()[0] == 1
    for action in (0, 0, 2, 2):  # mus, mus, each seat discards its first card
        state.apply_action(action)
    assert state.hand.mus_rounds == 1 and state.legal_actions() == [1] and state.legal_actions_mask()[:2] == [0, 1]
    with pytest.raises(mus.IllegalActionError, match="stops the mus after 1 exchange"):
        state.apply_action(0)
    assert state.history() == [0, 0, 2, 2]
    with pytest.raises(mus.RulesError, match="max_mus_rounds must be"):
        MusGame(max_mus_rounds=-1)


def test_information_state_strings_built_on_the_parents_equal_those_built_whole() -> None:
    from mus.ai.encoding import encoding_for
    from mus.ai.observations import Observer

    for rules in (mus.Rules(senas=True), mus.Rules(seats=6, senas=True, declarations="explicit")):
        coding, whole = encoding_for(rules), Observer(rules)
        rng = random.Random(1)
        for seed in range(15):
            state = mus.new_hand(rules, seed=seed)
            while state.to_act is not None:
                for seat in range(rules.seats):
                    assert coding.information_state_string(state, seat) == whole._information_state(state, seat)
                if rules.senas and rng.random() < 0.2:
                    seat = rng.randrange(rules.seats)
                    senas = mus.senas_of(state.hands[seat], rules)
                    if senas and state.is_legal(mus.Signal(senas[0]), seat):
                        state = mus.apply(state, mus.Signal(senas[0]), seat)
                        continue
                legal = coding.legal_actions(state)
                state = mus.apply(
                    state, coding.decode(0 if 0 in legal and rng.random() < 0.7 else rng.choice(legal), state)
                )


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


def test_mccfr_runs_on_the_heads_up_table() -> None:
    pyspiel = spiel()
    from open_spiel.python.algorithms import (  # type: ignore[import-not-found, import-untyped, unused-ignore]
        external_sampling_mccfr,
        outcome_sampling_mccfr,
    )

    np.random.seed(0)
    for params, solver, iterations in (
        (SMALL, outcome_sampling_mccfr.OutcomeSamplingSolver, 300),
        ({**SMALL, "deal": "cards"}, outcome_sampling_mccfr.OutcomeSamplingSolver, 300),
        (SMALL, external_sampling_mccfr.ExternalSamplingSolver, 100),
    ):
        game = pyspiel.load_game("python_mus", {**params, "rng_seed": 1})
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        assert state.legal_actions() == [1]  # the mus is closed: no-mus only
        cfr = solver(game)
        for _ in range(iterations):
            cfr.iteration()
        table = cfr._infostates
        assert len(table) > iterations
        policy = cfr.average_policy()
        state.apply_action(1)
        probabilities = policy.action_probabilities(state)
        assert set(probabilities) == set(state.legal_actions())
        assert sum(probabilities.values()) == pytest.approx(1.0)
        assert all(np.isfinite(regrets).all() for regrets, _ in table.values())


def test_tabular_q_learning_through_rl_environment() -> None:
    pyspiel = spiel()
    from open_spiel.python import rl_environment  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from open_spiel.python.algorithms import tabular_qlearner  # type: ignore[import-not-found, import-untyped, unused-ignore]

    game = pyspiel.load_game("python_mus", {**SMALL, "rng_seed": 2})
    environment = rl_environment.Environment(game, seed=2)
    actions = environment.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=seat, num_actions=actions) for seat in range(2)]
    totals = np.zeros(2)
    for _ in range(300):
        step = environment.reset()
        while not step.last():
            seat = step.observations["current_player"]
            output = agents[seat].step(step)
            assert output.action in step.observations["legal_actions"][seat]
            step = environment.step([output.action])
        for agent in agents:
            agent.step(step)
        totals += step.rewards
        assert sum(step.rewards) == pytest.approx(0.0)
    assert all(len(agent._q_values) > 10 for agent in agents)


def test_a_masked_policy_gradient_trains_through_pettingzoo() -> None:
    # REINFORCE with a linear softmax policy over the legal ids only: what a masked
    # learner (sb3-contrib's MaskablePPO among them) does with the env's masks.
    rules = mus.Rules.preset("heads-up")
    game = env(rules, seed=5, reward="terminal")
    size, actions = game.coding.observation_size, game.coding.num_actions
    rng = np.random.default_rng(0)
    weights = np.zeros((size, actions))
    for episode in range(200):
        game.reset(seed=episode)
        steps: list[tuple[Any, Any, int, str]] = []
        paid = dict.fromkeys(game.possible_agents, 0.0)
        for agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            paid[agent] += float(reward)
            if termination or truncation:
                game.step(None)
                continue
            mask = observation["action_mask"].astype(bool)
            if game.hand.mus_rounds and mask[NO_MUS]:
                mask[MUS] = False  # one exchange at most: a policy that keeps saying mus never ends a hand
            logits = observation["observation"] @ weights
            logits[~mask] = -np.inf
            probabilities = np.exp(logits - logits[mask].max())
            probabilities /= probabilities.sum()
            action = int(rng.choice(actions, p=probabilities))
            assert mask[action]
            steps.append((observation["observation"], probabilities, action, agent))
            game.step(action)
        assert list(paid.values()) == pytest.approx(returns(game.hand))  # paid once, at the end
        for vector, probabilities, action, agent in steps:
            # Zero-sum heads-up: the hand's return is its own advantage (baseline 0).
            gradient = -probabilities
            gradient[action] += 1.0
            weights += 0.05 * paid[agent] / rules.target * np.outer(vector, gradient)
    assert np.isfinite(weights).all() and np.abs(weights).sum() > 0


# --- deep learners: OpenSpiel's PyTorch agents and sb3-contrib (the rl extra) -----------

DEEP = {"preset": "heads-up", "rewards": "terminal", "max_mus_rounds": 1}
"""The heads-up game for the deep learners: one exchange at most (a policy that keeps
saying mus plays long hands), and all of a hand's stones at its end, since an
``rl_environment`` agent steps on its own turns only: under ``rewards="stones"`` it would
miss the stones paid on the other seat's actions."""


@pytest.fixture
def torch() -> Iterator[Any]:
    """PyTorch (the ``rl`` extra) on one thread while the test runs: its networks are
    small, and the machine is shared."""
    module = pytest.importorskip("torch")
    threads = module.get_num_threads()
    module.set_num_threads(1)
    yield module
    module.set_num_threads(threads)


def weights_of(network: Any) -> list[Any]:
    return [parameter.detach().clone() for parameter in network.parameters()]


def moved(before: list[Any], network: Any, torch: Any) -> bool:
    return any(not torch.equal(old, new) for old, new in zip(before, network.parameters(), strict=True))


@pytest.mark.parametrize("name", ["dqn", "nfsp"])
def test_dqn_and_nfsp_train_through_rl_environment(name: str, torch: Any) -> None:
    pyspiel = spiel()
    algorithm = pytest.importorskip(f"open_spiel.python.pytorch.{name}")  # also needs dm-tree (extra rl)
    from open_spiel.python import rl_environment  # type: ignore[import-not-found, import-untyped, unused-ignore]

    game = pyspiel.load_game("python_mus", {**DEEP, "rng_seed": 4})
    environment = rl_environment.Environment(game, seed=4)
    size = environment.observation_spec()["info_state"][0]
    actions = environment.action_spec()["num_actions"]
    assert (size, actions) == (game.information_state_tensor_size(), game.num_distinct_actions()) == (168, 33)
    learning = {"batch_size": 32, "min_buffer_size_to_learn": 64, "learn_every": 4, "seed": 0}
    greedy = {"replay_buffer_capacity": 2000, "epsilon_decay_duration": 1000, "update_target_network_every": 50}
    agents = [
        algorithm.DQN(seat, size, actions, [32], learning_rate=0.01, **learning, **greedy)
        if name == "dqn"
        else algorithm.NFSP(
            seat, size, actions, [32], reservoir_buffer_capacity=2000, anticipatory_param=0.1, **learning, **greedy
        )
        for seat in range(2)
    ]
    network = "_q_network" if name == "dqn" else "_avg_network"  # what the test checks was trained
    before = [weights_of(getattr(agent, network)) for agent in agents]
    for _ in range(200):
        step = environment.reset()
        while not step.last():
            seat = step.observations["current_player"]
            vector = np.asarray(step.observations["info_state"][seat])
            assert vector.shape == (size,) and ((vector >= 0) & (vector <= 1)).all()
            output = agents[seat].step(step)
            assert output.action in step.observations["legal_actions"][seat]
            step = environment.step([output.action])
        for agent in agents:
            agent.step(step)
        assert sum(step.rewards) == pytest.approx(0.0)
    for agent, old in zip(agents, before, strict=True):
        losses = [agent.loss] if name == "dqn" else list(agent.loss)  # NFSP: (average policy, best response)
        assert all(loss is not None and np.isfinite(loss) for loss in losses), losses
        assert moved(old, getattr(agent, network), torch)
    # The policy learned (DQN's greedy one, NFSP's average one): a distribution over the
    # legal ids only, and the id played is one of them.
    for _ in range(20):
        step = environment.reset()
        while not step.last():
            seat = step.observations["current_player"]
            legal = step.observations["legal_actions"][seat]
            agent = agents[seat]
            if name == "dqn":
                output = agent.step(step, is_evaluation=True)
            else:
                with agent.temp_mode_as(algorithm.MODE.AVERAGE_POLICY):
                    output = agent.step(step, is_evaluation=True)
            probabilities = np.asarray(output.probs)
            assert probabilities.shape == (actions,) and probabilities.sum() == pytest.approx(1.0)
            assert probabilities[np.setdiff1d(np.arange(actions), legal)].sum() == 0.0
            assert output.action in legal and probabilities[output.action] > 0
            step = environment.step([output.action])


class OneSeat(gymnasium.Env[Any, int]):
    """One seat of the PettingZoo environment as a Gymnasium environment, its mask given
    by :meth:`action_mask` for sb3-contrib's ``ActionMasker``: the pattern of PettingZoo's
    MaskablePPO tutorial (whose wrapper plays every seat with one policy and pays each
    step to the seat that took it). Here the learner keeps one seat a hand, the seats
    taking turns hand by hand, and the other seat plays uniform legal ids; a step's reward
    is what PettingZoo's ``last()`` gives the learner, its stones since its last turn."""

    def __init__(self, game: Any, seed: int) -> None:
        self.game = game
        first = game.possible_agents[0]
        self.observation_space = game.observation_space(first)["observation"]
        self.action_space = game.action_space(first)
        self.others = np.random.default_rng(seed)
        self.learner = first
        self.hands = 0
        self.paid = self.carry = 0.0
        self.ends: list[tuple[float, float]] = []
        """Each hand played to its end: the learner's rewards added up, and its return."""
        self.outside = 0
        """Observations not in ``observation_space``."""

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        self.game.reset(seed=seed)
        agents = self.game.possible_agents
        self.learner = agents[self.hands % len(agents)]
        self.hands += 1
        observation, self.carry, done = self._to_learner()  # stones paid before its first turn
        assert not done
        self.paid = 0.0
        return observation, {}

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self.game.step(int(action))
        observation, reward, done = self._to_learner()
        reward, self.carry = reward + self.carry, 0.0
        self.paid += reward
        if done:
            self.ends.append((self.paid, returns(self.game.hand)[self.game.agent_name_mapping[self.learner]]))
        return observation, reward, done, False, {}

    def _to_learner(self) -> tuple[Any, float, bool]:
        """The other seats play (or leave, once the hand is over) up to the learner's turn."""
        game = self.game
        while game.agent_selection != self.learner:
            observation, _, termination, truncation, _ = game.last()
            done = termination or truncation
            game.step(None if done else int(self.others.choice(observation["action_mask"].nonzero()[0])))
        observation, reward, termination, truncation, _ = game.last()
        self.outside += not self.observation_space.contains(observation["observation"])
        return observation["observation"], float(reward), termination or truncation

    def action_mask(self) -> Any:
        return self.game.observe(self.learner)["action_mask"]


@pytest.mark.parametrize("through", ["pettingzoo", "seat"])
def test_maskable_ppo_trains_with_the_masks(through: str, torch: Any) -> None:
    sb3_contrib = pytest.importorskip("sb3_contrib")
    rules = mus.Rules.preset("heads-up")
    environment: Any
    if through == "pettingzoo":
        environment = OneSeat(env(rules, seed=6), seed=6)
        learning = pytest.importorskip("sb3_contrib.common.wrappers").ActionMasker(environment, OneSeat.action_mask)
        steps = 4096
    else:
        environment = learning = SeatEnv(rules, seed=6, reward="terminal")  # its own action_masks()
        steps = 2048
    model = sb3_contrib.MaskablePPO(
        "MlpPolicy", learning, n_steps=256, batch_size=64, n_epochs=4, seed=0, device="cpu",
        policy_kwargs={"net_arch": [64]},
    )  # fmt: skip
    before = weights_of(model.policy)
    model.learn(total_timesteps=steps)
    assert model.num_timesteps >= steps and moved(before, model.policy, torch)
    logged = model.logger.name_to_value  # the last update's figures
    for key in ("train/loss", "train/value_loss", "train/policy_gradient_loss", "train/entropy_loss"):
        assert np.isfinite(logged[key]), key
    if through == "pettingzoo":
        assert len(environment.ends) > 100 and environment.outside == 0
        assert [paid for paid, _ in environment.ends] == pytest.approx([due for _, due in environment.ends])
    # The policy with the masks: a distribution over the legal ids only, and it predicts
    # legal ids, sampled or greedy.
    observation, _ = environment.reset(seed=100)
    hands = 0
    while hands < 20:
        mask = np.asarray(learning.action_masks(), dtype=bool)
        assert mask.any()
        tensor, _ = model.policy.obs_to_tensor(observation)
        distribution = model.policy.get_distribution(tensor, action_masks=mask).distribution
        probabilities = distribution.probs[0].detach().numpy()
        assert probabilities.sum() == pytest.approx(1.0) and probabilities[~mask].sum() == 0.0
        greedy, _ = model.predict(observation, action_masks=mask, deterministic=True)
        assert mask[int(greedy)]
        action, _ = model.predict(observation, action_masks=mask)
        assert mask[int(action)]
        observation, _, done, _, _ = environment.step(int(action))
        if done:
            hands += 1
            observation, _ = environment.reset()


def test_the_docs_table_is_the_algorithms_tested() -> None:
    text = (pathlib.Path(__file__).parents[1] / "docs" / "ai.rst").read_text(encoding="utf-8")
    rows_block = text.split(".. list-table:: OpenSpiel's algorithms and others on Mus", 1)[1].split("\n\n")[1]
    rows = re.findall(r"   \* - (.*)\n     - (.*)\n     - (.*)\n     - (.*)(?:\n|$)", rows_block)
    written = "\n".join(f"   * - {n}\n     - {t}\n     - {p}\n     - {r}" for n, t, p, r in ALGORITHMS)
    assert rows[0] == ("Algorithm", "Practical on", "Parameters", "Result")
    assert rows[1:] == ALGORITHMS, f"docs/ai.rst's table should read:\n{written}"
