"""An OpenSpiel-shaped game: :class:`MusGame` and :class:`MusState`, no OpenSpiel needed.

The names are OpenSpiel's (``new_initial_state``, ``current_player``,
``legal_actions``, ``apply_action``, ``is_terminal``, ``returns``,
``information_state_string``, ``information_state_tensor``, ``clone``...), actions
the ids of :mod:`mus.ai.action_ids`, players the seats. An episode is one hand; returns
are the zero-sum stones of :func:`mus.ai.rewards.returns`.

**Chance.** The deal is not a chance node: each :meth:`MusGame.new_initial_state`
deals a hand from the game's seeded generator (or from ``seed``), the stock order and
reshuffles included, as OpenSpiel's *sampled stochastic* games do. States are never
chance nodes.

**OpenSpiel.** When ``pyspiel`` imports, importing this module registers the game as
``python_mus`` (parameters ``preset``, ``max_bet``, ``rng_seed``), so
``pyspiel.load_game("python_mus")`` works and OpenSpiel's algorithms see a
``pyspiel.Game``; see :func:`register`.

>>> game = MusGame(seed=1)
>>> state = game.new_initial_state()
>>> state.current_player(), state.legal_actions()
(0, [0, 1])
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> sum(state.returns()), state.current_player()
(0.0, -4)
"""

from __future__ import annotations

from typing import Any

from mus.ai.action_ids import DEFAULT_MAX_BET
from mus.ai.checks import hand_state
from mus.ai.encoding import Encoding, encoding_for
from mus.ai.rewards import credited, zero_sum
from mus.ai.seeding import generator
from mus.checks import quoted, rules_arg
from mus.errors import IllegalActionError, MusError, RulesError
from mus.reducer import new_hand
from mus.rules import PRESETS, Rules
from mus.state import HandState

__all__ = ["SHORT_NAME", "TERMINAL", "MusGame", "MusState", "register"]

TERMINAL = -4
"""``current_player()`` once the hand is over (OpenSpiel's ``PlayerId.TERMINAL``)."""

SHORT_NAME = "python_mus"
"""The name the game is registered under with OpenSpiel."""


class MusGame:
    """The game: one hand of Mus under ``rules``, for ``rules.seats`` players.

    ``max_bet`` is the largest bet with an action id; ``seed`` seeds the deals.

    >>> game = MusGame(Rules.preset("heads-up"))
    >>> game.num_players(), game.num_distinct_actions(), game.max_utility()
    (2, 33, 40.0)
    """

    def __init__(self, rules: Rules | None = None, *, max_bet: int = DEFAULT_MAX_BET, seed: int | None = None) -> None:
        self.rules = Rules() if rules is None else rules_arg(rules)
        self.encoding: Encoding = encoding_for(self.rules, max_bet)
        self._random = generator(seed)

    def num_players(self) -> int:
        """The seats."""
        return self.rules.seats

    def num_distinct_actions(self) -> int:
        """The size of the action space (see :mod:`mus.ai.action_ids`)."""
        return self.encoding.num_actions

    def max_chance_outcomes(self) -> int:
        """0: the deal is sampled, never a chance node."""
        return 0

    def min_utility(self) -> float:
        """The least return: ``-target``."""
        return -float(self.rules.target)

    def max_utility(self) -> float:
        """The greatest return: ``target`` (a side is credited at most up to the target)."""
        return float(self.rules.target)

    def utility_sum(self) -> float:
        """0: the returns are zero-sum."""
        return 0.0

    def information_state_tensor_shape(self) -> list[int]:
        """``[observation size]`` (see :meth:`MusState.information_state_tensor`)."""
        return [self.encoding.observation_size]

    observation_tensor_shape = information_state_tensor_shape

    def new_initial_state(self, seed: int | str | None = None) -> MusState:
        """A new hand: dealt from ``seed``, else from the game's generator; the mano is
        seat 0 with a ``seed``, else drawn at random.

        >>> MusGame().new_initial_state(seed=5).hand == __import__("mus").new_hand(seed=5)
        True
        """
        if seed is None:
            seed, mano = self._random.getrandbits(63), self._random.randrange(self.rules.seats)
        else:
            mano = 0
        return MusState(self, new_hand(self.rules, seed=seed, mano=mano))

    def __deepcopy__(self, memo: object) -> MusGame:
        return self  # shared by its states; a state's copy must not copy the game

    def __repr__(self) -> str:
        return f"MusGame({self.rules!r}, max_bet={self.encoding.max_bet})"


class MusState:
    """A hand being played, OpenSpiel style: ``apply_action`` changes it in place (the
    :class:`~mus.HandState` it holds, ``hand``, is immutable, so :meth:`clone` is cheap).

    >>> state = MusGame().new_initial_state(seed=1)
    >>> other = state.clone()
    >>> state.apply_action(1)
    >>> state.history(), other.history(), state.hand.lance
    ([1], [], <Lance.GRANDE: 0>)
    >>> state.apply_action(18)
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: action 18 (accept) is not legal now; legal: 17 (pass), 20 (ordago), 23 (bet 2), ...
    """

    def __init__(self, game: MusGame, hand: HandState) -> None:
        if type(game) is not MusGame:
            raise MusError(f"a MusState needs its MusGame, got {quoted(game)}")
        self.game = game
        if hand_state(hand).rules != game.rules:
            raise RulesError("the hand is played under other rules than the game's")
        self.hand = hand
        self._history: list[int] = []
        self._rewards = [0.0] * game.rules.seats

    def current_player(self) -> int:
        """The seat to act, or :data:`TERMINAL`."""
        seat = self.hand.to_act
        return TERMINAL if seat is None else seat

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self.hand.to_act is None

    def is_chance_node(self) -> bool:
        """Always ``False`` (see the module)."""
        return False

    def is_simultaneous_node(self) -> bool:
        """Always ``False``: one seat acts at a time."""
        return False

    def is_player_node(self) -> bool:
        """Whether a seat is to act."""
        return self.hand.to_act is not None

    def num_players(self) -> int:
        """The seats."""
        return self.game.rules.seats

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal ids of ``player`` (default: the seat to act), ascending; empty for
        a seat whose turn it is not."""
        if player is not None and self._seat(player) != self.hand.to_act:
            return []
        return self.game.encoding.legal_actions(self.hand)

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """A 0/1 list over every id: which are legal for ``player``."""
        if player is not None and self._seat(player) != self.hand.to_act:
            return [0] * self.game.encoding.num_actions
        return self.game.encoding.legal_action_mask(self.hand).tolist()  # type: ignore[no-any-return]

    def apply_action(self, action: int) -> None:
        """Play id ``action`` for the seat to act; an illegal id raises
        :class:`~mus.IllegalActionError` and changes nothing."""
        hand = self.hand
        if hand.to_act is None:
            raise IllegalActionError("the hand is over")
        after = self.game.encoding.apply(hand, action)
        if after.scores is not hand.scores or after.to_act is None:
            self._rewards = zero_sum(
                [a - b for a, b in zip(credited(after), credited(hand), strict=True)], self.game.rules
            )
        elif any(self._rewards):
            self._rewards = [0.0] * len(self._rewards)
        self.hand = after
        self._history.append(int(action))

    def history(self) -> list[int]:
        """The ids played so far."""
        return list(self._history)

    def returns(self) -> list[float]:
        """Each seat's stones since the deal (zero-sum; see :func:`mus.ai.rewards.returns`)."""
        start, now = credited(self.hand.initial()), credited(self.hand)
        return zero_sum([a - b for a, b in zip(now, start, strict=True)], self.game.rules)

    def player_return(self, player: int) -> float:
        """One seat's return."""
        return self.returns()[self._seat(player)]

    def rewards(self) -> list[float]:
        """Each seat's reward for the last action (stones scored by it)."""
        return list(self._rewards)

    def _seat(self, player: int | None) -> int:
        if player is None:
            player = self.hand.to_act
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players():
            raise MusError(f"no player {quoted(player)}: players are 0 to {self.num_players() - 1}")
        return player

    def information_state_string(self, player: int | None = None) -> str:
        """Everything ``player`` knows, with perfect recall (see
        :meth:`Encoding.information_state_string <mus.ai.encoding.Encoding.information_state_string>`)."""
        return self.game.encoding.information_state_string(self.hand, self._seat(player))

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The observation vector of ``player`` (see :mod:`mus.ai.observations`). It
        summarises the history rather than recalling all of it: two information states
        can share a tensor (their strings differ)."""
        return self.game.encoding.observation(self.hand, self._seat(player)).tolist()  # type: ignore[no-any-return]

    observation_tensor = information_state_tensor

    def observation_string(self, player: int | None = None) -> str:
        """``player``'s cards and the public state of the hand, in one line."""
        seat = self._seat(player)
        return f"seat {seat} holds {self.hand.hands[seat]}; {self.hand!r}"

    def action_to_string(self, player: int, action: int) -> str:
        """The text of an id (discards by hand positions)."""
        return self.game.encoding.action_name(action)

    def clone(self) -> MusState:
        """An independent copy (cheap: the hand is shared, being immutable)."""
        copy = MusState(self.game, self.hand)
        copy._history = self._history[:]
        copy._rewards = self._rewards
        return copy

    def __deepcopy__(self, memo: object) -> MusState:
        return self.clone()

    def __str__(self) -> str:
        hand = self.hand
        return f"{hand!r}\n" + "\n".join(f"seat {seat}: {cards}" for seat, cards in enumerate(hand.hands))


def _parameters(params: dict[str, Any] | None) -> tuple[Rules, int, int | None]:
    params = dict(params or {})
    name = params.pop("preset", "standard")
    if name not in PRESETS:
        raise RulesError(f"unknown preset {quoted(name)} (presets: {', '.join(sorted(PRESETS))})")
    max_bet, seed = params.pop("max_bet", DEFAULT_MAX_BET), params.pop("rng_seed", -1)
    for key, value in (("max_bet", max_bet), ("rng_seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"the parameter {key} is an int, got {quoted(value)}")
    if params:
        raise RulesError(f"unknown parameter(s): {', '.join(sorted(params))} (preset, max_bet, rng_seed)")
    return PRESETS[name], max_bet, None if seed < 0 else seed


def register() -> bool:
    """Register ``python_mus`` with OpenSpiel if ``pyspiel`` imports (done on import of
    this module); whether it is registered.

    >>> register() in (True, False)
    True
    """
    try:
        import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return False
    if SHORT_NAME in pyspiel.registered_names():
        return True
    _define(pyspiel)
    return True


def _define(pyspiel: Any) -> None:
    """Define and register the ``pyspiel`` subclasses, which delegate to :class:`MusState`."""
    game_type = pyspiel.GameType(
        short_name=SHORT_NAME,
        long_name="Mus (mus-rules)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.REWARDS,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": "standard", "max_bet": DEFAULT_MAX_BET, "rng_seed": -1},
    )

    class SpielGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            rules, max_bet, seed = _parameters(params)
            self.inner = MusGame(rules, max_bet=max_bet, seed=seed)
            info = pyspiel.GameInfo(
                num_distinct_actions=self.inner.num_distinct_actions(),
                max_chance_outcomes=0,
                num_players=rules.seats,
                min_utility=self.inner.min_utility(),
                max_utility=self.inner.max_utility(),
                utility_sum=0.0,
                # No hard bound (mus rounds and raises may repeat): a declared figure.
                max_game_length=1000,
            )
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> Any:
            return SpielState(self, self.inner.new_initial_state())

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            perfect = iig_obs_type is None or iig_obs_type.perfect_recall
            return _Observer(self.inner.encoding, perfect)

    class SpielState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any, inner: MusState) -> None:
            super().__init__(game)
            self.inner = inner

        def current_player(self) -> int:
            return int(pyspiel.PlayerId.TERMINAL) if self.inner.is_terminal() else self.inner.current_player()

        def _legal_actions(self, player: int) -> list[int]:
            return self.inner.legal_actions(player)

        def _apply_action(self, action: int) -> None:
            self.inner.apply_action(action)

        def _action_to_string(self, player: int, action: int) -> str:
            return self.inner.action_to_string(player, action)

        def is_terminal(self) -> bool:
            return self.inner.is_terminal()

        def returns(self) -> list[float]:
            return self.inner.returns()

        def rewards(self) -> list[float]:
            return self.inner.rewards()

        def __str__(self) -> str:
            return str(self.inner)

    pyspiel.register_game(game_type, SpielGame)


class _Observer:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, coding: Encoding, perfect_recall: bool) -> None:
        import numpy as np

        self.coding = coding
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(coding.observation_size, np.float32)
        self.dict = {name: self.tensor[start : start + size] for name, (start, size) in coding.layout.items()}

    def set_from(self, state: Any, player: int) -> None:
        self.tensor[:] = self.coding.observation(state.inner.hand, player)

    def string_from(self, state: Any, player: int) -> str:
        inner: MusState = state.inner
        if self.perfect_recall:
            return inner.information_state_string(player)
        return inner.observation_string(player)


register()
