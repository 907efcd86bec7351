"""What one seat sees of each hand of a batch, as a vector of floats in [0, 1].

:func:`observe` gives, for every hand of a :class:`~mus.batch.Batch`, the view of one
seat: its own cards and what the table knows (the phase, the lance, whose turn, the
betting, the scores, how the lances played so far ended). Seats are written relative
to the observer (0 is itself, 1 the next to speak after it...), in six slots whatever
the table, so that one layout serves every table the engine plays. Other seats' cards
and discards never show; nor does who wins a lance before the count. The layout:

==============  =====  ==========================================================
name            size   values
==============  =====  ==========================================================
``hand``        40     1 for each card the seat holds (by ``Card.index``)
``phase``       4      one-hot: mus, discard, betting, finished
``lance``       5      one-hot: the lance bet on (grande to punto)
``mano``        6      one-hot: the mano, relative to the seat
``to_act``      6      one-hot: the seat to act, relative (none once over)
``in_lance``    6      the seats in the lance under way, relative
``folded``      6      the seats that folded in it, relative
``bettor``      6      one-hot: the seat of the last bet or raise, relative
``betting``     4      stake / target, stake before the last raise / target (both
                       at most 1), bets / 100, 1 under an órdago
``scores``      2      the seat's side's score / target, the other side's (at most 1)
``mus_rounds``  1      rounds of the mus played / 10 (at most 1)
``outcomes``    30     by lance, one-hot: how its betting ended (``mus.Outcome``)
==============  =====  ==========================================================

>>> import mus
>>> from mus.batch import Batch
>>> batch = Batch(mus.Rules(), seeds=[1, 2])
>>> seen = observe(batch, 0)
>>> seen.shape, seen.dtype.name, int(seen[0, LAYOUT["hand"]].sum()), seen[1, LAYOUT["to_act"]].tolist()
((2, 116), 'float32', 4, [1.0, 0.0, 0.0, 0.0, 0.0, 0.0])
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mus.batch.engine import Batch
from mus.batch.tables import IN_BETTING, ORDAGO_ANSWER, Array
from mus.cards import ALL_CARDS
from mus.checks import instance_arg, quoted
from mus.errors import MusError
from mus.ranking import Lance
from mus.scoring import Outcome
from mus.state import MAX_BETS

__all__ = ["LAYOUT", "SIZE", "observe"]

_SLOTS = 6
_PARTS = (
    ("hand", len(ALL_CARDS)),
    ("phase", 4),
    ("lance", len(Lance)),
    ("mano", _SLOTS),
    ("to_act", _SLOTS),
    ("in_lance", _SLOTS),
    ("folded", _SLOTS),
    ("bettor", _SLOTS),
    ("betting", 4),
    ("scores", 2),
    ("mus_rounds", 1),
    ("outcomes", len(Lance) * len(Outcome)),
)


def _layout() -> dict[str, slice]:
    layout, start = {}, 0
    for name, size in _PARTS:
        layout[name] = slice(start, start + size)
        start += size
    return layout


LAYOUT: dict[str, slice] = _layout()
"""Where each part of an observation lies (see the module)."""
SIZE = sum(size for _, size in _PARTS)
"""The length of an observation."""

_INDEX_OF_ORDER = np.array(
    [{card.order: card.index for card in ALL_CARDS}.get(order, 0) for order in range(48)], np.intp
)


def _one_hot(out: Array, part: str, index: Array, valid: Array | None = None) -> None:
    rows = np.arange(len(out)) if valid is None else valid.nonzero()[0]
    chosen = index if valid is None else index[valid]
    out[rows, LAYOUT[part].start + chosen] = 1.0


def _relative_bits(out: Array, part: str, mask: Array, seat: Array, seats: int) -> None:
    # Bit s of mask is seat s: slot k of the part is the seat k places after the observer.
    start = LAYOUT[part].start
    for k in range(seats):
        out[:, start + k] = (mask >> ((seat + k) % seats)) & 1


def _seats(seat: Any, n: int, seats: int) -> Array:
    """``seat`` (one seat for all ``n`` hands, or one a hand) as ``n`` seats."""
    if type(seat) is int and 0 <= seat < seats:
        return np.full(n, seat, np.intp)
    try:
        array = np.asarray(seat)
        if np.issubdtype(array.dtype, np.integer) and ((array >= 0) & (array < seats)).all():
            return np.broadcast_to(array.astype(np.intp), (n,))
    except Exception:  # numpy's refusal (a shape that does not broadcast), or a value that raises as it is read
        pass
    raise MusError(f"seat is one seat from 0 to {seats - 1}, or one a hand ({n}), got {quoted(seat)}")


def observe(batch: Batch, seat: int | Array) -> Array:
    """By hand, what ``seat`` (one seat for all hands, or one a hand) sees: a float32
    array of shape ``(n, SIZE)`` (see the module for the layout).

    >>> import mus
    >>> from mus.batch import Batch, NO_MUS
    >>> batch = Batch(mus.Rules(), seeds=[1])
    >>> batch.step([NO_MUS])
    >>> seen = observe(batch, 1)[0]
    >>> seen[LAYOUT["lance"]].tolist(), seen[LAYOUT["to_act"]].tolist(), seen[LAYOUT["in_lance"]].tolist()
    ([1.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0, 0.0, 0.0])
    """
    hands = instance_arg(batch, Batch, "a Batch").hands
    tables = hands.tables
    n, seats = hands.n, tables.seats
    seat = _seats(seat, n, seats)
    rows = np.arange(n)
    out = np.zeros((n, SIZE), np.float32)
    held = _INDEX_OF_ORDER[hands.cards[rows, seat]]
    out[rows[:, None], LAYOUT["hand"].start + held] = 1.0
    phase = hands.phase
    _one_hot(out, "phase", phase)
    betting = phase == IN_BETTING
    _one_hot(out, "lance", hands.lance.astype(np.intp), betting)
    _one_hot(out, "mano", (hands.mano - seat) % seats)
    to_act = hands.to_act()
    _one_hot(out, "to_act", (to_act - seat) % seats, to_act >= 0)
    _relative_bits(out, "in_lance", np.where(betting, hands.in_lance, 0), seat, seats)
    _relative_bits(out, "folded", np.where(betting, hands.in_lance & ~hands.live, 0), seat, seats)
    bet = betting & (hands.bets > 0)
    _one_hot(out, "bettor", (hands.bettor - seat) % seats, bet)
    target = tables.target
    start = LAYOUT["betting"].start
    out[:, start] = np.minimum(np.where(betting, hands.stake, 0) / target, 1.0)
    out[:, start + 1] = np.minimum(np.where(bet, hands.previous, 0) / target, 1.0)
    out[:, start + 2] = np.where(betting, hands.bets, 0) / MAX_BETS
    out[:, start + 3] = bet & (hands.kind == ORDAGO_ANSWER)
    side = tables.team_of[seat].astype(np.intp)
    start = LAYOUT["scores"].start
    out[:, start] = np.minimum(hands.scores[rows, side] / target, 1.0)
    out[:, start + 1] = np.minimum(hands.scores[rows, 1 - side] / target, 1.0)
    out[:, LAYOUT["mus_rounds"].start] = np.minimum(hands.rounds / 10, 1.0)
    outcome = hands.outcome
    played = outcome >= 0
    lanes = np.arange(len(Lance)) * len(Outcome)
    at, lance = played.nonzero()
    out[at, LAYOUT["outcomes"].start + lanes[lance] + outcome[at, lance]] = 1.0
    return out
