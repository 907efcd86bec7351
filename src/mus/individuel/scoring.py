"""What each lance is worth in the Mus individuel, and who wins or loses it.

Once every player has discarded his fifth card he holds four, so the lances are those
of the four-card game: the comparators of :mod:`mus.lances`, under
:attr:`IndividuelRules.core <mus.individuel.rules.IndividuelRules.core>`. Only the
amounts differ, and they are shed instead of won (seed ``000``): grande, chica,
pareja and « juego no » (punto) 1; medias 2; duples and a juego of 31 3; other juegos
2; optionally the real 31 5 and the 33 of a siete, a seis and two tens 4. Two knobs
change the lance tables themselves: ``juego_order`` (through ``core``) and
``real_31_three`` (:func:`keys`).

>>> from mus import Hand, Lance
>>> from mus.individuel.rules import IndividuelRules
>>> rules = IndividuelRules(real_31=True, juego_33=True)
>>> [bonus(Lance.JUEGO, Hand.parse(t), rules) for t in ("7o 7c 7e Rb", "Ro Rc Se 1b", "7o 6c Rb Cc", "Ro Rc Se 4b")]
[5, 3, 4, 2]
>>> best(Lance.GRANDE, [Hand.parse("Ro 1c 1e 1b"), Hand.parse("Ro 1o 1c 1e")], (0, 1), rules)
0
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from mus.cards import Rank
from mus.checks import hand_arg, lance_arg, whole
from mus.errors import MusError, quoted
from mus.hand import RANK_MULTISETS, Hand
from mus.individuel.rules import IndividuelRules, rules_arg
from mus.lances import Lance, rank_points
from mus.lances import is_real_31 as real_31_of
from mus.rules import Rules

__all__ = ["best", "bonus", "en_paso", "has", "is_juego_33", "is_real_31", "keys", "worst"]

_SIETES_AND_A_THREE = frozenset(
    index for index, ranks in enumerate(RANK_MULTISETS) if ranks.count(Rank.SIETE) == 3 and Rank.TRES in ranks
)
"""The rank multisets of three sietes and a 3: 31 under eight kings."""
_SIETES_AND_A_REY = RANK_MULTISETS.index((Rank.REY, Rank.SIETE, Rank.SIETE, Rank.SIETE))


@functools.lru_cache(maxsize=32)
def _three_as_king_tables(core: Rules) -> tuple[tuple[int, ...], ...]:
    tables = core.ranking.keys
    juego = list(tables[Lance.JUEGO])
    for index in _SIETES_AND_A_THREE:
        juego[index] = juego[_SIETES_AND_A_REY]
    return tuple(tuple(juego) if lance is Lance.JUEGO else tables[lance] for lance in Lance)


def _three_as_king(rules: IndividuelRules) -> bool:
    return rules.real_31_three == "as-king" and rules.eight_kings and bool(rules.real_31)


def keys(rules: IndividuelRules) -> tuple[tuple[int, ...], ...]:
    """The lance tables of the Mus individuel, by lance and then by rank multiset (the
    bigger key wins): the four-card game's under :attr:`IndividuelRules.core
    <mus.individuel.rules.IndividuelRules.core>`, where under
    ``real_31_three="as-king"`` three sietes and a 3 rank as the real 31 they then are.

    >>> from mus import Hand, Lance
    >>> hand = Hand.parse("7o 7c 7e 3b")
    >>> rules = IndividuelRules(real_31=True, real_31_three="as-king")
    >>> keys(rules)[Lance.JUEGO][hand.multiset] > keys(IndividuelRules(real_31=True))[Lance.JUEGO][hand.multiset]
    True
    """
    if _three_as_king(rules_arg(rules)):
        return _three_as_king_tables(rules.core)
    return rules.core.ranking.keys


def is_real_31(hand: Hand, rules: IndividuelRules) -> bool:
    """Whether the hand is a real 31 under ``rules``: three sietes and a figure (only a
    rey under ``real_31="king"``), or under ``real_31_three="as-king"`` a 3, which plays
    as a rey under eight kings; never without ``real_31``.

    >>> from mus import Hand
    >>> sietes = Hand.parse("7o 7c 7e 3b")
    >>> is_real_31(sietes, IndividuelRules(real_31="king")), is_real_31(sietes, IndividuelRules(real_31="king", real_31_three="as-king"))
    (False, True)
    """
    if _three_as_king(rules_arg(rules)) and hand_arg(hand).multiset in _SIETES_AND_A_THREE:
        return True
    return bool(rules.real_31) and real_31_of(hand, rules.core)


def has(lance: Lance, hand: Hand, rules: IndividuelRules) -> bool:
    """Whether the hand takes part in the lance: pares and juego need the
    combination, the other lances take every hand.

    >>> from mus import Hand, Lance
    >>> has(Lance.PARES, Hand.parse("Ro Cc 7e 1b"), IndividuelRules()), has(Lance.CHICA, Hand.parse("Ro Cc 7e 1b"), IndividuelRules())
    (False, True)
    """
    lance, hand, ranking = lance_arg(lance), hand_arg(hand), rules_arg(rules).core.ranking
    if lance is Lance.PARES:
        return ranking.keys[Lance.PARES][hand.multiset] > 0
    if lance is Lance.JUEGO:
        return ranking.points[hand.multiset] >= 31
    return True


def is_juego_33(hand: Hand, rules: IndividuelRules) -> bool:
    """Whether the hand is the seed's 33: « un sept, un six et deux cartes de valeur 10 »
    (under eight kings a 3 is worth 10; under four kings three figures and a 3 make 33
    without being it).

    >>> from mus import Hand
    >>> is_juego_33(Hand.parse("7o 6c 3b Cc"), IndividuelRules()), is_juego_33(Hand.parse("Ro Cc Sb 3o"), IndividuelRules(eight_kings=False))
    (True, False)
    """
    # Only a seis is worth 6 and only a siete 7, under either kings knob.
    return sorted(rank_points(rank, rules_arg(rules).core) for rank in hand_arg(hand).ranks) == [6, 7, 10, 10]


def bonus(lance: Lance, hand: Hand, rules: IndividuelRules) -> int:
    """What the hand sheds on top of any stake when it wins the lance: pares pareja 1,
    medias 2, duples 3; juego 3 for 31 (5 for a real 31 under ``real_31``), 4 for the
    33 under ``juego_33``, 2 otherwise; punto 1; grande and chica nothing (they shed 1
    only en paso, see :func:`en_paso`), or 1 under ``grande_chica_stone="always"``.

    >>> from mus import Hand, Lance
    >>> bonus(Lance.PARES, Hand.parse("Ro Rc Rb 1b"), IndividuelRules()), bonus(Lance.PUNTO, Hand.parse("Ro 4c 5b 1b"), IndividuelRules())
    (2, 1)
    """
    lance, hand, rules = lance_arg(lance), hand_arg(hand), rules_arg(rules)
    if lance is Lance.PARES:
        combo = rules.core.ranking.pares[hand.multiset]
        return 0 if combo is None else int(combo.kind)
    if lance is Lance.JUEGO:
        total = rules.core.ranking.points[hand.multiset]
        if total < 31:
            return 0
        if total == 31:
            return 5 if is_real_31(hand, rules) else 3
        return 4 if rules.juego_33 and total == 33 and is_juego_33(hand, rules) else 2
    return 1 if lance is Lance.PUNTO or rules.grande_chica_stone == "always" else 0


def en_paso(lance: Lance, hand: Hand, rules: IndividuelRules) -> int:
    """What the winner of a lance nobody bet on sheds: 1 for grande and chica, the
    hand's :func:`bonus` otherwise.

    >>> from mus import Hand, Lance
    >>> en_paso(Lance.GRANDE, Hand.parse("Ro Rc Rb 1b"), IndividuelRules()), en_paso(Lance.PARES, Hand.parse("Ro Rc Rb 1b"), IndividuelRules())
    (1, 2)
    """
    return 1 if lance_arg(lance) in (Lance.GRANDE, Lance.CHICA) else bonus(lance, hand, rules)


def best(lance: Lance, hands: Sequence[Hand | None], seats: Sequence[int], rules: IndividuelRules) -> int | None:
    """The seat among ``seats`` (listed from the mano) whose hand wins the lance; ties
    go to the seat nearest the mano, as in every Mus. ``None`` when ``seats`` is empty.

    >>> from mus import Hand, Lance
    >>> hands = [Hand.parse("Ro Rc 5e 4b"), Hand.parse("Rb Re 6e 4o")]
    >>> best(Lance.PARES, hands, (1, 0), IndividuelRules()), best(Lance.PARES, hands, (0, 1), IndividuelRules())
    (1, 0)
    """
    table = keys(rules)[lance_arg(lance)]
    winner: int | None = None
    top = -1
    for seat in _seats_arg(seats, hands, rules):
        key = table[hands[seat].multiset]  # type: ignore[union-attr]  # checked: a Hand
        if key > top:
            winner, top = seat, key
    return winner


def worst(lance: Lance, hands: Sequence[Hand | None], seats: Sequence[int], rules: IndividuelRules) -> int:
    """The seat among ``seats`` (listed from the mano) whose hand loses the lance to
    every other: the mirror of :func:`best`, so of equal hands the one farthest from
    the mano is the worse. The loser of an órdago.

    >>> from mus import Hand, Lance
    >>> hands = [Hand.parse("Ro Rc 5e 4b"), Hand.parse("Rb Re 6e 4o"), Hand.parse("1o 1c 5o 4c")]
    >>> worst(Lance.PARES, hands, (0, 1, 2), IndividuelRules()), worst(Lance.GRANDE, hands, (0, 1, 2), IndividuelRules())
    (2, 2)
    """
    table = keys(rules)[lance_arg(lance)]
    seats = _seats_arg(seats, hands, rules)
    if not seats:
        raise MusError("worst() needs at least one seat")
    loser = seats[0]
    bottom: int | None = None
    for seat in seats:
        key = table[hands[seat].multiset]  # type: ignore[union-attr]  # checked: a Hand
        if bottom is None or key <= bottom:
            loser, bottom = seat, key
    return loser


def _seats_arg(seats: object, hands: object, rules: IndividuelRules) -> tuple[int, ...]:
    """``seats`` (distinct indices of ``hands``, a list of a hand or ``None`` by seat)
    if each has a hand: a lance's players, checked (a few a lance)."""
    if not isinstance(hands, (tuple, list)) or not 1 <= len(hands) <= rules.players:
        raise MusError(f"hands are a list of Hand values by seat (None for a seat out), got {quoted(hands)}")
    if not isinstance(seats, (tuple, list)):
        raise MusError(f"seats are a list of seat numbers, got {quoted(seats)}")
    checked = tuple(whole(seat, "a seat", 0, len(hands) - 1) for seat in seats)
    if len(set(checked)) != len(checked):
        raise MusError(f"seats are listed once each, got {quoted(seats)}")
    for seat in checked:
        if type(hands[seat]) is not Hand:
            raise MusError(f"seat {seat} has no hand (a Hand) among the hands, got {quoted(hands[seat])}")
    return checked
