"""Suit isomorphism: what a seat sees, with its cards named by rank only.

Suits never matter in Mus: they only tell cards apart (rules section 1). A game dealt by
rank multiset (``deal="ranks"``, :mod:`mus.ai.chance`) gives each seat the cards of its
ranks that come first in the deck's order, so the suits a seat holds would tell where
the other cards are. Its information states therefore show ranks only: the strings name
each card by its rank (:func:`ranks_only`), and in the tensors a seat's cards are those
of its ranks in the first suits, its first rey the rey of oros, its second the rey of
copas (:func:`canonical_cards`). Two deals that differ in suits only then give every
seat the same information state: the states are keyed by rank multiset, 128 times
fewer for the four-card hands of a 40-card deck.

>>> print(ranks_only("seat 0 of 2, mano 0, scores 0-0, dealt Ro Rc 7e 1b\\n0 discard 7e 1b; 1 pass"))
seat 0 of 2, mano 0, scores 0-0, dealt R R 7 1
0 discard 7 1; 1 pass
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from mus.cards import Card, Rank
from mus.errors import MusError, quoted

__all__ = ["canonical_cards", "ranks_only"]

# A card's text as a word of its own: a rank, then a suit, between spaces or line
# ends (a ";" or "," may follow it). Words of the game's vocabulary never look so.
_CARD_WORD = re.compile(r"(?<!\S)([1-7SCR])[oceb](?![^\s;,])")
_RANK_INDEX = {rank: index for index, rank in enumerate(Rank)}
_RANKS = len(Rank)  # Card.index is suit * 10 + rank index


def ranks_only(text: str) -> str:
    """``text`` with each card named by its rank only (``Ro`` becomes ``R``).

    >>> ranks_only("seat 1 holds Rb 7o 6o 1c; visto Sc")
    'seat 1 holds R 7 6 1; visto S'
    """
    if type(text) is not str:
        raise MusError(f"ranks_only() reads a text, got {quoted(text)}")
    return _CARD_WORD.sub(r"\1", text)


def canonical_cards(
    vector: npt.NDArray[np.float32], layout: dict[str, tuple[int, int]], hand: Iterable[Card], pending: Iterable[Card]
) -> None:
    """Rewrite in place the ``hand`` and ``pending`` parts of an observation ``vector``
    (laid out as ``layout`` says, one-hot by :attr:`Card.index <mus.cards.Card.index>`):
    the ``k``-th card of a rank in ``hand`` (in its order) becomes that rank's card of
    the ``k``-th suit, and a pending discard (a card of ``hand``) goes with it.

    >>> import mus
    >>> from mus.ai.encoding import encoding_for
    >>> coding = encoding_for(mus.Rules(seats=2))
    >>> vector = np.zeros(coding.observation_size, np.float32)
    >>> hand = mus.Hand.parse("Rb Re 7c 1e")
    >>> canonical_cards(vector, coding.layout, hand, hand.cards[1:2])
    >>> [str(mus.ALL_CARDS[i]) for i in vector[:40].nonzero()[0]], [str(mus.ALL_CARDS[i]) for i in vector[40:80].nonzero()[0]]
    (['1o', '7o', 'Ro', 'Rc'], ['Rc'])
    """
    at_hand, size = layout["hand"]
    at_pending, _ = layout["pending"]
    vector[at_hand : at_hand + size] = 0.0
    vector[at_pending : at_pending + size] = 0.0
    copies: dict[Rank, int] = {}
    index_of: dict[Card, int] = {}
    for card in hand:
        copy = copies.get(card.rank, 0)
        copies[card.rank] = copy + 1
        index_of[card] = copy * _RANKS + _RANK_INDEX[card.rank]
        vector[at_hand + index_of[card]] = 1.0
    for card in pending:
        vector[at_pending + index_of[card]] = 1.0
