"""What each lance pays besides the stakes (rules section 8): :class:`Payouts`, a knob of
:class:`~mus.rules.Rules`, and the bonus tables the count reads.

>>> from mus import Hand, Lance, Rules
>>> bonus_tables(Rules().ranking, Payouts())[Lance.PARES][Hand.parse("Ro Rc Rb 1b").multiset]
2
"""

from __future__ import annotations

import attrs

from mus import validators
from mus.ranking import Ranking

__all__ = ["Payouts", "bonus_tables"]


@attrs.frozen(kw_only=True)
class Payouts:
    """The stones each lance pays besides the stakes (rules section 8).

    >>> Payouts()
    Payouts(en_paso=1, first_refusal=1, pares=(1, 2, 3), juego_31=3, juego=2, punto=1)
    >>> Payouts(juego_31=4).juego_31
    4
    """

    en_paso: int = attrs.field(default=1, validator=validators.whole(0, 100))
    """What grande, chica and punto pay to the better hand when nobody bet."""
    first_refusal: int = attrs.field(default=1, validator=validators.whole(0, 100))
    """What a team gets when the lance's first bet is refused."""
    pares: tuple[int, int, int] = attrs.field(default=(1, 2, 3), validator=validators.pares_bonuses)
    """The bonus of each seat's pareja, medias and duples."""
    juego_31: int = attrs.field(default=3, validator=validators.whole(0, 100))
    """The bonus of each seat's juego of 31."""
    juego: int = attrs.field(default=2, validator=validators.whole(0, 100))
    """The bonus of each seat's other juegos."""
    punto: int = attrs.field(default=1, validator=validators.whole(0, 100))
    """What the team that wins punto adds once, bet or not."""


_BONUS_TABLES: dict[tuple[Ranking, Payouts], tuple[tuple[int, ...], ...]] = {}


def bonus_tables(ranking: Ranking, payouts: Payouts) -> tuple[tuple[int, ...], ...]:
    """Each lance's bonus by rank multiset (``tables[lance][multiset]``) under ``payouts``:
    pares and juego pay theirs, the other lances none. Shared by every rule set with
    the same ranking and payouts, as the rankings are (built once, cached).

    >>> from mus import Hand, Lance, Rules
    >>> bonus_tables(Rules().ranking, Payouts(juego=5))[Lance.JUEGO][Hand.parse("Ro Rc Se 7b").multiset]
    5
    """
    key = (ranking, payouts)
    tables = _BONUS_TABLES.get(key)
    if tables is None:
        pares = tuple(0 if combo is None else payouts.pares[combo.kind - 1] for combo in ranking.pares)
        juego = tuple(
            payouts.juego_31 if total == 31 else payouts.juego if total > 31 else 0 for total in ranking.points
        )
        nothing = (0,) * len(pares)
        tables = _BONUS_TABLES[key] = (nothing, nothing, pares, juego, nothing)
    return tables
