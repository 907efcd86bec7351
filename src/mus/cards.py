"""Suits, ranks, cards and the 40-card Spanish deck, with their text forms.

A card's canonical text is two characters, rank then suit (rules section 1):
ranks ``1 2 3 4 5 6 7 S C R`` (as, ..., sota, caballo, rey) and suits ``o c e b``
(oros, copas, espadas, bastos).

>>> card = Card.parse("Ro")
>>> card
Card.parse('Ro')
>>> str(card), card.rank, card.suit
('Ro', <Rank.REY: 12>, <Suit.OROS: 'o'>)
>>> Card.parse("12o") == card, str(Card.parse("Ab"))
(True, '1b')
"""

from __future__ import annotations

import enum
import functools
import hashlib
import random
import struct
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

import attrs

from mus.errors import CardError, CheckedEnumType, MusError, TextEnum, quoted

__all__ = [
    "ALL_CARDS",
    "Card",
    "Deck",
    "Rank",
    "Suit",
    "parse_cards",
    "permutation",
    "seed_arg",
    "seeded_random",
    "shuffle",
    "shuffled_positions",
]


_T = TypeVar("_T")


def _named(table: dict[str, _T], text: object, case: Callable[[str], str], what: str, choices: str) -> _T:
    """The ``table`` entry that ``text`` names in any case (``case`` puts it in the
    table's), or a :class:`~mus.CardError` that lists the ``choices``."""
    found = table.get(case(text)) if isinstance(text, str) else None
    if found is None:
        raise CardError(f"unknown {what} {quoted(text)} ({choices})")
    return found


class Suit(TextEnum):
    """The four suits. Suits never matter in Mus; they only tell cards apart.

    >>> Suit.parse("e")
    <Suit.ESPADAS: 'e'>
    >>> [str(suit) for suit in Suit]
    ['o', 'c', 'e', 'b']
    """

    OROS = "o"
    COPAS = "c"
    ESPADAS = "e"
    BASTOS = "b"

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit written ``text`` (``o``, ``c``, ``e`` or ``b``, any case).

        >>> Suit.parse("O"), Suit.parse("b")
        (<Suit.OROS: 'o'>, <Suit.BASTOS: 'b'>)
        """
        return _named(_SUIT_BY_TEXT, text, str.lower, "suit", "suits: o, c, e, b")


_SUIT_BY_TEXT = {suit.value: suit for suit in Suit}


class Rank(enum.IntEnum, metaclass=CheckedEnumType):
    """The ten ranks of the Spanish deck, valued by their printed number.

    The integer order is the grande order of four-kings play (rey highest).

    >>> Rank.parse("C"), Rank.parse("11"), Rank.parse("A")
    (<Rank.CABALLO: 11>, <Rank.CABALLO: 11>, <Rank.AS: 1>)
    >>> str(Rank.SOTA), Rank.SOTA > Rank.SIETE
    ('S', True)
    """

    AS = 1
    DOS = 2
    TRES = 3
    CUATRO = 4
    CINCO = 5
    SEIS = 6
    SIETE = 7
    SOTA = 10
    CABALLO = 11
    REY = 12

    def __str__(self) -> str:
        return _RANK_TEXT[self]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @classmethod
    def parse(cls, text: str) -> Rank:
        """The rank written ``text``: ``1``-``7``, ``S``, ``C``, ``R``, ``A``, ``10``-``12``.

        >>> Rank.parse("R"), Rank.parse("12"), Rank.parse("a")
        (<Rank.REY: 12>, <Rank.REY: 12>, <Rank.AS: 1>)
        """
        return _named(_RANK_BY_TEXT, text, str.upper, "rank", "ranks: 1-7, S, C, R; also A, 10, 11, 12")


_RANK_TEXT = {rank: ("SCR"[rank - 10] if rank >= 10 else str(int(rank))) for rank in Rank}
_RANK_BY_TEXT = {text: rank for rank, text in _RANK_TEXT.items()}
_RANK_BY_TEXT.update({"A": Rank.AS, "10": Rank.SOTA, "11": Rank.CABALLO, "12": Rank.REY})


_SUIT_INDEX = {suit: index for index, suit in enumerate(Suit)}


def _check_rank(instance: object, attribute: attrs.Attribute[Rank], value: object) -> None:
    if not isinstance(value, Rank):
        raise CardError(f"a card's rank must be a Rank, got {quoted(value)}")


def _check_suit(instance: object, attribute: attrs.Attribute[Suit], value: object) -> None:
    if not isinstance(value, Suit):
        raise CardError(f"a card's suit must be a Suit, got {quoted(value)}")


@attrs.frozen(repr=False, order=False, eq=False)
class Card:
    """One card: a rank and a suit. Immutable and hashable.

    There is one value per card: ``Card(rank, suit)``, :meth:`parse`, a pickle or a copy
    all give the same object as :data:`ALL_CARDS` holds, so a card equals only itself
    and hashes by identity, in C (hands, discards and deals compare and hash cards all
    the time).

    >>> Card(Rank.SIETE, Suit.ESPADAS)
    Card.parse('7e')
    >>> Card.parse("7e") in {Card(Rank.SIETE, Suit.ESPADAS)}
    True
    >>> sorted([Card.parse("1b"), Card.parse("Ro"), Card.parse("7e")])
    [Card.parse('Ro'), Card.parse('7e'), Card.parse('1b')]
    >>> Card(Rank.REY, Suit.OROS) is Card.parse("Ro") is ALL_CARDS[9]
    True
    """

    rank: Rank = attrs.field(validator=_check_rank)
    suit: Suit = attrs.field(validator=_check_suit)
    order: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    """Position in the sorted order a player fans the cards: high ranks first, then suit."""

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        # The card's one value, once the 40 exist. attrs' __init__ then sets the same
        # rank and suit again; anything else (an int for a rank) gets a fresh object,
        # which __init__ refuses, so the 40 are never written with a bad value.
        if cls is Card and type(rank) is Rank and type(suit) is Suit and "_CARD" in globals():
            return _CARD[rank, suit]
        return super().__new__(cls)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "order", (Rank.REY - self.rank) * 4 + _SUIT_INDEX[self.suit])

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card.parse, (str(self),))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: a rank (``1``-``7``, ``S``, ``C``, ``R``, ``A``, ``10``-``12``)
        then a suit (``o``, ``c``, ``e``, ``b``). Case does not matter.

        >>> Card.parse("10c"), Card.parse("sE")
        (Card.parse('Sc'), Card.parse('Se'))
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"a card is text like 'Ro', got {type(text).__name__} {quoted(text)}")
        card = _CARD_BY_TEXT.get(text)
        if card is not None:
            return card
        stripped = text.strip()
        if len(stripped) < 2:
            raise CardError(f"card {quoted(text)} is too short: write a rank then a suit, like 'Ro'")
        try:
            rank = Rank.parse(stripped[:-1])
            suit = Suit.parse(stripped[-1])
        except CardError as error:
            kind = "rank" if "rank" in str(error) else "suit"
            token = stripped[:-1] if kind == "rank" else stripped[-1]
            hint = str(error).split(" (", 1)[1]
            raise CardError(f"unknown {kind} {quoted(token)} in card {quoted(text)} ({hint}") from None
        return _CARD[rank, suit]

    @property
    def index(self) -> int:
        """A number from 0 to 39 that identifies the card (suit-major).

        >>> Card.parse("1o").index, Card.parse("Rb").index
        (0, 39)
        """
        return _SUIT_INDEX[self.suit] * 10 + _RANK_INDEX[self.rank]

    # One value per card: equality and hash are object's own (identity, in C).

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.order < other.order

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_RANK_INDEX = {rank: index for index, rank in enumerate(Rank)}
_CARD = {(rank, suit): Card(rank, suit) for suit in Suit for rank in Rank}
_CARD_BY_TEXT = {str(card): card for card in _CARD.values()}

ALL_CARDS: tuple[Card, ...] = tuple(_CARD.values())
"""The 40 cards, oros first, each suit from as to rey.

>>> len(ALL_CARDS), str(ALL_CARDS[0]), str(ALL_CARDS[-1])
(40, '1o', 'Rb')
"""


def parse_cards(text: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Read cards from space-separated text or an iterable of cards or card texts.

    >>> parse_cards("Ro 7e")
    (Card.parse('Ro'), Card.parse('7e'))
    """
    if isinstance(text, str):
        tokens: Iterable[Card | str] = text.split()
    else:
        try:
            tokens = list(text)
        except Exception:  # not iterable, or its iteration failed: the caller's value
            raise CardError(f"expected cards as text or a list of cards, got {type(text).__name__}") from None
    return tuple(Card.parse(token) for token in tokens)  # type: ignore[arg-type]


def shuffle(cards: Iterable[Card], seed: int | str) -> tuple[Card, ...]:
    """``cards`` in an order drawn from a generator seeded with ``seed``; deterministic.

    Every deal and reshuffle of the library goes through here, so one seed always
    gives the same game on every machine.

    >>> shuffle(ALL_CARDS, 1) == shuffle(ALL_CARDS, 1) != shuffle(ALL_CARDS, 2)
    True
    """
    try:
        pile = tuple(cards)
    except Exception:  # not iterable, or its iteration failed: the caller's value
        raise MusError(f"shuffle() needs a list of cards, got {quoted(cards)}") from None
    if len(pile) > 64:
        raise MusError(f"a pile to shuffle holds 0 to 64 cards, got {len(pile)}")
    return tuple([pile[i] for i in shuffled_positions(len(pile), seed_arg(seed))])


def permutation(size: int, seed: int | str) -> list[int]:
    """The positions ``0..size-1`` in the order :func:`shuffle` puts a pile of ``size``.

    The order sorts the positions by 64-bit keys read big-endian from the SHAKE-128
    digest of ``"int:<seed>"`` or ``"str:<seed>"``, ties to the lower position.

    >>> order = permutation(40, 7)
    >>> sorted(order) == list(range(40)), [ALL_CARDS[i] for i in order] == list(Deck.shuffled(7))
    (True, True)
    """
    if type(size) is not int or not 0 <= size <= 64:
        raise MusError(f"a pile to shuffle holds 0 to 64 cards, got {quoted(size)}")
    return list(shuffled_positions(size, seed_arg(seed)))


def seed_arg(seed: object) -> int | str:
    """``seed`` normalised once for the library: any int (not a bool) or any str.

    Subclasses become plain ints and strs. Every str is accepted, lone surrogates
    included (they are hashed in UTF-8 with ``surrogatepass``). An int of more than
    4,000 digits, past what Python writes in decimal by default, is taken as the str of
    its hex form, so that every seed has a text for derived seeds and histories.

    >>> seed_arg(7), seed_arg(chr(0xD800)) == chr(0xD800), seed_arg(16 ** 5000)[:8]
    (7, True, '0x100000')
    >>> seed_arg(1.5)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a seed is an int or a str, got float
    """
    kind = type(seed)
    if kind is not int and kind is not str:
        if isinstance(seed, int) and not isinstance(seed, bool):
            seed = int.__index__(seed)
        elif isinstance(seed, str):
            seed = str.__str__(seed)
        else:
            raise MusError(f"a seed is an int or a str, got {type(seed).__name__}")
    if type(seed) is int and not -SEED_LIMIT < seed < SEED_LIMIT:
        return hex(seed)
    return seed  # type: ignore[return-value]


def seeded_random(seed: object) -> random.Random:
    """A ``random.Random`` seeded with ``seed`` as :func:`seed_arg` reads it (``None``:
    from the system): the bots' generators. A str seeds it as ``random.Random`` would,
    lone surrogates included.

    >>> seeded_random(5).random() == seeded_random(5).random() == random.Random(5).random()
    True
    >>> seeded_random("x").random() == random.Random("x").random(), seeded_random(chr(0xD800)).random() < 1
    (True, True)
    """
    if seed is None:
        return random.Random()
    checked = seed_arg(seed)
    return random.Random(checked.encode("utf-8", "surrogatepass") if type(checked) is str else checked)


SEED_LIMIT = 10**4000
"""Ints from this size up are taken as seeds by their hex text (see :func:`seed_arg`)."""


def shuffled_positions(size: int, seed: int | str) -> bytes:
    """:func:`permutation` as bytes, for the engine's deal: ``seed`` must already be
    normalised by :func:`seed_arg` and ``size`` at most 64 (unchecked).

    >>> list(shuffled_positions(40, 7)) == permutation(40, 7)
    True
    """
    # Sorting by independent pseudo-random keys gives a uniform permutation. The keys
    # come from SHAKE-128 of the seed: seeding a random.Random costs more than the
    # whole deal, and the hash is the same on every machine and Python version.
    tag = f"int:{seed}" if isinstance(seed, int) else f"str:{seed}"
    digest = hashlib.shake_128(tag.encode("utf-8", "surrogatepass")).digest(8 * size)
    mask, tags, floats = _DECK_TABLES if size == 40 else _sort_tables(size)
    # Sorting floats without a key function is several times cheaper than sorting
    # positions by 64-bit int keys, and the deal is a third of a hand. Each key
    # becomes the double in [1, 2) whose mantissa is its top 46 bits over its
    # position's 6 bits, so one plain sort of those doubles orders the positions, and
    # the last byte of each sorted double names one. That is the key order above for
    # every seed whose keys differ in their top 46 bits (all but about 1 in 10^11).
    bits = (int.from_bytes(digest, "big") >> 12) & mask | tags
    ordered = floats.pack(*sorted(floats.unpack(bits.to_bytes(8 * size, "big"))))
    return ordered[7::8].translate(_LOW_6_BITS)


@functools.lru_cache(maxsize=64)
def _sort_tables(size: int) -> tuple[int, int, struct.Struct]:
    """The masks of :func:`shuffled_positions` for ``size`` keys, one 8-byte field each."""
    if not 0 <= size <= 64:
        raise MusError(f"a pile to shuffle holds at most 64 cards, got {size}")
    fields = range(size)
    mask = int.from_bytes(b"\x00\x0f\xff\xff\xff\xff\xff\xc0" * size, "big")
    tags = int.from_bytes(b"".join((0x3FF0 << 48 | i).to_bytes(8, "big") for i in fields), "big")
    return mask, tags, struct.Struct(f">{size}d")


_LOW_6_BITS = bytes(value & 0x3F for value in range(256))
_DECK_TABLES = _sort_tables(40)  # the deal's, without the cache's lookup


def _check_deck(instance: object, attribute: attrs.Attribute[tuple[Card, ...]], value: object) -> None:
    if not isinstance(value, tuple) or not all(type(card) is Card for card in value):
        raise CardError("a deck is a tuple of Card values")
    if len({card.order for card in value}) != len(value):
        seen: set[Card] = set()
        for card in value:
            if card in seen:
                raise CardError(f"duplicate card {quoted(str(card))} in deck")
            seen.add(card)


class CardRow:
    """What a deck and a hand share: their ``cards``, iterated, searched with ``in`` and
    written as the cards' texts, space-separated (``"Ro Rc 7e 1b"``)."""

    __slots__ = ()
    cards: tuple[Card, ...]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))


@attrs.frozen
class Deck(CardRow):
    """An ordered pile of distinct cards, top card first. Dealing returns new values.

    ``Deck()`` is the full 40-card deck in a fixed order; :meth:`shuffled` gives a
    deterministic shuffle for a seed.

    >>> deck = Deck.shuffled(7)
    >>> len(deck), deck == Deck.shuffled(7)
    (40, True)
    >>> cards, rest = deck.deal(4)
    >>> len(cards), len(rest), len(deck)
    (4, 36, 40)
    """

    cards: tuple[Card, ...] = attrs.field(default=ALL_CARDS, validator=_check_deck)

    @classmethod
    def shuffled(cls, seed: int | str) -> Deck:
        """The 40 cards shuffled by a generator seeded with ``seed`` (an int or text).

        The same seed always gives the same order, on every machine.

        >>> deck = Deck.shuffled(7)
        >>> deck.cards[:3], Deck.shuffled("7") == deck, Deck.shuffled(7) == deck
        ((Card.parse('Sb'), Card.parse('2c'), Card.parse('Re')), False, True)
        """
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise MusError(f"a seed is an int or a str, got {type(seed).__name__}")
        return cls(shuffle(ALL_CARDS, seed))

    @classmethod
    def parse(cls, text: str) -> Deck:
        """Read a deck written as space-separated cards, top first.

        >>> Deck.parse("Ro 1b").cards
        (Card.parse('Ro'), Card.parse('1b'))
        """
        return cls(parse_cards(text))

    def deal(self, count: int) -> tuple[tuple[Card, ...], Deck]:
        """The top ``count`` cards and the deck that remains.

        >>> top, rest = Deck.parse("Ro 1b 7e").deal(2)
        >>> top, rest.cards
        ((Card.parse('Ro'), Card.parse('1b')), (Card.parse('7e'),))
        """
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise CardError(f"can only deal a whole number of cards, got {quoted(count)}")
        if count > len(self.cards):
            raise CardError(f"cannot deal {quoted(count)} cards from a deck of {len(self.cards)}")
        return self.cards[:count], Deck(self.cards[count:])

    def __len__(self) -> int:
        return len(self.cards)
