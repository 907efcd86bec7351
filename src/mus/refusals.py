"""Why an action is refused, in words a player can read.

The engine's one validator (:func:`mus.state.allowed`) says yes or no; this module
says why not, naming the action in the player's own words: the message of every
:class:`~mus.IllegalActionError` that :func:`~mus.apply` raises, and the answer of
:func:`problem`.

>>> import mus
>>> state = mus.new_hand(seed=1)
>>> problem(state, mus.Pass()), problem(state, mus.Mus())
('during the mus, say mus or no-mus, not pass', None)
"""

from __future__ import annotations

from mus import actions
from mus.actions import ACTION_TYPES, Action, words_of
from mus.errors import MusError, quoted
from mus.state import HandState, Phase, allowed, event_problem, legal, refuser, served

__all__ = ["problem", "why"]


def problem(state: HandState, action: Action, seat: int | None = None) -> str | None:
    """Why ``action`` (by ``seat``, if given) is illegal in ``state``, or ``None`` if legal.

    It asks the engine's one validator (:func:`mus.state.allowed`), the same that
    :func:`apply`, :meth:`HandState.is_legal` and :class:`~mus.LegalActions` ask, and
    words its refusal.

    >>> import mus
    >>> state = mus.new_hand(mus.Rules(), seed=1)
    >>> problem(state, mus.Pass())
    'during the mus, say mus or no-mus, not pass'
    >>> problem(state, mus.Mus(), seat=2)
    "not seat 2's turn: seat 0 speaks"
    """
    if type(state) is not HandState:
        raise MusError(f"problem() needs a HandState, got {quoted(state)}")
    if seat is not None and type(seat) is not int:
        return f"no seat {quoted(seat)}"
    if legal(state, action, seat):
        return None
    return why(state, action, seat)


def why(state: HandState, action: Action, seat: int | None, said: str | None = None) -> str:
    """Why ``action`` (by ``seat``, if given) is refused in ``state``, naming it in the
    player's own words ``said`` (see :func:`~mus.actions.words_of`): the message of the
    :class:`~mus.IllegalActionError` that :func:`~mus.apply` raises. Unchecked: call it
    for an action the engine refused.

    >>> import mus
    >>> state = mus.apply(mus.new_hand(seed=1), "no-mus")
    >>> why(state, mus.Accept(), None, "quiero")
    'there is no bet to accept ("quiero") in grande'
    """
    to_act = state.queue[0] if state.queue else None
    if to_act is None:
        return "the hand is over"
    kind = type(action)
    if kind not in ACTION_TYPES:
        return f"not an action: {quoted(action)}"
    if kind is actions.Signal or kind is actions.MusVisto:
        return event_problem(state, action, seat) or f"{action} is not legal now"  # type: ignore[arg-type]
    words = words_of(said, action)
    betting = state.betting
    if (seat is None or seat == to_act) and allowed(state, action):
        gate = refuser(state, action)
        if gate is not None:
            return f"house rule {quoted(gate.name)} does not allow {words} now"
    if seat is not None and seat != to_act:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.rules.seats:
            return f"no seat {quoted(seat)}"
        if betting is not None and state.phase is Phase.BETTING and seat not in betting.seats:
            return f"seat {seat} cannot bet on {betting.lance}: it has no {betting.lance}"
        if betting is not None and seat in betting.folded:
            return f"seat {seat} folded and is out of {betting.lance}"
        return f"not seat {seat}'s turn: seat {to_act} speaks"
    phase = state.phase
    if phase is Phase.MUS:
        if kind is actions.Mus and state.mus_rounds >= state.rules.mus_limit:
            return f"the mus is cut after {state.rules.mus_limit:,} rounds: no-mus"
        if kind is actions.Mus and served(state, to_act):
            return f"seat {to_act} is servido after the mus visto: no mus, it plays the cards it has"
        if kind is actions.Servido:
            return "servido is said in the exchange a mus visto forces (rules section 13)"
        return f"during the mus, say mus or no-mus, not {words}"
    if phase is Phase.DISCARD:
        if state.forced_exchange and kind is not actions.Discard:
            return f"a card was seen: the exchange is forced, discard 1 to 4 cards or say servido, not {words}"
        if kind is not actions.Discard:
            return f"everyone said mus: discard 1 to 4 cards, not {words}"
        hand = state.hands[to_act]
        missing = [str(card) for card in action.cards if card not in hand]  # type: ignore[union-attr]
        if missing:
            return f"cannot discard {' '.join(missing)}: seat {to_act} holds {hand}"
    assert betting is not None
    lance = betting.lance
    if phase is Phase.DECLARE and (kind is not actions.Declare or action.lance is not lance):  # type: ignore[union-attr]
        return f"say whether you have {lance}: 'declare {lance} yes' or 'declare {lance} no', not {words}"
    if kind is actions.Declare:
        return f"declarations of {lance} are derived from the cards under these rules"
    if kind is actions.Mus or kind is actions.NoMus or kind is actions.Discard or kind is actions.Servido:
        return f"the mus is over: the betting on {lance} is under way"
    if betting.bets == 0 and (kind is actions.Accept or kind is actions.Fold or kind is actions.TeamFold):
        return f"there is no bet to {words} in {lance}"
    if betting.ordago:
        if kind is actions.Bet or kind is actions.Ordago:
            return "nothing can be raised over an órdago: accept or fold"
        if kind is actions.Pass:
            return f"an órdago stands in {lance}: accept or fold"
    elif kind is actions.Pass:
        return f"there is a bet of {betting.stake} in {lance}: accept, fold, raise or ordago"
    if kind is actions.TeamFold:
        if state.rules.teams != 2:
            return "each seat plays for itself here: fold alone"
        return f"no partner of seat {to_act} is still to answer: fold"
    cap = state.rules.max_bet
    if kind is actions.Bet and cap is not None and action.stones > cap:  # type: ignore[union-attr]
        return f"a bet or raise is at most {cap} stones under these rules, not {action.stones}"  # type: ignore[union-attr]
    if kind is actions.Bet and betting.bets >= state.rules.bet_limit:
        return f"{lance} has had {state.rules.bet_limit} bets and raises: accept, fold or ordago"
    return f"{words} is not legal now"
