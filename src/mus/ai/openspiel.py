"""An OpenSpiel-shaped game: :class:`MusGame` and :class:`MusState`, no OpenSpiel needed.

The names are OpenSpiel's (``new_initial_state``, ``current_player``,
``legal_actions``, ``apply_action``, ``is_terminal``, ``returns``,
``information_state_string``, ``information_state_tensor``, ``clone``...), actions
the ids of :mod:`mus.ai.action_ids`, players the seats. An episode is one hand; returns
are the zero-sum stones of :func:`mus.ai.rewards.returns`.

**Rewards.** ``rewards="stones"`` (the default) pays each action's stones as the
engine scores them: refusal stones at once, the rest at the count.
``rewards="terminal"`` pays all of a hand's stones at its end (zero rewards before),
OpenSpiel's ``RewardModel.TERMINAL``, which its ``MCTSBot`` asks for.

**Chance.** Under ``deal="sampled"`` the deal is not a chance node: each
:meth:`MusGame.new_initial_state` deals a hand from the game's seeded generator (or
from ``seed``), the stock order and reshuffles included, as OpenSpiel's *sampled
stochastic* games do. Under ``deal="cards"`` (card by card), ``deal="hands"`` (four
cards, or a seat's draw, at a time) or ``deal="ranks"`` (a seat's cards as a rank
multiset, with its probability) chance deals: the mano, the cards dealt, the cards
drawn at an exchange, from the stock or from the reshuffled discards, as chance nodes
with :meth:`MusState.chance_outcomes` (see :mod:`mus.ai.chance`), OpenSpiel's
*explicit stochastic* games. Dealt by ``"ranks"``, information states show ranks only,
keyed by rank multiset (:mod:`mus.ai.suits`). ``deal="auto"`` (the default) is
``"ranks"`` for rules that play no mus (``Rules(max_mus_rounds=0)``: the presets
``mini`` and ``small``) and ``"sampled"`` for the others.

**Smaller games.** The rules' reduced games (rules section 14: a deck, lances, raises
and rounds of the mus of their own) and ``max_bet`` make a game small enough for the
methods that walk it whole: the presets ``mini`` and ``small`` (see :doc:`/ai`).
``max_mus_rounds`` (default ``None``: the rules' own bound) stops the mus after that
many exchanges: then only no-mus is legal.

**Search.** :meth:`MusState.resample_from_infostate` deals a player's hidden cards
again, consistently with all it knows (:func:`mus.determinize.determinize`), so
OpenSpiel's ``ISMCTSBot`` plays the game.

**OpenSpiel.** When ``pyspiel`` imports, importing this module registers the game as
``python_mus``, so ``pyspiel.load_game("python_mus", {...})`` works and OpenSpiel's
algorithms see a ``pyspiel.Game``; see :func:`register`, and :mod:`mus.ai.parameters`
for its parameters (a preset, knobs over it, señas, and this class's arguments). Under
``Rules(senas=True)`` the seat to act may make a seña before it acts (an id each,
:mod:`mus.ai.action_ids`); its rivals' information states do not show it.

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

from collections.abc import Iterable
from random import Random
from typing import Any

from mus.actions import Mus
from mus.ai.chance import DEALS, MAX_OUTCOMES, Dealing, chance_ids
from mus.ai.checks import hand_state, signals_in_turn
from mus.ai.encoding import Encoding, encoding_for
from mus.ai.parameters import SPECIFICATION, game_arguments
from mus.ai.rewards import credited, zero_sum
from mus.ai.rewards import returns as hand_returns
from mus.ai.seeding import generator, generator_state, set_generator_state
from mus.ai.suits import canonical_cards, ranks_only
from mus.ai.tracking import ObservationTracker
from mus.batch.ids import DEFAULT_MAX_BET, MUS
from mus.checks import index_arg, quoted, rules_arg
from mus.determinize import determinize
from mus.errors import IllegalActionError, MusError, RulesError
from mus.reducer import apply, derived, new_hand
from mus.rules import Rules
from mus.state import HandState, Phase

__all__ = ["CHANCE", "REWARDS", "SHORT_NAME", "TERMINAL", "MusGame", "MusState", "register"]

TERMINAL = -4
"""``current_player()`` once the hand is over (OpenSpiel's ``PlayerId.TERMINAL``)."""
CHANCE = -1
"""``current_player()`` at a chance node (OpenSpiel's ``PlayerId.CHANCE``)."""

SHORT_NAME = "python_mus"
"""The name the game is registered under with OpenSpiel."""

REWARDS = ("stones", "terminal")
"""The values of the ``rewards`` parameter (see the module)."""


class MusGame:
    """The game: one hand of Mus under ``rules``, for ``rules.seats`` players.

    ``max_bet`` is the largest bet with an action id (default: 11 stones, or the rules'
    ``max_bet`` when it is lower); ``seed`` seeds the deals;
    ``rewards`` is ``"stones"`` or ``"terminal"``, ``deal`` ``"sampled"``, ``"cards"``,
    ``"hands"``, ``"ranks"`` or ``"auto"`` (the default: ``"ranks"`` for rules that
    play no mus, ``Rules(max_mus_rounds=0)``, such as the presets ``mini`` and
    ``small``; else ``"sampled"``; see the module).

    >>> game = MusGame(Rules.preset("heads-up"))
    >>> game.num_players(), game.num_distinct_actions(), game.max_utility()
    (2, 33, 40.0)
    >>> MusGame(rewards="win")
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: rewards must be 'stones' or 'terminal', got 'win'
    >>> MusGame(deal="cards").max_chance_outcomes(), MusGame(deal="hands").max_chance_outcomes()
    (40, 91390)
    """

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        max_bet: int | None = None,
        seed: int | None = None,
        rewards: str = "stones",
        deal: str = "auto",
        max_mus_rounds: int | None = None,
    ) -> None:
        self.rules: Rules = Rules() if rules is None else rules_arg(rules)
        if max_bet is None:
            cap = self.rules.max_bet
            max_bet = DEFAULT_MAX_BET if cap is None else min(cap, DEFAULT_MAX_BET)
        self.encoding: Encoding = encoding_for(self.rules, max_bet)
        if type(rewards) is not str or rewards not in REWARDS:
            raise RulesError(f"rewards must be 'stones' or 'terminal', got {quoted(rewards)}")
        self.rewards = rewards
        """``"stones"`` or ``"terminal"``: when the stones are paid."""
        self.terminal_rewards: bool = rewards == "terminal"
        if type(deal) is not str or (deal not in DEALS and deal != "auto"):
            raise RulesError(f"deal must be 'auto', 'sampled', 'cards', 'hands' or 'ranks', got {quoted(deal)}")
        if deal == "auto":
            deal = "ranks" if self.rules.max_mus_rounds == 0 else "sampled"
        self.deal = deal
        """How the hand is dealt: ``"sampled"``, or by chance nodes (``"cards"``,
        ``"hands"``, ``"ranks"``)."""
        self.by_ranks: bool = deal == "ranks"
        """Whether information states show ranks only (:mod:`mus.ai.suits`): when chance
        deals by rank multiset."""
        if max_mus_rounds is not None and (type(max_mus_rounds) is not int or max_mus_rounds < 0):
            raise RulesError(f"max_mus_rounds must be None or a whole number from 0 up, got {quoted(max_mus_rounds)}")
        self.max_mus_rounds = max_mus_rounds
        """After this many exchanges only no-mus is legal (``None``: the engine's bound)."""
        self._random = generator(seed)
        # What a state holds while chance deals the first cards: no seat's cards yet.
        self._stand_in = new_hand(self.rules, seed=0)
        self.tracker: ObservationTracker = ObservationTracker(self.encoding)
        """The observation vectors of the game's states, kept up to date from one
        state to the next (:mod:`mus.ai.tracking`): what the tensors are read from."""

    def num_players(self) -> int:
        """The seats."""
        return self.rules.seats

    def num_distinct_actions(self) -> int:
        """The size of the action space (see :mod:`mus.ai.action_ids`)."""
        return self.encoding.num_actions

    def max_chance_outcomes(self) -> int:
        """The most outcomes of a chance node: 0 when the deal is sampled, 40 card by
        card, ``comb(40, 4)`` hand by hand."""
        return MAX_OUTCOMES[self.deal]

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
        seat 0 with a ``seed``, else drawn at random. Dealt by chance, the hand starts
        at its first chance node, or with a ``seed`` past the deal (its chance outcomes
        those that deal what the seed deals).

        >>> MusGame().new_initial_state(seed=5).hand == __import__("mus").new_hand(seed=5)
        True
        >>> MusGame(deal="cards").new_initial_state().is_chance_node()
        True
        """
        if seed is None:
            if self.deal != "sampled":
                return MusState(self, self._stand_in, Dealing.initial(self.rules, self.deal))
            seed, mano = self.next_deal()
        else:
            mano = 0
        return self.state_of(new_hand(self.rules, seed=seed, mano=mano))

    @property
    def random(self) -> Random:
        """The game's generator, seeded with ``seed``: it deals the sampled hands and
        the hidden cards of a resampled state."""
        return self._random

    def next_deal(self) -> tuple[int, int]:
        """The seed and mano of the next hand the game's generator deals.

        >>> MusGame(seed=1).next_deal() == MusGame(seed=1).next_deal()
        True
        """
        return self._random.getrandbits(63), self._random.randrange(self.rules.seats)

    def get_rng_state(self) -> str:
        """The state of the game's generator (:func:`~mus.ai.seeding.generator_state`:
        its seed and every draw since, the deals and the resampled worlds), which
        :meth:`set_rng_state` takes back. OpenSpiel's ``GetRNGState`` hook of a *sampled
        stochastic* game, which its C++ side cannot ask of a Python game (2.0.2):
        ``pyspiel``'s game has it as ``game.inner.get_rng_state()``.

        >>> game = MusGame(seed=1)
        >>> saved, first = game.get_rng_state(), game.new_initial_state().hand
        >>> game.set_rng_state(saved)
        >>> game.new_initial_state().hand == first
        True
        """
        return generator_state(self._random)

    def set_rng_state(self, text: str) -> None:
        """Set the game's generator to a state :meth:`get_rng_state` gave."""
        set_generator_state(self._random, text)

    def state_of(self, hand: HandState) -> MusState:
        """The state of this game that ``hand`` (a hand of its rules, at any point) is:
        its ids replayed, chance outcomes included when chance deals.

        >>> import mus
        >>> game = MusGame(deal="cards")
        >>> state = game.state_of(mus.apply(mus.new_hand(seed=2), "no-mus"))
        >>> len(state.history()), state.current_player()
        (18, 0)
        """
        if hand_state(hand).rules != self.rules:
            raise RulesError("the hand is played under other rules than the game's")
        if self.rules.senas:
            signals_in_turn(hand)
        coding = self.encoding
        if self.deal == "sampled":
            ids = []
            current = hand.initial()
            for who, action in hand.history:
                if derived(action, current.rules):
                    continue
                ids.append(coding.encode(action, current))
                current = apply(current, action, who)
            return MusState(self, hand, history=ids)
        state = self.new_initial_state()
        for outcome in chance_ids(hand, self.deal, coding.encode):
            state.apply_action(outcome)
        return state

    def __deepcopy__(self, memo: object) -> MusGame:
        return self  # shared by its states; a state's copy must not copy the game

    def __repr__(self) -> str:
        return f"MusGame({self.rules!r}, max_bet={self.encoding.max_bet}, rewards={self.rewards!r}, deal={self.deal!r})"


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

    def __init__(
        self, game: MusGame, hand: HandState, dealing: Dealing | None = None, *, history: Iterable[int] = ()
    ) -> None:
        if type(game) is not MusGame:
            raise MusError(f"a MusState needs its MusGame, got {quoted(game)}")
        self.game = game
        rules = hand_state(hand).rules
        if rules is not game.rules and rules != game.rules:
            raise RulesError("the hand is played under other rules than the game's")
        self.hand: HandState = hand
        """The hand: during the first deal by chance, a stand-in (no seat holds cards yet);
        during an exchange by chance, the state before the discard that made it."""
        self._dealing = dealing
        # The ids that led to ``hand`` (what history() lists): a hand given in progress
        # comes with them, the game's encoding of its actions.
        self._history: list[int] = list(history)
        if not all(type(action) is int for action in self._history):
            raise MusError(f"a MusState's history is the ids of its actions, got {quoted(history)}")
        self._rewards = [0.0] * game.rules.seats

    @property
    def dealing(self) -> Dealing | None:
        """The cards chance is dealing now (the first ones, or an exchange's), or
        ``None`` when a seat acts or the hand is over."""
        return self._dealing

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
        if self._dealing is not None:
            return CHANCE
        seat = self.hand.to_act
        return TERMINAL if seat is None else seat

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return self._dealing is None and self.hand.to_act is None

    def is_chance_node(self) -> bool:
        """Whether chance deals next (only when the game's ``deal`` is not ``"sampled"``)."""
        return self._dealing is not None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The ``(outcome, probability)`` pairs of a chance node (empty elsewhere): each
        card, or set of cards, left to deal, alike (see :mod:`mus.ai.chance`).

        >>> state = MusGame(deal="cards").new_initial_state()
        >>> state.chance_outcomes()[:2], state.action_to_string(CHANCE, 3)
        ([(0, 0.25), (1, 0.25)], 'mano 3')
        """
        return [] if self._dealing is None else self._dealing.outcomes()

    def is_simultaneous_node(self) -> bool:
        """Always ``False``: one seat acts at a time."""
        return False

    def is_player_node(self) -> bool:
        """Whether a seat is to act."""
        return self._dealing is None and self.hand.to_act is not None

    def num_players(self) -> int:
        """The seats."""
        return self.game.rules.seats

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal ids of ``player`` (default: the seat to act), ascending; empty for
        a seat whose turn it is not; at a chance node, its outcomes."""
        if self._dealing is not None:
            return [] if player not in (None, CHANCE) else [outcome for outcome, _ in self._dealing.outcomes()]
        if player is not None and self._seat(player) != self.hand.to_act:
            return []
        legal = self.game.encoding.legal_actions(self.hand)
        if legal and legal[0] == MUS and self._mus_closed():
            del legal[0]
        return legal

    def _mus_closed(self) -> bool:
        """Whether the game's ``max_mus_rounds`` leaves only no-mus to say."""
        limit = self.game.max_mus_rounds
        return limit is not None and self.hand.mus_rounds >= limit

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """A 0/1 list over every id: which are legal for ``player``."""
        mask: list[int]
        if self._dealing is not None:
            mask = [0] * self.game.max_chance_outcomes()
            for outcome in self.legal_actions(player):
                mask[outcome] = 1
            return mask
        if player is not None and self._seat(player) != self.hand.to_act:
            return [0] * self.game.encoding.num_actions
        mask = self.game.encoding.legal_action_mask(self.hand).tolist()
        if mask[MUS] and self._mus_closed():
            mask[MUS] = 0
        return mask

    def apply_action(self, action: int) -> None:
        """Play id ``action`` for the seat to act, or deal chance outcome ``action`` at a
        chance node; an illegal one raises :class:`~mus.IllegalActionError` and
        changes nothing."""
        hand = self.hand
        dealing = self._dealing
        if dealing is not None:
            if dealing.deal(action):
                self.hand = dealing.hand(hand.rules) if dealing.exchange is None else dealing.served()
                self._dealing = None
            self._history.append(int(action))
            if any(self._rewards):
                self._rewards = [0.0] * len(self._rewards)
            return
        if hand.to_act is None:
            raise IllegalActionError("the hand is over")
        # The action is read only once the mus is closed: the encoding checks the id.
        if hand.phase is Phase.MUS and self._mus_closed() and type(self.game.encoding.decode(action, hand)) is Mus:
            raise IllegalActionError(f"the game stops the mus after {self.game.max_mus_rounds} exchange(s): no-mus")
        after = self.game.encoding.apply(hand, action)
        if after.mus_rounds != hand.mus_rounds and self.game.deal != "sampled":
            # The exchange is chance's to deal: the engine replays it once dealt.
            self._dealing = Dealing.of_exchange(
                self.game.deal, hand, hand.to_act, self.game.encoding.decode(action, hand)
            )
            self._history.append(int(action))
            if any(self._rewards):
                self._rewards = [0.0] * len(self._rewards)
            return
        if self.game.terminal_rewards:
            # All of the hand's stones at its end, nothing before (RewardModel.TERMINAL).
            if after.to_act is None:
                self._rewards = hand_returns(after)
        elif after.scores is not hand.scores or after.to_act is None:
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
        """Each seat's stones since the deal (zero-sum; see :func:`mus.ai.rewards.returns`):
        the sum of its rewards so far, so under ``rewards="terminal"`` all zeros until the
        hand ends, the refusal stones included (OpenSpiel checks that the two agree)."""
        if self.game.terminal_rewards and not self.is_terminal():
            return [0.0] * self.game.rules.seats
        return hand_returns(self.hand)

    def player_return(self, player: int) -> float:
        """One seat's return."""
        return self.returns()[self._seat(player)]

    def rewards(self) -> list[float]:
        """Each seat's reward for the last action: the stones it scored, or under
        ``rewards="terminal"`` the hand's stones on its last action and 0 before.

        >>> import mus.ai.rewards
        >>> state = MusGame(rewards="terminal").new_initial_state(seed=1)
        >>> for action in (1, 23, 19, 19):  # no-mus, bet 2, fold, fold: a stone at once
        ...     state.apply_action(action)
        >>> state.rewards(), state.returns(), mus.ai.rewards.returns(state.hand)
        ([0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [1.0, -1.0, 1.0, -1.0])
        """
        return list(self._rewards)

    def _seat(self, player: int | None) -> int:
        if player is None:
            if self._dealing is not None:
                raise MusError("no player acts at a chance node: name one")
            player = self.hand.to_act
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.num_players():
            raise MusError(f"no player {quoted(player)}: players are 0 to {self.num_players() - 1}")
        return player

    def information_state_string(self, player: int | None = None) -> str:
        """Everything ``player`` knows, with perfect recall (see
        :meth:`Encoding.information_state_string <mus.ai.encoding.Encoding.information_state_string>`;
        while chance deals the first cards, the cards dealt to it so far)."""
        seat = self._seat(player)
        dealing = self._dealing
        if dealing is not None and dealing.exchange is None:
            text = f"seat {seat} of {self.num_players()}, dealt so far {' '.join(map(str, dealing.cards_of(seat)))}"
        else:
            text = self.game.encoding.information_state_string(self.hand, seat)
        return ranks_only(text) if self.game.by_ranks else text

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The observation vector of ``player`` (see :mod:`mus.ai.observations`). It
        summarises the history rather than recalling all of it: two information states
        can share a tensor (their strings differ). All zeros while chance deals the
        first cards."""
        seat = self._seat(player)
        if self._dealing is not None and self._dealing.exchange is None:
            return [0.0] * self.game.encoding.observation_size
        vector = self.game.tracker.observation(self.hand, seat)
        if self.game.by_ranks:
            vector = vector.copy()
            canonical_cards(vector, self.game.encoding.layout, self.hand.hands[seat], self.hand.pending[seat])
        return vector.tolist()  # type: ignore[no-any-return]

    observation_tensor = information_state_tensor

    def observation_string(self, player: int | None = None) -> str:
        """``player``'s cards and the public state of the hand, in one line."""
        seat = self._seat(player)
        if self._dealing is not None and self._dealing.exchange is None:
            return self.information_state_string(seat)
        text = f"seat {seat} holds {self.hand.hands[seat]}; {self.hand!r}"
        return ranks_only(text) if self.game.by_ranks else text

    def action_to_string(self, player: int, action: int) -> str:
        """The text of an id (discards by hand positions), or of a chance outcome
        (``player`` :data:`CHANCE`).

        >>> state = MusGame().new_initial_state(seed=1)
        >>> state.action_to_string(0, 1), state.action_to_string(CHANCE, 1)
        ('no-mus', 'no-mus')
        """
        player = index_arg(player, "a player (a seat, or CHANCE)", CHANCE, self.num_players() - 1)
        if player == CHANCE and self._dealing is not None:
            return self._dealing.outcome_name(action)
        return self.game.encoding.action_name(action)

    def resample_from_infostate(self, player: int, probability_sampler: Any = None) -> MusState:
        """A state ``player`` cannot tell from this one, its hidden cards dealt again
        uniformly over the consistent worlds (:func:`mus.determinize.determinize`,
        drawn from the game's generator; ``probability_sampler``, OpenSpiel's, is not
        used). OpenSpiel's ``ISMCTSBot`` samples its worlds with it.

        >>> state = MusGame(seed=1).new_initial_state(seed=3)
        >>> state.apply_action(1)
        >>> other = state.resample_from_infostate(2)
        >>> other.information_state_string(2) == state.information_state_string(2), other.history()
        (True, [1])
        """
        if self._dealing is not None:
            raise MusError("a chance node has no player to resample for")
        copy: MusState = self.game.state_of(determinize(self.hand, self._seat(player), seed=self.game.random))
        copy._rewards = self._rewards
        return copy

    def clone(self) -> MusState:
        """An independent copy (cheap: the hand is shared, being immutable)."""
        copy = MusState(
            self.game, self.hand, None if self._dealing is None else self._dealing.copy(), history=self._history
        )
        copy._rewards = self._rewards
        return copy

    def __deepcopy__(self, memo: object) -> MusState:
        return self.clone()

    def __str__(self) -> str:
        hand = self.hand
        if self._dealing is not None and self._dealing.exchange is None:
            return "dealing\n" + "\n".join(self.information_state_string(seat) for seat in range(self.num_players()))
        return f"{hand!r}\n" + "\n".join(f"seat {seat}: {cards}" for seat, cards in enumerate(hand.hands))


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

    def game_type(terminal: bool, sampled: bool) -> Any:
        # The game's type follows its parameters: one is registered, each game has its own.
        model, chance = pyspiel.GameType.RewardModel, pyspiel.GameType.ChanceMode
        return pyspiel.GameType(
            short_name=SHORT_NAME,
            long_name="Mus (mus-rules)",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=chance.SAMPLED_STOCHASTIC if sampled else chance.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=model.TERMINAL if terminal else model.REWARDS,
            max_num_players=6,
            min_num_players=2,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=SPECIFICATION,
        )

    class SpielGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            self.inner = MusGame(**game_arguments(params))
            rules = self.inner.rules
            info = pyspiel.GameInfo(
                num_distinct_actions=self.inner.num_distinct_actions(),
                max_chance_outcomes=self.inner.max_chance_outcomes(),
                num_players=rules.seats,
                min_utility=self.inner.min_utility(),
                max_utility=self.inner.max_utility(),
                utility_sum=0.0,
                # No hard bound (mus rounds and raises may repeat): a declared figure.
                max_game_length=1000,
            )
            super().__init__(game_type(self.inner.terminal_rewards, self.inner.deal == "sampled"), info, params or {})

        def new_initial_state(self) -> Any:
            # OpenSpiel clones a Python state by building a new initial state and copying
            # the attributes over it: the hand is made (a sampled one dealt) when first
            # looked at, so that a clone costs neither a deal nor a draw.
            return SpielState(self, None)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
            perfect = iig_obs_type is None or iig_obs_type.perfect_recall
            return _Observer(self.inner.encoding, perfect)

    class SpielState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any, inner: MusState | None) -> None:
            super().__init__(game)
            self._inner = inner

        @property
        def inner(self) -> MusState:
            inner = self._inner
            if inner is None:
                game = self.get_game().inner
                if game.deal == "sampled":
                    seed, mano = game.next_deal()
                    inner = MusState(game, new_hand(game.rules, seed=seed, mano=mano))
                else:
                    inner = game.new_initial_state()
                self._inner = inner
            return inner

        def current_player(self) -> int:
            if self.inner.is_terminal():
                return int(pyspiel.PlayerId.TERMINAL)
            return int(pyspiel.PlayerId.CHANCE) if self.inner.is_chance_node() else self.inner.current_player()

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return self.inner.chance_outcomes()

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

        def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
            # Replayed through apply_action, so that OpenSpiel's own record of the
            # history (history(), move_number()) is the sample's.
            inner = self.inner.resample_from_infostate(player_id, probability_sampler)
            game = inner.game
            root = game.new_initial_state() if game.deal != "sampled" else MusState(game, inner.hand.initial())
            sample = SpielState(self.get_game(), root)
            for action in inner.history():
                sample.apply_action(action)
            return sample

        def rewards(self) -> list[float]:
            return self.inner.rewards()

        def __str__(self) -> str:
            return str(self.inner)

    pyspiel.register_game(game_type(False, True), SpielGame)


class _Observer:
    """OpenSpiel's observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, coding: Encoding, perfect_recall: bool) -> None:
        import numpy as np

        self.coding = coding
        self.perfect_recall = perfect_recall
        self.tracker = ObservationTracker(coding)
        self.tensor = np.zeros(coding.observation_size, np.float32)
        self.dict = {name: self.tensor[start : start + size] for name, (start, size) in coding.layout.items()}

    def set_from(self, state: Any, player: int) -> None:
        # As MusState.information_state_tensor: all zeros while chance deals the first
        # cards (the hand held then is a stand-in, whose cards nobody was dealt).
        inner: MusState = state.inner
        dealing = inner.dealing
        if dealing is not None and dealing.exchange is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.tracker.observation(inner.hand, player)
            if inner.game.by_ranks:
                canonical_cards(self.tensor, self.coding.layout, inner.hand.hands[player], inner.hand.pending[player])

    def string_from(self, state: Any, player: int) -> str:
        inner: MusState = state.inner
        if self.perfect_recall:
            return inner.information_state_string(player)
        return inner.observation_string(player)


register()
