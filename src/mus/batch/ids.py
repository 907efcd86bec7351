"""The action ids: one fixed integer space for the batch engine and the AI adapters.

``22 + max_bet`` ids (33 with the default ``max_bet`` of 11 stones):

==========  ============================================================
id          action
==========  ============================================================
0           :class:`~mus.Mus`
1           :class:`~mus.NoMus`
2 to 16     :class:`~mus.Discard`: id ``1 + m``, where bit ``i`` of ``m`` (1 to 15)
            discards the card at position ``i`` of the seat's hand as the engine
            sorts it (``state.hands[seat].cards``, high cards first)
17          :class:`~mus.Pass`
18          :class:`~mus.Accept`
19          :class:`~mus.Fold`
20          :class:`~mus.Ordago`
21, 22      ``Declare(lance, False)``, ``Declare(lance, True)`` (explicit declarations)
23 and up   ``Bet(k)`` for ``k`` = 2 to ``max_bet``: id ``21 + k``
==========  ============================================================

The table is the batch engine's (:mod:`mus.batch`), and :mod:`mus.ai.action_ids`
builds its masks on it, so a policy trained on either speaks to both.

>>> [action_name(i) for i in (MUS, NO_MUS, DISCARD_FIRST, PASS, ORDAGO, BET_2)]
['mus', 'no-mus', 'discard [0]', 'pass', 'ordago', 'bet 2']
"""

from __future__ import annotations

from collections.abc import Sequence

from mus.actions import Accept, Action, Discard, Fold, Mus, NoMus, Ordago, Pass
from mus.cards import Card
from mus.checks import index_arg

__all__ = [
    "ACCEPT",
    "BET_2",
    "DECLARE_NO",
    "DECLARE_YES",
    "DEFAULT_MAX_BET",
    "DISCARD_FIRST",
    "DISCARD_LAST",
    "FOLD",
    "LAST_ID",
    "MAX_BET_LIMIT",
    "MUS",
    "NO_MUS",
    "ORDAGO",
    "PASS",
    "action_name",
]

MUS, NO_MUS, DISCARD_FIRST, DISCARD_LAST = 0, 1, 2, 16
"""The ids of the mus: :class:`~mus.Mus`, :class:`~mus.NoMus`, and the first and last of
the 15 discards (the table above says which cards each throws)."""
PASS, ACCEPT, FOLD, ORDAGO, DECLARE_NO, DECLARE_YES, BET_2 = 17, 18, 19, 20, 21, 22, 23
"""The ids of the betting and the declarations: ``BET_2`` is ``Bet(2)``, and ``Bet(k)``
is ``BET_2 + k - 2``."""
DEFAULT_MAX_BET = 11
"""The largest bet or raise with an id by default: 2 to 11 stones cover the bets
players make (envido, 3, 4, 5, 10); beyond them an órdago says the same thing."""
MAX_BET_LIMIT = 1000
"""The largest ``max_bet`` the engine and the AI adapters take."""
LAST_ID = BET_2 + MAX_BET_LIMIT - 2
"""The largest action id of any bet cap: ``Bet(MAX_BET_LIMIT)``."""

FIXED: dict[int, Action] = {
    MUS: Mus(), NO_MUS: NoMus(), PASS: Pass(), ACCEPT: Accept(), FOLD: Fold(), ORDAGO: Ordago(),
}  # fmt: skip
"""The actions whose id is the same in every state (bets aside), by id: what the batch
engine and the AI adapters decode them to."""

_NAMES = {
    **{index: str(action) for index, action in FIXED.items()},
    DECLARE_NO: "declare no",
    DECLARE_YES: "declare yes",
}
_POSITIONS = tuple(tuple(i for i in range(4) if bits >> i & 1) for bits in range(1, 16))


def discard_positions(action_id: int) -> tuple[int, ...]:
    """The positions in the seat's hand (as the engine sorts it) that a discard's id
    throws; unchecked: ``action_id`` is from :data:`DISCARD_FIRST` to :data:`DISCARD_LAST`.

    >>> discard_positions(DISCARD_FIRST), discard_positions(DISCARD_LAST)
    ((0,), (0, 1, 2, 3))
    """
    return _POSITIONS[action_id - DISCARD_FIRST]


def discard_of(action_id: int, cards: Sequence[Card]) -> Discard:
    """The discard a discard's id names in a hand of ``cards`` (as the engine sorts
    them); unchecked, as :func:`discard_positions`.

    >>> import mus
    >>> discard_of(DISCARD_FIRST + 4, mus.Hand.parse("Ro Rc 7e 1b").cards)
    Discard.parse('Ro 7e')
    """
    return Discard(tuple(cards[i] for i in _POSITIONS[action_id - DISCARD_FIRST]))


def action_name(action_id: int) -> str:
    """The text of an action id (0 to :data:`LAST_ID`), discards by hand positions.

    >>> action_name(16), action_name(24)
    ('discard [0, 1, 2, 3]', 'bet 3')
    >>> action_name(-1)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: an action id is a whole number from 0 to 1021, got -1
    """
    if type(action_id) is not int or not 0 <= action_id <= LAST_ID:
        action_id = index_arg(action_id, "an action id", 0, LAST_ID)
    if DISCARD_FIRST <= action_id <= DISCARD_LAST:
        return f"discard {list(discard_positions(action_id))}"
    if action_id >= BET_2:
        return f"bet {action_id - BET_2 + 2}"
    return _NAMES[action_id]
