"""The checks of what the AI adapters read: a hand state, played under one rule set.

An encoding's ids, masks and layout follow from the rules it was built for, so it
reads the hands of those rules only. :class:`RulesBound` holds the rules and checks
each state against them; :func:`hand_state` is the check of a state alone.
"""

from __future__ import annotations

from mus.actions import Signal
from mus.checks import quoted, seat_arg
from mus.errors import IllegalActionError, MusError, RulesError
from mus.reducer import apply, derived
from mus.rules import Rules
from mus.state import HandState
from mus.table import SeatView

__all__ = ["RulesBound", "hand_state", "signals_in_turn"]


def hand_state(value: object) -> HandState:
    """``value`` if it is a :class:`~mus.HandState`, else a :class:`~mus.MusError`.

    >>> import mus
    >>> hand_state(mus.new_hand(seed=1)).to_act
    0
    >>> hand_state("no-mus")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: the encoding reads a HandState, got 'no-mus'
    """
    if type(value) is not HandState:
        raise MusError(f"the encoding reads a HandState, got {quoted(value)}")
    return value


def signals_in_turn(hand: HandState) -> HandState:
    """``hand``, unless a seat made a seña in it while another seat was to act (an
    :class:`~mus.IllegalActionError`): the adapters' señas are the seat to act's, while
    the engine takes them from any seat.

    >>> import mus
    >>> rules = mus.Rules(senas=True)
    >>> hand = mus.new_hand(rules, seed=3)
    >>> signals_in_turn(mus.apply(hand, "signal ciego")) is not None
    True
    >>> signals_in_turn(mus.apply(hand, "signal dos ases", 2))
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: seat 2 made a seña (dos ases) while seat 0 was to act: in the adapters only the seat to act signals
    """
    state = hand_state(hand).initial()
    rules = state.rules
    for who, action in hand.history:
        if type(action) is Signal and who != state.to_act:
            raise IllegalActionError(
                f"seat {who} made a seña ({action.sena}) while seat {state.to_act} was to act: "
                "in the adapters only the seat to act signals"
            )
        if not derived(action, rules):
            state = apply(state, action, who)
    return hand


class RulesBound:
    """Built for ``rules`` (default ``Rules()``), it reads the hands of those rules only:
    the base of both halves of :class:`~mus.ai.encoding.Encoding`.

    >>> import mus
    >>> RulesBound(mus.Rules.preset("heads-up")).rules.seats
    2
    >>> RulesBound("standard")
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: rules must be a Rules, got str
    """

    def __init__(self, rules: Rules | None = None) -> None:
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise RulesError(f"rules must be a Rules, got {type(rules).__name__}")
        self.rules = rules
        """The rules whose hands this reads."""
        # The last rules object seen equal to these: the hot paths test it by identity
        # and fall back on check(), so equal rules built apart are compared only once.
        self._known = rules

    def check(self, state: object) -> HandState:
        """``state``, once it is a hand of these rules; else a :class:`~mus.MusError`.

        >>> import mus
        >>> bound = RulesBound(mus.Rules.preset("heads-up"))
        >>> bound.check(mus.new_hand(mus.Rules.preset("heads-up"), seed=1)).to_act
        0
        >>> bound.check(mus.new_hand(seed=1))
        Traceback (most recent call last):
        ...
        mus.errors.RulesError: the state is played under other rules than the encoding's: use encoding_for(state.rules)
        """
        hand = hand_state(state)
        rules = hand.deal.rules
        if rules is not self._known:
            if rules != self.rules:
                raise RulesError(
                    "the state is played under other rules than the encoding's: use encoding_for(state.rules)"
                )
            self._known = rules
        return hand

    def check_view(self, view: object) -> SeatView:
        """``view``, once it is a seat's view of a hand of these rules; else a
        :class:`~mus.MusError`.

        >>> import mus
        >>> RulesBound().check_view(mus.new_hand(seed=1).view(2)).seat
        2
        >>> RulesBound().check_view(mus.new_hand(seed=1))
        Traceback (most recent call last):
        ...
        mus.errors.MusError: a seat's view (state.view(seat)) is wanted, got a HandState
        """
        if type(view) is not SeatView:
            raise MusError(f"a seat's view (state.view(seat)) is wanted, got a {type(view).__name__}")
        if view.rules is not self._known:
            if view.rules != self.rules:
                raise RulesError("the view is of a hand under other rules than the encoding's: use encoding_for(rules)")
            self._known = view.rules
        return view

    def check_seat(self, state: object, seat: object) -> int:
        """``seat``, once ``state`` is a hand of these rules (:meth:`check`) and ``seat``
        one of its seats; else a :class:`~mus.MusError`.

        >>> import mus
        >>> RulesBound().check_seat(mus.new_hand(seed=1), 3)
        3
        >>> RulesBound().check_seat(mus.new_hand(seed=1), 4)
        Traceback (most recent call last):
        ...
        mus.errors.MusError: a seat is a whole number from 0 to 3, got 4
        """
        return seat_arg(seat, self.check(state).rules)
