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
from mus.batch.hands import CODE, LANCES, Hands
from mus.batch.tables import COUNT, DISCARD_TURN, MAX_BETS, OPEN, ORDAGO_ANSWER, OVER, Array
from mus.ranking import Lance
from mus.scoring import Outcome

__all__ = ["apply_actions"]

_GRANDE, _CHICA, _PARES, _JUEGO, _PUNTO = (int(lance) for lance in Lance)
_EN_PASO, _ACCEPTED, _REFUSED = CODE[Outcome.EN_PASO], CODE[Outcome.ACCEPTED], CODE[Outcome.REFUSED]
_NO_BET, _VOID, _ORDAGO = CODE[Outcome.NO_BET], CODE[Outcome.VOID], CODE[Outcome.ORDAGO]

# What each action id does: 0 mus, 1 no mus, 2 discard, 3 pass, 4 accept, 5 fold,
# 6 bet or órdago (the declarations, 21 and 22, are never legal here).
_MUS, _NO_MUS, _DISCARD, _PASS, _ACCEPT, _FOLD, _RAISE = range(7)
_CARDS_IN = np.array([bin(bits).count("1") for bits in range(16)], np.int8)
"""By a discard's bits (hand positions), how many cards it throws."""
_ROUTE = np.array([_MUS, _NO_MUS, *[_DISCARD] * 15, _PASS, _ACCEPT, _FOLD, _RAISE, -1, -1], np.int8)


def routes(num_actions: int) -> Array:
    """By action id, the group that plays it (bets from id 23 raise)."""
    return np.concatenate([_ROUTE, np.full(num_actions - len(_ROUTE), _RAISE, np.int8)])


def apply_actions(hands: Hands, rows: Array, actions: Array, route: Array) -> None:
    """Play ``actions[k]`` in hand ``rows[k]`` for every ``k`` (distinct rows, legal
    actions; ``route`` is ``routes(num_actions)`` of the tables)."""
    tables = hands.tables
    groups = route[actions]
    counts = np.bincount(groups, minlength=7).tolist()
    queue = hands.queue[rows]
    # Every action but a raise passes the word on; a raise, no mus, and the end of a
    # lance or of the mus write the queue anew below.
    hands.queue[rows] = queue >> 4
    if counts[int(groups[0])] != len(rows):
        # The groups one after another: each is then a slice, not a gather.
        order = np.argsort(groups, kind="stable")
        rows, actions, queue = rows[order], actions[order], queue[order]
    seat = (queue & 15) - 1
    last = queue < 16
    settling: list[tuple[Array, Array | int]] = []
    opening: list[tuple[Array, Array | int]] = []
    end = 0
    for group, size in enumerate(counts):
        if not size:
            continue
        begin, end = end, end + size
        chosen = rows[begin:end]
        if group == _MUS:
            done = chosen[last[begin:end]]
            if done.size:
                # Everyone said mus: each seat discards, in speaking order from the mano.
                hands.kind[done] = DISCARD_TURN
                hands.queue[done] = tables.queue[hands.mano[done] << tables.seats | tables.all_seats]
        elif group == _NO_MUS:
            if tables.corrido:
                # Mus corrido (rules section 13): the seat that cuts becomes the mano.
                cut = hands.corrido[chosen]
                hands.mano[chosen[cut]] = seat[begin:end][cut]
            opening.append((chosen, _GRANDE))
        elif group == _DISCARD:
            bits = actions[begin:end] - 1
            hands.pending[chosen, seat[begin:end]] = bits
            hands.discarded[chosen, seat[begin:end]] = _CARDS_IN[bits]
            done = chosen[last[begin:end]]
            if done.size:
                serve(hands, done)
        elif group == _PASS:
            done = chosen[last[begin:end]]
            if done.size:
                settling.append((done, _EN_PASO))
        elif group == _ACCEPT:
            # In partnership play one accept commits the side.
            settling.append((chosen, np.where(hands.kind[chosen] == ORDAGO_ANSWER, _ORDAGO, _ACCEPTED).astype(np.int8)))
        elif group == _FOLD:
            hands.live[chosen] &= tables.unbit[seat[begin:end]]
            done = chosen[last[begin:end]]
            if done.size:
                settling.append((done, _REFUSED))
        else:
            _raise(hands, chosen, actions[begin:end], seat[begin:end])
    if settling:
        settled, following = _settle(hands, *_joined(settling))
        if settled.size:
            opening.append((settled, following))
    if opening:
        open_lances(hands, *_joined(opening))


def _joined(parts: list[tuple[Array, Array | int]]) -> tuple[Array, Array]:
    """The rows of ``parts`` and their values (one value for a part's rows, or one a row)."""
    values = [np.full(len(rows), value, np.int8) if isinstance(value, int) else value for rows, value in parts]
    if len(parts) == 1:
        return parts[0][0], values[0]
    return np.concatenate([rows for rows, _ in parts]), np.concatenate(values)


def _raise(hands: Hands, rows: Array, actions: Array, seat: Array) -> None:
    """A bet or raise of ``action - 21`` stones, or an órdago: the other side answers."""
    tables = hands.tables
    stake = hands.stake[rows]
    hands.previous[rows] = stake
    hands.stake[rows] = stake + tables.stones_of[actions]
    bets = hands.bets[rows] + 1
    hands.bets[rows] = bets
    hands.bettor[rows] = seat
    hands.kind[rows] = tables.kind_after[bets // MAX_BETS, actions]
    # The other side's seats still in the lance, in speaking order after the bettor.
    answer = hands.live[rows] & tables.other[seat]
    hands.queue[rows] = tables.queue[tables.answer_start[seat] | answer]


# --- the lances -------------------------------------------------------------------------


def open_lances(hands: Hands, rows: Array, lances: Array) -> None:
    """Open ``lances[k]`` in hand ``rows[k]``: the betting starts, or the lance is
    settled at once (pares or juego held by fewer than two sides) and the next opens,
    down to the count."""
    tables = hands.tables
    counts = np.bincount(lances, minlength=COUNT + 1).tolist()
    present = {lance for lance, count in enumerate(counts) if count}
    lances = lances.copy()
    # Lance by lance in order: a hand whose lance is settled at once moves on to a later one.
    for lance in (_GRANDE, _CHICA, _PARES, _JUEGO, _PUNTO, COUNT):
        if lance not in present:
            continue
        here = (lances == lance).nonzero()[0] if len(present) > 1 else np.arange(len(rows))
        chosen = rows[here]
        if lance == COUNT:
            count(hands, chosen)
            continue
        if lance != _PARES and lance != _JUEGO:
            _start(hands, chosen, lance, tables.all_seats)
            continue
        held = (tables.has_pares if lance == _PARES else tables.has_juego)[hands.multiset[chosen]]
        mask = held @ tables.bit
        sides = (mask & tables.team_seats[0] != 0).view(np.int8) + 2 * (mask & tables.team_seats[1] != 0)
        both = sides == 3
        if np.count_nonzero(both):
            _start(hands, chosen[both], lance, mask[both])
        single = (sides == 1) | (sides == 2)
        if np.count_nonzero(single):
            # One side has it: it takes its bonuses with no bet (rules section 6).
            alone = chosen[single]
            team = (sides[single] - 1).astype(np.intp)
            hands.outcome[alone, lance] = _NO_BET
            hands.paid_to[alone, lance] = team
            hands.paid[alone, lance] = _bonus(hands, alone, lance, mask[single] & tables.team_seats[team])
        moving = here[~both]
        if not moving.size:
            continue
        if lance == _PARES:
            void = sides == 0
            if np.count_nonzero(void):
                hands.outcome[chosen[void], lance] = _VOID
            lances[moving] = _JUEGO
            present.add(_JUEGO)
        else:
            # Nobody has juego: punto is played instead.
            after = np.where(sides[~both] == 0, _PUNTO, COUNT)
            lances[moving] = after
            present.update(np.unique(after).tolist())


def _start(hands: Hands, rows: Array, lance: int, seats: Array | int) -> None:
    tables = hands.tables
    # (The bettor and the stake before the last raise are read only after a bet.)
    hands.kind[rows] = OPEN
    hands.lance[rows] = lance
    hands.in_lance[rows] = seats
    hands.live[rows] = seats
    hands.stake[rows] = 0
    hands.bets[rows] = 0
    hands.queue[rows] = tables.queue[hands.mano[rows] << tables.seats | seats]


def _bonus(hands: Hands, rows: Array, lance: Array | int, seats: Array) -> Array:
    """What the side of ``seats`` adds for winning ``lance``: its seats' bonuses (pares,
    juego) and the lance's own stone (punto)."""
    tables = hands.tables
    lance = np.asarray(lance)
    by_seat = tables.bonus[lance[..., None] if lance.ndim else lance, hands.multiset[rows]]
    inside = (seats[:, None] >> np.arange(tables.seats)) & 1
    paid: Array = np.einsum("ij,ij->i", by_seat, inside) + tables.flat[lance]
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
    return hands.in_lance[rows] if hands.tables.folded_count else hands.live[rows]


def _settle(hands: Hands, rows: Array, outcomes: Array) -> tuple[Array, Array]:
    """End the betting of the lance under way in ``rows`` as ``outcomes`` (en paso,
    accepted, refused or órdago); the rows whose hand goes on, and their next lance."""
    tables = hands.tables
    lance = hands.lance[rows]
    hands.outcome[rows, lance] = outcomes
    seats = _still_in(hands, rows)
    team = tables.team_of[_showdown(hands, rows, lance, seats)]
    ordago = outcomes == _ORDAGO
    if np.count_nonzero(ordago):
        # An accepted órdago is shown down at once and decides the game.
        hands.winner[rows[ordago]] = team[ordago]
        finish(hands, rows[ordago])
        going = ~ordago
        rows, outcomes, lance, seats, team = rows[going], outcomes[going], lance[going], seats[going], team[going]
    refused = outcomes == _REFUSED
    won = None
    if np.count_nonzero(refused):
        # The refusal stones go to the bettors' side at once, and can end the game
        # before any count; the count pays that side only its bonuses.
        those = rows[refused]
        side = tables.team_of[hands.bettor[those]]
        team[refused] = side
        stones = np.where(hands.bets[those] == 1, tables.first_refusal, hands.previous[those])
        hands.shown[those, hands.lance[those]] = stones
        scores = hands.scores[those, side] + stones
        hands.scores[those, side] = scores
        won = np.zeros(len(rows), bool)
        won[refused] = scores >= tables.target
    accepted = outcomes == _ACCEPTED
    if np.count_nonzero(accepted):
        hands.shown[rows[accepted], lance[accepted]] = hands.stake[rows[accepted]]
    bet = np.where(accepted, hands.stake[rows], np.where(refused, 0, tables.en_paso[lance]))
    hands.paid_to[rows, lance] = team
    hands.paid[rows, lance] = bet + _bonus(hands, rows, lance, seats & tables.team_seats[team])
    if won is not None and np.count_nonzero(won):
        hands.winner[rows[won]] = team[won]
        finish(hands, rows[won])
        rows, lance = rows[~won], lance[~won]
    return rows, tables.following[lance]


def count(hands: Hands, rows: Array) -> None:
    """The count (rules section 8): each lance pays in order, and the count stops as soon
    as a side reaches the target (no side stands there before: it would have won)."""
    to = hands.paid_to[rows]
    paid = hands.paid[rows]
    n = len(rows)
    gains = np.zeros((n, LANCES, 2), np.int32)
    gains[..., 0] = np.where(to == 0, paid, 0)
    gains[..., 1] = np.where(to == 1, paid, 0)
    after = hands.scores[rows][:, None, :] + np.cumsum(gains, axis=1)
    reached = after.max(axis=2) >= hands.tables.target
    first = reached.argmax(axis=1)
    at = np.arange(n)
    won = reached[at, first]
    hands.scores[rows] = after[at, np.where(won, first, LANCES - 1)]
    if np.count_nonzero(won):
        hands.winner[rows[won]] = to[at, first][won]
    finish(hands, rows)


def finish(hands: Hands, rows: Array) -> None:
    """End the hands of ``rows``: counted, or the game won in them."""
    hands.kind[rows] = OVER
    hands.queue[rows] = 0
    hands.lance[rows] = -1
