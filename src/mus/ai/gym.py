"""A Gymnasium environment: one seat learns, built-in bots play every other seat.

:class:`SeatEnv` plays ``seat`` (default 0) against bots (default
:class:`~mus.bots.HeuristicBot` at every other seat, the partner included). The
observation is the seat's vector of :meth:`Encoding.observation
<mus.ai.encoding.Encoding.observation>`; actions are the ids of
:mod:`mus.ai.action_ids`; ``info["action_mask"]`` says which are legal. An episode is a
hand (``episode="game"``: a game) and the reward the seat's stones, as in
:mod:`mus.ai.pettingzoo`; stones the bots score before the seat's first turn come with
its first step. ``reward="terminal"`` pays all of a hand's stones at its end (the step
that ends it), nothing before. A hand (or game) the bots end before the seat ever acts is dealt
again: the seat had no choice in it.

>>> environment = SeatEnv(seed=0)
>>> observation, info = environment.reset(seed=4)
>>> total, done = 0.0, False
>>> while not done:
...     action = int(info["action_mask"].nonzero()[0][0])
...     observation, reward, done, truncated, info = environment.step(action)
...     total += reward
>>> observation.shape, environment.hand.is_over, total == environment.hand_return
((192,), True, True)
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import numpy as np
import numpy.typing as npt

from mus.ai import require

require("gymnasium", "mus.ai.gym")

import gymnasium  # noqa: E402
from gymnasium import spaces  # noqa: E402

from mus.ai.encoding import Encoding, encoding_for  # noqa: E402
from mus.ai.observations import Vector  # noqa: E402
from mus.ai.rewards import credited, returns, zero_sum  # noqa: E402
from mus.ai.seeding import generator  # noqa: E402
from mus.ai.tracking import ObservationTracker  # noqa: E402
from mus.batch.ids import DEFAULT_MAX_BET  # noqa: E402
from mus.bots import Bot, HeuristicBot  # noqa: E402
from mus.checks import quoted, rules_arg  # noqa: E402
from mus.errors import MusError, RulesError  # noqa: E402
from mus.reducer import apply, new_hand  # noqa: E402
from mus.rules import Rules  # noqa: E402
from mus.state import HandState  # noqa: E402

__all__ = ["SeatEnv"]


class SeatEnv(gymnasium.Env[Vector, int]):
    """One seat against bots (see the module).

    ``bots`` gives one bot per seat (the learner's entry is ignored), or ``None`` for
    :class:`~mus.bots.HeuristicBot` everywhere. Bots see only their seat's view.

    >>> SeatEnv(seat=4)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: seat must be 0 to 3, got 4
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012  (Gymnasium's own attribute)

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        seat: int = 0,
        bots: Sequence[Bot] | None = None,
        episode: str = "hand",
        reward: str = "stones",
        max_bet: int = DEFAULT_MAX_BET,
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.rules: Rules = Rules() if rules is None else rules_arg(rules)
        if type(reward) is not str or reward not in ("stones", "terminal"):
            raise RulesError(f"reward must be 'stones' or 'terminal', got {quoted(reward)}")
        self.terminal_rewards: bool = reward == "terminal"
        n = self.rules.seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise RulesError(f"seat must be 0 to {n - 1}, got {quoted(seat)}")
        if type(episode) is not str or episode not in ("hand", "game"):
            raise RulesError(f"episode must be 'hand' or 'game', got {quoted(episode)}")
        if bots is not None and (type(bots) not in (list, tuple) or len(bots) != n):
            raise RulesError(f"give one bot per seat ({n}) in a list, got {quoted(bots)}")
        # Looked up on the type: a value's own __getattr__ is not asked.
        for index, bot in enumerate(bots or ()):
            if index != seat and not callable(getattr(type(bot), "choose", None)):
                raise RulesError(f"a bot has a choose(view) method, got {quoted(bot)}")
        if render_mode is not None and (type(render_mode) is not str or render_mode != "ansi"):
            raise RulesError(f"render_mode must be None or 'ansi', got {quoted(render_mode)}")
        self.seat = seat
        self.bots: Sequence[Bot] = [HeuristicBot()] * n if bots is None else bots
        self.episode = episode
        self.render_mode = render_mode
        self.coding: Encoding = encoding_for(self.rules, max_bet)
        # The observations kept up to date from one turn of the seat to the next.
        self._tracker = ObservationTracker(self.coding)
        self.observation_space: spaces.Space[npt.NDArray[np.float32]] = spaces.Box(
            0.0, 1.0, (self.coding.observation_size,), np.float32
        )
        self.action_space: spaces.Discrete = spaces.Discrete(self.coding.num_actions)  # type: ignore[assignment]
        self._deals = generator(seed)
        self.hand: HandState = new_hand(self.rules, seed=0)
        self.hand_return: float = 0.0
        """The seat's total reward in the episode so far."""
        self._carry = 0.0

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        """Deal a hand (``options``: ``"mano"``) and let the bots play up to the seat's turn."""
        if seed is not None:
            self._deals = generator(seed, gymnasium=True)
            seed = operator.index(seed)
        if options is not None and not isinstance(options, Mapping):
            raise MusError(f"reset options are a dict, got {quoted(options)}")
        super().reset(seed=seed)
        mano = (options or {}).get("mano")
        while True:
            self.hand = self._deal(mano, None)
            # Stones the bots score before the seat's first turn are paid with its first step.
            self._carry = self._bots_play()
            if self.hand.to_act is not None:
                break
            # The bots ended the hand (or game) before the seat ever had a choice: no episode.
        self.hand_return = 0.0
        return self._observe(), self._info()

    def _deal(self, mano: int | None, scores: tuple[int, ...] | None) -> HandState:
        if mano is None:
            mano = self._deals.randrange(self.rules.seats)
        return new_hand(self.rules, seed=self._deals.getrandbits(63), mano=mano, scores=scores)

    def step(self, action: int) -> tuple[Vector, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play ``action`` (an id) for the seat, then the bots up to its next turn."""
        if self.hand.to_act != self.seat:
            raise MusError("the episode is over: call reset()")
        reward = self._advance(self.coding.decode(action, self.hand)) + self._carry
        self._carry = 0.0
        reward += self._bots_play()
        self.hand_return += reward
        return self._observe(), reward, self.hand.to_act is None, False, self._info()

    def _advance(self, action: Any) -> float:
        """Apply one action; the seat's reward, and the next hand dealt in game episodes."""
        before = self.hand
        after = apply(before, action)
        reward = 0.0
        if self.terminal_rewards:
            if after.to_act is None:
                reward = returns(after)[self.seat]
        elif after.scores is not before.scores or after.to_act is None:
            gains = [a - b for a, b in zip(credited(after), credited(before), strict=True)]
            reward = zero_sum(gains, self.rules)[self.seat]
        if after.to_act is None and self.episode == "game" and after.winner is None:
            after = self._deal((after.mano + 1) % self.rules.seats, after.scores)
        self.hand = after
        return reward

    def _bots_play(self) -> float:
        reward = 0.0
        while self.hand.to_act is not None and self.hand.to_act != self.seat:
            seat = self.hand.to_act
            reward += self._advance(self.bots[seat].choose(self.hand.view(seat)))
        return reward

    def _observe(self) -> Vector:
        return self._tracker.observation(self.hand, self.seat)

    def _info(self) -> dict[str, Any]:
        mask = self.coding.legal_action_mask(self.hand) if self.hand.to_act == self.seat else self.coding.no_actions()
        return {"action_mask": mask}

    def action_masks(self) -> Any:
        """The legal ids as booleans (the name sb3-contrib's ``MaskablePPO`` asks for)."""
        return self._info()["action_mask"].astype(bool)

    def render(self) -> str | None:
        """The hand as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return f"{self.hand!r}\nseat {self.seat}: {self.hand.hands[self.seat]}"
