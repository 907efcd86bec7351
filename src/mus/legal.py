"""The legal actions of the seat to act: a tuple that knows which bets it allows.

Every state of one kind offers the same actions (any seat's opening of a lance offers
pass, a bet of two stones or more, and órdago), so the engine keeps one shared
:class:`LegalActions` per seat and kind, built here once, and lists only the discards
and the lists a house rule's legality hook trims afresh. :meth:`HandState.legal_actions
<mus.HandState.legal_actions>` hands them out; this module knows the actions, not the
states.

>>> from mus.actions import Bet, Fold
>>> legal = OPENING[0]
>>> list(legal), legal.seat, Bet(9) in legal, Fold() in legal, str(legal)
([Pass(), Bet(2), Ordago()], 0, True, False, 'pass, bet 2+, ordago')
"""

from __future__ import annotations

from itertools import combinations
from typing import Any, Protocol

from mus.actions import (
    MIN_BET,
    Accept,
    Action,
    Bet,
    Declare,
    Discard,
    Fold,
    Mus,
    NoMus,
    Ordago,
    Pass,
    Servido,
    TeamFold,
    parse_action,
)
from mus.errors import MusError, quoted
from mus.hand import HAND_SIZE, Hand
from mus.ranking import Lance
from mus.rules import MAX_BETS, MAX_SEATS

__all__ = [
    "ANSWER",
    "ANSWER_TEAM",
    "DECLARE",
    "MAX_BETS",
    "MUS",
    "NO_ACTIONS",
    "OPENING",
    "ORDAGO_ANSWER",
    "ORDAGO_ANSWER_TEAM",
    "SERVIDO",
    "Judge",
    "LegalActions",
    "betting",
    "capped",
    "discards",
]


class Judge(Protocol):
    """What a list trimmed by a house rule's legality hook asks about any action: the
    state it came from (a :class:`~mus.HandState`, which is one).

    >>> import mus
    >>> judge: Judge = mus.new_hand(seed=1)
    >>> judge.is_legal("mus"), list(judge.legal_actions())
    (True, [Mus(), NoMus()])
    """

    def is_legal(self, action: Any, seat: int | None = None) -> bool:
        """Whether ``action`` (by ``seat``, if given) is legal in the state.

        >>> import mus
        >>> mus.new_hand(seed=1).is_legal("no mus", seat=0)
        True
        """
        ...

    def legal_actions(self) -> LegalActions:
        """The state's legal actions.

        >>> import mus
        >>> len(mus.new_hand(seed=1).legal_actions())
        2
        """
        ...


class LegalActions(tuple):  # type: ignore[type-arg]
    """The legal actions of the seat to act: a tuple that knows more. Supports ``in``
    for any action, ``len``, indexing and iteration. Immutable.

    Iteration lists each kind once, bets as ``Bet(min_bet)``; any larger bet is legal
    too, and ``in`` says so (``Bet(9) in legal``), as is a :class:`~mus.TeamFold` while
    two or more partners are still to answer (it ends the lance as their folds one
    after another would, so it is not listed). ``in`` agrees with
    :meth:`HandState.is_legal <mus.HandState.is_legal>` and :func:`~mus.apply` for
    every action, and reads an action's text as :func:`~mus.apply` does. ``str``
    shows it as ``bet 2+`` (``bet 2-8`` when bets are capped).

    >>> import mus
    >>> legal = mus.new_hand(mus.Rules(), seed=1).legal_actions()
    >>> legal
    LegalActions([Mus(), NoMus()])
    >>> mus.Mus() in legal, mus.Pass() in legal, "no hay mus" in legal, legal[0], len(legal), legal.seat
    (True, False, True, Mus(), 2, 0)
    >>> str(mus.apply(mus.new_hand(mus.Rules(), seed=1), "no-mus").legal_actions())
    'pass, bet 2+, ordago'
    """

    seat: int | None
    """The seat these actions are for (``None`` once the hand is over)."""
    min_bet: int | None
    """The smallest legal bet or raise, or ``None`` when no bet can be made."""
    max_bet: int | None
    """The largest legal bet or raise (``Rules.max_bet``, or what a seat holds in the
    Mus individuel), or ``None`` without a cap."""
    kinds: frozenset[type] | None
    """The kinds of action of which any is legal (a bet of any size up to ``max_bet``,
    a team fold though unlisted), or ``None`` when exactly the listed actions are."""
    hand: Hand | None
    """The hand whose discards are listed, in the mus exchange; else ``None``."""
    _judge: Judge | None

    def __new__(cls, state: Judge) -> LegalActions:
        # Looked up on the type: a value's own __getattr__ is not asked.
        if not callable(getattr(type(state), "legal_actions", None)):
            raise MusError(f"LegalActions() takes a game state (state.legal_actions()), got {quoted(state)}")
        return state.legal_actions()

    @classmethod
    def make(
        cls,
        actions: tuple[Action, ...],
        seat: int | None,
        kinds: frozenset[type] | None,
        hand: Hand | None = None,
        max_bet: int | None = None,
        judge: Judge | None = None,
    ) -> LegalActions:
        """The list of ``actions`` for ``seat``: the engine's constructor.

        ``kinds``: any action of these types is legal (bets of any size up to
        ``max_bet``), ``None``: exactly the listed actions are (every discard of the
        ``hand``, or a declaration); ``judge``: the state whose ``is_legal`` answers
        ``in`` (a list a house rule's hook trimmed).

        >>> legal = LegalActions.make((Pass(), Bet(2)), 1, frozenset({Pass, Bet}), max_bet=8)
        >>> Bet(8) in legal, Bet(9) in legal, str(legal)
        (True, False, 'pass, bet 2-8')
        """
        legal = tuple.__new__(cls, actions)
        # One store of the whole instance dict: each attribute set apart costs a call.
        _set(
            legal,
            "__dict__",
            {
                "seat": seat,
                "min_bet": MIN_BET if kinds is not None and Bet in kinds else None,
                "max_bet": max_bet,
                "kinds": kinds,
                "hand": hand,
                "_judge": judge,
            },
        )
        return legal

    @property
    def exact(self) -> bool:
        """Whether exactly the listed actions are legal (discards, declarations), rather
        than any action of the listed kinds (bets of any size).

        >>> OPENING[0].exact, DECLARE[Lance.PARES][0].exact
        (False, True)
        """
        return self.kinds is None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("LegalActions is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        if self._judge is not None:
            return (LegalActions, (self._judge,))
        return (LegalActions.make, (tuple(self), self.seat, self.kinds, self.hand, self.max_bet))

    def __contains__(self, action: object) -> bool:
        if type(action) is str:
            # Text as apply() reads it: in the answer to a bet, "paso" folds.
            try:
                action = parse_action(action, answering=self.kinds is not None and Accept in self.kinds)
            except MusError:
                return False
        if self._judge is not None:
            return self._judge.is_legal(action)
        kinds = self.kinds
        if kinds is None:
            return tuple.__contains__(self, action)
        kind = type(action)
        if kind is Bet and self.max_bet is not None:
            return action.stones <= self.max_bet and kind in kinds  # type: ignore[attr-defined]
        return kind in kinds

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"

    def __str__(self) -> str:
        if self.hand is not None:
            return f"discard 1 to 4 of {self.hand}" + (", or servido" if self and type(self[-1]) is Servido else "")
        bets = "+" if self.max_bet is None else f"-{self.max_bet}"
        return ", ".join(str(action) + (bets if isinstance(action, Bet) else "") for action in self)


_set = object.__setattr__


def discards(hand: Hand, seat: int, servido: bool = False) -> LegalActions:
    """Every discard of ``hand``'s cards (the 15 non-empty subsets), for ``seat``'s
    turn in the mus exchange; built without the actions' checks, from cards known.
    With ``servido`` (an exchange a mus visto forced), keeping the cards too.

    >>> legal = discards(Hand.parse("Ro Rc 7e 1b"), 2)
    >>> len(legal), legal[0], legal[-1], str(legal)
    (15, Discard.parse('Ro'), Discard.parse('Ro Rc 7e 1b'), 'discard 1 to 4 of Ro Rc 7e 1b')
    """
    listed: list[Action] = []
    cards = hand.cards
    for size in _DISCARD_SIZES:
        for subset in combinations(cards, size):
            discard = _new(Discard)
            _set_cards(discard, subset)  # the slot's own setter: the cheapest store
            listed.append(discard)
    if servido:
        listed.append(_SERVIDO)
    return LegalActions.make(tuple(listed), seat, None, hand)


_new = object.__new__
_SERVIDO = Servido()
_set_cards = Discard.__dict__["cards"].__set__
_DISCARD_SIZES = range(1, HAND_SIZE + 1)


def betting(
    seat: int, bets: int, ordago: bool, partners: bool, max_bet: int | None, limit: int = MAX_BETS
) -> LegalActions:
    """The shared list of ``seat``'s betting actions: the opening while no bet stands
    (``bets`` 0), else the answer to a bet or to an órdago (with a team fold while
    ``partners`` of the seat's side are still to answer); bets capped at ``max_bet``
    (``Rules.max_bet``), and none after ``limit`` of them (``Rules.bet_limit``:
    :data:`MAX_BETS` but for ``Rules.max_raises``). The engine's (and the view
    replay's) choice of list, unchecked.

    >>> betting(0, 0, False, False, None) is OPENING[0]
    True
    >>> str(betting(1, 1, False, True, 5)), str(betting(1, MAX_BETS, False, False, None))
    ('accept, fold, bet 2-5, ordago', 'accept, fold, ordago')
    >>> str(betting(1, 1, False, False, None, limit=1))
    'accept, fold, ordago'
    """
    if bets == 0:
        listed = OPENING[seat]
    elif partners:
        # Two or more partners still to answer: a team fold differs from a fold.
        listed = (ORDAGO_ANSWER_TEAM if ordago else ANSWER_TEAM)[seat]
    else:
        listed = (ORDAGO_ANSWER if ordago else ANSWER)[seat]
    if bets >= limit:
        return capped(listed, 0)
    if max_bet is not None and listed.min_bet is not None:
        return capped(listed, max_bet)
    return listed


def capped(listed: LegalActions, cap: int) -> LegalActions:
    """The same shared list with bets capped at ``cap`` stones (``Rules.max_bet``), or
    without bets when ``cap`` is under the smallest bet (once a lance had its most bets).
    The engine's, unchecked (:func:`discards` too): ``legal_actions`` builds its lists so.

    >>> capped(OPENING[0], 5), str(capped(OPENING[0], 5)), str(capped(OPENING[0], 0))
    (LegalActions([Pass(), Bet(2), Ordago()]), 'pass, bet 2-5, ordago', 'pass, ordago')
    """
    # Keyed by identity: shared lists of different seats are equal as tuples.
    key = (id(listed), cap)
    capped_list = _CAPPED.get(key)
    if capped_list is None:
        if cap >= MIN_BET:
            capped_list = LegalActions.make(tuple(listed), listed.seat, listed.kinds, None, cap)
        else:
            kinds = listed.kinds - {Bet} if listed.kinds is not None else None
            actions = tuple(action for action in listed if type(action) is not Bet)
            capped_list = LegalActions.make(actions, listed.seat, kinds, None, None)
        if len(_CAPPED) < 100_000:  # bounded: caps are small numbers
            _CAPPED[key] = capped_list
    return capped_list


_CAPPED: dict[tuple[int, int], LegalActions] = {}


def _lists(
    actions: tuple[Action, ...], exact: bool = False, unlisted: tuple[type, ...] = ()
) -> tuple[LegalActions, ...]:
    """One shared list per seat. ``unlisted`` kinds are legal (``in`` says so) but not listed."""
    kinds = None if exact else frozenset(type(action) for action in actions) | frozenset(unlisted)
    return tuple(LegalActions.make(actions, seat, kinds) for seat in range(MAX_SEATS))


NO_ACTIONS = LegalActions.make((), None, frozenset())
"""The empty list, once the hand is over.

>>> NO_ACTIONS, NO_ACTIONS.seat
(LegalActions([]), None)
"""
MUS = _lists((Mus(), NoMus()))
"""By seat: the mus phase's mus or no-mus."""
SERVIDO = _lists((NoMus(),))
"""By seat: the mus phase when the seat may not ask for mus (servido, or the mus cut)."""
OPENING = _lists((Pass(), Bet(MIN_BET), Ordago()))
"""By seat: the opening of a lance (no bet yet)."""
ANSWER = _lists((Accept(), Fold(), Bet(MIN_BET), Ordago()))
"""By seat: the answer to a bet, alone to answer for its side."""
ORDAGO_ANSWER = _lists((Accept(), Fold()))
"""By seat: the answer to an órdago, alone to answer for its side."""
# A team fold ends the lance as the partners' folds one after another would, so it is
# legal but not listed: listing it would only make random and search players count the
# same outcome twice.
ANSWER_TEAM = _lists((Accept(), Fold(), Bet(MIN_BET), Ordago()), unlisted=(TeamFold,))
"""By seat: the answer to a bet with a partner still to answer (team fold legal, unlisted)."""
ORDAGO_ANSWER_TEAM = _lists((Accept(), Fold()), unlisted=(TeamFold,))
"""By seat: the answer to an órdago with a partner still to answer."""
DECLARE = {
    lance: _lists((Declare(lance, True), Declare(lance, False)), exact=True) for lance in (Lance.PARES, Lance.JUEGO)
}
"""By lance, then seat: the declarations of pares and juego (``declarations="explicit"``).

>>> DECLARE[Lance.JUEGO][1]
LegalActions([Declare(Lance.JUEGO, True), Declare(Lance.JUEGO, False)])
"""
