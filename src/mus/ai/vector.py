"""A Gymnasium vector environment on the batch engine: one seat learns in N hands at once.

:class:`VectorSeatEnv` is ``num_envs`` hands played in lockstep by :mod:`mus.batch`:
the learner plays ``seat`` in every hand, and the opponents (the partner included)
play the other seats, all hands at once: uniformly among the legal actions by default,
the heuristic player of :mod:`mus.batch.heuristic`, any policy that acts from
observations and masks (:class:`mus.ai.players.Policy`: give the learner's own policy
for self-play, one policy on every seat), or any function of the batch. Each
:meth:`~VectorSeatEnv.step` takes one action id a hand (:mod:`mus.batch.ids`, the ids
of :mod:`mus.ai.action_ids`), plays it, lets the opponents play up to the learner's
next turn, and returns the learner's observations (the shared layout of
:func:`mus.batch.observe.observation`, the vectors the PettingZoo, Gymnasium and
OpenSpiel adapters give for the same state), rewards, terminations and infos, with
``infos["action_mask"]`` the legal ids.

**Episodes.** ``episode="hand"`` (default): a hand, dealt from 0-0. ``episode="game"``:
hands until a side reaches the target, the scores carried from one hand to the next
(the observation shows them) and the mano moving one seat on. The reward is the
learner's side's stones less the other side's, credited as they are won (the target at
most, exactly the target for the side that wins the game, as :mod:`mus.ai.rewards`
credits them). An episode that ends is dealt again in the same step (``autoreset_mode``
``SAME_STEP``: its last observation is in ``infos["final_obs"]``, its scores and winner,
-1 for none, in ``infos["final_scores"]`` and ``infos["final_winner"]``, each with its
mask ``infos["_final_obs"]``...); an episode the opponents end before the learner ever
acts is dealt again too.

>>> import numpy as np
>>> env = VectorSeatEnv(8)
>>> observations, infos = env.reset(seed=1)
>>> observations.shape, infos["action_mask"].shape
((8, 192), (8, 33))
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
from mus.batch.heuristic import HeuristicPolicy  # noqa: E402
from mus.batch.ids import DEFAULT_MAX_BET  # noqa: E402
from mus.batch.observe import observation  # noqa: E402
from mus.batch.observe import size as observation_size  # noqa: E402
from mus.batch.simulate import MAX_HANDS  # noqa: E402
from mus.batch.tables import Array, tables_for  # noqa: E402
from mus.cards import seed_arg  # noqa: E402
from mus.checks import index_arg, quoted  # noqa: E402
from mus.errors import MusError, RulesError  # noqa: E402
from mus.rules import Rules  # noqa: E402
from mus.state import HandState  # noqa: E402

__all__ = ["EPISODES", "VectorSeatEnv"]

Opponents = Any
"""``"random"``, ``"heuristic"``, a policy (:class:`mus.ai.players.Policy`) or a
function of the batch."""

EPISODES = ("hand", "game")
"""The values of ``episode``: a hand, or hands until a side wins the game."""


class VectorSeatEnv(gymnasium.vector.VectorEnv[Array, Array, Array]):
    """``num_envs`` hands, one seat learning in each (see the module).

    ``opponents`` is ``"random"`` (uniform among the scalar engine's listed legal
    actions, as :func:`mus.batch.simulate` plays), ``"heuristic"``
    (:class:`~mus.batch.heuristic.HeuristicPolicy`: :class:`~mus.bots.HeuristicBot`'s
    decisions), a policy (:class:`mus.ai.players.Policy`, anything with
    ``act(observations, masks)``: it sees each opponent seat's observation in the shared
    layout; the learner's own policy makes self-play) or a function that gets the
    :class:`~mus.batch.Batch` and returns one action id a hand (only the entries of
    hands where an opponent is to act are read). ``episode`` is ``"hand"`` or
    ``"game"``. The rules must be ones the batch engine plays
    (:func:`mus.batch.tables.check_rules`).

    >>> VectorSeatEnv(4, seat=4)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: seat must be 0 to 3, got 4
    >>> VectorSeatEnv(4, opponents="clever")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: opponents are 'random', 'heuristic', a policy (act(observations, masks)) or a function of the batch, got 'clever'
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012  (Gymnasium's own attribute)

    def __init__(
        self,
        num_envs: int,
        rules: Rules | None = None,
        *,
        seat: int = 0,
        opponents: Opponents = "random",
        episode: str = "hand",
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
        if type(episode) is not str or episode not in EPISODES:
            raise MusError(f"episode is 'hand' or 'game', got {quoted(episode)}")
        if seed is not None:
            seed_arg(seed)  # checked before anything is built (_deal_all reads it)
        self.num_envs = num_envs
        self.seat = seat
        self.opponents = opponents
        self._opponents = self._player(opponents)
        self.episode = episode
        """``"hand"`` or ``"game"``: what an episode is."""
        self.max_bet = max_bet
        size = observation_size(self.rules)
        self.single_observation_space: spaces.Box = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.single_action_space: spaces.Discrete = spaces.Discrete(tables.num_actions)
        self.observation_space: spaces.Box = spaces.Box(0.0, 1.0, (num_envs, size), np.float32)
        self.action_space: spaces.MultiDiscrete = spaces.MultiDiscrete(np.full(num_envs, tables.num_actions))
        self._team = tables.team_of[seat]
        self._seed: int | str = 0
        self._dealt = 0
        self.hands_played: int = 0
        """How many hands in which the learner acted ended so far (since :meth:`reset`)."""
        self.games_played: int = 0
        """How many games in which the learner acted were won so far (since :meth:`reset`)."""
        self._acted = np.zeros(num_envs, bool)
        self._credit = np.zeros(num_envs, np.float64)
        self.batch: Batch = self._deal_all(seed)

    def _player(self, opponents: Opponents) -> Callable[[Batch, Array], Array]:
        """The opponents as a function of the batch and the rows where one acts."""
        if isinstance(opponents, str) and opponents == "random":
            return lambda batch, rows: batch.random_actions(self.np_random)
        if isinstance(opponents, str) and opponents == "heuristic":
            heuristic = HeuristicPolicy(self.rules)
            return lambda batch, rows: heuristic(batch)
        if not isinstance(opponents, str) and callable(getattr(type(opponents), "act", None)):
            return lambda batch, rows: self._policy_actions(opponents, rows)
        if not isinstance(opponents, str) and callable(opponents):
            return lambda batch, rows: opponents(batch)
        raise MusError(
            "opponents are 'random', 'heuristic', a policy (act(observations, masks)) or a function of the batch, "
            f"got {quoted(opponents)}"
        )

    def _policy_actions(self, policy: Any, rows: Array) -> Array:
        """The policy's ids for the seats to act in ``rows``, from their observations."""
        batch = self.batch
        actions = np.full(self.num_envs, -1, np.int64)
        seen = observation(batch, np.maximum(batch.to_act, 0))[rows]
        chosen = np.asarray(policy.act(seen, batch.legal_mask()[rows]))
        if chosen.shape != (len(rows),) or not np.issubdtype(chosen.dtype, np.integer):
            raise MusError(f"a policy answers one action id a row, got shape {chosen.shape} of {chosen.dtype}")
        actions[rows] = chosen
        return actions

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
        ((3, 192), ['action_mask'])
        """
        # Checked before anything changes; Gymnasium's own generator takes these seeds only.
        if seed is not None:
            seed = index_arg(seed, "a Gymnasium seed (None or an int from 0 up)")
        if options is not None and not isinstance(options, dict):
            raise MusError(f"reset options are a dict, got {quoted(options)}")
        super().reset(seed=seed)
        self.batch = self._deal_all(seed)
        self._acted[:] = False
        # Credited from 0-0: stones the opponents win before the learner's first turn
        # come with its first step.
        self._credit = np.zeros(self.num_envs)
        self._to_learner(np.zeros(self.num_envs), np.zeros(self.num_envs, bool), {})
        self.hands_played = self.games_played = 0
        return observation(self.batch, self.seat), self._infos({})

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, dict[str, Any]]:
        """The learner's ``actions`` (one id a hand), then the opponents up to its next
        turn; the episodes that end are dealt again.

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
        rewards = np.zeros(self.num_envs)
        ended = np.zeros(self.num_envs, bool)
        infos: dict[str, Any] = {}
        self._to_learner(rewards, ended, infos)
        return observation(self.batch, self.seat), rewards, ended, np.zeros(self.num_envs, bool), self._infos(infos)

    def _to_learner(self, rewards: Array, ended: Array, infos: dict[str, Any]) -> None:
        """Let the opponents play until every hand waits for the learner, crediting the
        stones won on the way (``rewards``) and dealing again the hands that end: the
        next hand of a game, or a new episode (``ended`` where the learner's ended, its
        last observation, scores and winner in ``infos``). An episode the opponents end
        before the learner ever acts is no episode: it is dealt again, unrecorded."""
        batch = self.batch
        while True:
            self._opponents_play()
            credit = self._credited()
            acted = self._acted
            rewards[acted] += credit[acted] - self._credit[acted]
            self._credit[acted] = credit[acted]
            over = batch.over
            if not over.any():
                return
            game_over = over if self.episode == "hand" else over & (batch.winner >= 0)
            self.hands_played += int(np.count_nonzero(over & acted))
            finished = game_over & acted
            if finished.any():
                self.games_played += int(np.count_nonzero(finished & (batch.winner >= 0)))
                self._record(finished, ended, infos)
            going = (over & ~game_over).nonzero()[0]
            if going.size:
                # The game goes on: the next hand, the scores carried, the mano one seat on.
                seeds, _ = self._next_deals(len(going))
                mano = (batch.hands.deal_mano[going].astype(np.int64) + 1) % self.rules.seats
                batch.redeal(going, seeds, mano=mano, scores=batch.scores[going].astype(np.int64))
            anew = game_over.nonzero()[0]
            if anew.size:
                seeds, manos = self._next_deals(len(anew))
                batch.redeal(anew, seeds, mano=manos)
                self._acted[anew] = False
                self._credit[anew] = 0.0

    def _record(self, rows: Array, ended: Array, infos: dict[str, Any]) -> None:
        """The ends of the episodes of ``rows``, in ``ended`` and ``infos``."""
        batch = self.batch
        ended |= rows
        if "final_obs" not in infos:
            infos["final_obs"], infos["_final_obs"] = (
                np.full(self.num_envs, None, dtype=object),
                np.zeros(self.num_envs, bool),
            )
            infos["final_scores"], infos["_final_scores"] = (
                np.zeros((self.num_envs, 2), np.int32),
                np.zeros(self.num_envs, bool),
            )
            infos["final_winner"], infos["_final_winner"] = (
                np.full(self.num_envs, -1, np.int8),
                np.zeros(self.num_envs, bool),
            )
        seen = observation(batch, self.seat)
        for row in rows.nonzero()[0].tolist():
            infos["final_obs"][row] = seen[row]
        for name in ("final_obs", "final_scores", "final_winner"):
            infos["_" + name] |= rows
        infos["final_scores"][rows] = batch.scores[rows]
        infos["final_winner"][rows] = batch.winner[rows]

    def _opponents_play(self) -> None:
        batch = self.batch
        while True:
            waiting = (batch.to_act >= 0) & (batch.to_act != self.seat)
            if not waiting.any():
                return
            batch.step(self._opponents(batch, waiting.nonzero()[0]), where=waiting)

    def _credited(self) -> Array:
        """By hand, the learner's side's credited stones less the other side's (from 0-0
        at the start of the episode: the scores of a game carry over its hands)."""
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
