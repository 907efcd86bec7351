"""The transitions of the batch engine: one action for each of many hands at once.

:func:`apply_actions` takes the rows of the hands that act and one action id each,
sorts them by what the action does, and plays each group with a few array
operations, as :mod:`mus.reducer` and :mod:`mus.betting` play one hand: the mus and its
exchange (the serving of new cards, :mod:`mus.batch.exchange`), the betting of each
lance with its folds, raises and órdagos, the lances settled at once (pares or juego
that fewer than two sides hold), and the count, stopped at the target. The actions
must be legal: :class:`~mus.batch.Batch` checks them first, the random policy picks
only legal ones.

>>> import mus, numpy as np
>>> from mus.batch import Batch, NO_MUS, BET_2, FOLD
>>> batch = Batch(mus.Rules(), [1, 2])
>>> for action in (NO_MUS, BET_2, FOLD, FOLD):
...     batch.step(np.full(2, action))
>>> batch.scores.tolist(), int(batch.lance[0])
([[1, 0], [1, 0]], 1)
"""

from __future__ import annotations

import numpy as np

from mus.batch.exchange import serve
from mus.batch.hands import BETTING, CODE, DISCARD, FINISHED, Hands
from mus.batch.ids import BET_2, ORDAGO
from mus.batch.tables import COUNT, OPEN, Array
from mus.batch.tables import DISCARD as DISCARD_KIND
from mus.batch.tables import FINISHED as FINISHED_KIND
from mus.ranking import Lance
from mus.scoring import Outcome

__all__ = ["apply_actions"]

_GRANDE, _CHICA, _PARES, _JUEGO, _PUNTO = (int(lance) for lance in Lance)
_EN_PASO, _ACCEPTED, _REFUSED = CODE[Outcome.EN_PASO], CODE[Outcome.ACCEPTED], CODE[Outcome.REFUSED]
_NO_BET, _VOID, _ORDAGO = CODE[Outcome.NO_BET], CODE[Outcome.VOID], CODE[Outcome.ORDAGO]

# What each action id does: 0 mus, 1 no mus, 2 discard, 3 pass, 4 accept, 5 fold,
# 6 bet or órdago (the declarations, 21 and 22, are never legal here).
_MUS, _NO_MUS, _DISCARD, _PASS, _ACCEPT, _FOLD, _RAISE = range(7)
_ROUTE = np.array([_MUS, _NO_MUS, *[_DISCARD] * 15, _PASS, _ACCEPT, _FOLD, _RAISE, -1, -1], np.int8)


def routes(num_actions: int) -> Array:
    """By action id, the group that plays it (bets from id 23 raise)."""
    return np.concatenate([_ROUTE, np.full(num_actions - len(_ROUTE), _RAISE, np.int8)])


def apply_actions(hands: Hands, rows: Array, actions: Array, route: Array) -> None:
    """Play ``actions[k]`` in hand ``rows[k]`` for every ``k`` (distinct rows, legal
    actions; ``route`` is :func:`routes` of the tables)."""
    groups = route[actions]
    counts = np.bincount(groups, minlength=7)
    for group in np.flatnonzero(counts):
        if counts[group] == len(rows):
            chosen, acts = rows, actions
        else:
            which = groups == group
            chosen, acts = rows[which], actions[which]
        _PLAYS[group](hands, chosen, acts)


def _seat(hands: Hands, rows: Array) -> Array:
    return (hands.queue[rows] & 15) - 1


def _mus(hands: Hands, rows: Array, actions: Array) -> None:
    queue = hands.queue[rows] >> 4
    hands.queue[rows] = queue
    done = rows[queue == 0]
    if done.size:
        # Everyone said mus: each seat discards, in speaking order from the mano.
        tables = hands.tables
        hands.phase[done] = DISCARD
        hands.kind[done] = DISCARD_KIND
        hands.queue[done] = tables.queue[hands.mano[done].astype(np.intp) << tables.seats | tables.all_seats]


def _no_mus(hands: Hands, rows: Array, actions: Array) -> None:
    if hands.tables.corrido:
        # Mus corrido (rules section 13): the seat that cuts becomes the mano.
        cut = rows[hands.corrido[rows]]
        hands.mano[cut] = _seat(hands, cut)
    open_lances(hands, rows, np.full(len(rows), _GRANDE, np.int8))


def _discard(hands: Hands, rows: Array, actions: Array) -> None:
    hands.pending[rows, _seat(hands, rows)] = actions - 1
    queue = hands.queue[rows] >> 4
    hands.queue[rows] = queue
    done = rows[queue == 0]
    if done.size:
        serve(hands, done)


def _pass(hands: Hands, rows: Array, actions: Array) -> None:
    queue = hands.queue[rows] >> 4
    hands.queue[rows] = queue
    done = rows[queue == 0]
    if done.size:
        _settle(hands, done, _EN_PASO)


def _raise(hands: Hands, rows: Array, actions: Array) -> None:
    """A bet or raise of ``action - 21`` stones, or an órdago: the other side answers."""
    tables = hands.tables
    seat = _seat(hands, rows)
    ordago = actions == ORDAGO
    stake = hands.stake[rows]
    hands.previous[rows] = stake
    hands.stake[rows] = stake + np.where(ordago, 0, actions - (BET_2 - 2))
    bets = hands.bets[rows] + 1
    hands.bets[rows] = bets
    hands.bettor[rows] = seat
    hands.ordago[rows] = ordago
    hands.kind[rows] = tables.kind_after_bet(bets, ordago)
    # The other side's seats still in the lance, in speaking order after the bettor.
    answer = hands.in_lance[rows] & ~hands.folded[rows] & tables.other[seat]
    hands.queue[rows] = tables.queue[(seat + 1) % tables.seats << tables.seats | answer]


def _accept(hands: Hands, rows: Array, actions: Array) -> None:
    # In partnership play one accept commits the side.
    ordago = hands.ordago[rows]
    if ordago.any():
        _settle(hands, rows[ordago], _ORDAGO)
        rows = rows[~ordago]
    if rows.size:
        _settle(hands, rows, _ACCEPTED)


def _fold(hands: Hands, rows: Array, actions: Array) -> None:
    hands.folded[rows] |= hands.tables.bit[_seat(hands, rows)]
    queue = hands.queue[rows] >> 4
    hands.queue[rows] = queue
    done = rows[queue == 0]
    if done.size:
        _settle(hands, done, _REFUSED)


_PLAYS = (_mus, _no_mus, _discard, _pass, _accept, _fold, _raise)


# --- the lances -------------------------------------------------------------------------


def open_lances(hands: Hands, rows: Array, lances: Array) -> None:
    """Open ``lances[k]`` in hand ``rows[k]``: the betting starts, or the lance is
    settled at once (pares or juego held by fewer than two sides) and the next opens,
    down to the count."""
    tables = hands.tables
    waiting: dict[int, list[Array]] = {}
    for lance in np.unique(lances).tolist():
        waiting[lance] = [rows if len(lances) == 1 or (lances == lance).all() else rows[lances == lance]]
    for lance in (_GRANDE, _CHICA, _PARES, _JUEGO, _PUNTO, COUNT):
        parts = waiting.pop(lance, None)
        if not parts:
            continue
        rows = parts[0] if len(parts) == 1 else np.concatenate(parts)
        if lance == COUNT:
            count(hands, rows)
            continue
        if lance not in (_PARES, _JUEGO):
            _start(hands, rows, lance, np.full(len(rows), tables.all_seats, np.int16))
            continue
        held = (tables.has_pares if lance == _PARES else tables.has_juego)[hands.multiset[rows]]
        mask = (held * tables.bit).sum(axis=1, dtype=np.int16)
        sides = (mask & tables.team_seats[0] != 0).astype(np.int8) + 2 * (mask & tables.team_seats[1] != 0)
        both = sides == 3
        if both.any():
            _start(hands, rows[both], lance, mask[both])
        if lance == _JUEGO:
            # Nobody has juego: punto is played instead.
            none = sides == 0
            if none.any():
                waiting.setdefault(_PUNTO, []).append(rows[none])
            one = (sides == 1) | (sides == 2)
        else:
            one = ~both
            void = sides == 0
            if void.any():
                hands.outcome[rows[void], lance] = _VOID
        single = rows[(sides == 1) | (sides == 2)]
        if single.size:
            # One side has it: it takes its bonuses with no bet (rules section 6).
            team = (sides[(sides == 1) | (sides == 2)] - 1).astype(np.intp)
            hands.outcome[single, lance] = _NO_BET
            hands.paid_to[single, lance] = team
            hands.paid[single, lance] = _bonus(
                hands, single, lance, mask[(sides == 1) | (sides == 2)] & tables.team_seats[team]
            )
        if one.any():
            waiting.setdefault(int(tables.following[lance]), []).append(rows[one])


def _start(hands: Hands, rows: Array, lance: int, seats: Array) -> None:
    tables = hands.tables
    hands.phase[rows] = BETTING
    hands.kind[rows] = OPEN
    hands.lance[rows] = lance
    hands.in_lance[rows] = seats
    hands.folded[rows] = 0
    hands.stake[rows] = 0
    hands.previous[rows] = 0
    hands.bets[rows] = 0
    hands.bettor[rows] = -1
    hands.ordago[rows] = False
    hands.queue[rows] = tables.queue[hands.mano[rows].astype(np.intp) << tables.seats | seats]


def _bonus(hands: Hands, rows: Array, lance: Array | int, seats: Array) -> Array:
    """What the side of ``seats`` adds for winning ``lance``: its seats' bonuses (pares,
    juego) and the lance's own stone (punto)."""
    tables = hands.tables
    lance = np.asarray(lance)
    by_seat = tables.bonus[lance[..., None] if lance.ndim else lance, hands.multiset[rows]]
    inside = (seats[:, None] >> np.arange(tables.seats)) & 1
    paid: Array = (by_seat * inside).sum(axis=1) + tables.flat[lance]
    return paid


def _showdown(hands: Hands, rows: Array, lance: Array, seats: Array) -> Array:
    """The seat of ``seats`` with the best hand at ``lance``, ties to the nearest the mano."""
    tables = hands.tables
    order = tables.rotation[hands.mano[rows]]
    keys = tables.keys[lance[:, None], hands.multiset[rows[:, None], order]]
    inside = (seats[:, None] >> order) & 1
    best = np.where(inside != 0, keys, -1).argmax(axis=1)
    seat: Array = order[np.arange(len(rows)), best]
    return seat


def _still_in(hands: Hands, rows: Array) -> Array:
    """The seats whose cards and bonuses count once the betting ends: a seat that folded
    while its partner went on is in, unless ``folded_seat_counts=False``."""
    seats = hands.in_lance[rows]
    return seats if hands.tables.folded_count else seats & ~hands.folded[rows]


def _settle(hands: Hands, rows: Array, outcome: int) -> None:
    """End the betting of the lance under way in ``rows`` as ``outcome``."""
    tables = hands.tables
    lance = hands.lance[rows].astype(np.intp)
    hands.outcome[rows, lance] = outcome
    seats = _still_in(hands, rows)
    if outcome == _REFUSED:
        team = tables.team_of[hands.bettor[rows]].astype(np.intp)
        stones = np.where(hands.bets[rows] == 1, tables.first_refusal, hands.previous[rows])
        scores = hands.scores[rows, team] + stones
        hands.scores[rows, team] = scores
        paid = _bonus(hands, rows, lance, seats & tables.team_seats[team])
        hands.paid_to[rows, lance] = team
        hands.paid[rows, lance] = paid
        # Refusal stones are taken at once and can end the game before any count.
        won = scores >= tables.target
        if won.any():
            hands.winner[rows[won]] = team[won]
            finish(hands, rows[won])
            rows, lance = rows[~won], lance[~won]
    else:
        team = tables.team_of[_showdown(hands, rows, lance, seats)].astype(np.intp)
        if outcome == _ORDAGO:
            # An accepted órdago is shown down at once and decides the game.
            hands.winner[rows] = team
            finish(hands, rows)
            return
        stake = hands.stake[rows] if outcome == _ACCEPTED else tables.en_paso[lance]
        hands.paid_to[rows, lance] = team
        hands.paid[rows, lance] = stake + _bonus(hands, rows, lance, seats & tables.team_seats[team])
    if rows.size:
        open_lances(hands, rows, tables.following[lance])


def count(hands: Hands, rows: Array) -> None:
    """The count (rules section 8): each lance pays in order, and the count stops as soon
    as a side reaches the target."""
    target = hands.tables.target
    live = np.ones(len(rows), bool)
    for lance in range(len(Lance)):
        team = hands.paid_to[rows, lance].astype(np.intp)
        paying = live & (team >= 0)
        if not paying.any():
            continue
        paid_rows, paid_team = rows[paying], team[paying]
        scores = hands.scores[paid_rows, paid_team] + hands.paid[paid_rows, lance]
        hands.scores[paid_rows, paid_team] = scores
        won = scores >= target
        if won.any():
            hands.winner[paid_rows[won]] = paid_team[won]
            live[np.flatnonzero(paying)[won]] = False
    finish(hands, rows)


def finish(hands: Hands, rows: Array) -> None:
    """End the hands of ``rows``: counted, or the game won in them."""
    hands.phase[rows] = FINISHED
    hands.kind[rows] = FINISHED_KIND
    hands.queue[rows] = 0
    hands.lance[rows] = -1
