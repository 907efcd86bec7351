"""The values of a hand of Mus individuel: its deal, its betting, its results, the
stones it moved, and what each player may see.

A :class:`HandState` is frozen: :func:`~mus.individuel.reducer.apply` returns a new one
and never changes the old. Stones are counted per seat (``stones``) and in the centre
basket (``pot``); their sum never changes (the órdago moves stones between players).

>>> from mus.individuel import new_hand
>>> state = new_hand(seed=1)
>>> state.phase, state.to_act, len(state.held[0]), state.stones, state.pot
(<Phase.DISCARD: 'discard'>, 0, 5, (8, 8, 8, 8, 8), 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

import attrs

from mus.actions import MIN_BET, Accept, Action, Bet, Discard, Fold, Mus, NoMus, Ordago, Pass, parse_action, words_of
from mus.cards import Card
from mus.checks import whole
from mus.errors import MusError, quoted
from mus.hand import Hand
from mus.individuel.rules import IndividuelRules
from mus.individuel.table import ORDAGO_PUT, Betting, Deal, LanceResult, Move, Outcome
from mus.legal import NO_ACTIONS, LegalActions
from mus.ranking import Lance
from mus.table import HandStateBase, HiddenDiscard, Phase

__all__ = [
    "ORDAGO_PUT",
    "PLAYED",
    "Betting",
    "Deal",
    "HandState",
    "LanceResult",
    "Move",
    "NotInThisGameError",
    "Outcome",
    "Phase",
    "SeatView",
    "legal_actions",
    "problem",
    "start",
]


class NotInThisGameError(MusError, AttributeError):
    """A name of the four-card game's states and views that the Mus individuel has not
    (or has under another name): its message says where to look. It is an
    :class:`AttributeError` too, so ``hasattr`` and ``getattr(..., default)`` work.

    >>> from mus.individuel import new_hand
    >>> new_hand(seed=1).winner
    Traceback (most recent call last):
    ...
    mus.individuel.state.NotInThisGameError: a game of Mus individuel has a loser, not a winner: the last player holding stones loses it (.loser; a session's winner is Session.winner)
    >>> hasattr(new_hand(seed=1), "winner")
    False
    """


_ELSEWHERE = {
    "winner": "a game of Mus individuel has a loser, not a winner: the last player holding stones loses it"
    " (.loser; a session's winner is Session.winner)",
    "scores": "the Mus individuel counts stones, not scores: .stones by seat and .pot, the basket",
    "count": "the Mus individuel's count is the stones shed: .moves (and .results, how each lance ended)",
    "team_of": "in the Mus individuel each player plays for himself: there are no teams",
    "pending": "in the Mus individuel each player discards one card, once: .discard (.discards on a hand)",
    "stock_size": "the Mus individuel never deals from the stock: each player keeps four of his five cards",
    "discards_size": "the Mus individuel never deals from the stock: each player keeps four of his five cards",
    "mus_rounds": "there is no mus in the Mus individuel: each player discards one card",
    "servido": "there is no mus in the Mus individuel: each player discards one card",
}
"""The four-card game's names that the Mus individuel's states and views lack, and where
to look instead."""


def elsewhere(owner: object, name: str) -> NoReturn:
    """Raise the :class:`AttributeError` of ``owner`` lacking ``name``: a
    :class:`NotInThisGameError` saying where to look for a name of the four-card game."""
    hint = _ELSEWHERE.get(name)
    if hint is not None:
        raise NotInThisGameError(hint)
    raise AttributeError(f"{type(owner).__name__!r} object has no attribute {name!r}")


@attrs.frozen(eq=False)
class HandState(HandStateBase):
    """One hand of Mus individuel at one moment. Build it with
    :func:`~mus.individuel.reducer.new_hand`.

    ``held`` is each seat's cards (five, then four once it discarded; ``()`` for a
    seat out of the game), ``hands`` the four kept as a :class:`~mus.Hand` (``None``
    before the discard), ``stones`` and ``pot`` the stones now, ``results`` how each
    lance's betting ended, ``moves`` every stone shed or given, in order, ``loser``
    the player left alone with stones when the game ended in this hand, ``history``
    the ``(seat, action)`` pairs. States are equal when their deals and histories are.

    >>> from mus.individuel import new_hand
    >>> state = new_hand(seed=1)
    >>> state.to_act, state.lance, state.is_over, state.legal_actions()[0]
    (0, None, False, Discard.parse('Ro'))
    """

    deal: Deal
    phase: Phase
    held: tuple[tuple[Card, ...], ...]
    hands: tuple[Hand | None, ...]
    discards: tuple[Card | None, ...]
    stones: tuple[int, ...]
    pot: int
    betting: Betting | None
    queue: tuple[int, ...]
    results: tuple[LanceResult, ...]
    moves: tuple[Move, ...]
    loser: int | None
    history: tuple[tuple[int, Action], ...]

    def __attrs_post_init__(self) -> None:
        # A state built or evolved by hand is checked as a match of the four-card game
        # is: every field of its type and shape, one per seat where it is by seat, the
        # stones all there. (The engine's own states skip this: see the reducer.)
        deal = self.deal
        if type(deal) is not Deal:
            raise MusError(f"a Mus individuel hand's deal is a Deal (new_hand(...).deal), got {quoted(deal)}")
        n = deal.rules.players
        if type(self.phase) is not Phase or self.phase is Phase.MUS or self.phase is Phase.DECLARE:
            raise MusError(f"a Mus individuel hand's phase is discard, betting or finished, got {quoted(self.phase)}")
        _per_seat(self.held, n, "held cards", lambda held: type(held) is tuple and len(held) in (0, 4, 5)
                  and all(type(card) is Card for card in held))  # fmt: skip
        _per_seat(self.hands, n, "hands", lambda hand: hand is None or type(hand) is Hand)
        _per_seat(self.discards, n, "discards", lambda card: card is None or type(card) is Card)
        total = n * deal.rules.stones
        _per_seat(self.stones, n, "stones", lambda stones: type(stones) is int and 0 <= stones <= total)
        whole(self.pot, "the basket's stones", 0, total)
        if sum(self.stones) + self.pot != total:
            raise MusError(
                f"a hand's stones and basket hold the {total} stones of {n} players, got {quoted(self.stones)}"
            )
        if self.betting is not None and type(self.betting) is not Betting:
            raise MusError(f"a Mus individuel hand's betting is a Betting or None, got {quoted(self.betting)}")
        queue = self.queue
        if (
            type(queue) is not tuple
            or not all(type(s) is int and 0 <= s < n for s in queue)
            or len(set(queue)) != len(queue)
        ):
            raise MusError(f"a hand's queue is a tuple of different seats from 0 to {n - 1}, got {quoted(queue)}")
        if (self.phase is Phase.FINISHED) != (not queue):
            raise MusError(
                f"a hand is finished exactly when nobody is to speak: phase {self.phase}, queue {quoted(queue)}"
            )
        for name, kind in (("results", LanceResult), ("moves", Move)):
            value = getattr(self, name)
            if type(value) is not tuple or not all(type(item) is kind for item in value):
                raise MusError(f"a Mus individuel hand's {name} are a tuple of {kind.__name__}, got {quoted(value)}")
        if self.loser is not None:
            whole(self.loser, "the loser", 0, n - 1)
        history = self.history
        if type(history) is not tuple or not all(
            type(entry) is tuple and len(entry) == 2 and type(entry[0]) is int and 0 <= entry[0] < n
            and type(entry[1]) in PLAYED for entry in history
        ):  # fmt: skip
            raise MusError(f"a hand's history is a tuple of (seat, action) pairs, got {quoted(history)}")

    @property
    def rules(self) -> IndividuelRules:
        """The rules this hand is played under."""
        return self.deal.rules

    @property
    def mano(self) -> int:
        """The seat that speaks first."""
        return self.deal.mano

    @property
    def game_over(self) -> bool:
        """Whether the game ended in this hand: one player alone still holds stones."""
        return self.loser is not None

    @property
    def actions(self) -> int:
        """How many entries the history has, as ``mus.HandState.actions``."""
        return len(self.history)

    if not TYPE_CHECKING:  # a type checker still flags the names the class lacks

        def __getattr__(self, name: str) -> Any:
            # Only names the class lacks: those of the four-card game say where to look.
            elsewhere(self, name)

    def legal_actions(self) -> LegalActions:
        """The actions the seat to act may take; supports ``in`` for any action (see
        :func:`legal_actions`)."""
        return legal_actions(self)

    def is_legal(self, action: Action | str, seat: int | None = None) -> bool:
        """Whether ``action`` (an action or its text, read as
        :func:`~mus.individuel.reducer.apply` reads it; by ``seat``, if given) is legal now.

        >>> from mus.individuel import new_hand
        >>> state = new_hand(seed=1)
        >>> state.is_legal("discard Ro"), state.is_legal("mus"), state.is_legal("nonsense")
        (True, False, False)
        """
        if isinstance(action, str):
            betting = self.betting
            try:
                action = parse_action(action, answering=betting is not None and betting.lap > 0)
            except MusError:
                return False
        return problem(self, action, seat) is None

    def initial(self) -> HandState:
        """The state this hand started from."""
        return start(self.deal)

    def shown(self, seat: int) -> tuple[int, ...]:
        """The seats whose kept cards ``seat`` has seen: its own; those of an órdago it
        took part in (« ils se montrent leurs cartes entre eux »); every hand once the
        hand is over and counted.

        >>> from mus.individuel import new_hand
        >>> new_hand(seed=1).shown(3)
        (3,)
        """
        whole(seat, "a seat", 0, self.deal.rules.players - 1)
        if self.is_over:
            return tuple(s for s in self.deal.seats if self.hands[s] is not None)
        seen = {seat}
        for result in self.results:
            if result.outcome is Outcome.ORDAGO and seat in result.seats:
                seen.update(result.seats)
        return tuple(sorted(seen))

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own cards, the public history (others' discards
        as :class:`~mus.table.HiddenDiscard`), the stones, the hands shown to it.

        >>> from mus.individuel import new_hand
        >>> view = new_hand(seed=1).view(2)
        >>> len(view.hand), view.hands[0], view.to_act
        (5, None, 0)
        """
        n = self.rules.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise MusError(f"no seat {quoted(seat)}: seats are 0 to {n - 1}")
        history = tuple(
            (who, HiddenDiscard(1) if type(action) is Discard and who != seat else action)
            for who, action in self.history
        )
        shown = set(self.shown(seat))
        return SeatView(
            seat=seat,
            rules=self.rules,
            mano=self.mano,
            phase=self.phase,
            lance=self.lance,
            to_act=self.to_act,
            stones=self.stones,
            pot=self.pot,
            hand=self.held[seat],
            discard=self.discards[seat],
            hands=tuple(hand if s in shown else None for s, hand in enumerate(self.hands)),
            history=history,
            results=self.results,
            moves=self.moves,
            betting=self.betting,
            loser=self.loser,
            legal=self.legal_actions() if self.to_act == seat else NO_ACTIONS,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not HandState:
            return NotImplemented
        return self.deal == other.deal and self.history == other.history

    def __hash__(self) -> int:
        return hash((self.deal, self.history))

    def __repr__(self) -> str:
        lance = f" {self.lance}" if self.lance is not None else ""
        return f"<individuel HandState {self.phase}{lance} to_act={self.to_act} stones={self.stones} pot={self.pot}>"


@attrs.frozen
class SeatView:
    """What one player may know of a hand (see :meth:`HandState.view`), with the names
    of :class:`mus.SeatView` where the two games have the same thing.

    ``hand`` and ``discard`` are the player's own cards (``hand``: five until he
    discards, then the four he keeps, as a tuple since a :class:`~mus.Hand` is four
    cards; ``hands[seat]`` is that four as a ``Hand``); ``hands`` the kept hands he has
    been shown (others ``None``); ``legal`` his legal actions when it is his turn.
    ``loser`` is the player left alone with stones when the game ended in this hand:
    the Mus individuel has no ``winner`` (asking for it raises
    :class:`NotInThisGameError`, which says where to look).

    >>> from mus.individuel import new_hand
    >>> view = new_hand(seed=1).view(0)
    >>> len(view.hand), view.hands[0], view.loser
    (5, None, None)
    """

    seat: int
    rules: IndividuelRules
    mano: int
    phase: Phase
    lance: Lance | None
    to_act: int | None
    stones: tuple[int, ...]
    pot: int
    hand: tuple[Card, ...]
    discard: Card | None
    hands: tuple[Hand | None, ...]
    history: tuple[tuple[int, Any], ...]
    results: tuple[LanceResult, ...]
    moves: tuple[Move, ...]
    betting: Betting | None
    loser: int | None
    legal: LegalActions
    """The seat's legal actions when it is its turn (a :class:`~mus.LegalActions`)."""

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            elsewhere(self, name)


# --- what the seat to act may do: the one validator ------------------------------------

PLAYED = frozenset((Discard, Pass, Bet, Ordago, Accept, Fold))
"""The kinds of action the Mus individuel plays (no mus, no declarations, no team
words): what its engine and its JSON readers take.

>>> from mus.actions import Mus
>>> Bet in PLAYED, Mus in PLAYED
(True, False)
"""


class Limits:
    """What a seat may do now, the one source of legality (:func:`limits`, and the view
    replay's): the kinds of action, the smallest and largest bet, and in the discards,
    the cards it may discard."""

    __slots__ = ("discards", "kinds", "max_bet", "min_bet")

    def __init__(self, kinds: tuple[type, ...], min_bet: int = 0, max_bet: int = 0, discards: tuple[Card, ...] = ()):
        self.kinds: tuple[type, ...] = kinds
        self.min_bet: int = min_bet
        self.max_bet: int = max_bet
        self.discards: tuple[Card, ...] = discards

    def listed(self, seat: int) -> LegalActions:
        """These limits as ``seat``'s :class:`~mus.LegalActions`, as the engine lists them."""
        if self.kinds == (Discard,):
            return LegalActions.make(tuple(Discard((card,)) for card in self.discards), seat, None)
        can_bet = self.min_bet <= self.max_bet
        actions = tuple(
            (Bet(self.min_bet) if kind is Bet else _SINGLE[kind]) for kind in self.kinds if kind is not Bet or can_bet
        )
        return LegalActions.make(actions, seat, frozenset(map(type, actions)), None, self.max_bet if can_bet else None)


def _limits(state: HandState) -> Limits:
    seat = state.queue[0]
    if state.phase is Phase.DISCARD:
        return Limits((Discard,), discards=state.held[seat])
    betting = state.betting
    assert betting is not None
    return limits(betting, state.stones[seat], state.rules)


def limits(betting: Betting, stones: int, rules: IndividuelRules) -> Limits:
    """What a seat that holds ``stones`` may do in ``betting``: open (pass, bet up to
    its stones, órdago), answer (accept, fold, raise up to its stones, órdago), or only
    accept or fold an órdago or an all-in bet; no órdago on the last lances unless
    ``ordago_last_lance``. Unchecked: the engine's, and the view replay's."""
    ordago_ok = betting.lance not in (Lance.JUEGO, Lance.PUNTO) or rules.ordago_last_lance
    if betting.lap == 0:
        kinds: tuple[type, ...] = (Pass, Bet, Ordago) if ordago_ok else (Pass, Bet)
        return Limits(kinds, MIN_BET, stones)
    if betting.ordago or betting.all_in:
        return Limits((Accept, Fold))
    room = stones - betting.stake
    return Limits((Accept, Fold, Bet, Ordago) if ordago_ok else (Accept, Fold, Bet), MIN_BET, room)


def problem(state: HandState, action: object, seat: int | None = None, *, said: str | None = None) -> str | None:
    """Why ``action`` (by ``seat``, if given) is illegal now, or ``None`` if it is legal:
    the one validator of the Mus individuel, which :func:`~mus.individuel.reducer.apply`,
    :func:`legal_actions` and :meth:`HandState.is_legal` all ask. ``said`` is the
    player's own words for the action, quoted back in the answer.

    >>> from mus.individuel import new_hand
    >>> state = new_hand(seed=1)
    >>> problem(state, Pass()), problem(state, Mus())
    ('discard one of your five cards first, not pass', 'there is no mus in the Mus individuel: each player discards one card')
    >>> problem(state, Discard.parse("Ro"), seat=2)
    "not seat 2's turn: seat 0 speaks"
    """
    if type(state) is not HandState:
        raise MusError(f"problem() needs a Mus individuel HandState, got {quoted(state)}")
    if not state.queue:
        return "the hand is over"
    to_act = state.queue[0]
    if seat is not None and (type(seat) is not int or seat != to_act):
        if type(seat) is not int or not 0 <= seat < state.rules.players:
            return f"no seat {quoted(seat)}"
        return f"not seat {seat}'s turn: seat {to_act} speaks"
    kind = type(action)
    if kind in (Mus, NoMus):
        return "there is no mus in the Mus individuel: each player discards one card"
    if kind not in PLAYED:
        return (
            f"{action} is not played in the Mus individuel"
            if hasattr(kind, "__attrs_attrs__")
            else f"not an action: {quoted(action)}"
        )
    words = words_of(said, action)  # type: ignore[arg-type]
    allowed = _limits(state)
    if state.phase is Phase.DISCARD:
        if not isinstance(action, Discard):
            return f"discard one of your five cards first, not {words}"
        if len(action.cards) != 1:
            return f"discard exactly one card (no mus: only the fifth goes), not {len(action.cards)}"
        if action.cards[0] not in allowed.discards:
            return f"cannot discard {action.cards[0]}: seat {to_act} holds {' '.join(map(str, allowed.discards))}"
        return None
    betting = state.betting
    assert betting is not None
    lance = betting.lance
    if kind in allowed.kinds:
        if isinstance(action, Bet) and not allowed.min_bet <= action.stones <= allowed.max_bet:
            return _bet_problem(state, betting, action, to_act)
        return None
    if kind is Discard:
        return f"the discards are over: the betting on {lance} is under way"
    if betting.lap == 0:
        if kind is Ordago:
            return f"no órdago on the last lance ({lance}) under these rules (ordago_last_lance)"
        return f"there is no bet to {words} in {lance}"
    if kind is Pass:
        return f"there is a bet in {lance}: accept, fold or raise (paso, after a bet, folds)"
    if betting.ordago:
        return "nothing can be raised over an órdago: accept or fold"
    if betting.all_in:
        return f"seat {betting.bettor} bet all its remaining stones: nobody can raise, accept or fold"
    return f"no órdago on the last lance ({lance}) under these rules (ordago_last_lance)"


def _bet_problem(state: HandState, betting: Betting, action: Bet, seat: int) -> str:
    stones = state.stones[seat]
    if betting.lap == 0:
        if stones < MIN_BET:
            return f"seat {seat} holds {stones} stone: too few to bet (pass, or órdago)"
        return f"a bet stakes at most the {stones} stones seat {seat} holds, not {action.stones}"
    room = stones - betting.stake
    if room < MIN_BET:
        return f"seat {seat} holds {stones} stones: too few to raise a stake of {betting.stake} (accept or fold)"
    return f"a raise takes the stake to at most the {stones} stones seat {seat} holds: raise at most {room}"


_SINGLE: dict[type, Action] = {Pass: Pass(), Accept: Accept(), Fold: Fold(), Ordago: Ordago()}


def legal_actions(state: HandState) -> LegalActions:
    """The actions the seat to act may take (also ``state.legal_actions()``): a
    :class:`~mus.LegalActions`, as in the four-card game, whose ``in`` allows any bet
    from ``min_bet`` to ``max_bet`` (the stones the seat can still stake).

    >>> from mus.individuel import apply, new_hand
    >>> state = new_hand(seed=1)
    >>> for seat in state.deal.seats:
    ...     state = apply(state, f"discard {state.held[seat][-1]}")
    >>> str(state.legal_actions())
    'pass, bet 2-8, ordago'
    """
    if type(state) is not HandState:
        raise MusError(f"legal_actions() needs a Mus individuel HandState, got {quoted(state)}")
    if not state.queue:
        return NO_ACTIONS
    return _limits(state).listed(state.queue[0])


def _per_seat(value: object, n: int, what: str, fits: Any) -> None:
    """Refuse ``value`` unless it is a tuple of ``n`` entries, each of which ``fits``."""
    if type(value) is not tuple or len(value) != n or not all(fits(entry) for entry in value):
        raise MusError(f"a Mus individuel hand's {what} are a tuple of {n} entries, one per seat, got {quoted(value)}")


# --- the first state -------------------------------------------------------------------


def start(deal: Deal) -> HandState:
    """The first state of a :class:`~mus.individuel.table.Deal`: the discards, from the mano.

    >>> from mus.individuel import apply, new_hand
    >>> state = new_hand(seed=4)
    >>> start(state.deal) == state == apply(state, state.legal_actions()[0]).initial()
    True
    """
    if type(deal) is not Deal:
        raise MusError(f"start() needs a Mus individuel Deal (state.deal), got {quoted(deal)}")
    n = deal.rules.players
    return HandState(
        deal=deal,
        phase=Phase.DISCARD,
        held=deal.cards,
        hands=(None,) * n,
        discards=(None,) * n,
        stones=deal.stones,
        pot=deal.pot,
        betting=None,
        queue=deal.seats,
        results=(),
        moves=(),
        loser=None,
        history=(),
    )
