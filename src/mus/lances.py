"""The five lances and their comparators under a rule set (rules section 5).

Every comparison is a lookup: ``rules.ranking`` (a :class:`~mus.ranking.Ranking`)
holds, for each lance, one integer key per rank multiset (see :mod:`mus.hand`), bigger
is better, built once per rule set. Keys of ``0`` mean "does not have it" for pares and
juego. The functions here are the public, checked way in: each argument costs a type
test. The lances' vocabulary (:class:`Lance`, :class:`Pares`, the juego orders) lives
in :mod:`mus.ranking` and is named here too.

>>> from mus import Hand, Lance, Rules, winner
>>> hands = [Hand.parse(text) for text in ("Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
>>> rules = Rules()
>>> [winner(lance, hands, rules) for lance in Lance]
[0, 3, 0, None, 1]
"""

from __future__ import annotations

from collections.abc import Sequence

from mus.cards import Rank
from mus.checks import hand_arg, hands_arg, lance_arg, rules_arg
from mus.errors import MusError, quoted
from mus.hand import Hand
from mus.ranking import (
    JUEGO_ORDER,
    JUEGO_ORDERS,
    Lance,
    Pares,
    ParesKind,
    Ranking,
    played_as,
    rank_value,
    real_31_ranks,
)
from mus.rules import Rules

__all__ = [
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
# The lances' vocabulary, mus.ranking's, named here too.
__all__ += ["JUEGO_ORDER", "JUEGO_ORDERS", "Lance", "Pares", "ParesKind", "Ranking"]

_PARES = Lance.PARES
_JUEGO = Lance.JUEGO

# The key a hand must beat to win each lance: at pares and juego a key of 0 ("does not
# have it") never wins.
_FLOOR = tuple(0 if lance in (_PARES, _JUEGO) else -1 for lance in Lance)


def _rank_arg(value: object) -> Rank:
    if not isinstance(value, Rank):
        raise MusError(f"a rank is a Rank (Rank.REY, ...), got {quoted(value)}")
    return value


def played_rank(rank: Rank, rules: Rules) -> Rank:
    """The rank a card plays as: under eight kings 3s are reyes and 2s are ases.

    >>> from mus import Rank, Rules
    >>> played_rank(Rank.TRES, Rules()), played_rank(Rank.TRES, Rules(eight_kings=False))
    (<Rank.REY: 12>, <Rank.TRES: 3>)
    """
    return played_as(_rank_arg(rank), rules_arg(rules).eight_kings)


def rank_points(rank: Rank, rules: Rules) -> int:
    """What a card of ``rank`` adds to juego and punto: figures 10, others their pips
    (under eight kings a 3 is 10 and a 2 is 1).

    >>> from mus import Rank, Rules
    >>> rank_points(Rank.CABALLO, Rules()), rank_points(Rank.TRES, Rules()), rank_points(Rank.TRES, Rules(eight_kings=False))
    (10, 10, 3)
    """
    return rank_value(played_as(_rank_arg(rank), rules_arg(rules).eight_kings))


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
    return real_31_ranks(hand_arg(hand).ranks, True if rules is None else rules_arg(rules).real_31)


def lance_key(lance: Lance, hand: Hand, rules: Rules) -> int:
    """The hand's key for a lance under ``rules``: bigger wins, ``0`` lacks pares/juego.

    >>> from mus import Hand, Lance, Rules
    >>> lance_key(Lance.PUNTO, Hand.parse("Ro 7e 5b 1b"), Rules())
    23
    """
    if type(rules) is not Rules:
        rules_arg(rules)
    if type(lance) is not Lance:
        lance_arg(lance)
    if type(hand) is not Hand:
        hand_arg(hand)
    return rules.ranking.keys[lance][hand.multiset]


def compare(lance: Lance, a: Hand, b: Hand, rules: Rules) -> int:
    """``1`` if ``a`` beats ``b`` at the lance, ``-1`` if ``b`` beats ``a``, ``0`` if equal.

    Equal hands tie here; at the table the one nearest the mano wins (see :func:`winner`).
    For pares and juego two hands without the combination compare equal.

    >>> from mus import Hand, Lance, Rules
    >>> a, b = Hand.parse("Ro 1c 1e 1b"), Hand.parse("Co Cc Ce Cb")
    >>> compare(Lance.GRANDE, a, b, Rules()), compare(Lance.CHICA, a, b, Rules())
    (1, 1)
    """
    if type(rules) is not Rules:
        rules_arg(rules)
    if type(lance) is not Lance:
        lance_arg(lance)
    if type(a) is not Hand:
        hand_arg(a)
    if type(b) is not Hand:
        hand_arg(b)
    keys = rules.ranking.keys[lance]
    ka = keys[a.multiset]
    kb = keys[b.multiset]
    return (ka > kb) - (ka < kb)


def winner(lance: Lance, hands: Sequence[Hand], rules: Rules) -> int | None:
    """The index of the winning hand among ``hands``, listed from the mano.

    Ties go to the lowest index (nearest the mano). For pares and juego a hand without
    the combination cannot win; ``None`` when no hand qualifies.

    >>> from mus import Hand, Lance, Rules
    >>> hands = [Hand.parse("Ro Rc 5e 4b"), Hand.parse("Rb Re 6e 4o")]
    >>> winner(Lance.PARES, hands, Rules()), winner(Lance.JUEGO, hands, Rules())
    (0, None)
    >>> winner(Lance.GRANDE, ["Ro Rc 5e 4b"], Rules())
    Traceback (most recent call last):
    ...
    mus.errors.MusError: each hand must be a Hand (Hand.parse('Ro Rc 7e 1b')), got 'Ro Rc 5e 4b'
    """
    if type(rules) is not Rules:
        rules_arg(rules)
    if type(lance) is not Lance:
        lance_arg(lance)
    if type(hands) is not list and type(hands) is not tuple:
        hands = hands_arg(hands)
    keys = rules.ranking.keys[lance]
    best = None
    best_key = _FLOOR[lance]
    index = 0
    for hand in hands:
        if type(hand) is not Hand:
            hand_arg(hand, "each hand")
        key = keys[hand.multiset]
        if key > best_key:
            best = index
            best_key = key
        index += 1  # noqa: SIM113 - enumerate's tuples cost a fifth of the call
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
    return rules_arg(rules).ranking.keys[_PARES][hand_arg(hand).multiset] > 0


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
    (the values of ``rules.payouts``, then any house rule's ``bonus`` hook; the
    engine's own path is :meth:`Rules.bonus <mus.Rules.bonus>`).

    >>> from mus import Hand, Lance, Rules
    >>> bonus(Lance.PARES, Hand.parse("Ro Rc Rb 1b"), Rules()), bonus(Lance.JUEGO, Hand.parse("Ro Rc Se 1b"), Rules())
    (2, 3)
    """
    return rules_arg(rules).bonus(lance_arg(lance), hand_arg(hand))
