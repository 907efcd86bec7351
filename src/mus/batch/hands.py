"""The state of a batch of hands: one numpy array a field, one row a hand.

:class:`Hands` holds what a :class:`~mus.HandState` holds, hand by hand, as arrays the
engine (``mus.batch.play``) moves on in place: the cards (numbered by
``Card.order``, each hand sorted as the engine sorts it), the stock and the discards,
whose turn it is (a queue of seats packed four bits a seat), the betting on the
lance, how each lance ended and what it pays at the count, and the scores.

>>> import mus
>>> from mus.batch.deal import shuffled_decks, tags
>>> from mus.batch.tables import tables_for
>>> hands = Hands.dealt(tables_for(mus.Rules()), shuffled_decks(tags([1])), [1], None, [0])
>>> str(hands.hand(0, 0)) == str(mus.new_hand(seed=1).hands[0]), int(hands.to_act()[0])
(True, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from mus.batch.deal import DECK
from mus.batch.tables import MUS_TURN, Array, Tables
from mus.cards import ALL_CARDS, Card
from mus.hand import Hand
from mus.ranking import Lance
from mus.scoring import Outcome

__all__ = ["OUTCOMES", "Hands", "card_of_order", "multisets", "sort_hands"]

OUTCOMES: tuple[Outcome, ...] = tuple(Outcome)
"""How a lance ended, by number: ``OUTCOMES[code]``."""
CODE = {outcome: code for code, outcome in enumerate(OUTCOMES)}
LANCES = len(Lance)

_BY_ORDER = {card.order: card for card in ALL_CARDS}


def card_of_order(order: int) -> Card:
    """The card numbered ``order`` (its ``Card.order``).

    >>> card_of_order(0), card_of_order(47)
    (Card.parse('Ro'), Card.parse('1b'))
    """
    return _BY_ORDER[order]


class Hands:
    """The arrays of ``n`` hands under one rule set's :class:`~mus.batch.tables.Tables`.

    Every field is public to the engine's modules and private to users, who read the
    :class:`~mus.batch.Batch` built on it.
    """

    def __init__(self, tables: Tables, n: int, seeds: Callable[[int], int | str]) -> None:
        seats = tables.seats
        self.tables = tables
        self.n = n
        self.seed_of = seeds
        """The seed each hand was dealt from, by row (see :meth:`seed`)."""
        self.reseeded: dict[int, int | str] = {}
        """The seeds of the rows dealt again (:meth:`replace`)."""
        self.cards: Array = np.zeros((n, seats, 4), np.uint8)
        self.multiset: Array = np.zeros((n, seats), np.int16)
        self.deck: Array = np.zeros((n, DECK), np.uint8)
        """The shuffled deck; the stock is ``deck[i, top[i]:]``."""
        self.top: Array = np.full(n, 4 * seats, np.int16)
        self.pile: Array = np.zeros((n, DECK), np.uint8)
        """The discards not yet reshuffled into a stock, ``pile[i, :pile_size[i]]``."""
        self.pile_size: Array = np.zeros(n, np.int16)
        self.pending: Array = np.zeros((n, seats), np.uint8)
        """By seat, the bits of the cards discarded in this round (hand positions)."""
        self.rounds: Array = np.zeros(n, np.int16)
        self.reshuffles: Array = np.zeros(n, np.int16)
        self.deal_mano: Array = np.zeros(n, np.int8)
        self.mano: Array = np.zeros(n, np.intp)
        self.corrido: Array = np.zeros(n, bool)
        self.kind: Array = np.full(n, MUS_TURN, np.int8)
        """The kind of the turn to play (a row of ``tables.legal``), which tells the phase."""
        self.queue: Array = np.zeros(n, np.int32)
        """The seats to speak, each ``seat + 1`` in four bits, the first lowest."""
        self.lance: Array = np.full(n, -1, np.int8)
        self.in_lance: Array = np.zeros(n, np.int16)
        self.live: Array = np.zeros(n, np.int16)
        """The seats in the lance that did not fold (bits), who may still answer a bet."""
        self.stake: Array = np.zeros(n, np.int32)
        self.previous: Array = np.zeros(n, np.int32)
        self.bets: Array = np.zeros(n, np.int16)
        self.bettor: Array = np.full(n, -1, np.int8)
        self.outcome: Array = np.full((n, LANCES), -1, np.int8)
        """By lance, how its betting ended (``OUTCOMES``), -1 if it was not played."""
        self.paid_to: Array = np.full((n, LANCES), -1, np.int8)
        """By lance, the side the count pays (-1: none)."""
        self.paid: Array = np.zeros((n, LANCES), np.int32)
        """By lance, the stones the count pays that side."""
        self.shown: Array = np.zeros((n, LANCES), np.int32)
        """By lance, the stake its result shows (``LanceResult.stake``): the stake of an
        accepted bet, the stones of a refused one, else 0."""
        self.discarded: Array = np.zeros((n, seats), np.int8)
        """By seat, how many cards its latest discard threw (0 before any)."""
        self.start: Array = np.zeros((n, 2), np.int32)
        self.scores: Array = np.zeros((n, 2), np.int32)
        self.winner: Array = np.full(n, -1, np.int8)

    @classmethod
    def dealt(
        cls,
        tables: Tables,
        positions: Array,
        seeds: Sequence[int | str] | Callable[[int], int | str],
        scores: Array | None,
        mano: Sequence[int] | Array,
    ) -> Hands:
        """The hands dealt from the shuffled ``positions`` (see
        ``mus.batch.deal.shuffled_decks``) with each hand's ``mano``, as
        :func:`mus.new_hand` deals them; ``scores`` by hand and side (``None``: 0-0)."""
        n, seats = len(positions), tables.seats
        hands = cls(tables, n, seeds if callable(seeds) else seeds.__getitem__)
        deck = tables.order_of_index[positions]
        hands.deck = deck
        manos = np.asarray(mano, np.int64)
        hands.deal_mano[:] = manos
        hands.mano[:] = manos
        # Seat s takes the block (s - mano) mod n of four cards: the mano the first.
        blocks = deck[:, : 4 * seats].reshape(n, seats, 4)
        which = (np.arange(seats)[None, :] - manos[:, None]) % seats
        cards = sort_hands(blocks[np.arange(n)[:, None], which])
        hands.cards = cards
        hands.multiset = multisets(tables, cards)
        if scores is not None:
            hands.start[:] = scores
            hands.scores[:] = scores
        hands.corrido[:] = tables.corrido & ~hands.start.any(axis=1)
        hands.queue[:] = tables.queue[manos << seats | tables.mus_speakers[manos]]
        return hands

    @property
    def nbytes(self) -> int:
        """The bytes of the arrays.

        >>> import mus
        >>> from mus.batch import Batch
        >>> Batch(mus.Rules(), seeds=[1]).hands.nbytes > 0
        True
        """
        return sum(value.nbytes for value in vars(self).values() if isinstance(value, np.ndarray))

    @property
    def phase(self) -> Array:
        """By hand, the phase (``IN_MUS``, ``IN_DISCARD``, ``IN_BETTING`` or ``IN_FINISHED``
        of :mod:`mus.batch.tables`).

        >>> import mus
        >>> from mus.batch import Batch
        >>> Batch(mus.Rules(), seeds=[1]).hands.phase.tolist()
        [0]
        """
        phase: Array = self.tables.phase_of_kind[self.kind]
        return phase

    def seed(self, row: int) -> int | str:
        """The seed hand ``row`` was dealt from (its reshuffles follow from it).

        >>> import mus
        >>> from mus.batch import Batch
        >>> batch = Batch(mus.Rules(), seeds=[1, "x"])
        >>> batch.redeal([0], ["y"])
        >>> batch.hands.seed(0), batch.hands.seed(1)
        ('y', 'x')
        """
        seed = self.reseeded.get(row)
        return self.seed_of(row) if seed is None else seed

    def replace(self, rows: Array, other: Hands, seeds: Sequence[int | str]) -> None:
        """Put the hands of ``other`` (just dealt from ``seeds``) in ``rows`` (what
        :meth:`mus.batch.Batch.redeal` does, whose example shows it)."""
        for name, value in vars(other).items():
            if isinstance(value, np.ndarray):
                getattr(self, name)[rows] = value
        self.reseeded.update(zip(rows.tolist(), seeds, strict=True))

    def to_act(self) -> Array:
        """By hand, the seat to act (-1 once the hand is over).

        >>> import mus
        >>> from mus.batch import Batch
        >>> Batch(mus.Rules(), seeds=[1, 2], mano=[3, 1]).hands.to_act().tolist()
        [3, 1]
        """
        return (self.queue & 15) - 1

    def hand(self, i: int, seat: int) -> Hand:
        """Seat ``seat``'s hand in hand ``i``.

        >>> import mus
        >>> from mus.batch import Batch
        >>> str(Batch(mus.Rules(), seeds=[1]).hands.hand(0, 1)) == str(mus.new_hand(seed=1).hands[1])
        True
        """
        return Hand.unchecked([_BY_ORDER[int(order)] for order in self.cards[i, seat]])


def sort_hands(cards: Array) -> Array:
    """Each hand of four card numbers (last axis) sorted ascending: a sorting network of
    five compare-and-swaps over whole columns, cheaper than a sort of each short row.

    >>> sort_hands(np.array([[9, 2, 7, 1]])).tolist()
    [[1, 2, 7, 9]]
    """
    a, b, c, d = cards[..., 0], cards[..., 1], cards[..., 2], cards[..., 3]
    a, b = np.minimum(a, b), np.maximum(a, b)
    c, d = np.minimum(c, d), np.maximum(c, d)
    a, c = np.minimum(a, c), np.maximum(a, c)
    b, d = np.minimum(b, d), np.maximum(b, d)
    b, c = np.minimum(b, c), np.maximum(b, c)
    return np.stack([a, b, c, d], axis=-1)


def multisets(tables: Tables, cards: Array) -> Array:
    """The rank multiset index of each hand of four sorted card numbers (last axis).

    >>> import mus
    >>> from mus.batch.tables import tables_for
    >>> hand = mus.Hand.parse("Ro Rc 7e 1b")
    >>> int(multisets(tables_for(mus.Rules()), np.array([card.order for card in hand.cards]))) == hand.multiset
    True
    """
    ranks = tables.rank_position[cards]
    code = ranks[..., 0] * 1000 + ranks[..., 1] * 100 + ranks[..., 2] * 10 + ranks[..., 3]
    found: Array = tables.multiset[code]
    return found
