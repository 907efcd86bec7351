"""The five lances and their comparators (rules section 5).

Every comparison is a lookup: :class:`Ranking` holds, for each lance, one integer key
per rank multiset (see :mod:`mus.hand`), bigger is better, built once per rule set.
Keys of ``0`` mean "does not have it" for pares and juego.

>>> from mus import Hand, Lance, Rules, winner
>>> hands = [Hand.parse(text) for text in ("Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
>>> rules = Rules()
>>> [winner(lance, hands, rules) for lance in Lance]
[0, 3, 0, None, 1]
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from mus.cards import Rank
from mus.checks import hand_arg, hands_arg, lance_arg, quoted, rules_arg
from mus.errors import MusError, RulesError
from mus.hand import RANK_MULTISETS, Hand

if TYPE_CHECKING:
    from mus.rules import HouseRule, Rules

__all__ = [
    "JUEGO_ORDER",
    "JUEGO_ORDERS",
    "Lance",
    "Pares",
    "ParesKind",
    "Ranking",
    "bonus",
    "compare",
    "has_juego",
    "has_pares",
    "is_real_31",
    "lance_key",
    "pares",
    "played_rank",
    "points",
    "rank_points",
    "winner",
]


class Lance(enum.IntEnum):
    """The lances, in the order they are bet and counted.

    Punto is played instead of juego when no seat has juego.

    >>> [str(lance) for lance in Lance]
    ['grande', 'chica', 'pares', 'juego', 'punto']
    >>> Lance.parse("Juego")
    <Lance.JUEGO: 3>
    """

    GRANDE = 0
    CHICA = 1
    PARES = 2
    JUEGO = 3
    PUNTO = 4

    def __str__(self) -> str:
        return self.name.lower()

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @classmethod
    def parse(cls, text: str) -> Lance:
        """The lance named ``text`` (any case)."""
        try:
            return cls[text.upper()]
        except (KeyError, AttributeError):
            raise MusError(f"unknown lance {quoted(text)} (lances: grande, chica, pares, juego, punto)") from None


class ParesKind(enum.IntEnum):
    """The pares combinations, weakest first; duples beat medias beat pareja.

    >>> ParesKind.DUPLES > ParesKind.MEDIAS > ParesKind.PAREJA, str(ParesKind.MEDIAS)
    (True, 'medias')
    """

    PAREJA = 1
    MEDIAS = 2
    DUPLES = 3

    def __str__(self) -> str:
        return self.name.lower()


@attrs.frozen
class Pares:
    """A hand's pares: its kind and the ranks that rank it (after the eight-kings mapping).

    ``ranks`` is one rank for pareja and medias and two (high, low) for duples; four
    equal cards are duples of that rank twice.

    >>> from mus import Hand, Rules
    >>> pares(Hand.parse("Ro 3c Se Sb"), Rules())
    Pares(kind=<ParesKind.DUPLES: 3>, ranks=(<Rank.REY: 12>, <Rank.SOTA: 10>))
    """

    kind: ParesKind
    ranks: tuple[Rank, ...]

    def __str__(self) -> str:
        return f"{self.kind} of {' and '.join(rank.name.lower() for rank in self.ranks)}"


JUEGO_ORDER: tuple[int, ...] = (31, 32, 40, 37, 36, 35, 34, 33)
"""Juego totals, best first (38 and 39 cannot occur): the default order of sources
``001`` to ``004``."""

JUEGO_ORDERS: dict[str, tuple[int, ...]] = {
    "standard": JUEGO_ORDER,
    "descending": (31, 40, 37, 36, 35, 34, 33, 32),
}
"""Juego totals, best first, under each value of ``Rules.juego_order``: ``"standard"``
is :data:`JUEGO_ORDER`; ``"descending"`` is source ``000``'s order, 31, then 40 and
down to 32 (38 and 39 cannot occur under either).

>>> JUEGO_ORDERS["descending"]
(31, 40, 37, 36, 35, 34, 33, 32)
"""


def _rank_arg(value: object) -> Rank:
    if not isinstance(value, Rank):
        raise MusError(f"a rank is a Rank (Rank.REY, ...), got {quoted(value)}")
    return value


def _mapped(rank: Rank, eight_kings: bool) -> Rank:
    if eight_kings and rank == Rank.TRES:
        return Rank.REY
    if eight_kings and rank == Rank.DOS:
        return Rank.AS
    return rank


def _value(rank: Rank) -> int:
    return 10 if rank >= Rank.SOTA else int(rank)


def _real_31(ranks: Sequence[Rank], figure: bool | str = True) -> bool:
    # ranks high to low as dealt: a 3 is never the figure, even when it plays as a rey.
    # ``figure`` is a ``real_31`` value: True for any figure, "king" for a true rey only.
    if not figure or ranks.count(Rank.SIETE) != 3:
        return False
    return ranks[0] == Rank.REY if figure == "king" else ranks[0] >= Rank.SOTA


def played_rank(rank: Rank, rules: Rules) -> Rank:
    """The rank a card plays as: under eight kings 3s are reyes and 2s are ases.

    >>> from mus import Rank, Rules
    >>> played_rank(Rank.TRES, Rules()), played_rank(Rank.TRES, Rules(eight_kings=False))
    (<Rank.REY: 12>, <Rank.TRES: 3>)
    """
    return _mapped(_rank_arg(rank), rules_arg(rules).eight_kings)


def rank_points(rank: Rank, rules: Rules) -> int:
    """What a card of ``rank`` adds to juego and punto: figures 10, others their pips
    (under eight kings a 3 is 10 and a 2 is 1).

    >>> from mus import Rank, Rules
    >>> rank_points(Rank.CABALLO, Rules()), rank_points(Rank.TRES, Rules()), rank_points(Rank.TRES, Rules(eight_kings=False))
    (10, 10, 3)
    """
    return _value(_mapped(_rank_arg(rank), rules_arg(rules).eight_kings))


def is_real_31(hand: Hand, rules: Rules | None = None) -> bool:
    """Whether the hand is three sietes and a figure (sota, caballo or rey; never a 3),
    the *31 real* that beats other 31s under ``Rules(real_31=True)``.

    Given ``rules``, whether the hand is a real 31 under them: never when
    ``rules.real_31`` is ``False``, and only with a true rey when it is ``"king"``.

    >>> from mus import Hand, Rules
    >>> is_real_31(Hand.parse("7o 7c 7e Sb")), is_real_31(Hand.parse("7o 7c 7e 3b"))
    (True, False)
    >>> sota = Hand.parse("7o 7c 7e Sb")
    >>> is_real_31(sota, Rules()), is_real_31(sota, Rules(real_31=True)), is_real_31(sota, Rules(real_31="king"))
    (False, True, False)
    >>> is_real_31(Hand.parse("7o 7c 7e Rb"), Rules(real_31="king"))
    True
    """
    return _real_31(hand_arg(hand).ranks, True if rules is None else rules_arg(rules).real_31)


def _pares_of(ranks: Sequence[Rank]) -> Pares | None:
    counts: dict[Rank, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    pairs = sorted((rank for rank, n in counts.items() if n >= 2), reverse=True)
    if not pairs:
        return None
    top = pairs[0]
    if counts[top] == 4:
        return Pares(ParesKind.DUPLES, (top, top))
    if len(pairs) == 2:
        return Pares(ParesKind.DUPLES, (pairs[0], pairs[1]))
    if counts[top] == 3:
        return Pares(ParesKind.MEDIAS, (top,))
    return Pares(ParesKind.PAREJA, (top,))


def _digits(values: Sequence[int]) -> int:
    key = 0
    for value in values:
        key = key * 16 + value
    return key


@attrs.frozen
class Ranking:
    """The lance keys and combinations of every rank multiset under one rule set.

    ``keys[lance][hand.multiset]`` is the hand's key for that lance: the bigger key wins.
    Pares and juego keys are ``0`` for a hand without the combination. You rarely build
    one yourself: ``rules.ranking`` is cached per rule set.

    >>> from mus import Hand, Lance, Rules
    >>> ranking = Rules().ranking
    >>> a, b = Hand.parse("Ro Rc 7e 1b"), Hand.parse("Cc Co 5b 4e")
    >>> ranking.keys[Lance.GRANDE][a.multiset] > ranking.keys[Lance.GRANDE][b.multiset]
    True
    """

    eight_kings: bool
    real_31: bool | str
    """A ``Rules.real_31`` value: ``False``, ``True`` (any figure) or ``"king"``."""
    house: tuple[HouseRule, ...] = ()
    rules: Rules | None = attrs.field(default=None, eq=False, repr=False)
    """The rules handed to house rules' hooks while the tables are built (required
    with house rules; ``Rules`` builds its ranking itself)."""
    juego_order: str = attrs.field(default="standard", kw_only=True)
    """A ``Rules.juego_order`` value, a key of :data:`JUEGO_ORDERS`."""
    keys: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    points: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    pares: tuple[Pares | None, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.juego_order not in JUEGO_ORDERS:
            raise RulesError(
                f"juego_order must be one of {', '.join(map(repr, JUEGO_ORDERS))}, got {quoted(self.juego_order)}"
            )
        grande, chica, pares_keys, juego, punto, totals, combos = [], [], [], [], [], [], []
        for raw in RANK_MULTISETS:
            ranks = sorted((_mapped(rank, self.eight_kings) for rank in raw), reverse=True)
            grande.append(_digits(ranks))
            chica.append(_digits([15 - rank for rank in reversed(ranks)]))
            combo = _pares_of(ranks)
            combos.append(combo)
            pares_keys.append(
                0 if combo is None else combo.kind * 256 + _digits(combo.ranks) * (16 if len(combo.ranks) == 1 else 1)
            )
            total = sum(_value(rank) for rank in ranks)
            totals.append(total)
            juego.append(self._juego_key(raw, total))
            punto.append(total)
        tables = [grande, chica, pares_keys, juego, punto]
        if self.house and self.rules is None:
            raise RulesError("a ranking with house rules is built by Rules(house=...)")
        for rule in self.house:
            for lance in Lance:
                table = tables[lance]
                for index, raw in enumerate(RANK_MULTISETS):
                    key = rule.lance_key(lance, raw, table[index], self.rules)  # type: ignore[arg-type]
                    if isinstance(key, bool) or not isinstance(key, int) or key < 0:
                        raise RulesError(
                            f"house rule {quoted(rule.name)} gave {lance} key {quoted(key)}: keys are whole numbers >= 0"
                        )
                    table[index] = key
        object.__setattr__(self, "keys", tuple(map(tuple, tables)))
        object.__setattr__(self, "points", tuple(totals))
        object.__setattr__(self, "pares", tuple(combos))

    def _juego_key(self, raw: Sequence[Rank], total: int) -> int:
        if total < 31:
            return 0
        order = JUEGO_ORDERS[self.juego_order]
        if total == 31 and _real_31(raw, self.real_31):
            return len(order) + 1
        return len(order) - order.index(total)


def lance_key(lance: Lance, hand: Hand, rules: Rules) -> int:
    """The hand's key for a lance under ``rules``: bigger wins, ``0`` lacks pares/juego.

    >>> from mus import Hand, Lance, Rules
    >>> lance_key(Lance.PUNTO, Hand.parse("Ro 7e 5b 1b"), Rules())
    23
    """
    return rules_arg(rules).ranking.keys[lance_arg(lance)][hand_arg(hand).multiset]


def compare(lance: Lance, a: Hand, b: Hand, rules: Rules) -> int:
    """``1`` if ``a`` beats ``b`` at the lance, ``-1`` if ``b`` beats ``a``, ``0`` if equal.

    Equal hands tie here; at the table the one nearest the mano wins (see :func:`winner`).
    For pares and juego two hands without the combination compare equal.

    >>> from mus import Hand, Lance, Rules
    >>> a, b = Hand.parse("Ro 1c 1e 1b"), Hand.parse("Co Cc Ce Cb")
    >>> compare(Lance.GRANDE, a, b, Rules()), compare(Lance.CHICA, a, b, Rules())
    (1, 1)
    """
    keys = rules_arg(rules).ranking.keys[lance_arg(lance)]
    ka = keys[hand_arg(a).multiset]
    kb = keys[hand_arg(b).multiset]
    return (ka > kb) - (ka < kb)


def winner(lance: Lance, hands: Sequence[Hand], rules: Rules) -> int | None:
    """The index of the winning hand among ``hands``, listed from the mano.

    Ties go to the lowest index (nearest the mano). For pares and juego a hand without
    the combination cannot win; ``None`` when no hand qualifies.

    >>> from mus import Hand, Lance, Rules
    >>> hands = [Hand.parse("Ro Rc 5e 4b"), Hand.parse("Rb Re 6e 4o")]
    >>> winner(Lance.PARES, hands, Rules()), winner(Lance.JUEGO, hands, Rules())
    (0, None)
    """
    keys = rules_arg(rules).ranking.keys[lance_arg(lance)]
    hands = hands_arg(hands)
    best = None
    best_key = 0 if lance in (Lance.PARES, Lance.JUEGO) else -1
    for index, hand in enumerate(hands):
        key = keys[hand.multiset]
        if key > best_key:
            best, best_key = index, key
    return best


def pares(hand: Hand, rules: Rules) -> Pares | None:
    """The hand's pares, or ``None`` without any.

    >>> from mus import Hand, Rules
    >>> str(pares(Hand.parse("Ro 3c 7e 1b"), Rules()))
    'pareja of rey'
    >>> pares(Hand.parse("Ro 3c 7e 1b"), Rules(eight_kings=False)) is None
    True
    """
    return rules_arg(rules).ranking.pares[hand_arg(hand).multiset]


def has_pares(hand: Hand, rules: Rules) -> bool:
    """Whether the hand has pares (two or more cards of one rank, after the eight-kings mapping).

    >>> from mus import Hand, Rules
    >>> has_pares(Hand.parse("Ro 3c 7e 1b"), Rules()), has_pares(Hand.parse("Ro 3c 7e 1b"), Rules(eight_kings=False))
    (True, False)
    """
    return rules_arg(rules).ranking.keys[Lance.PARES][hand_arg(hand).multiset] > 0


def points(hand: Hand, rules: Rules) -> int:
    """The hand's total for juego and punto.

    >>> from mus import Hand, Rules
    >>> points(Hand.parse("Ro 3c 2e 7b"), Rules()), points(Hand.parse("Ro 3c 2e 7b"), Rules(eight_kings=False))
    (28, 22)
    """
    return rules_arg(rules).ranking.points[hand_arg(hand).multiset]


def has_juego(hand: Hand, rules: Rules) -> bool:
    """Whether the hand has juego (31 or more).

    >>> from mus import Hand, Rules
    >>> has_juego(Hand.parse("Ro Rc Se 1b"), Rules())
    True
    """
    return rules_arg(rules).ranking.points[hand_arg(hand).multiset] >= 31


def bonus(lance: Lance, hand: Hand, rules: Rules) -> int:
    """The stones a hand adds for its team when its team wins the lance.

    Pares: pareja 1, medias 2, duples 3; juego: 3 for 31 and 2 otherwise; others 0
    (the values of ``rules.payouts``, then any house rule's ``bonus`` hook).

    >>> from mus import Hand, Lance, Rules
    >>> bonus(Lance.PARES, Hand.parse("Ro Rc Rb 1b"), Rules()), bonus(Lance.JUEGO, Hand.parse("Ro Rc Se 1b"), Rules())
    (2, 3)
    """
    return _bonus(lance_arg(lance), hand_arg(hand), rules_arg(rules))


def _bonus(lance: Lance, hand: Hand, rules: Rules) -> int:
    # bonus() for the count, whose values are the engine's own.
    stones = 0
    if lance == Lance.PARES:
        combo = rules.ranking.pares[hand.multiset]
        stones = 0 if combo is None else rules.payouts.pares[combo.kind - 1]
    elif lance == Lance.JUEGO:
        total = rules.ranking.points[hand.multiset]
        if total >= 31:
            stones = rules.payouts.juego_31 if total == 31 else rules.payouts.juego
    for rule in rules.house:
        stones = rule.bonus(lance, hand, stones, rules)
        if isinstance(stones, bool) or not isinstance(stones, int) or stones < 0:
            raise RulesError(f"house rule {quoted(rule.name)} gave a {lance} bonus of {quoted(stones)}")
    return stones
