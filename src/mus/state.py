"""The immutable state of one hand, its phases, and what each seat may see.

A :class:`HandState` is a frozen value: :func:`mus.apply` returns a new state and never
changes the old one, so keeping a state is free (no deep copies). Equal histories give
equal states; states hash and pickle.

>>> import mus
>>> state = mus.new_hand(mus.Rules(), seed=1)
>>> state.phase, state.to_act, state.lance
(<Phase.MUS: 'mus'>, 0, None)
>>> state = mus.apply(state, mus.NoMus())
>>> state.phase, state.lance, state.to_act
(<Phase.BETTING: 'betting'>, <Lance.GRANDE: 0>, 0)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from mus.actions import Action, Declare, Discard, Signal
from mus.actions import parse_action as _parse_action
from mus.cards import Card
from mus.errors import MusError, quoted
from mus.hand import Hand
from mus.lances import Lance
from mus.rules import Rules
from mus.scoring import Count, LanceResult, Outcome, Tally, record, score_line

if TYPE_CHECKING:
    from mus.reducer import LegalActions

__all__ = ["Betting", "Deal", "HandState", "HiddenDiscard", "Phase", "SeatView"]


class Phase(enum.Enum):
    """Where a hand stands.

    >>> import mus
    >>> mus.new_hand(seed=1).phase, str(Phase.BETTING)
    (<Phase.MUS: 'mus'>, 'betting')
    """

    MUS = "mus"
    """Seats say mus or no mus in speaking order."""
    DISCARD = "discard"
    """Everyone said mus: seats discard in speaking order."""
    DECLARE = "declare"
    """Seats declare whether they have pares (juego), under ``declarations="explicit"``."""
    BETTING = "betting"
    """Betting on a lance (``state.lance``)."""
    FINISHED = "finished"
    """The hand is over: counted, or the game was decided during it."""

    def __str__(self) -> str:
        return self.value


@attrs.frozen(cache_hash=True)
class Deal:
    """What a hand starts from: rules, mano, scores, the hands and the stock.

    ``scores`` has one entry per side; ``seed`` drives every reshuffle of the
    discards, so a deal replays identically.

    >>> import mus
    >>> deal = mus.new_hand(seed=3, mano=2).deal
    >>> deal.mano, deal.seed, len(deal.stock), mus.start(deal) == mus.new_hand(seed=3, mano=2)
    (2, 3, 24, True)
    """

    rules: Rules
    mano: int
    scores: tuple[int, ...]
    hands: tuple[Hand, ...]
    stock: tuple[Card, ...]
    seed: int | str
    corrido: bool = False
    """Mus corrido (``Rules.mus_corrido``): the seat that cuts the mus in this hand
    becomes the mano."""


class Betting(NamedTuple):
    """The betting on the current lance.

    ``seats`` take part (speaking order), ``stake`` stands (0 before any bet),
    ``previous`` is the stake before the last raise, ``bets`` counts the bet and its
    raises, ``bettor`` made the last one, ``folded`` are out of this lance, and
    ``accepted`` have accepted the standing bet (individual play, where every seat
    answers for itself). (A named tuple: a new one is built at every bet, and tuples
    are the cheapest record.)

    >>> import mus
    >>> state = mus.apply(mus.apply(mus.new_hand(seed=1), "no-mus"), "bet 3")
    >>> state.betting.stake, state.betting.bets, state.betting.bettor
    (3, 1, 0)
    """

    lance: Lance
    seats: tuple[int, ...]
    stake: int = 0
    previous: int = 0
    bets: int = 0
    bettor: int | None = None
    ordago: bool = False
    folded: tuple[int, ...] = ()
    accepted: tuple[int, ...] = ()


Log = tuple[Any, int, Action] | None
"""The history as a linked chain: ``(previous link, seat, action)``, newest first.

Each action adds one link and shares the rest, so an action costs the same at any
length of history and a kept state costs one link."""

Table = tuple[tuple[Hand, ...], tuple[Card, ...], tuple[Card, ...], tuple[tuple[Card, ...], ...], int, int | None, int]
"""Where the cards are: hands, stock, discards, pending discards, reshuffles, and the
seat left *servido* by a mus visto. One field, because only the mus exchange (and a mus
visto) changes it and every other action copies it."""

_FIELDS = (
    "deal",
    "mano",
    "_table",
    "scores",
    "phase",
    "queue",
    "betting",
    "results",
    "winner",
    "_log",
    "_size",
    "_count",
)


class HandState:
    """One hand of Mus at one moment. Build it with :func:`mus.new_hand`.

    A frozen value: every field is read-only, :func:`mus.apply` returns a new state
    and shares what did not change with the old one. ``hands`` are indexed by seat
    and ``scores`` by side; ``history`` lists ``(seat, action)`` pairs, declarations
    the engine derived included; ``results`` says how each lance's betting ended;
    ``count`` is the count record once counted. Two states are equal when they come
    from the same deal by the same history.

    >>> import mus
    >>> state = mus.new_hand(mus.Rules(), hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"])
    >>> for action in ["no-mus"] + ["pass"] * 11:
    ...     state = mus.apply(state, mus.parse_action(action))
    >>> state.phase, state.lance, state.to_act
    (<Phase.BETTING: 'betting'>, <Lance.PUNTO: 4>, 0)
    >>> state.scores = (40, 0)
    Traceback (most recent call last):
    ...
    attr.exceptions.FrozenInstanceError: can't set attribute
    """

    __slots__ = _FIELDS

    deal: Deal
    mano: int
    """The seat that speaks first: the deal's, or under mus corrido the seat that cut."""
    _table: Table
    scores: tuple[int, ...]
    phase: Phase
    queue: tuple[int, ...]
    betting: Betting | None
    results: tuple[LanceResult, ...]
    winner: int | None
    _log: Log
    _size: int
    _count: Count | Tally | None

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Each seat's four cards, by seat."""
        return self._table[0]

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left to deal at the mus, top first."""
        return self._table[1]

    @property
    def discards(self) -> tuple[Card, ...]:
        """The cards discarded and not yet reshuffled into a new stock."""
        return self._table[2]

    @property
    def pending(self) -> tuple[tuple[Card, ...], ...]:
        """By seat, the cards discarded in this round of the mus, not yet replaced."""
        return self._table[3]

    @property
    def reshuffles(self) -> int:
        """How many times the discards were shuffled into a new stock."""
        return self._table[4]

    @property
    def servido(self) -> int | None:
        """The seat left without mus by a mus visto (``Rules(mus_visto="servido")``)."""
        return self._table[5]

    @property
    def mus_rounds(self) -> int:
        """How many rounds of the mus (every seat's discard and new cards) were played.
        After :data:`~mus.reducer.MAX_MUS_ROUNDS` of them only no-mus is legal."""
        return self._table[6]

    @property
    def rules(self) -> Rules:
        """The rules this hand is played under."""
        return self.deal.rules

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the hand is over."""
        return self.queue[0] if self.queue else None

    @property
    def lance(self) -> Lance | None:
        """The lance being declared or bet on, or ``None`` outside the lances."""
        return self.betting.lance if self.betting is not None else None

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.phase is Phase.FINISHED

    @property
    def game_over(self) -> bool:
        """Whether a side won the game during this hand (by count, refusal or órdago)."""
        return self.winner is not None

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` of the hand so far, in order.

        >>> import mus
        >>> mus.apply(mus.new_hand(seed=2), "mus").history
        ((0, Mus()),)
        """
        # Built on each call rather than kept: a kept tuple per state would make an
        # undo stack of a long hand quadratic in memory.
        entries = []
        link = self._log
        while link is not None:
            entries.append((link[1], link[2]))
            link = link[0]
        entries.reverse()
        return tuple(entries)

    @property
    def actions(self) -> int:
        """How many entries the history has (cheap: no history is built).

        >>> import mus
        >>> state = mus.apply(mus.new_hand(seed=2), "no-mus")
        >>> state.actions, len(state.history)
        (1, 1)
        """
        return self._size

    @property
    def count(self) -> Count | None:
        """The record of the count once the hand was counted (or decided by an
        órdago), else ``None``; built on first use."""
        counted = self._count
        if counted is None or isinstance(counted, Count):
            return counted
        built = record(counted, self.rules.individual)
        object.__setattr__(self, "_count", built)
        return built

    @property
    def speaking_order(self) -> tuple[int, ...]:
        """The seats from the mano on."""
        n = self.rules.seats
        return tuple((self.mano + i) % n for i in range(n))

    def team_of(self, seat: int) -> int:
        """The side of a seat (its team; in individual play, the seat itself)."""
        rules = self.rules
        if type(seat) is not int or not 0 <= seat < rules.seats:
            raise MusError(f"no seat {quoted(seat)}: seats are 0 to {rules.seats - 1}")
        return rules.team_of[seat]

    def legal_actions(self) -> LegalActions:
        """The actions the seat to act may take; supports ``in`` for any action.

        >>> import mus
        >>> state = mus.apply(mus.new_hand(mus.Rules(), seed=1), mus.NoMus())
        >>> legal = state.legal_actions()
        >>> list(legal), legal.min_bet, mus.Bet(7) in legal, mus.Accept() in legal
        ([Pass(), Bet(2), Ordago()], 2, True, False)
        """
        return _reducer.legal_actions(self)

    def is_legal(self, action: Action | str, seat: int | None = None) -> bool:
        """Whether ``action`` (an action or its text, read as :func:`~mus.apply` reads
        it; by ``seat``, if given) is legal now; cheap.

        >>> import mus
        >>> state = mus.new_hand(seed=1)
        >>> state.is_legal("mus"), state.is_legal("envido 2"), state.is_legal("nonsense")
        (True, False, False)
        """
        if isinstance(action, str):
            betting = self.betting
            try:
                action = _parse_action(action, answering=betting is not None and betting.bets > 0)
            except MusError:
                return False
        return _reducer.problem(self, action, seat) is None

    def initial(self) -> HandState:
        """The state this hand started from."""
        return _reducer.start(self.deal)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own cards, the public history and the scores.

        Other seats' cards and discards and the stock stay hidden until a showdown.

        >>> import mus
        >>> view = mus.new_hand(mus.Rules(), seed=3).view(2)
        >>> view.seat, len(view.hand), view.hands
        (2, 4, None)
        """
        rules = self.rules
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.seats:
            raise MusError(f"no seat {quoted(seat)}: seats are 0 to {rules.seats - 1}")
        # One pass down the history's chain, hiding the cards of other seats' discards.
        entries: list[tuple[int, Any]] = []
        link = self._log
        while link is not None:
            _, who, action = link
            if type(action) is Discard and who != seat:
                entries.append((who, HiddenDiscard(len(action.cards))))
            elif type(action) is Signal and rules.team_of[who] != rules.team_of[seat]:
                pass  # a seña is for the partners' eyes only (rules section 13)
            else:
                entries.append((who, action))
            link = link[0]
        entries.reverse()
        history = tuple(entries)
        hands: tuple[Hand | None, ...] | None = None
        if self._count is not None:
            last = self.results[-1]
            # An accepted órdago shows only the cards of the seats in that lance.
            if last.outcome is Outcome.ORDAGO and last.seats:
                hands = tuple(hand if s in last.seats or s == seat else None for s, hand in enumerate(self.hands))
            else:
                hands = self.hands
        return SeatView(
            seat=seat,
            rules=rules,
            mano=self.mano,
            phase=self.phase,
            lance=self.lance,
            to_act=self.to_act,
            scores=self.scores,
            hand=self.hands[seat],
            pending=self.pending[seat],
            history=history,
            results=self.results,
            stock_size=len(self.stock),
            discards_size=len(self.discards),
            count=self.count,
            winner=self.winner,
            hands=hands,
            betting=self.betting,
            legal=tuple(_reducer.legal_actions(self)) if self.to_act == seat else (),
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not HandState:
            return NotImplemented
        if self is other:
            return True
        if self._size != other._size or self.deal != other.deal:
            return False
        # The reducer is deterministic: the same deal and history make the same state.
        # Walk both chains until they meet (states of one hand share their links).
        mine, theirs = self._log, other._log
        while mine is not theirs:
            assert mine is not None and theirs is not None
            if mine[1] != theirs[1] or mine[2] != theirs[2]:
                return False
            mine, theirs = mine[0], theirs[0]
        return True

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        last = self._log
        return hash((self.deal, self._size, None if last is None else (last[1], last[2])))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled flat: a chain of 20,000 links would exceed pickle's recursion limit.
        values = tuple(getattr(self, name) for name in _FIELDS[:9])
        return (_reducer._unpickle, (values, self.history, self._count))

    def __copy__(self) -> HandState:
        return self

    def __deepcopy__(self, memo: object) -> HandState:
        return self

    def __repr__(self) -> str:
        return (
            f"<HandState {self.phase}"
            + (f" {self.lance}" if self.lance is not None else "")
            + f" to_act={self.to_act} scores={score_line(self.scores)}"
            + f" after {self._size} actions>"
        )


@attrs.frozen
class HiddenDiscard:
    """Another seat's discard as a seat sees it: how many cards, not which.

    >>> str(HiddenDiscard(2))
    'discard 2 cards'
    """

    count: int

    def __str__(self) -> str:
        return f"discard {self.count} card{'' if self.count == 1 else 's'}"


@attrs.frozen
class SeatView:
    """What one seat may know of a hand (see :meth:`HandState.view`).

    ``hands`` is every seat's hand once the cards are shown at the count (after an
    accepted órdago, only the hands of the seats in that lance, others ``None``), else
    ``None``; ``betting`` is the public state of the betting on the current lance;
    ``legal`` lists this seat's legal actions when it is its turn.

    >>> import mus
    >>> view = mus.new_hand(seed=1).view(0)
    >>> view.to_act, view.legal, view.hands
    (0, (Mus(), NoMus()), None)
    """

    seat: int
    rules: Rules
    mano: int
    phase: Phase
    lance: Lance | None
    to_act: int | None
    scores: tuple[int, ...]
    hand: Hand
    pending: tuple[Card, ...]
    history: tuple[tuple[int, Any], ...]
    results: tuple[LanceResult, ...]
    stock_size: int
    discards_size: int
    count: Count | None
    winner: int | None
    hands: tuple[Hand | None, ...] | None
    betting: Betting | None
    legal: tuple[Action, ...]

    @property
    def declarations(self) -> dict[Lance, tuple[bool | None, ...]]:
        """Each seat's pares and juego declarations so far (``None``: not declared)."""
        table: dict[Lance, list[bool | None]] = {}
        for who, action in self.history:
            if isinstance(action, Declare):
                table.setdefault(action.lance, [None] * self.rules.seats)[who] = action.has
        return {lance: tuple(seats) for lance, seats in table.items()}


# The reducer builds on these types and the state's methods delegate to it; importing
# it last, once this module's names exist, resolves the cycle once instead of per call.
from mus import reducer as _reducer  # noqa: E402

# HandState.legal_actions is the reducer's function itself, set by mus.reducer once it
# is defined (whichever of the two modules is imported first).
