"""mus.ai.vector: the Gymnasium vector environment on the batch engine.

The learner sees only its turns; the rewards of an episode add up to the stones its side
won less the other side's, as :mod:`mus.ai.rewards` credits them; hands that end are
dealt again in the same step (a game's next hand, its scores carried, under
``episode="game"``); the masks are the scalar engine's legal actions, the observations
the scalar adapters' vectors; the opponents play as the policy they are given.
"""

from __future__ import annotations

from typing import Any

import pytest

for extra in ("numpy", "gymnasium"):  # the ai extra
    pytest.importorskip(extra)

import gymnasium  # noqa: E402
import numpy as np  # noqa: E402

import mus  # noqa: E402
from mus import Rules  # noqa: E402
from mus.ai.action_ids import ActionIds  # noqa: E402
from mus.ai.encoding import encoding_for  # noqa: E402
from mus.ai.players import NetworkPolicy  # noqa: E402
from mus.ai.rewards import credited, zero_sum  # noqa: E402
from mus.ai.vector import VectorSeatEnv  # noqa: E402
from mus.batch import NO_MUS, ORDAGO, Batch  # noqa: E402
from mus.batch.observe import LAYOUT, layout, observation, observe, size  # noqa: E402
from mus.bots import HeuristicBot  # noqa: E402

# Long random-play runs: `python -m pytest -m 'not slow'` leaves them out (README).
pytestmark = pytest.mark.slow


def legal_pick(rng: np.random.Generator, mask: np.ndarray) -> np.ndarray:
    return np.asarray((rng.random(mask.shape) * mask).argmax(axis=1))


def play(env: VectorSeatEnv, steps: int, seed: int) -> list[tuple[Any, ...]]:
    """``steps`` steps of a uniform learner; what each step returned."""
    rng = np.random.default_rng(seed)
    observations, infos = env.reset(seed=seed)
    trace = []
    for _ in range(steps):
        observations, rewards, terminated, truncated, infos = env.step(legal_pick(rng, infos["action_mask"]))
        trace.append((observations, rewards, terminated, truncated, infos))
    return trace


def test_spaces_and_shapes() -> None:
    env = VectorSeatEnv(5, seat=2)
    observations, infos = env.reset(seed=3)
    assert env.single_observation_space.shape == (size(),) == (192,)
    assert env.single_action_space.n == 33
    assert observations.shape == (5, 192) and observations in env.observation_space
    assert infos["action_mask"].shape == (5, 33) and infos["action_mask"].dtype == np.int8
    assert env.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.SAME_STEP
    assert (env.batch.to_act == 2).all()


def test_episodes_pay_the_credited_stones() -> None:
    env = VectorSeatEnv(16, seat=1)
    running = np.zeros(16)
    episodes = 0
    for _, rewards, terminated, truncated, infos in play(env, 400, seed=5):
        assert not truncated.any()
        running += rewards
        for row in terminated.nonzero()[0].tolist():
            scores, winner = infos["final_scores"][row], int(infos["final_winner"][row])
            capped = [min(int(score), 40) for score in scores]
            if winner >= 0:
                capped[winner] = 40
            assert running[row] == capped[1] - capped[0]  # seat 1 plays for side 1
            seen = infos["final_obs"][row]
            start, count = layout()["phase"]
            assert seen[start : start + count].tolist() == [0, 0, 0, 0, 1]  # finished
            running[row] = 0.0
            episodes += 1
        assert (env.batch.to_act == 1).all()  # the learner's turn everywhere
    assert episodes > 100 and episodes == env.hands_played


def test_the_same_seed_plays_the_same_episodes() -> None:
    first, second = play(VectorSeatEnv(4), 60, seed=8), play(VectorSeatEnv(4), 60, seed=8)
    for a, b in zip(first, second, strict=True):
        assert all(np.array_equal(x, y) for x, y in zip(a[:4], b[:4], strict=True))


def test_masks_and_states_are_the_scalar_engines() -> None:
    env = VectorSeatEnv(6, rules=Rules.preset("six"), seat=3)
    ids = ActionIds(env.rules)
    rng = np.random.default_rng(9)
    _, infos = env.reset(seed=9)
    for _ in range(40):
        for i in range(6):
            state = env.state(i)
            assert state.to_act == 3
            assert infos["action_mask"][i].tolist() == ids.legal_action_mask(state).tolist()
        _, _, _, _, infos = env.step(legal_pick(rng, infos["action_mask"]))


def test_opponents_may_be_a_policy() -> None:
    # Opponents that go órdago at once (and accept one): every hand ends in an órdago.
    def ordago_lover(batch: Batch) -> np.ndarray:
        mask = batch.legal_mask()
        return np.where(mask[:, ORDAGO], ORDAGO, np.where(mask[:, 18], 18, mask.argmax(axis=1)))

    env = VectorSeatEnv(12, opponents=ordago_lover)
    rng = np.random.default_rng(3)
    _, infos = env.reset(seed=3)
    winners = []
    for _ in range(30):
        _, _, terminated, _, infos = env.step(legal_pick(rng, infos["action_mask"]))
        if terminated.any():
            winners.extend(infos["final_winner"][terminated].tolist())
    assert len(winners) > 20 and all(winner >= 0 for winner in winners)


def test_illegal_and_bad_arguments() -> None:
    env = VectorSeatEnv(2)
    env.reset(seed=1)
    with pytest.raises(mus.IllegalActionError, match="not legal now"):
        env.step(np.array([ORDAGO, ORDAGO]))
    with pytest.raises(mus.MusError, match="num_envs"):
        VectorSeatEnv(0)
    with pytest.raises(mus.MusError, match="opponents are 'random', 'heuristic', a policy"):
        VectorSeatEnv(2, opponents="clever")
    with pytest.raises(mus.MusError, match="episode is 'hand' or 'game'"):
        VectorSeatEnv(2, episode="match")
    with pytest.raises(mus.MusError, match="declarations='derived' only"):
        VectorSeatEnv(2, rules=Rules.preset("declared"))


def test_gymnasium_wrappers_take_it() -> None:
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(VectorSeatEnv(8))
    _, infos = env.reset(seed=2)
    rng = np.random.default_rng(2)
    returns = []
    for _ in range(100):
        _, _, _, _, infos = env.step(legal_pick(rng, infos["action_mask"]))
        if "episode" in infos:
            returns.extend(infos["episode"]["r"][infos["_episode"]].tolist())
    assert returns and all(-40 <= value <= 40 for value in returns)


def test_rewards_are_the_ai_adapters() -> None:
    # The learner (the mano) cuts and goes órdago, an opponent accepts: the episode's
    # reward is what mus.ai.rewards pays the scalar hand.
    def accepting(batch: Batch) -> np.ndarray:
        mask = batch.legal_mask()
        return np.where(mask[:, 18], 18, mask.argmax(axis=1))  # accept, else the first legal id

    env = VectorSeatEnv(1, opponents=accepting)
    env.reset(seed=4)
    _, first, _, _, _ = env.step(np.array([NO_MUS]))
    _, second, terminated, _, _ = env.step(np.array([ORDAGO]))
    state = mus.new_hand(seed="4/env/0", mano=0)
    for action in ("no-mus", "ordago", "accept"):
        state = mus.apply(state, action)
    assert terminated.tolist() == [True] and first.tolist() == [0.0]
    assert second.tolist() == [zero_sum(credited(state), state.rules)[0]]
    assert abs(second[0]) == 40


def test_the_deprecated_layout_is_what_the_seat_sees_of_the_scalar_hand() -> None:
    # Along random hands at six seats, each part of observe()'s layout read from the scalar state.
    rules = Rules.preset("six")
    batch = Batch(rules, seeds=range(40), mano=np.arange(40) % 6)
    rng = np.random.default_rng(10)
    checked = 0
    while not batch.done:
        for seat in (0, 4):
            with pytest.warns(DeprecationWarning, match=r"use mus.batch.observe.observation\(\).*goes in 1\.0\.0"):
                seen = observe(batch, seat)
            for i in range(0, batch.n, 7):
                state = batch.state(i)
                expect_observation(seen[i], state, seat)
                checked += 1
        batch.step(legal_pick(rng, batch.legal_mask() | batch.over[:, None]))
    assert checked > 100


def relative(seats: Any, seat: int, n: int) -> list[float]:
    slots = [0.0] * 6
    for other in seats:
        slots[(other - seat) % n] = 1.0
    return slots


def expect_observation(seen: np.ndarray, state: mus.HandState, seat: int) -> None:
    rules, n = state.rules, state.rules.seats
    part = {name: seen[where].tolist() for name, where in LAYOUT.items()}
    assert sorted(np.flatnonzero(part["hand"]).tolist()) == sorted(card.index for card in state.hands[seat])
    phases = [mus.Phase.MUS, mus.Phase.DISCARD, mus.Phase.BETTING, mus.Phase.FINISHED]
    assert part["phase"] == [float(state.phase is phase) for phase in phases]
    betting = state.betting if state.phase is mus.Phase.BETTING else None
    assert part["lance"] == [float(betting is not None and betting.lance == lance) for lance in mus.Lance]
    assert part["mano"] == relative([state.mano], seat, n)
    assert part["to_act"] == relative([] if state.to_act is None else [state.to_act], seat, n)
    assert part["in_lance"] == relative(betting.seats if betting else [], seat, n)
    assert part["folded"] == relative(betting.folded if betting else [], seat, n)
    bet = betting is not None and betting.bets > 0
    assert part["bettor"] == relative([betting.bettor] if bet and betting else [], seat, n)
    target = rules.target
    stake = min(betting.stake / target, 1.0) if betting else 0.0
    previous = min(betting.previous / target, 1.0) if bet and betting else 0.0
    bets = betting.bets / 100 if betting else 0.0
    ordago = float(bool(betting and betting.ordago))
    assert part["betting"] == pytest.approx([stake, previous, bets, ordago])
    side = rules.team_of[seat]
    assert part["scores"] == pytest.approx(
        [min(state.scores[side] / target, 1), min(state.scores[1 - side] / target, 1)]
    )
    assert part["mus_rounds"] == pytest.approx([min(state.mus_rounds / 10, 1)])
    outcomes = [0.0] * 30
    for result in state.results:
        outcomes[result.lance * 6 + list(mus.Outcome).index(result.outcome)] = 1.0
    assert part["outcomes"] == outcomes


@pytest.mark.parametrize("preset", ["standard", "heads-up", "six", "federation", "max-bet-40", "short"])
def test_observations_are_the_adapters_vectors(preset: str) -> None:
    # Every hand, every seat, every step: the batch's vector is the scalar Observer's, bit
    # for bit, from scores that are not 0-0 too, under policies that pick any legal id
    # or ask for mus again and again (exchanges, reshuffles).
    rules = Rules.preset(preset)
    encoding = encoding_for(rules)
    n = 60
    scores = [[(7 * i) % rules.target, (11 * i) % rules.target] for i in range(n)]
    batch = Batch(rules, seeds=range(n), mano=np.arange(n) % rules.seats, scores=scores)
    rng = np.random.default_rng(len(preset))
    steps = 0
    while not batch.done:
        states = [batch.state(i) for i in range(n)]
        for seat in range(rules.seats):
            seen = observation(batch, seat)
            for i, state in enumerate(states):
                assert seen[i].tobytes() == encoding.observation(state, seat).tobytes(), (preset, i, seat, state)
        mask = batch.legal_mask()
        mus_again = mask[:, 0] & (rng.random(n) < 0.8) & (steps < 60)
        picks = np.where(mus_again, 0, legal_pick(rng, mask | batch.over[:, None]))
        batch.step(picks)
        steps += 1
    assert steps > 20


def test_game_episodes_carry_the_scores_to_the_target() -> None:
    # A learner that takes the first legal id (asks for mus, passes, accepts) against
    # the heuristic player: games of several hands, the scores carried and shown.
    env = VectorSeatEnv(8, seat=1, episode="game", opponents="heuristic")
    observations, infos = env.reset(seed=12)
    running = np.zeros(8)
    games = 0
    carried = False
    start, _ = layout()["scores"]
    for _ in range(400):
        observations, rewards, terminated, _, infos = env.step(infos["action_mask"].argmax(axis=1))
        running += rewards
        carried |= bool((observations[:, start : start + 2] > 0).any())
        for row in terminated.nonzero()[0].tolist():
            winner = int(infos["final_winner"][row])
            assert winner in (0, 1)  # an episode ends with the game
            capped = [min(int(score), 40) for score in infos["final_scores"][row]]
            capped[winner] = 40
            assert running[row] == capped[1] - capped[0]
            running[row] = 0.0
            games += 1
    assert carried and games > 5 and games == env.games_played and env.hands_played > 2 * games


def test_heuristic_and_policy_opponents_play_as_they_should() -> None:
    # The opponents' actions are what HeuristicBot, and what the policy, choose in each
    # hand's scalar state (the policy from the seat's observation): self-play with one
    # network on every seat.
    rng = np.random.default_rng(4)
    network = NetworkPolicy(
        [(rng.normal(size=(192, 16)), rng.normal(size=16)), (rng.normal(size=(16, 33)), np.zeros(33))]
    )
    for opponents, expected in (("heuristic", None), (network, network)):
        env = VectorSeatEnv(6, seat=2, opponents=opponents)
        observations, infos = env.reset(seed=6)
        checked = 0
        for _ in range(30):
            chosen = (
                network.act(observations, infos["action_mask"]) if expected else legal_pick(rng, infos["action_mask"])
            )
            observations, _, _, _, infos = env.step(chosen)
            for i in range(6):
                state = env.state(i)
                replay = mus.new_hand(state.rules, seed=state.deal.seed, mano=state.deal.mano)
                for seat, action in state.history:
                    if isinstance(action, mus.Declare):
                        continue
                    if seat != 2:
                        if expected is None:
                            assert action == HeuristicBot().choose(replay.view(seat))
                        else:
                            mask = encoding_for(state.rules).legal_action_mask(replay)[None]
                            seen = encoding_for(state.rules).observation(replay, seat)[None]
                            assert encoding_for(state.rules).encode(action, replay) == int(network.act(seen, mask)[0])
                        checked += 1
                    replay = mus.apply(replay, action)
        assert checked > 100
