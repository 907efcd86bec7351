"""Lance keys and winners for whole arrays of deals at once (numpy).

A deal is a row of rank-multiset indices, one a seat (``hand.multiset``, see
:mod:`mus.hand`); every lance is then a table lookup and a maximum over the row, done
for every row in one pass. The results equal the scalar :func:`mus.lance_key` and
:func:`mus.lance_winner` deal for deal, under every knob that changes ranking, since
the tables are the ones in ``rules.ranking``.

>>> import mus
>>> from mus.odds import lance_winners, multisets
>>> deals = multisets([["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"]])
>>> [int(lance_winners(lance, deals, mus.Rules())[0]) for lance in mus.Lance]
[0, 3, 0, -1, 1]
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mus.cards import ALL_CARDS, Rank
from mus.errors import MusError, quoted
from mus.hand import HAND_SIZE, RANK_MULTISETS, Hand
from mus.lances import Lance, Ranking
from mus.rules import HouseRule, Rules

if TYPE_CHECKING:  # numpy as the type checkers read it: always there
    import numpy
    from numpy.typing import ArrayLike, NDArray
else:
    try:
        import numpy
    except ImportError:  # the core never needs numpy: only mus.odds does, when called
        numpy = None
np = numpy
"""numpy, or ``None`` without the ``fast`` extra (:func:`need_numpy` says to install it):
the one import of it that the modules of mus.odds and mus.advise share."""

__all__ = [
    "MAX_DEALS",
    "NONE",
    "LanceTables",
    "MissingExtraError",
    "OddsError",
    "bonus_table",
    "deal",
    "deal_cards",
    "en_paso_stones",
    "lance_keys",
    "lance_winners",
    "multisets",
    "multisets_of_cards",
    "multisets_of_positions",
    "seed_entropy",
    "shuffled_heads",
    "stones_of_winners",
    "tables_for",
    "whole_deck",
    "winners",
]


class OddsError(MusError):
    """Bad input to :mod:`mus.odds`: the message says what and why.

    >>> from mus.odds import odds
    >>> odds("Ro Rc 7e 1b", seat=4)
    Traceback (most recent call last):
    ...
    mus.odds.OddsError: seat is a speaking position from the mano, 0 to 3, got 4
    """


OddsError.__module__ = "mus.odds"  # raised from several modules, documented in one


class MissingExtraError(OddsError):
    """An optional package that a feature needs is not installed; the message names
    the ``pip install`` line (``mus-rules[fast]`` for numpy, ``[plot]``, ``[ray]``).

    >>> str(MissingExtraError.for_extra("matplotlib", "plot"))
    "this needs matplotlib: pip install 'mus-rules[plot]'"
    """

    @classmethod
    def for_extra(cls, package: str, extra: str) -> MissingExtraError:
        """The error for a missing ``package`` that the extra ``extra`` installs."""
        return cls(f"this needs {package}: pip install 'mus-rules[{extra}]'")


MissingExtraError.__module__ = "mus.odds"


def need_numpy() -> None:
    """Raise :class:`MissingExtraError` unless numpy is installed.

    >>> need_numpy()
    """
    if np is None:
        raise MissingExtraError.for_extra("numpy", "fast")


NONE = -1
"""The winner of pares or juego when no seat has it.

>>> NONE
-1
"""

# Rank positions as RANK_MULTISETS counts them: rey 0, caballo 1, ... as 9.
_POSITION = {rank: position for position, rank in enumerate(sorted(Rank, reverse=True))}
_CARD_POSITION = tuple(_POSITION[card.rank] for card in ALL_CARDS)
_CARD_NUMBER = {card: number for number, card in enumerate(ALL_CARDS)}
_SHIFT = 4  # bits that carry the speaking position in a combined key: up to 16 seats
_MAX_SEATS = 1 << _SHIFT

Seed = int | str

MAX_DEALS = 10**7
"""The most deals one call of ``deal`` or ``deal_cards`` makes (shuffling
takes about 40 bytes a deal): more are made in batches, as :func:`mus.odds.odds`
makes its samples."""


def seed_entropy(seed: Seed) -> int:
    """A seed (a whole number or any text) as the non-negative entropy numpy wants;
    the same seed gives the same number on every machine.

    >>> seed_entropy(7), seed_entropy("table 4") == seed_entropy("table 4")
    (7, True)
    """
    if type(seed) is not int and type(seed) is not str:
        if isinstance(seed, bool) or not isinstance(seed, (int, str)):
            raise OddsError(f"a seed is a whole number or a text, got {quoted(seed)}")
        seed = int(seed) if isinstance(seed, int) else str.__str__(seed)
    if type(seed) is int and seed >= 0:
        return seed
    return int.from_bytes(hashlib.sha256(repr(seed).encode()).digest()[:16], "big")


class LanceTables:
    """The numpy tables of one ranking: per lance keys and their dense order (see
    :func:`tables_for`).

    >>> import mus
    >>> tables = tables_for(mus.Rules())
    >>> tables.keys.shape, int(tables.order.max()) < 1000
    ((5, 715), True)
    """

    def __init__(self, ranking: Ranking) -> None:
        if type(ranking) is not Ranking:
            raise OddsError(f"LanceTables() takes a Ranking (rules.ranking), got {quoted(ranking)}")
        keys = ranking.keys
        if max(max(row) for row in keys) >= 2**62:
            raise OddsError("a house rule gave lance keys too large for mus.odds (keep them below 2**62)")
        self.keys: NDArray[np.int64] = np.array(keys, dtype=np.int64)
        # Winners only need the keys' order: dense ranks (0 still "lacks it") fit in a
        # few bits, which leaves room for the speaking position in the same integer.
        order = np.empty((len(Lance), len(RANK_MULTISETS)), dtype=np.int32)
        for lance in Lance:
            values, inverse = np.unique(np.concatenate(([0], self.keys[lance])), return_inverse=True)
            order[lance] = inverse[1:] + (0 if values[0] == 0 else 1)
        self.order = order
        self.shifted: NDArray[np.int32] = order << _SHIFT


_TABLES: dict[Ranking, LanceTables] = {}


def tables_for(rules: Rules) -> LanceTables:
    """The numpy tables of ``rules``' ranking, built once per ranking (cached).

    >>> import mus
    >>> tables_for(mus.Rules()) is tables_for(mus.Rules(target=30))
    True
    """
    need_numpy()
    if not isinstance(rules, Rules):
        raise OddsError(f"rules must be a mus.Rules, got {type(rules).__name__}")
    tables = _TABLES.get(rules.ranking)
    if tables is None:
        if len(_TABLES) >= 64:  # rule sets built on the fly (house rules) must not pile up
            _TABLES.clear()
        tables = _TABLES[rules.ranking] = LanceTables(rules.ranking)
    return tables


def checked_rules(rules: Rules | None) -> Rules:
    """``rules`` (``Rules()`` for ``None``), checked, with its tables built and its deck
    the whole one (:func:`whole_deck`): how the odds, the equity table and the advice
    start.

    >>> import mus
    >>> checked_rules(None) == mus.Rules()
    True
    >>> checked_rules("standard")
    Traceback (most recent call last):
    ...
    mus.odds.OddsError: rules must be a mus.Rules, got str
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise OddsError(f"rules must be a mus.Rules, got {type(rules).__name__}")
    return whole_deck(rules)


def _position_table() -> NDArray[np.int16]:
    # Four rank positions sorted low to high, read as a 4-digit decimal number.
    table = np.full(10_000, -1, dtype=np.int16)
    for index, ranks in enumerate(RANK_MULTISETS):
        a, b, c, d = (_POSITION[rank] for rank in ranks)
        table[((a * 10 + b) * 10 + c) * 10 + d] = index
    return table


_SORTED_CODE: list[NDArray[np.int16]] = []


def multisets_of_cards(cards: ArrayLike) -> NDArray[np.int16]:
    """The rank-multiset index of each hand in an array of card numbers (positions in
    :data:`mus.ALL_CARDS`) whose last axis holds a hand's four cards.

    >>> import mus
    >>> hand = mus.Hand.parse("Ro Rc 7e 1b")
    >>> numbers = [mus.ALL_CARDS.index(card) for card in hand]
    >>> int(multisets_of_cards(numbers)) == hand.multiset
    True
    """
    need_numpy()
    array = _array(cards, "cards")
    if array.shape[-1:] != (HAND_SIZE,) or array.dtype.kind not in "iu":
        raise OddsError(f"cards are whole card numbers, four on the last axis, got shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() >= len(ALL_CARDS)):
        raise OddsError(f"card numbers run from 0 to {len(ALL_CARDS) - 1}")
    return multisets_of_positions(np.array(_CARD_POSITION, dtype=np.int16)[array])


def multisets_of_positions(position: ArrayLike) -> NDArray[np.int16]:
    """The multiset index of hands given as rank positions (rey 0, caballo 1, ... as 9),
    four on the last axis: suits never matter, so sampling can deal ranks alone.

    >>> import mus
    >>> int(multisets_of_positions(np.array([0, 0, 3, 9]))) == mus.Hand.parse("Ro Rc 7e 1b").multiset
    True
    """
    need_numpy()
    if not _SORTED_CODE:
        _SORTED_CODE.append(_position_table())
    position = _array(position, "rank positions")
    if position.shape[-1:] != (HAND_SIZE,) or position.dtype.kind not in "iu":
        raise OddsError(f"rank positions are whole numbers, four on the last axis, got shape {position.shape}")
    if position.size and (position.min() < 0 or position.max() >= len(_POSITION)):
        raise OddsError(f"rank positions run from 0 to {len(_POSITION) - 1}")
    position = position.astype(np.int32)  # room for the four-digit code
    a, b, c, d = (position[..., i] for i in range(HAND_SIZE))
    # The five compare-and-swaps of a sorting network, done on whole columns.
    a, b = np.minimum(a, b), np.maximum(a, b)
    c, d = np.minimum(c, d), np.maximum(c, d)
    a, c = np.minimum(a, c), np.maximum(a, c)
    b, d = np.minimum(b, d), np.maximum(b, d)
    b, c = np.minimum(b, c), np.maximum(b, c)
    found: NDArray[np.int16] = _SORTED_CODE[0][((a * 10 + b) * 10 + c) * 10 + d]
    return found


def multisets(deals: Sequence[Sequence[Hand | str]]) -> NDArray[np.int16]:
    """Deals of :class:`~mus.Hand` values (or their texts), one list a deal, as the
    array of multiset indices the batch functions take, shape ``(deals, seats)``.

    >>> multisets([["Ro Rc 7e 1b", "Cc Co 5b 4e"]]).shape
    (1, 2)
    """
    need_numpy()
    if isinstance(deals, str) or not isinstance(deals, Sequence):
        raise OddsError(f"deals are a list of deals, each a list of hands, got {quoted(deals)}")
    rows = []
    for one in deals:
        if isinstance(one, str) or not isinstance(one, Sequence):
            raise OddsError(f"a deal is a list of hands, got {quoted(one)}")
        try:
            rows.append([(hand if isinstance(hand, Hand) else Hand.parse(hand)).multiset for hand in one])
        except MusError as error:
            raise OddsError(str(error)) from None
    if len({len(row) for row in rows}) > 1:
        raise OddsError("every deal needs the same number of hands")
    return np.array(rows, dtype=np.int16).reshape(len(rows), len(rows[0]) if rows else 0)


def _generator(seed: Seed | np.random.Generator | np.random.SeedSequence) -> np.random.Generator:
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, np.random.BitGenerator):
        raise OddsError("a seed is a whole number, a text, a numpy Generator or SeedSequence, not a bit generator")
    sequence = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed_entropy(seed))
    return np.random.Generator(np.random.PCG64(sequence))


def deal_cards(
    count: int,
    seats: int,
    *,
    seed: Seed | np.random.Generator | np.random.SeedSequence,
    hand: Hand | None = None,
    seat: int = 0,
) -> NDArray[np.int8]:
    """``count`` random deals of four cards to each of ``seats`` seats, as card numbers
    (positions in :data:`mus.ALL_CARDS`), shape ``(count, seats, 4)``; given ``hand``,
    that hand sits at ``seat`` in every deal and the others come from the rest.

    >>> import mus
    >>> cards = deal_cards(3, 4, seed=1, hand=mus.Hand.parse("Ro Rc 7e 1b"), seat=2)
    >>> cards.shape, mus.Hand([mus.ALL_CARDS[n] for n in cards[0, 2]])
    ((3, 4, 4), Hand.parse('Ro Rc 7e 1b'))
    """
    need_numpy()
    if type(count) is not int or not 0 <= count <= MAX_DEALS:
        raise OddsError(f"count is a whole number of deals from 0 to {MAX_DEALS:,}, got {quoted(count)}")
    if type(seats) is not int or not 1 <= seats <= len(ALL_CARDS) // HAND_SIZE:
        raise OddsError(f"seats is a whole number from 1 to {len(ALL_CARDS) // HAND_SIZE}, got {quoted(seats)}")
    if hand is not None and type(hand) is not Hand:
        raise OddsError(f"hand is a Hand (Hand.parse('Ro Rc 7e 1b')) or None, got {quoted(hand)}")
    if type(seat) is not int or not 0 <= seat < seats:
        raise OddsError(f"seat is 0 to {seats - 1}, got {quoted(seat)}")
    rng = _generator(seed)
    known = [] if hand is None else [_CARD_NUMBER[card] for card in hand]
    rest = np.array([n for n in range(len(ALL_CARDS)) if n not in known], dtype=np.int8)
    dealt = HAND_SIZE * (seats - (hand is not None))
    others = shuffled_heads(rest, count, dealt, rng).reshape(count, dealt // HAND_SIZE, HAND_SIZE)
    if hand is None:
        return others
    mine = np.broadcast_to(np.array(known, dtype=np.int8), (count, 1, HAND_SIZE))
    return np.concatenate((others[:, :seat], mine, others[:, seat:]), axis=1)


def shuffled_heads(deck: NDArray[np.int8], count: int, head: int, rng: np.random.Generator) -> NDArray[np.int8]:
    """The first ``head`` cards of ``count`` independent shuffles of ``deck``, one a row.

    >>> rows = shuffled_heads(np.arange(10, dtype=np.int8), 4, 3, np.random.default_rng(1))
    >>> rows.shape, all(len(set(row)) == 3 for row in rows.tolist())
    ((4, 3), True)
    """
    if not isinstance(deck, np.ndarray) or deck.ndim != 1 or deck.dtype.kind not in "iu":
        raise OddsError(f"deck is a 1-d numpy array of card numbers, got {quoted(deck)}")
    if type(count) is not int or not 0 <= count <= MAX_DEALS:
        raise OddsError(f"count is a whole number of shuffles from 0 to {MAX_DEALS:,}, got {quoted(count)}")
    if type(head) is not int or not 0 <= head <= len(deck):
        raise OddsError(f"head is a whole number of cards from 0 to {len(deck)}, got {quoted(head)}")
    if not isinstance(rng, np.random.Generator):
        raise OddsError(f"rng is a numpy Generator, got {quoted(rng)}")
    rows = np.arange(count)
    shuffled = np.tile(deck, (count, 1))
    # A Fisher-Yates shuffle of every row at once, stopped once the head is drawn.
    for i in range(head):
        j = rng.integers(i, len(deck), size=count)
        drawn = shuffled[rows, j]
        shuffled[rows, j] = shuffled[:, i]
        shuffled[:, i] = drawn
    return shuffled[:, :head]


def whole_deck(rules: Rules) -> Rules:
    """``rules`` if their deck is the whole 40-card deck, from which :mod:`mus.odds`
    deals; else an :class:`OddsError` (a reduced deck, ``Rules.ranks`` and
    ``Rules.suits``, is not supported).

    >>> import mus
    >>> whole_deck(mus.Rules.preset("mini"))
    Traceback (most recent call last):
    ...
    mus.odds.OddsError: mus.odds deals from the whole 40-card deck: not supported with a reduced deck (these rules have 12 cards)
    """
    tables_for(rules)
    if len(rules.deck) != len(ALL_CARDS):
        raise OddsError(
            f"mus.odds deals from the whole 40-card deck: not supported with a reduced deck (these rules have"
            f" {len(rules.deck)} cards)"
        )
    return rules


def deal(count: int, rules: Rules, *, seed: Seed | np.random.Generator | np.random.SeedSequence) -> NDArray[np.int16]:
    """``count`` random deals at the table of ``rules``, as multiset indices by seat.

    >>> import mus
    >>> deals = deal(1000, mus.Rules.preset("six"), seed=5)
    >>> deals.shape, bool((deals == deal(1000, mus.Rules.preset("six"), seed=5)).all())
    ((1000, 6), True)
    """
    whole_deck(rules)
    return multisets_of_cards(deal_cards(count, rules.seats, seed=seed))


def _array(value: object, what: str) -> NDArray[Any]:
    """``value`` as a numpy array; a value numpy cannot read is refused."""
    try:
        return np.asarray(value)
    except Exception:  # numpy's errors on ragged lists, or a value whose protocols fail
        raise OddsError(f"{what} are an array of whole numbers, got {quoted(value)}") from None


def _deals(deals: ArrayLike) -> NDArray[np.int16]:
    array = _array(deals, "deals")
    if array.ndim != 2 or array.dtype.kind not in "iu":
        raise OddsError(f"deals are a 2-d array of multiset indices (deals, seats), got shape {array.shape}")
    if not 1 <= array.shape[1] <= _MAX_SEATS:
        raise OddsError(f"a deal has 1 to {_MAX_SEATS} hands, got {array.shape[1]}")
    if array.size and (array.min() < 0 or array.max() >= len(RANK_MULTISETS)):
        raise OddsError(f"multiset indices run from 0 to {len(RANK_MULTISETS) - 1}")
    return array


def lance_keys(lance: Lance, deals: ArrayLike, rules: Rules) -> NDArray[np.int64]:
    """Every hand's key at ``lance`` (the scalar :func:`mus.lance_key`), same shape as
    ``deals``: bigger wins, ``0`` lacks pares or juego.

    >>> import mus
    >>> lance_keys(mus.Lance.PUNTO, multisets([["Ro 7e 5b 1b", "Cc Co 5b 4e"]]), mus.Rules()).tolist()
    [[23, 29]]
    """
    tables = tables_for(rules)
    keys: NDArray[np.int64] = tables.keys[_lance(lance)][_deals(deals)]
    return keys


def _best(
    lance: Lance, deals: NDArray[np.int16], tables: LanceTables, mano: NDArray[np.int64] | int
) -> NDArray[np.int32]:
    # Each seat's key with its nearness to the mano in the low bits: the maximum is
    # then the winner, ties going to the seat nearest the mano, in one pass.
    seats = deals.shape[1]
    shifted = tables.shifted[lance]
    best: NDArray[np.int32] | None = None
    for seat in range(seats):
        near = _MAX_SEATS - 1 - (seat - mano) % seats
        combined = shifted[deals[:, seat]] + (near if isinstance(near, int) else near.astype(np.int32))
        best = combined if best is None else np.maximum(best, combined)
    assert best is not None
    return best


def table_winners(
    lance: Lance, deals: NDArray[np.int16], tables: LanceTables, mano: NDArray[np.int64] | int
) -> NDArray[np.int8]:
    """The winning seat of ``lance`` in each deal (rows of rank-multiset indices by
    seat), ties to the seat nearest ``mano``; :data:`NONE` where no seat has pares
    (juego). Unchecked: the batch functions' own path.

    >>> import mus
    >>> hands = [mus.Hand.parse(t) for t in ("Ro Rc 7e 1b", "Cc Co 5b 4e")]
    >>> deals = np.array([[hand.multiset for hand in hands]], dtype=np.int16)
    >>> table_winners(Lance.GRANDE, deals, tables_for(mus.Rules()), 0).tolist()
    [0]
    """
    return _seat_of(_best(lance, deals, tables, mano), lance, deals.shape[1], mano)


def _seat_of(best: NDArray[np.int32], lance: Lance, seats: int, mano: NDArray[np.int64] | int) -> NDArray[np.int8]:
    seat = ((mano + (_MAX_SEATS - 1 - (best & (_MAX_SEATS - 1)))) % seats).astype(np.int8)
    if lance is Lance.PARES or lance is Lance.JUEGO:
        seat[best >> _SHIFT == 0] = NONE
    return seat


def _lance(lance: object) -> Lance:
    try:
        return Lance(lance)  # type: ignore[arg-type]  # the caller's value: Lance() checks it
    except MusError as error:
        raise OddsError(str(error)) from None


def _mano(mano: ArrayLike, count: int, seats: int) -> NDArray[np.int64] | int:
    if isinstance(mano, int) and not isinstance(mano, bool):
        if not 0 <= mano < seats:
            raise OddsError(f"mano is a seat from 0 to {seats - 1}, got {quoted(mano)}")
        return int(mano)
    array = _array(mano, "mano")
    if array.shape != (count,) or array.dtype.kind not in "iu" or (count and (array.min() < 0 or array.max() >= seats)):
        raise OddsError(f"mano is one seat, or one seat from 0 to {seats - 1} a deal")
    return array.astype(np.int64)


def lance_winners(lance: Lance, deals: ArrayLike, rules: Rules, mano: ArrayLike = 0) -> NDArray[np.int8]:
    """The winning seat of ``lance`` in each deal (a row of multiset indices by seat),
    ties to the seat nearest the ``mano`` (one seat, or one a deal); ``NONE`` when
    no seat has pares (juego). Equal to :func:`mus.lance_winner` deal for deal.

    >>> import mus
    >>> deals = multisets([["Ro Rc 7e 1b", "Rb Re 7c 1o"]])
    >>> lance_winners(mus.Lance.GRANDE, deals, mus.Rules(), mano=1).tolist()
    [1]
    """
    tables = tables_for(rules)
    array = _deals(deals)
    lance = _lance(lance)
    mano_ = _mano(mano, array.shape[0], array.shape[1])
    return _seat_of(_best(lance, array, tables, mano_), lance, array.shape[1], mano_)


def winners(deals: ArrayLike, rules: Rules, mano: ArrayLike = 0) -> NDArray[np.int8]:
    """The winning seat of every lance in each deal, shape ``(deals, 5)`` in
    :class:`~mus.Lance` order (punto is given even when a seat has juego).

    >>> import mus
    >>> deals = multisets([["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"]])
    >>> winners(deals, mus.Rules(), mano=2).tolist()
    [[0, 3, 0, -1, 1]]
    """
    tables = tables_for(rules)
    array = _deals(deals)
    mano_ = _mano(mano, array.shape[0], array.shape[1])
    columns = [_seat_of(_best(lance, array, tables, mano_), lance, array.shape[1], mano_) for lance in Lance]
    return np.stack(columns, axis=1) if columns[0].size else np.empty((0, len(Lance)), dtype=np.int8)


def _bonus_hook(rule: HouseRule) -> bool:
    return type(rule).bonus is not HouseRule.bonus


def bonus_table(rules: Rules) -> NDArray[np.int64] | None:
    """Each multiset's bonus at each lance under ``rules``, shape ``(5, 715)``
    (the scalar :func:`mus.bonus`); ``None`` when a house rule's bonus hook sees the
    hand's cards, which rank multisets do not tell.

    >>> import mus
    >>> int(bonus_table(mus.Rules())[mus.Lance.PARES][mus.Hand.parse("Ro Rc Rb 1b").multiset])
    2
    """
    tables_for(rules)
    if rules.bonuses is not None:
        return _bonus_array(rules.bonuses)
    if any(_bonus_hook(rule) for rule in rules.house):
        return None
    plain = rules.evolve(house=())
    assert plain.bonuses is not None
    return _bonus_array(plain.bonuses)


_BONUS_ARRAYS: dict[int, tuple[tuple[tuple[int, ...], ...], NDArray[np.int64]]] = {}


def _bonus_array(table: tuple[tuple[int, ...], ...]) -> NDArray[np.int64]:
    # One read-only array per bonus table (rule sets share their tables): bots ask often.
    found = _BONUS_ARRAYS.get(id(table))
    if found is None or found[0] is not table:
        if len(_BONUS_ARRAYS) >= 64:
            _BONUS_ARRAYS.clear()
        array = np.array(table, dtype=np.int64)
        array.flags.writeable = False
        found = _BONUS_ARRAYS[id(table)] = (table, array)
    return found[1]


def en_paso_stones(deals: ArrayLike, rules: Rules, mano: ArrayLike = 0) -> NDArray[np.int64]:
    """The stones each side scores at each lance when every lance goes en paso (nobody
    bets), shape ``(deals, 5, sides)``, as :func:`mus.count` counts them from 0-0
    without stopping at the target: grande and chica pay the en paso stone, pares and
    juego the winning side's bonuses (when one side alone has them too), punto its
    stone when no seat has juego.

    >>> import mus
    >>> deals = multisets([["Ro Rc Se 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"]])
    >>> en_paso_stones(deals, mus.Rules()).tolist()
    [[[1, 0], [0, 1], [1, 0], [3, 0], [0, 0]]]
    """
    tables = tables_for(rules)
    array = _deals(deals)
    count, seats = array.shape
    if seats != rules.seats:
        raise OddsError(f"the count needs {rules.seats} hands a deal, got {seats}")
    bonuses = bonus_table(rules)
    if bonuses is None:
        names = ", ".join(rule.name for rule in rules.house if _bonus_hook(rule))
        raise OddsError(f"house rule {names} has its own bonus hook, which sees suits: no batch count")
    mano_ = _mano(mano, count, seats)
    won = np.stack([_seat_of(_best(lance, array, tables, mano_), lance, seats, mano_) for lance in Lance], axis=1)
    return stones_of_winners(won.reshape(count, len(Lance)), array, rules, bonuses)


def stones_of_winners(
    won: NDArray[np.int8], deals: NDArray[np.int16], rules: Rules, bonuses: NDArray[np.int64]
) -> NDArray[np.int64]:
    """The en paso count of :func:`en_paso_stones`, from the winners the caller has
    already found (``won``, shape ``(deals, 5)``, as :func:`winners` gives them, punto's
    winner given even when a seat has juego) and the :func:`bonus_table`. Unchecked:
    the batch functions' own path.

    >>> import mus
    >>> deals = multisets([["Ro Rc Se 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"]])
    >>> stones_of_winners(winners(deals, mus.Rules()), deals, mus.Rules(), bonus_table(mus.Rules())).tolist()
    [[[1, 0], [0, 1], [1, 0], [3, 0], [0, 0]]]
    """
    count = len(deals)
    team_of = np.array(rules.team_of, dtype=np.int64)
    stones = np.zeros((count, len(Lance), rules.teams), dtype=np.int64)
    rows = np.arange(count)
    juego_held = won[:, Lance.JUEGO] != NONE
    for lance in Lance:
        seat = won[:, lance]
        team = team_of[np.maximum(seat, 0)]
        if lance <= Lance.CHICA:
            value = np.full(count, rules.payouts.en_paso, dtype=np.int64)
        elif lance is Lance.PUNTO:
            value = np.where(juego_held, 0, rules.payouts.punto)
        else:
            # Every seat of the winning side adds its own bonus (0 without the combination).
            own = bonuses[lance][deals] * (team_of[np.newaxis, :] == team[:, np.newaxis])
            value = np.where(seat == NONE, 0, own.sum(axis=1))
        stones[rows, lance, team] = value
    return stones
