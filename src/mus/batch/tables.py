"""What the batch engine reads of a rule set, as numpy tables, and which rules it plays.

:func:`tables_for` builds once per rule set (and bet cap) every table the engine
looks up: the lance keys, points and bonuses of each rank multiset (the rules' own
``rules.ranking`` and ``rules.bonuses``, so every knob that changes ranking or payouts
plays as in the scalar engine), the queues of seats in speaking order, and the legal
ids of each kind of turn. :func:`check_rules` says which rule sets it plays: two
partnerships at two, four or six seats, derived declarations, no house rules.

>>> import mus
>>> tables = tables_for(mus.Rules())
>>> tables.seats, tables.num_actions, int(tables.listed_count[OPEN])
(4, 33, 3)
>>> check_rules(mus.Rules(declarations="explicit"))
Traceback (most recent call last):
...
mus.errors.MusError: mus.batch plays declarations='derived' only, not 'explicit': play these rules with the scalar engine (mus.new_hand)
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from numpy.typing import NDArray

from mus.batch.ids import (
    ACCEPT,
    BET_2,
    DEFAULT_MAX_BET,
    DISCARD_FIRST,
    DISCARD_LAST,
    FOLD,
    MAX_BET_LIMIT,
    MUS,
    NO_MUS,
    ORDAGO,
    PASS,
)
from mus.cards import ALL_CARDS, Rank
from mus.checks import quoted
from mus.errors import MusError
from mus.hand import RANK_MULTISETS
from mus.ranking import Lance
from mus.rules import Rules
from mus.state import MAX_BETS, MAX_MUS_ROUNDS

__all__ = [
    "ANSWER",
    "ANSWER_CAPPED",
    "COUNT",
    "DISCARD_TURN",
    "IN_BETTING",
    "IN_DISCARD",
    "IN_FINISHED",
    "IN_MUS",
    "KINDS",
    "MAX_BETS",
    "MAX_MUS_ROUNDS",
    "MUS_CUT",
    "MUS_TURN",
    "OPEN",
    "ORDAGO_ANSWER",
    "OVER",
    "PHASE_OF_KIND",
    "PICKS",
    "Array",
    "Tables",
    "array_arg",
    "check_rules",
    "max_bet_arg",
    "tables_for",
]

Array = NDArray[Any]
"""A numpy array of the engine (its dtype is the engine's business)."""

# The kinds of turn: each has one list of legal ids (a row of Tables.legal).
MUS_TURN, MUS_CUT, DISCARD_TURN, OPEN, ANSWER, ANSWER_CAPPED, ORDAGO_ANSWER, OVER = range(8)
"""The kinds of turn, as numbers: a seat's mus, a mus after the last round (no mus
left: only no mus), a discard, opening a lance, answering a bet (with raises, or with
none left once the lance had its most bets), answering an órdago, and a hand that is
over."""
KINDS = 8
"""How many kinds of turn there are (the rows of :attr:`Tables.legal`)."""
IN_MUS, IN_DISCARD, IN_BETTING, IN_FINISHED = 0, 1, 2, 3
"""The phases, as numbers (no :class:`~mus.Phase` of declarations here: they are derived)."""
PHASE_OF_KIND = (IN_MUS, IN_MUS, IN_DISCARD, IN_BETTING, IN_BETTING, IN_BETTING, IN_BETTING, IN_FINISHED)
"""The phase of each kind of turn."""
PICKS = 60
"""The random policy draws an int below this for each hand: every list of listed
actions (1, 2, 3, 4 or 15 long) divides it, so each of its actions gets an equal share."""
COUNT = 5
"""The "lance" after the last one: the count."""

_SUPPORTED_SEATS = (2, 4, 6)


def check_rules(rules: object) -> Rules:
    """``rules`` if the batch engine plays them, else a :class:`~mus.MusError` naming
    the knob it does not: four-seat partnerships first, and two or six seats in two
    partnerships; derived declarations; no house rules; the whole game (not the reduced
    games of ``max_raises``, ``max_mus_rounds``, ``lances``, ``ranks`` and ``suits``,
    rules section 14). Every other knob plays (the out-of-turn events, señas and mus
    visto, are not offered, so their knobs change nothing here).

    >>> check_rules(Rules.preset("six")).seats
    6
    >>> check_rules(Rules.preset("individual-3"))
    Traceback (most recent call last):
    ...
    mus.errors.MusError: mus.batch plays two partnerships (teams=2) only, not teams=3: play these rules with the scalar engine (mus.new_hand)
    >>> check_rules(Rules.preset("small"))
    Traceback (most recent call last):
    ...
    mus.errors.MusError: mus.batch plays the whole game only, not the reduced game of max_raises=2, max_mus_rounds=0: play these rules with the scalar engine (mus.new_hand)
    """
    if not isinstance(rules, Rules):
        raise MusError(f"rules must be a Rules, got {quoted(rules)}")
    problem = None
    if rules.teams != 2:
        problem = f"two partnerships (teams=2) only, not teams={rules.teams}"
    elif rules.seats not in _SUPPORTED_SEATS:
        problem = f"seats=2, 4 or 6 only, not seats={rules.seats}"
    elif rules.declarations != "derived":
        problem = f"declarations='derived' only, not {rules.declarations!r}"
    elif rules.house:
        problem = f"no house rules, not house={tuple(rule.name for rule in rules.house)!r}"
    else:
        reduced = [
            f"{name}={getattr(rules, name)!r}"
            for name in ("max_raises", "max_mus_rounds", "lances", "ranks", "suits")
            if getattr(rules, name) != getattr(_DEFAULTS, name)
        ]
        if reduced:
            problem = f"the whole game only, not the reduced game of {', '.join(reduced)}"
    if problem is not None:
        raise MusError(f"mus.batch plays {problem}: play these rules with the scalar engine (mus.new_hand)")
    return rules


_DEFAULTS = Rules()


def array_arg(value: object, what: str, dtype: Any = None) -> Array:
    """``value`` as a numpy array (of ``dtype``, if given), or a :class:`~mus.MusError`
    that names ``what`` when numpy refuses it or it raises as it is read.

    >>> array_arg([[1, 0]], "masks", bool).tolist()
    [[True, False]]
    >>> array_arg("x", "observations", np.float32)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: observations are an array of numbers, got 'x'
    """
    try:
        return np.asarray(value, dtype)
    except Exception:  # numpy's refusal, or a value that raises as it is read
        raise MusError(f"{what} are an array of numbers, got {quoted(value)}") from None


def max_bet_arg(max_bet: object) -> int:
    """The largest bet with an id, checked: 2 to 1000 stones.

    >>> max_bet_arg(11)
    11
    """
    if isinstance(max_bet, bool) or not isinstance(max_bet, int) or not 2 <= max_bet <= MAX_BET_LIMIT:
        raise MusError(f"max_bet must be a whole number of stones from 2 to {MAX_BET_LIMIT}, got {quoted(max_bet)}")
    return max_bet


def _frozen(array: Array) -> Array:
    array.flags.writeable = False
    return array


class Tables:
    """The engine's tables for one rule set and bet cap (build them with :func:`tables_for`).

    Cards are numbered by ``Card.order`` (0 to 47, high ranks first), so that a hand
    sorted by number is sorted as the engine sorts it and its ranks come in order.
    """

    def __init__(self, rules: Rules, max_bet: int) -> None:
        # Built once per rule set (tables_for caches them), so checked every time.
        rules, max_bet = check_rules(rules), max_bet_arg(max_bet)
        self.rules = rules
        self.seats: int = rules.seats
        n = self.seats
        self.all_seats: int = (1 << n) - 1
        self.max_bet = max_bet
        """The largest bet or raise with an id."""
        self.num_actions: int = BET_2 + max_bet - 1
        cap = max_bet if rules.max_bet is None else min(max_bet, rules.max_bet)
        self.bet_cap = cap
        """The largest bet the ids offer under these rules."""
        self.target: int = rules.target
        self.corrido: bool = rules.mus_corrido != "off"
        self.team_decision: bool = rules.mus_decision == "team"
        self.folded_count: bool = rules.folded_seat_counts
        payouts = rules.payouts
        self.first_refusal: int = payouts.first_refusal

        # Cards: ALL_CARDS index -> order; order -> rank position (0 rey ... 9 as).
        self.order_of_index: Array = _frozen(np.array([card.order for card in ALL_CARDS], np.uint8))
        positions = {rank: i for i, rank in enumerate(sorted(Rank, reverse=True))}
        rank_position = np.zeros(48, np.int16)
        for card in ALL_CARDS:
            rank_position[card.order] = positions[card.rank]
        self.rank_position: Array = _frozen(rank_position)
        # Four rank positions in order, read as a number in base 10 -> multiset index.
        multiset = np.zeros(10_000, np.int16)
        for index, ranks in enumerate(RANK_MULTISETS):
            a, b, c, d = (positions[rank] for rank in ranks)
            multiset[a * 1000 + b * 100 + c * 10 + d] = index
        self.multiset: Array = _frozen(multiset)

        ranking = rules.ranking
        self.keys: Array = _frozen(np.array(ranking.keys, np.int64))
        """``keys[lance, multiset]``: the lance key (bigger wins; 0: no pares/juego)."""
        self.has_pares: Array = _frozen(self.keys[Lance.PARES] >= 1)
        self.has_juego: Array = _frozen(np.array(ranking.points, np.int64) >= 31)
        bonuses = rules.bonuses
        assert bonuses is not None  # no house rules (check_rules)
        self.bonus: Array = _frozen(np.array(bonuses, np.int64))
        """``bonus[lance, multiset]``: what a hand adds for its side when the side wins."""
        self.flat: Array = _frozen(np.array([0, 0, 0, 0, payouts.punto], np.int64))
        """What the winner of each lance adds once, besides the bonuses (punto's stone)."""
        self.en_paso: Array = _frozen(np.array([payouts.en_paso] * 2 + [0] * 3, np.int64))
        self.following: Array = _frozen(np.array([Lance.CHICA, Lance.PARES, Lance.JUEGO, COUNT, COUNT], np.int8))

        # Seats: team, the other side's seats, and each seat's bit.
        self.team_of: Array = _frozen(np.array(rules.team_of, np.int8))
        self.bit: Array = _frozen((1 << np.arange(n)).astype(np.int16))
        self.other: Array = _frozen(
            np.array([sum(1 << s for s in range(n) if (s - seat) % 2) for seat in range(n)], np.int16)
        )
        self.team_seats: Array = _frozen(
            np.array([sum(1 << s for s in range(n) if s % 2 == t) for t in (0, 1)], np.int16)
        )
        # Queues: seats + 1 in 4-bit fields, the first to speak lowest, 0 after the last.
        # queue[start * 2**n + mask]: the seats of mask in speaking order from start.
        queues = np.zeros(n << n, np.int32)
        for start in range(n):
            for mask in range(1 << n):
                packed, shift = 0, 0
                for seat in rules.orders[start]:
                    if mask >> seat & 1:
                        packed |= (seat + 1) << shift
                        shift += 4
                queues[start << n | mask] = packed
        self.queue: Array = _frozen(queues)
        self.rotation: Array = _frozen((np.arange(n)[None, :] + np.arange(n)[:, None]) % n)
        """``rotation[mano]``: the seats in speaking order from ``mano``."""
        self.mus_speakers: Array = _frozen(
            np.array(
                [(1 << m | 1 << (m + 1) % n) if self.team_decision else self.all_seats for m in range(n)], np.int16
            )
        )
        """By mano: the seats that say mus or no mus (all, or the first of each side)."""

        # The legal ids of each kind of turn, and the listed ones (a bet at its minimum):
        # the random policy picks among these, as it would among legal_actions().
        bets = list(range(BET_2, BET_2 + cap - 1))
        legal: list[list[int]] = [
            [MUS, NO_MUS],
            [NO_MUS],
            list(range(DISCARD_FIRST, DISCARD_LAST + 1)),
            [PASS, ORDAGO, *bets],
            [ACCEPT, FOLD, ORDAGO, *bets],
            [ACCEPT, FOLD, ORDAGO],
            [ACCEPT, FOLD],
            [],
        ]
        listed = [
            [MUS, NO_MUS],
            [NO_MUS],
            list(range(DISCARD_FIRST, DISCARD_LAST + 1)),
            [PASS, BET_2, ORDAGO],
            [ACCEPT, FOLD, BET_2, ORDAGO],
            [ACCEPT, FOLD, ORDAGO],
            [ACCEPT, FOLD],
            [],
        ]
        allowed = np.zeros((KINDS, self.num_actions), bool)
        for kind, ids in enumerate(legal):
            allowed[kind, ids] = True
        self.legal: Array = _frozen(allowed)
        """``legal[kind]``: the legal ids of a turn of that kind."""
        width = max(map(len, listed))
        table = np.zeros((KINDS, width), np.int16)
        for kind, ids in enumerate(listed):
            table[kind, : len(ids)] = ids
        # What a bet or órdago does, by action id: the stones it adds, and the kind of
        # the answer (capped once the lance had its most bets).
        stones = np.zeros(self.num_actions, np.int32)
        stones[BET_2:] = np.arange(2, max_bet + 1)
        self.stones_of: Array = _frozen(stones)
        after = np.full((2, self.num_actions), ANSWER, np.int8)
        after[1] = ANSWER_CAPPED
        after[:, ORDAGO] = ORDAGO_ANSWER
        self.kind_after: Array = _frozen(after)
        """``kind_after[bets // MAX_BETS, action]``: the kind of the answer to a bet."""
        self.answer_start: Array = _frozen(np.array([(seat + 1) % n << n for seat in range(n)], np.intp))
        """By bettor, the first seat after it, shifted as ``queue`` reads it."""
        self.unbit: Array = _frozen(~self.bit)
        self.listed: Array = _frozen(table)
        self.listed_count: Array = _frozen(np.array([len(ids) for ids in listed], np.int64))
        self.action_type: type[np.signedinteger[Any]] = np.int16 if self.num_actions > 127 else np.int8
        picks = np.zeros((KINDS, PICKS), self.action_type)
        for kind, ids in enumerate(listed):
            if ids:
                picks[kind] = [ids[j * len(ids) // PICKS] for j in range(PICKS)]
        self.picks: Array = _frozen(picks)
        """``picks[kind, j]``: the action of a uniform draw ``j`` below ``PICKS``."""
        self.phase_of_kind: Array = _frozen(np.array(PHASE_OF_KIND, np.int8))

    def mus_kind(self, rounds: Array) -> Array:
        """The kind of a turn of the mus after ``rounds`` rounds (no mus after the last).

        >>> tables_for(Rules()).mus_kind(np.array([0, MAX_MUS_ROUNDS])).tolist() == [MUS_TURN, MUS_CUT]
        True
        """
        return np.where(rounds >= MAX_MUS_ROUNDS, MUS_CUT, MUS_TURN).astype(np.int8)


@functools.lru_cache(maxsize=32)
def _tables(rules: Rules, max_bet: int) -> Tables:
    return Tables(rules, max_bet)


def tables_for(rules: Rules, max_bet: int = DEFAULT_MAX_BET) -> Tables:
    """The tables of ``rules`` (checked by :func:`check_rules`) with bets up to ``max_bet``
    stones, built once.

    >>> tables_for(Rules(), 5).num_actions
    27
    """
    # Checked before the cache, which hashes them.
    return _tables(check_rules(rules), max_bet_arg(max_bet))
