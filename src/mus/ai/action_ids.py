"""The action ids of one rule set, and the masks of the legal ones.

A fixed space of ``22 + max_bet`` ids (33 with the default ``max_bet`` of 11 stones):
mus and no mus, the 15 discards by hand positions, pass, accept, fold, órdago, the two
explicit declarations, then the bets of 2 to ``max_bet`` stones. The table is the batch
engine's, :mod:`mus.batch.ids`, which documents it: one space for both.

Under ``Rules(senas=True)`` the señas follow, one id each in the order of
:class:`~mus.senas.Sena` (11 more ids, from ``21 + max_bet``): the seat to act may
signal to its partners before it acts (a seña takes no turn, so the same seat acts
next), each seña true of its hand once a hand (rules section 13). The batch engine
never offers them.

A bet or raise of more than ``max_bet`` stones has no id (the engine takes it, the
adapters do not offer it: raise again, or go órdago). Nor have the team fold and the
mus visto.

>>> import mus
>>> state = mus.apply(mus.new_hand(seed=1), "no-mus")
>>> ids = ActionIds(state.rules)
>>> [ids.action_name(i) for i in ids.legal_actions(state)][:4]
['pass', 'ordago', 'bet 2', 'bet 3']
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from mus.actions import Action, Bet, Declare, Discard, Signal
from mus.ai.checks import RulesBound, hand_state
from mus.batch import ids as space
from mus.checks import index_arg, quoted
from mus.errors import IllegalActionError, RulesError, moved
from mus.hand import Hand
from mus.lances import Lance
from mus.reducer import apply
from mus.rules import Rules
from mus.senas import Sena
from mus.state import HandState, Phase, event_problem
from mus.table import SeatView, signal_problem

__all__ = ["ActionIds"]

# The ids were offered here too until 0.2.0; mus.batch.ids defines them, and
# mus.ai and mus.batch offer them.
__getattr__: Callable[[str], Any] = moved("mus.ai.action_ids", dict.fromkeys(space.__all__, space), "1.0.0")

Mask = npt.NDArray[np.int8]

_KIND_IDS: dict[type, int] = {type(action): index for index, action in space.FIXED.items()}
# The ids a step reads, as globals of their own: a module's attribute costs a lookup more.
_BET_2, _DISCARD_FIRST, _DECLARE_NO, _DECLARE_YES = (
    space.BET_2,
    space.DISCARD_FIRST,
    space.DECLARE_NO,
    space.DECLARE_YES,
)
_FIXED = space.FIXED


class ActionIds(RulesBound):
    """The action ids of one rule set, bets and raises of 2 to ``max_bet`` stones
    included (``max_bet`` from 2 to 1000), and the masks of the legal ones: the action
    half of an :class:`~mus.ai.encoding.Encoding`, which is what the adapters build
    (:func:`~mus.ai.encoding.encoding_for` shares them).

    >>> import mus
    >>> ids = ActionIds(mus.Rules(), max_bet=5)
    >>> ids.num_actions, ids.action_name(ids.num_actions - 1)
    (27, 'bet 5')
    >>> ActionIds(mus.Rules(), max_bet=1)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: max_bet must be a whole number of stones from 2 to 1000, got 1
    """

    def __init__(self, rules: Rules | None = None, *, max_bet: int = space.DEFAULT_MAX_BET) -> None:
        # Cooperative: in an Encoding, the next class of the MRO is the observation half.
        super().__init__(rules)
        if isinstance(max_bet, bool) or not isinstance(max_bet, int) or not 2 <= max_bet <= space.MAX_BET_LIMIT:
            raise RulesError(
                f"max_bet must be a whole number of stones from 2 to {space.MAX_BET_LIMIT}, got {quoted(max_bet)}"
            )
        self.max_bet = max_bet
        """The largest bet or raise with an id."""
        self.signals: tuple[Signal, ...] = tuple(Signal(sena) for sena in Sena) if self.rules.senas else ()
        """The señas with an id, in id order (none unless ``Rules(senas=True)``)."""
        self.first_signal: int = space.BET_2 + max_bet - 1
        """The id of the first seña (of the first of :attr:`signals`)."""
        self.num_actions: int = self.first_signal + len(self.signals)
        """How many action ids there are: ``22 + max_bet``, and 11 more for the señas."""
        self._bets = tuple(Bet(stones) for stones in range(2, max_bet + 1))
        self._no_mask = self._frozen(np.zeros(self.num_actions, np.int8))
        self._discard_mask = self._mask_of(range(space.DISCARD_FIRST, space.DISCARD_FIRST + 15))
        # Legal lists other than discards are shared by the engine (one per kind of
        # turn and seat), so their masks are cached by identity, kept alive here so an
        # id is never reused.
        self._masks: dict[int, tuple[object, Mask]] = {}

    def _frozen(self, mask: Mask) -> Mask:
        mask.flags.writeable = False
        return mask

    def _mask_of(self, ids: Any) -> Mask:
        mask = np.zeros(self.num_actions, np.int8)
        mask[list(ids)] = 1
        return self._frozen(mask)

    def action_name(self, action_id: int) -> str:
        """The text of an action id (discards by hand positions).

        >>> ids = ActionIds()
        >>> ids.action_name(2), ids.action_name(16), ids.action_name(24)
        ('discard [0]', 'discard [0, 1, 2, 3]', 'bet 3')
        >>> import mus
        >>> ActionIds(mus.Rules(senas=True)).action_name(33)
        'signal dos reyes'
        """
        index = self._index(action_id)
        if index >= self.first_signal:
            return str(self.signals[index - self.first_signal])
        return space.action_name(index)

    def _index(self, action_id: object) -> int:
        if type(action_id) is int and 0 <= action_id < self.num_actions:
            return action_id
        try:
            if isinstance(action_id, bool):
                raise TypeError
            index = operator.index(action_id)  # type: ignore[arg-type]
        except Exception:  # no int, or a value whose __index__ fails
            raise IllegalActionError(f"an action id is an int, got {quoted(action_id)}") from None
        if not 0 <= index < self.num_actions:
            raise IllegalActionError(f"no action {quoted(index)}: ids are 0 to {self.num_actions - 1}")
        return index

    def encode(self, action: Action, state: HandState) -> int:
        """The id of ``action`` for the seat to act in ``state`` (``state`` places the
        cards of a discard); legality is not checked.

        >>> import mus
        >>> state = mus.new_hand(hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"])
        >>> enc = ActionIds()
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
            return _BET_2 + action.stones - 2
        if isinstance(action, Discard):
            if state.to_act is None:
                raise IllegalActionError("the hand is over: no discard")
            cards = state.hands[state.to_act].cards
            missing = [str(card) for card in action.cards if card not in cards]
            if missing:
                raise IllegalActionError(f"seat {state.to_act} cannot discard {' '.join(missing)}: not in its hand")
            bits = sum(1 << cards.index(card) for card in action.cards)
            return _DISCARD_FIRST + bits - 1
        if isinstance(action, Declare):
            return _DECLARE_YES if action.has else _DECLARE_NO
        if isinstance(action, Signal) and self.signals:
            return self.first_signal + self.signals.index(action)
        raise IllegalActionError(f"{action} has no action id (the adapters offer the seat actions only)")

    def decode(self, action_id: int, state: HandState) -> Action:
        """The action of id ``action_id`` for the seat to act; an id that is not legal
        now raises :class:`~mus.IllegalActionError`.

        >>> import mus
        >>> state = mus.new_hand(seed=1)
        >>> ActionIds().decode(1, state)
        NoMus()
        >>> ActionIds().decode(17, state)
        Traceback (most recent call last):
        ...
        mus.errors.IllegalActionError: action 17 (pass) is not legal now; legal: 0 (mus), 1 (no-mus)
        """
        index = self._index(action_id)
        self._refuse_unless_legal(index, self.legal_action_mask(state))
        return self._action(index, state)

    def apply(self, state: HandState, action_id: object) -> HandState:
        """The state after the seat to act plays ``action_id``: :func:`~mus.apply` of
        :meth:`decode`, validated once (by the engine) instead of twice.

        >>> import mus
        >>> ActionIds().apply(mus.new_hand(seed=1), 0).history
        ((0, Mus()),)
        """
        if type(state) is not HandState:
            hand_state(state)
        index = action_id if type(action_id) is int and 0 <= action_id < self.num_actions else self._index(action_id)
        # The engine's own check is enough when the id names an action at all here;
        # only a refusal pays for the mask, to name the legal ids in the error.
        if state.queue:
            action: Action | None
            if index >= self.first_signal:
                # A seña is an event, which the engine takes from any seat: the seat
                # to act is the one that makes it here.
                return apply(state, self.decode(index, state), state.queue[0])
            if index >= _BET_2:
                action = self._bets[index - _BET_2]
            else:
                action = _FIXED.get(index)
                if action is None and (index < _DECLARE_NO or state.lance is not None):
                    action = self._action(index, state)
            if action is not None:
                try:
                    return apply(state, action)
                except IllegalActionError:
                    pass
        self.decode(index, state)
        raise IllegalActionError(f"action {index} ({self.action_name(index)}) is not legal now")  # pragma: no cover

    @property
    def shared_masks(self) -> Mapping[int, tuple[object, Mask]]:
        """The masks of the engine's shared legal lists, by the list's ``id``: each entry
        is ``(list, mask)``, a hit only when the list is that same object (the discards'
        lists and those a house rule's hook trims are never kept). Filled by
        :meth:`legal_action_mask`; the environments read it to spare a call a step.

        >>> import mus
        >>> ids = ActionIds()
        >>> legal = mus.new_hand(seed=1).legal_actions()
        >>> mask = ids.legal_action_mask(mus.new_hand(seed=1))
        >>> ids.shared_masks[id(legal)] == (legal, mask)
        True
        """
        return self._masks

    def plain_action(self, index: int) -> Action | None:
        """The action of id ``index`` when that id names one whatever the state (mus,
        no-mus, pass, accept, fold, órdago, a bet), else ``None`` (a discard, a
        declaration, whose cards or lance the state says).

        >>> ids = ActionIds()
        >>> ids.plain_action(space.BET_2 + 3), ids.plain_action(space.DISCARD_FIRST)
        (Bet(5), None)
        """
        if type(index) is not int or not 0 <= index < self.num_actions:
            index = index_arg(index, "an action id", 0, self.num_actions - 1)
        if index >= _BET_2 or index in _FIXED:
            return self._action(index, None)  # type: ignore[arg-type]  # these need no state
        return None

    def _action(self, index: int, state: HandState) -> Action:
        if index >= _BET_2 or index in _FIXED:
            return self._action_of(index, None, None)
        assert state.to_act is not None
        return self._action_of(index, state.lance, state.hands[state.to_act])

    def _action_of(self, index: int, lance: Lance | None, hand: Hand | None) -> Action:
        """The action of id ``index``, a declaration of ``lance``, a discard from ``hand``."""
        if index >= self.first_signal:
            return self.signals[index - self.first_signal]
        if index >= _BET_2:
            return self._bets[index - _BET_2]
        fixed = _FIXED.get(index)
        if fixed is not None:
            return fixed
        if index >= _DECLARE_NO:
            assert lance is not None
            return Declare(lance, index == _DECLARE_YES)
        assert hand is not None
        return space.discard_of(index, hand.cards)

    def view_mask(self, view: SeatView) -> Mask:
        """1 for each legal id of the seat of ``view`` (:meth:`HandState.view
        <mus.HandState.view>`), else 0: :meth:`legal_action_mask` of the state when it is
        the seat's turn, from the view alone (all zeros when it is not).

        >>> import mus
        >>> state = mus.apply(mus.new_hand(seed=1), "no-mus")
        >>> ids = ActionIds()
        >>> ids.view_mask(state.view(0)).tolist() == ids.legal_action_mask(state).tolist()
        True
        >>> int(ids.view_mask(state.view(1)).sum())
        0
        """
        view = self.check_view(view)
        legal = view.legal
        if not legal:
            return self._no_mask
        gated = bool(view.rules.gates)
        if view.phase is Phase.DISCARD and not gated and not self.signals:
            return self._discard_mask
        cap = self.max_bet if view.rules.max_bet is None else min(self.max_bet, view.rules.max_bet)
        ids: list[int] = []
        for action in legal:
            if isinstance(action, Bet):
                # Listed at its least, a bet of any size up to the cap is legal (a house
                # rule's hook may refuse sizes it does not list: only those listed, then).
                low = _BET_2 + action.stones - 2
                ids.extend(range(low, low + 1) if gated else range(low, _BET_2 + cap - 1))
            elif isinstance(action, Discard):
                cards = view.hand.cards
                ids.append(_DISCARD_FIRST + sum(1 << cards.index(card) for card in action.cards) - 1)
            elif isinstance(action, Declare):
                ids.append(_DECLARE_YES if action.has else _DECLARE_NO)
            elif type(action) in _KIND_IDS:
                ids.append(_KIND_IDS[type(action)])
        if self.signals:
            # The view knows what a seña asks: the seat's hand, and the señas it made
            # (its own history shows them).
            made = {action for seat, action in view.history if seat == view.seat}
            ids.extend(
                self.first_signal + i
                for i, signal in enumerate(self.signals)
                if signal_problem(view.rules, view.seat, view.hand, signal, signal in made) is None
            )
        return self._mask_of(sorted(ids)) if ids else self._no_mask

    def view_action(self, action_id: int, view: SeatView) -> Action:
        """The action of id ``action_id`` for the seat of ``view``, when it is legal
        there (:meth:`view_mask`); else :class:`~mus.IllegalActionError`.

        >>> import mus
        >>> view = mus.new_hand(hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"]).view(0)
        >>> ActionIds().view_action(1, view)
        NoMus()
        >>> ActionIds().view_action(13, view)
        Traceback (most recent call last):
        ...
        mus.errors.IllegalActionError: action 13 (discard [2, 3]) is not legal now; legal: 0 (mus), 1 (no-mus)
        """
        index = self._index(action_id)
        self._refuse_unless_legal(index, self.view_mask(view))
        return self._action_of(index, view.lance, view.hand)

    def _refuse_unless_legal(self, index: int, mask: Mask) -> None:
        """An :class:`~mus.IllegalActionError` that names the legal ids, unless ``mask``
        allows ``index``."""
        if not mask[index]:
            legal = ", ".join(f"{i} ({self.action_name(i)})" for i in mask.nonzero()[0][:8])
            raise IllegalActionError(
                f"action {index} ({self.action_name(index)}) is not legal now; legal: {legal or 'none'}"
            )

    def legal_action_mask(self, state: HandState) -> Mask:
        """1 for each legal id of the seat to act, else 0 (read-only int8; all zeros once
        the hand is over). Exactly the engine's legal actions that have an id.

        >>> import mus
        >>> ActionIds().legal_action_mask(mus.new_hand(seed=1))[:4]
        array([1, 1, 0, 0], dtype=int8)
        """
        if type(state) is not HandState or state.deal.rules is not self._known:
            self.check(state)
        if self.signals:
            return self._with_signals(state)
        return self._turn_mask(state)

    def _with_signals(self, state: HandState) -> Mask:
        """The mask with the señas the seat to act may make now (a fresh array)."""
        mask = self._turn_mask(state)
        if not state.queue:
            return mask
        seat = state.queue[0]
        allowed = [i for i, signal in enumerate(self.signals) if event_problem(state, signal, seat) is None]
        if not allowed:
            return mask
        mask = mask.copy()
        mask[[self.first_signal + i for i in allowed]] = 1
        return self._frozen(mask)

    def _turn_mask(self, state: HandState) -> Mask:
        """The mask of the engine's legal actions (the turn's, señas aside)."""
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
                    ids.extend(space.BET_2 + stones - 2 for stones in range(2, cap + 1) if Bet(stones) in legal)
                else:
                    ids.extend(range(space.BET_2, space.BET_2 + cap - 1))
            elif kind is Discard:
                ids.append(self.encode(action, state))
            elif kind is Declare:
                ids.append(space.DECLARE_YES if action.has else space.DECLARE_NO)
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
        >>> ActionIds().legal_actions(mus.new_hand(seed=1))
        [0, 1]
        """
        ids: list[int] = self.legal_action_mask(state).nonzero()[0].tolist()
        return ids

    def no_actions(self) -> Mask:
        """The all-zeros mask (read-only): what a seat not to act may do.

        >>> mask = ActionIds().no_actions()
        >>> int(mask.sum()), len(mask), mask.flags.writeable
        (0, 33, False)
        """
        return self._no_mask
