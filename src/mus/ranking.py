"""The lances and how hands rank at each: the game's vocabulary and its key tables.

Only a hand's multiset of ranks matters to the lances (see :mod:`mus.hand`), so a
:class:`Ranking` holds, for each lance, one integer key per rank multiset, bigger is
better, built once per rule set; comparing two hands is two lookups. This module knows
the cards and nothing of the rule set's other knobs: :class:`~mus.Rules` builds its
ranking from here, and :mod:`mus.lances` compares hands under a rule set.

>>> from mus.hand import Hand
>>> ranking = Ranking(eight_kings=True, real_31=False)
>>> a, b = Hand.parse("Ro Rc 7e 1b"), Hand.parse("Cc Co 5b 4e")
>>> ranking.keys[Lance.GRANDE][a.multiset] > ranking.keys[Lance.GRANDE][b.multiset]
True
>>> str(ranking.pares[a.multiset]), ranking.points[a.multiset]
('pareja of rey', 28)
"""

from __future__ import annotations

import enum
import functools
import math
from collections.abc import Sequence
from typing import Any

import attrs

from mus.cards import Rank
from mus.errors import CheckedEnumType, MusError, RulesError, quoted
from mus.hand import RANK_MULTISETS

__all__ = [
    "JUEGO_ORDER",
    "JUEGO_ORDERS",
    "Lance",
    "Pares",
    "ParesKind",
    "Ranking",
    "pares_of",
    "played_as",
    "rank_value",
    "real_31_ranks",
    "strengths",
]


class Lance(enum.IntEnum, metaclass=CheckedEnumType):
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
        """The lance named ``text`` (any case).

        >>> Lance.parse("pares"), Lance.parse("JUEGO")
        (<Lance.PARES: 2>, <Lance.JUEGO: 3>)
        """
        lance = cls.__members__.get(text.upper()) if isinstance(text, str) else None
        if lance is None:
            raise MusError(f"unknown lance {quoted(text)} (lances: grande, chica, pares, juego, punto)")
        return lance


class ParesKind(enum.IntEnum, metaclass=CheckedEnumType):
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

    >>> from mus import Hand, Rules, pares
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


def played_as(rank: Rank, eight_kings: bool) -> Rank:
    """The rank a card of ``rank`` plays as: under eight kings a 3 is a rey and a 2 an
    as (rules section 1). Unchecked: :func:`mus.played_rank` checks its arguments.

    >>> played_as(Rank.TRES, True), played_as(Rank.TRES, False)
    (<Rank.REY: 12>, <Rank.TRES: 3>)
    """
    if type(rank) is not Rank or type(eight_kings) is not bool:
        raise MusError(f"played_as() takes a Rank and True or False, got {quoted(rank)} and {quoted(eight_kings)}")
    if eight_kings and rank == Rank.TRES:
        return Rank.REY
    if eight_kings and rank == Rank.DOS:
        return Rank.AS
    return rank


def rank_value(rank: Rank) -> int:
    """What a card of a played rank adds to juego and punto: figures 10, others their pips.

    >>> rank_value(Rank.CABALLO), rank_value(Rank.SIETE)
    (10, 7)
    """
    if type(rank) is not Rank:
        raise MusError(f"rank_value() takes a Rank, got {quoted(rank)}")
    return 10 if rank >= Rank.SOTA else int(rank)


def real_31_ranks(ranks: Sequence[Rank], figure: bool | str = True) -> bool:
    """Whether four ranks, high to low as dealt, are three sietes and a figure: the
    *31 real* under ``figure``, a ``Rules.real_31`` value (``True``: any figure;
    ``"king"``: a true rey only; ``False``: never). A 3 is never the figure, even when
    it plays as a rey.

    >>> real_31_ranks((Rank.SOTA, Rank.SIETE, Rank.SIETE, Rank.SIETE))
    True
    >>> real_31_ranks((Rank.SOTA, Rank.SIETE, Rank.SIETE, Rank.SIETE), "king")
    False
    """
    _check_ranks(ranks)
    if not (figure is True or figure is False or (type(figure) is str and figure == "king")):
        raise MusError(f"real_31 is True, False or 'king', got {quoted(figure)}")
    if not figure or ranks.count(Rank.SIETE) != 3:
        return False
    return ranks[0] == Rank.REY if figure == "king" else ranks[0] >= Rank.SOTA


def pares_of(ranks: Sequence[Rank]) -> Pares | None:
    """The pares of four played ranks (high to low), or ``None`` without any.

    >>> str(pares_of((Rank.REY, Rank.REY, Rank.SOTA, Rank.SOTA)))
    'duples of rey and sota'
    """
    _check_ranks(ranks)
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


def _check_ranks(ranks: object) -> None:
    # Built once per rule set (715 hands): a type test each is cheap.
    if not isinstance(ranks, (tuple, list)) or len(ranks) != 4 or not all(type(rank) is Rank for rank in ranks):
        raise MusError(f"four ranks (Rank values) are needed, got {quoted(ranks)}")


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

    ``house`` are :class:`~mus.HouseRule` values whose ``lance_key`` hook rewrites
    the keys as the tables are built, given ``rules``.

    >>> from mus import Hand, Rules
    >>> ranking = Rules().ranking
    >>> a, b = Hand.parse("Ro Rc 7e 1b"), Hand.parse("Cc Co 5b 4e")
    >>> ranking.keys[Lance.GRANDE][a.multiset] > ranking.keys[Lance.GRANDE][b.multiset]
    True
    """

    eight_kings: bool
    real_31: bool | str
    """A ``Rules.real_31`` value: ``False``, ``True`` (any figure) or ``"king"``."""
    house: tuple[Any, ...] = ()
    rules: Any = attrs.field(default=None, eq=False, repr=False)
    """The rules handed to house rules' hooks while the tables are built (required
    with house rules; ``Rules`` builds its ranking itself)."""
    juego_order: str = attrs.field(default="standard", kw_only=True)
    """A ``Rules.juego_order`` value, a key of :data:`JUEGO_ORDERS`."""
    keys: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    points: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    pares: tuple[Pares | None, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if type(self.eight_kings) is not bool:
            raise RulesError(f"eight_kings must be True or False, got {quoted(self.eight_kings)}")
        real_31 = self.real_31
        if not (real_31 is True or real_31 is False or (type(real_31) is str and real_31 == "king")):
            raise RulesError(f"real_31 must be True, False or 'king', got {quoted(self.real_31)}")
        if type(self.house) is not tuple:
            raise RulesError(f"house must be a tuple of HouseRule values, got {quoted(self.house)}")
        if type(self.juego_order) is not str or self.juego_order not in JUEGO_ORDERS:
            raise RulesError(
                f"juego_order must be one of {', '.join(map(repr, JUEGO_ORDERS))}, got {quoted(self.juego_order)}"
            )
        grande, chica, pares_keys, juego, punto, totals, combos = [], [], [], [], [], [], []
        for raw in RANK_MULTISETS:
            ranks = sorted((played_as(rank, self.eight_kings) for rank in raw), reverse=True)
            grande.append(_digits(ranks))
            chica.append(_digits([15 - rank for rank in reversed(ranks)]))
            combo = pares_of(ranks)
            combos.append(combo)
            pares_keys.append(
                0 if combo is None else combo.kind * 256 + _digits(combo.ranks) * (16 if len(combo.ranks) == 1 else 1)
            )
            total = sum(rank_value(rank) for rank in ranks)
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
                    key = rule.lance_key(lance, raw, table[index], self.rules)
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
        if total == 31 and real_31_ranks(raw, self.real_31):
            return len(order) + 1
        return len(order) - order.index(total)


@functools.lru_cache(maxsize=64)  # bounded: parametrised house rules make many rankings
def strengths(ranking: Ranking) -> tuple[tuple[float, ...], ...]:
    """For each lance, each rank multiset's share of all hands it beats or ties there,
    from 0 to 1 (hands weighted by how many ways the deck deals them): what
    :func:`mus.bots.strength` reads, and the batch heuristic player too.

    >>> table = strengths(Ranking(eight_kings=True, real_31=False))
    >>> from mus.hand import Hand
    >>> table[Lance.GRANDE][Hand.parse("Ro Rc Rb Re").multiset], len(table), len(table[0])
    (1.0, 5, 715)
    """
    weights = [math.prod(math.comb(4, ranks.count(rank)) for rank in set(ranks)) for ranks in RANK_MULTISETS]
    tables = []
    for keys in ranking.keys:
        total: dict[int, int] = {}
        for key, weight in zip(keys, weights, strict=False):
            total[key] = total.get(key, 0) + weight
        below, cumulative = {}, 0
        for key in sorted(total):
            cumulative += total[key]
            below[key] = cumulative
        tables.append(tuple(below[key] / cumulative for key in keys))
    return tuple(tables)
