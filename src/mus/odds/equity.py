"""What a hand is worth against the unknown cards of the other seats.

:func:`mus.odds.odds` gives, for a hand at a seat (its speaking position from the mano), how
often its side wins each lance and the stones its side can expect from the count when
nobody bets (the *en paso* count). With one or two unknown hands (two or three seats)
every deal is counted, weighted by its number of card deals: the odds are exact.
Otherwise deals are sampled (Monte Carlo) in blocks of ``BLOCK`` deals, each
seeded from the seed, the hand's rank multiset and the block's number, and each
figure comes with its standard error.

>>> from mus import Lance, Rules
>>> result = odds("Ro Rc 7e 1b", Rules(seats=2))
>>> result.exact, round(result.win[Lance.GRANDE], 4)
(True, 0.9277)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import IO, TYPE_CHECKING

import attrs

from mus.cards import Rank
from mus.errors import MusError, quoted
from mus.hand import RANK_MULTISETS, Hand
from mus.lances import Lance
from mus.odds.batch import (
    NONE,
    OddsError,
    Seed,
    bonus_table,
    checked_rules,
    en_paso_stones,
    np,
    seed_entropy,
    table_winners,
    tables_for,
)
from mus.odds.parallel import Progress, check_workers, run_tasks
from mus.odds.situation import CardsLike, Situation, hand_of
from mus.rules import Rules
from mus.senas import Sena

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["BLOCK", "DEFAULT_SAMPLES", "MAX_SAMPLES", "Odds", "equity_table", "exact_feasible", "odds", "write_csv"]

BLOCK = 1 << 16
"""Deals a Monte Carlo block samples: the unit of work a worker takes, and of seeding."""

DEFAULT_SAMPLES = 1 << 20
"""Deals :func:`mus.odds.odds` samples when the odds cannot be exact and no number is given."""

MAX_SAMPLES = 10**8
"""The most deals one hand's odds sample (``samples``; per rank pattern in an
:func:`~mus.odds.equity_table`): a hundred times ``DEFAULT_SAMPLES``, whose
standard errors it cuts tenfold, and minutes of work a CPU. More refuse with an
:class:`~mus.odds.OddsError`."""

_POSITION = {rank: position for position, rank in enumerate(sorted(Rank, reverse=True))}
_LANCES = len(Lance)
# Where each sum sits in a task's accumulator of whole numbers (so that adding tasks'
# results in any order gives the same figures).
_COUNT, _WIN, _OWN, _PLAYED, _MINE, _MINE2, _AGAINST = 0, 1, 6, 11, 16, 21, 26
_TOTAL, _TOTAL2, _TOTAL_AGAINST, _NET2, _SIZE = 31, 32, 33, 34, 35


def exact_feasible(rules: Rules) -> bool:
    """Whether :func:`mus.odds.odds` can count every deal: one or two unknown hands.

    >>> exact_feasible(Rules(seats=2)), exact_feasible(Rules())
    (True, False)
    """
    if not isinstance(rules, Rules):
        raise OddsError(f"rules must be a mus.Rules, got {quoted(rules)}")
    return rules.seats <= 3


@attrs.frozen
class _Job:
    """One hand's odds to work out, as the workers receive it."""

    situation: Situation
    multiset: int
    samples: int
    entropy: int
    exact: bool

    @property
    def rules(self) -> Rules:
        return self.situation.rules

    @property
    def seat(self) -> int:
        return self.situation.seat


def _sampled_deals(job: _Job, block: int) -> tuple[NDArray[np.int16], NDArray[np.int64] | None]:
    size = min(BLOCK, job.samples - block * BLOCK)
    sequence = np.random.SeedSequence(job.entropy, spawn_key=(job.multiset, block))
    return job.situation.sampled_deals(size, np.random.Generator(np.random.PCG64(sequence)))


def _evaluate(task: tuple[_Job, int]) -> NDArray[np.int64]:
    """One task's sums: an exact chunk's weighted sums, or a sampled block's counts."""
    job, block = task
    if job.exact:
        deals, weights = job.situation.exact_deals(job.situation.exact_chunks()[block])
        return _accumulate(deals, weights, job)
    return _accumulate(*_sampled_deals(job, block), job)


def _accumulate(deals: NDArray[np.int16], weights: NDArray[np.int64] | None, job: _Job) -> NDArray[np.int64]:
    rules = job.rules
    tables = tables_for(rules)
    team_of = np.array(rules.team_of, dtype=np.int64)
    side = team_of[job.seat]

    def total(values: NDArray[np.int64] | NDArray[np.bool_]) -> int:
        return int(values.sum()) if weights is None else int(np.dot(values.astype(np.int64), weights))

    sums = np.zeros(_SIZE, dtype=np.int64)
    sums[_COUNT] = len(deals) if weights is None else int(weights.sum())
    won = np.stack([table_winners(lance, deals, tables, 0) for lance in Lance], axis=1)
    juego_held = won[:, Lance.JUEGO] != NONE
    won[juego_held, Lance.PUNTO] = NONE  # punto is only played when no seat has juego
    winning_side = np.where(won == NONE, -1, team_of[np.maximum(won, 0)])
    for lance in Lance:
        sums[_WIN + lance] = total(winning_side[:, lance] == side)
        sums[_OWN + lance] = total(won[:, lance] == job.seat)
        sums[_PLAYED + lance] = total(won[:, lance] != NONE)
    if bonus_table(rules) is None:
        return sums
    stones = en_paso_stones(deals, rules)
    mine = stones[:, :, side]
    against = stones.sum(axis=2) - mine
    for lance in Lance:
        sums[_MINE + lance] = total(mine[:, lance])
        sums[_MINE2 + lance] = total(mine[:, lance] ** 2)
        sums[_AGAINST + lance] = total(against[:, lance])
    mine_total, against_total = mine.sum(axis=1), against.sum(axis=1)
    sums[_TOTAL] = total(mine_total)
    sums[_TOTAL2] = total(mine_total**2)
    sums[_TOTAL_AGAINST] = total(against_total)
    sums[_NET2] = total((mine_total - against_total) ** 2)
    return sums


@attrs.frozen
class Odds:
    """A hand's odds at one seat of a table; lance figures are tuples in
    :class:`~mus.Lance` order (``odds.win[Lance.PARES]``).

    * ``win``: how often the hand's side wins the lance (its own hand or a partner's);
      pares, juego and punto only count when the lance is played;
    * ``own``: how often the hand itself is the lance's winner;
    * ``played``: how often the lance is played (some seat has pares or juego; punto:
      no seat has juego);
    * ``error``: the standard error of each ``win`` (``0`` when exact);
    * ``stones``, ``stones_against``: the stones the en paso count gives the hand's
      side and the other sides at each lance, on average; ``net``, ``net_error``:
      the hand's side's stones less the others', summed over the lances, and its
      standard error. ``None`` when a house rule's bonus hook sees suits;
    * ``deals``: the deals sampled that fit what is known, or (exact) the card deals counted;
    * ``given``: what the seat knew beyond its hand, in words (see :func:`odds`).

    Given the seat's knowledge, ``win`` is also the *órdago* odds of each lance: the
    chance that the side wins it at a showdown now (:meth:`ordago`).

    >>> result = odds("Ro Rc 7e 1b", Rules(seats=2))
    >>> result.deals, round(result.net, 3)
    (58905, 1.54)
    """

    hand: Hand
    rules: Rules = attrs.field(repr=False)
    seat: int
    exact: bool
    deals: int
    win: tuple[float, ...]
    own: tuple[float, ...] = attrs.field(repr=False)
    played: tuple[float, ...] = attrs.field(repr=False)
    error: tuple[float, ...] = attrs.field(repr=False)
    stones: tuple[float, ...] | None = attrs.field(repr=False)
    stones_against: tuple[float, ...] | None = attrs.field(repr=False)
    net: float | None
    net_error: float | None = attrs.field(repr=False)
    given: str = attrs.field(default="", repr=False)

    def ordago(self, lance: Lance) -> float:
        """The chance that the hand's side wins ``lance`` if it is shown down now (an
        accepted *órdago*): ``win[lance]``, given all that the seat knows.

        >>> result = odds("Ro Rc 7e 1b", Rules(seats=2), declarations={Lance.PARES: (True, True)})
        >>> round(result.ordago(Lance.PARES), 3)
        0.865
        """
        return self.win[Lance(lance)]

    def lines(self) -> list[str]:
        """The odds as a table, one line a lance, then the en paso count.

        >>> for line in odds("Ro Rc 7e 1b", Rules(seats=2)).lines():
        ...     print(line)
        Ro Rc 7e 1b at seat 0 (mano) of 2, exact over 58905 deals
        lance         win    ± error   own hand     played   stones  against
        grande     92.77%     0.000%     92.77%    100.00%    0.928    0.072
        chica      45.18%     0.000%     45.18%    100.00%    0.452    0.548
        pares      92.71%     0.000%     92.71%    100.00%    0.927    0.180
        juego       0.00%     0.000%      0.00%     24.74%    0.000    0.582
        punto      68.39%     0.000%     68.39%     75.26%    0.684    0.069
        en paso count: 2.990 stones to this side, 1.451 to the others, net +1.540 ± 0.000
        """
        how = f"exact over {self.deals} deals" if self.exact else f"{self.deals} sampled deals"
        mano = " (mano)" if self.seat == 0 else ""
        lines = [f"{self.hand} at seat {self.seat}{mano} of {self.rules.seats}, {how}"]
        if self.given:
            lines.append(f"given: {self.given}")
        lines.append(f"{'lance':8}{'win':>9}{'± error':>11}{'own hand':>11}{'played':>11}{'stones':>9}{'against':>9}")
        for lance in Lance:
            row = f"{lance!s:8}{self.win[lance]:>9.2%}{self.error[lance]:>11.3%}{self.own[lance]:>11.2%}{self.played[lance]:>11.2%}"
            if self.stones is not None and self.stones_against is not None:
                row += f"{self.stones[lance]:>9.3f}{self.stones_against[lance]:>9.3f}"
            lines.append(row)
        if self.stones is not None and self.stones_against is not None and self.net is not None:
            lines.append(
                f"en paso count: {sum(self.stones):.3f} stones to this side, {sum(self.stones_against):.3f} to the"
                f" others, net {self.net:+.3f} ± {self.net_error:.3f}"
            )
        else:
            lines.append("en paso count: not worked out (a house rule's bonus hook sees suits)")
        return lines

    def __str__(self) -> str:
        return "\n".join(self.lines())


def _odds_from_sums(hand: Hand, job: _Job, sums: NDArray[np.int64]) -> Odds:
    """The :class:`Odds` of ``hand`` from the sums ``job``'s tasks added up."""
    n = int(sums[_COUNT])
    if n == 0:
        how = "deal counted" if job.exact else f"deal of the {job.samples} sampled"
        raise OddsError(
            f"no {how} fits what is known: the declarations, señas and cards given contradict each other"
            + ("" if job.exact else ", or they are rare: sample more")
        )
    # Exact sums are over every deal: no sampling error.
    spread = 0 if job.exact else 1

    def mean(index: int) -> float:
        return int(sums[index]) / n

    def error(first: int, second: int | None = None) -> float:
        average = mean(first)
        square = average if second is None else mean(second)
        return spread * math.sqrt(max(square - average * average, 0.0) / n)

    lances = range(_LANCES)
    has_stones = bonus_table(job.rules) is not None
    net = mean(_TOTAL) - mean(_TOTAL_AGAINST) if has_stones else None
    square = mean(_NET2)
    return Odds(
        hand=hand,
        rules=job.rules,
        seat=job.seat,
        exact=job.exact,
        deals=n,
        win=tuple(mean(_WIN + lance) for lance in lances),
        own=tuple(mean(_OWN + lance) for lance in lances),
        played=tuple(mean(_PLAYED + lance) for lance in lances),
        error=tuple(error(_WIN + lance) for lance in lances),
        stones=tuple(mean(_MINE + lance) for lance in lances) if has_stones else None,
        stones_against=tuple(mean(_AGAINST + lance) for lance in lances) if has_stones else None,
        net=net,
        net_error=None if net is None else spread * math.sqrt(max(square - net * net, 0.0) / n),
        given=job.situation.given,
    )


def _job(situation: Situation, multiset: int, samples: int | None, exact: bool | None, seed: Seed) -> _Job:
    if samples is not None and (type(samples) is not int or not 1 <= samples <= MAX_SAMPLES):
        raise OddsError(f"samples is a whole number of deals from 1 to {MAX_SAMPLES:,}, got {quoted(samples)}")
    if exact is not None and type(exact) is not bool:
        raise OddsError(f"exact is True, False or None, got {quoted(exact)}")
    if exact and samples is not None:
        raise OddsError("exact odds count every deal: give samples or exact, not both")
    feasible = situation.exact_feasible
    if exact and not feasible:
        raise OddsError(
            f"exact odds need at most two seats with unknown cards (at most 3 seats, or a partner's hand known), "
            f"not {len(situation.unknown)}: sample instead"
        )
    exact = feasible and samples is None if exact is None else exact
    return _Job(situation, multiset, 0 if exact else samples or DEFAULT_SAMPLES, seed_entropy(seed), exact)


def _check_runner(workers: object, backend: object, progress: object) -> None:
    # Before any work: a bad worker count or callback fails at once, not after the tables.
    check_workers(workers, backend)
    if progress is not None and not callable(progress):
        raise OddsError(f"progress is a callable, progress(done, total), or None, got {quoted(progress)}")


def _tasks(job: _Job) -> list[tuple[_Job, int]]:
    blocks = len(job.situation.exact_chunks()) if job.exact else -(-job.samples // BLOCK)
    return [(job, block) for block in range(blocks)]


def _solve(jobs: Sequence[_Job], workers: int, backend: str, progress: Progress | None) -> list[NDArray[np.int64]]:
    per_job = [_tasks(job) for job in jobs]
    results = run_tasks(
        _evaluate, [task for tasks in per_job for task in tasks], workers=workers, backend=backend, progress=progress
    )
    sums: list[NDArray[np.int64]] = []
    start = 0
    for tasks in per_job:
        sums.append(np.sum(np.array(results[start : start + len(tasks)]), axis=0, dtype=np.int64))
        start += len(tasks)
    return sums


def odds(
    hand: Hand | str,
    rules: Rules | None = None,
    *,
    seat: int = 0,
    samples: int | None = None,
    exact: bool | None = None,
    seed: Seed = 0,
    workers: int = 1,
    backend: str = "processes",
    progress: Progress | None = None,
    partner: CardsLike | None = None,
    known: Mapping[int, CardsLike] | None = None,
    exposed: CardsLike = (),
    declarations: Mapping[Lance, Sequence[bool | None]] | None = None,
    senas: Mapping[int, Iterable[Sena | str]] | None = None,
) -> Odds:
    """The odds of ``hand`` at ``seat`` (its speaking position: 0 is the mano) of the
    table of ``rules`` (default ``Rules()``), given what else the seat knows.

    What the seat knows, every seat named by its speaking position (see
    :meth:`Situation.build <mus.odds.situation.Situation.build>`): ``partner``, the
    partner's hand; ``known``, cards known in a seat's hand (``{2: "Rb Re 5o 4c"}``);
    ``exposed``, cards in no unknown hand (seen out of play, one's own discards);
    ``declarations``, each seat's pares and juego declarations
    (``{Lance.PARES: (True, False, None, True)}``); ``senas``, the señas each seat made.
    The deals that contradict a declaration or a seña are left out. Given all that,
    ``win`` is the chance that the side wins each lance at a showdown now: the
    *órdago* odds.

    Exact when at most two seats hold unknown cards (two or three seats, or four with
    the partner's hand known) unless ``samples`` is given; otherwise ``samples`` deals
    (default ``DEFAULT_SAMPLES``) are sampled from ``seed``, and ``deals`` counts those
    that fit. ``workers`` processes, or Ray (``backend="ray"``), share the blocks; the
    figures are the same whatever runs them. ``progress(done, total)`` follows the blocks.

    >>> result = odds("Ro Rc 7e 1b", seat=1, samples=20_000, seed=3)
    >>> result.exact, result.deals, 0.83 < result.win[Lance.GRANDE] < 0.88, result.error[Lance.GRANDE] < 0.003
    (False, 20000, True, True)
    >>> given = odds("Ro Rc 7e 1b", seat=1, partner="Rb 3e 5o 4c")  # the side holds four of the eight reyes
    >>> given.exact, round(given.win[Lance.GRANDE], 3)
    (True, 0.917)
    """
    rules = checked_rules(rules)
    _check_runner(workers, backend, progress)
    try:
        hand = hand if isinstance(hand, Hand) else Hand.parse(hand)
    except MusError as error:
        raise OddsError(str(error)) from None
    situation = Situation.build(
        hand,
        rules,
        seat=seat,
        partner=partner,
        known=known,
        exposed=exposed,
        declarations=declarations,
        senas=senas,
    )
    job = _job(situation, hand.multiset, samples, exact, seed)
    return _odds_from_sums(hand, job, _solve([job], workers, backend, progress)[0])


def equity_table(
    rules: Rules | None = None,
    *,
    seat: int = 0,
    samples: int | None = None,
    exact: bool | None = None,
    seed: Seed = 0,
    workers: int = 1,
    backend: str = "processes",
    progress: Progress | None = None,
) -> tuple[Odds, ...]:
    """The :func:`mus.odds.odds` of every four-card rank pattern, in :data:`mus.RANK_MULTISETS`
    order (715 of them); ``samples`` is per pattern. A pattern's figures are those of
    ``odds`` for any hand of its ranks, with the same seed and samples.

    >>> table = equity_table(Rules(seats=2))
    >>> len(table), table[0].hand, round(table[0].win[Lance.GRANDE], 4)
    (715, Hand.parse('Ro Rc Re Rb'), 1.0)
    """
    rules = checked_rules(rules)
    _check_runner(workers, backend, progress)
    hands = [hand_of(index) for index in range(len(RANK_MULTISETS))]
    jobs = [_job(Situation.build(hand, rules, seat=seat), hand.multiset, samples, exact, seed) for hand in hands]
    sums = _solve(jobs, workers, backend, progress)
    return tuple(_odds_from_sums(hand, job, total) for hand, job, total in zip(hands, jobs, sums, strict=True))


def _csv_rows(table: Sequence[Odds]) -> Iterator[list[str]]:
    names = [str(lance) for lance in Lance]
    yield [
        "multiset",
        "ranks",
        *names,
        *(f"{name}_error" for name in names),
        *(f"{name}_stones" for name in names),
        "net_stones",
        "net_error",
    ]
    for result in table:
        ranks = " ".join(str(card)[0] for card in result.hand)
        stones = result.stones or (math.nan,) * _LANCES
        yield [
            str(result.hand.multiset),
            ranks,
            *(f"{p:.6f}" for p in result.win),
            *(f"{e:.6f}" for e in result.error),
            *(f"{s:.6f}" for s in stones),
            f"{math.nan if result.net is None else result.net:.6f}",
            f"{math.nan if result.net_error is None else result.net_error:.6f}",
        ]


def write_csv(table: Sequence[Odds], file: IO[str]) -> None:
    """Write odds (an :func:`equity_table`) as CSV: one row a hand, its rank
    multiset's index and ranks, each lance's win probability, standard error and
    en paso stones, then the net stones and their error.

    >>> import io
    >>> out = io.StringIO()
    >>> write_csv([odds("Ro Rc 7e 1b", Rules(seats=2))], out)
    >>> print(out.getvalue().splitlines()[1][:60])
    33,R R 7 1,0.927680,0.451812,0.927069,0.000000,0.683898,0.00
    """
    import csv

    if isinstance(table, str) or not isinstance(table, Sequence) or not all(type(row) is Odds for row in table):
        raise OddsError(f"write_csv() takes a list of Odds (an equity_table), got {quoted(table)}")
    # Looked up on the type: a value's own __getattr__ is not asked.
    if not callable(getattr(type(file), "write", None)):
        raise OddsError(f"write_csv() writes to a text file, got {quoted(file)}")
    writer = csv.writer(file, lineterminator="\n")
    writer.writerows(_csv_rows(table))
