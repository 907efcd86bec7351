"""A player's four cards, with the index that makes every lance a table lookup.

A hand is four distinct cards. Only its multiset of ranks matters to the lances, and
there are just 715 of those (330 once 2s count as ases and 3s as reyes), so each hand
carries the index of its rank multiset and :mod:`mus.lances` keeps one key per
multiset and lance.

>>> hand = Hand.parse("1b 7e Ro Rc")
>>> hand
Hand.parse('Ro Rc 7e 1b')
>>> str(hand), len(hand), Card.parse("7e") in hand
('Ro Rc 7e 1b', 4, True)
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Iterable

import attrs

from mus.cards import ALL_CARDS, Card, CardRow, Rank, parse_cards
from mus.errors import CardError, HandError, quoted

__all__ = ["HAND_SIZE", "RANK_MULTISETS", "Hand"]

HAND_SIZE = 4
"""The cards in a hand."""

RANK_MULTISETS: tuple[tuple[Rank, ...], ...] = tuple(
    itertools.combinations_with_replacement(sorted(Rank, reverse=True), HAND_SIZE)
)
"""Every multiset of four ranks, each sorted high to low; a hand's ``multiset`` indexes it.

>>> len(RANK_MULTISETS)
715
"""

_MULTISET_INDEX = {ranks: index for index, ranks in enumerate(RANK_MULTISETS)}


# A hand's rank multiset as one number: each card adds 5 ** (its rank's position),
# so four cards give a unique sum (no rank holds more than four cards).
_RANK_POSITION = {rank: position for position, rank in enumerate(sorted(Rank, reverse=True))}
_MULTISET_OF_CODE = {
    sum(5 ** _RANK_POSITION[rank] for rank in ranks): index for index, ranks in enumerate(RANK_MULTISETS)
}
# Tables indexed by Card.order (which skips the numbers of the missing ranks 8 and 9).
_CARD_AT_ORDER: tuple[Card, ...] = tuple(
    {card.order: card for card in ALL_CARDS}.get(order)  # type: ignore[misc]
    for order in range(48)
)
_ORDER_OF_INDEX = bytes(card.order for card in ALL_CARDS).ljust(256, b"\0")  # a bytes.translate table
_CODE_AT_ORDER = tuple(0 if card is None else 5 ** _RANK_POSITION[card.rank] for card in _CARD_AT_ORDER)

_BY_ORDER = operator.attrgetter("order")
_new = object.__new__
_set = object.__setattr__
_RANK = operator.attrgetter("rank")


def _to_cards(value: object) -> tuple[Card, ...]:
    if isinstance(value, Hand):
        return value.cards
    if (
        # The engine builds hands from cards it already holds: keep that path short.
        type(value) is tuple
        and len(value) == HAND_SIZE
        and all(type(card) is Card for card in value)
        and len({card.order for card in value}) == HAND_SIZE
    ):
        return tuple(sorted(value, key=_BY_ORDER))
    try:
        cards = parse_cards(value)  # type: ignore[arg-type]
    except CardError as error:
        raise HandError(str(error)) from None
    if len(cards) != HAND_SIZE:
        raise HandError(f"a hand has exactly {HAND_SIZE} cards, got {len(cards)}: {quoted(' '.join(map(str, cards)))}")
    if len({card.order for card in cards}) != HAND_SIZE:
        text = " ".join(map(str, cards))
        duplicate = next(card for card in cards if cards.count(card) > 1)
        raise HandError(f"duplicate card {quoted(str(duplicate))} in hand {quoted(text)}")
    return tuple(sorted(cards, key=_BY_ORDER))


@attrs.frozen(repr=False)
class Hand(CardRow):
    """Four distinct cards, kept sorted high to low. Immutable and hashable.

    Build one from cards, card texts or one string; the order given does not matter.

    >>> Hand.parse("Ro Rc 7e 1b") == Hand([Card.parse(t) for t in ("1b", "7e", "Rc", "Ro")])
    True
    >>> Hand.parse("Ro Rc 7e")
    Traceback (most recent call last):
    ...
    mus.errors.HandError: a hand has exactly 4 cards, got 3: 'Ro Rc 7e'
    """

    cards: tuple[Card, ...] = attrs.field(converter=_to_cards)
    multiset: int = attrs.field(init=False, eq=False, hash=False)
    """Index of the hand's rank multiset in :data:`RANK_MULTISETS`."""

    def __attrs_post_init__(self) -> None:
        ranks = tuple(card.rank for card in self.cards)
        object.__setattr__(self, "multiset", _MULTISET_INDEX[ranks])

    @classmethod
    def unchecked(cls, cards: Iterable[Card]) -> Hand:
        """The hand of ``cards``, known to be four distinct :class:`~mus.Card` values:
        the engine's path, which skips the checks of ``Hand(cards)`` (they dominate the
        cost of a deal). Hand it nothing from outside.

        >>> Hand.unchecked([Card.parse(t) for t in ("1b", "Ro", "7e", "Rc")])
        Hand.parse('Ro Rc 7e 1b')
        """
        hand = object.__new__(cls)
        ordered = tuple(sorted(cards, key=_BY_ORDER))
        object.__setattr__(hand, "cards", ordered)
        object.__setattr__(hand, "multiset", _MULTISET_INDEX[tuple(map(_RANK, ordered))])
        return hand

    @classmethod
    def from_deck(cls, deck: bytes, starts: Iterable[int], dealt: int) -> tuple[tuple[Hand, ...], tuple[Card, ...]]:
        """The hands dealt from ``deck``, card numbers (positions in
        :data:`~mus.ALL_CARDS`) top first: four from each of ``starts``; and the stock,
        what follows the first ``dealt`` cards. The engine's deal, unchecked.

        >>> hands, stock = Hand.from_deck(bytes(range(40)), (0, 4), 8)
        >>> hands, len(stock)
        ((Hand.parse('4o 3o 2o 1o'), Hand.parse('So 7o 6o 5o')), 32)
        """
        # Working on Card.order numbers, translated in one C call, and adding per-card
        # codes is cheaper than sorting cards and ranks.
        orders = deck.translate(_ORDER_OF_INDEX)
        card = _CARD_AT_ORDER
        code = _CODE_AT_ORDER
        multiset = _MULTISET_OF_CODE
        # The slots' own setters: cheaper than object.__setattr__ on a frozen class.
        set_cards, set_multiset = _SET_CARDS, _SET_MULTISET
        hands = []
        for start in starts:
            a, b, c, d = orders[start : start + HAND_SIZE]
            # Sorting four ints with five compare-and-swaps beats building a list.
            if a > b:
                a, b = b, a
            if c > d:
                c, d = d, c
            if a > c:
                a, c = c, a
            if b > d:
                b, d = d, b
            if b > c:
                b, c = c, b
            hand = _new(cls)
            set_cards(hand, (card[a], card[b], card[c], card[d]))
            set_multiset(hand, multiset[code[a] + code[b] + code[c] + code[d]])
            hands.append(hand)
        rest = orders[dealt:]
        # itemgetter of two or more items gives their tuple in one C call.
        stock = operator.itemgetter(*rest)(card) if len(rest) > 1 else tuple(card[o] for o in rest)
        return tuple(hands), stock

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read four space-separated cards, such as ``"Ro Rc 7e 1b"``.

        >>> Hand.parse("1b 7e Ro Rc")
        Hand.parse('Ro Rc 7e 1b')
        """
        if not isinstance(text, str):
            raise HandError(f"a hand's text is a str, got {type(text).__name__}")
        return cls(text)

    @property
    def ranks(self) -> tuple[Rank, ...]:
        """The four ranks, high to low.

        >>> Hand.parse("3o 2c Se 5b").ranks
        (<Rank.SOTA: 10>, <Rank.CINCO: 5>, <Rank.TRES: 3>, <Rank.DOS: 2>)
        """
        return RANK_MULTISETS[self.multiset]

    def replace(self, discards: Iterable[Card], drawn: Iterable[Card]) -> Hand:
        """The hand with ``discards`` taken out and ``drawn`` put in.

        >>> Hand.parse("Ro Rc 7e 1b").replace([Card.parse("1b")], [Card.parse("Re")])
        Hand.parse('Ro Rc Re 7e')
        """
        try:
            out = set(discards)
            drawn = list(drawn)
        except Exception:  # not iterables of cards: the caller's values
            raise HandError(f"replace() takes two lists of cards, got {quoted(discards)} and {quoted(drawn)}") from None
        if not out <= set(self.cards):
            extra = out - set(self.cards)
            strays = [card for card in extra if type(card) is not Card]
            missing = quoted(strays[0]) if strays else " ".join(str(card) for card in sorted(extra))
            raise HandError(f"cannot discard {missing}: not in hand {self}")
        cards = [card for card in self.cards if card not in out]
        cards.extend(drawn)
        if len(cards) != HAND_SIZE or not all(type(card) is Card for card in cards) or len(set(cards)) != HAND_SIZE:
            return Hand(cards)  # the converter says what is wrong
        return Hand.unchecked(cards)

    def __len__(self) -> int:
        return HAND_SIZE

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"


_SET_CARDS = Hand.__dict__["cards"].__set__
_SET_MULTISET = Hand.__dict__["multiset"].__set__
