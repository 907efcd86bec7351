"""A Gymnasium vector environment on the batch engine: one seat learns in N hands at once.

:class:`VectorSeatEnv` is ``num_envs`` hands played in lockstep by :mod:`mus.batch`:
the learner plays ``seat`` in every hand, and the opponents (the partner included)
play the other seats, by default picking uniformly among the legal actions, all hands
at once. Each :meth:`~VectorSeatEnv.step` takes one action id a hand
(:mod:`mus.batch.ids`, the ids of :mod:`mus.ai.action_ids`), plays it, lets the
opponents play up to the learner's next turn, and returns the learner's observations
(:func:`mus.batch.observe.observe`), rewards, terminations and infos, with
``infos["action_mask"]`` the legal ids. An episode is a hand, dealt from 0-0; the
reward is the learner's side's stones less the other side's, credited as they are won
(the target at most, exactly the target for the side that wins the game in the hand, as
:mod:`mus.ai.rewards` credits them). A hand that ends is dealt again in the same step
(``autoreset_mode`` ``SAME_STEP``: its last observation is in ``infos["final_obs"]``,
its scores and winner, -1 for none, in ``infos["final_scores"]`` and
``infos["final_winner"]``, each with its mask ``infos["_final_obs"]``...);
a hand the opponents end before the learner ever acts is dealt again too.

>>> import numpy as np
>>> env = VectorSeatEnv(8)
>>> observations, infos = env.reset(seed=1)
>>> observations.shape, infos["action_mask"].shape
((8, 116), (8, 33))
>>> rng = np.random.default_rng(0)
>>> total = np.zeros(8)
>>> for _ in range(50):
...     scores = rng.random(infos["action_mask"].shape) * infos["action_mask"]
...     observations, rewards, terminated, truncated, infos = env.step(scores.argmax(axis=1))
...     total += rewards
>>> env.hands_played > 0, bool(np.isfinite(total).all())
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from mus.ai import require

require("gymnasium", "mus.ai.vector")

import gymnasium  # noqa: E402
from gymnasium import spaces  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

from mus.batch import Batch  # noqa: E402
from mus.batch.ids import DEFAULT_MAX_BET  # noqa: E402
from mus.batch.observe import SIZE, observe  # noqa: E402
from mus.batch.simulate import MAX_HANDS  # noqa: E402
from mus.batch.tables import Array, tables_for  # noqa: E402
from mus.cards import seed_arg  # noqa: E402
from mus.checks import index_arg, quoted  # noqa: E402
from mus.errors import MusError, RulesError  # noqa: E402
from mus.rules import Rules  # noqa: E402
from mus.state import HandState  # noqa: E402

__all__ = ["VectorSeatEnv"]

Opponents = str | Callable[[Batch], Any]


class VectorSeatEnv(gymnasium.vector.VectorEnv[Array, Array, Array]):
    """``num_envs`` hands, one seat learning in each (see the module).

    ``opponents`` is ``"random"`` (uniform among the scalar engine's listed legal
    actions, as :func:`mus.batch.simulate` plays) or a function that gets the
    :class:`~mus.batch.Batch` and returns one action id a hand (only the entries of
    hands where an opponent is to act are read). The rules must be ones the batch
    engine plays (:func:`mus.batch.tables.check_rules`).

    >>> VectorSeatEnv(4, seat=4)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: seat must be 0 to 3, got 4
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012  (Gymnasium's own attribute)

    def __init__(
        self,
        num_envs: int,
        rules: Rules | None = None,
        *,
        seat: int = 0,
        opponents: Opponents = "random",
        max_bet: int = DEFAULT_MAX_BET,
        seed: int | None = None,
    ) -> None:
        self.rules: Rules = Rules() if rules is None else rules
        tables = tables_for(self.rules, max_bet)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or not 1 <= num_envs <= MAX_HANDS:
            raise MusError(f"num_envs is a number of hands from 1 to {MAX_HANDS:,}, got {quoted(num_envs)}")
        seats = self.rules.seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise RulesError(f"seat must be 0 to {seats - 1}, got {quoted(seat)}")
        random = isinstance(opponents, str) and opponents == "random"
        if not random and not callable(opponents):
            raise MusError(f"opponents are 'random' or a function of the batch, got {quoted(opponents)}")
        if seed is not None:
            seed_arg(seed)  # checked before anything is built (_deal_all reads it)
        self.num_envs = num_envs
        self.seat = seat
        self.opponents = opponents
        self._opponents: Callable[[Batch], Any] = (
            (lambda batch: batch.random_actions(self.np_random)) if random else opponents  # type: ignore[assignment]
        )
        self.max_bet = max_bet
        self.single_observation_space: spaces.Box = spaces.Box(0.0, 1.0, (SIZE,), np.float32)
        self.single_action_space: spaces.Discrete = spaces.Discrete(tables.num_actions)
        self.observation_space: spaces.Box = spaces.Box(0.0, 1.0, (num_envs, SIZE), np.float32)
        self.action_space: spaces.MultiDiscrete = spaces.MultiDiscrete(np.full(num_envs, tables.num_actions))
        self._team = tables.team_of[seat]
        self._seed: int | str = 0
        self._dealt = 0
        self.hands_played: int = 0
        """How many episodes (hands in which the learner acted) ended so far."""
        self._acted = np.zeros(num_envs, bool)
        self._credit = np.zeros(num_envs, np.float64)
        self.batch: Batch = self._deal_all(seed)

    def _deal_all(self, seed: int | str | None) -> Batch:
        if seed is None:
            seed = int(self.np_random.integers(2**63))
        # seed_arg: an int too long to write in decimal goes into the hands' seeds as its hex text.
        self._seed, self._dealt = seed_arg(seed), 0
        seeds, manos = self._next_deals(self.num_envs)
        return Batch(self.rules, seeds, mano=manos, max_bet=self.max_bet)

    def _next_deals(self, count: int) -> tuple[list[str], Array]:
        """The seeds and manos of the next ``count`` hands: ``"<seed>/env/<k>"``, mano ``k % seats``."""
        numbers = range(self._dealt, self._dealt + count)
        self._dealt += count
        return [f"{self._seed}/env/{k}" for k in numbers], np.asarray(numbers) % self.rules.seats

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Array, dict[str, Any]]:
        """Deal ``num_envs`` new hands (from ``seed``, if given) and let the opponents play
        up to the learner's first turn in each.

        >>> observations, infos = VectorSeatEnv(3).reset(seed=5)
        >>> observations.shape, sorted(infos)
        ((3, 116), ['action_mask'])
        """
        # Checked before anything changes; Gymnasium's own generator takes these seeds only.
        if seed is not None:
            seed = index_arg(seed, "a Gymnasium seed (None or an int from 0 up)")
        if options is not None and not isinstance(options, dict):
            raise MusError(f"reset options are a dict, got {quoted(options)}")
        super().reset(seed=seed)
        self.batch = self._deal_all(seed)
        self._acted[:] = False
        self._to_learner()
        # Credited from 0-0: stones the opponents win before the learner's first turn
        # come with its first step.
        self._credit = np.zeros(self.num_envs)
        self.hands_played = 0
        return observe(self.batch, self.seat), self._infos({})

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """The learner's ``actions`` (one id a hand), then the opponents up to its next
        turn; the hands that end are dealt again.

        >>> import numpy as np
        >>> env = VectorSeatEnv(3)
        >>> _, infos = env.reset(seed=5)
        >>> first_legal = infos["action_mask"].argmax(axis=1)
        >>> observations, rewards, terminated, truncated, infos = env.step(first_legal)
        >>> rewards.shape, terminated.dtype.name
        ((3,), 'bool')
        """
        self.batch.step(actions)
        self._acted[:] = True
        self._opponents_play()
        credit = self._credited()
        rewards = credit - self._credit
        ended = self.batch.over.copy()
        infos: dict[str, Any] = {}
        if ended.any():
            self.hands_played += int(ended.sum())
            final = np.full(self.num_envs, None, dtype=object)
            seen = observe(self.batch, self.seat)
            for row in ended.nonzero()[0].tolist():
                final[row] = seen[row]
            infos["final_obs"], infos["_final_obs"] = final, ended
            infos["final_scores"], infos["_final_scores"] = self.batch.scores.copy(), ended
            infos["final_winner"], infos["_final_winner"] = self.batch.winner.copy(), ended
            self._redeal(ended)
            self._to_learner()
        credit[~self._acted] = 0.0  # the hands dealt again: from 0-0 (see reset)
        self._credit = credit
        return observe(self.batch, self.seat), rewards, ended, np.zeros(self.num_envs, bool), self._infos(infos)

    def _to_learner(self) -> None:
        """Let the opponents play until every hand waits for the learner, dealing again
        the hands they end before the learner ever acts (no choice, no episode)."""
        while True:
            self._opponents_play()
            over = self.batch.over
            if not over.any():
                return
            self._redeal(over)

    def _redeal(self, ended: Array) -> None:
        rows = ended.nonzero()[0]
        seeds, manos = self._next_deals(len(rows))
        self.batch.redeal(rows, seeds, mano=manos)
        self._acted[rows] = False

    def _opponents_play(self) -> None:
        batch = self.batch
        while True:
            waiting = (batch.to_act >= 0) & (batch.to_act != self.seat)
            if not waiting.any():
                return
            batch.step(self._opponents(batch), where=waiting)

    def _credited(self) -> Array:
        """By hand, the learner's side's credited stones less the other side's."""
        batch = self.batch
        target = self.rules.target
        scores = np.minimum(batch.scores, target).astype(np.float64)
        won = batch.winner >= 0
        scores[won.nonzero()[0], batch.winner[won]] = target
        credit: Array = scores[:, self._team] - scores[:, 1 - self._team]
        return credit

    def _infos(self, infos: dict[str, Any]) -> dict[str, Any]:
        infos["action_mask"] = self.batch.legal_mask().astype(np.int8)
        return infos

    def action_masks(self) -> Array:
        """The legal ids of each hand as booleans (the name sb3-contrib's masking asks for).

        >>> env = VectorSeatEnv(2)
        >>> _ = env.reset(seed=1)
        >>> env.action_masks().shape, env.action_masks().any(axis=1).tolist()
        ((2, 33), [True, True])
        """
        return self.batch.legal_mask()

    def state(self, i: int) -> HandState:
        """Hand ``i`` under way, as a scalar :class:`~mus.HandState` with its history.

        >>> env = VectorSeatEnv(2, seat=1)
        >>> _ = env.reset(seed=1)
        >>> env.state(0).to_act
        1
        """
        return self.batch.state(i)
