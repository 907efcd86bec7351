"""mus.ai.players and the views' encoding: one observation and one player protocol.

* a seat's view gives the state's observation and mask, at every step of hands of every
  preset (señas included), so a policy reads the same numbers as a bot as it does in
  the environments;
* :class:`PolicyBot` plays a policy as a bot, :func:`spiel_bot` a bot through
  OpenSpiel's ``evaluate_bots``, :func:`zoo_policy` a bot on the PettingZoo AEC
  environment, each choosing exactly what the bot chooses;
* a :class:`NetworkPolicy` comes back from its file as it was, and a file of another
  layout version is refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest

for extra in ("numpy", "gymnasium", "pettingzoo"):  # the ai extra
    pytest.importorskip(extra)

import numpy as np  # noqa: E402

import mus  # noqa: E402
from mus.advise import AdvisorBot  # noqa: E402
from mus.ai.encoding import encoding_for  # noqa: E402
from mus.ai.pettingzoo import env as zoo_env  # noqa: E402
from mus.ai.players import NetworkPolicy, PolicyBot, load_policy, spiel_bot, zoo_policy  # noqa: E402
from mus.batch.heuristic import HeuristicPolicy  # noqa: E402
from mus.bots import HeuristicBot, RandomBot, play_hand  # noqa: E402


@pytest.mark.parametrize("preset", ["standard", "heads-up", "six", "declared", "individual-3", "federation"])
def test_a_views_observation_and_mask_are_its_states(preset: str) -> None:
    rules = mus.Rules.preset(preset)
    if preset == "standard":
        rules = rules.evolve(senas=True)  # the advisor signals: the señas' part is read too
    encoding = encoding_for(rules)
    checked = 0
    for seed in range(25):
        state = mus.new_hand(rules, seed=seed, mano=seed % rules.seats)
        bots = [AdvisorBot(seat, samples=100) if seat % 2 else RandomBot(seed + seat) for seat in range(rules.seats)]
        while True:
            for seat in range(rules.seats):
                view = state.view(seat)
                assert encoding.view_observation(view).tobytes() == encoding.observation(state, seat).tobytes()
                expected = encoding.legal_action_mask(state) if state.to_act == seat else encoding.no_actions()
                assert encoding.view_mask(view).tolist() == expected.tolist()
                checked += 1
            if state.to_act is None:
                break
            state = mus.apply(state, bots[state.to_act].choose(state.view(state.to_act)))
    assert checked > 200


def test_a_views_ids_are_its_states_actions() -> None:
    encoding = encoding_for()
    state = mus.new_hand(seed=8)
    bots = [RandomBot(seat) for seat in range(4)]
    while state.to_act is not None:
        view = state.view(state.to_act)
        for index in encoding.legal_actions(state):
            assert encoding.view_action(index, view) == encoding.decode(index, state)
        state = mus.apply(state, bots[state.to_act].choose(view))
    with pytest.raises(mus.IllegalActionError, match="not legal now"):
        encoding.view_action(0, state.view(0))


def test_a_policy_plays_as_a_bot() -> None:
    rules = mus.Rules.preset("heads-up")
    for seed in range(30):
        hand = mus.new_hand(rules, seed=seed, mano=seed % 2)
        assert play_hand(hand, [PolicyBot(HeuristicPolicy(rules))] * 2) == play_hand(hand, [HeuristicBot()] * 2)


def test_policy_bot_refuses_what_it_cannot_play() -> None:
    class Illegal:
        def act(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
            return np.full(len(masks), 19)  # fold, never legal at the mus

    class Wrong:
        def act(self, observations: np.ndarray, masks: np.ndarray) -> list[float]:
            return [0.5]

    view = mus.new_hand(seed=1).view(0)
    with pytest.raises(mus.IllegalActionError, match=r"action 19 \(fold\) is not legal now"):
        PolicyBot(Illegal()).choose(view)
    with pytest.raises(mus.MusError, match="one action id a row"):
        PolicyBot(Wrong()).choose(view)  # type: ignore[arg-type]
    with pytest.raises(mus.MusError, match="a policy has an act"):
        PolicyBot(HeuristicBot())  # type: ignore[arg-type]
    with pytest.raises(mus.MusError, match="not seat 2's turn"):
        PolicyBot(Illegal()).choose(mus.new_hand(seed=1).view(2))


def test_a_network_comes_back_from_its_file(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    layers = [(rng.normal(size=(192, 8)), rng.normal(size=8)), (rng.normal(size=(8, 33)), rng.normal(size=33))]
    policy = NetworkPolicy(layers)
    policy.save(tmp_path / "p.npz")
    again = load_policy(tmp_path / "p.npz")
    observations = rng.random((50, 192)).astype(np.float32)
    masks = rng.random((50, 33)) < 0.3
    masks[:, 17] = True
    assert np.array_equal(again.logits(observations), policy.logits(observations))
    assert again.act(observations, masks).tolist() == policy.act(observations, masks).tolist()
    assert masks[np.arange(50), policy.act(observations, masks)].all()
    sampled = NetworkPolicy(layers, greedy=False, seed=4).act(
        np.repeat(observations[:1], 400, axis=0), np.repeat(masks[:1], 400, axis=0)
    )
    assert set(sampled.tolist()) <= set(np.flatnonzero(masks[0]).tolist()) and len(set(sampled.tolist())) > 1


def test_a_file_of_another_version_or_no_policy_is_refused(tmp_path: Path) -> None:
    np.savez(tmp_path / "other.npz", meta=np.array('{"format": "mus-policy", "version": 0, "layers": 1}'),
             weights_0=np.zeros((116, 33)), bias_0=np.zeros(33))  # fmt: skip
    with pytest.raises(mus.MusError, match="layout version 0, and this mus-rules builds version 1"):
        load_policy(tmp_path / "other.npz")
    (tmp_path / "text.npz").write_text("not a policy")
    with pytest.raises(mus.MusError, match="not a saved mus policy"):
        load_policy(tmp_path / "text.npz")


def test_a_bot_plays_the_aec_environment_as_a_pettingzoo_policy() -> None:
    # Every id the policy gives is the bot's own choice in the environment's hand, and
    # the hands it plays are the bot's hands.
    game = zoo_env(seed=5)
    policy = zoo_policy(HeuristicBot(), game)
    encoding = encoding_for()
    for episode in range(20):
        game.reset(seed=episode)
        start = game.hand
        for agent in game.agent_iter():
            observation, _, termination, truncation, _ = game.last()
            if termination or truncation:
                game.step(None)
                continue
            action = policy(observation, agent)
            seat = game.agent_name_mapping[agent]
            assert action == encoding.encode(HeuristicBot().choose(game.hand.view(seat)), game.hand)
            assert observation["action_mask"][action] == 1
            game.step(action)
        assert game.hand == play_hand(start, [HeuristicBot()] * 4)
    with pytest.raises(mus.MusError, match="no agent 'seat_9'"):
        policy({}, "seat_9")
    with pytest.raises(mus.MusError, match=r"plays the environment of mus\.ai\.pettingzoo"):
        zoo_policy(HeuristicBot(), object())


def test_a_bot_plays_openspiel_through_evaluate_bots() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import mus.ai.openspiel

    game = pyspiel.load_game("python_mus")
    for seed in range(12):
        state = game.new_initial_state()
        bots = [spiel_bot(HeuristicBot(), seat) for seat in range(4)]
        returns = pyspiel.evaluate_bots(state, bots, seed)
        assert len(returns) == 4 and sum(returns) == 0
    # The hand it played is the bot's: replayed, every action is HeuristicBot's choice.
    state = game.new_initial_state()
    bot = spiel_bot(HeuristicBot(), 0)
    while not state.is_terminal():
        player = state.current_player()
        action = spiel_bot(HeuristicBot(), player).step(state)
        hand = state.inner.hand
        assert action == encoding_for().encode(HeuristicBot().choose(hand.view(player)), hand)
        state.apply_action(action)
    with pytest.raises(mus.MusError, match=r"plays the states of mus\.ai\.openspiel"):
        bot.step(object())
