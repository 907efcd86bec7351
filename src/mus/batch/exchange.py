"""The mus exchange of the batch engine: new cards for the discards of a round.

Once every seat discarded, the discards go to the pile in speaking order and each seat
draws as many cards from the stock, in speaking order (rules section 4). For all the
hands served at once, the cards drawn are one gather from each deck: a hand's discarded
cards, listed in speaking order, take the stock's cards in turn. A hand whose stock
runs out reshuffles its discards as the scalar engine does (``shuffle(pile,
f"{seed}/{reshuffles}")``, the last seat served keeping its own out): rare, and played
in Python, one hand at a time.

>>> import mus, numpy as np
>>> from mus.batch import Batch, MUS
>>> batch = Batch(mus.Rules(), [3])
>>> for action in [MUS] * 4 + [16] * 4:  # everyone discards the four cards
...     batch.step(np.array([action]))
>>> state = mus.new_hand(seed=3)
>>> for action in ["mus"] * 4:
...     state = mus.apply(state, action)
>>> for seat in range(4):
...     state = mus.apply(state, mus.Discard(state.hands[seat].cards))
>>> [str(batch.hand(0, seat)) for seat in range(4)] == [str(hand) for hand in state.hands]
True
"""

from __future__ import annotations

import numpy as np

from mus.batch.deal import DECK
from mus.batch.hands import Hands, multisets, sort_hands
from mus.batch.tables import Array
from mus.cards import seed_arg, shuffled_positions

__all__ = ["serve"]

_POSITIONS = np.arange(4)


def serve(hands: Hands, rows: Array) -> None:
    """Serve the discards of the round just ended in ``rows``, then the mus begins again."""
    tables = hands.tables
    seats = tables.seats
    served = rows
    order = tables.rotation[hands.mano[rows]]
    at = rows[:, None]
    held = hands.cards[at, order].reshape(len(rows), 4 * seats)
    discarded = ((hands.pending[at, order][:, :, None] >> _POSITIONS) & 1).reshape(len(rows), 4 * seats) != 0
    counts = discarded.sum(axis=1)
    top = hands.top[rows]
    short = top + counts > DECK
    if short.any():
        for row in rows[short].tolist():
            _serve_reshuffling(hands, row)
        keep = ~short
        rows, order, held, discarded, counts, top = (
            rows[keep],
            order[keep],
            held[keep],
            discarded[keep],
            counts[keep],
            top[keep],
        )
        at = rows[:, None]
    if rows.size:
        # The k-th card discarded (in speaking order) goes to the pile after the cards
        # there and is replaced by the stock's k-th card.
        nth = np.cumsum(discarded, axis=1) - 1
        which, where = np.nonzero(discarded)
        k = nth[which, where]
        hit = rows[which]
        hands.pile[hit, hands.pile_size[rows][which] + k] = held[which, where]
        held[which, where] = hands.deck[hit, top[which] + k]
        new = sort_hands(held.reshape(len(rows), seats, 4))
        hands.cards[at, order] = new
        hands.multiset[at, order] = multisets(tables, new)
        hands.top[rows] = top + counts
        hands.pile_size[rows] += counts
    _mus_again(hands, served)


def _mus_again(hands: Hands, rows: Array) -> None:
    tables = hands.tables
    hands.pending[rows] = 0
    rounds = hands.rounds[rows] + 1
    hands.rounds[rows] = rounds
    hands.kind[rows] = tables.mus_kind(rounds)
    mano = hands.mano[rows]
    hands.queue[rows] = tables.queue[mano << tables.seats | tables.mus_speakers[mano]]


def _serve_reshuffling(hands: Hands, row: int) -> None:
    """Serve one hand whose stock runs out, as :mod:`mus.reducer` does: the discards are
    reshuffled into a new stock, the last seat served keeping its own out (rules section 4)."""
    tables = hands.tables
    order = tables.rotation[int(hands.mano[row])].tolist()
    stock = hands.deck[row, int(hands.top[row]) :].tolist()
    pile = hands.pile[row, : int(hands.pile_size[row])].tolist()
    reshuffles = int(hands.reshuffles[row])
    own = {}
    for seat in order:
        cards = hands.cards[row, seat].tolist()
        bits = int(hands.pending[row, seat])
        own[seat] = [card for i, card in enumerate(cards) if bits >> i & 1]
        pile.extend(own[seat])
    last = order[-1]  # every seat discarded: the last served is the last to speak
    for seat in order:
        drawn = stock[: len(own[seat])]
        del stock[: len(own[seat])]
        if len(drawn) < len(own[seat]):
            kept = own[seat] if seat == last else []
            reshuffles += 1
            cards = [card for card in pile if card not in kept]
            seed = seed_arg(f"{hands.seed(row)}/{reshuffles}")
            stock = [cards[i] for i in shuffled_positions(len(cards), seed)]
            pile = list(kept)
            more = len(own[seat]) - len(drawn)
            drawn += stock[:more]
            del stock[:more]
        hand = sorted([card for card in hands.cards[row, seat].tolist() if card not in own[seat]] + drawn)
        hands.cards[row, seat] = hand
    hands.multiset[row] = multisets(tables, hands.cards[row])
    hands.deck[row, DECK - len(stock) :] = stock
    hands.top[row] = DECK - len(stock)
    hands.pile[row, : len(pile)] = pile
    hands.pile_size[row] = len(pile)
    hands.reshuffles[row] = reshuffles
