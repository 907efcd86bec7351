"""mus.ai.tracking: the observations kept from one state to the next equal the ones built
from scratch, bit for bit, at every step, under every preset the environments play."""

from __future__ import annotations

import copy
import itertools
import pickle
import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

import mus  # noqa: E402
from mus.ai import BET_2, ORDAGO  # noqa: E402
from mus.ai.encoding import Encoding, encoding_for  # noqa: E402
from mus.ai.pettingzoo import env  # noqa: E402
from mus.ai.tracking import ObservationTracker  # noqa: E402

TABLES = {name: mus.Rules.preset(name) for name in sorted(mus.PRESETS)} | {
    "cap-5": mus.Rules(max_bet=5),  # bets above the table's cap masked out
    "senas": mus.Rules(senas=True, mus_visto="servido"),  # the partners' señas shown
    "explicit-senas": mus.Rules(senas=True, declarations="explicit"),
}


def scratch(game: object, agent: str) -> bytes:
    """The vector of ``agent`` built whole by the encoding, as bytes."""
    hand, coding = game.hand, game.coding  # type: ignore[attr-defined]
    return bytes(coding.observation(hand, game.agent_name_mapping[agent]).tobytes())  # type: ignore[attr-defined]


@pytest.mark.parametrize("episode", ["hand", "game"])
@pytest.mark.parametrize("name", list(TABLES))
def test_every_observation_of_the_aec_loop_equals_the_one_built_from_scratch(name: str, episode: str) -> None:
    # PettingZoo's loop, at every turn (the dead steps' observations of the last state
    # included), and now and then every other agent's observation too, so that the
    # tracker also meets states out of turn. Hands from 0 and from near the target.
    rules = TABLES[name]
    rng = random.Random(name)
    game = env(rules, seed=len(name), episode=episode)
    checked = 0
    for number in range(40 if episode == "hand" else 4):
        scores = (rules.target - 3,) * rules.teams if number % 4 == 3 else None
        game.reset(options=None if scores is None else {"scores": scores})
        for agent in game.agent_iter(max_iter=3000):
            observation, _, termination, _, _ = game.last()
            assert observation["observation"].tobytes() == scratch(game, agent), (name, agent, game.hand)
            assert observation["observation"].flags.writeable
            checked += 1
            if rng.random() < 0.2:
                for other in game.agents:
                    assert game.observe(other)["observation"].tobytes() == scratch(game, other)
            if termination:
                game.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            # Mostly small bets, so that hands run through every lance and games last;
            # now and then any id (an órdago, a big bet).
            small = [int(i) for i in legal if i <= BET_2 + 2 and i != ORDAGO] or [int(i) for i in legal]
            game.step(rng.choice(small) if rng.random() < 0.95 else int(rng.choice(legal)))
    assert checked > 80


def test_observations_handed_out_are_copies() -> None:
    game = env(seed=4)
    game.reset()
    first = game.last()[0]["observation"]
    kept = first.copy()
    first[:] = 0.5  # the caller's array: nothing of the tracker's
    game.step(int(game.last()[0]["action_mask"].nonzero()[0][0]))
    for agent in game.agent_iter(max_iter=6):
        observation = game.last()[0]
        assert observation["observation"].tobytes() == scratch(game, agent)
        game.step(None if game.terminations[agent] else int(observation["action_mask"].nonzero()[0][0]))
    assert not (kept == 0.5).all()


@pytest.mark.parametrize("name", ["standard", "six", "individual-3", "senas"])
def test_any_order_of_states_and_seats_gives_the_same_vectors(name: str) -> None:
    # The tracker's parts depend on their fields alone: states of many hands, asked
    # for in a shuffled order, by one tracker and by fresh ones, copies included.
    rules = TABLES[name]
    enc = encoding_for(rules)
    rng = random.Random(3)
    states = []
    for number in range(8):
        state = mus.new_hand(rules, seed=number, mano=number % rules.seats)
        while state.to_act is not None:
            states.append(state)
            state = enc.apply(state, rng.choice(enc.legal_actions(state)))
        states.append(state)
    pairs = [(state, seat) for state in states for seat in range(rules.seats)]
    tracker = ObservationTracker(enc)
    for order in (pairs, rng.sample(pairs, len(pairs)), pairs[::-1]):
        for state, seat in order:
            assert tracker.observation(state, seat).tobytes() == enc.observation(state, seat).tobytes()
    other = ObservationTracker(Encoding(rules))  # an observer of equal rules, caches of its own
    for (state, seat), copied in itertools.product(
        pairs[::7], (copy.deepcopy(tracker), pickle.loads(pickle.dumps(tracker)))
    ):
        assert copied.observation(state, seat).tobytes() == enc.observation(state, seat).tobytes()
        assert other.observation(state, seat).tobytes() == enc.observation(state, seat).tobytes()


def test_the_tracker_checks_what_it_reads() -> None:
    tracker = ObservationTracker(encoding_for())
    state = mus.new_hand(seed=1)
    with pytest.raises(mus.MusError):
        tracker.observation(state, 4)
    with pytest.raises(mus.MusError):
        tracker.observation(state, True)
    with pytest.raises(mus.MusError):
        tracker.observation("state", 0)  # type: ignore[arg-type]
    with pytest.raises(mus.RulesError):
        tracker.observation(mus.new_hand(mus.Rules.preset("six"), seed=1), 0)
    assert tracker.observation(state, 3).tobytes() == encoding_for().observation(state, 3).tobytes()


def test_last_checks_its_call() -> None:
    game = env(seed=1)
    with pytest.raises(mus.MusError, match="call reset"):
        game.last()
    game.reset()
    with pytest.raises(mus.MusError, match="observe=True or False"):
        game.last(observe=1)  # type: ignore[arg-type]
    while game.agents:
        observation, _, termination, _, _ = game.last()
        game.step(None if termination else int(observation["action_mask"].nonzero()[0][-1]))
    with pytest.raises(mus.MusError, match="done with this episode"):
        game.last(observe=False)


@pytest.mark.parametrize("name", ["standard", "heads-up", "individual-3", "senas"])
def test_the_gymnasium_and_openspiel_observations_equal_the_ones_built_from_scratch(name: str) -> None:
    # SeatEnv and the OpenSpiel game read their vectors from a tracker too: at each of
    # the seat's turns, and at every state of OpenSpiel hands for every player.
    pytest.importorskip("gymnasium")
    from mus.ai.gym import SeatEnv
    from mus.ai.openspiel import MusGame

    rules = TABLES[name]
    environment = SeatEnv(rules, seat=1, episode="game", seed=2)
    coding = environment.coding
    rng = random.Random(5)
    observation, info = environment.reset(seed=2)
    for _ in range(300):
        assert observation.tobytes() == coding.observation(environment.hand, 1).tobytes()
        legal = info["action_mask"].nonzero()[0]
        observation, _reward, done, _truncated, info = environment.step(int(rng.choice(legal)))
        if done:
            observation, info = environment.reset()
    game = MusGame(rules, seed=3)
    for _ in range(5):
        state = game.new_initial_state()
        while not state.is_terminal():
            for player in range(rules.seats):
                expected = game.encoding.observation(state.hand, player).tolist()
                assert state.information_state_tensor(player) == state.observation_tensor(player) == expected
            state.apply_action(rng.choice(state.legal_actions()))
