"""Integer actions, action masks, observation tensors and rewards for one rule set.

**Actions.** A fixed space of ``22 + max_bet`` ids (33 with the default ``max_bet``
of 11 stones):

==========  ============================================================
id          action
==========  ============================================================
0           :class:`~mus.Mus`
1           :class:`~mus.NoMus`
2 to 16     :class:`~mus.Discard`: id ``1 + m``, where bit ``i`` of ``m`` (1 to 15)
            discards the card at position ``i`` of the seat's hand as the engine
            sorts it (``state.hands[seat].cards``, high cards first)
17          :class:`~mus.Pass`
18          :class:`~mus.Accept`
19          :class:`~mus.Fold`
20          :class:`~mus.Ordago`
21, 22      ``Declare(lance, False)``, ``Declare(lance, True)`` (explicit declarations)
23 and up   ``Bet(k)`` for ``k`` = 2 to ``max_bet``: id ``21 + k``
==========  ============================================================

A bet or raise of more than ``max_bet`` stones has no id (the engine takes it, the
adapters do not offer it: raise again, or go órdago). Nor have the team fold and the
out-of-turn events (señas, mus visto).

**Observations.** A float32 vector of values in [0, 1], seen by one seat; seats are
*relative* (entry 0 is the observing seat, then the seats after it around the table)
and sides too (entry 0 is its own side). :attr:`Encoding.layout` gives each part's
offset and size; with ``n`` seats and ``k`` sides:

* ``hand`` (40): own cards, one-hot by :attr:`Card.index <mus.cards.Card.index>`;
* ``pending`` (40): own cards discarded in the exchange under way, not yet replaced;
* ``phase`` (5), ``lance`` (5): one-hot (phase order: mus, discard, declare, betting,
  finished; lances in :class:`~mus.Lance` order);
* ``to_act``, ``mano``, ``own_side`` (``n`` each): relative seats;
* ``scores`` (``k``): each side's score over the target, capped at 1;
* ``stake``, ``previous`` (1 each): the standing stake and the one before the last
  raise, over the target, capped at 1; ``bets`` (1): bets and raises on this lance
  over 10, capped at 1; ``ordago`` (1): an órdago stands;
* ``bettor``, ``in_lance``, ``folded``, ``accepted`` (``n`` each): the betting on the
  current lance;
* ``pares_yes``, ``pares_no``, ``juego_yes``, ``juego_no`` (``n`` each): declarations;
* ``discarded`` (``n``): cards each seat discarded in the latest exchange, over 4;
  ``exchanges`` (1): exchanges completed, over 5, capped at 1;
* ``results`` (5 by (6 + 1 + ``k``)): per lance, how its betting ended (one-hot over
  :class:`~mus.Outcome`), its stake over the target (capped at 1) and the side it
  went to;
* ``signals`` (``n`` by 11, only under ``Rules(senas=True)``): the señas the seat's
  partners made, by :class:`~mus.Sena`;
* ``winner`` (``k``): the side that won the game in this hand.

**Rewards.** Stones won by each side, where a side that wins the game is credited
exactly up to the target (an accepted órdago pays what it still needed; stones past the
target are worth nothing): see :func:`returns`. A seat's reward is its side's stones
less the mean of the other sides' (with two sides: the difference), so rewards are
zero-sum over sides and lie between ``-target`` and ``target``.

>>> import mus
>>> state = mus.apply(mus.new_hand(seed=1), "no-mus")
>>> enc = encoding_for(state.rules)
>>> [enc.action_name(i) for i in enc.legal_actions(state)][:4]
['pass', 'ordago', 'bet 2', 'bet 3']
>>> enc.observation(state, 0).shape, enc.num_actions
((192,), 33)
"""

from __future__ import annotations

import contextlib
import functools
import operator
import random
from typing import Any

import numpy as np
import numpy.typing as npt

from mus.actions import Accept, Action, Bet, Declare, Discard, Fold, Mus, NoMus, Ordago, Pass, Signal
from mus.cards import ALL_CARDS
from mus.checks import quoted, seat_arg
from mus.errors import IllegalActionError, MusError, RulesError
from mus.lances import Lance
from mus.reducer import apply
from mus.rules import Rules
from mus.scoring import Outcome
from mus.senas import Sena
from mus.state import HandState, Phase

__all__ = [
    "ACCEPT",
    "BET_2",
    "DECLARE_NO",
    "DECLARE_YES",
    "DEFAULT_MAX_BET",
    "DISCARD_FIRST",
    "FOLD",
    "MUS",
    "NO_MUS",
    "ORDAGO",
    "PASS",
    "Encoding",
    "credited",
    "decode",
    "encode",
    "encoding_for",
    "generator",
    "information_state_string",
    "legal_action_mask",
    "observation",
    "returns",
]

MUS, NO_MUS, DISCARD_FIRST = 0, 1, 2
PASS, ACCEPT, FOLD, ORDAGO, DECLARE_NO, DECLARE_YES, BET_2 = 17, 18, 19, 20, 21, 22, 23
DEFAULT_MAX_BET = 11
"""The largest bet or raise with an id by default: 2 to 11 stones cover the bets
players make (envido, 3, 4, 5, 10); beyond them an órdago says the same thing."""

Mask = npt.NDArray[np.int8]
Vector = npt.NDArray[np.float32]

_PHASES = tuple(Phase)
_OUTCOMES = tuple(Outcome)
_SENAS = tuple(Sena)
_FIXED: dict[int, Action] = {
    MUS: Mus(), NO_MUS: NoMus(), PASS: Pass(), ACCEPT: Accept(), FOLD: Fold(), ORDAGO: Ordago(),
}  # fmt: skip
_KIND_IDS: dict[type, int] = {type(action): index for index, action in _FIXED.items()}
_MAX_STEPS = 10
_CACHE_SIZE = 20_000
# Card.index by Card.order (a plain int attribute, cheaper to read than the property).
_CARD_INDEX = tuple(
    next((card.index for card in ALL_CARDS if card.order == order), -1)
    for order in range(max(card.order for card in ALL_CARDS) + 1)
)
_PENDING = 40  # the offset of "pending", right after "hand"


# The history's parts of an observation, by absolute seat: (offset, seat) marks of the
# declarations, (seat, cards) of each seat's latest discard, how many discards were made,
# and (seat, seña index) of the señas. A plain tuple: one is built per new history entry.
_Summary = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], int, tuple[tuple[int, int], ...]]
_EMPTY: _Summary = ((), (), 0, ())
_NOTED = frozenset((Declare, Discard, Signal))
_OFFSETS = ("to_act", "lance", "stake", "bettor", "in_lance", "folded", "accepted", "scores", "discarded")
_BETTING = Phase.BETTING
# A results tuple's entries: (results, per side: (ones, (offset, value) pairs)).
_Results = tuple[object, tuple[tuple[tuple[int, ...], tuple[tuple[int, float], ...]], ...]]


def _layout(rules: Rules) -> dict[str, tuple[int, int]]:
    n, k = rules.seats, rules.teams
    sizes = [
        ("hand", 40), ("pending", 40), ("phase", len(_PHASES)), ("lance", len(Lance)),
        ("to_act", n), ("mano", n), ("own_side", n), ("scores", k),
        ("stake", 1), ("previous", 1), ("bets", 1), ("ordago", 1),
        ("bettor", n), ("in_lance", n), ("folded", n), ("accepted", n),
        ("pares_yes", n), ("pares_no", n), ("juego_yes", n), ("juego_no", n),
        ("discarded", n), ("exchanges", 1),
        ("results", len(Lance) * (len(_OUTCOMES) + 1 + k)),
        ("signals", n * len(_SENAS) if rules.senas else 0),
        ("winner", k),
    ]  # fmt: skip
    layout, offset = {}, 0
    for name, size in sizes:
        layout[name] = (offset, size)
        offset += size
    return layout


class Encoding:
    """The action ids, masks and observation layout of one rule set (see the module).

    ``max_bet`` is the largest bet or raise with an id (2 to 1000 stones). Build one
    with :func:`encoding_for`, which shares them.

    >>> import mus
    >>> enc = Encoding(mus.Rules(), max_bet=5)
    >>> enc.num_actions, enc.action_name(enc.num_actions - 1), enc.layout["hand"]
    (27, 'bet 5', (0, 40))
    >>> Encoding(mus.Rules(), max_bet=1)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: max_bet must be a whole number of stones from 2 to 1000, got 1
    """

    def __init__(self, rules: Rules | None = None, *, max_bet: int = DEFAULT_MAX_BET) -> None:
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules, got {type(rules).__name__}")
        if isinstance(max_bet, bool) or not isinstance(max_bet, int) or not 2 <= max_bet <= 1000:
            raise RulesError(f"max_bet must be a whole number of stones from 2 to 1000, got {quoted(max_bet)}")
        self.rules = rules
        self.max_bet = max_bet
        self.num_actions = BET_2 + max_bet - 1
        """How many action ids there are: ``22 + max_bet``."""
        self.layout = _layout(rules)
        """Each part of the observation: ``name -> (offset, size)``."""
        self.observation_size = sum(size for _, size in self.layout.values())
        self._bets = tuple(Bet(stones) for stones in range(2, max_bet + 1))
        self._no_mask = self._frozen(np.zeros(self.num_actions, np.int8))
        self._discard_mask = self._mask_of(range(DISCARD_FIRST, DISCARD_FIRST + 15))
        # Legal lists other than discards are shared by the engine (one per kind of
        # turn and seat), so their masks are cached by identity, kept alive here so an
        # id is never reused.
        self._masks: dict[int, tuple[object, Mask]] = {}
        self._prepare()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as its rules and ``max_bet``: it comes back as the shared
        encoding of those (:func:`encoding_for`), without its caches.

        >>> import copy, pickle, mus
        >>> enc = encoding_for(mus.Rules(), 11)
        >>> pickle.loads(pickle.dumps(enc)) is enc is copy.deepcopy(enc)
        True
        """
        return (encoding_for, (self.rules, self.max_bet))

    def _frozen(self, mask: Mask) -> Mask:
        mask.flags.writeable = False
        return mask

    def _mask_of(self, ids: Any) -> Mask:
        mask = np.zeros(self.num_actions, np.int8)
        mask[list(ids)] = 1
        return self._frozen(mask)

    # --- actions ----------------------------------------------------------------------

    def action_name(self, action_id: int) -> str:
        """The text of an action id (discards by hand positions).

        >>> encoding_for().action_name(2), encoding_for().action_name(16), encoding_for().action_name(24)
        ('discard [0]', 'discard [0, 1, 2, 3]', 'bet 3')
        """
        index = self._index(action_id)
        if DISCARD_FIRST <= index < PASS:
            bits = index - DISCARD_FIRST + 1
            return f"discard {[i for i in range(4) if bits >> i & 1]}"
        if index >= BET_2:
            return f"bet {index - BET_2 + 2}"
        if index in (DECLARE_NO, DECLARE_YES):
            return f"declare {'yes' if index == DECLARE_YES else 'no'}"
        return str(_FIXED[index])

    def _index(self, action_id: object) -> int:
        if type(action_id) is int and 0 <= action_id < self.num_actions:
            return action_id
        try:
            if isinstance(action_id, bool):
                raise TypeError
            index = operator.index(action_id)  # type: ignore[arg-type]
        except TypeError:
            raise IllegalActionError(f"an action id is an int, got {quoted(action_id)}") from None
        if not 0 <= index < self.num_actions:
            raise IllegalActionError(f"no action {index}: ids are 0 to {self.num_actions - 1}")
        return index

    def encode(self, action: Action, state: HandState) -> int:
        """The id of ``action`` for the seat to act in ``state`` (``state`` places the
        cards of a discard); legality is not checked.

        >>> import mus
        >>> state = mus.new_hand(hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"])
        >>> enc = encoding_for()
        >>> enc.encode(mus.Discard.parse("7e 1b"), state), enc.encode(mus.Bet(5), state)
        (13, 26)
        >>> enc.encode(mus.Bet(40), state)
        Traceback (most recent call last):
        ...
        mus.errors.IllegalActionError: bet 40 has no action id: bets go up to 11 stones
        """
        kind = type(action)
        index = _KIND_IDS.get(kind)
        if index is not None:
            return index
        if not isinstance(action, Action):
            raise IllegalActionError(f"an action is an Action value, got {quoted(action)}")
        if isinstance(action, Bet):
            if action.stones > self.max_bet:
                raise IllegalActionError(f"{action} has no action id: bets go up to {self.max_bet} stones")
            return BET_2 + action.stones - 2
        if isinstance(action, Discard):
            if state.to_act is None:
                raise IllegalActionError("the hand is over: no discard")
            cards = state.hands[state.to_act].cards
            missing = [str(card) for card in action.cards if card not in cards]
            if missing:
                raise IllegalActionError(f"seat {state.to_act} cannot discard {' '.join(missing)}: not in its hand")
            bits = sum(1 << cards.index(card) for card in action.cards)
            return DISCARD_FIRST + bits - 1
        if isinstance(action, Declare):
            return DECLARE_YES if action.has else DECLARE_NO
        raise IllegalActionError(f"{action} has no action id (the adapters offer the seat actions only)")

    def decode(self, action_id: int, state: HandState) -> Action:
        """The action of id ``action_id`` for the seat to act; an id that is not legal
        now raises :class:`~mus.IllegalActionError`.

        >>> import mus
        >>> state = mus.new_hand(seed=1)
        >>> encoding_for().decode(1, state)
        NoMus()
        >>> encoding_for().decode(17, state)
        Traceback (most recent call last):
        ...
        mus.errors.IllegalActionError: action 17 (pass) is not legal now; legal: 0 (mus), 1 (no-mus)
        """
        index = self._index(action_id)
        mask = self.legal_action_mask(state)
        if not mask[index]:
            legal = ", ".join(f"{i} ({self.action_name(i)})" for i in mask.nonzero()[0][:8])
            raise IllegalActionError(
                f"action {index} ({self.action_name(index)}) is not legal now; legal: {legal or 'none'}"
            )
        return self._action(index, state)

    def apply(self, state: HandState, action_id: object) -> HandState:
        """The state after the seat to act plays ``action_id``: :func:`~mus.apply` of
        :meth:`decode`, validated once (by the engine) instead of twice.

        >>> import mus
        >>> encoding_for().apply(mus.new_hand(seed=1), 0).history
        ((0, Mus()),)
        """
        if type(state) is not HandState:
            _hand_state(state)
        index = action_id if type(action_id) is int and 0 <= action_id < self.num_actions else self._index(action_id)
        # The engine's own check is enough when the id names an action at all here;
        # only a refusal pays for the mask, to name the legal ids in the error.
        if state.queue:
            action: Action | None
            if index >= BET_2:
                action = self._bets[index - BET_2]
            else:
                action = _FIXED.get(index)
                if action is None and (index < DECLARE_NO or state.lance is not None):
                    action = self._action(index, state)
            if action is not None:
                try:
                    return apply(state, action)
                except IllegalActionError:
                    pass
        self.decode(index, state)
        raise IllegalActionError(f"action {index} ({self.action_name(index)}) is not legal now")  # pragma: no cover

    def _action(self, index: int, state: HandState) -> Action:
        if index >= BET_2:
            return self._bets[index - BET_2]
        fixed = _FIXED.get(index)
        if fixed is not None:
            return fixed
        if index >= DECLARE_NO:
            assert state.lance is not None
            return Declare(state.lance, index == DECLARE_YES)
        assert state.to_act is not None
        bits = index - DISCARD_FIRST + 1
        cards = state.hands[state.to_act].cards
        return Discard(tuple(card for i, card in enumerate(cards) if bits >> i & 1))

    def legal_action_mask(self, state: HandState) -> Mask:
        """1 for each legal id of the seat to act, else 0 (read-only int8; all zeros once
        the hand is over). Exactly the engine's legal actions that have an id.

        >>> import mus
        >>> encoding_for().legal_action_mask(mus.new_hand(seed=1))[:4]
        array([1, 1, 0, 0], dtype=int8)
        """
        if type(state) is not HandState or state.deal.rules is not self._known:
            self._checked(state)
        gated = bool(state.deal.rules.gates)
        if state.phase is Phase.DISCARD and not gated:
            return self._discard_mask
        legal = state.legal_actions()
        hit = self._masks.get(id(legal))
        if hit is not None and hit[0] is legal:
            return hit[1]
        ids: list[int] = []
        for action in legal:
            kind = type(action)
            if kind is Bet:
                cap = self.max_bet if legal.max_bet is None else min(self.max_bet, legal.max_bet)
                if gated:  # a house rule's legality hook may refuse some sizes: ask it
                    ids.extend(BET_2 + stones - 2 for stones in range(2, cap + 1) if Bet(stones) in legal)
                else:
                    ids.extend(range(BET_2, BET_2 + cap - 1))
            elif kind is Discard:
                ids.append(self.encode(action, state))
            elif kind is Declare:
                ids.append(DECLARE_YES if action.has else DECLARE_NO)
            else:
                ids.append(_KIND_IDS[kind])
        mask = self._mask_of(sorted(ids)) if ids else self._no_mask
        if gated:
            return mask
        if len(self._masks) > 4096:  # the engine's shared lists are few: never reached in play
            self._masks.clear()
        self._masks[id(legal)] = (legal, mask)
        return mask

    def legal_actions(self, state: HandState) -> list[int]:
        """The legal ids of the seat to act, ascending.

        >>> import mus
        >>> encoding_for().legal_actions(mus.new_hand(seed=1))
        [0, 1]
        """
        ids: list[int] = self.legal_action_mask(state).nonzero()[0].tolist()
        return ids

    def no_actions(self) -> Mask:
        """The all-zeros mask (read-only): what a seat not to act may do."""
        return self._no_mask

    # --- observations -----------------------------------------------------------------

    def _prepare(self) -> None:
        """Tables that make :meth:`observation` a handful of lookups per part."""
        rules = self.rules
        n, k = rules.seats, rules.teams
        lay = self.layout
        team_of = rules.team_of
        # relative[seat][other]: where ``other`` sits as ``seat`` sees the table.
        self._relative = tuple(tuple((other - seat) % n for other in range(n)) for seat in range(n))
        # The sides as a seat of each side sees them (the results are the same for all),
        # and as each seat sees them.
        self._team_sides = tuple(tuple((side - team) % k for side in range(k)) for team in range(k))
        self._sides = tuple(self._team_sides[team_of[seat]] for seat in range(n))
        # Keyed by identity: hashing a plain Enum member runs Python code.
        self._phase_at = {id(phase): lay["phase"][0] + index for index, phase in enumerate(_PHASES)}
        self._outcome_at = {id(outcome): index for index, outcome in enumerate(_OUTCOMES)}
        self._declared_at = {
            (Lance.PARES, True): lay["pares_yes"][0], (Lance.PARES, False): lay["pares_no"][0],
            (Lance.JUEGO, True): lay["juego_yes"][0], (Lance.JUEGO, False): lay["juego_no"][0],
        }  # fmt: skip
        self._sena_at = {sena: index for index, sena in enumerate(_SENAS)}
        self._at = {name: start for name, (start, _) in lay.items()}
        self._offsets = (*(self._at[name] for name in _OFFSETS), self.observation_size, rules.target)
        # Per seat and mano: its side's seats and the mano, as the seat sees them.
        at_own, at_mano = self._at["own_side"], self._at["mano"]
        own_side = [
            [at_own + self._relative[seat][other] for other in range(n) if team_of[other] == team_of[seat]]
            for seat in range(n)
        ]
        self._seated = tuple(
            tuple((*own_side[seat], at_mano + self._relative[seat][mano]) for mano in range(n)) for seat in range(n)
        )
        self._zeros = (0,) * k
        self._seats = n
        self._known = rules  # the last rules object seen equal to the encoding's
        self._team_of = rules.team_of
        self._at_winner = self._at["winner"]
        # Caches keyed by identity, whose entries keep their key alive.
        self._cards: dict[int, tuple[object, tuple[int, ...]]] = {}
        self._results: dict[int, _Results] = {}
        # The history's summary is shared by many states: cached by the identity of the
        # link it was built for, which the cache keeps alive.
        self._result_width = len(_OUTCOMES) + 1 + k
        self._summaries: dict[int, tuple[object, _Summary]] = {}
        self._last: tuple[object, _Summary] = (None, _EMPTY)

    def observation(self, state: HandState, seat: int) -> Vector:
        """What ``seat`` sees of ``state``, as the vector the module describes.

        It never shows another seat's cards: only the seat's own hand and discards, and
        the public course of the hand.

        >>> import mus
        >>> enc = encoding_for()
        >>> state = mus.new_hand(hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"])
        >>> vector = enc.observation(state, 1)
        >>> start, size = enc.layout["hand"]
        >>> sorted(str(mus.ALL_CARDS[i]) for i in vector[start : start + size].nonzero()[0])
        ['4e', '5b', 'Cc', 'Co']
        >>> start, size = enc.layout["to_act"]
        >>> vector[start : start + size].tolist()  # seat 0 is the one before seat 1
        [0.0, 0.0, 0.0, 1.0]
        """
        # One cheap test for the usual call, the full check and its error otherwise.
        if (
            type(seat) is not int
            or not 0 <= seat < self._seats
            or type(state) is not HandState
            or state.deal.rules is not self._known
        ):
            seat = self._arguments(state, seat)
        (at_to_act, at_lance, at_stake, at_bettor, at_in_lance, at_folded, at_accepted, at_scores,
         at_discarded, size, target) = self._offsets  # fmt: skip
        vector = np.zeros(size, np.float32)
        relative = self._relative[seat]
        table = state._table  # hands and pending discards, without the properties' calls
        hand = table[0][seat]
        cards = self._cards.get(id(hand))
        if cards is None or cards[0] is not hand:
            cards = self._card_ones(hand)
        ones = [*cards[1], *self._seated[seat][state.mano], self._phase_at[id(state.phase)]]
        pending = table[3][seat]
        if pending:
            ones += [_PENDING + _CARD_INDEX[card.order] for card in pending]
        queue = state.queue
        if queue:
            ones.append(at_to_act + relative[queue[0]])
        betting = state.betting
        if betting is not None:
            lance, seats, stake, previous, bets, bettor, ordago, folded, accepted = betting
            ones.append(at_lance + lance)
            if bets:
                # stake, previous, bets and ordago are consecutive in the layout
                vector[at_stake] = (stake if stake < target else target) / target
                vector[at_stake + 1] = (previous if previous < target else target) / target
                vector[at_stake + 2] = (bets if bets < _MAX_STEPS else _MAX_STEPS) / _MAX_STEPS
                vector[at_stake + 3] = ordago
                if bettor is not None:
                    ones.append(at_bettor + relative[bettor])
            if state.phase is _BETTING:
                ones += [at_in_lance + relative[other] for other in seats]
            if folded:
                ones += [at_folded + relative[other] for other in folded]
            if accepted:
                ones += [at_accepted + relative[other] for other in accepted]
        scores = state.scores
        if scores != self._zeros:
            sides = self._sides[seat]
            for side, score in enumerate(scores):
                if score:
                    vector[at_scores + sides[side]] = (score if score < target else target) / target
        results = state.results
        if results:
            known = self._results.get(id(results))
            if known is None or known[0] is not results:
                known = self._results_of(results)
            result_ones, values = known[1][self._team_of[seat]]
            ones += result_ones
            for index, value in values:
                vector[index] = value
        if state.winner is not None:
            ones.append(self._at_winner + self._sides[seat][state.winner])
        link = state._log  # the history's chain: read here without building the tuple
        if link is not None:
            # Play goes forward: most calls ask for the last link seen or the one after
            # it (an action that changes nothing the summary holds).
            last_link, summary = self._last
            if link is not last_link:
                if link[0] is last_link and type(link[2]) not in _NOTED:
                    self._last = (link, summary)
                else:
                    summary = self._summary(link)
            marks, discarded, discards, signals = summary
            if marks:
                ones += [offset + relative[who] for offset, who in marks]
            if discarded:
                for who, count in discarded:
                    vector[at_discarded + relative[who]] = count / 4
                # "exchanges" follows "discarded"
                vector[at_discarded + len(relative)] = min(discards // len(relative), 5) / 5
            if signals:
                team_of = self.rules.team_of
                ones += [self._at["signals"] + relative[who] * len(_SENAS) + sena for who, sena in signals
                         if who != seat and team_of[who] == team_of[seat]]  # fmt: skip
        vector.put(ones, 1.0)
        return vector

    def _checked(self, state: object) -> HandState:
        """``state``, once it is a hand of this encoding's rules; else a
        :class:`~mus.MusError`."""
        hand = _hand_state(state)
        rules = hand.deal.rules
        if rules is not self._known:
            if rules != self.rules:
                raise RulesError(
                    "the state is played under other rules than the encoding's: use encoding_for(state.rules)"
                )
            self._known = rules  # equal rules built apart: compared once, not at every call
        return hand

    def _arguments(self, state: object, seat: object) -> int:
        """``seat``, once ``state`` is a hand of this encoding's rules (:meth:`_checked`)
        and ``seat`` one of its seats."""
        return seat_arg(seat, self._checked(state).rules)

    def _card_ones(self, hand: Any) -> tuple[object, tuple[int, ...]]:
        """The "hand" entries of ``hand``, cached by its identity (a hand is kept by many
        states)."""
        entry = (hand, tuple(_CARD_INDEX[card.order] for card in hand.cards))
        if len(self._cards) > _CACHE_SIZE:
            self._cards.clear()
        self._cards[id(hand)] = entry
        return entry

    def _results_of(self, results: tuple[Any, ...]) -> _Results:
        """The "results" entries for a seat of each side (ones, then ``(offset, value)``
        pairs), cached by the identity of ``results``: a hand's states share each of its
        few results tuples."""
        width, target, at_results = self._result_width, self.rules.target, self._at["results"]
        by_team = []
        for sides in self._team_sides:
            ones: list[int] = []
            values: list[tuple[int, float]] = []
            for result in results:
                base = at_results + result.lance * width
                ones.append(base + self._outcome_at[id(result.outcome)])
                if result.stake:
                    values.append((base + len(_OUTCOMES), min(result.stake, target) / target))
                if result.team is not None:
                    ones.append(base + len(_OUTCOMES) + 1 + sides[result.team])
            by_team.append((tuple(ones), tuple(values)))
        entry = (results, tuple(by_team))
        if len(self._results) > _CACHE_SIZE:
            self._results.clear()
        self._results[id(results)] = entry
        return entry

    def _summary(self, link: Any) -> _Summary:
        """What the history says that the state's other fields do not (declarations,
        discards, señas), built on the summary of the newest link already seen; kept as
        the last summary seen."""
        summary = self._summary_of(link)
        self._last = (link, summary)
        return summary

    def _summary_of(self, link: Any) -> _Summary:
        summaries = self._summaries
        hit = summaries.get(id(link))
        if hit is not None and hit[0] is link:
            return hit[1]
        # The usual step: one new action that changes nothing here, after a known link.
        previous = link[0]
        if previous is not None and type(link[2]) not in _NOTED:
            hit = summaries.get(id(previous))
            if hit is not None and hit[0] is previous:
                if len(summaries) > _CACHE_SIZE:
                    summaries.clear()
                summaries[id(link)] = (link, hit[1])
                return hit[1]
        walked = []
        found = _EMPTY
        while link is not None:
            hit = summaries.get(id(link))
            if hit is not None and hit[0] is link:
                found = hit[1]
                break
            walked.append(link)
            link = link[0]
        if not walked:
            return found
        marks, discarded, discards, signals = summary = found
        for _, who, action in reversed(walked):
            kind = type(action)
            if kind not in _NOTED:
                continue
            if kind is Declare:
                marks += ((self._declared_at[action.lance, action.has], who),)
            elif kind is Discard:
                discarded = (*(entry for entry in discarded if entry[0] != who), (who, len(action.cards)))
                discards += 1
            else:
                signals += ((who, self._sena_at[action.sena]),)
            summary = (marks, discarded, discards, signals)
        if len(summaries) > _CACHE_SIZE:
            summaries.clear()
        summaries[id(walked[0])] = (walked[0], summary)
        return summary

    def information_state_string(self, state: HandState, seat: int) -> str:
        """Everything ``seat`` knows, as text: its cards as dealt, the public history,
        its own discards and the cards it drew; two states give the same string when
        the seat cannot tell them apart (OpenSpiel's perfect-recall information state).

        >>> import mus
        >>> state = mus.new_hand(hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"], seed=1)
        >>> for action in ["mus"] * 4 + ["discard 7e 1b", "discard Co", "discard 1c", "discard 1o"]:
        ...     state = mus.apply(state, action)
        >>> print(encoding_for().information_state_string(state, 0))
        seat 0 of 4, mano 0, scores 0-0, dealt Ro Rc 7e 1b
        0 mus; 1 mus; 2 mus; 3 mus; 0 discard 7e 1b; 1 discard 1 card; 2 discard 1 card; 3 discard 1 card
        0 draws 7c 5c
        """
        seat = self._arguments(state, seat)
        rules = self.rules
        team_of = rules.team_of
        start = state.initial()
        lines = [
            f"seat {seat} of {rules.seats}, mano {start.mano}, scores {'-'.join(map(str, start.scores))},"
            f" dealt {start.hands[seat]}"
        ]
        words: list[str] = []
        current = start
        for who, action in state.history:
            kind = type(action)
            if kind is Discard and who != seat:
                count = len(action.cards)  # type: ignore[union-attr]
                words.append(f"{who} discard {count} card{'' if count == 1 else 's'}")
            elif kind is not Signal or team_of[who] == team_of[seat]:
                words.append(f"{who} {action}")
            if type(action) is Declare and rules.declarations == "derived":
                continue  # the engine adds these itself
            before = current.hands[seat]
            current = apply(current, action, who)
            if current.hands[seat] is not before and current.hands[seat] != before:
                lines.append("; ".join(words))
                drawn = [card for card in current.hands[seat].cards if card not in before.cards]
                words = [f"{seat} draws {' '.join(map(str, drawn))}"]
        if words:
            lines.append("; ".join(words))
        return "\n".join(lines)


def encoding_for(rules: Rules | None = None, max_bet: int = DEFAULT_MAX_BET) -> Encoding:
    """The shared :class:`Encoding` of ``rules`` (default ``Rules()``) and ``max_bet``.

    >>> encoding_for() is encoding_for(), encoding_for().num_actions
    (True, 33)
    >>> encoding_for(["standard"])
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: rules must be a Rules, got list
    """
    try:
        return _shared(rules, max_bet)
    except TypeError:  # unhashable: neither rules nor a bet size, as Encoding says
        return Encoding(rules, max_bet=max_bet)


@functools.lru_cache(maxsize=64)
def _shared(rules: Rules | None, max_bet: int) -> Encoding:
    return Encoding(rules, max_bet=max_bet)


def generator(seed: object, *, gymnasium: bool = False) -> random.Random:
    """The generator of an environment's deals, seeded with ``seed``: ``None``, an int
    (numpy's too) or a str; under ``gymnasium``, whose own generator takes them, ``None``
    or an int from 0 up only.

    >>> import numpy as np
    >>> generator(np.int64(7)).random() == generator(7).random()
    True
    >>> generator(1.5)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a seed is None, an int or a str, got 1.5
    >>> generator(-1, gymnasium=True)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a Gymnasium seed is None or an int from 0 up, got -1
    """
    if seed is None:
        return random.Random()
    if isinstance(seed, str) and not gymnasium:
        # The bytes random.Random hashes for a str, lone surrogates taken as they are.
        return random.Random(str.__str__(seed).encode("utf-8", "surrogatepass"))
    number: int | None = None
    if not isinstance(seed, bool):
        with contextlib.suppress(TypeError):
            number = operator.index(seed)  # type: ignore[arg-type]
    if gymnasium and (number is None or number < 0):
        raise MusError(f"a Gymnasium seed is None or an int from 0 up, got {quoted(seed)}")
    if number is None:
        raise MusError(f"a seed is None, an int or a str, got {quoted(seed)}")
    return random.Random(number)


def _hand_state(value: object) -> HandState:
    """``value`` if it is a :class:`~mus.HandState`, else a :class:`~mus.MusError`."""
    if type(value) is not HandState:
        raise MusError(f"the encoding reads a HandState, got {quoted(value)}")
    return value


def encode(action: Action, state: HandState, *, max_bet: int = DEFAULT_MAX_BET) -> int:
    """The id of ``action`` in ``state`` (see :meth:`Encoding.encode`).

    >>> import mus
    >>> encode(mus.NoMus(), mus.new_hand(seed=1)), encode(mus.Bet(2), mus.new_hand(seed=1))
    (1, 23)
    """
    return encoding_for(_hand_state(state).rules, max_bet).encode(action, state)


def decode(action_id: int, state: HandState, *, max_bet: int = DEFAULT_MAX_BET) -> Action:
    """The action of a legal id in ``state`` (see :meth:`Encoding.decode`).

    >>> import mus
    >>> decode(0, mus.new_hand(seed=1))
    Mus()
    """
    return encoding_for(_hand_state(state).rules, max_bet).decode(action_id, state)


def legal_action_mask(state: HandState, *, max_bet: int = DEFAULT_MAX_BET) -> Mask:
    """The legal ids of the seat to act, as a 0/1 mask (see :meth:`Encoding.legal_action_mask`).

    >>> import mus
    >>> legal_action_mask(mus.new_hand(seed=1)).nonzero()[0].tolist()
    [0, 1]
    """
    return encoding_for(_hand_state(state).rules, max_bet).legal_action_mask(state)


def observation(state: HandState, seat: int) -> Vector:
    """What ``seat`` sees of ``state`` (see :meth:`Encoding.observation`).

    >>> import mus
    >>> observation(mus.new_hand(seed=1), 0).dtype
    dtype('float32')
    """
    return encoding_for(_hand_state(state).rules).observation(state, seat)


def information_state_string(state: HandState, seat: int) -> str:
    """Everything ``seat`` knows of ``state``, as text (see :meth:`Encoding.information_state_string`).

    >>> import mus
    >>> information_state_string(mus.new_hand(seed=1), 2).splitlines()[0]
    'seat 2 of 4, mano 0, scores 0-0, dealt Rb Sc 1c 1e'
    """
    return encoding_for(_hand_state(state).rules).information_state_string(state, seat)


def credited(state: HandState) -> tuple[int, ...]:
    """Each side's score as the rewards count it: capped at the target, and exactly the
    target for the side that won the game in this hand.

    >>> import mus
    >>> state = mus.new_hand(seed=7, scores=(30, 12))
    >>> for action in ("no-mus", "ordago", "accept"):
    ...     state = mus.apply(state, action)
    >>> state.scores, state.winner, credited(state)
    ((30, 12), 1, (30, 40))
    """
    target = _hand_state(state).rules.target
    scores = [min(score, target) for score in state.scores]
    if state.winner is not None:
        scores[state.winner] = target
    return tuple(scores)


def zero_sum(gains: tuple[int, ...] | list[int], rules: Rules) -> list[float]:
    """Each seat's reward from each side's stones: its side's less the mean of the others'.

    >>> zero_sum((5, 2), Rules()), zero_sum((6, 0, 3), Rules.preset("individual-3"))
    ([3.0, -3.0, 3.0, -3.0], [4.5, -4.5, 0.0])
    """
    total, others = sum(gains), len(gains) - 1
    by_side = [gain - (total - gain) / others for gain in gains]
    return [float(by_side[side]) for side in rules.team_of]


def returns(state: HandState, since: HandState | None = None) -> list[float]:
    """Each seat's reward from ``since`` (default: the start of the hand) to ``state``:
    the stones its side won (see :func:`credited`) less the mean of the other sides'.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> for action in ("no-mus", "bet 2", "fold", "fold"):
    ...     state = mus.apply(state, action)
    >>> state.scores, returns(state)
    ((1, 0), [1.0, -1.0, 1.0, -1.0])
    """
    after = credited(state)
    if since is not None and _hand_state(since).rules != state.rules:
        raise RulesError("returns() compares two states of the same rules")
    before = credited(state.initial()) if since is None else credited(since)
    return zero_sum([a - b for a, b in zip(after, before, strict=True)], state.rules)
