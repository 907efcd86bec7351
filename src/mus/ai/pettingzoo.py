"""A PettingZoo AEC environment: every seat an agent, one hand (or one game) an episode.

Agents are ``seat_0`` to ``seat_{n-1}``. Observations follow PettingZoo's classic
games: a dict of ``"observation"`` (the float32 vector of
:meth:`Encoding.observation <mus.ai.encoding.Encoding.observation>`, kept from one step
to the next by :class:`~mus.ai.tracking.ObservationTracker`) and
``"action_mask"`` (int8, all zeros for a seat whose turn it is not). Actions are the
ids of :mod:`mus.ai.action_ids`; an illegal id raises :class:`~mus.IllegalActionError`.

* ``episode="hand"`` (default): one hand. Each episode deals a new hand from the
  environment's generator, the mano drawn at random (or ``options={"mano": k}``);
  scores start at ``options["scores"]`` if given, else 0;
* ``episode="game"``: hands follow one another, the mano rotating and the scores
  carried, until a side wins the game.

Rewards are stones (see :func:`mus.ai.rewards.returns`), given as soon as the
engine scores them: refusal stones at once, the rest at the count; a side that wins
the game is credited up to the target. ``reward="terminal"`` gives all of a hand's
stones at its end (nothing before); ``reward="win"`` instead gives, at the end of a
game won in the episode, 1 to the winning side and ``-1 / (sides - 1)`` to the others.

>>> from mus.ai.pettingzoo import env
>>> game = env(seed=1)
>>> game.reset(seed=3)
>>> totals = dict.fromkeys(game.possible_agents, 0.0)
>>> for agent in game.agent_iter():
...     observation, reward, termination, truncation, info = game.last()
...     totals[agent] += reward
...     legal = observation["action_mask"].nonzero()[0]
...     game.step(None if termination else int(legal[0]))
>>> sum(totals.values())
0.0
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import numpy as np

from mus.ai import require

require("pettingzoo", "mus.ai.pettingzoo")
require("gymnasium", "mus.ai.pettingzoo")

from gymnasium import spaces  # noqa: E402
from pettingzoo import AECEnv  # type: ignore[import-untyped]  # noqa: E402

from mus.ai.action_ids import Mask  # noqa: E402
from mus.ai.encoding import Encoding, encoding_for  # noqa: E402
from mus.ai.observations import Vector  # noqa: E402
from mus.ai.rewards import capped, credited  # noqa: E402
from mus.ai.seeding import generator  # noqa: E402
from mus.ai.tracking import ObservationTracker  # noqa: E402
from mus.batch.ids import DEFAULT_MAX_BET  # noqa: E402
from mus.checks import quoted, rules_arg  # noqa: E402
from mus.errors import IllegalActionError, MusError, RulesError  # noqa: E402
from mus.reducer import apply, new_hand  # noqa: E402
from mus.rules import Rules  # noqa: E402
from mus.state import HandState, Phase  # noqa: E402

__all__ = ["MusEnv", "env", "raw_env", "spaces_of"]

Observation = dict[str, Any]
_DISCARD = Phase.DISCARD


def spaces_of(coding: Encoding) -> tuple[spaces.Dict, spaces.Discrete]:
    """The observation and action spaces of an encoding.

    >>> from mus.ai.encoding import encoding_for
    >>> observe, act = spaces_of(encoding_for())
    >>> observe["observation"].shape, observe["action_mask"].dtype, int(act.n)
    ((192,), dtype('int8'), 33)
    """
    if type(coding) is not Encoding:
        raise MusError(f"spaces_of() takes an Encoding (encoding_for(rules)), got {quoted(coding)}")
    observe = spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (coding.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (coding.num_actions,), np.int8),
        }
    )
    return observe, spaces.Discrete(coding.num_actions)


class MusEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """The AEC environment (see the module). Build it with :func:`env` or :func:`raw_env`.

    ``rules`` (default ``Rules()``) set the table; ``max_bet`` is the largest bet
    with an action id; ``seed`` seeds the deals (``reset(seed=...)`` reseeds).

    >>> game = MusEnv(episode="game", seed=2)
    >>> game.reset()
    >>> game.possible_agents, game.agent_selection == f"seat_{game.hand.to_act}"
    (['seat_0', 'seat_1', 'seat_2', 'seat_3'], True)
    >>> MusEnv(episode="match")
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: episode must be 'hand' or 'game', got 'match'
    """

    metadata: dict[str, Any] = {"name": "mus_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}  # noqa: RUF012  (PettingZoo\'s own attribute)

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        episode: str = "hand",
        reward: str = "stones",
        max_bet: int = DEFAULT_MAX_BET,
        seed: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if type(episode) is not str or episode not in ("hand", "game"):
            raise RulesError(f"episode must be 'hand' or 'game', got {quoted(episode)}")
        if type(reward) is not str or reward not in ("stones", "terminal", "win"):
            raise RulesError(f"reward must be 'stones', 'terminal' or 'win', got {quoted(reward)}")
        if render_mode is not None and (type(render_mode) is not str or render_mode not in ("human", "ansi")):
            raise RulesError(f"render_mode must be None, 'human' or 'ansi', got {quoted(render_mode)}")
        self.rules: Rules = Rules() if rules is None else rules_arg(rules)
        self.coding: Encoding = encoding_for(self.rules, max_bet)
        # Observations kept from one step to the next (mus.ai.tracking), masks shared.
        self._tracker = ObservationTracker(self.coding)
        self._no_mask = self.coding.no_actions()
        self._target = self.rules.target
        # Masks a house rule's hook trims, or with señas, are the hand's own: never cached.
        self._gated = bool(self.rules.gates) or bool(self.coding.signals)
        self._masks = self.coding.shared_masks  # the encoding's, by the engine's lists
        # The actions of the ids that name one whatever the state (all but the discards
        # and declarations), for step() to hand the engine directly.
        moves = map(self.coding.plain_action, range(self.coding.num_actions))
        self._move_of = {index: move for index, move in enumerate(moves) if move is not None}
        self.episode = episode
        self.reward_kind = reward
        self.render_mode = render_mode
        self.possible_agents: list[str] = [f"seat_{seat}" for seat in range(self.rules.seats)]
        self._no_rewards = dict.fromkeys(self.possible_agents, 0.0)
        self._no_terminations = dict.fromkeys(self.possible_agents, False)
        self.agent_name_mapping: dict[str, int] = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._sides = tuple(zip(self.possible_agents, self.rules.team_of, strict=True))  # (agent, its side)
        observe, act = spaces_of(self.coding)
        self.observation_spaces: dict[str, spaces.Dict] = dict.fromkeys(self.possible_agents, observe)
        self.action_spaces: dict[str, spaces.Discrete] = dict.fromkeys(self.possible_agents, act)
        self._random = generator(seed)
        self.hand: HandState = self._deal(None, None)
        self.hands_played: int = 0
        self.agents: list[str] = []
        self.terminations: dict[str, bool] = {}  # the agents in play, once reset() deals
        self.agent_selection: str | None = None
        self._live = False  # an agent to act (step() plays), else a dead step or no reset() yet

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space (one shared object for every agent)."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space: ``Discrete(num_actions)``, the same object for every agent."""
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: object) -> str:
        if type(agent) is not str or agent not in self.agent_name_mapping:
            raise MusError(f"no agent {quoted(agent)}: agents are {', '.join(self.possible_agents)}")
        return agent

    def _deal(self, mano: int | None, scores: tuple[int, ...] | None) -> HandState:
        seed = self._random.getrandbits(63)
        if mano is None:
            mano = self._random.randrange(self.rules.seats)
        return new_hand(self.rules, seed=seed, mano=mano, scores=scores)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (``options``: ``"mano"``, ``"scores"``); ``seed`` reseeds the deals."""
        if seed is not None:
            self._random = generator(seed)
        if options is None:
            scores = mano = None
            self.hand = self._deal(None, None)
        else:
            if not isinstance(options, Mapping):
                raise MusError(f"reset options are a dict, got {quoted(options)}")
            scores = options.get("scores")
            mano = options.get("mano")
            try:
                self.hand = self._deal(mano, None if scores is None else tuple(scores))
            except TypeError as error:
                raise MusError(f"bad reset options: {error}") from None
        self.hands_played = 0
        agents = self.agents = self.possible_agents[:]
        # Copies of dicts built once: a few times cheaper than building them again.
        self.rewards: dict[str, float] = self._no_rewards.copy()
        self._cumulative_rewards = self._no_rewards.copy()
        self.terminations = self._no_terminations.copy()
        self.truncations: dict[str, bool] = self.terminations.copy()
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in agents}
        self._paid = False
        self._live = True  # until the episode ends: every agent terminates at once
        hand = self.hand
        # A fresh deal's credit is its scores (no game is won before the first action).
        self._credited = hand.scores if scores is None else credited(hand)
        self.agent_selection = agents[hand.queue[0]]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now: its observation vector and action mask."""
        try:  # inline rather than _in_play: this runs at every turn
            playing = agent in self.terminations
        except Exception:  # unhashable, or a hash that fails: no agent's name
            playing = False
        if not playing:
            raise MusError(self._absent(agent))
        seat = self.agent_name_mapping[agent]
        hand = self.hand
        queue = hand.queue
        return {
            "observation": self._tracker.observation(hand, seat),
            "action_mask": self._mask(hand) if queue and queue[0] == seat else self._no_mask,
        }

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last``: the observation (``None`` if not ``observe``),
        cumulative reward, termination, truncation and info of the agent to act. (The
        observation is typed ``Any``, as PettingZoo's own: a dict here, ``None`` without
        ``observe``.)

        >>> game = env(seed=1)
        >>> game.reset()
        >>> observation, reward, termination, truncation, info = game.last()
        >>> observation["action_mask"].nonzero()[0].tolist(), reward, termination
        ([0, 1], 0.0, False)
        >>> game.last(observe=False)[0] is None
        True
        """
        # None before reset(): the lookup fails then, as for an agent done.
        agent: str = self.agent_selection  # type: ignore[assignment]
        try:  # one lookup: the agent in play and its termination
            termination = self.terminations[agent]
        except KeyError:  # before reset(), or every agent done
            raise MusError("call reset() before last()" if agent is None else self._absent(agent)) from None
        if observe is True:
            # observe() inline: this runs at every turn, and a dead step's too.
            seat = self.agent_name_mapping[agent]
            hand = self.hand
            queue = hand.queue
            mask = self._mask(hand) if queue and queue[0] == seat else self._no_mask
            observation: Observation | None = {
                "observation": self._tracker.observation(hand, seat),
                "action_mask": mask,
            }
        elif observe is False:
            observation = None
        else:
            raise MusError(f"last() takes observe=True or False, got {quoted(observe)}")
        return observation, self._cumulative_rewards[agent], termination, self.truncations[agent], self.infos[agent]

    def _mask(self, hand: HandState) -> Mask:
        """The encoding's mask of the seat to act, its cache read here first: the
        engine shares its legal lists (but for the discards), and the encoding keeps
        the mask of each by identity."""
        if hand.phase is not _DISCARD and not self._gated:
            # The dict keeps each list it holds alive, so no other list has its id: a
            # hit is that list's mask.
            hit = self._masks.get(id(hand.legal_actions()))
            if hit is not None:
                return hit[1]
        return self.coding.legal_action_mask(hand)

    def agent_iter(self, max_iter: int = 2**63) -> Iterable[str]:
        """PettingZoo's ``agent_iter``: the agent to act, until every agent is done or
        ``max_iter`` turns were taken (each ``for`` loop over it starts a new count)."""
        return _Turns(self, max_iter)

    def _in_play(self, agent: object) -> bool:
        try:
            return agent in self.terminations  # none before reset(); the done are removed
        except Exception:  # unhashable, or a hash that fails: no agent's name
            return False

    def _absent(self, agent: object) -> str:
        if self.agent_selection is None:
            return "call reset() before observe()"
        if isinstance(agent, str) and agent in self.agent_name_mapping:
            return f"{agent} is done with this episode: call reset()"
        return f"no agent {quoted(agent)}: agents are {', '.join(self.possible_agents)}"

    def observation_vector(self, agent: str) -> Vector:
        """Only the observation vector of ``agent`` (no dict, no mask)."""
        if not self._in_play(agent):
            raise MusError(self._absent(agent))
        return self.coding.observation(self.hand, self.agent_name_mapping[agent])

    def step(self, action: int | None) -> None:
        """Play ``action`` (an id) for the agent to act; ``None`` for a finished agent."""
        # None before reset(), when not live.
        agent: str = self.agent_selection  # type: ignore[assignment]
        if not self._live:  # before reset(), or every agent terminated at once
            if agent is None:
                raise MusError("call reset() before step()")
            self._dead_step(agent, action)
            return
        hand = self.hand
        # The engine checks the action; the encoding's apply (ids checked, errors that
        # name the legal ids) only for what is not a plain legal action here.
        move = self._move_of.get(action) if type(action) is int else None
        if move is not None:
            try:
                after = apply(hand, move)
            except IllegalActionError:
                after = self.coding.apply(hand, action)
        elif action is None:
            raise MusError(f"{agent} is to act: give an action id, not None")
        else:
            after = self.coding.apply(hand, action)
        self._cumulative_rewards[agent] = 0.0
        if self._paid:
            rewards = self.rewards
            for name in rewards:
                rewards[name] = 0.0
            self._paid = False
        queue = after.queue
        if queue:  # the usual step: the hand goes on
            if after.scores is not hand.scores and self.reward_kind == "stones":
                self._pay(after)
            self.hand = after
            self.agent_selection = self.possible_agents[queue[0]]
        else:
            self._pay(after)
            self.hands_played += 1
            if self.episode == "game" and after.winner is None:
                after = self._deal((after.mano + 1) % self.rules.seats, after.scores)
                self._credited = credited(after)
            else:
                for name in self.terminations:
                    self.terminations[name] = True
                self._live = False
            self.hand = after
            queue = after.queue
            self.agent_selection = self.possible_agents[queue[0] if queue else 0]
        if self.render_mode == "human":
            self.render()

    def _dead_step(self, agent: str, action: int | None) -> None:
        # PettingZoo's _was_dead_step, for the one shape of ending this game has: every
        # agent terminated at once, removed in turn order. It costs a few microseconds
        # a hand less, and the api_test checks that it behaves the same.
        if action is not None:
            raise MusError("when an agent is done, the only action is None")
        del self.terminations[agent], self.truncations[agent], self.rewards[agent]
        del self._cumulative_rewards[agent], self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        if agents:
            self.agent_selection = agents[0]
        rewards = self.rewards
        for name in rewards:
            rewards[name] = 0

    def _pay(self, after: HandState) -> None:
        """Give the rewards of the stones ``after`` scored (see the module)."""
        winner = after.winner
        now = capped(after.scores, winner, self._target)
        if self.reward_kind != "win":  # under "terminal", only at the end: since the deal
            gains = [a - b for a, b in zip(now, self._credited, strict=True)]
        else:
            gains = [int(side == winner) for side in range(self.rules.teams)]
        self._credited = now
        if not any(gains):
            return
        # zero_sum(gains, rules), its arithmetic inline (the gains are the engine's ints).
        total, others = sum(gains), len(gains) - 1
        by_side = [gain - (total - gain) / others for gain in gains]
        rewards, cumulative = self.rewards, self._cumulative_rewards
        for name, side in self._sides:
            value = float(by_side[side])
            rewards[name] = value
            cumulative[name] += value
        self._paid = True

    def render(self) -> str | None:
        """The hand as text: ``"ansi"`` returns it, ``"human"`` prints it."""
        text = f"{self.hand!r}\n" + "\n".join(f"seat {seat}: {hand}" for seat, hand in enumerate(self.hand.hands))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


class _Turns:
    """What :meth:`MusEnv.agent_iter` returns: iterable any number of times, as
    PettingZoo's own, with a generator's cheaper steps."""

    __slots__ = ("env", "max_iter")

    def __init__(self, env: MusEnv, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        env = self.env
        left = self.max_iter
        if left >= 2**62:  # no count to keep (the default): a turn a step, as long as agents play
            while env.agents:
                yield env.agent_selection  # type: ignore[misc]
            return
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection  # type: ignore[misc]


def raw_env(rules: Rules | None = None, **options: Any) -> MusEnv:
    """The same as :func:`env` (PettingZoo's classic games name both).

    >>> raw_env(seed=1).metadata["name"]
    'mus_v0'
    """
    return MusEnv(rules, **options)


def env(rules: Rules | None = None, **options: Any) -> MusEnv:
    """The environment: ``MusEnv(rules, **options)``. It enforces PettingZoo's order of
    calls itself (``step`` or ``observe`` before ``reset`` raise a
    :class:`~mus.MusError`), so it needs no wrapper, and wrappers' per-call cost.

    >>> game = env(seed=1)
    >>> game.step(0)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: call reset() before step()
    >>> game.reset()
    >>> game.last()[0]["action_mask"].nonzero()[0].tolist()
    [0, 1]
    """
    return MusEnv(rules, **options)
