"""Should the seat cut or ask for mus, and which cards should it throw?

:func:`~mus.advise.advise` weighs the 16 choices of a hand: keep the four cards (``no-mus``), or
discard one of the 15 non-empty sets of them and draw as many from the cards the seat
has not seen. A choice is worth its **expected stones**: the stones the seat's side
scores at the count of the hand, less those of the other sides, when the four hands
(the seat's after its draw) are shown down with every lance passed, nobody betting:
the *en paso* count of :func:`mus.odds.en_paso_stones` (grande and chica pay their en
paso stone, pares and juego the bonuses of the side that wins them, punto its stone
when nobody has juego). Given ``scores``, the count stops as :func:`mus.count` stops
it, when a side reaches the target, and ``game`` is the chance that the seat's side
gets there first.

The other seats' hands are unknown: they are dealt from the cards the seat has not
seen (the same deals for every choice: common random numbers make the choices'
differences sharper than their own errors), and a discard's new cards from what is
left. The others' own exchanges are not modelled: their hands are as likely as any
from the unseen cards. Each figure is exact when every deal of the unknown cards can
be counted cheaply (see :data:`~mus.advise.advice.EXACT_LIMIT`), sampled otherwise, with its standard error.

>>> import mus
>>> advice = advise("Ro Rc Re Rb", mus.Rules(), samples=2000)
>>> len(advice.options), str(advice.best.action)
(16, 'no-mus')
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from mus.actions import Action, Discard, NoMus, parse_action
from mus.cards import Card
from mus.checks import hand_arg, quoted
from mus.errors import MusError
from mus.hand import HAND_SIZE, Hand
from mus.lances import Lance
from mus.odds.batch import (
    MAX_DEALS,
    NONE,
    OddsError,
    Seed,
    bonus_table,
    checked_rules,
    en_paso_stones,
    np,
    seed_entropy,
    shuffled_heads,
    stones_of_winners,
    table_winners,
    tables_for,
)
from mus.odds.situation import CardsLike, Situation
from mus.rules import Rules
from mus.senas import Sena

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["DEFAULT_SAMPLES", "EXACT_LIMIT", "Advice", "Option", "advise", "choices"]

DEFAULT_SAMPLES = 10_000
"""Deals :func:`~mus.advise.advise` samples for each choice that is not counted exactly."""

EXACT_LIMIT = 10_000
"""A choice is counted exactly (every deal of the unknown cards, weighted) when that
goes through at most this many deals of rank multisets
(:meth:`Situation.exact_size <mus.odds.situation.Situation.exact_size>`): about the
cost of sampling it."""


_GAME = 3 + len(Lance)  # where the games won sit among a batch's sums
_SUMS = _GAME + 1


def choices(hand: Hand) -> tuple[NoMus | Discard, ...]:
    """The 16 choices of a hand: ``no-mus``, then each discard, fewest cards first.

    >>> [str(choice) for choice in choices(Hand.parse("Ro Rc 7e 1b"))][:3]
    ['no-mus', 'discard Ro', 'discard Rc']
    """
    hand = hand_arg(hand)
    found: list[NoMus | Discard] = [NoMus()]
    for size in range(1, len(hand) + 1):
        found += [Discard(cards) for cards in itertools.combinations(hand.cards, size)]
    return tuple(found)


@attrs.frozen
class Option:
    """One choice and what it is worth (see :mod:`mus.advise.advice`).

    ``expected_stones`` and its standard error ``stderr`` (``0`` when exact); ``lances``,
    the chance the seat's side wins each lance at the showdown, in :class:`~mus.Lance`
    order (punto only when nobody has juego); ``game``, given scores, the chance that
    this count takes the side to the target first (``None`` without scores); ``deals``,
    the deals counted (exact: card deals) or sampled and kept.

    >>> option = advise("Ro Rc 7e 1b", Rules(seats=2)).options[0]
    >>> str(option.action), option.exact, round(option.expected_stones, 3)
    ('no-mus', True, 1.54)
    """

    action: NoMus | Discard
    expected_stones: float
    stderr: float
    lances: tuple[float, ...]
    game: float | None
    exact: bool
    deals: int

    def to_json(self) -> dict[str, Any]:
        """The option as JSON data: ``action`` (its text), ``expected_stones``,
        ``stderr``, ``lances`` (by name), ``game``, ``exact`` and ``deals``.

        >>> advise("Ro Rc 7e 1b", Rules(seats=2)).options[0].to_json()["action"]
        'no-mus'
        """
        return {
            "action": str(self.action),
            "expected_stones": self.expected_stones,
            "stderr": self.stderr,
            "lances": {str(lance): self.lances[lance] for lance in Lance},
            "game": self.game,
            "exact": self.exact,
            "deals": self.deals,
        }


@attrs.frozen
class Advice:
    """The 16 :class:`~mus.advise.Option` values of a hand at a seat, in :func:`~mus.advise.choices` order.

    >>> advice = advise("Ro Rc 7e 1b", Rules(seats=2))
    >>> str(advice.best.action), [str(option.action) for option in advice.ranked()[:2]]
    ('discard 7e', ['discard 7e', 'discard 7e 1b'])
    """

    hand: Hand
    rules: Rules = attrs.field(repr=False)
    seat: int
    scores: tuple[int, ...] | None
    options: tuple[Option, ...] = attrs.field(repr=False)
    samples: int = attrs.field(repr=False)
    seed: Seed = attrs.field(repr=False)
    given: str = attrs.field(default="", repr=False)

    @property
    def best(self) -> Option:
        """The choice with the most expected stones (the first of equals: no-mus
        before any discard)."""
        return max(self.options, key=lambda option: option.expected_stones)

    def ranked(self) -> list[Option]:
        """The options, most expected stones first."""
        return sorted(self.options, key=lambda option: -option.expected_stones)

    def option(self, action: NoMus | Discard | str) -> Option:
        """The option of ``action`` (``"no-mus"``, ``"discard 7e 1b"`` or the action).

        >>> round(advise("Ro Rc 7e 1b", Rules(seats=2)).option("discard 1b").lances[Lance.GRANDE], 3)
        0.948
        """
        try:
            wanted = parse_action(action) if isinstance(action, str) else action
        except MusError:
            wanted = None
        for option in self.options:
            if type(option.action) is type(wanted) and (
                not isinstance(wanted, Discard) or set(option.action.cards) == set(wanted.cards)  # type: ignore[union-attr]
            ):
                return option
        what = quoted(str(action) if isinstance(action, Action) else action)  # an action as the player writes it
        raise OddsError(f"no choice {what} for {self.hand}: no-mus, or discard some of its cards")

    def lines(self) -> list[str]:
        """The options as a table, most expected stones first, then the best.

        >>> for line in advise("Ro Rc Re Rb", Rules(seats=2)).lines()[:3]:
        ...     print(line)
        Ro Rc Re Rb at seat 0 (mano) of 2: expected stones of each choice at an en paso count
        choice                 stones   ± error   grande    chica    pares    juego    punto  deals
        no-mus                 +4.569     0.000   100.0%     0.0%   100.0%    90.9%     0.0%  exact
        """
        mano = " (mano)" if self.seat == 0 else ""
        scores = "" if self.scores is None else f", scores {'-'.join(map(str, self.scores))} (own side first)"
        lines = [
            f"{self.hand} at seat {self.seat}{mano} of {self.rules.seats}: expected stones of each choice at an en "
            f"paso count{scores}"
        ]
        if self.given:
            lines.append(f"given: {self.given}")
        game = "" if self.scores is None else f"{'game':>8}"
        lines.append(
            f"{'choice':20}{'stones':>9}{'± error':>10}"
            + "".join(f"{lance!s:>9}" for lance in Lance)
            + game
            + "  deals"
        )
        for option in self.ranked():
            row = f"{option.action!s:20}{option.expected_stones:>+9.3f}{option.stderr:>10.3f}"
            row += "".join(f"{option.lances[lance]:>9.1%}" for lance in Lance)
            if option.game is not None:
                row += f"{option.game:>8.1%}"
            lines.append(row + ("  exact" if option.exact else f"  {option.deals}"))
        sampled = [option for option in self.options if not option.exact]
        if sampled:
            lines.append(
                f"sampled choices: {self.samples} deals each, seed {self.seed}; each error is one standard error"
            )
        lines.append(f"best: {self.best.action}")
        return lines

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def to_json(self) -> dict[str, Any]:
        """The advice as JSON data: ``{"hand", "seat", "seats", "scores", "options",
        "best"}``, the options in :func:`~mus.advise.choices` order (see :meth:`~mus.advise.Option.to_json`).

        >>> data = advise("Ro Rc Re Rb", Rules(seats=2)).to_json()
        >>> data["hand"], len(data["options"]), data["best"]
        ('Ro Rc Re Rb', 16, 'no-mus')
        """
        return {
            "hand": str(self.hand),
            "seat": self.seat,
            "seats": self.rules.seats,
            "scores": None if self.scores is None else list(self.scores),
            "given": self.given,
            "options": [option.to_json() for option in self.options],
            "best": str(self.best.action),
        }


def _check_scores(scores: Sequence[int] | None, rules: Rules) -> tuple[int, ...] | None:
    if scores is None:
        return None
    if rules.teams != 2:
        raise OddsError("scores are two numbers, the side's and the other's: the table has two sides only")
    if (
        isinstance(scores, (str, bytes))
        or not isinstance(scores, Sequence)
        or len(scores) != 2
        or not all(isinstance(score, int) and not isinstance(score, bool) and score >= 0 for score in scores)
    ):
        raise OddsError(f"scores are two whole numbers, the side's and the other's, got {quoted(scores)}")
    if max(scores) >= rules.target:
        raise OddsError(f"scores are below the target ({rules.target}): the game is not over, got {quoted(scores)}")
    return tuple(scores)


def _figures(
    deals: NDArray[np.int16],
    weights: NDArray[np.int64] | None,
    situation: Situation,
    scores: tuple[int, ...] | None,
    groups: NDArray[np.int64],
    count: int,
) -> NDArray[np.float64]:
    """Weighted sums of deals, by group (``groups[i]``: the choice deal ``i`` is of,
    ``count`` choices): the deals, net stones, their squares, the side's wins at each
    lance, games won; shape ``(count, _SUMS)``."""
    rules = situation.rules
    tables = tables_for(rules)
    team_of = np.array(rules.team_of, dtype=np.int64)
    side = team_of[situation.seat]
    won = np.stack([table_winners(lance, deals, tables, 0) for lance in Lance], axis=1)
    bonuses = bonus_table(rules)
    if bonuses is None:
        en_paso_stones(deals, rules)  # raises the error that says which house rule sees suits
    assert bonuses is not None
    stones = stones_of_winners(won, deals, rules, bonuses)
    won[won[:, Lance.JUEGO] != NONE, Lance.PUNTO] = NONE  # punto is played only without juego
    side_won = (won != NONE) & (team_of[np.maximum(won, 0)] == side)
    mine = stones[:, :, side]
    others = stones.sum(axis=2) - mine
    game = np.zeros(len(deals), dtype=np.int64)
    if scores is None:
        net = (mine - others).sum(axis=1)
    else:
        # The count stops once a side reaches the target: the lances after it count nothing.
        ours, theirs = np.cumsum(mine, axis=1) + scores[0], np.cumsum(others, axis=1) + scores[1]
        reached = (ours >= rules.target) | (theirs >= rules.target)
        stop = np.where(reached.any(axis=1), reached.argmax(axis=1), len(Lance) - 1)
        rows = np.arange(len(deals))
        net = (ours[rows, stop] - scores[0]) - (theirs[rows, stop] - scores[1])
        game = (ours[rows, stop] >= rules.target).astype(np.int64)
    w = np.ones(len(deals), dtype=np.int64) if weights is None else weights
    columns = [w, net * w, net * net * w, *(side_won[:, lance] * w for lance in Lance), game * w]
    return np.stack([np.bincount(groups, weights=column, minlength=count) for column in columns], axis=1)


def _option(action: NoMus | Discard, sums: NDArray[np.float64], exact: bool, scores: tuple[int, ...] | None) -> Option:
    n = float(sums[0])
    if n == 0:
        raise OddsError(
            "no deal fits what is known: the declarations, señas and cards given contradict each other"
            + ("" if exact else ", or they are rare: sample more")
        )
    mean = sums[1] / n
    spread = 0.0 if exact else math.sqrt(max(sums[2] / n - mean * mean, 0.0) / n)
    return Option(
        action=action,
        expected_stones=float(mean),
        stderr=spread,
        lances=tuple(float(sums[3 + lance] / n) for lance in Lance),
        game=None if scores is None else float(sums[_GAME] / n),
        exact=exact,
        deals=int(n),
    )


def _exact_sums(situation: Situation, scores: tuple[int, ...] | None) -> NDArray[np.float64]:
    total = np.zeros(_SUMS, dtype=np.float64)
    for chunk in situation.exact_chunks():
        deals, weights = situation.exact_deals(chunk)
        total += _figures(deals, weights, situation, scores, np.zeros(len(deals), dtype=np.int64), 1)[0]
    return total


def _sampled_sums(
    base: Situation,
    situations: Sequence[Situation],
    scores: tuple[int, ...] | None,
    samples: int,
    entropy: int,
    key: int,
) -> NDArray[np.float64]:
    """The sums of sampled choices, all on one draw: the other seats' hands, then the
    seat's new cards (as many as its largest discard), so that the choices share
    their deals; evaluated in one pass."""
    sequence = np.random.SeedSequence(entropy, spawn_key=(key,))
    rng = np.random.Generator(np.random.PCG64(sequence))
    places = base.places()  # the other seats' unknown cards: the seat's own hand is whole
    heads = shuffled_heads(base.deck(), samples, places + HAND_SIZE, rng)
    dealt, fits = base.deals_of(heads)
    deals = np.tile(dealt, (len(situations), 1))
    for index, situation in enumerate(situations):
        # Only the seat's own hand differs from one choice to the next.
        deals[index * samples : (index + 1) * samples, base.seat] = situation.column(base.seat, heads, places)
    weights = None if fits is None else np.tile(fits, len(situations))
    groups = np.repeat(np.arange(len(situations), dtype=np.int64), samples)
    return _figures(deals, weights, base, scores, groups, len(situations))


def advise(
    hand: Hand | str,
    rules: Rules | None = None,
    *,
    seat: int = 0,
    scores: Sequence[int] | None = None,
    partner: CardsLike | None = None,
    known: Mapping[int, CardsLike] | None = None,
    exposed: CardsLike = (),
    declarations: Mapping[Lance, Sequence[bool | None]] | None = None,
    senas: Mapping[int, Iterable[Sena | str]] | None = None,
    samples: int | None = None,
    exact: bool | None = None,
    seed: Seed = 0,
) -> Advice:
    """The expected stones of each of the 16 choices of ``hand`` at ``seat`` (speaking
    position: 0 is the mano) at the table of ``rules`` (default ``Rules()``); see the
    module for what they mean.

    ``scores`` (the side's, then the other's) make the count stop at the target, as
    the game would. What else the seat knows (``partner``, ``known``, ``exposed``,
    ``declarations``, ``senas``) is as :func:`mus.odds.odds` takes it. A choice is
    counted exactly when cheap (:data:`~mus.advise.advice.EXACT_LIMIT`), or always when feasible with
    ``exact=True``, never with ``exact=False``; otherwise ``samples`` deals (default
    :data:`~mus.advise.advice.DEFAULT_SAMPLES`) are sampled from ``seed``.

    >>> advice = advise("Ro Rc 7e 1b", seat=1, samples=4000, seed=3)
    >>> str(advice.best.action), advice.best.stderr < 0.1
    ('discard 7e 1b', True)
    """
    rules = checked_rules(rules)
    hand = hand if isinstance(hand, Hand) else Hand.parse(hand)
    if samples is not None and (
        isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_DEALS
    ):
        raise OddsError(f"samples is a whole number of deals from 1 to {MAX_DEALS:,}, got {quoted(samples)}")
    if exact is not None and type(exact) is not bool:
        raise OddsError(f"exact is True, False or None, got {quoted(exact)}")
    checked = _check_scores(scores, rules)
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
    count = DEFAULT_SAMPLES if samples is None else samples
    actions = choices(hand)
    sums: dict[int, tuple[NDArray[np.float64], bool]] = {}
    sampled: list[tuple[int, Situation]] = []
    for index, action in enumerate(actions):
        drawn: tuple[Card, ...] = action.cards if isinstance(action, Discard) else ()
        option_situation = situation.drawing(drawn)
        feasible = option_situation.exact_feasible
        if exact is True and not feasible:
            raise OddsError("exact advice needs at most two seats with unknown cards after a discard: sample instead")
        if feasible and (exact is True or (exact is None and option_situation.exact_size() <= EXACT_LIMIT)):
            sums[index] = _exact_sums(option_situation, checked), True
        else:
            sampled.append((index, option_situation))
    if sampled:
        table = _sampled_sums(
            situation, [item[1] for item in sampled], checked, count, seed_entropy(seed), hand.multiset
        )
        for row, (index, _) in enumerate(sampled):
            sums[index] = table[row], False
    options = tuple(_option(action, *sums[index], checked) for index, action in enumerate(actions))
    return Advice(hand, rules, seat, checked, options, count, seed, situation.given)
